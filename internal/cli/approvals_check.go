package cli

import (
	"context"

	"github.com/actionguard/actionguard/approval"
	"github.com/actionguard/actionguard/guard"
)

// checkQueue opens the approval queue for check --approvals, which records
// the decision itself, pass included; closeCheckQueue closes its store.
func (a *app) checkQueue(ctx context.Context) (*approval.Queue, error) {
	q, st, err := a.approvalQueue(ctx)
	if err != nil {
		return nil, err
	}
	a.checkStore = st
	q.Audit = nil
	return q, nil
}

func (a *app) closeCheckQueue() {
	if a.checkStore != nil {
		a.checkStore.Close()
		a.checkStore = nil
	}
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
