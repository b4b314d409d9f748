package hookrun

import (
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"sync"
	"time"

	"github.com/actionguard/actionguard/adapter"
	"github.com/actionguard/actionguard/audit"
	"github.com/actionguard/actionguard/guard"
	"github.com/actionguard/actionguard/internal/atomicfile"
)

// A hook call not answered within adapter.HookDeadline is answered by its
// watchdog (held for a person). Every decision is in the audit log, that
// one too: AnswerLate appends its record to the spool when the spool's
// lock is free within LateBound, and otherwise keeps it in a file of its
// own beside the database (LateDir), which the next hook call moves into
// the spool. The answer says which happened. The watchdog answers at 7 s
// and the agents give the hook 10 s, so the wait stays well short of the
// three seconds left.

// LateBound is how long a late answer waits to write its record.
const LateBound = 1500 * time.Millisecond

// maxHead is how much of a hook call's input a late answer keeps.
const maxHead = 64 << 10

// InputHead reads through to r and keeps the first bytes read, for the
// record of a late answer (the check may still be reading or parsing the
// input when the watchdog answers). Safe for one reader and any number of
// Bytes callers at once.
type InputHead struct {
	r   io.Reader
	mu  sync.Mutex
	buf []byte
}

// NewInputHead returns an InputHead over r.
func NewInputHead(r io.Reader) *InputHead { return &InputHead{r: r} }

func (h *InputHead) Read(p []byte) (int, error) {
	n, err := h.r.Read(p)
	h.mu.Lock()
	if room := maxHead - len(h.buf); room > 0 && n > 0 {
		h.buf = append(h.buf, p[:min(n, room)]...)
	}
	h.mu.Unlock()
	return n, err
}

// Bytes is a copy of what was read so far, up to maxHead bytes.
func (h *InputHead) Bytes() []byte {
	h.mu.Lock()
	defer h.mu.Unlock()
	return append([]byte(nil), h.buf...)
}

// LateDir is where the records of late answers wait for the spool.
func LateDir(db string) string { return db + ".late" }

// AnswerLate is the watchdog's answer to a call of ad not answered within
// d (adapter.LateNoted), recorded: head is the start of the call's input.
func AnswerLate(cfg Config, ad adapter.Adapter, d time.Duration, head []byte) adapter.Response {
	if cfg.NoAudit {
		return adapter.LateNoted(ad, d, "this answer is not in the audit log (auditing is off)")
	}
	if cfg.Getenv == nil {
		cfg.Getenv = os.Getenv
	}
	db, err := DBPath(cfg)
	if err != nil {
		return adapter.Late(ad, d)
	}
	return adapter.LateNoted(ad, d, recordLate(db, lateRecord(ad, d, head), LateBound))
}

// recordLate appends rec to db's spool within bound, or keeps it in
// LateDir, and says which.
func recordLate(db string, rec *audit.Record, bound time.Duration) string {
	done := make(chan error, 1)
	// The spool's encoder stamps and redacts the record it is given: the
	// append works on its own copy, so that keepLate can read rec while a
	// slow append is still going.
	own := *rec
	own.Action = slices.Clone(rec.Action)
	own.Rules = slices.Clone(rec.Rules)
	go func() { done <- audit.NewSpool(audit.SpoolPath(db)).AppendDurable(&own) }()
	timer := time.NewTimer(bound)
	defer timer.Stop()
	select {
	case err := <-done:
		if err == nil {
			return "its record is in the audit log"
		}
	case <-timer.C:
	}
	p, err := keepLate(db, rec)
	if err != nil {
		return "this answer could not be recorded in the audit log (" + err.Error() + ")"
	}
	return "its record could not be written to the audit log in time: it is kept in " + p + " and goes into the log with the next hook call"
}

// lateRecord is the record of a late answer, with what the input says of
// the call when the input read so far is whole JSON, else its start.
func lateRecord(ad adapter.Adapter, d time.Duration, head []byte) *audit.Record {
	a := &guard.Action{Tool: "unknown"}
	a.Context.Agent = ad.Name()
	var ev map[string]json.RawMessage
	if len(head) < maxHead && json.Unmarshal(head, &ev) == nil {
		a.Tool = firstString(ev, "tool_name", "toolName", "tool", a.Tool)
		a.Context.SessionID = firstString(ev, "session_id", "sessionId", "conversation_id", "")
		for _, k := range []string{"tool_input", "toolArgs", "tool_args", "arguments"} {
			var in map[string]any
			if json.Unmarshal(ev[k], &in) == nil && in != nil {
				a.Input = in
				break
			}
		}
	}
	if a.Input == nil {
		a.Input = map[string]any{"input_start": strings.ToValidUTF8(string(head[:min(len(head), 4096)]), "?")}
	}
	dec := adapter.LateDecision(d)
	rec := audit.RecordOf(a, &dec, d)
	rec.Time = time.Now().UTC()
	return rec
}

// firstString is the first of keys in ev that holds a string, or def.
func firstString(ev map[string]json.RawMessage, keys ...string) string {
	def := keys[len(keys)-1]
	for _, k := range keys[:len(keys)-1] {
		var s string
		if json.Unmarshal(ev[k], &s) == nil && s != "" {
			return s
		}
	}
	return def
}

// keepLate writes rec into LateDir, readable by its owner only.
func keepLate(db string, rec *audit.Record) (string, error) {
	dir := LateDir(db)
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return "", err
	}
	raw, err := json.Marshal(rec)
	if err != nil {
		return "", err
	}
	p := filepath.Join(dir, fmt.Sprintf("%020d-%d.json", time.Now().UnixNano(), os.Getpid()))
	return p, atomicfile.Write(p, raw, 0o600)
}

// replayLate moves the records kept in LateDir into db's spool, oldest
// first, each file removed once its record is spooled. A file that is not
// a record is spooled as a record saying so, not dropped unseen.
func replayLate(db string) {
	dir := LateDir(db)
	ents, err := os.ReadDir(dir)
	if err != nil || len(ents) == 0 {
		return
	}
	names := make([]string, 0, len(ents))
	for _, e := range ents {
		if !e.IsDir() && strings.HasSuffix(e.Name(), ".json") {
			names = append(names, e.Name())
		}
	}
	sort.Strings(names)
	spool := audit.NewSpool(audit.SpoolPath(db))
	for _, n := range names {
		p := filepath.Join(dir, n)
		raw, err := os.ReadFile(p)
		if err != nil {
			continue
		}
		var rec audit.Record
		if json.Unmarshal(raw, &rec) != nil {
			dec := guard.Decision{Verdict: guard.Confirm, Level: guard.Cautious, Error: "unreadable late record " + n,
				Reason: "A record kept for the audit log after a late answer could not be read."}
			rec = *audit.RecordOf(&guard.Action{Tool: "unknown"}, &dec, 0)
		}
		if spool.AppendDurable(&rec) != nil {
			return // the spool is held: the next call tries again
		}
		os.Remove(p)
	}
}
