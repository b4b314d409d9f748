package postgres

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/actionguard/actionguard/approval"
	"github.com/actionguard/actionguard/audit"
	"github.com/actionguard/actionguard/store/internal/codec"
)

const approvalColumns = codec.ApprovalColumns

// updatedSQL is the updated_us every write to a request sets: the
// database's clock, and always later than the value before, so a reader
// following the changes (ApprovalsUpdated) sees every one.
const updatedSQL = `updated_us = greatest(` + nowUS + `, updated_us + 1)`

// OpenApproval inserts a pending request (approval.Store) and sets
// r.Updated.
func (s *Store) OpenApproval(ctx context.Context, r *approval.Request) error {
	sum, err := codec.Summary(r.Decision)
	if err != nil {
		return fmt.Errorf("store: open approval: %w", err)
	}
	var updated int64
	err = s.tx(ctx, beginSQL, func(c *pgx.Conn) error {
		err := c.QueryRow(ctx, `INSERT INTO approvals (`+approvalColumns+`)
			VALUES ($1, $2, $3, $4, $5, $6, '', 0, '', $7, $8, 0, `+nowUS+`, $9, $10, $11, 0, '') ON CONFLICT (id) DO NOTHING RETURNING updated_us`,
			r.ID, r.Created.UTC().UnixMicro(), r.Expires.UTC().UnixMicro(), string(r.Status), string(r.Action), sum,
			r.SessionID, r.InputHash, r.File, r.Cwd, r.Agent).Scan(&updated)
		if errors.Is(err, pgx.ErrNoRows) {
			return approval.ErrDuplicate
		}
		return err
	})
	if errors.Is(err, approval.ErrDuplicate) {
		return fmt.Errorf("%w: %s", approval.ErrDuplicate, r.ID)
	}
	if err != nil {
		return fmt.Errorf("store: open approval: %w", err)
	}
	r.Updated = codec.Time(updated)
	return nil
}

// Approval returns one request (approval.Store).
func (s *Store) Approval(ctx context.Context, id string) (approval.Request, error) {
	rs, err := s.approvals(ctx, `SELECT `+approvalColumns+` FROM approvals WHERE id = $1`, id)
	if err != nil {
		return approval.Request{}, fmt.Errorf("store: approval %s: %w", id, err)
	}
	if len(rs) == 0 {
		return approval.Request{}, fmt.Errorf("%w: %s", approval.ErrNotFound, id)
	}
	return rs[0], nil
}

// Approvals lists requests, newest first (approval.Store).
func (s *Store) Approvals(ctx context.Context, all bool) ([]approval.Request, error) {
	q := `SELECT ` + approvalColumns + ` FROM approvals WHERE status = 'pending' AND expires_us > $1
		ORDER BY created_us DESC, id COLLATE "C"`
	args := []any{time.Now().UTC().UnixMicro()}
	if all {
		q, args = `SELECT `+approvalColumns+` FROM approvals ORDER BY created_us DESC, id COLLATE "C"`, nil
	}
	rs, err := s.approvals(ctx, q, args...)
	if err != nil {
		return nil, fmt.Errorf("store: approvals: %w", err)
	}
	return rs, nil
}

// approvals returns the requests a query selects, as they stand now.
func (s *Store) approvals(ctx context.Context, q string, args ...any) ([]approval.Request, error) {
	var out []approval.Request
	err := s.run(ctx, func(c *pgx.Conn) error {
		var err error
		out, err = scanApprovals(ctx, c, time.Now(), q, args...)
		return err
	})
	return out, err
}

