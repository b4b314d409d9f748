// Package frontdoor is the one way an action becomes a recorded decision.
// Door.Decide names the action (NewID, the one time-ordered generator),
// runs the guard, puts a decision that waits for a person through the
// approval queue (internal/gate), appends the decision's audit record
// (audit.RecordOf) through the door's Writer, and returns the decision.
// Door.Ran records that a call decided earlier ran, with the recipients
// and payees it reached: the only record the contact book learns from, so
// a check, a held, declined or blocked call never teaches it.
//
// The front doors — `actionguard check` and `check --jsonl`, the server's
// POST /v1/check, the MCP proxy — call it; they differ only in their
// options: how records are batched (the Writer: the server's group
// commit, the CLI's background batcher, the hook's spool), whether a held
// call opens a request or only looks for a pass, and whether a pass means
// the call runs now.
//
// A Door is safe for concurrent use when its Guard and Writer are and it
// has no OpenQueue (which sets Queue on first use).
package frontdoor

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"github.com/actionguard/actionguard/approval"
	"github.com/actionguard/actionguard/audit"
	"github.com/actionguard/actionguard/guard"
	"github.com/actionguard/actionguard/internal/gate"
)

// NewID names an action that arrives without an id: time-ordered, so the
// store's index of decision ids grows at one end (audit.NewOrderedID).
func NewID() string { return audit.NewOrderedID() }

// Checker decides about one action (*guard.Guard).
type Checker interface {
	Check(ctx context.Context, a guard.Action) (guard.Decision, error)
}

// Writer appends audit records. Its implementations are the batching
// strategies: the server's group commit, Batcher (a background writer for
// the CLI), the hook's spool. An error means the record may be lost.
type Writer interface {
	Append(ctx context.Context, r *audit.Record) error
}

// Approvals says what the door does with a decision that waits for a
// person (guard.Decision.Approvable).
type Approvals int

const (
	// NoApprovals leaves a held decision as it is.
	NoApprovals Approvals = iota
	// OpenRequests lets an approved call through once and otherwise opens
	// (or reuses) a request for it (gate.Apply).
	OpenRequests
	// PassesOnly lets an approved call through once and opens nothing: the
	// agent asks the person itself (gate.Pass).
	PassesOnly
)

// Door is one front door's configuration.
type Door struct {
	Guard Checker
	// Queue is the approval queue; nil with NoApprovals.
	Queue     *approval.Queue
	Approvals Approvals
	// OpenQueue opens the queue the first time a decision needs it, for a
	// door without Queue (a command that should not open the database for
	// a call that runs). An error leaves the verdict as it was and says so.
	OpenQueue func(ctx context.Context) (*approval.Queue, error)
	// Writer records decisions; nil records nothing (--no-audit).
	Writer Writer
	// RunsOnPass says that a call let through by a person's approval runs
	// as soon as it is answered (the server's clients, the hook), so the
	// contacts it reaches are recorded with the decision. A door whose
	// caller only checks (`actionguard check`) or learns later whether the
	// call ran (the MCP proxy, which calls Ran) leaves it false.
	RunsOnPass bool
}

// Result is what Decide reached besides the decision.
type Result struct {
	// CheckErr is why the guard fell back (the decision says so too).
	CheckErr error
	// Approval is what the queue did with a held decision.
	Approval approval.Outcome
	// ApprovalErr is why the queue could not be used (the verdict stays).
	ApprovalErr error
	// Took is how long the check and the queue took; zero when the door
	// records nothing.
	Took time.Duration
}

// ErrNotRecorded wraps a Writer's error: the decision was reached but its
// record may be lost. A caller that must not let an unrecorded action run
// (the server) does not answer with it.
var ErrNotRecorded = errors.New("the decision could not be recorded in the audit log")

// Decide names a (when it has no id and the door records), checks it, applies the approval
// queue and records the decision. The decision is returned whatever
// happens; an error is ErrNotRecorded's.
func (door *Door) Decide(ctx context.Context, a *guard.Action) (guard.Decision, Result, error) {
	// The time a check took goes only to the record: a door that records
	// nothing (check --jsonl --no-audit) does not read the clock.
	var start time.Time
	if door.Writer != nil {
		start = time.Now()
	}
	if a.ID == "" && door.Writer != nil {
		// A recorded decision is named, for `actionguard feedback`; an
		// unrecorded one keeps the caller's id or none.
		a.ID = NewID()
	}
	var res Result
	d, err := door.Guard.Check(ctx, *a)
	res.CheckErr = err
	if d.ID == "" {
		d.ID = a.ID
	}
	held := d.Approvable() && door.Approvals != NoApprovals
	if held {
		res.ApprovalErr = door.openQueue(ctx)
		if res.ApprovalErr != nil {
			d.Error = appendSentence(d.Error, "approval queue: "+res.ApprovalErr.Error())
			d.Reason = appendSentence(d.Reason, "No approval request could be opened ("+res.ApprovalErr.Error()+").")
		}
	}
	// Encoded once, for the approval request and the audit record, and
	// only when one of them needs it (a check that records nothing does not).
	var raw []byte
	if held || door.Writer != nil {
		var err error
		if raw, err = json.Marshal(a); err != nil {
			raw = nil // the queue encodes again and reports the error
		}
	}
	if held && door.Queue != nil && res.ApprovalErr == nil {
		switch door.Approvals {
		case OpenRequests:
			res.Approval, res.ApprovalErr = gate.ApplyEncoded(ctx, door.Queue, a, raw, &d)
		case PassesOnly:
			res.Approval, res.ApprovalErr = gate.Pass(ctx, door.Queue, a, &d)
		}
	}
	if door.Writer == nil {
		return d, res, nil
	}
	res.Took = time.Since(start)
	if raw == nil {
		raw = []byte(`{"error":"the action could not be encoded"}`)
	}
	if err := door.Writer.Append(ctx, audit.RecordOfEncoded(a, raw, &d, res.Took)); err != nil {
		return d, res, fmt.Errorf("%w: %w", ErrNotRecorded, err)
	}
	if door.RunsOnPass && res.Approval.Passed && d.Verdict.Allowed() {
		// A person's approval is used: the call runs now, and what it
		// reaches counts once.
		if err := door.Ran(ctx, a, &d); err != nil {
			return d, res, err
		}
	}
	return d, res, nil
}

// Ran records that the call a, decided as d, ran: the recipients and
// payees it reached count as interactions from now on. A decision that did
// not let the call run (held, blocked) or that reached nobody records
// nothing.
func (door *Door) Ran(ctx context.Context, a *guard.Action, d *guard.Decision) error {
	if door.Writer == nil || !d.Verdict.Allowed() {
		return nil
	}
	contacts := audit.ContactsOf(d)
	if len(contacts) == 0 {
		return nil
	}
	r := audit.RanRecord(a.Context.SessionID, a.ID, a.Tool, d.Verdict, d.Level, contacts)
	if err := door.Writer.Append(ctx, r); err != nil {
		return fmt.Errorf("%w: %w", ErrNotRecorded, err)
	}
	return nil
}

// openQueue opens the queue through OpenQueue when there is none yet.
func (door *Door) openQueue(ctx context.Context) error {
	if door.Queue != nil || door.OpenQueue == nil {
		return nil
	}
	q, err := door.OpenQueue(ctx)
	if err != nil {
		return err
	}
	door.Queue = q
	return nil
}

func appendSentence(s, t string) string {
	if s == "" {
		return t
	}
	return s + " " + t
}
