package mcpcmd_test

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/actionguard/actionguard/audit"
	"github.com/actionguard/actionguard/guard"
	"github.com/actionguard/actionguard/internal/cli"
	"github.com/actionguard/actionguard/internal/frontdoor"
	"github.com/actionguard/actionguard/store"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// A policy file that does not load, at every front door the command line
// starts — check, check --jsonl, serve, mcp-proxy — started as a person
// or an agent's configuration starts them (a process with flags): each
// decides with the last valid version of the file (or the strictest
// settings when none was kept), says so on stderr and in every decision,
// and records it; with --strict-policy each refuses to start.

// upstreamArg, as the test binary's first argument, makes it an MCP
// server whose one tool, Bash, only notes that it ran (in the file the
// next argument names).
const upstreamArg = "mcpcmd-test-upstream"

// serveUpstream is that server.
func serveUpstream(ranFile string) int {
	s := mcp.NewServer(&mcp.Implementation{Name: "up", Version: "1"}, nil)
	s.AddTool(&mcp.Tool{Name: "Bash", InputSchema: json.RawMessage(`{"type":"object","properties":{"command":{"type":"string"}}}`)},
		func(_ context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
			f, err := os.OpenFile(ranFile, os.O_CREATE|os.O_APPEND|os.O_WRONLY, 0o600)
			if err == nil {
				fmt.Fprintf(f, "%s\n", req.Params.Arguments)
				f.Close()
			}
			return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: "done"}}}, nil
		})
	if err := s.Run(context.Background(), &mcp.StdioTransport{}); err != nil {
		return 1
	}
	return 0
}

// The user's policy as it was when it last loaded (it blocks one command
// of its own), and as an edit broke it.
const (
	validPolicy  = "deny:\n  - command: \"echo forbidden\"\n    verdict: block\n"
	brokenPolicy = "deny:\n  - command: \"echo forbidden\"\n    verdict: blok\n"
)

// home is one person's files: the policy, the database, the upstream's
// note of what ran.
type home struct {
	dir, policy, db, ran string
}

func newHome(t *testing.T) *home {
	dir := t.TempDir()
	h := &home{dir: dir, policy: filepath.Join(dir, "actionguard.yaml"), db: filepath.Join(dir, "state", "actionguard.db"), ran: filepath.Join(dir, "ran")}
	if err := os.MkdirAll(filepath.Dir(h.db), 0o700); err != nil {
		t.Fatal(err)
	}
	return h
}

func (h *home) write(t *testing.T, text string) {
	t.Helper()
	if err := os.WriteFile(h.policy, []byte(text), 0o600); err != nil {
		t.Fatal(err)
	}
}

// command is the test binary as actionguard with h's files.
func (h *home) command(ctx context.Context, strict bool, args ...string) *exec.Cmd {
	global := []string{"--policy", h.policy, "--db", h.db}
	if strict {
		global = append(global, "--strict-policy")
	}
	c := exec.CommandContext(ctx, os.Args[0], append(global, args...)...)
	c.Dir = h.dir
	c.Env = append(os.Environ(), "MCPCMD_TEST_ACTIONGUARD=1", "HOME="+h.dir, "XDG_CONFIG_HOME="+h.dir, "XDG_STATE_HOME="+h.dir,
		"ACTIONGUARD_DB=", "ACTIONGUARD_STORE=", "ACTIONGUARD_CONFIG=")
	return c
}

// records are the decisions h's audit log holds.
func (h *home) records(t *testing.T) []audit.Record {
	t.Helper()
	st, err := store.OpenDrained(context.Background(), h.db)
	if st == nil {
		t.Fatal(err)
	}
	defer st.Close()
	var out []audit.Record
	if err := audit.New(st).Export(context.Background(), audit.ExportOptions{}, func(r audit.Record) error {
		if r.Kind != audit.RanKind {
			out = append(out, r)
		}
		return nil
	}); err != nil {
		t.Fatal(err)
	}
	return out
}

// answer is what a front door answered about one command.
type answer struct {
	verdict guard.Verdict
	says    string // what the agent or the person reads: the decision's notice and reason, or the tool's error
	stderr  string
	started bool // the door ran (it did not refuse to start)
}

// door runs one command through one front door started as a process.
type door struct {
	name string
	run  func(t *testing.T, h *home, strict bool, command string) answer
}

var doors = []door{
	{"check", checkDoor},
	{"check --jsonl", streamDoor},
	{"serve", serveDoor},
	{"mcp-proxy", proxyDoor},
}

