package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"

	"github.com/actionguard/actionguard/approval"
	"github.com/actionguard/actionguard/audit"
	"github.com/actionguard/actionguard/store/internal/codec"
)

// SQLite implements approval.Store and approval.Chain.
var (
	_ approval.Store = (*SQLite)(nil)
	_ approval.Chain = (*SQLite)(nil)
)

const approvalColumns = codec.ApprovalColumns

// updatedSQL is the updated_us every write to a request sets: now, and
// always later than the value before, so that a reader following the
// changes (ApprovalsUpdated) sees every one, even two in one microsecond.
const updatedSQL = `updated_us = max(?, updated_us + 1)`

// OpenApproval inserts a pending request (approval.Store) and sets
// r.Updated.
func (s *SQLite) OpenApproval(ctx context.Context, r *approval.Request) error {
	sum, err := codec.Summary(r.Decision)
	if err != nil {
		return fmt.Errorf("store: open approval: %w", err)
	}
	now := time.Now().UTC().Truncate(time.Microsecond)
	err = s.write(ctx, func(tx *sql.Tx) error {
		res, err := tx.ExecContext(ctx, `INSERT INTO approvals (`+approvalColumns+`)
			VALUES (?, ?, ?, ?, ?, ?, '', 0, '', ?, ?, 0, ?, ?, ?, ?, 0, '') ON CONFLICT (id) DO NOTHING`,
			r.ID, r.Created.UTC().UnixMicro(), r.Expires.UTC().UnixMicro(), string(r.Status), string(r.Action), sum,
			r.SessionID, r.InputHash, now.UnixMicro(), r.File, r.Cwd, r.Agent)
		if err != nil {
			return err
		}
		if n, _ := res.RowsAffected(); n == 0 {
			return approval.ErrDuplicate
		}
		return nil
	})
	if errors.Is(err, approval.ErrDuplicate) {
		return fmt.Errorf("%w: %s", approval.ErrDuplicate, r.ID)
	}
	if err != nil {
		return fmt.Errorf("store: open approval: %w", err)
	}
	r.Updated = now
	return nil
}

// Approval returns one request (approval.Store).
func (s *SQLite) Approval(ctx context.Context, id string) (approval.Request, error) {
	var r approval.Request
	err := s.retry(ctx, func() error {
		var err error
		r, err = scanApproval(s.db.QueryRowContext(ctx, `SELECT `+approvalColumns+` FROM approvals WHERE id = ?`, id).Scan)
		return err
	})
	if errors.Is(err, sql.ErrNoRows) {
		return r, fmt.Errorf("%w: %s", approval.ErrNotFound, id)
	}
	if err != nil {
		return r, fmt.Errorf("store: approval %s: %w", id, err)
	}
	return r, nil
}

// Approvals lists requests, newest first (approval.Store).
func (s *SQLite) Approvals(ctx context.Context, all bool) ([]approval.Request, error) {
	q := `SELECT ` + approvalColumns + ` FROM approvals WHERE status = 'pending' AND expires_us > ? ORDER BY created_us DESC, id`
	args := []any{time.Now().UTC().UnixMicro()}
	if all {
		q, args = `SELECT `+approvalColumns+` FROM approvals ORDER BY created_us DESC, id`, nil
	}
	out, err := s.approvals(ctx, q, args...)
	if err != nil {
		return nil, fmt.Errorf("store: approvals: %w", err)
	}
	return out, nil
}

// approvals returns the requests a query selects.
func (s *SQLite) approvals(ctx context.Context, q string, args ...any) ([]approval.Request, error) {
	var out []approval.Request
	err := s.retry(ctx, func() error {
		out = out[:0]
		rows, err := s.query(ctx, q, args...)
		if err != nil {
			return err
		}
		defer rows.Close()
		out, err = codec.AppendRows(rows, out, scanApproval)
		return err
	})
	return out, err
}

