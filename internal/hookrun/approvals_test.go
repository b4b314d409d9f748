package hookrun

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/actionguard/actionguard/adapter"
	"github.com/actionguard/actionguard/approval"
	"github.com/actionguard/actionguard/approval/approvaltest"
	"github.com/actionguard/actionguard/audit"
	"github.com/actionguard/actionguard/guard"
	"github.com/actionguard/actionguard/internal/gate"
	"github.com/actionguard/actionguard/store"
)

// approvalStores run the hook's queue on the real SQLite file (the
// default) and on an in-memory store.
var approvalStores = map[string]func(t *testing.T, cfg *Config) func(t *testing.T) approval.Store{
	"sqlite": func(t *testing.T, cfg *Config) func(t *testing.T) approval.Store {
		return func(t *testing.T) approval.Store {
			st, err := store.Open(context.Background(), cfg.DBPath)
			if err != nil {
				t.Fatal(err)
			}
			t.Cleanup(func() { st.Close() })
			return st
		}
	},
	"memory": func(t *testing.T, cfg *Config) func(t *testing.T) approval.Store {
		mem := &approvaltest.Memory{}
		// The hook looks for an approval only where a database exists.
		if err := os.WriteFile(cfg.DBPath, nil, 0o600); err != nil {
			t.Fatal(err)
		}
		cfg.openApprovals = func(context.Context, string) (approval.Store, func() error, error) {
			return mem, func() error { return nil }, nil
		}
		return func(*testing.T) approval.Store { return mem }
	},
}

// personQueue is the queue a person decides with (the CLI, the server):
// decisions go to the store's audit log, which is what lets a call through.
func personQueue(st approval.Store) *approval.Queue {
	q := &approval.Queue{Store: st}
	switch st := st.(type) {
	case *approvaltest.Memory:
		q.Audit = st.Append
	case audit.Storage:
		q.Audit = audit.New(st).Append
	}
	return q
}

// hookAnswer runs one hook call and returns the decision and its reason.
func hookAnswer(t *testing.T, ad adapter.Adapter, cfg Config, ev map[string]any) (string, string) {
	t.Helper()
	in, _ := json.Marshal(ev)
	resp := Run(context.Background(), ad, cfg, strings.NewReader(string(in)))
	if resp.Exit != 0 || len(resp.Stderr) > 0 {
		t.Fatalf("exit %d, stderr %s", resp.Exit, resp.Stderr)
	}
	var out struct {
		Specific struct {
			Decision string `json:"permissionDecision"`
			Reason   string `json:"permissionDecisionReason"`
		} `json:"hookSpecificOutput"`
	}
	if err := json.Unmarshal(resp.Stdout, &out); err != nil {
		t.Fatalf("%v: %s", err, resp.Stdout)
	}
	return out.Specific.Decision, out.Specific.Reason
}

var approvalIDRe = regexp.MustCompile(`Approval request (ap-[a-z0-9]{6}) is open`)

// An agent that cannot ask (Codex): the hook denies with the id of the
// request it opened; a person approves it; the same call then runs once;
// the next identical call is denied again (the approval is used up).
func TestCodexApprovalRoundTrip(t *testing.T) {
	for name, setup := range approvalStores {
		t.Run(name, func(t *testing.T) {
			cfg, db := testConfig(t)
			openStore := setup(t, &cfg)
			publish := map[string]any{"session_id": "cx-1", "turn_id": "turn-1", "cwd": "/home/dev/project", "hook_event_name": "PreToolUse",
				"model": "gpt-5-codex", "tool_name": "Bash", "tool_input": map[string]any{"command": "npm publish"}, "tool_use_id": "call_1"}

			decision, reason := hookAnswer(t, adapter.Codex{}, cfg, publish)
			m := approvalIDRe.FindStringSubmatch(reason)
			if decision != "deny" || m == nil || !strings.Contains(reason, "actionguard approvals approve "+m[1]) {
				t.Fatalf("first call: %s: %s", decision, reason)
			}
			id := m[1]
			file := filepath.Join(ApprovalsDir(db), id+".md")
			if fi, err := os.Stat(file); err != nil || fi.Mode().Perm() != 0o600 {
				t.Errorf("request file %s: %v, %v", file, fi, err)
			}
			// Asked again before anyone decides: the same request.
			if _, reason := hookAnswer(t, adapter.Codex{}, cfg, publish); !strings.Contains(reason, id) {
				t.Errorf("retry names another request: %s", reason)
			}

			q := personQueue(openStore(t))
			if _, err := q.Decide(context.Background(), id, approval.Decision{Status: approval.StatusApproved, By: "alice"}); err != nil {
				t.Fatal(err)
			}
			if decision, reason := hookAnswer(t, adapter.Codex{}, cfg, publish); decision != "allow" || !strings.Contains(reason, "Approved by alice (approval "+id+")") {
				t.Errorf("after approval: %s: %s", decision, reason)
			}
			decision, reason = hookAnswer(t, adapter.Codex{}, cfg, publish)
			if m := approvalIDRe.FindStringSubmatch(reason); decision != "deny" || m == nil || m[1] == id {
				t.Errorf("after use: %s: %s", decision, reason)
			}
			if data, _ := os.ReadFile(file); !strings.Contains(string(data), "used at") {
				t.Errorf("the file does not say the approval was used:\n%s", data)
			}
			// The hook's records name the request; the pass says who approved
			// it. (A held call moves the spooled records into the log: an
			// approval is judged against it.)
			logged, err := OpenStore(context.Background(), db)
			if err != nil {
				t.Fatal(err)
			}
			defer logged.Close()
			recs, err := audit.New(logged).Tail(context.Background(), 100)
			if err != nil {
				t.Fatal(err)
			}
			var reasons []string
			for _, r := range recs {
				if !strings.HasPrefix(r.Reason, "approval ") { // the person's decision
					reasons = append(reasons, string(r.Verdict)+": "+r.Reason)
				}
			}
			if len(reasons) != 4 || !strings.HasSuffix(reasons[0], "(approval "+id+")") || !strings.HasPrefix(reasons[2], "allow: Approved by alice") {
				t.Errorf("audit records:\n%s", strings.Join(reasons, "\n"))
			}
		})
	}
}

