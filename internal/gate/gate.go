// Package gate puts the approval queue in front of the guard's decisions:
// the hook, `actionguard check` and `actionguard serve` call Apply after
// Check, so an action that waits for a person opens (or finds) an approval
// request, and an approved action runs once.
package gate

import (
	"context"
	"errors"

	"github.com/actionguard/actionguard/approval"
	"github.com/actionguard/actionguard/guard"
)

// Apply handles a decision that waits for a person (confirm, approve): an
// approved, unused request for the same session and input lets the action
// through now (the verdict becomes allow, the reason says who approved it,
// and the request is used up); otherwise d gets the id and file of the
// pending request for this action, opened now or earlier. Other verdicts
// are left alone. An error leaves the verdict as it was (never an allow).
func Apply(ctx context.Context, q *approval.Queue, a *guard.Action, d *guard.Decision) (approval.Outcome, error) {
	return approval.Outcome{}, errors.New("gate: not implemented yet")
}
