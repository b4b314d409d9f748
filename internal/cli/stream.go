package cli

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"runtime/debug"

	"github.com/actionguard/actionguard/approval"
	"github.com/actionguard/actionguard/guard"
	"github.com/actionguard/actionguard/internal/frontdoor"
)

// MaxLineBytes bounds one line of check --jsonl; a longer line gets an
// error object and the stream goes on.
const MaxLineBytes = 16 << 20

// runStream reads Actions as JSON lines and writes one Decision per line,
// in the same order. Memory stays constant: one line at a time. A line that
// is not a valid Action gets an error object (a Decision carrying the
// fallback verdict and the error) and the stream goes on.
func (a *app) runStream(ctx context.Context, o *checkOptions) (err error) {
	g, notice, err := a.frontGuard(o.cwd)
	if err != nil {
		return err
	}
	stopProfile, err := a.cpuProfile()
	if err != nil {
		return err
	}
	defer stopProfile()
	log, err := a.streamLog(ctx, g, o)
	if err != nil {
		fmt.Fprintf(a.env.Stderr, "actionguard: %v (decisions are not recorded)\n", err)
	}
	if a.env.Getenv("GOGC") == "" {
		// A stream keeps little alive (one line, one decision), so the
		// collector ran every few hundred actions for a small heap: a fifth
		// of the stream's CPU. Letting the heap grow to five times what is
		// live (≈ 47 MB resident instead of 32 MB over 100,000 actions)
		// spends that on checking instead.
		defer debug.SetGCPercent(debug.SetGCPercent(streamGCPercent))
	}
	def := streamDefaults{cwd: o.cwd, application: o.application, policyNotice: notice}
	if o.approvals {
		q, st, err := a.approvalQueue(ctx)
		if err != nil {
			return err
		}
		defer st.Close()
		q.Audit = nil // the stream records each decision itself, pass included
		def.queue = q
	}
	if sl, ok := log.(*spoolLog); ok {
		defer func() {
			if cerr := sl.Close(); err == nil {
				err = cerr
			}
			// A long stream leaves a spool that would hold up the next
			// hook call: it is drained now, in a process of its own.
			a.drainInBackground(sl.db)
		}()
	}
	return streamActions(ctx, g, log, a.env.Stdin, a.env.Stdout, def)
}

// streamLog is where the stream records its decisions: the spool beside
// the SQLite database (spoolLog), or, for a PostgreSQL store and with
// --approvals (whose requests and passes live in the database anyway), the
// log itself through the background batcher; nil with --no-audit.
func (a *app) streamLog(ctx context.Context, g *guard.Guard, o *checkOptions) (streamLog, error) {
	if a.noAudit {
		return nil, nil
	}
	if !o.approvals && !isPostgresURL(a.storeRefValue()) {
		db, err := a.dbFile()
		if err != nil {
			return nil, fmt.Errorf("finding the audit database: %w", err)
		}
		return newSpoolLog(db, g.Policy() == nil || g.Policy().StrictDurability), nil
	}
	sink, err := a.sink(ctx)
	if sink == nil {
		return nil, err
	}
	return sink, err
}

// streamGCPercent is the garbage collector's target while check --jsonl
// runs, unless GOGC says otherwise.
const streamGCPercent = 400

// streamDefaults fill what an Action of the stream leaves out.
type streamDefaults struct {
	cwd, application string
	// queue, with --approvals, is where a decision that waits for a
	// person opens a request (or an approved action passes once).
	queue *approval.Queue
	// policyNotice says that the policy did not load as written and what
	// decides instead (frontdoor.Door.PolicyNotice).
	policyNotice string
}

// streamActions is check --jsonl over any reader and writer.
//
// A decision line written is an acknowledged decision: with an audit log,
// no line leaves before the record of its decision is committed (a group
// commit: lines are held while their records are written in batches, and
// released when the input has no whole line ready, so a caller that waits
// for its answer gets it at once). When a record cannot be committed the
// stream stops with the error and the decisions held are not given.
func streamActions(ctx context.Context, g *guard.Guard, log streamLog, r io.Reader, w io.Writer, def streamDefaults) (err error) {
	in := bufio.NewReaderSize(r, 64<<10)
	out := bufio.NewWriterSize(w, 64<<10)
	acks := &ackedOutput{out: out, log: log}
	defer func() {
		if rerr := acks.release(); err == nil {
			err = rerr
		}
	}()
	enc := json.NewEncoder(acks)
	enc.SetEscapeHTML(false)
	// Every line goes through the front door; a check only checks, so a
	// pass teaches the contact book nothing.
	door := &frontdoor.Door{Guard: g, PolicyNotice: def.policyNotice}
	if log != nil {
		door.Writer = log
	}
	if def.queue != nil {
		door.Queue, door.Approvals = def.queue, frontdoor.OpenRequests
	}
	// A line that is not a readable Action still gets a decision, through
	// the door's failure path: the fallback verdict with why, on its own
	// line, recorded with what could be read of the line.
	unreadable := func(line int, data []byte, msg string) error {
		d, _ := door.FailInput(ctx, &guard.Action{ID: salvageID(data)}, data, fmt.Sprintf("line %d: %s", line, msg))
		if err := enc.Encode(&d); err != nil {
			return err
		}
		return acks.endLine()
	}
	line := 0
	var buf, outLine []byte
	// One Action and one Decision serve every line: nothing keeps a pointer
	// to them past the line (the audit record and the approval gate copy
	// what they need), and each would otherwise be a heap object per line.
	var act guard.Action
	var d guard.Decision
	strs := internedStrings{}
	// One input map serves every plain line in the same way (emptied
	// before each); one that grew past maxReusedInput keys is let go,
	// since emptying a map costs its size.
	input := map[string]any{}
	for {
		if acks.held() && !lineReady(in) {
			// Reading may wait for the caller, who may be waiting for us.
			if err := acks.release(); err != nil {
				return err
			}
		}
		buf, err = readLine(in, buf[:0])
		if len(buf) == 0 && err != nil {
			if errors.Is(err, io.EOF) {
				return nil
			}
			if errors.Is(err, errLineTooLong) {
				line++
				if e := unreadable(line, nil, err.Error()); e != nil {
					return e
				}
				continue
			}
			return fmt.Errorf("reading actions: %w", err)
		}
		line++
		data := bytes.TrimSpace(buf)
		if len(data) == 0 {
			if err != nil {
				return nil
			}
			continue
		}
		act = guard.Action{}
		plain, uerr := readActionLinePlain(data, &act, strs, input)
		why := ""
		if uerr != nil {
			why = "invalid JSON: " + jsonErrorText(uerr)
		} else {
			why = notAnAction(data, &act, plain)
		}
		if why != "" {
			if e := unreadable(line, data, why); e != nil {
				return e
			}
		} else {
			if act.Context.Cwd == "" {
				act.Context.Cwd = def.cwd
			}
			if def.application != "" && act.Context.Application == "" {
				act.Context.Application = def.application
			}
			// Recorded, so named (Decide): the decision line carries the
			// id feedback takes.
			d, _, _ = door.Decide(ctx, &act)
			var e error
			if b, ok := appendDecision(outLine[:0], &d); ok {
				outLine = b
				_, e = acks.Write(b)
			} else {
				e = enc.Encode(&d)
			}
			if e == nil {
				e = acks.endLine()
			}
			if e != nil {
				return e
			}
		}
		if len(input) > maxReusedInput {
			input = map[string]any{}
		}
		if errors.Is(err, io.EOF) {
			return nil
		}
	}
}

