package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"math"
	"strings"
	"sync"

	"github.com/actionguard/actionguard/audit"
	"github.com/actionguard/actionguard/store/internal/codec"
)

// SQLite implements audit.Storage.
var _ audit.Storage = (*SQLite)(nil)

const auditColumns = codec.AuditColumns

// auditPage is how many records ScanAudit holds at once.
const auditPage = 128

// AppendAudit implements audit.Storage: the tip is read and the record
// inserted in one BEGIN IMMEDIATE transaction, which no other writer of the
// file, in any process, can interleave with.
func (s *SQLite) AppendAudit(ctx context.Context, r *audit.Record, seal func(*audit.Record, audit.Tip) error) error {
	return s.AppendAuditBatch(ctx, []*audit.Record{r}, seal)
}

// AppendAuditBatch implements audit.Storage: the records are sealed in
// order, each on the tip the one before it made, and inserted in one
// BEGIN IMMEDIATE transaction; all of them are written or none.
func (s *SQLite) AppendAuditBatch(ctx context.Context, rs []*audit.Record, seal func(*audit.Record, audit.Tip) error) error {
	return s.appendAuditBatch(ctx, rs, seal, nil)
}

// SQLite keeps the marks of spool drains.
var _ audit.DrainMarks = (*SQLite)(nil)

// AppendAuditBatchMarked implements audit.DrainMarks: AppendAuditBatch,
// with the spool's mark set in the same transaction.
func (s *SQLite) AppendAuditBatchMarked(ctx context.Context, rs []*audit.Record, seal func(*audit.Record, audit.Tip) error, spool string, m audit.DrainMark) error {
	return s.appendAuditBatch(ctx, rs, seal, func(tx *sql.Tx) error {
		if _, err := tx.ExecContext(ctx, `INSERT INTO spool_drains (spool, offset_bytes, digest) VALUES (?, ?, ?)
			ON CONFLICT (spool) DO UPDATE SET offset_bytes = excluded.offset_bytes, digest = excluded.digest`,
			spool, m.Offset, m.Digest); err != nil {
			return fmt.Errorf("recording how far the drain got: %w", err)
		}
		return nil
	})
}

// DrainMark implements audit.DrainMarks.
func (s *SQLite) DrainMark(ctx context.Context, spool string) (audit.DrainMark, error) {
	var m audit.DrainMark
	err := s.retry(ctx, func() error {
		err := s.db.QueryRowContext(ctx, `SELECT offset_bytes, digest FROM spool_drains WHERE spool = ?`, spool).Scan(&m.Offset, &m.Digest)
		if errors.Is(err, sql.ErrNoRows) {
			m, err = audit.DrainMark{}, nil
		}
		return err
	})
	if err != nil {
		return audit.DrainMark{}, fmt.Errorf("store: reading the drain mark of %s: %w", spool, err)
	}
	return m, nil
}

// ClearDrainMark implements audit.DrainMarks.
func (s *SQLite) ClearDrainMark(ctx context.Context, spool string) error {
	err := s.write(ctx, func(tx *sql.Tx) error {
		_, err := tx.ExecContext(ctx, `DELETE FROM spool_drains WHERE spool = ?`, spool)
		return err
	})
	if err != nil {
		return fmt.Errorf("store: clearing the drain mark of %s: %w", spool, err)
	}
	return nil
}

// appendAuditBatch is AppendAuditBatch, with also run in its transaction
// after the records are inserted (nil: nothing more).
func (s *SQLite) appendAuditBatch(ctx context.Context, rs []*audit.Record, seal func(*audit.Record, audit.Tip) error, also func(*sql.Tx) error) error {
	if len(rs) == 0 {
		return nil
	}
	// Prepared before the transaction, on the connection it will then use.
	st, err := s.appendStatements(ctx, len(rs))
	if err != nil {
		return err
	}
	return s.write(ctx, func(tx *sql.Tx) error {
		tip, err := auditTip(ctx, tx.StmtContext(ctx, st.tip))
		if err != nil {
			return err
		}
		args := make([]any, 0, insertColumns*min(len(rs), insertRows))
		flush := func(n int) error {
			if n == 0 {
				return nil
			}
			_, err := tx.StmtContext(ctx, st.insert[n]).ExecContext(ctx, args...)
			args = args[:0]
			return err
		}
		n := 0
		for _, r := range rs {
			if err := seal(r, tip); err != nil {
				return err
			}
			if args, err = codec.AppendAuditValues(args, r); err != nil {
				return err
			}
			args = append(args, codec.DecisionIDValue(r.Action))
			tip = audit.Tip{Seq: r.Seq, Hash: r.Hash}
			if n++; n == insertRows {
				if err := flush(n); err != nil {
					return err
				}
				n = 0
			}
		}
		if err := flush(n); err != nil {
			return err
		}
		if err := learnContacts(ctx, tx, codec.LearnedContacts(rs)); err != nil {
			return err
		}
		if also != nil {
			return also(tx)
		}
		return nil
	})
}

