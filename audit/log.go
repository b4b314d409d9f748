package audit

import (
	"bytes"
	"context"
	"crypto/hmac"
	"crypto/sha256"
	"encoding/json"
	"errors"
	"fmt"
	"hash"
	"io/fs"
	"strings"
	"sync"
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
	// AfterSeq starts the scan after this Seq (Seq > AfterSeq). A Storage
	// that ignores it is slower, not wrong: callers check the Seqs.
	AfterSeq int64
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
	cps Checkpoints

	// The key: set by WithKey, or read (and created) from the Storage when
	// it is a KeySource, on the first append.
	keyMu   sync.Mutex
	key     []byte
	keySet  bool // WithKey was used: the Storage is not asked
	keyRead bool // key holds what the Storage gave
	macs    sync.Pool

	clean cleanSet // texts Redact left unchanged
}

// Option configures a Log.
type Option func(*Log)

// WithClock sets the clock that stamps records appended without a Time
// (tests).
func WithClock(now func() time.Time) Option { return func(l *Log) { l.now = now } }

// WithKey keys the log's chain with key (KeySize bytes), instead of the
// key the Storage keeps (KeySource). A nil key writes unkeyed records, as
// before logs had keys: tests, and tools that read only.
func WithKey(key []byte) Option {
	return func(l *Log) { l.key, l.keySet = key, true }
}

// WithCheckpoints keeps the log's checkpoints in c instead of where the
// Storage keeps them (CheckpointSource); nil keeps none.
func WithCheckpoints(c Checkpoints) Option { return func(l *Log) { l.cps = c } }

// KeySource is a Storage that keeps the key of its chain (store.SQLite: a
// file beside the database; the PostgreSQL store: a file on the server).
type KeySource interface {
	// AuditKey returns the key, creating it when create is true and there
	// is none. Without a key and with create false, the error wraps
	// fs.ErrNotExist.
	AuditKey(create bool) ([]byte, error)
	// AuditKeyPath says where the key is.
	AuditKeyPath() string
}

// New returns a Log that keeps its records in st. When st is a KeySource
// the chain is keyed with its key from the first append on; when st is a
// CheckpointSource its checkpoints are kept there.
func New(st Storage, opts ...Option) *Log {
	l := &Log{st: st, now: time.Now}
	if cs, ok := st.(CheckpointSource); ok {
		l.cps = cs.AuditCheckpoints()
	}
	for _, o := range opts {
		o(l)
	}
	return l
}

// appendKey returns the key records are appended with: WithKey's, or the
// Storage's, created when it has none; nil when the log is not keyed.
func (l *Log) appendKey() ([]byte, error) {
	l.keyMu.Lock()
	defer l.keyMu.Unlock()
	if l.keySet || l.keyRead {
		return l.key, nil
	}
	ks, ok := l.st.(KeySource)
	if !ok {
		l.keyRead = true
		return nil, nil
	}
	key, err := ks.AuditKey(true)
	if err != nil {
		return nil, err
	}
	l.key, l.keyRead = key, true
	return key, nil
}

// verifyKey returns the key to check keyed records with, without creating
// one, and where it was looked for; nil when there is none.
func (l *Log) verifyKey() ([]byte, string, error) {
	l.keyMu.Lock()
	defer l.keyMu.Unlock()
	if l.keySet || l.keyRead {
		return l.key, "", nil
	}
	ks, ok := l.st.(KeySource)
	if !ok {
		return nil, "", nil
	}
	key, err := ks.AuditKey(false)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, ks.AuditKeyPath(), nil
	}
	if err != nil {
		return nil, ks.AuditKeyPath(), err
	}
	l.key, l.keyRead = key, true
	return key, ks.AuditKeyPath(), nil
}

// mac returns an HMAC-SHA-256 under key, to give back with putMAC: one per
// goroutine appending or verifying, reset for each record.
func (l *Log) mac(key []byte) hash.Hash {
	if m, ok := l.macs.Get().(*keyedMAC); ok && bytes.Equal(m.key, key) {
		return m
	}
	return &keyedMAC{Hash: hmac.New(sha256.New, key), key: key}
}

func (l *Log) putMAC(m hash.Hash) {
	if k, ok := m.(*keyedMAC); ok {
		l.macs.Put(k)
	}
}

type keyedMAC struct {
	hash.Hash
	key []byte
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
	return l.appendBatch(ctx, rs, nil)
}

