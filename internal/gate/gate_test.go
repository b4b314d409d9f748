package gate_test

import (
	"context"
	"errors"
	"path/filepath"
	"strings"
	"testing"

	"github.com/actionguard/actionguard/approval"
	"github.com/actionguard/actionguard/approval/approvaltest"
	"github.com/actionguard/actionguard/audit"
	"github.com/actionguard/actionguard/guard"
	"github.com/actionguard/actionguard/internal/gate"
	"github.com/actionguard/actionguard/store"
)

// stores are the approval stores the gate is tested on: the in-memory one,
// and the real SQLite file.
var stores = map[string]func(t *testing.T) approval.Store{
	"memory": func(t *testing.T) approval.Store { return &approvaltest.Memory{} },
	"sqlite": func(t *testing.T) approval.Store {
		st, err := store.Open(context.Background(), filepath.Join(t.TempDir(), "actionguard.db"))
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { st.Close() })
		return st
	},
}

// eachStore runs f with a queue over each store whose decisions go to the
// store's audit log, as a person's do from the CLI and the server.
func eachStore(t *testing.T, f func(t *testing.T, q *approval.Queue)) {
	for name, open := range stores {
		t.Run(name, func(t *testing.T) {
			st := open(t)
			q := &approval.Queue{Store: st, Dir: filepath.Join(t.TempDir(), "approvals")}
			switch st := st.(type) {
			case *approvaltest.Memory:
				q.Audit = st.Append
			case audit.Storage:
				q.Audit = audit.New(st).Append
			}
			f(t, q)
		})
	}
}

func held(session string) (*guard.Action, *guard.Decision) {
	a := &guard.Action{ID: "d-1", Tool: "Bash", Input: map[string]any{"command": "npm publish", "description": "Publish the package"},
		Context: guard.Context{SessionID: session, Agent: "codex"}}
	d := &guard.Decision{Verdict: guard.Approve, Level: guard.Privileged, Risk: 8, Reason: "Publishes the package.", Notice: "heads up",
		RiskLevel: "high", RequiresApproval: true, Action: "wait_for_approval",
		Findings: []guard.Finding{{Rule: "shell.pkg.publish", Category: "remote-code", Message: "Publishes to npm.", Alternative: "npm publish --dry-run"}}}
	return a, d
}

// Held → request; approved → the same call passes once (allow, used up);
// then held again with a new request.
func TestApply(t *testing.T) {
	eachStore(t, func(t *testing.T, q *approval.Queue) {
		ctx := context.Background()
		a, d := held("s1")
		o, err := gate.Apply(ctx, q, a, d)
		if err != nil || d.Verdict != guard.Approve || d.ApprovalID == "" || d.ApprovalID != o.Request.ID || d.ApprovalRequestFile != o.Request.File || d.Error != "" {
			t.Fatalf("held: %+v, %+v, %v", d, o, err)
		}
		first := d.ApprovalID
		stored, err := q.Store.Approval(ctx, first)
		if err != nil || stored.Decision.Verdict != "approve" || stored.Decision.Alternative != "npm publish --dry-run" || stored.SessionID != "s1" {
			t.Errorf("stored %+v, %v", stored, err)
		}
		// The agent retries while nobody has decided: the same request.
		a, d = held("s1")
		if o, _ := gate.Apply(ctx, q, a, d); !o.Reused || d.ApprovalID != first {
			t.Errorf("retry: %+v", o)
		}
		if _, err := q.Decide(ctx, first, approval.Decision{Status: approval.StatusApproved, By: "alice"}); err != nil {
			t.Fatal(err)
		}
		// The agent words the description differently: still the same call.
		a, d = held("s1")
		a.Input["description"] = "Publish it now"
		o, err = gate.Apply(ctx, q, a, d)
		if err != nil || !o.Passed || d.Verdict != guard.Allow || d.ApprovalID != first || d.Notice != "heads up" || d.Action != "proceed" ||
			d.Reason != "Approved by alice (approval "+first+"); this approval is now used." {
			t.Fatalf("approved: %+v, %v", d, err)
		}
		a, d = held("s1")
		if o, _ := gate.Apply(ctx, q, a, d); o.Passed || d.Verdict != guard.Approve || d.ApprovalID == first {
			t.Errorf("after use: %+v, %+v", o, d)
		}
	})
}

