package adapter

import (
	"context"
	"strings"
	"testing"

	"github.com/actionguard/actionguard/approval"
	"github.com/actionguard/actionguard/guard"
	"github.com/actionguard/actionguard/internal/frontdoor"
)

// TestAsks: the agents that ask the user themselves, and those that deny.
func TestAsks(t *testing.T) {
	want := map[string]bool{"claude-code": true, "codex": false, "gemini": false, "cursor": true, "copilot": true}
	for _, ad := range All() {
		if got := Asks(ad, &Event{Phase: PreTool}); got != want[ad.Name()] {
			t.Errorf("%s: Asks = %v", ad.Name(), got)
		}
	}
}

// TestRunGate: the door's gate sees only held decisions on checked
// actions, may let the action through, and a panic in it gets the
// fallback, never an allow.
func TestRunGate(t *testing.T) {
	g := guard.New()
	type gateFunc = func(context.Context, *guard.Action, *guard.Decision) (approval.Outcome, error)
	run := func(ad Adapter, in string, gate gateFunc) string {
		resp := Run(context.Background(), ad, &frontdoor.Door{Guard: g, Gate: gate}, nil, strings.NewReader(in), Options{})
		return decisionOf(t, ad.Name(), resp.Stdout)
	}
	pre := func(cmd string) string {
		return `{"session_id":"s","turn_id":"t","hook_event_name":"PreToolUse","tool_name":"Bash","tool_input":{"command":"` + cmd + `"}}`
	}
	var calls []string
	record := func(ctx context.Context, a *guard.Action, d *guard.Decision) (approval.Outcome, error) {
		calls = append(calls, a.Command()+" "+string(d.Verdict))
		return approval.Outcome{}, nil
	}
	run(Codex{}, pre("git status"), record)
	run(Codex{}, pre("rm -rf /"), record)
	run(Codex{}, pre("npm publish"), record)
	run(Claude{}, pre("npm publish"), record)
	run(Codex{}, `{"hook_event_name":`, record)
	if got := strings.Join(calls, "; "); got != "npm publish approve; npm publish approve" {
		t.Errorf("gate calls: %s", got)
	}
	pass := func(ctx context.Context, a *guard.Action, d *guard.Decision) (approval.Outcome, error) {
		d.Verdict, d.Reason, d.ApprovalID = guard.Allow, "Approved by alice (approval ap-abcdef); this approval is now used.", "ap-abcdef"
		return approval.Outcome{Passed: true}, nil
	}
	if got := run(Codex{}, pre("npm publish"), pass); got != "allow" {
		t.Errorf("a pass: %s", got)
	}
	boom := func(context.Context, *guard.Action, *guard.Decision) (approval.Outcome, error) { panic("boom") }
	if got := run(Codex{}, pre("npm publish"), boom); got != "deny" {
		t.Errorf("a panicking gate: %s", got)
	}
}

// TestHeldReasonNamesApproval: an agent that cannot ask is told the
// request's id, how to approve it, and to make the same call again.
func TestHeldReasonNamesApproval(t *testing.T) {
	ev := &Event{Phase: PreTool, Action: guard.Action{Tool: "Bash", Input: map[string]any{"command": "npm publish"}}}
	d := &guard.Decision{Verdict: guard.Approve, Risk: 8, Reason: "Publishes.", ApprovalID: "ap-7v8r5t"}
	got := HeldReason("Codex", ev, d)
	for _, want := range []string{"Approval request ap-7v8r5t is open", "`actionguard approvals approve ap-7v8r5t`", "make exactly the same call again", "Risk: ████████░░ 8/10"} {
		if !strings.Contains(got, want) {
			t.Errorf("lacks %q: %s", want, got)
		}
	}
	d.ApprovalID = ""
	if got := HeldReason("Codex", ev, d); strings.Contains(got, "Approval request") || !strings.Contains(got, "actionguard.yaml") {
		t.Errorf("without a request: %s", got)
	}
}
