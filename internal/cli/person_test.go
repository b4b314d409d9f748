package cli_test

import (
	"bytes"
	"io"
	"maps"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/actionguard/actionguard/internal/agentproc"
	"github.com/actionguard/actionguard/internal/cli"
)

// noAgent stands for a process tree without a coding agent.
func noAgent() (agentproc.Agent, bool) { return agentproc.Agent{}, false }

// runTerminal runs the command line with a terminal on stdin and stderr
// that types every line of typed, in the environment env, with the
// process's ancestry reported by ancestry.
func runTerminal(env map[string]string, ancestry func() (agentproc.Agent, bool), typed string, args ...string) (int, string, string) {
	var out, errb bytes.Buffer
	code := cli.Run(cli.Env{Args: args, Stdin: strings.NewReader(typed), Stdout: &out, Stderr: &errb,
		Getenv:     func(k string) string { return env[k] },
		IsTerminal: func(any) bool { return true }, Ancestry: ancestry})
	return code, out.String(), errb.String()
}

// Under a coding agent — its marker in the command's environment, or an
// agent among its parents — a deciding command refuses even on a
// terminal: a program the agent starts can own a pseudo-terminal and
// type back whatever it is shown, so no code is shown and nothing typed
// counts. Outside an agent nothing is asked.
func TestUnderAgentTerminalRefuses(t *testing.T) {
	dir := t.TempDir()
	base := map[string]string{"HOME": filepath.Join(dir, "home"), "ACTIONGUARD_DB": filepath.Join(dir, "audit.db")}
	agent := maps.Clone(base)
	agent["CLAUDECODE"] = "1"
	parent := func() (agentproc.Agent, bool) { return agentproc.Agent{PID: 4242, Marker: "CLAUDECODE"}, true }
	program := func() (agentproc.Agent, bool) { return agentproc.Agent{PID: 4243, Name: "Codex"}, true }
	for _, tc := range []struct {
		name     string
		env      map[string]string
		ancestry func() (agentproc.Agent, bool)
		why      string
	}{
		{"own marker", agent, noAgent, "CLAUDECODE is set"},
		{"parent's marker", base, parent, "CLAUDECODE is set in the environment of its parent process 4242"},
		{"parent program", base, program, "its parent process 4243 is Codex"},
	} {
		for _, args := range [][]string{
			{"tokens", "create", "mallory", "--scope", "approver"},
			{"approvals", "approve", "ap-abcdef", "--yes"},
			{"approvals", "reject", "ap-abcdef"},
			{"approvals", "watch"},
			{"mode", "learning", "--global"},
			{"trust", "revoke", "--all", "--yes"},
		} {
			// Whatever is typed: a six-digit code, y, the id.
			exit, out, errs := runTerminal(tc.env, tc.ancestry, "123456\ny\nap-abcdef\n", args...)
			if exit != cli.ExitUsage || out != "" || !strings.Contains(errs, "refusing to ") || !strings.Contains(errs, tc.why) ||
				!strings.Contains(errs, "approval page") || strings.Contains(errs, "type ") {
				t.Errorf("%s, %v: exit %d, %q, %q", tc.name, args, exit, out, errs)
			}
		}
	}
	exit, out, errs := runTerminal(base, noAgent, "", "tokens", "create", "bob")
	if exit != 0 || !strings.HasPrefix(out, "agt_") || strings.Contains(errs, "refusing") {
		t.Errorf("outside an agent: exit %d, %q, %q", exit, out, errs)
	}
}

// Each marker a coding agent sets makes a deciding command refuse without
// a terminal, --yes or not; prefixes are recognised from the environment.
func TestAgentMarkersRefuse(t *testing.T) {
	dir := t.TempDir()
	for _, kv := range []string{"CLAUDECODE=1", "CLAUDE_CODE_ENTRYPOINT=cli", "CODEX_SANDBOX=seatbelt", "CODEX_SANDBOX_NETWORK_DISABLED=1",
		"CODEX_THREAD_ID=t", "GEMINI_CLI=1", "CURSOR_TRACE_ID=x", "CURSOR_AGENT=1", "COPILOT_CLI=1", "CLAUDE_CODE_SSE_PORT=1234", "CODEX_SANDBOX_POLICY=x"} {
		k, v, _ := strings.Cut(kv, "=")
		env := map[string]string{"HOME": filepath.Join(dir, "home"), "ACTIONGUARD_DB": filepath.Join(dir, "audit.db"), k: v}
		var errb bytes.Buffer
		exit := cli.Run(cli.Env{Args: []string{"approvals", "approve", "ap-abcdef", "--yes"}, Stdout: io.Discard, Stderr: &errb,
			Getenv:  func(name string) string { return env[name] },
			Environ: func() []string { return []string{kv} }, Ancestry: noAgent})
		if exit != cli.ExitUsage || !strings.Contains(errb.String(), "refusing to approve ap-abcdef") || !strings.Contains(errb.String(), k+" is set") {
			t.Errorf("%s: exit %d, %s", kv, exit, errb.String())
		}
	}
	// An empty marker is no marker.
	var errb bytes.Buffer
	cli.Run(cli.Env{Args: []string{"approvals", "approve", "ap-abcdef", "--yes"}, Stdout: io.Discard, Stderr: &errb,
		Getenv: func(name string) string {
			return map[string]string{"HOME": dir, "ACTIONGUARD_DB": filepath.Join(dir, "audit.db")}[name]
		},
		Environ: func() []string { return []string{"CLAUDECODE=", "CODEX_SANDBOX="} }, Ancestry: noAgent})
	if strings.Contains(errb.String(), "refusing") {
		t.Errorf("empty markers: %s", errb.String())
	}
}

// personEnviron is this process's environment without the markers of a
// coding agent: the tests that run deciding commands as a person pass
// when they are themselves run by an agent.
func personEnviron() []string {
	var out []string
	for _, kv := range os.Environ() {
		k, _, _ := strings.Cut(kv, "=")
		if strings.HasPrefix(k, "CLAUDE") || strings.HasPrefix(k, "CODEX_") || strings.HasPrefix(k, "GEMINI_CLI") ||
			strings.HasPrefix(k, "CURSOR_") || strings.HasPrefix(k, "COPILOT_") {
			continue
		}
		out = append(out, kv)
	}
	return out
}
