package postgres

import (
	"context"
	"errors"
	"fmt"
	"math"
	"strings"
	"unicode/utf8"

	"github.com/jackc/pgx/v5"

	"github.com/actionguard/actionguard/audit"
	"github.com/actionguard/actionguard/store/internal/codec"
)

const auditColumns = codec.AuditColumns

// insertColumns are the columns an append writes: the record's, then the
// ones derived for lookups.
var insertColumns = append(strings.Fields(strings.ReplaceAll(auditColumns, ",", " ")), "decision_id", "rule_ids")

var insertSQL = func() string {
	ph := make([]string, len(insertColumns))
	for i := range ph {
		ph[i] = fmt.Sprintf("$%d", i+1)
	}
	return `INSERT INTO audit (` + strings.Join(insertColumns, ", ") + `) VALUES (` + strings.Join(ph, ", ") + `)`
}()

const tipSQL = `SELECT seq, hash FROM audit ORDER BY seq DESC LIMIT 1`

// auditPage is how many records ScanAudit holds at once.
const auditPage = 512

// AppendAudit implements audit.Storage; see AppendAuditBatch.
func (s *Store) AppendAudit(ctx context.Context, r *audit.Record, seal func(*audit.Record, audit.Tip) error) error {
	return s.AppendAuditBatch(ctx, []*audit.Record{r}, seal)
}

// AppendAuditBatch implements audit.Storage: in one transaction it takes
// the audit lock (pg_advisory_xact_lock, which every writer of the
// database's audit log, in any replica, takes first), reads the tip, seals
// the records in order on it, inserts them (COPY for several) and counts the
// contacts they reached. All of them are written or none.
func (s *Store) AppendAuditBatch(ctx context.Context, rs []*audit.Record, seal func(*audit.Record, audit.Tip) error) error {
	if len(rs) == 0 {
		return nil
	}
	for _, r := range rs {
		if err := storable(r); err != nil {
			return fmt.Errorf("store: append audit: %w", err)
		}
	}
	rows := make([][]any, len(rs))
	err := s.tx(ctx, beginSQL+"; "+lockSQL(lockAudit), func(c *pgx.Conn) error {
		var tip audit.Tip
		err := c.QueryRow(ctx, tipSQL).Scan(&tip.Seq, &tip.Hash)
		if err != nil && !errors.Is(err, pgx.ErrNoRows) {
			return fmt.Errorf("reading the audit tip: %w", err)
		}
		for i, r := range rs {
			if err := seal(r, tip); err != nil {
				return err
			}
			row, err := codec.AppendAuditValues(make([]any, 0, len(insertColumns)), r)
			if err != nil {
				return err
			}
			rows[i] = append(row, codec.DecisionIDValue(r.Action), codec.RuleIDs(r.Rules))
			tip = audit.Tip{Seq: r.Seq, Hash: r.Hash}
		}
		if len(rows) == 1 {
			_, err = c.Exec(ctx, insertSQL, rows[0]...)
		} else {
			_, err = c.CopyFrom(ctx, pgx.Identifier{"audit"}, insertColumns, pgx.CopyFromRows(rows))
		}
		if err != nil {
			return fmt.Errorf("inserting audit records: %w", err)
		}
		return learnContacts(ctx, c, codec.LearnedContacts(rs))
	})
	if err != nil {
		return fmt.Errorf("store: append audit: %w", err)
	}
	return nil
}

// storable reports whether PostgreSQL can keep r's text as it is: text
// columns refuse NUL bytes and invalid UTF-8, and the hash covers the bytes.
func storable(r *audit.Record) error {
	fields := []struct{ name, v string }{
		{"session id", r.SessionID}, {"agent", r.Agent}, {"tool", r.Tool}, {"kind", r.Kind}, {"action", string(r.Action)},
		{"verdict", string(r.Verdict)}, {"level", string(r.Level)}, {"reason", r.Reason}, {"error", r.Error},
	}
	for _, id := range r.Rules {
		fields = append(fields, struct{ name, v string }{"rule id", id})
	}
	for _, a := range r.Anomalies {
		fields = append(fields, struct{ name, v string }{"anomaly", a})
	}
	for _, f := range fields {
		if strings.IndexByte(f.v, 0) >= 0 || !utf8.ValidString(f.v) {
			return fmt.Errorf("the record's %s holds a NUL byte or invalid UTF-8, which PostgreSQL cannot store", f.name)
		}
	}
	return nil
}

