package cli_test

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestHookScriptsWrittenByAnEarlierCall: a script one Bash call writes
// (a redirect, a here-document, tee, cp) and a later call of the same
// session runs is judged by what the file holds on disk, through the real
// hook binary. The writing command is really run with bash between the
// two calls, as the agent would; a script that prints a word still runs.
func TestHookScriptsWrittenByAnEarlierCall(t *testing.T) {
	if _, err := exec.LookPath("bash"); err != nil {
		t.Fatal("bash is needed to write the scripts as the agent would")
	}
	t.Parallel() // each case's state is in a folder of its own
	bin := hookBuildCmd(t, "actionguard-hook")
	writers := []struct{ name, write, run string }{
		{"redirect", `echo "PAYLOAD" > y.sh`, "bash y.sh"},
		{"here-document", "cat > y.sh <<'EOF'\nPAYLOAD\nEOF", "sh y.sh"},
		{"tee", `printf 'PAYLOAD\n' | tee y.sh >/dev/null`, "source y.sh"},
		{"copy", `printf 'PAYLOAD\n' > x.txt`, "cp x.txt build.sh && bash build.sh"},
		{"executable", `printf '#!/bin/sh\nPAYLOAD\n' > run && chmod +x run`, "./run"},
		{"pipe", `echo "PAYLOAD" > y.sh`, "cat y.sh | bash"},
		{"stdin", `echo "PAYLOAD" > y.sh`, "bash < y.sh"},
		{"makefile", `printf 'all:\n\tPAYLOAD\n' > Makefile`, "make"},
	}
	payloads := []struct {
		cmd  string
		want string
	}{
		{"rm -rf ~", "deny"},
		{"echo hello", "allow"},
	}
	for _, w := range writers {
		for _, p := range payloads {
			t.Run(w.name+"/"+p.cmd, func(t *testing.T) {
				s := newClaudeSession(t, bin, "disk-"+w.name)
				project := filepath.Join(s.dir, "project")
				write := strings.ReplaceAll(w.write, "PAYLOAD", p.cmd)
				if d, reason, _ := s.pre("Bash", map[string]any{"command": write}); d != "allow" {
					t.Fatalf("writing the script: %s (%s)", d, reason)
				}
				sh := exec.Command("bash", "-c", write)
				sh.Dir = project
				if out, err := sh.CombinedOutput(); err != nil {
					t.Fatalf("bash: %v: %s", err, out)
				}
				s.post("Bash", map[string]any{"command": write}, map[string]any{"stdout": "", "stderr": ""})
				d, reason, _ := s.pre("Bash", map[string]any{"command": w.run})
				if d != p.want {
					t.Errorf("%q after %q: %s (%s), want %s", w.run, write, d, reason, p.want)
				}
				if p.want == "deny" && !strings.Contains(reason, "home") {
					t.Errorf("the reason does not say what the script does: %s", reason)
				}
			})
		}
	}
	// A file that would block a reader that waits (a FIFO) is not read:
	// the call is answered.
	s := newClaudeSession(t, bin, "disk-fifo")
	fifo := filepath.Join(s.dir, "project", "f.sh")
	if err := mkfifo(fifo); err != nil {
		t.Skipf("no FIFOs here: %v", err)
	}
	if d, reason, _ := s.pre("Bash", map[string]any{"command": "bash f.sh"}); d == "" {
		t.Errorf("no answer for a FIFO script: %q", reason)
	}
	if _, err := os.Stat(fifo); err != nil {
		t.Fatal(err)
	}
}
