package codec

import (
	"encoding/json"
	"fmt"
	"time"

	"github.com/actionguard/actionguard/approval"
)

// ApprovalColumns are the approvals table's columns in the order
// ApprovalRow.Dest uses.
const ApprovalColumns = `id, created_us, expires_us, status, action, decision, decided_by, decided_us, note,
	session_id, input_hash, used_us, updated_us, file, cwd, agent, decision_seq, decision_hash`

// Summary returns a request's decision summary as stored (JSON).
func Summary(s approval.Summary) (string, error) {
	b, err := json.Marshal(s)
	return string(b), err
}

// ApprovalRow receives one row of ApprovalColumns.
type ApprovalRow struct {
	r                               approval.Request
	created, expires, decided, used int64
	updated                         int64
	status, action, summary         string
}

// Dest returns the scan destinations, in ApprovalColumns order.
func (a *ApprovalRow) Dest() []any {
	r := &a.r
	return []any{&r.ID, &a.created, &a.expires, &a.status, &a.action, &a.summary, &r.DecidedBy, &a.decided, &r.Note,
		&r.SessionID, &r.InputHash, &a.used, &a.updated, &r.File, &r.Cwd, &r.Agent, &r.DecisionSeq, &r.DecisionHash}
}

// ReadApproval reads a row of ApprovalColumns with scan, as the request
// stands at now (see Request).
func ReadApproval(scan func(dest ...any) error, now time.Time) (approval.Request, error) {
	var a ApprovalRow
	if err := scan(a.Dest()...); err != nil {
		return approval.Request{}, err
	}
	return a.Request(now)
}

// Request returns the request scanned, as it stands at now: a pending
// request past its expiry reads as expired. With the zero now, it is the
// request as stored.
func (a *ApprovalRow) Request(now time.Time) (approval.Request, error) {
	r := a.r
	r.Created, r.Expires = time.UnixMicro(a.created).UTC(), time.UnixMicro(a.expires).UTC()
	r.Status, r.Action = approval.Status(a.status), json.RawMessage(a.action)
	r.DecidedAt, r.UsedAt, r.Updated = Time(a.decided), Time(a.used), Time(a.updated)
	if err := json.Unmarshal([]byte(a.summary), &r.Decision); err != nil {
		return r, fmt.Errorf("approval %s: reading its decision: %w", r.ID, err)
	}
	if !now.IsZero() && r.Effective(now) == approval.StatusExpired {
		r.Status, r.DecidedAt = approval.StatusExpired, r.Expires
	}
	return r, nil
}

// Step is what recording a decision on a stored request takes.
type Step int

const (
	// Write: record the decision (the request is pending).
	Write Step = iota
	// Expire: the request is past its expiry; mark it (and the other
	// pending requests past theirs) expired, and return the error.
	Expire
	// Refuse: write nothing, return the error.
	Refuse
)

// CheckDecision reports whether d is a decision a person can record.
func CheckDecision(d approval.Decision) error {
	switch d.Status {
	case approval.StatusApproved, approval.StatusRejected, approval.StatusExpired:
	default:
		return fmt.Errorf("status %q is not a decision", d.Status)
	}
	if d.Auto && d.Status != approval.StatusApproved {
		return fmt.Errorf("an automatic confirmation cannot be %s", d.Status)
	}
	return nil
}

// Decide says what recording d (d.At set) on r, the request as stored,
// takes, and the error to return for Expire and Refuse. When the request is
// written (Write), r is updated to read as decided.
func Decide(r *approval.Request, d approval.Decision) (Step, error) {
	if r.Status != approval.StatusPending {
		return Refuse, fmt.Errorf("%w: %s is %s", approval.ErrDecided, r.ID, r.Status)
	}
	if r.Effective(d.At) == approval.StatusExpired && d.Status != approval.StatusExpired {
		r.Status, r.DecidedBy, r.DecidedAt = approval.StatusExpired, "", r.Expires
		return Expire, fmt.Errorf("%w: %s expired at %s", approval.ErrExpired, r.ID, r.Expires.Format(time.RFC3339))
	}
	if d.Auto && r.Decision.Verdict != "confirm" {
		// Seed 000: only a CAUTIOUS request may be confirmed by the countdown.
		return Refuse, fmt.Errorf("%s needs a person's approval (verdict %s), not an automatic confirmation", r.ID, r.Decision.Verdict)
	}
	at := d.At.UTC().Truncate(time.Microsecond)
	r.Status, r.DecidedBy, r.DecidedAt, r.Note = d.Status, d.By, at, d.Note
	return Write, nil
}

// Consumed explains why ConsumeApproval could not use r, the request as it
// stands after the attempt.
func Consumed(r approval.Request) error {
	switch {
	case r.Status == approval.StatusApproved && !r.UsedAt.IsZero():
		return fmt.Errorf("%w: %s was used at %s", approval.ErrUsed, r.ID, r.UsedAt.Format(time.RFC3339Nano))
	case r.Status != approval.StatusApproved:
		return fmt.Errorf("%w: %s is %s", approval.ErrNotApproved, r.ID, r.Status)
	}
	// Approved just after the attempt found it pending.
	return fmt.Errorf("%w: %s was not approved yet", approval.ErrNotApproved, r.ID)
}

// UsedMicros is the used_us a request used at at gets: never 0, which means
// unused.
func UsedMicros(at time.Time) int64 {
	if at.IsZero() {
		at = time.Now()
	}
	return max(at.UnixMicro(), 1)
}
