package setup

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strconv"
	"strings"
)

// kind is the kind of a JSON value.
type kind int

const (
	scalar kind = iota // a string, number, true, false or null, kept as written
	object
	array
)

// node is a JSON value that keeps what a settings file looked like: the
// order of keys, and the exact bytes of every value that was not edited, so
// that rendering an unedited value gives back what was read.
type node struct {
	kind    kind
	raw     []byte // the value as written in the file; nil for a new value
	dirty   bool   // edited since it was read: rendered afresh
	members []member
	elems   []*node
}

type member struct {
	key    string // decoded
	rawKey []byte // as written, quotes included; nil for a new key
	val    *node
}

// SyntaxError is a settings file that is not valid JSON.
type SyntaxError struct {
	File      string
	Line, Col int
	Msg       string
}

func (e *SyntaxError) Error() string {
	return fmt.Sprintf("%s:%d:%d: not valid JSON: %s", e.File, e.Line, e.Col, e.Msg)
}

// parseTree parses a JSON document whose top level must be an object.
func parseTree(file string, src []byte) (*node, error) {
	var v any
	if err := json.Unmarshal(src, &v); err != nil {
		off := len(src)
		msg := strings.TrimPrefix(err.Error(), "json: ")
		if se, ok := err.(*json.SyntaxError); ok {
			off = int(se.Offset)
			// The decoder's offset is just past the byte it refused
			// (or the end of the input, when the input stops early).
			if off > 0 && off < len(src) {
				off--
			}
			if off >= len(src) {
				off = len(bytes.TrimRight(src, " \t\r\n"))
			}
		}
		line, col := position(src, off)
		return nil, &SyntaxError{File: file, Line: line, Col: col, Msg: msg}
	}
	if _, ok := v.(map[string]any); !ok {
		line, col := position(src, firstNonSpace(src))
		return nil, &SyntaxError{File: file, Line: line, Col: col, Msg: "the top level must be an object ({…})"}
	}
	p := &treeParser{src: src}
	n := p.value()
	return n, nil
}

func firstNonSpace(src []byte) int {
	return len(src) - len(bytes.TrimLeft(src, " \t\r\n"))
}

// position turns a byte offset into a 1-based line and column (in bytes).
func position(src []byte, off int) (line, col int) {
	if off > len(src) {
		off = len(src)
	}
	line = 1 + bytes.Count(src[:off], []byte("\n"))
	col = off - bytes.LastIndexByte(src[:off], '\n')
	return line, col
}

// treeParser reads JSON already known to be valid.
type treeParser struct {
	src []byte
	i   int
}

func (p *treeParser) space() {
	for p.i < len(p.src) {
		switch p.src[p.i] {
		case ' ', '\t', '\r', '\n':
			p.i++
		default:
			return
		}
	}
}

func (p *treeParser) value() *node {
	p.space()
	start := p.i
	n := &node{}
	switch p.src[p.i] {
	case '{':
		n.kind = object
		p.i++
		p.space()
		for p.src[p.i] != '}' {
			ks := p.i
			p.skipString()
			rawKey := p.src[ks:p.i]
			var key string
			json.Unmarshal(rawKey, &key)
			p.space()
			p.i++ // ':'
			n.members = append(n.members, member{key: key, rawKey: rawKey, val: p.value()})
			p.space()
			if p.src[p.i] == ',' {
				p.i++
				p.space()
			}
		}
		p.i++
	case '[':
		n.kind = array
		p.i++
		p.space()
		for p.src[p.i] != ']' {
			n.elems = append(n.elems, p.value())
			p.space()
			if p.src[p.i] == ',' {
				p.i++
				p.space()
			}
		}
		p.i++
	case '"':
		p.skipString()
	default:
		for p.i < len(p.src) && !strings.ContainsRune(" \t\r\n,]}", rune(p.src[p.i])) {
			p.i++
		}
	}
	n.raw = p.src[start:p.i]
	return n
}

func (p *treeParser) skipString() {
	p.i++ // opening quote
	for p.src[p.i] != '"' {
		if p.src[p.i] == '\\' {
			p.i++
		}
		p.i++
	}
	p.i++
}

// get returns the value of key in an object, or nil.
func (n *node) get(key string) *node {
	if n == nil || n.kind != object {
		return nil
	}
	for _, m := range n.members {
		if m.key == key {
			return m.val
		}
	}
	return nil
}

// set sets key in an object: in place when present, appended otherwise.
func (n *node) set(key string, v *node) {
	n.dirty = true
	for i := range n.members {
		if n.members[i].key == key {
			n.members[i].val = v
			return
		}
	}
	n.members = append(n.members, member{key: key, val: v})
}

// prepend puts key first in an object.
func (n *node) prepend(key string, v *node) {
	n.dirty = true
	n.members = append([]member{{key: key, val: v}}, n.members...)
}

