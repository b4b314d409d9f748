package evaluate

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"strconv"
)

// Framing: how an input splits into records. JSONL is read a line at a
// time with a bounded buffer; other inputs are read as a stream of JSON
// values whose ends are found by matching brackets, a top-level array
// element by element, so that neither needs the whole input in memory.

var utf8BOM = []byte("\xef\xbb\xbf")

// detect chooses the framing from the start of the input: JSONL when the
// first line holding something is one whole JSON object (or, that line
// being broken, when the next one is), else a stream of values. It peeks
// only as far as it needs and consumes nothing but a byte order mark.
func (r *Reader) detect() {
	if b, _ := r.br.Peek(len(utf8BOM)); bytes.Equal(b, utf8BOM) {
		r.consume(len(utf8BOM))
	}
	r.line = 1
	if b, _ := r.br.Peek(512); len(b) > 0 {
		if bytes.IndexByte(b, 0) >= 0 {
			// Text has no NUL bytes; a compressed or binary file has
			// them at once. Skip it whole rather than line by line.
			r.problem(0, "not text: binary data (a compressed file?); input skipped")
			n, err := io.Copy(io.Discard, r.br)
			r.off += n
			if err != nil {
				r.ioError(err)
			}
			r.done = true
			return
		}
	}
	for want := 512; ; want = 2 * max(want, r.br.Buffered()) {
		b, err := r.br.Peek(min(want, r.br.Size()))
		if err != nil && !errors.Is(err, io.EOF) && len(b) == 0 {
			r.ioError(err)
			return
		}
		// With an error, decide on what came before it: reading on
		// meets the error again.
		end := err != nil || len(b) == r.br.Size()
		f, sure := detectFrame(b)
		if sure || end {
			r.frame = f
			if f == frameLines {
				r.line = 0
			}
			return
		}
	}
}

// detectFrame decides the framing from the input's first bytes b; sure is
// false when it needs more of them.
func detectFrame(b []byte) (f readFrame, sure bool) {
	i := skipJSONSpace(b, 0)
	if i == len(b) {
		return frameLines, false
	}
	switch b[i] {
	case '[':
		return frameStream, true
	case '{':
	default:
		return frameLines, true
	}
	// The first line starts with '{'.
	nl := bytes.IndexByte(b[i:], '\n')
	if nl < 0 {
		return frameLines, false
	}
	first := b[i : i+nl]
	if wholeJSONValue(first) {
		return frameLines, true
	}
	// A broken first line of a JSONL file, or the start of a
	// pretty-printed value: JSONL if the next line holding something is
	// a whole object at the start of its line.
	rest := b[i+nl+1:]
	for {
		nl := bytes.IndexByte(rest, '\n')
		if nl < 0 {
			return frameStream, false
		}
		l := rest[:nl]
		if skipJSONSpace(l, 0) == len(l) {
			rest = rest[nl+1:]
			continue
		}
		if l[0] == '{' && wholeJSONValue(l) {
			return frameLines, true
		}
		return frameStream, true
	}
}

func skipJSONSpace(b []byte, i int) int {
	for i < len(b) && (b[i] == ' ' || b[i] == '\t' || b[i] == '\n' || b[i] == '\r') {
		i++
	}
	return i
}

// wholeJSONValue reports whether b is one JSON object or array, judged by its
// brackets and strings (the parser checks the rest).
func wholeJSONValue(b []byte) bool {
	depth, inStr, esc := 0, false, false
	for i, c := range b {
		switch {
		case inStr:
			switch {
			case esc:
				esc = false
			case c == '\\':
				esc = true
			case c == '"':
				inStr = false
			}
		case c == '"':
			inStr = true
		case c == '{' || c == '[':
			depth++
		case c == '}' || c == ']':
			depth--
			if depth == 0 {
				return skipJSONSpace(b, i+1) == len(b)
			}
			if depth < 0 {
				return false
			}
		}
	}
	return false
}

func (r *Reader) consume(n int) {
	d, _ := r.br.Discard(n)
	r.off += int64(d)
}

