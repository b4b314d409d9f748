package audit

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"hash/crc32"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strconv"
	"time"
	"unicode/utf8"

	"github.com/actionguard/actionguard/audit/internal/writehook"
	"github.com/actionguard/actionguard/internal/jsonx"
	"github.com/actionguard/actionguard/internal/lockfile"
)

// Spool is an append-only file of decisions not yet in the hash-chained
// log. A process that lives a few milliseconds (an agent's hook call) pays
// one locked O_APPEND write for its record instead of opening the database;
// Drain, run by every command that reads the log and by a hook when the
// spool has grown, moves the records into the Log in one transaction, in
// the order they were written.
//
// Writers hold a shared lock (flock) while they write, Drain an exclusive
// one, so a drain never sees half a record from a live writer. Each record
// is a frame that starts on a new line and carries its length and checksum
// (see appendFrame): a record cut off because its writer was killed
// mid-write ends where the next one begins, never merges with it, and is
// still moved into the log as a record saying so (Kind SpoolDamageKind):
// nothing is lost silently, and the records around it arrive intact.
// Lines of the older, unframed format are still read. Records in the spool
// are redacted like every record, and the file is readable by its owner
// only.
type Spool struct {
	path string
	// inPlace: the spool is drained where it is, not renamed aside first
	// (where open files cannot be renamed).
	inPlace bool
}

// SpoolPath is the spool that belongs to the database at dbPath.
func SpoolPath(dbPath string) string { return dbPath + ".spool" }

// NewSpool returns the spool at path.
func NewSpool(path string) *Spool { return &Spool{path: path, inPlace: !renamesOpenFiles} }

// maxSpoolLine bounds one spooled record; a larger action is cut (its
// redacted text kept as a string) so that one write stays one line.
const maxSpoolLine = 1 << 20

// Append writes r to the spool. r's secrets are redacted with this
// package's anchored rules and its personal data masked, and r is stamped
// with the current time when its Time is zero. The rarer secrets only
// analyze/privacy's rule set finds are redacted when the record is drained
// into the log: loading that rule set would cost every hook call, and the
// spool is the hook's private write-ahead file, not the log.
func (s *Spool) Append(r *Record) error { return s.append(r, false) }

// AppendDurable is Append that returns only once the record is on the
// disk (fsync): it survives a power cut or a crash of the system, where a
// record Append wrote survives the writer being killed but may be lost
// with the data the system had not yet written out.
func (s *Spool) AppendDurable(r *Record) error { return s.append(r, true) }

func (s *Spool) append(r *Record, durable bool) error {
	f, first, err := s.write(r)
	if err != nil {
		return err
	}
	defer f.Close()
	if durable {
		return syncSpool(f, first)
	}
	return nil
}

// AppendSyncing is AppendDurable in two steps. It returns once the record
// is written, which it survives the writer being killed, with wait, which
// returns once the record is on the disk. A hook call does its remaining
// work (the session's line, its answer) while the system writes the
// record out, and waits before it answers: the answer still comes after
// the record is durable, and the sync's latency is overlapped instead of
// added. wait must be called once; err != nil means nothing was written.
func (s *Spool) AppendSyncing(r *Record) (wait func() error, err error) {
	f, first, err := s.write(r)
	if err != nil {
		return nil, err
	}
	done := make(chan error, 1)
	go func() {
		done <- syncSpool(f, first)
		f.Close()
	}()
	return func() error { return <-done }, nil
}

// write writes r's frame to the spool in one locked write and returns the
// open file, for the caller to sync and close; first reports that the
// frame is the file's first bytes (the file is new, and its name must be
// synced too).
func (s *Spool) write(r *Record) (f *os.File, first bool, err error) {
	enc := spoolEncoder{redact: redactForSpool, crc: castagnoli()}
	frame, err := enc.appendFrame(nil, r)
	if err != nil {
		return nil, false, err
	}
	f, err = s.open()
	if err != nil {
		return nil, false, err
	}
	f, end, err := s.lockedWrite(f, frame)
	if err != nil {
		return nil, false, err
	}
	return f, end == int64(len(frame)), nil
}

