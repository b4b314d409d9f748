//go:build unix

package hookrun

import (
	"bufio"
	"bytes"
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/actionguard/actionguard/adapter"
	"github.com/actionguard/actionguard/audit"
)

// syncKillEnv runs this test binary as a helper: it answers one hook call
// on the input in the variable, writing its state under HOME, prints the
// answer and then waits to be killed.
const syncKillEnv = "AG_HOOKRUN_SYNCKILL_INPUT"

func TestMain(m *testing.M) {
	in := os.Getenv(syncKillEnv)
	if in == "" {
		os.Exit(m.Run())
	}
	home := os.Getenv("HOME")
	cfg := Config{DBPath: filepath.Join(home, "state", "audit.db"), Getenv: os.Getenv}
	resp, err := TryRun(context.Background(), adapter.Claude{}, cfg, strings.NewReader(in))
	if err != nil {
		os.Stdout.WriteString("error " + err.Error() + "\n")
		os.Exit(1)
	}
	os.Stdout.Write(bytes.TrimSpace(resp.Stdout))
	os.Stdout.WriteString("\n")
	select {} // until killed
}

// TestHeldAndBlockedRecordSurviveSIGKILL: a blocked call's record and a
// held one's are in the spool, whole, once the hook has answered, even
// when its process is killed right after the answer (the sync that went on
// while the answer was made is not what keeps it: the write is). Their
// allowed twin's record too.
func TestHeldAndBlockedRecordSurviveSIGKILL(t *testing.T) {
	if testing.Short() {
		t.Skip("starts helper processes")
	}
	cases := []struct{ command, decision, verdict string }{
		{"rm -rf ~", "deny", "block"},
		{"git push --force origin feature-x", "ask", "confirm"},
		{"git status", "allow", "allow"},
	}
	for _, c := range cases {
		t.Run(c.verdict, func(t *testing.T) {
			home := t.TempDir()
			in := `{"session_id":"kill","cwd":"` + home + `","hook_event_name":"PreToolUse","tool_name":"Bash","tool_input":{"command":` + quote(c.command) + `},"tool_use_id":"t1"}`
			for round := range 3 {
				cmd := exec.Command(os.Args[0], "-test.run=^$")
				cmd.Env = append(os.Environ(), syncKillEnv+"="+in, "HOME="+home, "ACTIONGUARD_DB=", "ACTIONGUARD_STATE_DIR=")
				out, err := cmd.StdoutPipe()
				if err != nil {
					t.Fatal(err)
				}
				if err := cmd.Start(); err != nil {
					t.Fatal(err)
				}
				line, _ := bufio.NewReader(out).ReadString('\n')
				cmd.Process.Kill()
				cmd.Wait()
				if !strings.Contains(line, `"permissionDecision":"`+c.decision+`"`) {
					t.Fatalf("round %d: the answer is %q, want %s", round, line, c.decision)
				}
				recs, err := audit.NewSpool(audit.SpoolPath(filepath.Join(home, "state", "audit.db"))).Records()
				if err != nil {
					t.Fatal(err)
				}
				if len(recs) != round+1 {
					t.Fatalf("round %d: %d records in the spool after the kill, want %d", round, len(recs), round+1)
				}
				last := recs[len(recs)-1]
				if string(last.Verdict) != c.verdict || !strings.Contains(string(last.Action), c.command[:8]) {
					t.Fatalf("round %d: the last record is %s %s, want %s of %q", round, last.Verdict, last.Action, c.verdict, c.command)
				}
			}
		})
	}
}

func quote(s string) string { return `"` + strings.ReplaceAll(s, `"`, `\"`) + `"` }
