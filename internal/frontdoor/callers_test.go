package frontdoor_test

import (
	"bytes"
	"context"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/actionguard/actionguard/adapter"
	"github.com/actionguard/actionguard/audit"
	"github.com/actionguard/actionguard/guard"
	"github.com/actionguard/actionguard/internal/frontdoor"
	"github.com/actionguard/actionguard/internal/hookrun"
	"github.com/actionguard/actionguard/mcpproxy"
	"github.com/actionguard/actionguard/policy"
	"github.com/actionguard/actionguard/server"
	"github.com/actionguard/actionguard/store"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// The callers of the front door: each is driven through its own entry
// (the hook's hookrun.Run, the server's POST /v1/check, the MCP proxy's
// tools/call, check's door) with the same command, and answers with a
// verdict and the audit records it left.

// panicking is a guard whose check breaks: an internal error.
type panicking struct{ *guard.Guard }

func (panicking) Check(context.Context, guard.Action) (guard.Decision, error) {
	panic("the analyzer's table is corrupt")
}

// expired is a guard whose check runs out of time.
type expired struct{ *guard.Guard }

func (e expired) Check(ctx context.Context, a guard.Action) (guard.Decision, error) {
	ctx, cancel := context.WithTimeout(ctx, 0)
	defer cancel()
	<-ctx.Done()
	return e.Guard.Check(ctx, a)
}

// scenario is one way a decision can go.
type scenario struct {
	name string
	// broken: the policy file does not load (the strictest built-in
	// settings decide, and every decision says so).
	broken bool
	// wrap turns the guard into the scenario's checker.
	wrap func(g *guard.Guard) frontdoor.Checker
	// fallback: the decision is the policy's on_error verdict, with why.
	fallback string
}

var scenarios = []scenario{
	{name: "normal", wrap: func(g *guard.Guard) frontdoor.Checker { return g }},
	{name: "internal error", wrap: func(g *guard.Guard) frontdoor.Checker { return panicking{g} }, fallback: "internal error"},
	{name: "broken policy", broken: true, wrap: func(g *guard.Guard) frontdoor.Checker { return g }},
	{name: "timeout", wrap: func(g *guard.Guard) frontdoor.Checker { return expired{g} }, fallback: "deadline exceeded"},
}

// outcome is what a caller answered and recorded.
type outcome struct {
	verdict guard.Verdict // the decision the caller answered with
	runs    bool          // the caller let the call run
	records []audit.Record
}

// world is one scenario's files: the policy, the database.
type world struct {
	dir, policyPath, dbPath string
	notice                  string
	policy                  *policy.Policy
}

const brokenPolicy = "deny:\n  - command: \"echo forbidden\"\n    verdict: blok\n"

func newWorld(t *testing.T, sc scenario) *world {
	w := &world{dir: t.TempDir()}
	w.policyPath = filepath.Join(w.dir, "actionguard.yaml")
	w.dbPath = filepath.Join(w.dir, "state", "actionguard.db")
	if err := os.MkdirAll(filepath.Dir(w.dbPath), 0o700); err != nil {
		t.Fatal(err)
	}
	text := "mode: adaptive\n"
	if sc.broken {
		text = brokenPolicy
	}
	if err := os.WriteFile(w.policyPath, []byte(text), 0o600); err != nil {
		t.Fatal(err)
	}
	p, fb := policy.LoadFailClosed(policy.LoadOptions{UserPath: w.policyPath, Cwd: w.dir, Getenv: w.getenv}, "")
	if sc.broken != (fb != nil) {
		t.Fatalf("policy fallback %v, want %v", fb, sc.broken)
	}
	if fb != nil {
		w.notice = fb.Notice()
	}
	w.policy = p
	return w
}

func (w *world) getenv(k string) string {
	switch k {
	case "HOME":
		return w.dir
	case "ACTIONGUARD_DB":
		return w.dbPath
	}
	return ""
}

// checker is the scenario's checker over the world's policy.
func (w *world) checker(sc scenario) frontdoor.Checker {
	return sc.wrap(guard.New(guard.WithPolicy(w.policy), guard.WithHome(w.dir)))
}

// records reads the audit log the caller wrote (the spool drained first).
func (w *world) records(t *testing.T) []audit.Record {
	t.Helper()
	st, err := store.Open(context.Background(), w.dbPath)
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	log := audit.New(st)
	if _, err := audit.NewSpool(audit.SpoolPath(w.dbPath)).Drain(context.Background(), log); err != nil {
		t.Fatal(err)
	}
	var out []audit.Record
	if err := log.Export(context.Background(), audit.ExportOptions{}, func(r audit.Record) error {
		out = append(out, r)
		return nil
	}); err != nil {
		t.Fatal(err)
	}
	return out
}

// caller runs one command through a front door in a world.
type caller struct {
	name string
	run  func(t *testing.T, w *world, sc scenario, command string) outcome
}

var callers = []caller{
	{"check", runCheck},
	{"hook", runHook},
	{"server", runServer},
	{"mcp proxy", runProxy},
}

// runCheck is `actionguard check`'s door: the guard, the audit log.
func runCheck(t *testing.T, w *world, sc scenario, command string) outcome {
	st, err := store.Open(context.Background(), w.dbPath)
	if err != nil {
		t.Fatal(err)
	}
	b := frontdoor.NewBatcher(audit.New(st))
	door := &frontdoor.Door{Guard: w.checker(sc), Writer: b, PolicyNotice: w.notice}
	a := guard.Action{Tool: "Bash", Input: map[string]any{"command": command}, Context: guard.Context{SessionID: "s1", Cwd: w.dir}}
	d, _, err := door.Decide(context.Background(), &a)
	if err != nil {
		t.Fatal(err)
	}
	if err := b.Close(); err != nil {
		t.Fatal(err)
	}
	st.Close()
	return outcome{verdict: d.Verdict, runs: d.Verdict.Allowed(), records: w.records(t)}
}

// runHook is a Claude Code PreToolUse hook call (hookrun.Run): the
// policy file is the hook's own (it falls back when it does not load).
func runHook(t *testing.T, w *world, sc scenario, command string) outcome {
	in, _ := json.Marshal(map[string]any{"session_id": "s1", "hook_event_name": "PreToolUse", "tool_name": "Bash",
		"tool_input": map[string]any{"command": command}, "cwd": w.dir})
	ad, _ := adapter.Lookup("claude-code")
	cfg := hookrun.Config{PolicyPath: w.policyPath, DBPath: w.dbPath, Getenv: w.getenv,
		Checker: func(g *guard.Guard) frontdoor.Checker { return sc.wrap(g) }}
	resp := hookrun.Run(context.Background(), ad, cfg, bytes.NewReader(in))
	var out struct {
		HookSpecificOutput struct {
			PermissionDecision string `json:"permissionDecision"`
		} `json:"hookSpecificOutput"`
	}
	if err := json.Unmarshal(resp.Stdout, &out); err != nil {
		t.Fatalf("hook answer %q: %v", resp.Stdout, err)
	}
	recs := w.records(t)
	o := outcome{runs: out.HookSpecificOutput.PermissionDecision == "allow", records: recs}
	// The agent's answer is coarser than the verdict: the record says
	// which verdict it was, and the answer must agree with it.
	if len(recs) > 0 {
		o.verdict = recs[len(recs)-1].Verdict
	}
	want := map[guard.Verdict]string{guard.Allow: "allow", guard.Notify: "allow", guard.Confirm: "ask", guard.Approve: "ask", guard.Block: "deny"}[o.verdict]
	if out.HookSpecificOutput.PermissionDecision != want {
		t.Errorf("the hook answered %q for a recorded %q", out.HookSpecificOutput.PermissionDecision, o.verdict)
	}
	return o
}

// runServer is POST /v1/check on the server, whose store is the world's
// database.
func runServer(t *testing.T, w *world, sc scenario, command string) outcome {
	st, err := store.Open(context.Background(), w.dbPath)
	if err != nil {
		t.Fatal(err)
	}
	srv := server.New(st, w.checker(sc), server.WithoutAuth(), server.WithPolicyNotice(w.notice), server.WithApprovalDir(filepath.Join(w.dir, "approvals")))
	body, _ := json.Marshal(guard.Action{Tool: "Bash", Input: map[string]any{"command": command}, Context: guard.Context{SessionID: "s1", Cwd: w.dir}})
	rr := httptest.NewRecorder()
	srv.ServeHTTP(rr, httptest.NewRequest(http.MethodPost, "http://127.0.0.1/v1/check", bytes.NewReader(body)))
	srv.Close()
	st.Close()
	if rr.Code != http.StatusOK {
		t.Fatalf("POST /v1/check: %d %s", rr.Code, rr.Body)
	}
	var d guard.Decision
	if err := json.Unmarshal(rr.Body.Bytes(), &d); err != nil {
		t.Fatal(err)
	}
	return outcome{verdict: d.Verdict, runs: d.Verdict.Allowed(), records: w.records(t)}
}

// runProxy is a tools/call through the MCP proxy to an upstream server in
// memory whose one tool runs a shell command.
func runProxy(t *testing.T, w *world, sc scenario, command string) outcome {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	st, err := store.Open(ctx, w.dbPath)
	if err != nil {
		t.Fatal(err)
	}
	b := frontdoor.NewBatcher(audit.New(st))
	ran := false
	up := mcp.NewServer(&mcp.Implementation{Name: "up", Version: "1"}, nil)
	up.AddTool(&mcp.Tool{Name: "Bash", InputSchema: json.RawMessage(`{"type":"object","properties":{"command":{"type":"string"}}}`)},
		func(context.Context, *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
			ran = true
			return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: "done"}}}, nil
		})
	upClient, upServer := mcp.NewInMemoryTransports()
	go up.Run(ctx, upServer)
	p := mcpproxy.New(w.checker(sc), mcpproxy.WithRecorder(b), mcpproxy.WithPolicyNotice(w.notice),
		mcpproxy.WithContext(guard.Context{SessionID: "s1", Cwd: w.dir}))
	clientSide, proxySide := mcp.NewInMemoryTransports()
	done := make(chan error, 1)
	go func() { done <- p.Serve(ctx, proxySide, upClient) }()
	c := mcp.NewClient(&mcp.Implementation{Name: "agent", Version: "1"}, nil)
	cs, err := c.Connect(ctx, clientSide, nil)
	if err != nil {
		t.Fatal(err)
	}
	res, err := cs.CallTool(ctx, &mcp.CallToolParams{Name: "Bash", Arguments: map[string]any{"command": command}})
	if err != nil {
		t.Fatal(err)
	}
	cs.Close()
	<-done
	if err := b.Close(); err != nil {
		t.Fatal(err)
	}
	st.Close()
	recs := w.records(t)
	o := outcome{runs: ran && !res.IsError, records: recs}
	if len(recs) > 0 {
		o.verdict = recs[len(recs)-1].Verdict
	}
	return o
}

