package audit

import (
	"encoding/json"
	"strconv"
	"unicode/utf8"

	"github.com/actionguard/actionguard/internal/jsonx"
)

// unmarshalSpoolLine reads a spool line's JSON into r, as json.Unmarshal
// reads it (FuzzUnmarshalSpoolLine, TestUnmarshalSpoolLineShapes): the
// layout appendSpoolLine writes by a hand reader, which is most of a
// drain's decoding cost under encoding/json, and any other line (one with
// contacts, an older release's, one edited by hand) by encoding/json. The
// hand reader takes a line only when every part of it is what
// encoding/json would accept: the action is validated, and a string with
// an escape it does not know is read by encoding/json.
func unmarshalSpoolLine(line []byte, r *Record) error {
	_, err := readSpoolLine(line, r)
	return err
}

// readSpoolLine is unmarshalSpoolLine, and reports whether the line says
// its action is redacted as the log's (logRedactedField, after the hash,
// in the layout the hand reader reads; a line read by encoding/json says
// no, and its action is redacted again).
func readSpoolLine(line []byte, r *Record) (logRedacted bool, err error) {
	p := spoolReader{b: line}
	if p.record(r) {
		return p.logRedacted, nil
	}
	*r = Record{}
	return false, json.Unmarshal(line, r)
}

// spoolReader reads the layout appendSpoolLine writes; each method
// reports false where the line leaves it, and the caller gives up.
type spoolReader struct {
	b []byte
	i int
	// logRedacted: the line ends with logRedactedField.
	logRedacted bool
}

// record reads a whole line into r.
func (p *spoolReader) record(r *Record) bool {
	return p.key(`{"seq":`) && p.int64(&r.Seq) &&
		p.key(`,"time":`) && p.time(r) &&
		p.key(`,"session_id":`) && p.str(&r.SessionID) &&
		p.key(`,"agent":`) && p.str(&r.Agent) &&
		p.key(`,"tool":`) && p.str(&r.Tool) &&
		p.key(`,"kind":`) && p.str(&r.Kind) &&
		p.key(`,"action":`) && p.action(r) &&
		p.key(`,"verdict":`) && p.str((*string)(&r.Verdict)) &&
		p.key(`,"level":`) && p.str((*string)(&r.Level)) &&
		p.key(`,"score":`) && p.int(&r.Score) &&
		p.key(`,"risk":`) && p.int(&r.Risk) &&
		p.key(`,"rules":`) && p.strings(&r.Rules) &&
		p.key(`,"reason":`) && p.str(&r.Reason) &&
		p.optional(`,"error":`, func() bool { return p.str(&r.Error) }) &&
		p.key(`,"duration_micros":`) && p.int64(&r.DurationMicros) &&
		p.optional(`,"confidence":`, func() bool { return p.int(&r.Confidence) }) &&
		p.optional(`,"anomalies":`, func() bool { return p.strings(&r.Anomalies) }) &&
		p.key(`,"prev_hash":`) && p.str(&r.PrevHash) &&
		p.key(`,"hash":`) && p.str(&r.Hash) &&
		p.optional(logRedactedField, func() bool { p.logRedacted = true; return true }) &&
		p.key(`}`) && p.i == len(p.b)
}

// key reads the exact bytes k.
func (p *spoolReader) key(k string) bool {
	if len(p.b)-p.i < len(k) || string(p.b[p.i:p.i+len(k)]) != k {
		return false
	}
	p.i += len(k)
	return true
}

// optional reads k and its value when the line has k next.
func (p *spoolReader) optional(k string, value func() bool) bool {
	if !p.key(k) {
		return true
	}
	return value()
}

// int64 reads a JSON integer (no fraction, no exponent) that fits.
func (p *spoolReader) int64(v *int64) bool {
	n, ok := p.integer(64)
	*v = n
	return ok
}

// int reads a JSON integer that fits an int.
func (p *spoolReader) int(v *int) bool {
	n, ok := p.integer(strconv.IntSize)
	*v = int(n)
	return ok
}

func (p *spoolReader) integer(bits int) (int64, bool) {
	start := p.i
	if p.i < len(p.b) && p.b[p.i] == '-' {
		p.i++
	}
	digits := p.i
	for p.i < len(p.b) && p.b[p.i] >= '0' && p.b[p.i] <= '9' {
		p.i++
	}
	if p.i == digits || p.b[digits] == '0' && p.i-digits > 1 {
		return 0, false // no digits, or a leading zero JSON refuses
	}
	if p.i < len(p.b) && (p.b[p.i] == '.' || p.b[p.i] == 'e' || p.b[p.i] == 'E') {
		return 0, false // a fraction encoding/json refuses for an integer
	}
	n, err := strconv.ParseInt(string(p.b[start:p.i]), 10, bits)
	return n, err == nil
}

// stringToken returns the next JSON string with its quotes, and whether
// it is plain: no escape, no invalid UTF-8, so its bytes are its value.
// It checks only what the plain reading needs; a string that is not plain
// goes to encoding/json, which checks the rest.
func (p *spoolReader) stringToken() (tok []byte, plain, ok bool) {
	if p.i >= len(p.b) || p.b[p.i] != '"' {
		return nil, false, false
	}
	start := p.i
	plain, ascii := true, true
	for p.i++; p.i < len(p.b); p.i++ {
		switch c := p.b[p.i]; {
		case c == '"':
			p.i++
			tok = p.b[start:p.i]
			if !ascii && !utf8.Valid(tok) {
				plain = false
			}
			return tok, plain, true
		case c == '\\':
			plain = false
			p.i++ // the escaped byte cannot end the string
		case c < 0x20:
			return nil, false, false
		case c >= utf8.RuneSelf:
			ascii = false
		}
	}
	return nil, false, false
}

// str reads a JSON string into s.
func (p *spoolReader) str(s *string) bool {
	tok, plain, ok := p.stringToken()
	if !ok {
		return false
	}
	if plain {
		*s = string(tok[1 : len(tok)-1])
		return true
	}
	return json.Unmarshal(tok, s) == nil
}

// time reads r.Time as encoding/json does: by Time.UnmarshalJSON of the
// token.
func (p *spoolReader) time(r *Record) bool {
	tok, _, ok := p.stringToken()
	return ok && r.Time.UnmarshalJSON(tok) == nil
}

// strings reads null (nil) or an array of strings ([]string{} when empty).
func (p *spoolReader) strings(ss *[]string) bool {
	if p.key("null") {
		*ss = nil
		return true
	}
	if !p.key("[") {
		return false
	}
	*ss = []string{}
	if p.key("]") {
		return true
	}
	for {
		var s string
		if !p.str(&s) {
			return false
		}
		*ss = append(*ss, s)
		if p.key("]") {
			return true
		}
		if !p.key(",") {
			return false
		}
	}
}

// action reads the action, any JSON value, which it validates, into
// r.Action: its bytes, copied, as json.RawMessage keeps them.
func (p *spoolReader) action(r *Record) bool {
	end, ok := jsonx.SkipValue(p.b, p.i)
	if !ok {
		return false
	}
	r.Action = append(json.RawMessage(nil), p.b[p.i:end]...)
	p.i = end
	return true
}
