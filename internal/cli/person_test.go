package cli_test

import (
	"bytes"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"testing"

	"github.com/actionguard/actionguard/internal/cli"
)

// typist is a terminal with a person at it: it reads what the command
// writes on stderr and, when asked to type a code, types answer(code).
type typist struct {
	mu     sync.Mutex
	buf    bytes.Buffer
	in     *io.PipeWriter
	answer func(code string) string
	typed  bool
}

var codeRe = regexp.MustCompile(`type (\d{6}) and press Enter`)

func (t *typist) Write(p []byte) (int, error) {
	t.mu.Lock()
	defer t.mu.Unlock()
	t.buf.Write(p)
	if m := codeRe.FindSubmatch(t.buf.Bytes()); m != nil && !t.typed {
		t.typed = true
		answer := t.answer(string(m[1]))
		go func() { io.WriteString(t.in, answer+"\n"); t.in.Close() }()
	}
	return len(p), nil
}

// runPerson runs the command line with a terminal on stdin and stderr, in
// the environment env, answering the code prompt with answer.
func runPerson(t *testing.T, env map[string]string, answer func(string) string, args ...string) (int, string, string) {
	t.Helper()
	r, w := io.Pipe()
	term := &typist{in: w, answer: answer}
	var out bytes.Buffer
	code := cli.Run(cli.Env{Args: args, Stdin: r, Stdout: &out, Stderr: term,
		Getenv:     func(k string) string { return env[k] },
		IsTerminal: func(any) bool { return true }})
	w.Close()
	term.mu.Lock()
	defer term.mu.Unlock()
	return code, out.String(), term.buf.String()
}

// Under a coding agent's environment with a terminal, a deciding command
// shows a fresh code and goes on only when it is typed back; --yes does not
// stand in for it. Outside an agent's environment nothing is asked.
func TestPersonTypesTheCode(t *testing.T) {
	dir := t.TempDir()
	base := map[string]string{"HOME": filepath.Join(dir, "home"), "ACTIONGUARD_DB": filepath.Join(dir, "audit.db")}
	agent := map[string]string{"CLAUDECODE": "1"}
	for k, v := range base {
		agent[k] = v
	}
	var codes []string
	exit, out, errs := runPerson(t, agent, func(c string) string { codes = append(codes, c); return c }, "tokens", "create", "alice", "--scope", "approver")
	if exit != 0 || !strings.HasPrefix(out, "agt_") || !strings.Contains(errs, "CLAUDECODE is set") {
		t.Fatalf("the code typed back: exit %d, %q, %q", exit, out, errs)
	}
	for _, wrong := range []func(string) string{
		func(string) string { return "" },
		func(c string) string { return c[:5] },
		func(c string) string { return "y" },
		func(c string) string { return c + "0" },
	} {
		exit, out, errs := runPerson(t, agent, func(c string) string { codes = append(codes, c); return wrong(c) }, "tokens", "create", "mallory", "--scope", "approver", "--json")
		if exit == 0 || out != "" || !strings.Contains(errs, "the confirmation code was not typed") {
			t.Errorf("a wrong code: exit %d, %q, %q", exit, out, errs)
		}
	}
	seen := map[string]bool{}
	for _, c := range codes {
		if seen[c] {
			t.Errorf("the code %s was shown twice", c)
		}
		seen[c] = true
	}
	exit, out, errs = runPerson(t, base, func(c string) string { t.Errorf("asked for a code outside an agent: %s", c); return c }, "tokens", "create", "bob")
	if exit != 0 || !strings.HasPrefix(out, "agt_") || strings.Contains(errs, "type ") {
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
			Environ: func() []string { return []string{kv} }})
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
		Environ: func() []string { return []string{"CLAUDECODE=", "CODEX_SANDBOX="} }})
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