// spoolEncoder turns records into spool frames.
type spoolEncoder struct {
	// redact is this package's anchored secret rules and the personal
	// data (redactForSpool), or a memory of what they left clean.
	redact func(string) string
	// forLog, when set, redacts a text of an action for the log: what the
	// drain's redactor makes of the spool's answer (logRedactor), or a
	// memory of it. An action is then written as the drain would make it,
	// and its line says so (see logRedactedField), so the drain does not
	// redact it again.
	forLog func(string) string
	crc    *crc32.Table // castagnoli or castagnoliFast
	line   []byte       // the last record's JSON, its memory reused
}

// appendFrame appends r's frame to b: r redacted, its Rules made non-nil,
// its Time stamped when zero. An action too large for one spool line is
// cut.
func (e *spoolEncoder) appendFrame(b []byte, r *Record) ([]byte, error) {
	if r == nil {
		return b, errors.New("audit: spool: nil record")
	}
	forLog := false
	if len(r.Action) > 0 {
		r.Action, forLog = e.redactAction(r.Action)
	}
	r.Reason = e.redact(r.Reason)
	r.Error = e.redact(r.Error)
	if r.Rules == nil {
		r.Rules = []string{}
	}
	if r.Time.IsZero() {
		r.Time = time.Now().UTC().Truncate(time.Microsecond)
	}
	payload, err := appendSpoolLine(e.line[:0], r)
	if err != nil {
		return b, fmt.Errorf("audit: spool: %w", err)
	}
	if forLog && handWritten(r) {
		payload = append(payload[:len(payload)-1], logRedactedField+"}"...)
	}
	e.line = payload
	if len(payload) > maxSpoolLine {
		cut := *r
		text := string(r.Action)
		if len(text) > maxSpoolLine/2 {
			text = text[:maxSpoolLine/2]
		}
		cut.Action, _ = json.Marshal(map[string]string{"truncated": text})
		if payload, err = json.Marshal(&cut); err != nil {
			return b, fmt.Errorf("audit: spool: %w", err)
		}
	}
	return appendFrameSum(b, payload, e.crc), nil
}

// redactAction redacts an action for the spool: compact(RedactJSON(raw))
// with the spool's redactor, or, with forLog, what the drain would then
// make of that, in one pass, and reports which. An action that is not
// valid UTF-8 gets the spool's answer alone (its texts would not read
// back as written). The one pass is held to the two by
// TestSpoolLogRedactionIsDrain and FuzzSpoolLogRedaction.
func (e *spoolEncoder) redactAction(raw []byte) (_ []byte, forLog bool) {
	if e.forLog == nil || !utf8.Valid(raw) {
		return redactActionWith(raw, e.redact), false
	}
	return redactActionWith(raw, e.forLog), true
}

// logRedactor is the redactor of an action's texts for the log in one
// pass: for a text s, what the drain's redactor (log) makes of the
// spool's answer (spool) as the drain reads it back. The spool writes
// spool(s) as a JSON string when it differs from s, and the drain reads
// that back (a text that is not valid UTF-8 comes back with replacement
// characters) and keeps the spool's bytes when its own redactor changes
// nothing; so does this.
func logRedactor(spool, log func(string) string) func(string) string {
	return func(s string) string {
		t := spool(s)
		if t == s {
			return log(s)
		}
		back := t
		if !utf8.ValidString(t) {
			back = decodeString(appendJSONString(nil, t))
		}
		if u := log(back); u != back {
			return u
		}
		return t
	}
}

// logRedactedField ends the line of a record whose action is redacted as
// the log's (spoolEncoder.forLog): the drain appends that action as it
// is. encoding/json, and so a release that does not know the field,
// ignores it, and such a drain redacts the action again, which changes
// nothing (Redact(Redact(s)) == Redact(s)).
const logRedactedField = `,"redacted":"log"`

// handWritten reports whether appendSpoolLine writes r by hand, in the
// layout the drain's reader reads, rather than with encoding/json.
func handWritten(r *Record) bool {
	return len(r.Contacts) == 0 && r.Time.Year() >= 0 && r.Time.Year() <= 9999
}