// An agent that asks (Claude Code): its own prompt is the approval, no
// request is opened; an approval granted in the queue for exactly this
// call still lets it through, once.
func TestClaudeAsksAndPasses(t *testing.T) {
	for name, setup := range approvalStores {
		t.Run(name, func(t *testing.T) {
			cfg, _ := testConfig(t)
			openStore := setup(t, &cfg)
			publish := map[string]any{"session_id": "cl-1", "cwd": "/home/dev/project", "hook_event_name": "PreToolUse",
				"tool_name": "Bash", "tool_input": map[string]any{"command": "npm publish", "description": "Publish"}, "tool_use_id": "toolu_1"}
			if decision, _ := hookAnswer(t, adapter.Claude{}, cfg, publish); decision != "ask" {
				t.Fatalf("first call: %s", decision)
			}
			st := openStore(t)
			if rs, err := st.Approvals(context.Background(), true); err != nil || len(rs) != 0 {
				t.Fatalf("the hook opened %d requests (%v) for an agent that asks", len(rs), err)
			}
			// Someone opened and approved it in the queue (the server, check --approvals).
			q := personQueue(st)
			a := &guard.Action{Tool: "Bash", Input: map[string]any{"command": "npm publish"},
				Context: guard.Context{SessionID: "cl-1", Cwd: "/home/dev/project", Agent: "claude-code"}}
			d := &guard.Decision{Verdict: guard.Approve, Reason: "Publishes."}
			if _, err := gate.Apply(context.Background(), q, a, d); err != nil {
				t.Fatal(err)
			}
			if _, err := q.Decide(context.Background(), d.ApprovalID, approval.Decision{Status: approval.StatusApproved, By: "alice"}); err != nil {
				t.Fatal(err)
			}
			if decision, reason := hookAnswer(t, adapter.Claude{}, cfg, publish); decision != "allow" || !strings.Contains(reason, "Approved by alice") {
				t.Errorf("granted in the queue: %s: %s", decision, reason)
			}
			if decision, _ := hookAnswer(t, adapter.Claude{}, cfg, publish); decision != "ask" {
				t.Errorf("used up: %s", decision)
			}
		})
	}
}

// A queue that cannot be opened: Codex is still denied (never allowed),
// with the problem said; Claude Code still asks.
func TestApprovalQueueBroken(t *testing.T) {
	cfg, _ := testConfig(t)
	cfg.openApprovals = func(context.Context, string) (approval.Store, func() error, error) {
		return nil, nil, os.ErrPermission
	}
	ev := map[string]any{"session_id": "s", "turn_id": "t", "hook_event_name": "PreToolUse", "tool_name": "Bash", "tool_input": map[string]any{"command": "npm publish"}}
	if decision, reason := hookAnswer(t, adapter.Codex{}, cfg, ev); decision != "deny" || !strings.Contains(reason, "No approval request could be opened") {
		t.Errorf("codex: %s: %s", decision, reason)
	}
	os.WriteFile(cfg.DBPath, nil, 0o600) // the database exists: Claude Code looks for a pass
	if decision, _ := hookAnswer(t, adapter.Claude{}, cfg, ev); decision != "ask" {
		t.Errorf("claude: %s", decision)
	}
}

// A routine call never opens the database.
func TestRoutineCallOpensNoQueue(t *testing.T) {
	cfg, _ := testConfig(t)
	cfg.openApprovals = func(context.Context, string) (approval.Store, func() error, error) {
		t.Error("the queue was opened for a routine call")
		return nil, nil, os.ErrInvalid
	}
	ev := map[string]any{"session_id": "s", "turn_id": "t", "hook_event_name": "PreToolUse", "tool_name": "Bash", "tool_input": map[string]any{"command": "git status"}}
	if decision, _ := hookAnswer(t, adapter.Codex{}, cfg, ev); decision != "allow" {
		t.Errorf("git status: %s", decision)
	}
}