// maxReusedInput bounds the input map a stream keeps from line to line.
const maxReusedInput = 64

// lineReady reports whether in holds a whole line, so reading it cannot
// wait for the writer.
func lineReady(in *bufio.Reader) bool {
	b, _ := in.Peek(in.Buffered())
	return bytes.IndexByte(b, '\n') >= 0
}

// ackedOutput holds decision lines until the records of their decisions
// are committed. Lines go in two segments: while the newer one fills, the
// log writes the older one's records (on another core, when there is one);
// a full segment lets the older one out. Without a log, lines go straight
// to out.
type ackedOutput struct {
	out *bufio.Writer
	log streamLog // nil: nothing to wait for

	older, newer         []byte
	olderMark, newerMark int64 // records queued when the segment's last line ended
	lines                int   // in newer
}

// ackSegment is how many lines a segment holds: half the batch the log
// appends at once.
const ackSegment = 256

// Write adds to the line being written.
func (o *ackedOutput) Write(p []byte) (int, error) {
	if o.log == nil {
		return o.out.Write(p)
	}
	o.newer = append(o.newer, p...)
	return len(p), nil
}

// endLine ends a line: its decision's record, if any, is queued.
func (o *ackedOutput) endLine() error {
	if o.log == nil {
		return nil
	}
	o.newerMark = o.log.Queued()
	if o.lines++; o.lines < ackSegment {
		return nil
	}
	if err := o.log.Wait(o.olderMark); err != nil {
		return o.lost(err)
	}
	if _, err := o.out.Write(o.older); err != nil {
		return err
	}
	o.older, o.newer = o.newer, o.older[:0]
	o.olderMark, o.lines = o.newerMark, 0
	return nil
}

// held reports whether lines wait for their records.
func (o *ackedOutput) held() bool { return len(o.older)+len(o.newer) > 0 }

// release waits for every held line's record and writes the lines out.
func (o *ackedOutput) release() error {
	if o.log != nil && o.held() {
		if err := o.log.Wait(o.newerMark); err != nil {
			return o.lost(err)
		}
		if _, err := o.out.Write(o.older); err != nil {
			return err
		}
		if _, err := o.out.Write(o.newer); err != nil {
			return err
		}
		o.older, o.newer, o.lines = o.older[:0], o.newer[:0], 0
	}
	return o.out.Flush()
}

// lost is the error of a stream whose records could not be committed.
func (o *ackedOutput) lost(err error) error {
	n := bytes.Count(o.older, []byte{'\n'}) + bytes.Count(o.newer, []byte{'\n'})
	o.older, o.newer = nil, nil
	return fmt.Errorf("recording decisions: %w (the stream stops: %d decisions are not given, since their records may be lost)", err, n)
}

var errLineTooLong = fmt.Errorf("the line is longer than %d bytes", MaxLineBytes)

// readLine reads one line (without its newline) into buf. A line longer
// than MaxLineBytes is skipped and reported as errLineTooLong.
func readLine(r *bufio.Reader, buf []byte) ([]byte, error) {
	tooLong := false
	for {
		chunk, err := r.ReadSlice('\n')
		if !tooLong {
			if len(buf)+len(chunk) > MaxLineBytes {
				tooLong = true
				buf = buf[:0]
			} else {
				buf = append(buf, chunk...)
			}
		}
		if errors.Is(err, bufio.ErrBufferFull) {
			continue
		}
		if tooLong {
			if err != nil && !errors.Is(err, io.EOF) {
				return nil, err
			}
			return nil, errLineTooLong
		}
		if n := len(buf); n > 0 && buf[n-1] == '\n' {
			buf = buf[:n-1]
		}
		return buf, err
	}
}

// salvageID finds the "id" of a line that does not decode, so the answer
// can still be matched to its question.
func salvageID(data []byte) string {
	var probe struct {
		ID string `json:"id"`
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	if dec.Decode(&probe) == nil {
		return probe.ID
	}
	return ""
}
