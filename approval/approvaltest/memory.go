// Package approvaltest holds an in-memory approval.Store for tests of the
// packages that use the queue (the gate, the hook, the MCP proxy, the
// CLI): Memory behaves as the Store interface says, in one process.
package approvaltest

import (
	"context"
	"fmt"
	"slices"
	"sync"
	"time"

	"github.com/actionguard/actionguard/approval"
	"github.com/actionguard/actionguard/audit"
)

// Memory is an approval.Store in memory. The zero value is ready; it is
// safe for concurrent use.
type Memory struct {
	// Now is the store's clock (time.Now when nil): what it stamps
	// Updated with and judges expiry by.
	Now func() time.Time

	mu   sync.Mutex
	reqs map[string]*approval.Request
	seq  int // opening order, for "newest first" among equal times
	ord  map[string]int
	// audit is the audit log (Append), for approval.Chain.
	audit []audit.Record
}

var _ approval.Chain = (*Memory)(nil)

var _ approval.Store = (*Memory)(nil)

func (m *Memory) now() time.Time {
	if m.Now != nil {
		return m.Now().UTC().Truncate(time.Microsecond)
	}
	return time.Now().UTC().Truncate(time.Microsecond)
}

// read is r as a reader sees it: a pending request past its expiry reads
// as expired.
func (m *Memory) read(r *approval.Request) approval.Request {
	c := *r
	if c.Status == approval.StatusPending && !m.now().Before(c.Expires) {
		c.Status, c.DecidedAt = approval.StatusExpired, c.Expires
	}
	return c
}

// OpenApproval implements approval.Store.
func (m *Memory) OpenApproval(ctx context.Context, r *approval.Request) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.reqs == nil {
		m.reqs, m.ord = map[string]*approval.Request{}, map[string]int{}
	}
	if _, ok := m.reqs[r.ID]; ok {
		return approval.ErrDuplicate
	}
	r.Updated = m.now()
	c := *r
	m.reqs[r.ID] = &c
	m.seq++
	m.ord[r.ID] = m.seq
	return nil
}

// Approval implements approval.Store.
func (m *Memory) Approval(ctx context.Context, id string) (approval.Request, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	r, ok := m.reqs[id]
	if !ok {
		return approval.Request{}, fmt.Errorf("%w: %s", approval.ErrNotFound, id)
	}
	return m.read(r), nil
}

// sorted returns the requests newest first.
func (m *Memory) sorted() []*approval.Request {
	out := make([]*approval.Request, 0, len(m.reqs))
	for _, r := range m.reqs {
		out = append(out, r)
	}
	slices.SortFunc(out, func(a, b *approval.Request) int {
		if c := b.Created.Compare(a.Created); c != 0 {
			return c
		}
		return m.ord[b.ID] - m.ord[a.ID]
	})
	return out
}

// Approvals implements approval.Store.
func (m *Memory) Approvals(ctx context.Context, all bool) ([]approval.Request, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	var out []approval.Request
	for _, r := range m.sorted() {
		c := m.read(r)
		if all || c.Status == approval.StatusPending {
			out = append(out, c)
		}
	}
	return out, nil
}

// DecideApproval implements approval.Store.
func (m *Memory) DecideApproval(ctx context.Context, id string, d approval.Decision) (approval.Request, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	switch d.Status {
	case approval.StatusApproved, approval.StatusRejected, approval.StatusExpired:
	default:
		return approval.Request{}, fmt.Errorf("status %q is not a decision", d.Status)
	}
	r, ok := m.reqs[id]
	if !ok {
		return approval.Request{}, fmt.Errorf("%w: %s", approval.ErrNotFound, id)
	}
	if r.Status != approval.StatusPending {
		return *r, fmt.Errorf("%w: %s is %s", approval.ErrDecided, id, r.Status)
	}
	at := d.At
	if at.IsZero() {
		at = m.now()
	}
	at = at.UTC().Truncate(time.Microsecond)
	if !at.Before(r.Expires) && d.Status != approval.StatusExpired {
		r.Status, r.DecidedAt, r.Updated = approval.StatusExpired, r.Expires, m.now()
		return *r, fmt.Errorf("%w: %s expired at %s", approval.ErrExpired, id, r.Expires.Format(time.RFC3339))
	}
	r.Status, r.DecidedBy, r.DecidedAt, r.Note, r.Updated = d.Status, d.By, at, d.Note, m.now()
	return *r, nil
}

// ExpireApprovals implements approval.Store.
func (m *Memory) ExpireApprovals(ctx context.Context, now time.Time) ([]approval.Request, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	var out []approval.Request
	for _, r := range m.reqs {
		if r.Status == approval.StatusPending && !now.Before(r.Expires) {
			r.Status, r.DecidedAt, r.Updated = approval.StatusExpired, r.Expires, m.now()
			out = append(out, *r)
		}
	}
	return out, nil
}