// scanApprovals runs q on c and reads the requests as they stand at now
// (zero: as stored).
func scanApprovals(ctx context.Context, c *pgx.Conn, now time.Time, q string, args ...any) ([]approval.Request, error) {
	rows, err := c.Query(ctx, q, args...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out, err := codec.AppendRows(rows, nil, func(scan func(dest ...any) error) (approval.Request, error) {
		return codec.ReadApproval(scan, now)
	})
	if err != nil {
		return nil, err
	}
	return out, nil
}

// DecideApproval records a person's decision (approval.Store).
func (s *Store) DecideApproval(ctx context.Context, id string, d approval.Decision) (approval.Request, error) {
	if err := codec.CheckDecision(d); err != nil {
		return approval.Request{}, fmt.Errorf("store: decide approval %s: %w", id, err)
	}
	if d.At.IsZero() {
		d.At = time.Now()
	}
	var r approval.Request
	var outcome error
	err := s.tx(ctx, beginSQL, func(c *pgx.Conn) error {
		outcome = nil
		rs, err := scanApprovals(ctx, c, time.Time{}, `SELECT `+approvalColumns+` FROM approvals WHERE id = $1 FOR UPDATE`, id)
		if err != nil {
			return err
		}
		if len(rs) == 0 {
			outcome = fmt.Errorf("%w: %s", approval.ErrNotFound, id)
			return nil
		}
		r = rs[0]
		step, why := codec.Decide(&r, d)
		switch step {
		case codec.Refuse:
			outcome = why
			return nil
		case codec.Expire:
			// Written so now: the next reader sees the timeout without computing it.
			if _, err := c.Exec(ctx, `UPDATE approvals SET status = 'expired', decided_us = expires_us, `+updatedSQL+`
				WHERE id = $1 AND status = 'pending'`, id); err != nil {
				return err
			}
			outcome = why
			rs, err := scanApprovals(ctx, c, time.Now(), `SELECT `+approvalColumns+` FROM approvals WHERE id = $1`, id)
			if err == nil && len(rs) == 1 {
				r = rs[0]
			}
			return err
		}
		var updated int64
		err = c.QueryRow(ctx, `UPDATE approvals SET status = $1, decided_by = $2, decided_us = $3, note = $4, `+updatedSQL+`
			WHERE id = $5 AND status = 'pending' RETURNING updated_us`,
			string(r.Status), r.DecidedBy, r.DecidedAt.UnixMicro(), r.Note, id).Scan(&updated)
		r.Updated = codec.Time(updated)
		return err
	})
	if err != nil {
		return r, fmt.Errorf("store: decide approval %s: %w", id, err)
	}
	return r, outcome
}

// ExpireApprovals marks expired pending requests as expired
// (approval.Store).
func (s *Store) ExpireApprovals(ctx context.Context, now time.Time) ([]approval.Request, error) {
	var out []approval.Request
	err := s.run(ctx, func(c *pgx.Conn) error {
		var err error
		out, err = scanApprovals(ctx, c, time.Time{}, `UPDATE approvals SET status = 'expired', decided_us = expires_us, `+updatedSQL+`
			WHERE status = 'pending' AND expires_us <= $1 RETURNING `+approvalColumns, now.UTC().UnixMicro())
		return err
	})
	if err != nil {
		return nil, fmt.Errorf("store: expire approvals: %w", err)
	}
	return out, nil
}

// FindApproval returns the newest usable request for an exact action
// (approval.Store).
func (s *Store) FindApproval(ctx context.Context, k approval.Key) (approval.Request, error) {
	rs, err := s.approvals(ctx, `SELECT `+approvalColumns+` FROM approvals
		WHERE session_id = $1 AND input_hash = $2 AND cwd = $3 AND agent = $4
		AND (status = 'pending' AND expires_us > $5 OR status = 'approved' AND used_us = 0)
		ORDER BY created_us DESC, id COLLATE "C" DESC LIMIT 1`, k.Session, k.InputHash, k.Cwd, k.Agent, time.Now().UTC().UnixMicro())
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
func (s *Store) LinkDecision(ctx context.Context, id string, seq int64, hash string) (approval.Request, error) {
	var rs []approval.Request
	linked := false
	err := s.run(ctx, func(c *pgx.Conn) error {
		var err error
		rs, err = scanApprovals(ctx, c, time.Now(), `UPDATE approvals SET decision_seq = $1, decision_hash = $2, `+updatedSQL+`
			WHERE id = $3 AND status <> 'pending' AND decision_seq = 0 RETURNING `+approvalColumns, seq, hash, id)
		if err != nil || len(rs) == 1 {
			linked = err == nil
			return err
		}
		rs, err = scanApprovals(ctx, c, time.Now(), `SELECT `+approvalColumns+` FROM approvals WHERE id = $1`, id)
		return err
	})
	if err != nil {
		return approval.Request{}, fmt.Errorf("store: link approval %s: %w", id, err)
	}
	if len(rs) == 0 {
		return approval.Request{}, fmt.Errorf("%w: %s", approval.ErrNotFound, id)
	}
	if !linked {
		return rs[0], fmt.Errorf("%w: %s is %s, linked to record %d", approval.ErrLinked, id, rs[0].Status, rs[0].DecisionSeq)
	}
	return rs[0], nil
}

// AuditRecords returns the audit records with from <= seq <= through, at
// most 64 (approval.Chain).
func (s *Store) AuditRecords(ctx context.Context, from, through int64) ([]audit.Record, error) {
	return s.queryAudit(ctx, nil, `SELECT `+auditColumns+` FROM audit WHERE seq >= $1 AND seq <= $2 ORDER BY seq LIMIT 64`, from, through)
}

// ConsumeApproval marks an approved request used, once (approval.Store):
// one conditional UPDATE, which of two racing callers, in any replicas,
// only one passes (the second waits for the first's row lock, then sees
// used_us set).
func (s *Store) ConsumeApproval(ctx context.Context, id string, at time.Time) (approval.Request, error) {
	var rs []approval.Request
	won := false
	err := s.run(ctx, func(c *pgx.Conn) error {
		var err error
		rs, err = scanApprovals(ctx, c, time.Now(), `UPDATE approvals SET used_us = $1, `+updatedSQL+`
			WHERE id = $2 AND status = 'approved' AND used_us = 0 RETURNING `+approvalColumns, codec.UsedMicros(at), id)
		if err != nil || len(rs) == 1 {
			won = err == nil
			return err
		}
		rs, err = scanApprovals(ctx, c, time.Now(), `SELECT `+approvalColumns+` FROM approvals WHERE id = $1`, id)
		return err
	})
	if err != nil {
		return approval.Request{}, fmt.Errorf("store: use approval %s: %w", id, err)
	}
	if len(rs) == 0 {
		return approval.Request{}, fmt.Errorf("%w: %s", approval.ErrNotFound, id)
	}
	if !won {
		return rs[0], codec.Consumed(rs[0])
	}
	return rs[0], nil
}

// ApprovalsUpdated returns the requests changed after since, oldest change
// first (approval.Store). Updated is the database's clock, the same for
// every replica; a change committed late may carry a time a little before
// one already seen, so a follower asks again from a little before.
func (s *Store) ApprovalsUpdated(ctx context.Context, since time.Time) ([]approval.Request, error) {
	rs, err := s.approvals(ctx, `SELECT `+approvalColumns+` FROM approvals WHERE updated_us > $1
		ORDER BY updated_us, id COLLATE "C" LIMIT 1000`, codec.Micros(since))
	if err != nil {
		return nil, fmt.Errorf("store: approvals updated: %w", err)
	}
	return rs, nil
}
