package fields

import (
	"bytes"
	"encoding/json"
	"net/url"
	"strings"
)

// segs is a string cut into parts, some of them values: writing a value
// rewrites the string, which is written to its parent.
type segs struct {
	parts  []string
	parent func(string)
}

func (s *segs) setter(i int, enc func(string) string) func(string) {
	if s.parent == nil {
		return nil
	}
	return func(v string) {
		s.parts[i] = enc(v)
		s.parent(strings.Join(s.parts, ""))
	}
}

func same(v string) string { return v }

// jsonText walks a string that holds one JSON object or array.
func (w *walker) jsonText(s, path, top string, depth int, set func(string)) bool {
	dec := json.NewDecoder(strings.NewReader(s))
	dec.UseNumber()
	var root any
	if dec.Decode(&root) != nil {
		return false
	}
	if _, err := dec.Token(); err == nil {
		return false // more than one value: not a JSON body
	}
	switch root.(type) {
	case map[string]any, []any:
	default:
		return false
	}
	w.bytes += len(s)
	var rootSet func(any)
	if set != nil {
		rootSet = func(any) {
			var b bytes.Buffer
			enc := json.NewEncoder(&b)
			enc.SetEscapeHTML(false)
			if enc.Encode(root) == nil {
				set(strings.TrimSuffix(b.String(), "\n"))
			}
		}
	}
	w.jsonTree(root, path, top, depth+1, rootSet)
	return true
}

// jsonTree walks a tree decoded from a string: every write re-encodes the
// whole tree (through done) into the string.
func (w *walker) jsonTree(root any, path, top string, depth int, done func(any)) {
	if depth > w.lim.Depth {
		w.trunc = true
		return
	}
	var walk func(v any, path, key string, depth, obj int, set func(any))
	walk = func(v any, path, key string, depth, obj int, set func(any)) {
		if depth > w.lim.Depth {
			w.trunc = true
			return
		}
		switch x := v.(type) {
		case map[string]any:
			o := w.newObject()
			for _, k := range sortedKeys(x) {
				if w.full() {
					return
				}
				k := k
				walk(x[k], joinPath(path, k), k, depth+1, o, func(m any) { x[k] = m })
			}
		case []any:
			for i := range x {
				if w.full() {
					return
				}
				i := i
				walk(x[i], path+"["+itoa(i)+"]", key, depth+1, obj, func(m any) { x[i] = m })
			}
		case string:
			var s func(string)
			if set != nil && done != nil {
				s = func(m string) { set(m); done(root) }
			}
			w.text(x, path, key, top, true, JSONText, depth, obj, s)
		case json.Number:
			var s func(string)
			if set != nil && done != nil {
				s = func(m string) { set(m); done(root) }
			}
			w.leaf(Field{Path: path, Key: key, Top: top, Value: x.String(), Carrier: JSONText, Nested: true, Object: obj}, s)
		}
	}
	walk(root, path, "", depth, w.newObject(), nil)
}

// form walks name=value&name=value (curl -d, a form body). Values may be
// raw (curl sends them as written) or percent-encoded.
func (w *walker) form(s, path, top string, depth int, set func(string)) bool {
	if strings.ContainsAny(s, "\n\r") {
		return false
	}
	// Most strings are not forms: they are told apart before anything
	// is allocated.
	values := false
	for rest, more := s, true; more; {
		var p string
		p, rest, more = strings.Cut(rest, "&")
		name, v, ok := strings.Cut(p, "=")
		if !ok || !isFormName(name) || v != "" && strings.Trim(v, "=") == "" {
			return false // "abc==" is base64 padding
		}
		values = values || v != ""
	}
	if !values {
		return false // "SGVsbG8=": base64, not a form of empty fields
	}
	pairs := strings.Split(s, "&")
	w.bytes += len(s)
	sg := &segs{parent: set}
	o := w.newObject()
	for i, p := range pairs {
		if i > 0 {
			sg.parts = append(sg.parts, "&")
		}
		name, raw, _ := strings.Cut(p, "=")
		sg.parts = append(sg.parts, name+"=", raw)
	}
	for i := 0; i < len(pairs); i++ {
		if w.full() {
			return true
		}
		vi := 1 + 3*i // index of the value in parts: name=, value, &, name=, value…
		name := strings.TrimSuffix(sg.parts[vi-1], "=")
		key := unescape(name)
		raw := sg.parts[vi]
		v := unescape(raw)
		enc := formEncoder(raw, v)
		w.text(v, joinPath(path, key), key, top, true, Form, depth+1, o, sg.setter(vi, enc))
	}
	return true
}