// readLine reads the next line, without its end. A line longer than
// MaxRecord is consumed and reported as tooLong. err is io.EOF only when
// no line is left.
func (r *Reader) readLine() (line []byte, tooLong bool, err error) {
	r.buf = r.buf[:0]
	n := 0
	for {
		frag, err := r.br.ReadSlice('\n')
		r.off += int64(len(frag))
		if err == nil && n == 0 {
			line = frag // the common case: no copy
			break
		}
		n += len(frag)
		if !tooLong {
			if len(r.buf)+len(frag) > r.max+2 {
				tooLong = true
				r.buf = r.buf[:0]
			} else {
				r.buf = append(r.buf, frag...)
			}
		}
		if err == nil {
			line = r.buf
			break
		}
		if errors.Is(err, bufio.ErrBufferFull) {
			continue
		}
		if errors.Is(err, io.EOF) {
			if n == 0 {
				return nil, false, io.EOF
			}
			line = r.buf
			break
		}
		return nil, false, err
	}
	line = bytes.TrimSuffix(line, []byte("\n"))
	line = bytes.TrimSuffix(line, []byte("\r"))
	if tooLong || len(line) > r.max {
		return nil, true, nil
	}
	return line, false, nil
}

// lineStep reads one line of JSONL.
func (r *Reader) lineStep() {
	line, tooLong, err := r.readLine()
	if err != nil {
		if errors.Is(err, io.EOF) {
			r.finish()
		} else {
			r.ioError(err)
		}
		return
	}
	r.line++
	if tooLong {
		r.problem(r.line, fmt.Sprintf("line longer than %d bytes (the bound on one record); skipped", r.max))
		return
	}
	if skipJSONSpace(line, 0) == len(line) {
		return
	}
	r.readRecord(line, r.line, nil)
}

// fill returns the buffered input, reading more when none is buffered.
func (r *Reader) fill() ([]byte, error) {
	if n := r.br.Buffered(); n > 0 {
		b, _ := r.br.Peek(n)
		return b, nil
	}
	b, err := r.br.Peek(1)
	if len(b) == 0 {
		return nil, err
	}
	b, _ = r.br.Peek(r.br.Buffered())
	return b, nil
}

// nextByte skips white space, counting lines, and returns the next byte
// without consuming it.
func (r *Reader) nextByte() (byte, error) {
	for {
		b, err := r.fill()
		if len(b) == 0 {
			return 0, err
		}
		i := 0
		for ; i < len(b); i++ {
			switch b[i] {
			case '\n':
				r.line++
				r.col = 0
				continue
			case ' ', '\t', '\r':
				r.col++
				continue
			}
			break
		}
		r.consume(i)
		if i < len(b) {
			return b[i], nil
		}
	}
}

// skipLine consumes the input up to the end of the current line.
func (r *Reader) skipLine() {
	for {
		frag, err := r.br.ReadSlice('\n')
		r.off += int64(len(frag))
		if err == nil {
			r.line++
			r.col = 0
			return
		}
		if !errors.Is(err, bufio.ErrBufferFull) {
			if !errors.Is(err, io.EOF) {
				r.ioError(err)
			}
			return
		}
	}
}

// streamStep reads the next value (or array element) of a stream.
func (r *Reader) streamStep() {
	c, err := r.nextByte()
	if err != nil {
		if errors.Is(err, io.EOF) {
			r.finish()
		} else {
			r.ioError(err)
		}
		return
	}
	a := r.array
	if a == nil {
		switch c {
		case '[':
			r.consume(1)
			r.array = &readArray{line: r.line}
		case '{':
			r.streamValue(nil)
		default:
			r.problem(r.line, "not JSON: "+describeJSONByte(c)+" where a record should start; skipped to the end of the line")
			r.skipLine()
		}
		return
	}
	switch {
	case c == ']':
		r.consume(1)
		r.closeArray()
	case c == ',' && a.needComma:
		r.consume(1)
		a.needComma = false
	case a.needComma || c == ',':
		r.problem(r.line, fmt.Sprintf("malformed JSON: %s in the array that starts on line %d, expected ',' or ']'; skipped the rest of the array", describeJSONByte(c), a.line))
		r.closeArray()
		r.skipLine()
	case c == '{' || c == '[':
		a.needComma = true
		a.elements++
		r.streamValue(a)
	default:
		a.needComma = true
		a.elements++
		line := r.line
		r.skipScalar()
		r.problem(line, fmt.Sprintf("element %d of the array that starts on line %d is not a trajectory", a.elements, a.line))
	}
}

func describeJSONByte(c byte) string {
	if c >= 0x20 && c < 0x7f {
		return strconv.QuoteRune(rune(c))
	}
	return fmt.Sprintf("byte 0x%02x", c)
}

