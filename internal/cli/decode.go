package cli

import (
	"encoding/json"
	"fmt"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/actionguard/actionguard/guard"
)

// readActionLine reads one line of check --jsonl into act, as json.Unmarshal
// would. The lines agents and batch jobs send mostly have one plain shape
// (an id, a tool, an input of strings, numbers and booleans, a context of
// strings): those are read here without reflection, which costs a fifth of
// what json.Unmarshal does. Anything else — another field, a nested value,
// a duplicate field, an escape or byte that needs json's own handling, an
// error — goes to json.Unmarshal, so both paths give the same Action and
// the same errors (FuzzReadActionLine compares them).
func readActionLine(data []byte, act *guard.Action) error {
	return readActionLineInterned(data, act, nil)
}

// readActionLineInterned is readActionLine taking the strings a stream
// repeats from line to line (the tool's name, the context's values, the
// input's keys) from strs, which it adds them to: the same strings without
// an allocation each. strs may be nil.
func readActionLineInterned(data []byte, act *guard.Action, strs internedStrings) error {
	_, err := readActionLinePlain(data, act, strs, nil)
	return err
}

// readActionLinePlain is readActionLineInterned, also reporting whether the
// line had the plain shape (only an Action's own fields, read without
// reflection). A plain line's input is read into reuse, emptied first,
// when reuse is not nil (a stream's map of the line before, which nothing
// keeps past its line): a new map a line otherwise.
func readActionLinePlain(data []byte, act *guard.Action, strs internedStrings, reuse map[string]any) (plain bool, err error) {
	d := actionDecoder{data: data, strs: strs, reuse: reuse}
	if d.action(act) {
		return true, nil
	}
	*act = guard.Action{}
	return false, json.Unmarshal(data, act)
}

// notAnAction says why a line that decoded is still not an Action, or ""
// when it is one. json.Unmarshal reads null, and an object whose fields
// are all another program's, as an empty Action, which would be checked
// as nothing and run: an agent's hook payload ({"tool_name": …,
// "tool_input": …}) or a misspelt field must not pass as "nothing to
// check". plain says the line was read in the plain shape (its fields are
// an Action's).
func notAnAction(data []byte, act *guard.Action, plain bool) string {
	if len(data) == 0 || data[0] != '{' {
		return "the line is not an Action: an Action is a JSON object"
	}
	if !plain {
		if f := unknownFields(data); len(f) > 0 {
			more := ""
			if len(f) > 1 {
				more = fmt.Sprintf(" (and %d more)", len(f)-1)
			}
			return fmt.Sprintf("the line is not an Action: it has the field %q%s; an Action has %s", f[0], more, strings.Join(actionFields(), ", "))
		}
	}
	if act.Tool == "" && len(act.Input) == 0 && act.Text == "" {
		return "the line is not an Action: it names no tool, input or text to check"
	}
	return ""
}

// actionFields are the JSON names of an Action's fields.
func actionFields() []string {
	t := reflect.TypeFor[guard.Action]()
	out := make([]string, 0, t.NumField())
	for i := range t.NumField() {
		name, _, _ := strings.Cut(t.Field(i).Tag.Get("json"), ",")
		if name != "" && name != "-" {
			out = append(out, name)
		}
	}
	return out
}

// unknownFields are the top-level fields of the JSON object data that are
// not an Action's (matched without regard to case, as json.Unmarshal
// matches them), sorted.
func unknownFields(data []byte) []string {
	var fields map[string]json.RawMessage
	if json.Unmarshal(data, &fields) != nil {
		return nil
	}
	known := actionFields()
	var out []string
	for k := range fields {
		if !slices.ContainsFunc(known, func(f string) bool { return strings.EqualFold(f, k) }) {
			out = append(out, k)
		}
	}
	slices.Sort(out)
	return out
}

// actionDecoder reads the plain shape of an Action. Each method reports
// false when the input is not of that shape; the caller then starts over
// with encoding/json.
type actionDecoder struct {
	data []byte
	i    int
	buf  []byte          // a string with escapes, decoded
	strs internedStrings // strings kept from earlier lines, or nil
	// reuse is the map an input is read into, emptied first; nil: a new one.
	reuse map[string]any
}