// formEncoder writes a value back as it was written: percent-encoded when
// it was, raw otherwise (escaping only what would end the pair).
func formEncoder(raw, decoded string) func(string) string {
	if raw != decoded {
		return url.QueryEscape
	}
	return func(v string) string {
		return strings.NewReplacer("%", "%25", "&", "%26", "+", "%2B", "#", "%23").Replace(v)
	}
}

func unescape(s string) string {
	if v, err := url.QueryUnescape(s); err == nil {
		return v
	}
	return s
}

// isFormName reports whether s can be a form field's name: user,
// user[password], user.password, api-key, %5Bx%5D.
func isFormName(s string) bool {
	if s == "" || len(s) > 128 {
		return false
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		if !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c >= 0x80 || strings.IndexByte("_-.[]%+$@", c) >= 0) {
			return false
		}
	}
	return true
}

// httpieItem walks an httpie request item name:=json or name==value.
func (w *walker) httpieItem(s, path, top string, depth int, set func(string)) bool {
	if strings.ContainsAny(s, "\n\r") {
		return false
	}
	i := strings.IndexAny(s, ":=")
	if i <= 0 || !isFormName(s[:i]) {
		return false
	}
	var sep string
	car := Form
	switch {
	case strings.HasPrefix(s[i:], ":="):
		sep = ":="
	case strings.HasPrefix(s[i:], "=="):
		sep, car = "==", Query
	default:
		return false
	}
	name, v := s[:i], s[i+len(sep):]
	if v == "" {
		return false
	}
	sg := &segs{parts: []string{name + sep, v}, parent: set}
	w.text(v, joinPath(path, name), name, top, true, car, depth+1, w.newObject(), sg.setter(1, same))
	return true
}

// headerLines walks "Name: value" lines (curl -H, a header block).
func (w *walker) headerLines(s, path, top string, depth int, set func(string)) bool {
	// Told apart before anything is allocated, as forms are.
	n := 0
	for rest, more := s, true; more; {
		var l string
		l, rest, more = strings.Cut(rest, "\n")
		l = strings.TrimRight(l, "\r\n")
		if strings.TrimSpace(l) == "" {
			continue
		}
		if _, _, ok := headerLine(l); !ok {
			return false
		}
		n++
	}
	if n == 0 {
		return false
	}
	lines := strings.SplitAfter(s, "\n")
	w.bytes += len(s)
	sg := &segs{parent: set}
	var items []namedPart
	for _, l := range lines {
		body := strings.TrimRight(l, "\r\n")
		end := l[len(body):]
		name, vs, ok := headerLine(body)
		if !ok {
			sg.parts = append(sg.parts, l)
			continue
		}
		v := body[vs:]
		tv := strings.TrimRight(v, " \t")
		sg.parts = append(sg.parts, body[:vs], tv, v[len(tv):]+end)
		items = append(items, namedPart{name, len(sg.parts) - 2})
	}
	w.namedParts(sg, items, path, top, Header, depth)
	return true
}

// namedPart is a value of a string cut into segs, with its name.
type namedPart struct {
	name string
	vi   int // the value's index in the parts
}

// namedParts walks the named values of sg as members of one object.
func (w *walker) namedParts(sg *segs, items []namedPart, path, top string, car Carrier, depth int) {
	o := w.newObject()
	for _, it := range items {
		if w.full() {
			return
		}
		w.text(sg.parts[it.vi], joinPath(path, it.name), it.name, top, true, car, depth+1, o, sg.setter(it.vi, same))
	}
}

// headerLine splits "Name: value", returning the name and where the value
// starts.
func headerLine(l string) (name string, valueStart int, ok bool) {
	i := strings.IndexByte(l, ':')
	if i <= 0 || i > 64 {
		return "", 0, false
	}
	for j := 0; j < i; j++ {
		c := l[j]
		if !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '-' || c == '_') {
			return "", 0, false
		}
	}
	if strings.HasPrefix(l[i+1:], "//") {
		return "", 0, false // a URL
	}
	vs := i + 1
	for vs < len(l) && (l[vs] == ' ' || l[vs] == '\t') {
		vs++
	}
	return l[:i], vs, true
}

