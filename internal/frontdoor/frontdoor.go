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
	"slices"
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
	// Gate, when set, is the door's approval step in place of Approvals:
	// a caller that finds its queue its own way (the hook opens the
	// database only for a held call, and only looks for a pass when the
	// agent asks the person itself). It is called for a held decision
	// (guard.Decision.Approvable) and may change it, as gate.Apply does.
	Gate func(ctx context.Context, a *guard.Action, d *guard.Decision) (approval.Outcome, error)
	// Rewrite, when set, is the last step before the record for a checked
	// decision that is not a block (no Error): it may set RewrittenInput
	// (undo's trash).
	Rewrite func(ctx context.Context, a *guard.Action, d *guard.Decision)
	// PolicyNotice says that the policy did not load as written and what
	// decided instead (policy.Fallback.Notice): every decision the door
	// reaches carries it, in its notice and reason for the agent and the
	// person, and as AnomalyPolicyFallback in the audit log.
	PolicyNotice string
	// Writer records decisions; nil records nothing (--no-audit).
	Writer Writer
	// OmitHistory leaves the session's earlier calls out of a decision's
	// record (the hook: each of them has its own record).
	OmitHistory bool
	// Decided, when set, is called with every decision after its record is
	// written (or when the door records nothing): the hook keeps it in the
	// session's history. An error is the Writer's: the record is not
	// complete.
	Decided func(ctx context.Context, a *guard.Action, d *guard.Decision, res Result) error
	// RunsOnPass says that a call let through by a person's approval runs
	// as soon as it is answered (the server's clients, the hook), so the
	// contacts it reaches are recorded with the decision. A door whose
	// caller only checks (`actionguard check`) or learns later whether the
	// call ran (the MCP proxy, which calls Ran) leaves it false.
	RunsOnPass bool
}

// AnomalyPolicyFallback flags the audit record of a decision made while
// the policy did not load (the last valid version, or the strictest
// built-in settings, decided).
const AnomalyPolicyFallback = "the policy did not load: its last valid version or the strictest settings decided"

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
// record may be lost. The decision Decide returns with it is never one
// that lets the action run (an allow becomes the fallback), and a caller
// that must not answer with an unrecorded decision at all (the server)
// does not.
var ErrNotRecorded = errors.New("the decision could not be recorded in the audit log")

// Decide names a (when it has no id and the door records), checks it, applies the approval
// queue and records the decision. The decision is returned whatever
// happens and never lets through what could not be checked or recorded:
// a panic anywhere on the way (the checker, the gate, a rewrite) is the
// guard's fallback verdict (the policy's on_error, never allow), recorded
// like any decision. An error is ErrNotRecorded's.
func (door *Door) Decide(ctx context.Context, a *guard.Action) (d guard.Decision, res Result, err error) {
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
	defer func() {
		if r := recover(); r != nil {
			res = Result{CheckErr: fmt.Errorf("%w: internal error: %v", guard.ErrFallback, r)}
			d, err = door.Fail(ctx, a, fmt.Sprintf("internal error: %v", r))
		}
	}()
	d, res.CheckErr = door.Guard.Check(ctx, *a)
	if !d.Verdict.Valid() {
		// A checker that names no verdict decided nothing: hold it.
		why := fmt.Sprintf("the check gave no verdict (%q)", d.Verdict)
		res.CheckErr = fmt.Errorf("%w: %s", guard.ErrFallback, why)
		d = door.fallback(a, why)
	}
	if d.ID == "" {
		d.ID = a.ID
	}
	held := d.Approvable() && (door.Approvals != NoApprovals || door.Gate != nil)
	if held && door.Gate == nil {
		res.ApprovalErr = door.openQueue(ctx)
		if res.ApprovalErr != nil {
			d.Error = appendSentence(d.Error, "approval queue: "+res.ApprovalErr.Error())
			d.Reason = appendSentence(d.Reason, "No approval request could be opened ("+res.ApprovalErr.Error()+").")
		}
	}
	// Encoded once, for the approval request and the audit record, and
	// only when one of them needs it (a check that records nothing does not).
	var raw []byte
	if (held && door.Gate == nil) || door.Writer != nil {
		raw = door.encode(a)
	}
	if held && (door.Gate != nil || door.Queue != nil && res.ApprovalErr == nil) {
		d, res.Approval, res.ApprovalErr = door.gate(ctx, a, raw, d)
	}
	if door.Rewrite != nil && d.Verdict != guard.Block && d.Error == "" {
		d = door.rewrite(ctx, a, d)
	}
	door.flag(&d)
	if door.Writer == nil && door.Decided == nil {
		return d, res, nil // nothing to record or tell
	}
	if door.Writer != nil {
		res.Took = time.Since(start)
	}
	d, err = door.recorded(ctx, a, raw, d, res)
	return d, res, err
}

