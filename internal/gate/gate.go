// Package gate puts the approval queue in front of the guard's decisions:
// the hook, `actionguard check` and `actionguard serve` call Apply after
// Check, so an action that waits for a person opens (or finds) an approval
// request, and an approved action runs once. Pass is the same without
// opening a request, for agents that ask the person themselves.
//
// What names "the same action" is KeyOf: the session, the working
// directory, the agent, and InputHash — the tool and the input, whatever
// the order of the input's keys. An approval lets exactly that call
// through, once, within approval.DefaultPassTTL of the decision, and only
// when the decision is in the audit chain (approval.Verified); an approved
// request that is not (a row written into the database by something else)
// is refused and reported as an anomaly on the decision.
package gate

import (
	"context"
	"encoding/json"
	"fmt"

	"github.com/actionguard/actionguard/approval"
	"github.com/actionguard/actionguard/guard"
)

// Apply handles a decision that waits for a person (confirm, approve): an
// approved, unused request for the same session and input lets the action
// through now (the verdict becomes allow, the reason says who approved it,
// and the request is used up); otherwise d gets the id and file of the
// pending request for this action, opened now or earlier. Other verdicts
// are left alone. An error leaves the verdict as it was (never an allow).
//
// A call without a session id never passes: it cannot be told apart from
// another call of the same action. Its request is opened all the same, and
// the reason says that approving it will not let the call through.
func Apply(ctx context.Context, q *approval.Queue, a *guard.Action, d *guard.Decision) (approval.Outcome, error) {
	return ApplyEncoded(ctx, q, a, nil, d)
}

// ApplyEncoded is Apply for a caller that already has the action's JSON
// (raw = json.Marshal(a)), as the server has for its audit record; nil
// raw encodes a here.
func ApplyEncoded(ctx context.Context, q *approval.Queue, a *guard.Action, raw []byte, d *guard.Decision) (approval.Outcome, error) {
	if escalated(d) {
		return passEscalated(ctx, q, a, d)
	}
	if !held(d) {
		return approval.Outcome{}, nil
	}
	if raw == nil {
		var err error
		if raw, err = json.Marshal(a); err != nil {
			return approval.Outcome{}, fail(d, err)
		}
	}
	o, err := q.Gate(ctx, raw, approval.SummaryOf(a, d), KeyOf(a))
	if err != nil {
		return o, fail(d, err)
	}
	refused(d, o.Refused)
	switch {
	case o.Passed:
		passed(d, &o.Request)
	case o.Granted():
		d.ApprovalID, d.ApprovalRequestFile = o.Request.ID, o.Request.File
		d.Reason = appendSentence(d.Reason, fmt.Sprintf("Approval %s was granted by %s, but this call carries no session id, so actionguard cannot tell it is the call that was approved and does not let it through: run it yourself.", o.Request.ID, o.Request.DecidedBy))
	default:
		d.ApprovalID, d.ApprovalRequestFile = o.Request.ID, o.Request.File
		if a.Context.SessionID == "" {
			d.Reason = appendSentence(d.Reason, fmt.Sprintf("This call carries no session id: approving %s records the decision but cannot let the call through by itself.", o.Request.ID))
		}
	}
	return o, nil
}

// Pass lets a held action through when a person already approved exactly
// this action in the queue (the request is then used up), and otherwise
// leaves d alone, opening nothing: for agents whose own prompt is the
// approval (Claude Code's ask). Like Apply, it never passes a call without
// a session id, and an error leaves the verdict as it was.
func Pass(ctx context.Context, q *approval.Queue, a *guard.Action, d *guard.Decision) (approval.Outcome, error) {
	if escalated(d) {
		return passEscalated(ctx, q, a, d)
	}
	if !held(d) || a.Context.SessionID == "" {
		return approval.Outcome{}, nil
	}
	o, err := q.Pass(ctx, KeyOf(a))
	if err != nil {
		d.Error = appendSentence(d.Error, "approval queue: "+err.Error())
		return o, err
	}
	refused(d, o.Refused)
	if o.Passed {
		passed(d, &o.Request)
	}
	return o, nil
}