// DecideApproval records a person's decision (approval.Store).
func (s *SQLite) DecideApproval(ctx context.Context, id string, d approval.Decision) (approval.Request, error) {
	if err := codec.CheckDecision(d); err != nil {
		return approval.Request{}, fmt.Errorf("store: decide approval %s: %w", id, err)
	}
	if d.At.IsZero() {
		d.At = time.Now()
	}
	var r approval.Request
	var outcome error
	err := s.write(ctx, func(tx *sql.Tx) error {
		outcome = nil
		var err error
		r, err = scanStoredApproval(tx.QueryRowContext(ctx, `SELECT `+approvalColumns+` FROM approvals WHERE id = ?`, id).Scan)
		if errors.Is(err, sql.ErrNoRows) {
			outcome = fmt.Errorf("%w: %s", approval.ErrNotFound, id)
			return nil
		}
		if err != nil {
			return err
		}
		now := time.Now().UTC().Truncate(time.Microsecond)
		step, why := codec.Decide(&r, d)
		switch step {
		case codec.Refuse:
			outcome = why
			return nil
		case codec.Expire:
			// Written so now: the next reader sees the timeout without computing it.
			if _, err := tx.ExecContext(ctx, `UPDATE approvals SET status = 'expired', decided_us = expires_us, `+updatedSQL+`
				WHERE id = ? AND status = 'pending'`, now.UnixMicro(), id); err != nil {
				return err
			}
			outcome = why
			r, err = scanApproval(tx.QueryRowContext(ctx, `SELECT `+approvalColumns+` FROM approvals WHERE id = ?`, id).Scan)
			return err
		}
		return tx.QueryRowContext(ctx, `UPDATE approvals SET status = ?, decided_by = ?, decided_us = ?, note = ?, `+updatedSQL+`
			WHERE id = ? AND status = 'pending' RETURNING updated_us`,
			string(r.Status), r.DecidedBy, r.DecidedAt.UnixMicro(), r.Note, now.UnixMicro(), id).Scan(micros{&r.Updated})
	})
	if err != nil {
		return r, fmt.Errorf("store: decide approval %s: %w", id, err)
	}
	return r, outcome
}

// ExpireApprovals marks expired pending requests as expired
// (approval.Store).
func (s *SQLite) ExpireApprovals(ctx context.Context, now time.Time) ([]approval.Request, error) {
	var out []approval.Request
	err := s.write(ctx, func(tx *sql.Tx) error {
		out = out[:0]
		rows, err := tx.QueryContext(ctx, `UPDATE approvals SET status = 'expired', decided_us = expires_us, `+updatedSQL+`
			WHERE status = 'pending' AND expires_us <= ? RETURNING `+approvalColumns,
			time.Now().UTC().UnixMicro(), now.UTC().UnixMicro())
		if err != nil {
			return err
		}
		defer rows.Close()
		out, err = codec.AppendRows(rows, out, scanStoredApproval)
		return err
	})
	if err != nil {
		return nil, fmt.Errorf("store: expire approvals: %w", err)
	}
	return out, nil
}

// FindApproval returns the newest usable request for an exact call
// (approval.Store).
func (s *SQLite) FindApproval(ctx context.Context, k approval.Key) (approval.Request, error) {
	rs, err := s.approvals(ctx, `SELECT `+approvalColumns+` FROM approvals
		WHERE session_id = ? AND input_hash = ? AND cwd = ? AND agent = ?
		AND (status = 'pending' AND expires_us > ? OR status = 'approved' AND used_us = 0)
		ORDER BY created_us DESC, id DESC LIMIT 1`, k.Session, k.InputHash, k.Cwd, k.Agent, time.Now().UTC().UnixMicro())
	if err != nil {
		return approval.Request{}, fmt.Errorf("store: finding an approval: %w", err)
	}
	if len(rs) == 0 {
		return approval.Request{}, fmt.Errorf("%w for this action in session %q", approval.ErrNotFound, k.Session)
	}
	return rs[0], nil
}

