package evaluate

import (
	"strconv"
	"unicode/utf8"
)

// decodeJSON decodes a JSON value into the types encoding/json gives an
// `any` (map[string]any, []any, string, float64, bool, nil), for the
// arguments of the tool calls the replay hands the guard: decoding each
// with encoding/json was a tenth of the replay's time. It reports false
// for anything it does not take exactly as encoding/json would (invalid
// UTF-8, which encoding/json replaces; nesting past the readers' bound;
// numbers out of range), and the caller then uses encoding/json.
func decodeJSON(b []byte) (any, bool) {
	if !utf8.Valid(b) {
		return nil, false
	}
	var p jsonParser
	p.reset(b)
	v := p.anyValue()
	if p.ws(); p.err != nil || p.pos != len(b) {
		return nil, false
	}
	return v, true
}

// anyValue reads the next value as encoding/json would into an `any`.
func (p *jsonParser) anyValue() any {
	switch c := p.peek(); {
	case c == '{':
		m := map[string]any{}
		if p.open('{') {
			for n := 0; p.more('}', n); n++ {
				k := string(p.key())
				m[k] = p.anyValue()
			}
		}
		return m
	case c == '[':
		a := []any{}
		if p.open('[') {
			for n := 0; p.more(']', n); n++ {
				a = append(a, p.anyValue())
			}
		}
		return a
	case c == '"':
		return string(p.stringBytes())
	case c == 't' || c == 'f':
		return p.boolean()
	case c == 'n':
		p.literal("null")
		return nil
	case c == '-' || '0' <= c && c <= '9':
		raw := p.raw()
		f, err := strconv.ParseFloat(string(raw), 64)
		if err != nil && p.err == nil {
			p.fail("number out of range")
		}
		return f
	}
	p.unexpected("a value")
	return nil
}