// remove deletes key from an object.
func (n *node) remove(key string) {
	for i := range n.members {
		if n.members[i].key == key {
			n.members = append(n.members[:i], n.members[i+1:]...)
			n.dirty = true
			return
		}
	}
}

// str returns the value of a string scalar.
func (n *node) str() (string, bool) {
	if n == nil || n.kind != scalar || len(n.raw) == 0 || n.raw[0] != '"' {
		return "", false
	}
	var s string
	if json.Unmarshal(n.raw, &s) != nil {
		return "", false
	}
	return s, true
}

// isTrue reports a scalar true.
func (n *node) isTrue() bool {
	return n != nil && n.kind == scalar && string(n.raw) == "true"
}

func newObject() *node { return &node{kind: object, dirty: true} }
func newArray() *node  { return &node{kind: array, dirty: true} }

func newString(s string) *node {
	b, _ := json.Marshal(s)
	// Keep <, > and & readable, as people write them.
	b = bytes.ReplaceAll(b, []byte(`\u003c`), []byte("<"))
	b = bytes.ReplaceAll(b, []byte(`\u003e`), []byte(">"))
	b = bytes.ReplaceAll(b, []byte(`\u0026`), []byte("&"))
	return &node{kind: scalar, raw: b}
}

func newInt(i int) *node { return &node{kind: scalar, raw: []byte(strconv.Itoa(i))} }

// objectOf builds an object with keys in the order given: key, value, key, value…
func objectOf(kv ...any) *node {
	o := newObject()
	for i := 0; i+1 < len(kv); i += 2 {
		o.members = append(o.members, member{key: kv[i].(string), val: kv[i+1].(*node)})
	}
	return o
}

// style is how a file is indented.
type style struct {
	indent  string // one level
	newline bool   // the file ends with a newline
}

// detectStyle reads the indentation of a file: the leading white space of
// the first indented line; two spaces when there is none.
func detectStyle(src []byte) style {
	st := style{indent: "  ", newline: true}
	if len(src) == 0 {
		return st
	}
	st.newline = bytes.HasSuffix(src, []byte("\n"))
	for _, line := range bytes.Split(src, []byte("\n")) {
		line = bytes.TrimSuffix(line, []byte("\r"))
		ws := len(line) - len(bytes.TrimLeft(line, " \t"))
		if ws > 0 && ws < len(line) {
			st.indent = string(line[:ws])
			break
		}
	}
	return st
}

// render writes the tree: unedited values as they were read, edited ones
// indented in the file's style.
func (n *node) render(st style) []byte {
	n.propagate()
	var b bytes.Buffer
	n.write(&b, st, 0)
	if st.newline {
		b.WriteByte('\n')
	}
	return b.Bytes()
}

// propagate marks dirty every value that holds an edited one, so that
// rendering does not write an outdated raw text over the edit.
func (n *node) propagate() bool {
	for _, m := range n.members {
		if m.val.propagate() {
			n.dirty = true
		}
	}
	for _, e := range n.elems {
		if e.propagate() {
			n.dirty = true
		}
	}
	return n.dirty || n.raw == nil
}

func (n *node) write(b *bytes.Buffer, st style, depth int) {
	if !n.dirty && n.raw != nil {
		b.Write(n.raw)
		return
	}
	switch n.kind {
	case scalar:
		b.Write(n.raw)
	case object:
		if len(n.members) == 0 {
			b.WriteString("{}")
			return
		}
		b.WriteString("{\n")
		for i, m := range n.members {
			b.WriteString(strings.Repeat(st.indent, depth+1))
			if m.rawKey != nil {
				b.Write(m.rawKey)
			} else {
				b.Write(newString(m.key).raw)
			}
			b.WriteString(": ")
			m.val.write(b, st, depth+1)
			if i < len(n.members)-1 {
				b.WriteByte(',')
			}
			b.WriteByte('\n')
		}
		b.WriteString(strings.Repeat(st.indent, depth))
		b.WriteByte('}')
	case array:
		if len(n.elems) == 0 {
			b.WriteString("[]")
			return
		}
		b.WriteString("[\n")
		for i, e := range n.elems {
			b.WriteString(strings.Repeat(st.indent, depth+1))
			e.write(b, st, depth+1)
			if i < len(n.elems)-1 {
				b.WriteByte(',')
			}
			b.WriteByte('\n')
		}
		b.WriteString(strings.Repeat(st.indent, depth))
		b.WriteByte(']')
	}
}

// canonical is the tree as compact JSON, for comparing content regardless
// of formatting.
func canonical(n *node) string {
	var v any
	json.Unmarshal(n.render(style{}), &v)
	b, _ := json.Marshal(v)
	return string(b)
}