// LinkDecision records the audit record of a decided request's decision,
// once (approval.Store).
func (s *SQLite) LinkDecision(ctx context.Context, id string, seq int64, hash string) (approval.Request, error) {
	var r approval.Request
	var linked bool
	err := s.write(ctx, func(tx *sql.Tx) error {
		res, err := tx.ExecContext(ctx, `UPDATE approvals SET decision_seq = ?, decision_hash = ?, `+updatedSQL+`
			WHERE id = ? AND status <> 'pending' AND decision_seq = 0`, seq, hash, time.Now().UTC().UnixMicro(), id)
		if err != nil {
			return err
		}
		n, err := res.RowsAffected()
		if err != nil {
			return err
		}
		linked = n == 1
		r, err = scanApproval(tx.QueryRowContext(ctx, `SELECT `+approvalColumns+` FROM approvals WHERE id = ?`, id).Scan)
		return err
	})
	if errors.Is(err, sql.ErrNoRows) {
		return r, fmt.Errorf("%w: %s", approval.ErrNotFound, id)
	}
	if err != nil {
		return r, fmt.Errorf("store: link approval %s: %w", id, err)
	}
	if !linked {
		return r, fmt.Errorf("%w: %s is %s, linked to record %d", approval.ErrLinked, id, r.Status, r.DecisionSeq)
	}
	return r, nil
}

// maxAuditRecords bounds what AuditRecords returns.
const maxAuditRecords = 64

// AuditRecords returns the audit records with from <= seq <= through, at
// most 64 (approval.Chain).
func (s *SQLite) AuditRecords(ctx context.Context, from, through int64) ([]audit.Record, error) {
	var rs []audit.Record
	err := s.retry(ctx, func() (err error) {
		rs, err = s.queryAudit(ctx, rs[:0], `SELECT `+auditColumns+` FROM audit WHERE seq >= ? AND seq <= ? ORDER BY seq LIMIT ?`,
			from, through, maxAuditRecords)
		return err
	})
	return rs, err
}

// ConsumeApproval marks an approved request used, once (approval.Store):
// one conditional UPDATE in a write transaction, so of two callers, in any
// processes, exactly one changes the row.
func (s *SQLite) ConsumeApproval(ctx context.Context, id string, at time.Time) (approval.Request, error) {
	used := codec.UsedMicros(at)
	var r approval.Request
	var won bool
	err := s.write(ctx, func(tx *sql.Tx) error {
		res, err := tx.ExecContext(ctx, `UPDATE approvals SET used_us = ?, `+updatedSQL+`
			WHERE id = ? AND status = 'approved' AND used_us = 0`, used, time.Now().UTC().UnixMicro(), id)
		if err != nil {
			return err
		}
		n, err := res.RowsAffected()
		if err != nil {
			return err
		}
		won = n == 1
		r, err = scanApproval(tx.QueryRowContext(ctx, `SELECT `+approvalColumns+` FROM approvals WHERE id = ?`, id).Scan)
		return err
	})
	if errors.Is(err, sql.ErrNoRows) {
		return r, fmt.Errorf("%w: %s", approval.ErrNotFound, id)
	}
	if err != nil {
		return r, fmt.Errorf("store: use approval %s: %w", id, err)
	}
	if !won {
		return r, codec.Consumed(r)
	}
	return r, nil
}

// ApprovalsUpdated returns the requests changed after since, oldest change
// first (approval.Store).
func (s *SQLite) ApprovalsUpdated(ctx context.Context, since time.Time) ([]approval.Request, error) {
	rs, err := s.approvals(ctx, `SELECT `+approvalColumns+` FROM approvals WHERE updated_us > ?
		ORDER BY updated_us, id LIMIT 1000`, codec.Micros(since))
	if err != nil {
		return nil, fmt.Errorf("store: approvals updated: %w", err)
	}
	return rs, nil
}

// scanApproval reads one row; a pending request past its expiry reads as
// expired.
func scanApproval(scan func(dest ...any) error) (approval.Request, error) {
	return codec.ReadApproval(scan, time.Now())
}

// scanStoredApproval reads one row as stored: a pending request past its
// expiry still reads as pending.
func scanStoredApproval(scan func(dest ...any) error) (approval.Request, error) {
	return codec.ReadApproval(scan, time.Time{})
}

// micros scans microseconds into a time.
type micros struct{ t *time.Time }

func (m micros) Scan(v any) error {
	us, ok := v.(int64)
	if !ok {
		return fmt.Errorf("reading a time: %T is not microseconds", v)
	}
	*m.t = codec.Time(us)
	return nil
}