// AuditTip implements audit.Storage.
func (s *Store) AuditTip(ctx context.Context) (audit.Tip, error) {
	var tip audit.Tip
	err := s.run(ctx, func(c *pgx.Conn) error {
		return c.QueryRow(ctx, tipSQL).Scan(&tip.Seq, &tip.Hash)
	})
	if errors.Is(err, pgx.ErrNoRows) {
		return audit.Tip{}, nil
	}
	if err != nil {
		return audit.Tip{}, fmt.Errorf("store: reading the audit tip: %w", err)
	}
	return tip, nil
}

// TailAudit implements audit.Storage.
func (s *Store) TailAudit(ctx context.Context, n int) ([]audit.Record, error) {
	if n <= 0 {
		return nil, nil
	}
	return s.queryAudit(ctx, nil, `SELECT `+auditColumns+` FROM
		(SELECT `+auditColumns+` FROM audit ORDER BY seq DESC LIMIT $1) AS t ORDER BY seq`, n)
}

// ScanAudit implements audit.Storage. It reads a page of records at a time
// and calls fn holding no connection, so fn may take its time or use the
// store.
func (s *Store) ScanAudit(ctx context.Context, q audit.Query, fn func(audit.Record) error) error {
	var w where
	from := int64(math.MinInt64)
	if q.AfterSeq != 0 {
		from = q.AfterSeq
	}
	after := w.arg(from)
	w.add("seq > " + after)
	if q.ThroughSeq != 0 {
		w.add("seq <= " + w.arg(q.ThroughSeq))
	}
	if !q.Since.IsZero() {
		w.add("time_us >= " + w.arg(q.Since.UnixMicro()))
	}
	if !q.Until.IsZero() {
		w.add("time_us < " + w.arg(q.Until.UnixMicro()))
	}
	if q.Session != "" {
		w.add("session_id = " + w.arg(q.Session))
	}
	query := `SELECT ` + auditColumns + ` FROM audit` + w.sql() + fmt.Sprintf(` ORDER BY seq LIMIT %d`, auditPage)
	page := make([]audit.Record, 0, auditPage)
	for {
		var err error
		page, err = s.queryAudit(ctx, page[:0], query, w.args...)
		if err != nil {
			return err
		}
		for _, r := range page {
			if err := fn(r); err != nil {
				return err
			}
		}
		if len(page) < auditPage {
			return nil
		}
		w.args[0] = page[len(page)-1].Seq
	}
}

// CountAudit implements audit.Storage.
func (s *Store) CountAudit(ctx context.Context) (int64, error) {
	var n int64
	err := s.run(ctx, func(c *pgx.Conn) error {
		return c.QueryRow(ctx, `SELECT count(*) FROM audit`).Scan(&n)
	})
	if err != nil {
		return 0, fmt.Errorf("store: counting audit records: %w", err)
	}
	return n, nil
}

// queryAudit appends the records query returns to rs.
func (s *Store) queryAudit(ctx context.Context, rs []audit.Record, query string, args ...any) ([]audit.Record, error) {
	n := len(rs)
	err := s.run(ctx, func(c *pgx.Conn) error {
		rs = rs[:n]
		rows, err := c.Query(ctx, query, args...)
		if err != nil {
			return err
		}
		defer rows.Close()
		var row codec.AuditRow
		for rows.Next() {
			if err := rows.Scan(row.Dest()...); err != nil {
				return err
			}
			rs = append(rs, row.Record())
		}
		return rows.Err()
	})
	if err != nil {
		return rs[:n], fmt.Errorf("store: reading audit records: %w", err)
	}
	return rs, nil
}

// where builds a WHERE clause with numbered parameters.
type where struct {
	conds []string
	args  []any
}

// arg adds a parameter and returns its placeholder.
func (w *where) arg(v any) string {
	w.args = append(w.args, v)
	return fmt.Sprintf("$%d", len(w.args))
}

func (w *where) add(cond string) { w.conds = append(w.conds, cond) }

func (w *where) sql() string {
	if len(w.conds) == 0 {
		return ""
	}
	return " WHERE " + strings.Join(w.conds, " AND ")
}