// The steps of Decide that hand the decision to code the door does not
// know (a gate, a rewrite, a writer) take and return it by value: the
// copy they change lives on the heap only when one of them runs, and a
// check that only checks (check --jsonl --no-audit) allocates no
// decision.

// gate opens an approval request for d, or passes it once, as the door
// says (Decide's held case).
func (door *Door) gate(ctx context.Context, a *guard.Action, raw []byte, d guard.Decision) (guard.Decision, approval.Outcome, error) {
	var o approval.Outcome
	var err error
	switch {
	case door.Gate != nil:
		o, err = door.Gate(ctx, a, &d)
	case door.Approvals == OpenRequests:
		o, err = gate.ApplyEncoded(ctx, door.Queue, a, raw, &d)
	case door.Approvals == PassesOnly:
		o, err = gate.Pass(ctx, door.Queue, a, &d)
	}
	return d, o, err
}

// rewrite is door.Rewrite over d.
func (door *Door) rewrite(ctx context.Context, a *guard.Action, d guard.Decision) guard.Decision {
	door.Rewrite(ctx, a, &d)
	return d
}

// recorded is record over d and res.
func (door *Door) recorded(ctx context.Context, a *guard.Action, raw []byte, d guard.Decision, res Result) (guard.Decision, error) {
	err := door.record(ctx, a, raw, &d, &res)
	return d, err
}

// Fail is the decision about an action that could not be checked at all
// (unreadable input, a panic on the way): the guard's fallback verdict
// (the policy's on_error, never allow) with why in its Error, named,
// flagged and recorded like any decision. The hook answers unreadable
// input with it.
func (door *Door) Fail(ctx context.Context, a *guard.Action, why string) (d guard.Decision, err error) {
	return door.fail(ctx, a, nil, why)
}

// MaxUnreadable bounds how much of unreadable input FailInput keeps in
// the audit record.
const MaxUnreadable = 4 << 10

// FailInput is Fail for input that did not read as an Action (a line of
// check --jsonl that is not JSON, or not an Action): the record keeps, in
// place of the action, its id, the start of what was read (MaxUnreadable
// bytes; the audit log redacts it like any action) and its length (none
// when input is nil: nothing of it was kept, as for a line too long).
func (door *Door) FailInput(ctx context.Context, a *guard.Action, input []byte, why string) (guard.Decision, error) {
	if a.ID == "" {
		a.ID = NewID()
	}
	var raw []byte
	if door.Writer != nil {
		kept := input
		if len(kept) > MaxUnreadable {
			kept = kept[:MaxUnreadable]
		}
		raw, _ = json.Marshal(struct {
			ID         string `json:"id"`
			Unreadable string `json:"unreadable"`
			Bytes      int    `json:"bytes,omitempty"`
		}{a.ID, string(kept), len(input)})
	}
	return door.fail(ctx, a, raw, why)
}

// fail is Fail with the action's record already encoded (raw), or nil to
// encode a.
func (door *Door) fail(ctx context.Context, a *guard.Action, raw []byte, why string) (d guard.Decision, err error) {
	defer func() {
		if r := recover(); r != nil {
			// The record itself broke: the hold stands, unrecorded.
			d, err = holdFallback(a, why), fmt.Errorf("%w: internal error: %v", ErrNotRecorded, r)
		}
	}()
	if a.ID == "" {
		a.ID = NewID()
	}
	d = door.fallback(a, why)
	door.flag(&d)
	if raw == nil && door.Writer != nil {
		raw = door.encode(a)
	}
	err = door.record(ctx, a, raw, &d, &Result{})
	return d, err
}

