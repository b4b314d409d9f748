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
func (a *app) runStream(ctx context.Context, o *checkOptions) error {
	g, notice, err := a.frontGuard(o.cwd)
	if err != nil {
		return err
	}
	sink, err := a.sink(ctx)
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
	return streamActions(ctx, g, sink, a.env.Stdin, a.env.Stdout, def)
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
func streamActions(ctx context.Context, g *guard.Guard, sink *auditSink, r io.Reader, w io.Writer, def streamDefaults) error {
	in := bufio.NewReaderSize(r, 64<<10)
	out := bufio.NewWriterSize(w, 64<<10)
	defer out.Flush()
	enc := json.NewEncoder(out)
	enc.SetEscapeHTML(false)
	// Every line goes through the front door; a check only checks, so a
	// pass teaches the contact book nothing.
	door := &frontdoor.Door{Guard: g, Writer: sink.writer(), PolicyNotice: def.policyNotice}
	if def.queue != nil {
		door.Queue, door.Approvals = def.queue, frontdoor.OpenRequests
	}
	// A line that is not a readable Action still gets a decision, through
	// the door's failure path: the fallback verdict with why, on its own
	// line, recorded with what could be read of the line.
	unreadable := func(line int, data []byte, msg string) error {
		d, _ := door.FailInput(ctx, &guard.Action{ID: salvageID(data)}, data, fmt.Sprintf("line %d: %s", line, msg))
		return enc.Encode(&d)
	}
	line := 0
	var buf, outLine []byte
	var err error
	// One Action and one Decision serve every line: nothing keeps a pointer
	// to them past the line (the audit record and the approval gate copy
	// what they need), and each would otherwise be a heap object per line.
	var act guard.Action
	var d guard.Decision
	strs := internedStrings{}
	for {
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
		plain, uerr := readActionLinePlain(data, &act, strs)
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
				_, e = out.Write(b)
			} else {
				e = enc.Encode(&d)
			}
			if e != nil {
				return e
			}
		}
		if errors.Is(err, io.EOF) {
			return nil
		}
	}
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