// open opens the spool for appending, creating it (and its directory)
// readable by its owner only.
func (s *Spool) open() (*os.File, error) {
	if err := os.MkdirAll(filepath.Dir(s.path), 0o700); err != nil {
		return nil, fmt.Errorf("audit: spool: %w", err)
	}
	f, err := os.OpenFile(s.path, os.O_WRONLY|os.O_APPEND|os.O_CREATE, 0o600)
	if err != nil {
		return nil, fmt.Errorf("audit: spool: %w", err)
	}
	return f, nil
}

// lockedWrite writes frames, whole frames only, to the spool f in one
// write under the spool's shared lock, and returns the file written (f, or
// the spool opened anew when a drain took f away: see Drain) and its offset
// after them: with O_APPEND, the end of these frames wherever other
// writers' frames went. On an error the file is closed.
func (s *Spool) lockedWrite(f *os.File, frames []byte) (*os.File, int64, error) {
	// The lock covers the write only: a drain must not read half a frame,
	// and a sync needs no lock.
	for range maxSpoolReopen {
		if err := lockfile.SharedWithin(f, spoolLockWait); err != nil {
			f.Close()
			return nil, 0, fmt.Errorf("audit: spool: lock: %w", err)
		}
		if !s.isLive(f) {
			// A drain renamed the file while it was open here: what is
			// written to it now might never be drained.
			lockfile.Unlock(f)
			f.Close()
			var err error
			if f, err = s.open(); err != nil {
				return nil, 0, err
			}
			continue
		}
		_, err := spoolWrite(f, frames)
		var end int64
		if err == nil {
			end, err = f.Seek(0, io.SeekCurrent)
		}
		lockfile.Unlock(f)
		if err != nil {
			f.Close()
			return nil, 0, fmt.Errorf("audit: spool: %w", err)
		}
		return f, end, nil
	}
	f.Close()
	return nil, 0, fmt.Errorf("audit: spool: %s was taken away %d times in a row while writing to it", s.path, maxSpoolReopen)
}

// spoolLockWait bounds the wait for a drain's exclusive lock: a drain
// holds it for a rename (on Windows, for the drain), and a process that
// holds it longer would otherwise hold every hook call with it.
const spoolLockWait = 3 * time.Second

// maxSpoolReopen bounds how often a write follows the spool to its new
// file (each drain takes it away once).
const maxSpoolReopen = 8

// isLive reports whether f is still the spool at s.path, not a file a
// drain took away. The shared lock is held, so no drain can take it now.
func (s *Spool) isLive(f *os.File) bool {
	fi, err := f.Stat()
	if err != nil {
		return false
	}
	pi, err := os.Stat(s.path)
	return err == nil && os.SameFile(fi, pi)
}

// syncSpool syncs the spool, and its directory too when the write was the
// file's first (a new file's name is in the directory, which has its own
// sync).
func syncSpool(f *os.File, first bool) error {
	if err := f.Sync(); err != nil {
		return fmt.Errorf("audit: spool: sync: %w", err)
	}
	if first {
		// Not every system can sync a directory (Windows cannot open one
		// for it): the file's own sync is what can be had there.
		if d, err := os.Open(filepath.Dir(f.Name())); err == nil {
			d.Sync()
			d.Close()
		}
	}
	return nil
}

// spoolWrite writes a frame to the spool in one write (the crash test's
// writers write it in pieces: see package writehook).
func spoolWrite(f *os.File, frame []byte) (int, error) {
	if writehook.Spool != nil {
		return writehook.Spool(f, frame)
	}
	return f.Write(frame)
}

// spoolLine encodes r as one JSON object, the fields in the order and
// form encoding/json gives them (TestSpoolLineIsMarshal, FuzzSpoolLine), by
// hand: it is most of the cost of spooling a record. The action, already
// compact and valid JSON (RedactJSON's output, compacted), is spliced in as
// it is. A record with contacts, or a time JSON cannot hold, goes through
// encoding/json.
func spoolLine(r *Record) ([]byte, error) { return appendSpoolLine(nil, r) }

