package agentproc

import (
	"os"
	"os/exec"
	"strings"
	"testing"
)

// helperEnv names the mode in which the test binary reports what Find
// sees, as a child of the shells the tests start.
const helperArg = "agentproc-find-helper"

func TestMain(m *testing.M) {
	for _, a := range os.Args[1:] {
		if a == helperArg {
			a, ok := Find()
			if ok {
				os.Stdout.WriteString("agent: " + a.String() + "\n")
			} else {
				os.Stdout.WriteString("none\n")
			}
			os.Exit(0)
		}
	}
	os.Exit(m.Run())
}

// A marker set in a parent shell is found from a child whose own
// environment was cleared (env -i, env -u); without it in any parent, a
// child finds nothing of an agent (unless the test itself runs under
// one).
func TestFindRealParents(t *testing.T) {
	if _, err := exec.LookPath("sh"); err != nil {
		t.Skip("no sh")
	}
	self, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	_, underAgent := Find()
	for _, tc := range []struct{ marker, script string }{
		{"CLAUDECODE=1", `env -i "$BIN" ` + helperArg + `; true`},
		{"CODEX_SANDBOX=seatbelt", `env -u CODEX_SANDBOX "$BIN" ` + helperArg + `; true`},
		{"GEMINI_CLI=1", `sh -c 'env -i "$BIN" ` + helperArg + `; true'; true`},
	} {
		cmd := exec.Command("sh", "-c", tc.script)
		cmd.Env = []string{"PATH=" + os.Getenv("PATH"), "BIN=" + self, tc.marker}
		out, err := cmd.CombinedOutput()
		k, _, _ := strings.Cut(tc.marker, "=")
		if err != nil || !strings.Contains(string(out), "agent: "+k+" is set in the environment of its parent process") {
			t.Errorf("%s in the parent, %q: %v: %s", tc.marker, tc.script, err, out)
		}
	}
	if underAgent {
		return
	}
	cmd := exec.Command("sh", "-c", `env -i "$BIN" `+helperArg+`; true`)
	cmd.Env = []string{"PATH=" + os.Getenv("PATH"), "BIN=" + self}
	if out, err := cmd.CombinedOutput(); err != nil || strings.TrimSpace(string(out)) != "none" {
		t.Errorf("no marker anywhere: %v: %s", err, out)
	}
}
