package frontdoor

import (
	"encoding/json"
	"math"
	"slices"
	"strconv"
	"unicode/utf8"

	"github.com/actionguard/actionguard/guard"
)

// encodeAction is json.Marshal(a), with the session's earlier calls left
// out when omitHistory, byte for byte: every record of a stream encodes
// its action, and encoding/json's reflection was a tenth of the audited
// stream's CPU. The common shapes (an input of JSON values, a context of
// strings and flags) are written by hand; an action with anything else (a
// history, a schema, a user, learned approvals, an input value that is not
// what a JSON decoder makes) goes through json.Marshal. It returns nil when
// json.Marshal fails.
//
// TestEncodeActionIsMarshal holds it to json.Marshal on generated actions
// that fill every field of guard.Action by reflection, so a field added to
// the action and not written here fails that test; FuzzEncodeAction does
// the same on any input.
func encodeAction(a *guard.Action, omitHistory bool) []byte {
	if b, ok := appendAction(make([]byte, 0, 256), a, omitHistory); ok {
		return b
	}
	v := a
	if omitHistory && len(a.Context.History) > 0 {
		c := *a
		c.Context.History = nil
		v = &c
	}
	raw, err := json.Marshal(v)
	if err != nil {
		return nil
	}
	return raw
}

// maxEncodeDepth bounds the nesting appendAction writes by hand; deeper
// inputs go through json.Marshal.
const maxEncodeDepth = 64

// appendAction appends json.Marshal(a)'s bytes to b, or reports false
// when a holds something it does not write by hand.
func appendAction(b []byte, a *guard.Action, omitHistory bool) ([]byte, bool) {
	c := &a.Context
	if len(a.Schema) > 0 || (len(c.History) > 0 && !omitHistory) || c.User != nil || c.Approvals != nil {
		return b, false
	}
	w := objectWriter{b: append(b, '{')}
	w.str("id", a.ID)
	w.str("tool", a.Tool)
	if len(a.Input) > 0 {
		w.key("input")
		var ok bool
		if w.b, ok = appendMap(w.b, a.Input, 1); !ok {
			return b, false
		}
	}
	w.str("kind", string(a.Kind))
	w.str("text", a.Text)
	w.key("context")
	w.b = appendContext(w.b, c)
	return append(w.b, '}'), true
}

// appendContext appends the JSON of c, whose history, user and approvals
// appendAction left out.
func appendContext(b []byte, c *guard.Context) []byte {
	w := objectWriter{b: append(b, '{')}
	w.str("application", c.Application)
	w.str("cwd", c.Cwd)
	w.str("home", c.Home)
	w.str("git_branch", c.GitBranch)
	w.flag("git_dirty", c.GitDirty)
	w.str("environment", c.Environment)
	w.strs("user_messages", c.UserMessages)
	w.strs("user_fingerprints", c.UserFingerprints)
	w.str("session_id", c.SessionID)
	w.str("agent", c.Agent)
	w.flag("previously_approved", c.PreviouslyApproved)
	w.flag("recent_mistake", c.RecentMistake)
	w.strs("anomalies", c.Anomalies)
	return append(w.b, '}')
}

// objectWriter writes the members of a JSON object with encoding/json's
// omitempty rules for strings, flags and string lists.
type objectWriter struct {
	b    []byte
	more bool
}

func (w *objectWriter) key(k string) {
	if w.more {
		w.b = append(w.b, ',')
	}
	w.more = true
	w.b = appendString(w.b, k)
	w.b = append(w.b, ':')
}

func (w *objectWriter) str(k, v string) {
	if v != "" {
		w.key(k)
		w.b = appendString(w.b, v)
	}
}

func (w *objectWriter) flag(k string, v bool) {
	if v {
		w.key(k)
		w.b = append(w.b, "true"...)
	}
}

func (w *objectWriter) strs(k string, vs []string) {
	if len(vs) == 0 {
		return
	}
	w.key(k)
	w.b = append(w.b, '[')
	for i, v := range vs {
		if i > 0 {
			w.b = append(w.b, ',')
		}
		w.b = appendString(w.b, v)
	}
	w.b = append(w.b, ']')
}