// fallback is the guard's fallback decision, or confirm when the checker
// has none (or panics giving it).
func (door *Door) fallback(a *guard.Action, why string) (d guard.Decision) {
	defer func() {
		if recover() != nil {
			d = holdFallback(a, why)
		}
	}()
	if f, ok := door.Guard.(interface {
		Fallback(a *guard.Action, why string) guard.Decision
	}); ok && f != nil {
		d = f.Fallback(a, why)
		if d.Verdict == guard.Allow || !d.Verdict.Valid() {
			d = holdFallback(a, why)
		}
		if d.ID == "" {
			d.ID = a.ID
		}
		return d
	}
	return holdFallback(a, why)
}

// holdFallback holds an action for a person: the fallback of a door whose
// checker cannot give one.
func holdFallback(a *guard.Action, why string) guard.Decision {
	return guard.Decision{ID: a.ID, Verdict: guard.Confirm, Level: guard.Cautious, Risk: 5, Score: 50, Kind: a.InferKind(), Error: why,
		Findings: []guard.Finding{}, Reason: "actionguard could not check this action (" + why + "), so it is held for a person to look at."}
}

// flag adds what every front door says the same way: a policy that did
// not load, and a DANGEROUS action a person's approval let through.
func (door *Door) flag(d *guard.Decision) {
	if door.PolicyNotice != "" {
		d.Notice = appendSentence(d.Notice, door.PolicyNotice)
		d.Reason = appendSentence(d.Reason, door.PolicyNotice)
		if !slices.Contains(d.Anomalies, AnomalyPolicyFallback) {
			d.Anomalies = append(d.Anomalies, AnomalyPolicyFallback)
		}
	}
	if d.ApprovalID != "" && d.Verdict.Allowed() && d.Level == guard.Dangerous && !slices.Contains(d.Anomalies, guard.AnomalyDangerousApproved) {
		d.Anomalies = append(d.Anomalies, guard.AnomalyDangerousApproved)
	}
}

// encode is the action's JSON for its record and approval request, with
// the session's earlier calls left out when the door says so.
// A nil answer (the action cannot be encoded) is left to the queue, which
// encodes again and reports the error.
func (door *Door) encode(a *guard.Action) []byte { return encodeAction(a, door.OmitHistory) }

// record appends d's record, tells Decided, and records a pass used now.
// A record that cannot be written turns an allow into the fallback (d is
// changed in place).
func (door *Door) record(ctx context.Context, a *guard.Action, raw []byte, d *guard.Decision, res *Result) error {
	if door.Writer == nil {
		if door.Decided != nil {
			if err := door.Decided(ctx, a, d, *res); err != nil {
				return door.unrecorded(a, d, err)
			}
		}
		return nil
	}
	if raw == nil {
		raw = []byte(`{"error":"the action could not be encoded"}`)
	}
	if err := door.Writer.Append(ctx, audit.RecordOfEncoded(a, raw, d, res.Took)); err != nil {
		return door.unrecorded(a, d, err)
	}
	if door.RunsOnPass && res.Approval.Passed && d.Verdict.Allowed() {
		// A person's approval is used: the call runs now, and what it
		// reaches counts once.
		if err := door.Ran(ctx, a, d); err != nil {
			return door.unrecorded(a, d, err)
		}
	}
	if door.Decided != nil {
		if err := door.Decided(ctx, a, d, *res); err != nil {
			return door.unrecorded(a, d, err)
		}
	}
	return nil
}

// unrecorded is the answer when a decision's record could not be
// written: a decision that holds or blocks stands; an allow is not safe
// unrecorded, so it becomes the fallback (not recorded either).
func (door *Door) unrecorded(a *guard.Action, d *guard.Decision, err error) error {
	if !errors.Is(err, ErrNotRecorded) {
		err = fmt.Errorf("%w: %w", ErrNotRecorded, err)
	}
	if d.Verdict.Allowed() {
		*d = door.fallback(a, err.Error())
		door.flag(d)
	}
	return err
}

// Record appends the record of a decision about a reached outside Decide:
// a person's answer to a call that waited for it (the MCP proxy's wait),
// flagged as every decision is. An error is ErrNotRecorded's.
func (door *Door) Record(ctx context.Context, a *guard.Action, d *guard.Decision, took time.Duration) error {
	door.flag(d)
	if door.Writer == nil {
		return nil
	}
	raw := door.encode(a)
	if raw == nil {
		raw = []byte(`{"error":"the action could not be encoded"}`)
	}
	if err := door.Writer.Append(ctx, audit.RecordOfEncoded(a, raw, d, took)); err != nil {
		return fmt.Errorf("%w: %w", ErrNotRecorded, err)
	}
	return nil
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
