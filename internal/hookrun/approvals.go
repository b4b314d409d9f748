package hookrun

import (
	"context"
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"time"

	"github.com/actionguard/actionguard/approval"
	"github.com/actionguard/actionguard/guard"
	"github.com/actionguard/actionguard/internal/gate"
)

// A hook call whose decision waits for a person goes through the approval
// queue (package gate); one that is allowed or blocked never opens the
// database, which costs about a millisecond that routine calls do not pay.
//
// What the queue does depends on the agent:
//
//   - An agent that asks the user itself (Claude Code, Cursor, Copilot
//     CLI: adapter.Asks) keeps its own prompt as the approval: no request
//     is opened. An approval a person already granted in the queue for
//     exactly this call (same session, input, working directory and agent)
//     still lets it through once, without the prompt.
//   - An agent that cannot ask (Codex, Gemini CLI) gets a deny naming the
//     request opened for the call (or the one already open); once a person
//     approves it, the same call runs once, within the policy's
//     approvals.pass_ttl (10 minutes by default).
//
// Either way an approval counts only when the person's decision is in the
// audit log (approval.Verified); an approved row written by anything else
// is refused, and the call's record carries the anomaly.

// ApprovalsDir is where the request files of the database at dbPath are
// written: approvals/ beside it.
func ApprovalsDir(dbPath string) string {
	return filepath.Join(filepath.Dir(dbPath), "approvals")
}

// ServerURLEnv names the approval server's address; request files link to
// their page there.
const ServerURLEnv = "ACTIONGUARD_SERVER_URL"

// approvalStore opens the store the hook's queue uses; tests replace it.
type approvalStore func(ctx context.Context, path string) (approval.Store, func() error, error)

// gateFor is the front door's Gate for a hook call with cfg; asks
// reports that the agent puts a held call to the person itself
// (adapter.Asks). An approved call passes within passTTL of the decision
// (the policy's approvals.pass_ttl).
func gateFor(cfg Config, db *database, passTTL time.Duration, asks bool) func(ctx context.Context, a *guard.Action, d *guard.Decision) (approval.Outcome, error) {
	open := cfg.openApprovals
	if open == nil {
		open = db.openDrained
	}
	return func(ctx context.Context, a *guard.Action, d *guard.Decision) (approval.Outcome, error) {
		path, err := DBPath(cfg)
		if err != nil {
			if !asks {
				gateFailed(d, "finding the database: "+err.Error())
			}
			return approval.Outcome{}, err
		}
		if asks {
			if a.Context.SessionID == "" {
				return approval.Outcome{}, nil // nothing passes without a session: no need to look
			}
			if _, err := os.Stat(path); errors.Is(err, fs.ErrNotExist) {
				return approval.Outcome{}, nil // no database, no approval granted
			}
			if db.open == nil && cfg.openApprovals == nil && !approval.MayHaveRequest(ApprovalsDir(path), gate.KeyOf(a)) {
				// This process cannot open the database (the lean hook):
				// it hands the call over only when a request for exactly
				// this call was written beside it; otherwise there is no
				// pass to find, and the agent asks the person.
				return approval.Outcome{}, nil
			}
		}
		st, closeStore, err := open(ctx, path)
		if err != nil {
			if !asks {
				gateFailed(d, "opening the database: "+err.Error())
			} else {
				d.Error = "approval queue: opening the database: " + err.Error()
			}
			return approval.Outcome{}, err
		}
		defer closeStore()
		// No Audit: the hook's own record of the decision says who
		// approved the call it let through, or which request it opened.
		q := &approval.Queue{Store: st, Dir: ApprovalsDir(path), ServerURL: cfg.Getenv(ServerURLEnv), PassTTL: passTTL}
		if asks {
			return gate.Pass(ctx, q, a, d)
		}
		return gate.Apply(ctx, q, a, d)
	}
}

// gateFailed records on d that the queue could not be reached; the verdict
// stays.
func gateFailed(d *guard.Decision, why string) {
	d.Error = "approval queue: " + why
	d.Reason += " No approval request could be opened (" + why + ")."
}
