package store

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"github.com/actionguard/actionguard/approval"
)

// SQLite implements approval.Store.
var _ approval.Store = (*SQLite)(nil)

const approvalColumns = `id, created_us, expires_us, status, action, decision, decided_by, decided_us, note`

// OpenApproval inserts a pending request (approval.Store). It first marks
// the requests that have expired, so the table never keeps stale pending
// rows for long.
func (s *SQLite) OpenApproval(ctx context.Context, r *approval.Request) error {
	sum, err := json.Marshal(r.Decision)
	if err != nil {
		return fmt.Errorf("store: open approval: %w", err)
	}
	now := time.Now()
	err = s.write(ctx, func(tx *sql.Tx) error {
		if _, err := expire(ctx, tx, now); err != nil {
			return err
		}
		res, err := tx.ExecContext(ctx, `INSERT INTO approvals (`+approvalColumns+`) VALUES (?, ?, ?, ?, ?, ?, '', 0, '')
			ON CONFLICT (id) DO NOTHING`,
			r.ID, r.Created.UTC().UnixMicro(), r.Expires.UTC().UnixMicro(), string(r.Status), string(r.Action), string(sum))
		if err != nil {
			return err
		}
		if n, _ := res.RowsAffected(); n == 0 {
			return approval.ErrDuplicate
		}
		return nil
	})
	if err != nil && !errors.Is(err, approval.ErrDuplicate) {
		return fmt.Errorf("store: open approval: %w", err)
	}
	return err
}

// Approval returns one request (approval.Store).
func (s *SQLite) Approval(ctx context.Context, id string) (approval.Request, error) {
	var r approval.Request
	err := s.retry(ctx, func() error {
		var err error
		r, err = scanApproval(s.db.QueryRowContext(ctx, `SELECT `+approvalColumns+` FROM approvals WHERE id = ?`, id))
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
	var out []approval.Request
	q := `SELECT ` + approvalColumns + ` FROM approvals WHERE status = 'pending' AND expires_us > ? ORDER BY created_us DESC, id`
	args := []any{time.Now().UTC().UnixMicro()}
	if all {
		q, args = `SELECT `+approvalColumns+` FROM approvals ORDER BY created_us DESC, id`, nil
	}
	err := s.retry(ctx, func() error {
		out = out[:0]
		rows, err := s.db.QueryContext(ctx, q, args...)
		if err != nil {
			return err
		}
		defer rows.Close()
		for rows.Next() {
			r, err := scanApproval(rows)
			if err != nil {
				return err
			}
			out = append(out, r)
		}
		return rows.Err()
	})
	if err != nil {
		return nil, fmt.Errorf("store: approvals: %w", err)
	}
	return out, nil
}

// DecideApproval records a person's decision (approval.Store).
func (s *SQLite) DecideApproval(ctx context.Context, id string, d approval.Decision) (approval.Request, error) {
	switch d.Status {
	case approval.StatusApproved, approval.StatusRejected, approval.StatusExpired:
	default:
		return approval.Request{}, fmt.Errorf("store: decide approval %s: status %q is not a decision", id, d.Status)
	}
	if d.At.IsZero() {
		d.At = time.Now()
	}
	var r approval.Request
	var outcome error
	err := s.write(ctx, func(tx *sql.Tx) error {
		outcome = nil
		var err error
		r, err = scanApproval(tx.QueryRowContext(ctx, `SELECT `+approvalColumns+` FROM approvals WHERE id = ?`, id))
		if errors.Is(err, sql.ErrNoRows) {
			outcome = fmt.Errorf("%w: %s", approval.ErrNotFound, id)
			return nil
		}
		if err != nil {
			return err
		}
		if r.Status != approval.StatusPending {
			outcome = fmt.Errorf("%w: %s is %s", approval.ErrDecided, id, r.Status)
			return nil
		}
		if r.Effective(d.At) == approval.StatusExpired && d.Status != approval.StatusExpired {
			// Written so now: the next reader sees the timeout without computing it.
			if _, err := expire(ctx, tx, d.At); err != nil {
				return err
			}
			r.Status, r.DecidedBy, r.DecidedAt = approval.StatusExpired, "", r.Expires
			outcome = fmt.Errorf("%w: %s expired at %s", approval.ErrExpired, id, r.Expires.Format(time.RFC3339))
			return nil
		}
		at := d.At.UTC().Truncate(time.Microsecond)
		if _, err := tx.ExecContext(ctx, `UPDATE approvals SET status = ?, decided_by = ?, decided_us = ?, note = ? WHERE id = ? AND status = 'pending'`,
			string(d.Status), d.By, at.UnixMicro(), d.Note, id); err != nil {
			return err
		}
		r.Status, r.DecidedBy, r.DecidedAt, r.Note = d.Status, d.By, at, d.Note
		return nil
	})
	if err != nil {
		return r, fmt.Errorf("store: decide approval %s: %w", id, err)
	}
	return r, outcome
}

// ExpireApprovals marks expired pending requests as timed out
// (approval.Store).
func (s *SQLite) ExpireApprovals(ctx context.Context, now time.Time) (int64, error) {
	var n int64
	err := s.write(ctx, func(tx *sql.Tx) error {
		var err error
		n, err = expire(ctx, tx, now)
		return err
	})
	if err != nil {
		return 0, fmt.Errorf("store: expire approvals: %w", err)
	}
	return n, nil
}

func expire(ctx context.Context, tx *sql.Tx, now time.Time) (int64, error) {
	res, err := tx.ExecContext(ctx, `UPDATE approvals SET status = 'timeout', decided_us = expires_us
		WHERE status = 'pending' AND expires_us <= ?`, now.UTC().UnixMicro())
	if err != nil {
		return 0, err
	}
	return res.RowsAffected()
}

type rowScanner interface{ Scan(dest ...any) error }

// scanApproval reads one row; a pending request past its expiry reads as
// timed out.
func scanApproval(row rowScanner) (approval.Request, error) {
	var r approval.Request
	var created, expires, decided int64
	var status, action, sum string
	if err := row.Scan(&r.ID, &created, &expires, &status, &action, &sum, &r.DecidedBy, &decided, &r.Note); err != nil {
		return r, err
	}
	r.Created, r.Expires = time.UnixMicro(created).UTC(), time.UnixMicro(expires).UTC()
	r.Status, r.Action = approval.Status(status), json.RawMessage(action)
	if decided != 0 {
		r.DecidedAt = time.UnixMicro(decided).UTC()
	}
	if err := json.Unmarshal([]byte(sum), &r.Decision); err != nil {
		return r, fmt.Errorf("approval %s: reading its decision: %w", r.ID, err)
	}
	if r.Effective(time.Now()) == approval.StatusExpired && r.Status == approval.StatusPending {
		r.Status, r.DecidedAt = approval.StatusExpired, r.Expires
	}
	return r, nil
}
