package gate_test

import (
	"context"
	"testing"

	"github.com/actionguard/actionguard/approval"
	"github.com/actionguard/actionguard/guard"
	"github.com/actionguard/actionguard/internal/gate"
)

// escalate turns a held decision into the block the session's escalation
// makes of it (guard.Decision.HeldBeforeSession).
func escalate(d *guard.Decision) *guard.Decision {
	d.HeldBeforeSession, d.Verdict, d.Level = d.Verdict, guard.Block, guard.Dangerous
	return d
}

// approveCall opens the request of the held call a and has alice approve it.
func approveCall(t *testing.T, q *approval.Queue, a *guard.Action) {
	t.Helper()
	ctx := context.Background()
	_, d := held(a.Context.SessionID)
	if _, err := gate.Apply(ctx, q, a, d); err != nil || d.ApprovalID == "" {
		t.Fatalf("opening: %+v, %v", d, err)
	}
	if _, err := q.Decide(ctx, d.ApprovalID, approval.Decision{Status: approval.StatusApproved, By: "alice"}); err != nil {
		t.Fatal(err)
	}
}

// An agent that cannot ask is denied while its call waits; its approved
// retry, blocked only by the session's escalation that its own wait
// caused, passes once, through Apply (Codex) and Pass (agents that ask).
func TestEscalatedBlockPassesItsApproval(t *testing.T) {
	for name, pass := range map[string]func(context.Context, *approval.Queue, *guard.Action, *guard.Decision) (approval.Outcome, error){"apply": gate.Apply, "pass": gate.Pass} {
		t.Run(name, func(t *testing.T) {
			eachStore(t, func(t *testing.T, q *approval.Queue) {
				ctx := context.Background()
				a, _ := held("s1")
				approveCall(t, q, a)
				_, d := held("s1")
				escalate(d)
				o, err := pass(ctx, q, a, d)
				if err != nil || !o.Passed || d.Verdict != guard.Allow || d.Level != guard.Privileged || d.ApprovalID == "" {
					t.Fatalf("approved retry: %+v, %+v, %v", d, o, err)
				}
				// Used up: the next escalated try is blocked again.
				_, d = held("s1")
				escalate(d)
				if o, err := pass(ctx, q, a, d); err != nil || o.Passed || d.Verdict != guard.Block {
					t.Errorf("second try after one approval: %s, %+v, %v", d.Verdict, o, err)
				}
			})
		})
	}
}

// One approval launders nothing: another call of the session, the same
// command in another session, directory or agent, a plain block, and a
// call without a session stay blocked, and no request is opened for them.
func TestEscalatedBlockNotLaundered(t *testing.T) {
	eachStore(t, func(t *testing.T, q *approval.Queue) {
		ctx := context.Background()
		approved, _ := held("s1")
		approveCall(t, q, approved)
		before, _ := q.Store.Approvals(ctx, true)
		others := map[string]func(a *guard.Action){
			"another command":   func(a *guard.Action) { a.Input = map[string]any{"command": "npm publish --tag next"} },
			"another session":   func(a *guard.Action) { a.Context.SessionID = "s2" },
			"another directory": func(a *guard.Action) { a.Context.Cwd = "/srv/other" },
			"another agent":     func(a *guard.Action) { a.Context.Agent = "gemini-cli" },
			"no session":        func(a *guard.Action) { a.Context.SessionID = "" },
		}
		for name, change := range others {
			for _, f := range []func(context.Context, *approval.Queue, *guard.Action, *guard.Decision) (approval.Outcome, error){gate.Apply, gate.Pass} {
				a, d := held("s1")
				change(a)
				escalate(d)
				if o, err := f(ctx, q, a, d); err != nil || o.Passed || d.Verdict != guard.Block || d.ApprovalID != "" {
					t.Errorf("%s: %s, %+v, %v", name, d.Verdict, o, err)
				}
			}
		}
		// A block of its own (no hold before the session) is left alone.
		a, d := held("s1")
		d.Verdict = guard.Block
		if o, err := gate.Apply(ctx, q, a, d); err != nil || o.Passed || d.Verdict != guard.Block {
			t.Errorf("plain block: %s, %+v, %v", d.Verdict, o, err)
		}
		// A fallback is never passed.
		a, d = held("s1")
		escalate(d).Error = "the hook input could not be read"
		if o, _ := gate.Apply(ctx, q, a, d); o.Passed || d.Verdict != guard.Block {
			t.Errorf("fallback: %s", d.Verdict)
		}
		after, _ := q.Store.Approvals(ctx, true)
		if len(after) != len(before) {
			t.Errorf("blocked calls opened %d requests", len(after)-len(before))
		}
		// The approved call itself still passes: nothing above used it up.
		a, d = held("s1")
		escalate(d)
		if o, err := gate.Apply(ctx, q, a, d); err != nil || !o.Passed {
			t.Errorf("the approved call after the others: %s, %+v, %v", d.Verdict, o, err)
		}
	})
}
