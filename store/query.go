package store

import (
	"cmp"
	"context"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/actionguard/actionguard/audit"
	"github.com/actionguard/actionguard/store/internal/codec"
)

// QueryAudit returns the records that match f, newest first, at most
// f.Limit (100 by default, 1,000 at most); page backwards with BeforeSeq
// set to the last Seq returned. Text compares ASCII letters without case.
func (s *SQLite) QueryAudit(ctx context.Context, f AuditFilter) ([]audit.Record, error) {
	var where []string
	var args []any
	add := func(cond string, vs ...any) {
		where, args = append(where, cond), append(args, vs...)
	}
	if f.BeforeSeq != 0 {
		add(`seq < ?`, f.BeforeSeq)
	}
	if !f.Since.IsZero() {
		add(`time_us >= ?`, f.Since.UnixMicro())
	}
	if !f.Until.IsZero() {
		add(`time_us < ?`, f.Until.UnixMicro())
	}
	if f.Verdict != "" {
		add(`verdict = ?`, f.Verdict)
	}
	if f.Tool != "" {
		add(`tool = ?`, f.Tool)
	}
	if f.Agent != "" {
		add(`agent = ?`, f.Agent)
	}
	if f.Session != "" {
		add(`session_id = ?`, f.Session)
	}
	if f.Rule != "" {
		add(`EXISTS (SELECT 1 FROM json_each(CASE WHEN json_valid(rules) THEN rules ELSE '[]' END) AS r
			WHERE r.type = 'text' AND r.value = ?)`, f.Rule)
	}
	if f.Text != "" {
		n := codec.Needle(f.Text)
		add(`(instr(lower(tool), ?) > 0 OR instr(lower(reason), ?) > 0 OR instr(lower(coalesce(action, '')), ?) > 0)`, n, n, n)
	}
	q := `SELECT ` + auditColumns + ` FROM audit`
	if len(where) > 0 {
		q += ` WHERE ` + strings.Join(where, ` AND `)
	}
	q += ` ORDER BY seq DESC LIMIT ?`
	args = append(args, codec.Limit(f.Limit))
	var rs []audit.Record
	err := s.retry(ctx, func() (err error) {
		rs, err = s.queryAudit(ctx, rs[:0], q, args...)
		return err
	})
	if err != nil {
		return nil, fmt.Errorf("store: query audit: %w", err)
	}
	return rs, nil
}

// RuleHits counts the records each rule fired on, per bucket of time from
// since; a rule listed twice on a record counts once.
func (s *SQLite) RuleHits(ctx context.Context, since time.Time, bucket time.Duration) ([]RuleHit, error) {
	from, width, err := codec.Buckets(since, bucket)
	if err != nil {
		return nil, fmt.Errorf("store: rule hits: %w", err)
	}
	var out []RuleHit
	err = s.retry(ctx, func() error {
		out = out[:0]
		rows, err := s.db.QueryContext(ctx, `SELECT (a.time_us - ?1) / ?2 AS k, r.value, count(DISTINCT a.seq) FROM audit AS a,
			json_each(CASE WHEN json_valid(a.rules) THEN a.rules ELSE '[]' END) AS r
			WHERE a.time_us >= ?1 AND r.type = 'text' GROUP BY k, r.value`, from, width)
		if err != nil {
			return err
		}
		defer rows.Close()
		for rows.Next() {
			var k int64
			var h RuleHit
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
	sortRuleHits(out)
	return out, nil
}

// sortRuleHits sorts hits by bucket, then rule (bytewise), as RuleHits
// returns them.
func sortRuleHits(hs []RuleHit) {
	slices.SortFunc(hs, func(a, b RuleHit) int {
		return cmp.Or(a.Bucket.Compare(b.Bucket), strings.Compare(a.Rule, b.Rule))
	})
}