// FindApproval implements approval.Store.
func (m *Memory) FindApproval(ctx context.Context, k approval.Key) (approval.Request, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	for _, r := range m.sorted() {
		if r.Key() != k {
			continue
		}
		c := m.read(r)
		if c.Status == approval.StatusPending || c.Status == approval.StatusApproved && c.UsedAt.IsZero() {
			return c, nil
		}
	}
	return approval.Request{}, approval.ErrNotFound
}

// ConsumeApproval implements approval.Store.
func (m *Memory) ConsumeApproval(ctx context.Context, id string, at time.Time) (approval.Request, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	r, ok := m.reqs[id]
	switch {
	case !ok:
		return approval.Request{}, fmt.Errorf("%w: %s", approval.ErrNotFound, id)
	case r.Status != approval.StatusApproved:
		return m.read(r), fmt.Errorf("%w: %s is %s", approval.ErrNotApproved, id, m.read(r).Status)
	case !r.UsedAt.IsZero():
		return *r, fmt.Errorf("%w: %s was used at %s", approval.ErrUsed, id, r.UsedAt.Format(time.RFC3339))
	}
	r.UsedAt, r.Updated = at.UTC().Truncate(time.Microsecond), m.now()
	return *r, nil
}

// ApprovalsUpdated implements approval.Store.
func (m *Memory) ApprovalsUpdated(ctx context.Context, since time.Time) ([]approval.Request, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	var out []approval.Request
	for _, r := range m.reqs {
		if r.Updated.After(since) {
			out = append(out, m.read(r))
		}
	}
	slices.SortFunc(out, func(a, b approval.Request) int { return a.Updated.Compare(b.Updated) })
	if len(out) > 1000 {
		out = out[:1000]
	}
	return out, nil
}

// LinkDecision implements approval.Store.
func (m *Memory) LinkDecision(ctx context.Context, id string, seq int64, hash string) (approval.Request, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	r, ok := m.reqs[id]
	switch {
	case !ok:
		return approval.Request{}, fmt.Errorf("%w: %s", approval.ErrNotFound, id)
	case r.Status == approval.StatusPending || r.DecisionSeq != 0:
		return m.read(r), fmt.Errorf("%w: %s", approval.ErrLinked, id)
	}
	r.DecisionSeq, r.DecisionHash, r.Updated = seq, hash, m.now()
	return m.read(r), nil
}

// Tamper changes a stored request as a program writing to the database
// directly would (tests of what such a change lets through).
func (m *Memory) Tamper(id string, change func(r *approval.Request)) {
	m.mu.Lock()
	defer m.mu.Unlock()
	if r, ok := m.reqs[id]; ok {
		change(r)
	}
}

// Append adds r to the store's audit log, sealing it as audit.Log does
// (Seq, Time, PrevHash, Hash): it has the signature of approval.Queue.Audit.
func (m *Memory) Append(ctx context.Context, r *audit.Record) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	r.Seq = int64(len(m.audit)) + 1
	if r.Time.IsZero() {
		r.Time = m.now()
	}
	if r.Rules == nil {
		r.Rules = []string{}
	}
	r.PrevHash = audit.Genesis
	if n := len(m.audit); n > 0 {
		r.PrevHash = m.audit[n-1].Hash
	}
	r.Hash = r.ComputeHash()
	m.audit = append(m.audit, *r)
	return nil
}

// AuditRecords implements approval.Chain.
func (m *Memory) AuditRecords(ctx context.Context, from, through int64) ([]audit.Record, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	var out []audit.Record
	for _, r := range m.audit {
		if r.Seq >= from && r.Seq <= through {
			out = append(out, r)
		}
	}
	return out, nil
}

// ScanAudit implements approval.Chain.
func (m *Memory) ScanAudit(ctx context.Context, q audit.Query, fn func(audit.Record) error) error {
	m.mu.Lock()
	rs := slices.Clone(m.audit)
	m.mu.Unlock()
	for _, r := range rs {
		if q.Session != "" && r.SessionID != q.Session || !q.Since.IsZero() && r.Time.Before(q.Since) ||
			!q.Until.IsZero() && !r.Time.Before(q.Until) || q.ThroughSeq != 0 && r.Seq > q.ThroughSeq {
			continue
		}
		if err := fn(r); err != nil {
			return err
		}
	}
	return nil
}

// AuditLog returns the records appended so far.
func (m *Memory) AuditLog() []audit.Record {
	m.mu.Lock()
	defer m.mu.Unlock()
	return slices.Clone(m.audit)
}
