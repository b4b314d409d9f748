package shell

import (
	"strings"
	"testing"
)

// A project that lives in a directory called actionguard (a clone of
// actionguard itself, cmd/actionguard in it) is the developer's: routine
// deletions there run. The same names under a configuration or state root,
// or outside the working directory, stay actionguard's own files.
func TestSelfDirComponentProjects(t *testing.T) {
	projects := []string{"/home/u/src/actionguard", "/home/u/src/actionguard/cmd/actionguard", "/srv/work/actionguard/internal", "/tmp/actionguard"}
	settings := []string{"/home/u/.config/actionguard", "/home/u/.local/state/actionguard", "/Users/u/Library/Application Support/actionguard",
		"/c/Users/u/AppData/Roaming/actionguard", "/etc/actionguard", "/var/lib/actionguard", "/home/u/.actionguard/actionguard"}
	for _, cwd := range projects {
		for _, rel := range []string{"dist", "build/out", "node_modules/x"} {
			if selfDirComponent(cwd+"/"+rel, cwd) {
				t.Errorf("cwd %s: %s counted as actionguard's own files", cwd, rel)
			}
		}
		for _, s := range settings {
			if !selfDirComponent(s+"/audit.key", cwd) {
				t.Errorf("cwd %s: %s/audit.key not counted as actionguard's own files", cwd, s)
			}
		}
	}
	for _, s := range settings {
		for _, rel := range []string{"audit.key", "sessions/x.jsonl", "dist"} {
			if !selfDirComponent(s+"/"+rel, s) {
				t.Errorf("cwd %s (a settings directory): %s not counted as actionguard's own files", s, rel)
			}
		}
	}
	// Not in the working directory: any directory called actionguard may
	// be where XDG puts the state.
	if !selfDirComponent("/srv/cfg/actionguard/audit.key", "/home/u/src/app") {
		t.Error("an actionguard directory outside the project is not protected")
	}
}

// Options are not files: with the working directory inside actionguard's
// state, "-f" and "-rf" are not named as what rm changes.
func TestSelfScanSkipsOptions(t *testing.T) {
	for _, cmd := range []string{"rm -f audit.key", "rm -rf sessions", "shred -u -z audit.key", "rm --force --recursive sessions"} {
		r := Analyze(cmd, Options{Cwd: "/home/u/.local/state/actionguard", Home: "/home/u"})
		if len(r.Findings) == 0 {
			t.Errorf("%s in the state directory: no finding", cmd)
			continue
		}
		for _, f := range r.Findings {
			if strings.Contains(f.Message, " -f,") || strings.Contains(f.Message, " -rf,") || strings.Contains(f.Message, " --force,") || strings.Contains(f.Message, " -u,") {
				t.Errorf("%s: the message names an option as a file: %s", cmd, f.Message)
			}
		}
	}
}
