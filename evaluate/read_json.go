package evaluate

import (
	"encoding/json"
	"strconv"
	"unicode/utf16"
	"unicode/utf8"
)

// jsonParser is the readers' JSON parser: a validating cursor over one
// record. encoding/json decodes a trajectory line at about 75 MB/s here;
// walking the bytes once and keeping only the fields a reader needs is
// several times faster, and the evaluator's budget is 50 MB/s end to end.
//
// Errors are sticky: after the first one every method returns at once, so
// callers check p.err after a whole object rather than after every call.
// Values of an unexpected type are skipped (still validated), not errors:
// the record may belong to another format.
type jsonParser struct {
	data    []byte
	pos     int
	depth   int
	err     *jsonError
	scratch []byte
	names   map[string]string // see name
}

// jsonError is a syntax error at a byte offset of the record.
type jsonError struct {
	pos int
	msg string
}

// maxJSONDepth bounds nesting: no reader needs more, and it keeps the
// recursive walk's stack small on hostile input.
const maxJSONDepth = 1000

func (p *jsonParser) reset(data []byte) {
	p.data, p.pos, p.depth, p.err = data, 0, 0, nil
}

func (p *jsonParser) fail(msg string) {
	if p.err == nil {
		p.err = &jsonError{pos: p.pos, msg: msg}
	}
	p.pos = len(p.data)
}

// unexpected reports the character at the cursor as unexpected.
func (p *jsonParser) unexpected(want string) {
	if p.pos >= len(p.data) {
		p.fail("unexpected end of input, expected " + want)
		return
	}
	c := p.data[p.pos]
	var s string
	if c < utf8.RuneSelf {
		s = strconv.QuoteRune(rune(c))
	} else {
		r, _ := utf8.DecodeRune(p.data[p.pos:])
		s = strconv.QuoteRune(r)
	}
	p.fail("invalid character " + s + ", expected " + want)
}

func (p *jsonParser) ws() {
	for p.pos < len(p.data) {
		switch p.data[p.pos] {
		case ' ', '\t', '\n', '\r':
			p.pos++
		default:
			return
		}
	}
}

// peek skips white space and returns the next byte, or 0 at the end.
func (p *jsonParser) peek() byte {
	p.ws()
	if p.pos < len(p.data) {
		return p.data[p.pos]
	}
	return 0
}

// open consumes c ('{' or '[') if it is next; it reports false, consuming
// nothing, for a value of another kind.
func (p *jsonParser) open(c byte) bool {
	if p.peek() != c || p.err != nil {
		return false
	}
	if p.depth >= maxJSONDepth {
		p.fail("nested too deeply")
		return false
	}
	p.depth++
	p.pos++
	return true
}

// more is the loop condition over an object's members or an array's
// elements after open: it consumes the separator and reports whether
// element n follows, or consumes the closing byte and reports false.
//
//	for n := 0; p.more('}', n); n++ { key := p.key(); … }
func (p *jsonParser) more(closing byte, n int) bool {
	if p.err != nil {
		return false
	}
	c := p.peek()
	if c == closing {
		p.pos++
		p.depth--
		return false
	}
	if n > 0 {
		if c != ',' {
			if closing == '}' {
				p.unexpected("',' or '}'")
			} else {
				p.unexpected("',' or ']'")
			}
			return false
		}
		p.pos++
		p.ws()
	}
	return p.err == nil
}

// key reads an object member's name and its colon. The result is valid
// until the next call.
func (p *jsonParser) key() []byte {
	if p.peek() != '"' {
		p.unexpected("a string (an object key)")
		return nil
	}
	k := p.stringBytes()
	if p.peek() != ':' {
		p.unexpected("':'")
		return nil
	}
	p.pos++
	return k
}

// jsonStrSafe marks the bytes that stand for themselves inside a string.
var jsonStrSafe = func() (t [256]bool) {
	for i := 0x20; i < 256; i++ {
		t[i] = i != '"' && i != '\\'
	}
	return t
}()

// scanString validates the string at the cursor (its opening quote) and
// moves past it. It returns the content's bounds and whether it holds
// escapes.
func (p *jsonParser) scanString() (start, end int, escaped bool) {
	data := p.data
	start = p.pos + 1
	i := start
	for {
		for i < len(data) && jsonStrSafe[data[i]] {
			i++
		}
		if i >= len(data) {
			p.pos = i
			p.fail("unterminated string")
			return start, start, false
		}
		switch c := data[i]; {
		case c == '"':
			p.pos = i + 1
			return start, i, escaped
		case c == '\\':
			escaped = true
			if i+1 >= len(data) {
				p.pos = i
				p.fail("unterminated string")
				return start, start, false
			}
			switch data[i+1] {
			case '"', '\\', '/', 'b', 'f', 'n', 'r', 't':
				i += 2
			case 'u':
				if i+6 > len(data) || !isJSONHex4(data[i+2:i+6]) {
					p.pos = i
					p.fail(`invalid \u escape in string`)
					return start, start, false
				}
				i += 6
			default:
				p.pos = i
				p.fail("invalid escape in string")
				return start, start, false
			}
		default:
			p.pos = i
			p.fail("control character in string")
			return start, start, false
		}
	}
}