// learnContacts counts the interactions appended records had with their
// contacts, in the append's transaction.
func learnContacts(ctx context.Context, tx *sql.Tx, uses []codec.ContactUse) error {
	for _, u := range uses {
		if _, err := tx.ExecContext(ctx, `INSERT INTO contacts (key, kind, display, interactions, first_us, last_us, source)
			VALUES (?, ?, ?, ?, ?, ?, 'learned')
			ON CONFLICT (key) DO UPDATE SET
				interactions = interactions + excluded.interactions,
				first_us = CASE WHEN first_us = 0 OR excluded.first_us < first_us THEN excluded.first_us ELSE first_us END,
				last_us = max(last_us, excluded.last_us),
				display = CASE WHEN excluded.display <> '' THEN excluded.display ELSE display END`,
			u.Key, u.Kind, u.Display, u.Count, u.FirstUS, u.LastUS); err != nil {
			return fmt.Errorf("counting contacts: %w", err)
		}
	}
	return nil
}

// insertRows is how many records one INSERT of a batch carries.
const insertRows = 64

// insertColumns is how many values an appended record has: the record's
// columns, then its decision id (derived for lookups, not hashed).
const insertColumns = codec.NumAuditColumns + 1

// rowPlaceholders is the VALUES tuple of one appended record.
var rowPlaceholders = "(?" + strings.Repeat(", ?", insertColumns-1) + ")"

var insertMany sync.Map // rows → the INSERT statement for that many rows

// insertManySQL returns an INSERT of n rows.
func insertManySQL(n int) string {
	if s, ok := insertMany.Load(n); ok {
		return s.(string)
	}
	var b strings.Builder
	b.WriteString(`INSERT INTO audit (` + auditColumns + `, decision_id) VALUES `)
	for i := 0; i < n; i++ {
		if i > 0 {
			b.WriteByte(',')
		}
		b.WriteString(rowPlaceholders)
	}
	s := b.String()
	insertMany.Store(n, s)
	return s
}

const (
	tipSQL = `SELECT seq, hash FROM audit ORDER BY seq DESC LIMIT 1`
)

// appendStmts are AppendAudit's statements, prepared on first use (a
// long-lived process appends many times; a hook process once): the tip
// query, and the INSERT of n rows for each n a batch needed so far. A batch
// of n records inserts n/insertRows full INSERTs and one of the rest, so a
// server sees every size from 1 to insertRows in time; each is parsed once.
type appendStmts struct {
	tip    *sql.Stmt
	insert [insertRows + 1]*sql.Stmt // by rows; [0] unused
}

func (st *appendStmts) close() {
	if st.tip != nil {
		st.tip.Close()
	}
	for _, s := range st.insert {
		if s != nil {
			s.Close()
		}
	}
}

// appendStatements returns the prepared statements, with the INSERTs of a
// batch of records prepared.
func (s *SQLite) appendStatements(ctx context.Context, records int) (*appendStmts, error) {
	s.smu.Lock()
	defer s.smu.Unlock()
	if s.appendStmts == nil {
		var tip *sql.Stmt
		err := s.retry(ctx, func() (err error) {
			tip, err = s.db.PrepareContext(ctx, tipSQL)
			return err
		})
		if err != nil {
			return nil, err
		}
		s.appendStmts = &appendStmts{tip: tip}
	}
	st := s.appendStmts
	need := func(n int) error {
		if n == 0 || st.insert[n] != nil {
			return nil
		}
		return s.retry(ctx, func() (err error) {
			st.insert[n], err = s.db.PrepareContext(ctx, insertManySQL(n))
			return err
		})
	}
	if records >= insertRows {
		if err := need(insertRows); err != nil {
			return nil, err
		}
	}
	if err := need(records % insertRows); err != nil {
		return nil, err
	}
	return st, nil
}

