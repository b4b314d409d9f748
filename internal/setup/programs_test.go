package setup

import (
	"os"
	"path/filepath"
	"slices"
	"testing"
	"time"
)

// What install writes is what HookPrograms reads back, under any name of
// the binary; a command that is not a hook is not a program of the guard.
func TestHookProgramsReadsWhatInstallWrites(t *testing.T) {
	home, root := t.TempDir(), t.TempDir()
	bins := map[string]string{"claude-code": "/opt/tools/ag", "codex": "/home/u/go/bin/actionguard", "copilot": "/usr/local/bin/my guard"}
	for name, bin := range bins {
		a, _ := LookupAgent(name)
		scope := User
		if name == "copilot" {
			scope = Project
		}
		file, err := a.SettingsFile(scope, home, root)
		if err != nil {
			t.Fatal(err)
		}
		p, err := PlanInstall(a, file, HookCommand(bin, name))
		if err != nil {
			t.Fatal(err)
		}
		if err := os.MkdirAll(filepath.Dir(file), 0o700); err != nil {
			t.Fatal(err)
		}
		if _, err := p.Apply(time.Now()); err != nil {
			t.Fatal(err)
		}
	}
	other := filepath.Join(home, ".gemini", "settings.json")
	os.MkdirAll(filepath.Dir(other), 0o700)
	os.WriteFile(other, []byte(`{"hooks":{"BeforeTool":[{"hooks":[{"command":"/usr/bin/lint --fix"},{"command":"relative hook gemini"}]}]}}`), 0o600)
	got := HookPrograms(home, root)
	for _, bin := range bins {
		if !slices.Contains(got, bin) {
			t.Errorf("%s is not listed: %q", bin, got)
		}
	}
	if slices.Contains(got, "/usr/bin/lint") || len(got) != len(bins) {
		t.Errorf("listed more than the hooks: %q", got)
	}
	if got := HookPrograms(filepath.Join(home, "none"), ""); len(got) != 0 {
		t.Errorf("no settings: %q", got)
	}
}