func isJSONHex4(b []byte) bool {
	for _, c := range b[:4] {
		if !('0' <= c && c <= '9' || 'a' <= c && c <= 'f' || 'A' <= c && c <= 'F') {
			return false
		}
	}
	return true
}

// stringBytes reads a string's content, unescaped. The result aliases the
// record or the scratch buffer: copy it to keep it.
func (p *jsonParser) stringBytes() []byte {
	s, e, esc := p.scanString()
	if p.err != nil {
		return nil
	}
	if !esc {
		return p.data[s:e]
	}
	p.scratch = unescapeJSON(p.scratch[:0], p.data[s:e])
	return p.scratch
}

// unescapeJSON appends the unescaped content of a valid JSON string. Invalid
// surrogates become U+FFFD, as encoding/json does.
func unescapeJSON(dst, b []byte) []byte {
	for i := 0; i < len(b); {
		c := b[i]
		if c != '\\' {
			j := i + 1
			for j < len(b) && b[j] != '\\' {
				j++
			}
			dst = append(dst, b[i:j]...)
			i = j
			continue
		}
		switch b[i+1] {
		case 'b':
			dst = append(dst, '\b')
		case 'f':
			dst = append(dst, '\f')
		case 'n':
			dst = append(dst, '\n')
		case 'r':
			dst = append(dst, '\r')
		case 't':
			dst = append(dst, '\t')
		case 'u':
			r := jsonHex4(b[i+2:])
			i += 6
			if utf16.IsSurrogate(r) {
				r2 := rune(-1)
				if i+6 <= len(b) && b[i] == '\\' && b[i+1] == 'u' {
					r2 = jsonHex4(b[i+2:])
				}
				if d := utf16.DecodeRune(r, r2); d != utf8.RuneError {
					i += 6
					r = d
				} else {
					r = utf8.RuneError
				}
			}
			dst = utf8.AppendRune(dst, r)
			continue
		default: // '"', '\\', '/'
			dst = append(dst, b[i+1])
		}
		i += 2
	}
	return dst
}

func jsonHex4(b []byte) rune {
	var r rune
	for _, c := range b[:4] {
		switch {
		case c <= '9':
			c -= '0'
		case c <= 'F':
			c -= 'A' - 10
		default:
			c -= 'a' - 10
		}
		r = r<<4 | rune(c)
	}
	return r
}

// str reads a string value. null is ""; a value of another type is kept
// as its compact JSON text (a number id, an object where text was
// expected), so no record is lost to a surprising type.
func (p *jsonParser) str() string {
	switch p.peek() {
	case '"':
		return string(p.stringBytes())
	case 'n':
		if p.null() {
			return ""
		}
	}
	return string(p.compact(nil))
}

// name reads a string that recurs from record to record, a tool's name:
// the parser keeps one copy of each (up to a bound) instead of one a
// step.
func (p *jsonParser) name() string {
	if p.peek() != '"' {
		return p.str()
	}
	b := p.stringBytes()
	if s, ok := p.names[string(b)]; ok {
		return s
	}
	s := string(b)
	if len(p.names) < 1024 && len(s) <= 64 {
		if p.names == nil {
			p.names = map[string]string{}
		}
		p.names[s] = s
	}
	return s
}

// null consumes a null if it is next.
func (p *jsonParser) null() bool {
	if p.peek() == 'n' && len(p.data)-p.pos >= 4 && string(p.data[p.pos:p.pos+4]) == "null" {
		p.pos += 4
		return true
	}
	return false
}

// boolean reads true or false; any other value is skipped and is false.
func (p *jsonParser) boolean() bool {
	if c := p.peek(); c == 't' && len(p.data)-p.pos >= 4 && string(p.data[p.pos:p.pos+4]) == "true" {
		p.pos += 4
		return true
	}
	p.skip()
	return false
}

// uint reads a non-negative integer given as a number or a string of
// digits (protobuf's JSON form of 64-bit integers); anything else is 0.
func (p *jsonParser) uint() uint64 {
	var b []byte
	switch c := p.peek(); {
	case c == '"':
		b = p.stringBytes()
	case c == '-' || '0' <= c && c <= '9':
		b = p.raw()
	default:
		p.skip()
		return 0
	}
	n, err := strconv.ParseUint(string(b), 10, 64)
	if err != nil {
		return 0
	}
	return n
}

// raw validates the next value and returns its bytes (aliasing the record).
func (p *jsonParser) raw() []byte {
	p.ws()
	start := p.pos
	p.skip()
	if p.err != nil {
		return nil
	}
	return p.data[start:p.pos]
}

