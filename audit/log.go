package audit

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"time"
)

// Storage is where a Log keeps its records: store.SQLite implements it for
// the embedded file, and a PostgreSQL store implements it for shared
// deployments. audittest.Run is the suite every implementation must pass.
//
// Implementations must be safe for concurrent use, and AppendAudit must be
// serialized against every other writer of the same database, in this
// process and in others (SQLite: BEGIN IMMEDIATE; PostgreSQL: a transaction
// advisory lock, say). Action must be stored as the exact bytes given (text,
// not a normalized JSON type), and Time to the microsecond, because the hash
// covers them.
type Storage interface {
	// AppendAudit inserts one record in a single write transaction: it reads
	// the tip of the chain, calls seal(r, tip) to complete r (Seq, PrevHash,
	// Hash, Time), and inserts r. No other append may commit between the read
	// and the insert. If the transaction is retried, seal is called again
	// with the new tip. An error from seal is returned as is and nothing is
	// written.
	AppendAudit(ctx context.Context, r *Record, seal func(r *Record, tip Tip) error) error
	// AppendAuditBatch is AppendAudit for several records in one write
	// transaction: seal is called for each in order, with the tip the
	// previous one made, and either every record is written or none.
	AppendAuditBatch(ctx context.Context, rs []*Record, seal func(r *Record, tip Tip) error) error
	// AuditTip returns the Seq and Hash of the record with the highest Seq,
	// or the zero Tip when there is none.
	AuditTip(ctx context.Context) (Tip, error)
	// TailAudit returns the n records with the highest Seq, in Seq order.
	TailAudit(ctx context.Context, n int) ([]Record, error)
	// ScanAudit calls fn for every record that matches q, in Seq order,
	// holding at most a bounded page of records in memory. It stops at the
	// first error from fn and returns it.
	ScanAudit(ctx context.Context, q Query, fn func(Record) error) error
	// CountAudit returns the number of records.
	CountAudit(ctx context.Context) (int64, error)
}

// Query selects records for Storage.ScanAudit. Zero fields select everything.
type Query struct {
	Since   time.Time // Time >= Since
	Until   time.Time // Time < Until
	Session string    // SessionID == Session
	// ThroughSeq stops the scan after this Seq, so a scan of a busy log ends.
	ThroughSeq int64
}

// ExportOptions selects the records Export streams. Zero fields select
// everything.
type ExportOptions struct {
	Since   time.Time // records at or after Since
	Until   time.Time // records before Until
	Session string    // records of this session only
}

// Log is the audit log. Build it with New over a Storage.
//
// A Log is safe for concurrent use, and any number of Logs, in any number of
// processes, may append to the same database at once: they produce one
// unbroken chain with gap-free Seq.
type Log struct {
	st  Storage
	now func() time.Time
}

// Option configures a Log.
type Option func(*Log)

// WithClock sets the clock that stamps records appended without a Time
// (tests).
func WithClock(now func() time.Time) Option { return func(l *Log) { l.now = now } }

// New returns a Log that keeps its records in st.
func New(st Storage, opts ...Option) *Log {
	l := &Log{st: st, now: time.Now}
	for _, o := range opts {
		o(l)
	}
	return l
}

// Append adds r to the end of the log. It redacts secrets from r.Action
// (RedactJSON, then compacts it; an Action that is not JSON is kept as a JSON
// string), r.Reason and r.Error, makes a nil r.Rules empty, fills r.Time
// when it is zero, and fills r.Seq, r.PrevHash and r.Hash. r is modified in
// place; when Append returns an error those fields mean nothing and the
// record was not written.
func (l *Log) Append(ctx context.Context, r *Record) error {
	if r == nil {
		return errors.New("audit: append: nil record")
	}
	if err := l.AppendBatch(ctx, []*Record{r}); err != nil {
		return fmt.Errorf("audit: append: %w", errors.Unwrap(err))
	}
	return nil
}