// multipart walks a multipart/form-data body: each part's name is its key.
func (w *walker) multipart(s, path, top string, depth int, set func(string)) bool {
	t := strings.TrimLeft(s, " \t\r\n")
	lead := s[:len(s)-len(t)]
	eol := strings.IndexByte(t, '\n')
	if eol < 0 {
		return false
	}
	delim := strings.TrimRight(t[:eol], "\r \t")
	if len(delim) < 3 || len(delim) > 200 {
		return false
	}
	w.bytes += len(s)
	sg := &segs{parent: set, parts: []string{lead}}
	var parts []namedPart
	rest := t
	for {
		i := strings.Index(rest, delim)
		if i < 0 {
			sg.parts = append(sg.parts, rest)
			break
		}
		sg.parts = append(sg.parts, rest[:i+len(delim)])
		rest = rest[i+len(delim):]
		j := strings.Index(rest, delim)
		if j < 0 {
			sg.parts = append(sg.parts, rest)
			break
		}
		body := rest[:j]
		rest = rest[j:]
		h := strings.Index(body, "\r\n\r\n")
		hl := 4
		if k := strings.Index(body, "\n\n"); k >= 0 && (h < 0 || k < h) {
			h, hl = k, 2
		}
		if h < 0 {
			sg.parts = append(sg.parts, body)
			continue
		}
		head, val := body[:h+hl], body[h+hl:]
		tv := strings.TrimRight(val, "\r\n")
		sg.parts = append(sg.parts, head, tv, val[len(tv):])
		parts = append(parts, namedPart{partName(head), len(sg.parts) - 2})
	}
	w.namedParts(sg, parts, path, top, Multipart, depth)
	return true
}

// partName is the name="…" of a part's Content-Disposition.
func partName(head string) string {
	i := strings.Index(head, `name="`)
	for i > 0 && head[i-1] != ' ' && head[i-1] != ';' {
		// filename="…" is not the name.
		j := strings.Index(head[i+1:], `name="`)
		if j < 0 {
			return ""
		}
		i += 1 + j
	}
	if i < 0 {
		return ""
	}
	v := head[i+len(`name="`):]
	if e := strings.IndexByte(v, '"'); e >= 0 {
		return v[:e]
	}
	return ""
}

// isURL reports whether s is one whole URL with a scheme.
func isURL(s string) bool {
	if len(s) > 8192 || strings.ContainsAny(s, " \t\r\n") {
		return false
	}
	i := strings.Index(s, "://")
	if i <= 0 {
		return false
	}
	for j := 0; j < i; j++ {
		c := s[j]
		if !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || j > 0 && (c >= '0' && c <= '9' || c == '+' || c == '-' || c == '.')) {
			return false
		}
	}
	return true
}

// url walks a URL's user information and query.
func (w *walker) url(s, path, top string, depth int, set func(string)) {
	a := strings.Index(s, "://") + 3
	end := len(s)
	if i := strings.IndexAny(s[a:], "/?#"); i >= 0 {
		end = a + i
	}
	sg := &segs{parent: set}
	o := w.newObject()
	type item struct {
		key string
		car Carrier
		vi  int
		enc func(string) string
	}
	var items []item
	at := strings.LastIndexByte(s[a:end], '@')
	pos := 0
	if at >= 0 {
		ui := s[a : a+at]
		user, pass, hasPass := strings.Cut(ui, ":")
		sg.parts = append(sg.parts, s[:a], user)
		items = append(items, item{"username", Userinfo, 1, url.PathEscape})
		if hasPass {
			sg.parts = append(sg.parts, ":", pass)
			items = append(items, item{"password", Userinfo, 3, url.PathEscape})
		}
		pos = a + at
	}
	q := strings.IndexByte(s[end:], '?')
	if q >= 0 {
		q += end
		qe := len(s)
		if h := strings.IndexByte(s[q:], '#'); h >= 0 {
			qe = q + h
		}
		sg.parts = append(sg.parts, s[pos:q+1])
		for i, p := range strings.Split(s[q+1:qe], "&") {
			if i > 0 {
				sg.parts = append(sg.parts, "&")
			}
			name, v, ok := strings.Cut(p, "=")
			if !ok {
				sg.parts = append(sg.parts, p)
				continue
			}
			sg.parts = append(sg.parts, name+"=", v)
			items = append(items, item{unescape(name), Query, len(sg.parts) - 1, url.QueryEscape})
		}
		pos = qe
	}
	sg.parts = append(sg.parts, s[pos:])
	for _, it := range items {
		if w.full() {
			return
		}
		raw := sg.parts[it.vi]
		v := raw
		if it.car == Userinfo {
			if d, err := url.PathUnescape(raw); err == nil {
				v = d
			}
		} else {
			v = unescape(raw)
		}
		w.text(v, path+"#"+it.key, it.key, top, true, it.car, depth+1, o, sg.setter(it.vi, it.enc))
	}
}