// held reports whether d waits for a person and was decided on a checked
// action: a fallback (d.Error) names nothing a person could approve.
func held(d *guard.Decision) bool {
	return (d.Verdict == guard.Confirm || d.Verdict == guard.Approve) && d.Error == ""
}

// escalated reports a block that only the session's escalation raised from
// a hold (guard.Decision.HeldBeforeSession).
func escalated(d *guard.Decision) bool {
	return d.Verdict == guard.Block && d.HeldBeforeSession != "" && d.Error == ""
}

// passEscalated lets an escalated block through when a person already
// approved exactly this call, and otherwise leaves it blocked: it opens no
// request (a block is nothing to ask about) and an error leaves the block.
// The approval is the person's decision about this call; the escalation,
// the session's guess about the agent, still holds every other call.
func passEscalated(ctx context.Context, q *approval.Queue, a *guard.Action, d *guard.Decision) (approval.Outcome, error) {
	if a.Context.SessionID == "" {
		return approval.Outcome{}, nil
	}
	o, err := q.Pass(ctx, KeyOf(a))
	if err != nil {
		return o, err
	}
	refused(d, o.Refused)
	if o.Passed {
		passed(d, &o.Request)
		// Its own level is the hold's: DANGEROUS came from the session only.
		if d.HeldBeforeSession == guard.Confirm {
			d.Level = guard.Cautious
		} else {
			d.Level = guard.Privileged
		}
		d.Reason = appendSentence(d.Reason, "Without the approval the session's recent blocks or anomalies would have blocked it; the approval covers this exact call only.")
	}
	return o, nil
}

// passed turns d into the allow of a used approval.
func passed(d *guard.Decision, r *approval.Request) {
	d.Verdict = guard.Allow
	d.Reason = fmt.Sprintf("Approved by %s (approval %s); this approval is now used.", r.DecidedBy, r.ID)
	d.ApprovalID, d.ApprovalRequestFile = r.ID, r.File
	// Seed 003's view: it needed an approval, and got it.
	d.RequiresApproval, d.Action = true, "proceed"
}

// refused reports on d an approved request that was not honoured: the
// anomaly goes to the audit log with the decision.
func refused(d *guard.Decision, why error) {
	if why == nil {
		return
	}
	msg := why.Error() + ": the approvals table says approved, but the audit log does not; was it written by something other than actionguard?"
	d.Anomalies = append(d.Anomalies, msg)
	d.Reason = appendSentence(d.Reason, "An approval for this call was found in the database but not in the audit log, so it was not honoured; a person must approve it on the page or in their own terminal.")
}

// KeyOf is the exact call a is, as an approval is bound to it.
func KeyOf(a *guard.Action) approval.Key {
	return approval.Key{Session: a.Context.SessionID, InputHash: InputHash(a), Cwd: a.Context.Cwd, Agent: a.Context.Agent}
}

// fail records a queue error on d, whose verdict stays as it was.
func fail(d *guard.Decision, err error) error {
	d.Error = appendSentence(d.Error, "approval queue: "+err.Error())
	d.Reason = appendSentence(d.Reason, "No approval request could be opened ("+err.Error()+").")
	return err
}

// InputHash names an exact action for the queue: approval.InputHash of its
// tool and input. Two things are adjusted so that the hash names what runs:
// a shell call's "description" (the agent's words about the command, which
// it may phrase differently when it tries again) is left out, and an
// action in words (Text) is part of it.
func InputHash(a *guard.Action) string {
	in := a.Input
	if _, ok := in["description"]; ok && a.InferKind() == guard.KindShell {
		in = make(map[string]any, len(a.Input))
		for k, v := range a.Input {
			if k != "description" {
				in[k] = v
			}
		}
	}
	if a.Text != "" {
		return approval.InputHash(a.Tool, map[string]any{"input": in, "text": a.Text})
	}
	return approval.InputHash(a.Tool, in)
}

func appendSentence(s, t string) string {
	if s == "" {
		return t
	}
	return s + " " + t
}