// AuditTip implements audit.Storage.
func (s *SQLite) AuditTip(ctx context.Context) (audit.Tip, error) {
	var tip audit.Tip
	err := s.retry(ctx, func() (err error) {
		tip, err = auditTip(ctx, query{s.db, tipSQL})
		return err
	})
	return tip, err
}

// auditTip reads the tip with a prepared statement (AppendAudit) or a query.
func auditTip(ctx context.Context, q interface {
	QueryRowContext(context.Context, ...any) *sql.Row
}) (audit.Tip, error) {
	var tip audit.Tip
	err := q.QueryRowContext(ctx).Scan(&tip.Seq, &tip.Hash)
	if errors.Is(err, sql.ErrNoRows) {
		return audit.Tip{}, nil
	}
	if err != nil {
		return audit.Tip{}, fmt.Errorf("reading the audit tip: %w", err)
	}
	return tip, nil
}

// query is a query not worth preparing, with auditTip's method.
type query struct {
	db  *sql.DB
	sql string
}

func (q query) QueryRowContext(ctx context.Context, args ...any) *sql.Row {
	return q.db.QueryRowContext(ctx, q.sql, args...)
}

// TailAudit implements audit.Storage.
func (s *SQLite) TailAudit(ctx context.Context, n int) ([]audit.Record, error) {
	var rs []audit.Record
	err := s.retry(ctx, func() (err error) {
		rs, err = s.queryAudit(ctx, rs[:0], `SELECT `+auditColumns+` FROM
			(SELECT `+auditColumns+` FROM audit ORDER BY seq DESC LIMIT ?) ORDER BY seq`, n)
		return err
	})
	return rs, err
}

// ScanAudit implements audit.Storage. It reads a page of records at a time
// and calls fn outside any transaction, so fn may take its time or use the
// store without holding back other processes.
func (s *SQLite) ScanAudit(ctx context.Context, q audit.Query, fn func(audit.Record) error) error {
	var where []string
	var args []any
	if q.ThroughSeq != 0 {
		where, args = append(where, "seq <= ?"), append(args, q.ThroughSeq)
	}
	if !q.Since.IsZero() {
		where, args = append(where, "time_us >= ?"), append(args, q.Since.UnixMicro())
	}
	if !q.Until.IsZero() {
		where, args = append(where, "time_us < ?"), append(args, q.Until.UnixMicro())
	}
	if q.Session != "" {
		where, args = append(where, "session_id = ?"), append(args, q.Session)
	}
	query := `SELECT ` + auditColumns + ` FROM audit WHERE seq > ?`
	after := int64(math.MinInt64)
	if q.AfterSeq != 0 {
		after = q.AfterSeq
	}
	for _, w := range where {
		query += " AND " + w
	}
	query += fmt.Sprintf(" ORDER BY seq LIMIT %d", auditPage)

	page := make([]audit.Record, 0, auditPage)
	for {
		err := s.retry(ctx, func() (err error) {
			page, err = s.queryAudit(ctx, page[:0], query, append([]any{after}, args...)...)
			return err
		})
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
		after = page[len(page)-1].Seq
	}
}

// CountAudit implements audit.Storage.
func (s *SQLite) CountAudit(ctx context.Context) (int64, error) {
	var n int64
	err := s.retry(ctx, func() error {
		return s.db.QueryRowContext(ctx, `SELECT count(*) FROM audit`).Scan(&n)
	})
	if err != nil {
		return 0, fmt.Errorf("counting audit records: %w", err)
	}
	return n, nil
}

// queryAudit appends the records query returns to rs.
func (s *SQLite) queryAudit(ctx context.Context, rs []audit.Record, query string, args ...any) ([]audit.Record, error) {
	rows, err := s.db.QueryContext(ctx, query, args...)
	if err != nil {
		return rs, fmt.Errorf("reading audit records: %w", err)
	}
	defer rows.Close()
	var row codec.AuditRow
	for rows.Next() {
		if err := rows.Scan(row.Dest()...); err != nil {
			return rs, fmt.Errorf("reading audit records: %w", err)
		}
		rs = append(rs, row.Record())
	}
	if err := rows.Err(); err != nil {
		return rs, fmt.Errorf("reading audit records: %w", err)
	}
	return rs, nil
}