func decisionAnswer(t *testing.T, out []byte, stderr string) answer {
	t.Helper()
	var d guard.Decision
	if err := json.Unmarshal(bytes.TrimSpace(out), &d); err != nil {
		t.Fatalf("the answer %q is not a decision: %v (stderr: %s)", out, err, stderr)
	}
	return answer{verdict: d.Verdict, says: d.Notice + " " + d.Reason, stderr: stderr, started: true}
}

func checkDoor(t *testing.T, h *home, strict bool, command string) answer {
	var stdout, stderr bytes.Buffer
	c := h.command(context.Background(), strict, "check", "--json", "--", command)
	c.Stdout, c.Stderr = &stdout, &stderr
	err := c.Run()
	if code := c.ProcessState.ExitCode(); code == cli.ExitInvalid || code == cli.ExitError {
		return answer{stderr: stderr.String()}
	} else if err != nil && code != cli.ExitConfirm && code != cli.ExitBlock {
		t.Fatalf("check: %v: %s", err, stderr.String())
	}
	return decisionAnswer(t, stdout.Bytes(), stderr.String())
}

func streamDoor(t *testing.T, h *home, strict bool, command string) answer {
	var stdout, stderr bytes.Buffer
	c := h.command(context.Background(), strict, "check", "--jsonl")
	line, _ := json.Marshal(guard.Action{Tool: "Bash", Input: map[string]any{"command": command}})
	c.Stdin, c.Stdout, c.Stderr = bytes.NewReader(append(line, '\n')), &stdout, &stderr
	if err := c.Run(); err != nil {
		if c.ProcessState.ExitCode() == cli.ExitInvalid {
			return answer{stderr: stderr.String()}
		}
		t.Fatalf("check --jsonl: %v: %s", err, stderr.String())
	}
	return decisionAnswer(t, stdout.Bytes(), stderr.String())
}

// serveDoor starts the server on a free port of this machine, posts the
// command and stops the server.
func serveDoor(t *testing.T, h *home, strict bool, command string) answer {
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	c := h.command(ctx, strict, "serve", "--no-auth", "--listen", "127.0.0.1:0", "--approval-dir", "-")
	errPipe, err := c.StderrPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := c.Start(); err != nil {
		t.Fatal(err)
	}
	defer func() { c.Process.Kill(); c.Wait() }()
	var stderr strings.Builder
	serving := regexp.MustCompile(`serving on (http://127\.0\.0\.1:\d+) `)
	base := ""
	sc := bufio.NewScanner(errPipe)
	for base == "" && sc.Scan() {
		stderr.WriteString(sc.Text() + "\n")
		if m := serving.FindStringSubmatch(sc.Text()); m != nil {
			base = m[1]
		}
	}
	if base == "" {
		// The server ended without serving: it refused to start.
		return answer{stderr: stderr.String()}
	}
	go io.Copy(io.Discard, errPipe)
	body, _ := json.Marshal(guard.Action{Tool: "Bash", Input: map[string]any{"command": command}, Context: guard.Context{Cwd: h.dir}})
	req, _ := http.NewRequestWithContext(ctx, http.MethodPost, base+"/v1/check", bytes.NewReader(body))
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	out, _ := io.ReadAll(res.Body)
	if res.StatusCode != http.StatusOK {
		t.Fatalf("POST /v1/check: %d %s", res.StatusCode, out)
	}
	return decisionAnswer(t, out, stderr.String())
}

// proxyDoor starts mcp-proxy in front of the upstream server, as an MCP
// client configured with `actionguard mcp-proxy -- …` does, and calls the
// upstream's tool with the command.
func proxyDoor(t *testing.T, h *home, strict bool, command string) answer {
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	c := h.command(ctx, strict, "mcp-proxy", "--", os.Args[0], upstreamArg, h.ran)
	// The process writes its stderr to a file (no copying goroutine): it
	// is read when the proxy has answered.
	errFile, err := os.Create(filepath.Join(h.dir, "proxy.stderr"))
	if err != nil {
		t.Fatal(err)
	}
	defer errFile.Close()
	c.Stderr = errFile
	stderr := func() string { b, _ := os.ReadFile(errFile.Name()); return string(b) }
	cs, err := mcp.NewClient(&mcp.Implementation{Name: "agent", Version: "1"}, nil).Connect(ctx, &mcp.CommandTransport{Command: c, TerminateDuration: time.Second}, nil)
	if err != nil {
		// The proxy ended before it answered: it refused to start.
		c.Wait()
		return answer{stderr: stderr()}
	}
	res, err := cs.CallTool(ctx, &mcp.CallToolParams{Name: "Bash", Arguments: map[string]any{"command": command}})
	cs.Close()
	if err != nil {
		t.Fatalf("tools/call: %v (stderr: %s)", err, stderr())
	}
	var says strings.Builder
	for _, c := range res.Content {
		if tc, ok := c.(*mcp.TextContent); ok {
			says.WriteString(tc.Text + " ")
		}
	}
	a := answer{says: says.String(), stderr: stderr(), started: true}
	// The verdict is the record's; the call ran exactly when it allows.
	recs := h.records(t)
	if len(recs) > 0 {
		a.verdict = recs[len(recs)-1].Verdict
	}
	_, err = os.Stat(h.ran)
	if ran := err == nil; ran != a.verdict.Allowed() {
		t.Errorf("mcp-proxy: verdict %q, but the call ran: %v", a.verdict, ran)
	}
	return a
}