// TestEveryCallerDecidesAlike: every front door reaches the same verdict
// for the same command in each scenario, lets the call run exactly when
// that verdict allows it, and leaves one audit record that says so: the
// fallback (never an allow) with why when the check broke or ran out of
// time, the policy's notice and anomaly when the policy did not load.
func TestEveryCallerDecidesAlike(t *testing.T) {
	commands := []string{"ls -la", "git push --force origin main", "rm -rf ~", "echo forbidden"}
	for _, sc := range scenarios {
		for _, command := range commands {
			verdicts := map[string]guard.Verdict{}
			for _, c := range callers {
				w := newWorld(t, sc)
				o := c.run(t, w, sc, command)
				where := sc.name + " / " + c.name + " / " + command
				verdicts[c.name] = o.verdict
				if o.runs != o.verdict.Allowed() {
					t.Errorf("%s: verdict %q, but the call ran: %v", where, o.verdict, o.runs)
				}
				var decisions []audit.Record
				for _, r := range o.records {
					if r.Kind != audit.RanKind {
						decisions = append(decisions, r)
					}
				}
				if len(decisions) != 1 {
					t.Errorf("%s: %d decision records, want 1", where, len(decisions))
					continue
				}
				r := decisions[0]
				if r.Verdict != o.verdict {
					t.Errorf("%s: recorded %q, answered %q", where, r.Verdict, o.verdict)
				}
				if sc.fallback != "" {
					if o.verdict.Allowed() || !strings.Contains(r.Error, sc.fallback) {
						t.Errorf("%s: a check that %s: verdict %q, error %q", where, sc.fallback, o.verdict, r.Error)
					}
				} else if r.Error != "" {
					t.Errorf("%s: error %q", where, r.Error)
				}
				flagged := strings.Contains(strings.Join(r.Anomalies, "|"), frontdoor.AnomalyPolicyFallback)
				if flagged != sc.broken {
					t.Errorf("%s: the record's policy anomaly is %v, want %v (%q)", where, flagged, sc.broken, r.Anomalies)
				}
				if sc.broken && !strings.Contains(r.Reason, "last valid version") && !strings.Contains(r.Reason, "strictest") {
					t.Errorf("%s: the reason does not say the policy did not load: %s", where, r.Reason)
				}
			}
			t.Logf("%s / %s: %v", sc.name, command, verdicts)
			for name, v := range verdicts {
				if v != verdicts["check"] {
					t.Errorf("%s / %s: %s decided %q, check %q", sc.name, command, name, v, verdicts["check"])
				}
			}
		}
	}
}