// appendSpoolLine appends spoolLine(r) to b.
func appendSpoolLine(b []byte, r *Record) ([]byte, error) {
	if !handWritten(r) {
		j, err := json.Marshal(r)
		return append(b, j...), err
	}
	b = append(b, `{"seq":`...)
	b = strconv.AppendInt(b, r.Seq, 10)
	b = append(b, `,"time":"`...)
	b = r.Time.AppendFormat(b, time.RFC3339Nano)
	b = append(b, `","session_id":`...)
	b = jsonx.AppendString(b, r.SessionID)
	b = append(b, `,"agent":`...)
	b = jsonx.AppendString(b, r.Agent)
	b = append(b, `,"tool":`...)
	b = jsonx.AppendString(b, r.Tool)
	b = append(b, `,"kind":`...)
	b = jsonx.AppendString(b, r.Kind)
	b = append(b, `,"action":`...)
	if len(r.Action) == 0 {
		b = append(b, "null"...)
	} else {
		b = append(b, r.Action...)
	}
	b = append(b, `,"verdict":`...)
	b = jsonx.AppendString(b, string(r.Verdict))
	b = append(b, `,"level":`...)
	b = jsonx.AppendString(b, string(r.Level))
	b = append(b, `,"score":`...)
	b = strconv.AppendInt(b, int64(r.Score), 10)
	b = append(b, `,"risk":`...)
	b = strconv.AppendInt(b, int64(r.Risk), 10)
	b = append(b, `,"rules":`...)
	b = appendStrings(b, r.Rules)
	b = append(b, `,"reason":`...)
	b = jsonx.AppendString(b, r.Reason)
	if r.Error != "" {
		b = append(b, `,"error":`...)
		b = jsonx.AppendString(b, r.Error)
	}
	b = append(b, `,"duration_micros":`...)
	b = strconv.AppendInt(b, r.DurationMicros, 10)
	if r.Confidence != 0 {
		b = append(b, `,"confidence":`...)
		b = strconv.AppendInt(b, int64(r.Confidence), 10)
	}
	if len(r.Anomalies) > 0 {
		b = append(b, `,"anomalies":`...)
		b = appendStrings(b, r.Anomalies)
	}
	b = append(b, `,"prev_hash":`...)
	b = jsonx.AppendString(b, r.PrevHash)
	b = append(b, `,"hash":`...)
	b = jsonx.AppendString(b, r.Hash)
	return append(b, '}'), nil
}

// appendStrings appends ss as a JSON array (null when nil, as
// encoding/json writes it).
func appendStrings(b []byte, ss []string) []byte {
	if ss == nil {
		return append(b, "null"...)
	}
	b = append(b, '[')
	for i, s := range ss {
		if i > 0 {
			b = append(b, ',')
		}
		b = jsonx.AppendString(b, s)
	}
	return append(b, ']')
}

// Size returns the spool's size in bytes (0 when it does not exist).
func (s *Spool) Size() int64 {
	fi, err := os.Stat(s.path)
	if err != nil {
		return 0
	}
	return fi.Size()
}

// Records returns the spooled records, in order, without draining them: a
// line that holds no readable record comes back as the record Drain would
// append in its place (Kind SpoolDamageKind); the records of a drain under
// way, or of one that stopped part-way, come first (those it committed
// too: the log's drain mark, not the file, says how far it got). A spool that does not
// exist holds none. It reads the whole spool into memory; it is for tests and
// diagnostics, Drain for moving records.
func (s *Spool) Records() ([]Record, error) {
	var out []Record
	// A drain's taken file holds the older records (see Drain).
	for _, path := range []string{s.takenPath(), s.path} {
		data, err := os.ReadFile(path)
		if errors.Is(err, fs.ErrNotExist) {
			continue
		}
		if err != nil {
			return nil, fmt.Errorf("audit: spool: %w", err)
		}
		for len(data) > 0 {
			line, rest, found := bytes.Cut(data, []byte("\n"))
			data = rest
			if len(bytes.TrimSpace(line)) > 0 {
				out = append(out, *spooledRecord(line, !found))
			}
		}
	}
	return out, nil
}
