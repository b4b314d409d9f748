package cli

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"time"

	"github.com/actionguard/actionguard/guard"
)

// MaxLineBytes bounds one line of check --jsonl; a longer line gets an
// error object and the stream goes on.
const MaxLineBytes = 16 << 20

// runStream reads Actions as JSON lines and writes one Decision per line,
// in the same order. Memory stays constant: one line at a time. A line that
// is not a valid Action gets an error object (a Decision carrying the
// fallback verdict and the error) and the stream goes on.
func (a *app) runStream(ctx context.Context, o *checkOptions) error {
	g, err := a.newGuard(o.cwd)
	if err != nil {
		return err
	}
	sink, err := a.sink(ctx)
	if err != nil {
		fmt.Fprintf(a.env.Stderr, "actionguard: %v (decisions are not recorded)\n", err)
	}
	return streamActions(ctx, g, sink, a.env.Stdin, a.env.Stdout, streamDefaults{cwd: o.cwd, application: o.application})
}

// streamDefaults fill what an Action of the stream leaves out.
type streamDefaults struct {
	cwd, application string
}

// streamActions is check --jsonl over any reader and writer.
func streamActions(ctx context.Context, g *guard.Guard, sink *auditSink, r io.Reader, w io.Writer, def streamDefaults) error {
	in := bufio.NewReaderSize(r, 64<<10)
	out := bufio.NewWriterSize(w, 64<<10)
	defer out.Flush()
	enc := json.NewEncoder(out)
	enc.SetEscapeHTML(false)
	fallback := guard.Verdict(g.Policy().OnError)
	if !fallback.Valid() || fallback == guard.Allow {
		fallback = guard.Confirm
	}
	line := 0
	var buf []byte
	var err error
	for {
		buf, err = readLine(in, buf[:0])
		if len(buf) == 0 && err != nil {
			if errors.Is(err, io.EOF) {
				return nil
			}
			if errors.Is(err, errLineTooLong) {
				line++
				if e := enc.Encode(errorDecision(line, fallback, err.Error())); e != nil {
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
		var act guard.Action
		if uerr := json.Unmarshal(data, &act); uerr != nil {
			d := errorDecision(line, fallback, "invalid JSON: "+jsonErrorText(uerr))
			d.ID = salvageID(data)
			if e := enc.Encode(d); e != nil {
				return e
			}
		} else {
			if act.Context.Cwd == "" {
				act.Context.Cwd = def.cwd
			}
			if def.application != "" && act.Context.Application == "" {
				act.Context.Application = def.application
			}
			start := time.Now()
			d, _ := g.Check(ctx, act)
			sink.Record(&act, &d, time.Since(start))
			if e := enc.Encode(&d); e != nil {
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

// errorDecision is the answer to a line that is not an Action: the
// fallback verdict, never an allow, with the error.
func errorDecision(line int, v guard.Verdict, msg string) *guard.Decision {
	d := &guard.Decision{Verdict: v, Findings: []guard.Finding{}, Error: fmt.Sprintf("line %d: %s", line, msg)}
	switch v {
	case guard.Notify:
		d.Level, d.Risk = guard.Safe, 2
	case guard.Confirm:
		d.Level, d.Risk = guard.Cautious, 5
	case guard.Approve:
		d.Level, d.Risk = guard.Privileged, 8
	default:
		d.Level, d.Risk = guard.Dangerous, 10
	}
	d.Score = d.Risk * 10
	d.RiskLevel, d.RequiresApproval, d.Action = "high", v != guard.Notify, "wait_for_approval"
	if v == guard.Block {
		d.Action = "reject"
	}
	d.Reason = "This line is not an Action actionguard can read (" + msg + "), so nothing it asks for may run unchecked."
	return d
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
