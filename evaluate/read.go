package evaluate

import (
	"bufio"
	"fmt"
	"io"
	"strconv"
)

// Formats the readers understand.
const (
	FormatNative     = "native"      // {"id", "steps": [...]}: the design note's trajectory
	FormatOpenAI     = "openai"      // chat messages with tool_calls
	FormatClaudeCode = "claude-code" // a Claude Code transcript (.jsonl)
	FormatOTLP       = "otlp"        // an OpenTelemetry trace export in OTLP JSON
)

// Formats lists the formats, in the order they are documented.
var Formats = []string{FormatNative, FormatOpenAI, FormatClaudeCode, FormatOTLP}

// ReadOptions configure a Reader.
type ReadOptions struct {
	// Format forces a format; "" detects it per record.
	Format string
	// OnProblem is told of every record skipped, and of every part of a
	// record (a step, a message) left out. nil ignores them.
	OnProblem func(Problem)
	// MaxRecord bounds one record: a line, or one JSON value. 0 means
	// 64 MiB.
	MaxRecord int
}

// DefaultMaxRecord is the bound on one record when ReadOptions.MaxRecord
// is 0.
const DefaultMaxRecord = 64 << 20

// Reader reads trajectories from one input in any of the Formats.
//
// The input's framing is detected from its start: JSONL (one record a
// line) when the first line is a whole JSON object, else a stream of JSON
// values, possibly pretty-printed over many lines; a top-level array is
// read element by element. A byte order mark is skipped; an input with
// NUL bytes at its start is binary, reported once (Line 0) and skipped.
// Each record's format is detected from its fields (or forced with
// ReadOptions.Format).
//
// Most trajectories are one record. A Claude Code session is all the
// events of one sessionId, emitted when another session starts or the
// input ends; consecutive records that are single OpenAI messages are one
// conversation. JSONL is read line by line with a bounded buffer and at
// most one trajectory in memory, except for OTLP: spans are grouped by
// trace over the whole input, and the traces come after the other
// trajectories, when the input ends.
//
// A Reader is not safe for concurrent use.
type Reader struct {
	name string
	opts ReadOptions
	max  int
	br   *bufio.Reader
	off  int64
	// line is the number of the line being read (stream framing) or of
	// the last line read (JSONL).
	line  int
	col   int // the column of the cursor (stream framing), from 0
	frame readFrame
	err   error // sticky: an I/O error or an unknown format
	done  bool

	queue []*Trajectory
	head  int

	buf   []byte // a line or a value longer than the bufio buffer
	stack []byte // the open brackets of the value being scanned
	p     jsonParser
	rec   recordFields

	array  *readArray     // the top-level array being streamed
	msgs   *openaiBuilder // bare messages, one a record (a JSONL of messages)
	claude *claudeSession // the Claude Code session being read
	otlp   otlpTraces
}

// readFrame is how the input splits into records.
type readFrame int

const (
	frameUnknown readFrame = iota
	frameLines             // JSONL: a record a line
	frameStream            // JSON values one after another, any layout
)

// readArray is an array of records being read: its elements are
// trajectories, or the messages of one OpenAI conversation.
type readArray struct {
	line      int // where the array starts
	needComma bool
	elements  int
	msgs      *openaiBuilder
}

// NewReader returns a Reader of r; name is the input's name in every
// Problem and Source (a file name, or "-").
func NewReader(r io.Reader, name string, opts ReadOptions) *Reader {
	rd := &Reader{name: name, opts: opts, max: opts.MaxRecord}
	if rd.max <= 0 {
		rd.max = DefaultMaxRecord
	}
	rd.br = bufio.NewReaderSize(r, 64<<10)
	switch opts.Format {
	case "", FormatNative, FormatOpenAI, FormatClaudeCode, FormatOTLP:
	default:
		rd.err = fmt.Errorf("unknown trajectory format %q (want %s, %s, %s or %s)",
			opts.Format, FormatNative, FormatOpenAI, FormatClaudeCode, FormatOTLP)
	}
	return rd
}

// Next returns the next trajectory in input order, or io.EOF at the end.
// A broken or unknown record is reported through ReadOptions.OnProblem
// with its 1-based line and skipped; Next then goes on. Next returns
// another error only when the input itself cannot be read (an I/O error)
// or ReadOptions.Format is unknown; it then returns that error again.
func (r *Reader) Next() (*Trajectory, error) {
	for {
		if r.head < len(r.queue) {
			t := r.queue[r.head]
			r.queue[r.head] = nil
			r.head++
			if r.head == len(r.queue) {
				r.queue, r.head = r.queue[:0], 0
			}
			return t, nil
		}
		if r.err != nil {
			return nil, r.err
		}
		if r.done {
			return nil, io.EOF
		}
		switch r.frame {
		case frameUnknown:
			r.detect()
		case frameLines:
			r.lineStep()
		default:
			r.streamStep()
		}
	}
}

// Offset is how many bytes of the input have been consumed.
func (r *Reader) Offset() int64 { return r.off }

func (r *Reader) problem(line int, msg string) {
	if r.opts.OnProblem != nil {
		r.opts.OnProblem(Problem{Name: r.name, Line: line, Message: msg})
	}
}

func (r *Reader) source(line int) string { return r.name + ":" + strconv.Itoa(line) }

// emit queues a trajectory read from the record on line.
func (r *Reader) emit(t *Trajectory, format string, line int) {
	t.Format = format
	t.Source = r.source(line)
	if t.ID == "" {
		t.ID = t.Source
	}
	r.queue = append(r.queue, t)
}

func (r *Reader) ioError(err error) {
	r.err = fmt.Errorf("reading %s: %w", r.name, err)
}

// finish ends the input: the trajectories still being put together are
// emitted, in the order they started, then the OTLP traces.
func (r *Reader) finish() {
	if r.array != nil {
		r.problem(r.array.line, "malformed JSON: unexpected end of input, the array that starts here is not closed")
		r.closeArray()
	}
	r.flush(rkNone)
	r.otlp.emit(r)
	r.done = true
}

// flush emits the trajectories put together over several records that a
// record of kind k ends.
func (r *Reader) flush(k readKind) {
	if k != rkMessage && r.msgs != nil {
		r.msgs.emit(r)
		r.msgs = nil
	}
	if k != rkClaude && r.claude != nil {
		r.claude.emit(r)
		r.claude = nil
	}
}
