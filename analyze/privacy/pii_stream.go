package privacy

import (
	"errors"
	"io"
	"unicode/utf8"
)

// Streamed redaction. A text of any size is read in windows; each window
// is examined with Context bytes of the text before it and after it, so
// a finding that starts in the window is seen whole and with the words
// that precede it (a label on the line above, a key name). A finding is
// kept by the window it starts in, and the next window starts where the
// last kept finding ends, so each byte is masked once and the result is
// the one Redact gives for the whole text, as long as no finding and no
// context a detector reads is longer than Context.

// Default sizes of a Stream.
const (
	StreamWindow  = 1 << 20
	StreamContext = 64 << 10
)

// Stream masks a text read from an io.Reader into an io.Writer with
// memory bounded by a few times Window+2*Context, whatever the text's
// size. The zero value uses StreamWindow and StreamContext.
type Stream struct {
	// Window is how many bytes are decided per step.
	Window int
	// Context is how many bytes before and after a window are read with it.
	Context int
	// Keep, when set, chooses the findings to mask (the others stay as
	// they are); nil masks every finding.
	Keep func(Finding) bool
	// Found, when set, is called with every masked finding in order, its
	// offsets counted in bytes from the start of the whole text.
	Found func(Finding)
}

// Redact copies r to w with every finding masked as Mask masks it. It
// returns the number of bytes read and the first read or write error.
func (st Stream) Redact(r io.Reader, w io.Writer) (int64, error) {
	window, ctx := st.Window, st.Context
	if window <= 0 {
		window = StreamWindow
	}
	if ctx <= 0 {
		ctx = StreamContext
	}
	// buf holds the text from base on; done (relative to buf) is where the
	// output has reached.
	buf := make([]byte, 0, window+2*ctx+4096)
	var base int64
	done := 0
	eof := false
	var out []byte
	for {
		// Fill: the window and the context after it.
		for !eof && len(buf) < done+window+ctx {
			if len(buf) == cap(buf) {
				buf = append(buf, 0)[:len(buf)]
			}
			n, err := r.Read(buf[len(buf):cap(buf)])
			buf = buf[:len(buf)+n]
			if errors.Is(err, io.EOF) {
				eof = true
			} else if err != nil {
				return base + int64(len(buf)), err
			}
		}
		limit := len(buf)
		if !eof {
			limit = streamCut(buf, done+window)
			if limit <= done {
				limit = done + window
			}
		}
		text := string(buf)
		fs := Detect(text)
		out = out[:0]
		at := done
		for _, f := range fs {
			if f.Start < done {
				continue
			}
			if f.Start >= limit {
				break
			}
			if st.Keep != nil && !st.Keep(f) {
				continue
			}
			out = append(out, text[at:f.Start]...)
			out = append(out, MaskValue(f.Type, text[f.Start:f.End])...)
			at = f.End
			if st.Found != nil {
				g := f
				g.Start += int(base)
				g.End += int(base)
				st.Found(g)
			}
		}
		// A finding kept may end past the limit: the output goes to its end.
		end := max(limit, at)
		out = append(out, text[at:end]...)
		if _, err := w.Write(out); err != nil {
			return base + int64(len(buf)), err
		}
		done = end
		if eof && done >= len(buf) {
			return base + int64(len(buf)), nil
		}
		// Keep Context bytes before done for the next window.
		if drop := done - ctx; drop > 0 {
			drop = streamCut(buf, drop)
			n := copy(buf, buf[drop:])
			buf = buf[:n]
			done -= drop
			base += int64(drop)
		}
	}
}

// streamCut moves p back to the start of a UTF-8 character, so no
// window begins or ends inside one.
func streamCut(b []byte, p int) int {
	if p >= len(b) {
		return len(b)
	}
	for k := 0; k < utf8.UTFMax && p > 0 && !utf8.RuneStart(b[p]); k++ {
		p--
	}
	return p
}