// appendBatch is AppendBatch; a drain's batch carries its spool mark, kept
// in the same transaction when the Storage keeps marks (DrainMarks).
// Redaction is idempotent, so records a spool already redacted in part go
// through it whole again.
func (l *Log) appendBatch(ctx context.Context, rs []*Record, mark *spoolMark) error {
	stamps := make([]bool, len(rs))
	for i, r := range rs {
		if r == nil {
			return errors.New("audit: append: nil record")
		}
		switch {
		case len(r.Action) == 0:
		case mark != nil && mark.actionRedacted(i):
			// A stream redacted it as here, in one pass (SpoolBatch).
		case mark != nil:
			// Drained: the spool line's decoding validated the action.
			r.Action = l.clean.redactValidAction(r.Action)
		default:
			r.Action = l.clean.redactAction(r.Action)
		}
		r.Reason = l.clean.redact(r.Reason)
		r.Error = l.clean.redact(r.Error)
		if r.Rules == nil {
			r.Rules = []string{}
		}
		stamps[i] = r.Time.IsZero()
		if !stamps[i] {
			r.Time = r.Time.UTC().Truncate(time.Microsecond)
		}
	}
	idx := make(map[*Record]int, len(rs))
	for i, r := range rs {
		idx[r] = i
	}
	key, err := l.appendKey()
	if err != nil {
		return fmt.Errorf("audit: append: %w", err)
	}
	var m hash.Hash
	if key != nil {
		m = l.mac(key)
		defer l.putMAC(m)
	}
	seal := func(r *Record, tip Tip) error {
		keyedTip := strings.HasPrefix(tip.Hash, KeyedPrefix)
		switch {
		case key != nil && !keyedTip && tip.Seq > 0:
			return errNeedsMarker
		case key == nil && keyedTip:
			return errKeyedLog
		}
		// Stamped inside the write transaction, so Time follows Seq.
		if stamps[idx[r]] {
			r.Time = l.now().UTC().Truncate(time.Microsecond)
		}
		r.Seq = tip.Seq + 1
		r.PrevHash = tip.Hash
		if tip == (Tip{}) {
			r.PrevHash = Genesis
		}
		if key != nil {
			r.Hash = r.computeMAC(m)
		} else {
			r.Hash = r.ComputeHash()
		}
		return nil
	}
	for attempt := 0; ; attempt++ {
		err = l.store(ctx, rs, seal, mark)
		if !errors.Is(err, errNeedsMarker) || attempt == 3 {
			break
		}
		// The log is not keyed yet: the record that says it becomes keyed
		// goes first, then the batch again.
		if err := l.markKeyed(ctx, key, m); err != nil {
			return fmt.Errorf("audit: append: %w", err)
		}
	}
	if err != nil {
		return fmt.Errorf("audit: append: %w", err)
	}
	l.checkpointAfter(ctx, rs, key != nil)
	return nil
}

// store writes a sealed batch, with its spool mark when there is one.
func (l *Log) store(ctx context.Context, rs []*Record, seal func(*Record, Tip) error, mark *spoolMark) error {
	if dm := l.drainMarks(); mark != nil && dm != nil {
		return dm.AppendAuditBatchMarked(ctx, rs, seal, mark.spool, mark.mark)
	}
	return l.st.AppendAuditBatch(ctx, rs, seal)
}

// drainMarks is the Storage's DrainMarks, nil when it keeps none.
func (l *Log) drainMarks() DrainMarks {
	dm, _ := l.st.(DrainMarks)
	return dm
}

var (
	// errNeedsMarker: the log is not keyed and the record would be.
	errNeedsMarker = errors.New("the audit log is not keyed yet")
	// errKeyedLog: the log is keyed and the record would not be.
	errKeyedLog = errors.New("the audit log is keyed, and this process has no key to append with: " +
		"give it the installation's audit key (see docs/audit-integrity.md)")
	// errAlreadyKeyed: another process keyed the log first.
	errAlreadyKeyed = errors.New("the audit log is keyed already")
)

// KeyedKind is the Kind of the record that marks where a log's records
// become keyed: its Action names the key (KeyID). Every record after it is
// keyed, and Verify reports one that is not as Downgraded.
const KeyedKind = "audit.keyed"

// markKeyed appends the record that marks where the log becomes keyed,
// unless another process did, and checkpoints it.
func (l *Log) markKeyed(ctx context.Context, key []byte, m hash.Hash) error {
	action, _ := json.Marshal(map[string]string{"key_id": KeyID(key), "scheme": "hmac-sha256"})
	r := &Record{Tool: "actionguard", Kind: KeyedKind, Action: action, Verdict: "allow", Level: "safe", Rules: []string{},
		Reason: "From this record on, each audit record is sealed with this installation's audit key (key " + KeyID(key) +
			"): a record changed or added without the key no longer verifies."}
	err := l.st.AppendAudit(ctx, r, func(r *Record, tip Tip) error {
		if tip.Seq == 0 || strings.HasPrefix(tip.Hash, KeyedPrefix) {
			return errAlreadyKeyed
		}
		r.Time = l.now().UTC().Truncate(time.Microsecond)
		r.Seq, r.PrevHash = tip.Seq+1, tip.Hash
		r.Hash = r.computeMAC(m)
		return nil
	})
	if errors.Is(err, errAlreadyKeyed) {
		return nil
	}
	if err != nil {
		return fmt.Errorf("keying the audit log: %w", err)
	}
	if l.cps != nil {
		l.Checkpoint(ctx, Tip{Seq: r.Seq, Hash: r.Hash}, r.Seq)
	}
	return nil
}

// checkpointAfter checkpoints the tip after an append, so that a later
// Verify notices when any record appended so far is removed; the first
// record of a keyed log is checkpointed as where it became keyed. A
// checkpoint that cannot be written is not the append's failure: the
// records are committed, and the next append checkpoints again.
func (l *Log) checkpointAfter(ctx context.Context, rs []*Record, keyed bool) {
	if l.cps == nil || len(rs) == 0 {
		return
	}
	first, last := rs[0], rs[len(rs)-1]
	var keyedFrom int64
	if keyed && first.Seq == 1 {
		keyedFrom = 1
	}
	l.Checkpoint(ctx, Tip{Seq: last.Seq, Hash: last.Hash}, keyedFrom)
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