// Other verdicts and fallbacks are left alone; nothing is opened.
func TestApplyLeavesOthers(t *testing.T) {
	q := &approval.Queue{Store: &approvaltest.Memory{}}
	for _, v := range []guard.Verdict{guard.Allow, guard.Notify, guard.Block} {
		a, d := held("s1")
		d.Verdict = v
		if o, err := gate.Apply(context.Background(), q, a, d); err != nil || o.Request.ID != "" || d.ApprovalID != "" {
			t.Errorf("%s: %+v, %v", v, o, err)
		}
	}
	a, d := held("s1")
	d.Error = "the hook input could not be read"
	if o, _ := gate.Apply(context.Background(), q, a, d); o.Request.ID != "" {
		t.Errorf("a fallback opened %s", o.Request.ID)
	}
}

// A call without a session id never passes, and is told so.
func TestApplyWithoutSession(t *testing.T) {
	eachStore(t, func(t *testing.T, q *approval.Queue) {
		ctx := context.Background()
		a, d := held("")
		gate.Apply(ctx, q, a, d)
		if !strings.Contains(d.Reason, "no session id") {
			t.Errorf("reason %q", d.Reason)
		}
		q.Decide(ctx, d.ApprovalID, approval.Decision{Status: approval.StatusApproved, By: "alice"})
		a, d = held("")
		o, err := gate.Apply(ctx, q, a, d)
		if err != nil || o.Passed || d.Verdict != guard.Approve || !strings.Contains(d.Reason, "was granted by alice") {
			t.Errorf("approved, no session: %+v, %v", d, err)
		}
	})
}

// A queue that fails leaves the verdict, with the error said.
func TestApplyError(t *testing.T) {
	a, d := held("s1")
	_, err := gate.Apply(context.Background(), &approval.Queue{Store: broken{}}, a, d)
	if err == nil || d.Verdict != guard.Approve || !strings.Contains(d.Error, "approval queue: ") || !strings.Contains(d.Reason, "No approval request could be opened") {
		t.Errorf("%+v, %v", d, err)
	}
	a, d = held("s1")
	if _, err := gate.Apply(context.Background(), nil, a, d); err == nil || d.Verdict != guard.Approve {
		t.Errorf("nil queue: %+v, %v", d, err)
	}
}

type broken struct{ approval.Store }

func (broken) FindApproval(context.Context, approval.Key) (approval.Request, error) {
	return approval.Request{}, errors.New("database is locked")
}

// Pass uses an approval granted in the queue, and opens nothing.
func TestPass(t *testing.T) {
	eachStore(t, func(t *testing.T, q *approval.Queue) {
		ctx := context.Background()
		a, d := held("s1")
		d.Verdict = guard.Confirm
		if o, err := gate.Pass(ctx, q, a, d); err != nil || o.Passed || d.Verdict != guard.Confirm {
			t.Errorf("nothing granted: %+v, %v", d, err)
		}
		if rs, _ := q.Store.Approvals(ctx, true); len(rs) != 0 {
			t.Errorf("Pass opened %d requests", len(rs))
		}
		// Granted elsewhere (the server, `check --approvals`): it passes.
		a2, d2 := held("s1")
		gate.Apply(ctx, q, a2, d2)
		q.Decide(ctx, d2.ApprovalID, approval.Decision{Status: approval.StatusApproved, By: "alice"})
		if o, err := gate.Pass(ctx, q, a, d); err != nil || !o.Passed || d.Verdict != guard.Allow {
			t.Errorf("granted: %+v, %v", d, err)
		}
	})
}

// The hash names what runs: key order does not matter, the words of a
// request do, and only a shell call's description is left out.
func TestInputHash(t *testing.T) {
	h := func(a guard.Action) string { return gate.InputHash(&a) }
	base := h(guard.Action{Tool: "Bash", Input: map[string]any{"command": "ls", "description": "list"}})
	if base != h(guard.Action{Tool: "Bash", Input: map[string]any{"command": "ls"}}) {
		t.Error("a shell call's description changes the hash")
	}
	if h(guard.Action{Tool: "post", Input: map[string]any{"description": "a"}}) == h(guard.Action{Tool: "post", Input: map[string]any{"description": "b"}}) {
		t.Error("a post's description does not change the hash")
	}
	if h(guard.Action{Text: "send the report to bob"}) == h(guard.Action{Text: "delete everything"}) {
		t.Error("two requests in words hash the same")
	}
}
