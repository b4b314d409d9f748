package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"

	"github.com/actionguard/actionguard/audit"
	"github.com/actionguard/actionguard/feedback"
	"github.com/actionguard/actionguard/store/internal/codec"
)

// ErrNoRecord is returned by AuditRecord when no audit record matches.
var ErrNoRecord = errors.New("no such decision in the audit log")

// AddFeedback stores feedback on an audit record, filling e.ID, and e.Time
// when it is zero. The record must exist (a foreign key says so).
func (s *SQLite) AddFeedback(ctx context.Context, e *feedback.Entry) error {
	vals, err := codec.FeedbackValues(e)
	if err != nil {
		return fmt.Errorf("store: add feedback: %w", err)
	}
	err = s.write(ctx, func(tx *sql.Tx) error {
		res, err := tx.ExecContext(ctx, `INSERT INTO feedback (`+codec.FeedbackInsertColumns+`)
			VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`, vals...)
		if err != nil {
			return err
		}
		e.ID, err = res.LastInsertId()
		return err
	})
	if err != nil {
		return fmt.Errorf("store: add feedback on #%d: %w", e.AuditSeq, err)
	}
	return nil
}

// Feedback lists the feedback given at or after since (zero: all of it),
// oldest first.
func (s *SQLite) Feedback(ctx context.Context, since time.Time) ([]feedback.Entry, error) {
	var from int64
	if !since.IsZero() {
		from = since.UTC().UnixMicro()
	}
	var out []feedback.Entry
	err := s.retry(ctx, func() error {
		out = out[:0]
		rows, err := s.db.QueryContext(ctx, `SELECT `+codec.FeedbackColumns+` FROM feedback WHERE time_us >= ? ORDER BY id`, from)
		if err != nil {
			return err
		}
		defer rows.Close()
		out, err = codec.AppendRows(rows, out, codec.ScanFeedback)
		return err
	})
	if err != nil {
		return nil, fmt.Errorf("store: feedback: %w", err)
	}
	return out, nil
}

// AuditRecord finds the audit record a person names: "#42" is the record
// with seq 42; any other text is a decision id ("d-…", or the agent's own
// tool call id), and a number that is no record's seq is tried as one too.
// When several records carry the same decision id (an agent that reuses
// ids, or an MCP call recorded again when a person approved it) the first
// is returned, with how many there are. It fails with ErrNoRecord when
// nothing matches. The lookup by decision id uses an index: it does not
// scan the log.
func (s *SQLite) AuditRecord(ctx context.Context, ref string) (audit.Record, int, error) {
	return codec.FindAuditRecord(ref, codec.AuditLookup{
		BySeq: func(seq int64) ([]audit.Record, error) {
			return s.lookupAudit(ctx, `SELECT `+auditColumns+` FROM audit WHERE seq = ?`, seq)
		},
		CountByID: func(id string) (n int, err error) {
			err = s.retry(ctx, func() error {
				return s.db.QueryRowContext(ctx, `SELECT count(*) FROM audit WHERE decision_id = ?`, id).Scan(&n)
			})
			return n, err
		},
		FirstByID: func(id string) ([]audit.Record, error) {
			return s.lookupAudit(ctx, `SELECT `+auditColumns+` FROM audit WHERE decision_id = ? ORDER BY seq LIMIT 1`, id)
		},
	}, ErrNoRecord)
}

// lookupAudit runs an audit query, retried while the database is busy.
func (s *SQLite) lookupAudit(ctx context.Context, query string, args ...any) ([]audit.Record, error) {
	var rs []audit.Record
	err := s.retry(ctx, func() (err error) {
		rs, err = s.queryAudit(ctx, rs[:0], query, args...)
		return err
	})
	return rs, err
}

// RuleCounts returns, for every rule, on how many audit records at or after
// since (zero: all of them) it fired.
func (s *SQLite) RuleCounts(ctx context.Context, since time.Time) (map[string]int64, error) {
	var from int64 = -1 << 63
	if !since.IsZero() {
		from = since.UTC().UnixMicro()
	}
	out := map[string]int64{}
	err := s.retry(ctx, func() error {
		clear(out)
		rows, err := s.db.QueryContext(ctx, `SELECT r.value, count(DISTINCT a.seq) FROM audit AS a,
			json_each(CASE WHEN json_valid(a.rules) THEN a.rules ELSE '[]' END) AS r
			WHERE a.time_us >= ? AND r.type = 'text' GROUP BY r.value`, from)
		if err != nil {
			return err
		}
		defer rows.Close()
		for rows.Next() {
			var id string
			var n int64
			if err := rows.Scan(&id, &n); err != nil {
				return err
			}
			out[id] = n
		}
		return rows.Err()
	})
	if err != nil {
		return nil, fmt.Errorf("store: counting rules: %w", err)
	}
	return out, nil
}