// internedStrings are strings read before, by their text.
type internedStrings map[string]string

// Bounds on what a stream keeps: short strings, a few hundred of them.
const (
	maxInterned    = 512
	maxInternedLen = 256
)

// of returns b as a string, the one kept when there is one.
func (m internedStrings) of(b []byte) string {
	if m == nil {
		return string(b)
	}
	if s, ok := m[string(b)]; ok {
		return s
	}
	s := string(b)
	if len(m) < maxInterned && len(s) <= maxInternedLen {
		m[s] = s
	}
	return s
}

func (d *actionDecoder) action(act *guard.Action) bool {
	var seen uint8
	ok := d.object(func(key []byte) bool {
		var bit uint8
		var dst *string
		interned := false
		switch string(key) {
		case "id":
			bit, dst = 1, &act.ID
		case "tool":
			bit, dst = 2, &act.Tool
			interned = true
		case "text":
			bit, dst = 4, &act.Text
		case "kind":
			bit = 8
		case "input":
			bit = 16
		case "context":
			bit = 32
		default:
			return false
		}
		// A repeated field merges in json's own way: left to it.
		if seen&bit != 0 {
			return false
		}
		seen |= bit
		switch {
		case dst != nil:
			return d.str(dst, interned)
		case bit == 8:
			var k string
			if !d.str(&k, true) {
				return false
			}
			act.Kind = guard.Kind(k)
			return true
		case bit == 16:
			return d.input(act)
		default:
			return d.context(&act.Context)
		}
	})
	if !ok {
		return false
	}
	d.space()
	return d.i == len(d.data)
}

func (d *actionDecoder) input(act *guard.Action) bool {
	in := d.reuse
	if in == nil {
		in = map[string]any{}
	} else {
		clear(in)
	}
	ok := d.object(func(key []byte) bool {
		v, ok := d.scalar()
		if ok {
			in[d.strs.of(key)] = v
		}
		return ok
	})
	act.Input = in
	return ok
}

func (d *actionDecoder) context(c *guard.Context) bool {
	return d.object(func(key []byte) bool {
		var dst *string
		var flag *bool
		switch string(key) {
		case "application":
			dst = &c.Application
		case "cwd":
			dst = &c.Cwd
		case "home":
			dst = &c.Home
		case "git_branch":
			dst = &c.GitBranch
		case "environment":
			dst = &c.Environment
		case "session_id":
			dst = &c.SessionID
		case "agent":
			dst = &c.Agent
		case "git_dirty":
			flag = &c.GitDirty
		case "previously_approved":
			flag = &c.PreviouslyApproved
		case "recent_mistake":
			flag = &c.RecentMistake
		default:
			return false
		}
		if dst != nil {
			return d.str(dst, true)
		}
		switch {
		case d.literal("true"):
			*flag = true
		case d.literal("false"):
			*flag = false
		default:
			return false
		}
		return true
	})
}

// object reads {"key": value, …}, calling member with d just before each
// value. Keys are taken as written: one with an escape is not plain.
func (d *actionDecoder) object(member func(key []byte) bool) bool {
	d.space()
	if !d.byte('{') {
		return false
	}
	d.space()
	if d.byte('}') {
		return true
	}
	for {
		d.space()
		key, ok := d.plainString()
		if !ok {
			return false
		}
		d.space()
		if !d.byte(':') {
			return false
		}
		d.space()
		if !member(key) {
			return false
		}
		d.space()
		if d.byte('}') {
			return true
		}
		if !d.byte(',') {
			return false
		}
	}
}

// scalar reads a string, a number, true, false or null as json.Unmarshal
// stores them in a map[string]any.
func (d *actionDecoder) scalar() (any, bool) {
	if d.i >= len(d.data) {
		return nil, false
	}
	switch c := d.data[d.i]; {
	case c == '"':
		var s string
		if !d.str(&s, false) {
			return nil, false
		}
		return s, true
	case c == 't' && d.literal("true"):
		return true, true
	case c == 'f' && d.literal("false"):
		return false, true
	case c == 'n' && d.literal("null"):
		return nil, true
	case c == '-' || c >= '0' && c <= '9':
		return d.number()
	}
	return nil, false
}

