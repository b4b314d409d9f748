package cli

import (
	"context"

	"github.com/actionguard/actionguard/approval"
	"github.com/actionguard/actionguard/store"
)

// ApprovalQueue opens the approval queue as `actionguard approvals` uses
// it: the store, the request files beside it, people's decisions recorded
// in the audit log (unless --no-audit). Close the store when done.
func (x *App) ApprovalQueue(ctx context.Context) (*approval.Queue, store.Store, error) {
	return x.a.approvalQueue(ctx)
}
