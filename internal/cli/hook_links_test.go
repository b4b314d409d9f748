package cli_test

import (
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
)

// TestHookLinksOnDisk: a link that already exists in the project (made
// by an earlier call, or by hand) to the agent's settings, or a hard link
// of them, does not hide a write to them from the real hook binary, by a
// shell command or the agent's file tool; a link to the project's own
// files still runs.
func TestHookLinksOnDisk(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("symbolic links need privileges on Windows")
	}
	bin := hookBuildCmd(t, "actionguard-hook")
	s := newClaudeSession(t, bin, "links-on-disk")
	home := filepath.Join(s.dir, "home")
	project := filepath.Join(s.dir, "project")
	settings := filepath.Join(home, ".claude", "settings.json")
	for _, d := range []string{filepath.Dir(settings), filepath.Join(project, "src"), filepath.Join(project, "cl")} {
		if err := os.MkdirAll(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.WriteFile(settings, []byte("{}\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(filepath.Join(home, ".claude"), filepath.Join(project, "cc")); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink("src", filepath.Join(project, "lib")); err != nil {
		t.Fatal(err)
	}
	hard := os.Link(settings, filepath.Join(project, "cl", "settings.json")) == nil

	stopped := []struct {
		tool  string
		input map[string]any
		note  string
	}{
		{"Bash", map[string]any{"command": "echo {} > cc/settings.json"}, "cc is a link to ~/.claude"},
		{"Bash", map[string]any{"command": "rm -rf cc/"}, "cc is a link to ~/.claude"},
		{"Write", map[string]any{"file_path": filepath.Join(project, "cc", "settings.json"), "content": "{}"}, "is a link to ~/.claude"},
	}
	if hard {
		stopped = append(stopped, struct {
			tool  string
			input map[string]any
			note  string
		}{"Bash", map[string]any{"command": "echo {} > cl/settings.json"}, "cl/settings.json is a link to ~/.claude/settings.json"})
	}
	// The benign twins first, before the session has anything stopped
	// to weigh.
	for _, cmd := range []string{"echo x > lib/notes.txt", "echo x > src/notes.txt", "ls cc/", "rm cc"} {
		if d, reason, _ := s.pre("Bash", map[string]any{"command": cmd}); d != "allow" {
			t.Errorf("%s: %s (%s), want it to run", cmd, d, reason)
		}
	}
	for _, c := range stopped {
		d, reason, _ := s.pre(c.tool, c.input)
		if d != "deny" && d != "ask" {
			t.Errorf("%s %v through a link: %s (%s), want it stopped", c.tool, c.input, d, reason)
			continue
		}
		if !strings.Contains(reason, c.note) {
			t.Errorf("%s %v: the reason does not say %q: %s", c.tool, c.input, c.note, reason)
		}
	}
}