// compact returns the next value as compact JSON appended to dst, or dst
// for null.
func (p *jsonParser) compact(dst []byte) []byte {
	if p.null() {
		return dst
	}
	raw := p.raw()
	if p.err != nil {
		return dst
	}
	if dst == nil {
		dst = make([]byte, 0, len(raw))
	}
	return appendCompactJSON(dst, raw)
}

// rawMessage is compact for a tool call's input: a fresh slice, nil for
// null.
func (p *jsonParser) rawMessage() json.RawMessage {
	b := p.compact(nil)
	if len(b) == 0 {
		return nil
	}
	return b
}

// skip validates and skips the next value.
func (p *jsonParser) skip() {
	if p.err != nil {
		return
	}
	switch c := p.peek(); c {
	case '{':
		if !p.open('{') {
			return
		}
		for n := 0; p.more('}', n); n++ {
			p.key()
			p.skip()
		}
	case '[':
		if !p.open('[') {
			return
		}
		for n := 0; p.more(']', n); n++ {
			p.skip()
		}
	case '"':
		p.scanString()
	case 't':
		p.literal("true")
	case 'f':
		p.literal("false")
	case 'n':
		p.literal("null")
	default:
		if c == '-' || '0' <= c && c <= '9' {
			p.number()
			return
		}
		p.unexpected("a value")
	}
}

func (p *jsonParser) literal(s string) {
	if len(p.data)-p.pos >= len(s) && string(p.data[p.pos:p.pos+len(s)]) == s {
		p.pos += len(s)
		return
	}
	p.unexpected("a value")
}

// number validates a JSON number: -?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?
func (p *jsonParser) number() {
	d, i := p.data, p.pos
	if i < len(d) && d[i] == '-' {
		i++
	}
	digits := func() bool {
		j := i
		for i < len(d) && '0' <= d[i] && d[i] <= '9' {
			i++
		}
		return i > j
	}
	switch {
	case i < len(d) && d[i] == '0':
		i++
	case !digits():
		p.pos = i
		p.unexpected("a digit")
		return
	}
	if i < len(d) && d[i] == '.' {
		i++
		if !digits() {
			p.pos = i
			p.unexpected("a digit")
			return
		}
	}
	if i < len(d) && (d[i] == 'e' || d[i] == 'E') {
		i++
		if i < len(d) && (d[i] == '+' || d[i] == '-') {
			i++
		}
		if !digits() {
			p.pos = i
			p.unexpected("a digit")
			return
		}
	}
	p.pos = i
}

// appendCompactJSON appends valid JSON without its insignificant white space.
func appendCompactJSON(dst, raw []byte) []byte {
	inStr := false
	start := 0
	for i := 0; i < len(raw); i++ {
		c := raw[i]
		if inStr {
			switch c {
			case '\\':
				i++
			case '"':
				inStr = false
			}
			continue
		}
		switch c {
		case '"':
			inStr = true
		case ' ', '\t', '\n', '\r':
			dst = append(dst, raw[start:i]...)
			start = i + 1
		}
	}
	return append(dst, raw[start:]...)
}

// appendJSONString appends s as a JSON string. s is valid UTF-8 (records are
// checked before they are parsed).
func appendJSONString(dst []byte, s string) []byte {
	const hex = "0123456789abcdef"
	dst = append(dst, '"')
	start := 0
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c >= 0x20 && c != '"' && c != '\\' {
			continue
		}
		dst = append(dst, s[start:i]...)
		switch c {
		case '"', '\\':
			dst = append(dst, '\\', c)
		case '\n':
			dst = append(dst, '\\', 'n')
		case '\r':
			dst = append(dst, '\\', 'r')
		case '\t':
			dst = append(dst, '\\', 't')
		default:
			dst = append(dst, '\\', 'u', '0', '0', hex[c>>4], hex[c&0xF])
		}
		start = i + 1
	}
	dst = append(dst, s[start:]...)
	return append(dst, '"')
}

// jsonOrString returns s as a JSON value: s itself (compacted) when it is
// JSON, else s as a JSON string. With containers, only an object or an
// array counts as JSON: "42" stays the string "42".
func jsonOrString(s string, containers bool) json.RawMessage {
	if s == "" {
		return nil
	}
	var q jsonParser
	q.data = []byte(s)
	c := q.peek()
	if !containers || c == '{' || c == '[' {
		q.skip()
		q.ws()
		if q.err == nil && q.pos == len(q.data) && utf8.Valid(q.data) {
			return appendCompactJSON(nil, q.data)
		}
	}
	return appendJSONString(nil, s)
}

// arguments reads a tool call's arguments: a JSON value, or a string
// holding one (OpenAI's function.arguments). With containers, a string is
// decoded only when it holds an object or an array.
func (p *jsonParser) arguments(containers bool) json.RawMessage {
	if p.peek() == '"' {
		return jsonOrString(string(p.stringBytes()), containers)
	}
	return p.rawMessage()
}