// closeArray ends the top-level array: its messages are one trajectory.
func (r *Reader) closeArray() {
	if a := r.array; a != nil && a.msgs != nil {
		a.msgs.emit(r)
	}
	r.array = nil
}

// skipScalar consumes a number, literal or string element of an array (or
// junk), up to the next ',', ']' or line end.
func (r *Reader) skipScalar() {
	inStr, esc, first := false, false, true
	for {
		b, _ := r.fill()
		if len(b) == 0 {
			return
		}
		i := 0
		for ; i < len(b); i++ {
			c := b[i]
			if c == '\n' {
				break
			}
			if inStr {
				switch {
				case esc:
					esc = false
				case c == '\\':
					esc = true
				case c == '"':
					r.consume(i + 1)
					r.col += i + 1
					return
				}
				continue
			}
			if first && c == '"' {
				inStr = true
			} else if c == ',' || c == ']' || c == ' ' || c == '\t' || c == '\r' {
				break
			}
			first = false
		}
		r.consume(i)
		r.col += i
		if i < len(b) {
			return
		}
	}
}

// streamValue reads the object or array at the cursor: its brackets are
// matched (strings skipped) to find its end, then it is parsed as one
// record. A record that ends on a bracket of the wrong kind, or in a
// string at a line end, is reported and reading goes on at the next line.
func (r *Reader) streamValue(a *readArray) {
	start, startCol := r.line, r.col
	r.buf, r.stack = r.buf[:0], r.stack[:0]
	tooLong, inStr, esc := false, false, false
	for {
		b, err := r.fill()
		if len(b) == 0 {
			if err != nil && !errors.Is(err, io.EOF) {
				r.ioError(err)
				return
			}
			r.problem(start, "malformed JSON: unexpected end of input (a truncated record)")
			return
		}
		i, done, broken := 0, false, ""
	scan:
		for ; i < len(b); i++ {
			c := b[i]
			if inStr {
				switch {
				case c == '\n':
					broken = "malformed JSON: string not closed at the end of line " + strconv.Itoa(r.line)
					break scan
				case esc:
					esc = false
				case c == '\\':
					esc = true
				case c == '"':
					inStr = false
				}
				continue
			}
			switch c {
			case '"':
				inStr = true
			case '{', '[':
				if len(r.stack) >= maxJSONDepth {
					broken = "malformed JSON: nested too deeply"
					break scan
				}
				r.stack = append(r.stack, c)
			case '}', ']':
				open := byte('{')
				if c == ']' {
					open = '['
				}
				if n := len(r.stack); n == 0 || r.stack[n-1] != open {
					broken = fmt.Sprintf("malformed JSON: unexpected %q on line %d", c, r.line)
					break scan
				}
				r.stack = r.stack[:len(r.stack)-1]
				if len(r.stack) == 0 {
					i++
					done = true
					break scan
				}
			case '\n':
				r.line++
				r.col = -1 - i // i bytes further, the column is 0
			}
		}
		r.col += i
		if !tooLong {
			if len(r.buf)+i > r.max {
				tooLong, r.buf = true, r.buf[:0]
			} else {
				r.buf = append(r.buf, b[:i]...)
			}
		}
		r.consume(i)
		switch {
		case broken != "":
			r.problem(start, broken+"; record skipped")
			r.resync(startCol)
			if a != nil {
				a.needComma = false
			}
			return
		case done && tooLong:
			r.problem(start, fmt.Sprintf("record longer than %d bytes (the bound on one record); skipped", r.max))
			return
		case done:
			r.readRecord(r.buf, start, a)
			return
		}
	}
}

// resync skips the rest of a broken record: up to the next line that
// starts, at a column no further right than the record did, with a
// bracket. In a pretty-printed input that is where the next record (or
// the end of the array) is.
func (r *Reader) resync(col int) {
	r.skipLine()
	for r.err == nil {
		b, _ := r.fill()
		if len(b) == 0 {
			return
		}
		i := 0
		for i < len(b) && (b[i] == ' ' || b[i] == '\t') {
			i++
		}
		r.consume(i)
		r.col += i
		if i == len(b) {
			continue // the indentation goes on in the next buffer
		}
		if c := b[i]; r.col <= col && (c == '{' || c == '[' || c == ']') {
			return
		}
		r.skipLine()
	}
}
