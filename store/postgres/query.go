package postgres

import (
	"cmp"
	"context"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/actionguard/actionguard/audit"
	"github.com/actionguard/actionguard/feedback"
	"github.com/actionguard/actionguard/store"
	"github.com/actionguard/actionguard/store/internal/codec"
)

// QueryAudit returns the records that match f, newest first, at most
// f.Limit (100 by default, 1,000 at most); page backwards with BeforeSeq
// set to the last Seq returned.
func (s *Store) QueryAudit(ctx context.Context, f store.AuditFilter) ([]audit.Record, error) {
	var w where
	if f.BeforeSeq != 0 {
		w.add("seq < " + w.arg(f.BeforeSeq))
	}
	if !f.Since.IsZero() {
		w.add("time_us >= " + w.arg(f.Since.UnixMicro()))
	}
	if !f.Until.IsZero() {
		w.add("time_us < " + w.arg(f.Until.UnixMicro()))
	}
	for _, eq := range []struct{ col, v string }{
		{"verdict", f.Verdict}, {"tool", f.Tool}, {"agent", f.Agent}, {"session_id", f.Session},
	} {
		if eq.v != "" {
			w.add(eq.col + " = " + w.arg(eq.v))
		}
	}
	if f.Rule != "" {
		w.add("rule_ids @> ARRAY[" + w.arg(f.Rule) + "::text]")
	}
	if f.Text != "" {
		n := w.arg(codec.Needle(f.Text))
		w.add(fmt.Sprintf(`(strpos(lower(tool), %[1]s) > 0 OR strpos(lower(reason), %[1]s) > 0
			OR strpos(lower(coalesce(action, '')), %[1]s) > 0)`, n))
	}
	q := `SELECT ` + auditColumns + ` FROM audit` + w.sql() + ` ORDER BY seq DESC LIMIT ` + w.arg(codec.Limit(f.Limit))
	rs, err := s.queryAudit(ctx, nil, q, w.args...)
	if err != nil {
		return nil, fmt.Errorf("store: query audit: %w", err)
	}
	return rs, nil
}

// RuleHits counts the records each rule fired on, per bucket of time from
// since.
func (s *Store) RuleHits(ctx context.Context, since time.Time, bucket time.Duration) ([]store.RuleHit, error) {
	from, width, err := codec.Buckets(since, bucket)
	if err != nil {
		return nil, fmt.Errorf("store: rule hits: %w", err)
	}
	var out []store.RuleHit
	err = s.run(ctx, func(c *pgx.Conn) error {
		out = out[:0]
		rows, err := c.Query(ctx, `SELECT (a.time_us - $1) / $2 AS k, r.id, count(*) FROM audit AS a, unnest(a.rule_ids) AS r(id)
			WHERE a.time_us >= $1 GROUP BY k, r.id`, from, width)
		if err != nil {
			return err
		}
		defer rows.Close()
		for rows.Next() {
			var k int64
			var h store.RuleHit
			if err := rows.Scan(&k, &h.Rule, &h.Count); err != nil {
				return err
			}
			h.Bucket = time.UnixMicro(from + k*width).UTC()
			out = append(out, h)
		}
		return rows.Err()
	})
	if err != nil {
		return nil, fmt.Errorf("store: rule hits: %w", err)
	}
	// Sorted here, bytewise, as SQLite sorts: not by the database's collation.
	slices.SortFunc(out, func(a, b store.RuleHit) int {
		return cmp.Or(a.Bucket.Compare(b.Bucket), strings.Compare(a.Rule, b.Rule))
	})
	return out, nil
}

// RuleCounts returns, for every rule, on how many audit records at or after
// since (zero: all of them) it fired.
func (s *Store) RuleCounts(ctx context.Context, since time.Time) (map[string]int64, error) {
	var from int64 = -1 << 63
	if !since.IsZero() {
		from = since.UTC().UnixMicro()
	}
	out := map[string]int64{}
	err := s.run(ctx, func(c *pgx.Conn) error {
		clear(out)
		rows, err := c.Query(ctx, `SELECT r.id, count(*) FROM audit AS a, unnest(a.rule_ids) AS r(id)
			WHERE a.time_us >= $1 GROUP BY r.id`, from)
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

// AuditRecord finds the audit record a person names: "#42" is the record
// with seq 42; any other text is a decision id, and a number that is no
// record's seq is tried as one too. When several records carry the decision
// id, the first is returned with how many there are; store.ErrNoRecord when
// nothing matches.
func (s *Store) AuditRecord(ctx context.Context, ref string) (audit.Record, int, error) {
	return codec.FindAuditRecord(ref, codec.AuditLookup{
		BySeq: func(seq int64) ([]audit.Record, error) {
			return s.queryAudit(ctx, nil, `SELECT `+auditColumns+` FROM audit WHERE seq = $1`, seq)
		},
		CountByID: func(id string) (n int, err error) {
			err = s.run(ctx, func(c *pgx.Conn) error {
				return c.QueryRow(ctx, `SELECT count(*) FROM audit WHERE decision_id = $1`, id).Scan(&n)
			})
			return n, err
		},
		FirstByID: func(id string) ([]audit.Record, error) {
			return s.queryAudit(ctx, nil, `SELECT `+auditColumns+` FROM audit WHERE decision_id = $1 ORDER BY seq LIMIT 1`, id)
		},
	}, store.ErrNoRecord)
}

// AddFeedback stores feedback on an audit record, filling e.ID, and e.Time
// when it is zero. The record must exist (a foreign key says so).
func (s *Store) AddFeedback(ctx context.Context, e *feedback.Entry) error {
	vals, err := codec.FeedbackValues(e)
	if err != nil {
		return fmt.Errorf("store: add feedback: %w", err)
	}
	err = s.run(ctx, func(c *pgx.Conn) error {
		return c.QueryRow(ctx, `INSERT INTO feedback (`+codec.FeedbackInsertColumns+`)
			VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) RETURNING id`, vals...).Scan(&e.ID)
	})
	if err != nil {
		return fmt.Errorf("store: add feedback on #%d: %w", e.AuditSeq, err)
	}
	return nil
}

// Feedback lists the feedback given at or after since (zero: all of it),
// oldest first.
func (s *Store) Feedback(ctx context.Context, since time.Time) ([]feedback.Entry, error) {
	var from int64
	if !since.IsZero() {
		from = since.UTC().UnixMicro()
	}
	var out []feedback.Entry
	err := s.run(ctx, func(c *pgx.Conn) error {
		out = out[:0]
		rows, err := c.Query(ctx, `SELECT `+codec.FeedbackColumns+` FROM feedback WHERE time_us >= $1 ORDER BY id`, from)
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