// number reads a JSON number as the float64 json.Unmarshal makes of it.
func (d *actionDecoder) number() (any, bool) {
	start := d.i
	d.byte('-')
	switch {
	case d.byte('0'):
	case d.digits() > 0:
	default:
		return nil, false
	}
	if d.byte('.') && d.digits() == 0 {
		return nil, false
	}
	if d.byte('e') || d.byte('E') {
		if !d.byte('+') {
			d.byte('-')
		}
		if d.digits() == 0 {
			return nil, false
		}
	}
	f, err := strconv.ParseFloat(string(d.data[start:d.i]), 64)
	if err != nil {
		return nil, false
	}
	return f, true
}

func (d *actionDecoder) digits() int {
	n := 0
	for d.i < len(d.data) && d.data[d.i] >= '0' && d.data[d.i] <= '9' {
		d.i++
		n++
	}
	return n
}

// plainString reads a string with no escape and no byte outside printable
// ASCII, returned in place.
func (d *actionDecoder) plainString() ([]byte, bool) {
	if !d.byte('"') {
		return nil, false
	}
	start := d.i
	for d.i < len(d.data) {
		c := d.data[d.i]
		switch {
		case c == '"':
			d.i++
			return d.data[start : d.i-1], true
		case c == '\\' || c < 0x20 || c >= 0x80:
			return nil, false
		}
		d.i++
	}
	return nil, false
}

// str reads a string into dst. Escapes other than surrogate pairs are
// decoded; a control character, a lone or paired surrogate escape or
// invalid UTF-8 (which json replaces with U+FFFD) is not plain. An
// interned string is taken from (and kept in) d.strs.
func (d *actionDecoder) str(dst *string, interned bool) bool {
	if !d.byte('"') {
		return false
	}
	start := d.i
	d.buf = d.buf[:0]
	escaped, wide := false, false
	for d.i < len(d.data) {
		c := d.data[d.i]
		switch {
		case c == '"':
			raw := d.data[start:d.i]
			d.i++
			if wide && !utf8.Valid(raw) {
				return false
			}
			switch {
			case escaped:
				*dst = string(d.buf)
			case interned:
				*dst = d.strs.of(raw)
			default:
				*dst = string(raw)
			}
			return true
		case c < 0x20:
			return false
		case c >= 0x80:
			wide = true
		case c == '\\':
			if !escaped {
				d.buf = append(d.buf, d.data[start:d.i]...)
				escaped = true
			}
			if !d.escape() {
				return false
			}
			continue
		}
		if escaped {
			d.buf = append(d.buf, c)
		}
		d.i++
	}
	return false
}

// escape decodes the escape at d.i into d.buf.
func (d *actionDecoder) escape() bool {
	if d.i+1 >= len(d.data) {
		return false
	}
	c := d.data[d.i+1]
	d.i += 2
	switch c {
	case '"', '\\', '/':
		d.buf = append(d.buf, c)
	case 'b':
		d.buf = append(d.buf, '\b')
	case 'f':
		d.buf = append(d.buf, '\f')
	case 'n':
		d.buf = append(d.buf, '\n')
	case 'r':
		d.buf = append(d.buf, '\r')
	case 't':
		d.buf = append(d.buf, '\t')
	case 'u':
		if d.i+4 > len(d.data) {
			return false
		}
		r, err := strconv.ParseUint(string(d.data[d.i:d.i+4]), 16, 32)
		if err != nil || r >= 0xD800 && r < 0xE000 {
			return false
		}
		d.buf = utf8.AppendRune(d.buf, rune(r))
		d.i += 4
	default:
		return false
	}
	return true
}

func (d *actionDecoder) literal(s string) bool {
	if len(d.data)-d.i >= len(s) && string(d.data[d.i:d.i+len(s)]) == s {
		d.i += len(s)
		return true
	}
	return false
}

func (d *actionDecoder) byte(c byte) bool {
	if d.i < len(d.data) && d.data[d.i] == c {
		d.i++
		return true
	}
	return false
}

func (d *actionDecoder) space() {
	for d.i < len(d.data) {
		switch d.data[d.i] {
		case ' ', '\t', '\n', '\r':
			d.i++
		default:
			return
		}
	}
}