// AppendBatch appends several records in one write transaction, in order,
// as Append does for one: a process that decides many actions (check
// --jsonl, the server) pays one commit for many records. Either every record
// is written or none is.
func (l *Log) AppendBatch(ctx context.Context, rs []*Record) error {
	return l.appendBatch(ctx, rs)
}

// appendBatch is AppendBatch. Redaction is idempotent, so records a spool
// already redacted in part go through it whole again.
func (l *Log) appendBatch(ctx context.Context, rs []*Record) error {
	stamps := make([]bool, len(rs))
	for i, r := range rs {
		if r == nil {
			return errors.New("audit: append: nil record")
		}
		if len(r.Action) > 0 {
			r.Action = compact(RedactJSON(r.Action))
		}
		r.Reason = Redact(r.Reason)
		r.Error = Redact(r.Error)
		if r.Rules == nil {
			r.Rules = []string{}
		}
		stamps[i] = r.Time.IsZero()
		if !stamps[i] {
			r.Time = r.Time.UTC().Truncate(time.Microsecond)
		}
	}
	idx := map[*Record]int{}
	for i, r := range rs {
		idx[r] = i
	}
	err := l.st.AppendAuditBatch(ctx, rs, func(r *Record, tip Tip) error {
		// Stamped inside the write transaction, so Time follows Seq.
		if stamps[idx[r]] {
			r.Time = l.now().UTC().Truncate(time.Microsecond)
		}
		r.Seq = tip.Seq + 1
		r.PrevHash = tip.Hash
		if tip == (Tip{}) {
			r.PrevHash = Genesis
		}
		r.Hash = r.ComputeHash()
		return nil
	})
	if err != nil {
		return fmt.Errorf("audit: append: %w", err)
	}
	return nil
}

// Tail returns the last n records, oldest first. It returns no records when
// n <= 0.
func (l *Log) Tail(ctx context.Context, n int) ([]Record, error) {
	if n <= 0 {
		return nil, nil
	}
	rs, err := l.st.TailAudit(ctx, n)
	if err != nil {
		return nil, fmt.Errorf("audit: tail: %w", err)
	}
	return rs, nil
}

// Export calls fn for each record selected by opts, in Seq order, up to the
// record that was last when Export started. Memory use does not grow with the
// size of the log. An error from fn stops the export and is returned as is.
func (l *Log) Export(ctx context.Context, opts ExportOptions, fn func(Record) error) error {
	tip, err := l.st.AuditTip(ctx)
	if err != nil {
		return fmt.Errorf("audit: export: %w", err)
	}
	if tip.Seq <= 0 {
		return nil
	}
	var fnErr error
	err = l.st.ScanAudit(ctx, Query{Since: opts.Since, Until: opts.Until, Session: opts.Session, ThroughSeq: tip.Seq},
		func(r Record) error {
			if err := fn(r); err != nil {
				fnErr = err
				return err
			}
			return nil
		})
	if fnErr != nil {
		return fnErr
	}
	if err != nil {
		return fmt.Errorf("audit: export: %w", err)
	}
	return nil
}

// Count returns the number of records in the log.
func (l *Log) Count(ctx context.Context) (int64, error) {
	n, err := l.st.CountAudit(ctx)
	if err != nil {
		return 0, fmt.Errorf("audit: count: %w", err)
	}
	return n, nil
}

// Tip returns the Seq and Hash of the last record; see Tip.
func (l *Log) Tip(ctx context.Context) (Tip, error) {
	tip, err := l.st.AuditTip(ctx)
	if err != nil {
		return Tip{}, fmt.Errorf("audit: tip: %w", err)
	}
	return tip, nil
}

// compact removes insignificant space from a JSON document; RedactJSON's
// output is always valid JSON.
func compact(raw []byte) json.RawMessage {
	var b bytes.Buffer
	b.Grow(len(raw))
	if err := json.Compact(&b, raw); err != nil {
		return raw
	}
	return json.RawMessage(b.Bytes())
}