// appendMap appends m as encoding/json writes a map[string]any: its keys
// sorted by their bytes.
func appendMap(b []byte, m map[string]any, depth int) ([]byte, bool) {
	if m == nil {
		return append(b, "null"...), true
	}
	if depth > maxEncodeDepth {
		return b, false
	}
	var stack [16]string
	keys := stack[:0]
	for k := range m {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	b = append(b, '{')
	for i, k := range keys {
		if i > 0 {
			b = append(b, ',')
		}
		b = appendString(b, k)
		b = append(b, ':')
		var ok bool
		if b, ok = appendValue(b, m[k], depth); !ok {
			return b, false
		}
	}
	return append(b, '}'), true
}

// appendValue appends v, a value a JSON decoder makes into an any.
func appendValue(b []byte, v any, depth int) ([]byte, bool) {
	switch v := v.(type) {
	case nil:
		return append(b, "null"...), true
	case string:
		return appendString(b, v), true
	case bool:
		return strconv.AppendBool(b, v), true
	case float64:
		return appendFloat(b, v)
	case map[string]any:
		return appendMap(b, v, depth+1)
	case []any:
		return appendList(b, v, depth+1)
	}
	return b, false
}

// appendList appends l as encoding/json writes a []any.
func appendList(b []byte, l []any, depth int) ([]byte, bool) {
	if l == nil {
		return append(b, "null"...), true
	}
	if depth > maxEncodeDepth {
		return b, false
	}
	b = append(b, '[')
	for i, v := range l {
		if i > 0 {
			b = append(b, ',')
		}
		var ok bool
		if b, ok = appendValue(b, v, depth); !ok {
			return b, false
		}
	}
	return append(b, ']'), true
}

// appendFloat appends f as encoding/json writes a float64; NaN and the
// infinities, which it refuses, are left to it.
func appendFloat(b []byte, f float64) ([]byte, bool) {
	if math.IsNaN(f) || math.IsInf(f, 0) {
		return b, false
	}
	format := byte('f')
	if abs := math.Abs(f); abs != 0 && (abs < 1e-6 || abs >= 1e21) {
		format = 'e'
	}
	b = strconv.AppendFloat(b, f, format, -1, 64)
	if format == 'e' {
		// e-09 becomes e-9, as encoding/json writes it.
		if n := len(b); n >= 4 && b[n-4] == 'e' && b[n-3] == '-' && b[n-2] == '0' {
			b[n-2] = b[n-1]
			b = b[:n-1]
		}
	}
	return b, true
}

const hexDigits = "0123456789abcdef"

// appendString appends s as encoding/json writes a string: HTML's <, >
// and & escaped, invalid UTF-8 as U+FFFD, U+2028 and U+2029 escaped.
func appendString(b []byte, s string) []byte {
	b = append(b, '"')
	start := 0
	for i := 0; i < len(s); {
		if c := s[i]; c < utf8.RuneSelf {
			if htmlSafe(c) {
				i++
				continue
			}
			b = append(b, s[start:i]...)
			switch c {
			case '\\', '"':
				b = append(b, '\\', c)
			case '\b':
				b = append(b, '\\', 'b')
			case '\f':
				b = append(b, '\\', 'f')
			case '\n':
				b = append(b, '\\', 'n')
			case '\r':
				b = append(b, '\\', 'r')
			case '\t':
				b = append(b, '\\', 't')
			default:
				b = append(b, '\\', 'u', '0', '0', hexDigits[c>>4], hexDigits[c&0xF])
			}
			i++
			start = i
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError && size == 1 {
			b = append(b, s[start:i]...)
			b = append(b, `\ufffd`...)
			i += size
			start = i
			continue
		}
		if r == '\u2028' || r == '\u2029' {
			b = append(b, s[start:i]...)
			b = append(b, '\\', 'u', '2', '0', '2', hexDigits[r&0xF])
			i += size
			start = i
			continue
		}
		i += size
	}
	b = append(b, s[start:]...)
	return append(b, '"')
}

// htmlSafe reports whether encoding/json writes the ASCII byte c as it is.
func htmlSafe(c byte) bool {
	return c >= 0x20 && c != '"' && c != '\\' && c != '<' && c != '>' && c != '&'
}
