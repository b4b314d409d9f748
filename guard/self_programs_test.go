package guard

import (
	"context"
	"os"
	"path/filepath"
	"testing"
)

// A hook installed from a binary under another name than actionguard's:
// the program the settings name, and the directories that hold it, are
// protected; the directory's other files and a mode that keeps it are not.
func TestHookProgramUnderAnotherName(t *testing.T) {
	home := t.TempDir()
	tools := filepath.Join(home, "tools")
	settings := filepath.Join(home, ".claude", "settings.json")
	if err := os.MkdirAll(filepath.Dir(settings), 0o700); err != nil {
		t.Fatal(err)
	}
	hook := `{"hooks":{"PreToolUse":[{"matcher":"*","hooks":[{"type":"command","command":"` + filepath.Join(tools, "ag") + ` hook claude-code"}]}]}}`
	if err := os.WriteFile(settings, []byte(hook), 0o600); err != nil {
		t.Fatal(err)
	}
	g := New(WithHome(home), WithLocalFiles())
	proj := filepath.Join(home, "proj")
	for _, c := range []struct {
		cmd   string
		block bool
	}{
		{"rm " + tools + "/ag", true},
		{"cp /bin/true ~/tools/ag", true},
		{"rm -rf ~/tools", true},
		{"chmod 000 ~/tools", true},
		{"mv ~/tools ~/t2", true},
		{"rm ~/tools/a*", true},
		{"rm ~/tools/other", false},
		{"chmod 755 ~/tools", false},
		{"ls -l ~/tools/ag", false},
		{"rm -rf build", false},
	} {
		d, err := g.Check(context.Background(), Action{Tool: "Bash", Input: map[string]any{"command": c.cmd}, Context: Context{Cwd: proj, Home: home}})
		if err != nil {
			t.Fatal(err)
		}
		if got := d.Verdict == "block"; got != c.block {
			t.Errorf("%s: %s (%s), want block %v", c.cmd, d.Verdict, d.Reason, c.block)
		}
	}
}
