package cli

import (
	"context"

	"github.com/actionguard/actionguard/guard"
	"github.com/actionguard/actionguard/internal/gate"
)

// gateCheck is `check --approvals`: the decision goes through the approval
// queue (package gate). A queue that cannot be opened leaves the verdict,
// with the problem in the decision's error and reason.
func (a *app) gateCheck(ctx context.Context, act *guard.Action, d *guard.Decision) {
	if !d.Approvable() {
		return
	}
	q, st, err := a.approvalQueue(ctx)
	if err != nil {
		d.Error = "approval queue: " + err.Error()
		d.Reason += " No approval request could be opened (" + err.Error() + ")."
		return
	}
	defer st.Close()
	// check records the decision itself, pass included.
	q.Audit = nil
	gate.Apply(ctx, q, act, d)
}

// approvalHint tells a person where the request is and how to answer it.
func (a *app) approvalHint(p *printer, d *guard.Decision) {
	if d.ApprovalID == "" || d.Verdict.Allowed() {
		return
	}
	id := d.ApprovalID
	p.printf("\nApproval request %s is open: read it with 'actionguard approvals show %s', approve with 'actionguard approvals approve %s'.\n", id, id, id)
	if d.ApprovalRequestFile != "" {
		p.printf("File: %s\n", d.ApprovalRequestFile)
	}
}