// TestBrokenPolicyAtEveryDoor: with the user's policy broken after it last
// loaded, every front door still blocks what the policy's last valid
// version blocks, decides alike, says why on stderr and in the decision,
// and records the policy's anomaly; with no valid version kept, the
// strictest settings decide; with --strict-policy every door refuses to
// start and records nothing.
func TestBrokenPolicyAtEveryDoor(t *testing.T) {
	if testing.Short() {
		t.Skip("starts a process per front door and case (-short)")
	}
	cases := []struct {
		name     string
		keptOnce bool   // the valid policy loaded once before it broke
		strict   bool   // --strict-policy
		says     string // what the decisions say
	}{
		{name: "last valid version", keptOnce: true, says: "last valid version"},
		{name: "nothing kept", says: "strictest built-in settings"},
		{name: "--strict-policy", keptOnce: true, strict: true},
	}
	commands := []string{"echo forbidden", "rm -rf ~"}
	for _, tc := range cases {
		for _, command := range commands {
			verdicts := map[string]guard.Verdict{}
			for _, d := range doors {
				where := tc.name + " / " + d.name + " / " + command
				h := newHome(t)
				if tc.keptOnce {
					h.write(t, validPolicy)
					// Any front door keeps the last valid version; check is the quickest.
					if a := checkDoor(t, h, false, "ls"); !a.started || strings.Contains(a.stderr, "WARNING") {
						t.Fatalf("%s: the valid policy did not load: %s", where, a.stderr)
					}
				}
				h.write(t, brokenPolicy)
				before := len(h.records(t))
				a := d.run(t, h, tc.strict, command)
				recs := h.records(t)[before:]
				if tc.strict {
					if a.started || len(recs) != 0 || !strings.Contains(a.stderr, "blok") {
						t.Errorf("%s: started %v with %d records; want a refusal naming the problem: %s", where, a.started, len(recs), a.stderr)
					}
					continue
				}
				if !a.started {
					t.Errorf("%s: the door refused to start: %s", where, a.stderr)
					continue
				}
				verdicts[d.name] = a.verdict
				if !strings.Contains(a.stderr, "WARNING") || !strings.Contains(a.stderr, "does not load") || !strings.Contains(a.stderr, "blok") {
					t.Errorf("%s: stderr does not say the policy does not load: %s", where, a.stderr)
				}
				// The proxy hands an allowed call's result back as the
				// server gave it: the record and stderr say it there.
				if (d.name != "mcp-proxy" || !a.verdict.Allowed()) && !strings.Contains(a.says, tc.says) {
					t.Errorf("%s: the decision does not say %q: %s", where, tc.says, a.says)
				}
				if len(recs) != 1 {
					t.Errorf("%s: %d decision records, want 1", where, len(recs))
					continue
				}
				r := recs[0]
				if r.Verdict != a.verdict || !strings.Contains(strings.Join(r.Anomalies, "|"), frontdoor.AnomalyPolicyFallback) || !strings.Contains(r.Reason, tc.says) {
					t.Errorf("%s: recorded %q (anomalies %q, reason %q) for an answer %q", where, r.Verdict, r.Anomalies, r.Reason, a.verdict)
				}
				if command == "rm -rf ~" && a.verdict.Allowed() {
					t.Errorf("%s: %q runs under a broken policy (%s)", where, command, a.verdict)
				}
				if command == "echo forbidden" && tc.keptOnce && a.verdict != guard.Block {
					t.Errorf("%s: the last valid version blocks %q; the door answered %s", where, command, a.verdict)
				}
			}
			t.Logf("%s / %s: %v", tc.name, command, verdicts)
			for name, v := range verdicts {
				if v != verdicts["check"] {
					t.Errorf("%s / %s: %s decided %q, check %q", tc.name, command, name, v, verdicts["check"])
				}
			}
		}
	}
}
