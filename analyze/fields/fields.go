package fields

import (
	"sort"
	"strconv"
	"strings"
)

// Carrier is how a value is carried.
type Carrier uint8

// Carriers.
const (
	JSON      Carrier = iota // a value of a decoded JSON object or array
	JSONText                 // a value of JSON encoded inside a string
	Form                     // a name=value pair of a form-encoded string
	Multipart                // a part of a multipart/form-data body
	Header                   // a "Name: value" header line
	Query                    // a pair of a URL's query string
	Userinfo                 // the user or password of scheme://user:pass@host
)

var carrierNames = [...]string{"json", "json-text", "form", "multipart", "header", "query", "userinfo"}

func (c Carrier) String() string {
	if int(c) < len(carrierNames) {
		return carrierNames[c]
	}
	return "carrier(" + strconv.Itoa(int(c)) + ")"
}

// Field is one value a tool call carries.
type Field struct {
	// Path is where the value sits: "body.user.password",
	// "headers.Authorization", "url#password", "items[2].token".
	Path string
	// Key is the key the value sits under, as written ("" for an array
	// element of the top level); an array element has its array's key.
	Key string
	// Top is the key of the top-level object the value is under: "body"
	// for body.user.password.
	Top string
	// Value is the value, decoded (a form value is unescaped).
	Value   string
	Carrier Carrier
	// Nested is set when the value is inside another value: an object
	// under a key, a JSON or form string, a URL.
	Nested bool
	// Object numbers the object (or form, header block, URL) the value is
	// a member of: fields with the same Object are siblings.
	Object int
	// URL is set on a string that is a whole URL: its user information
	// and query follow as fields of their own.
	URL bool

	set func(string)
}

// Set writes v in place of the field's value in the walked input (objects
// keep their shape, a form stays a form, JSON text stays JSON), and
// reports whether the field can be written.
func (f Field) Set(v string) bool {
	if f.set == nil {
		return false
	}
	f.set(v)
	return true
}

// Limits bound a walk.
type Limits struct {
	Depth  int // nesting of objects, arrays and encoded strings
	Fields int // fields returned
	Bytes  int // bytes of strings decoded again (JSON, form, multipart)
}

// DefaultLimits are generous for any real tool call.
var DefaultLimits = Limits{Depth: 48, Fields: 8192, Bytes: 16 << 20}

// Result is a walk's fields.
type Result struct {
	Fields []Field
	// Truncated is set when a limit stopped the walk: some values were not
	// read, and the caller must not treat them as harmless.
	Truncated bool
}

type walker struct {
	lim     Limits
	out     []Field
	objects int
	bytes   int
	trunc   bool
}

// Walk returns the fields of a decoded JSON value (map[string]any, []any,
// string, float64, json.Number, bool, nil), in a stable order (object keys
// sorted). The setters write into v: walk a copy to keep the original.
func Walk(v any, lim Limits) Result {
	w := &walker{lim: lim}
	w.value(v, "", "", "", false, JSON, 0, w.newObject(), nil)
	return Result{Fields: w.out, Truncated: w.trunc}
}

// WalkText returns the fields of one string: JSON text, a form, a
// multipart body, header lines, an httpie item (name=value, name:=json,
// Header:value), a URL, or plain text (one field with no key). A field's
// setter rewrites the whole text and hands it to set (nil: fields cannot
// be written).
func WalkText(s string, lim Limits, set func(string)) Result {
	w := &walker{lim: lim}
	w.text(s, "", "", "", false, JSON, 0, w.newObject(), set)
	return Result{Fields: w.out, Truncated: w.trunc}
}

func (w *walker) newObject() int {
	w.objects++
	return w.objects
}

func (w *walker) full() bool {
	if len(w.out) >= w.lim.Fields {
		w.trunc = true
		return true
	}
	return false
}

// value walks one decoded JSON value.
func (w *walker) value(v any, path, key, top string, nested bool, car Carrier, depth, obj int, set func(any)) {
	if depth > w.lim.Depth {
		w.trunc = true
		return
	}
	switch x := v.(type) {
	case map[string]any:
		if n := patchName(x); n != "" && depth > 0 {
			// A JSON Patch operation ({"op": "replace", "path":
			// "/password", "value": "…"}): its value is named by the
			// last step of its path.
			o := w.newObject()
			w.value(x["value"], joinPath(path, "value"), n, top, true, car, depth+1, o, func(m any) { x["value"] = m })
			return
		}
		if n, vk := pairKeys(x); n != "" && depth > 0 {
			// One {"k": "password", "v": "…"} pair: its value is
			// named by the pair's name.
			o := w.newObject()
			w.value(x[vk], joinPath(path, vk), n, top, true, car, depth+1, o, func(m any) { x[vk] = m })
			return
		}
		keys := make([]string, 0, len(x))
		for k := range x {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		o := w.newObject()
		gql := w.graphqlVariables(x, path, top, depth) // graphql.go
		for _, k := range keys {
			if w.full() {
				return
			}
			if gql && k == "variables" {
				continue
			}
			k := k
			t := top
			if depth == 0 && path == "" {
				t = k
			}
			w.value(x[k], joinPath(path, k), k, t, depth > 0 || path != "", car, depth+1, o, func(m any) { x[k] = m })
		}
	case []any:
		if pairs(x) {
			// Headers or parameters as a list of pairs: [["Bcc", "x@y"]],
			// [{"name": "Authorization", "value": "Basic …"}]. Each value
			// is walked under its pair's name, the pairs as one object.
			o := w.newObject()
			for i := range x {
				if w.full() {
					return
				}
				i := i
				switch p := x[i].(type) {
				case []any:
					k, _ := p[0].(string)
					w.value(p[1], path+"["+strconv.Itoa(i)+"]", k, top, true, car, depth+1, o, func(m any) { p[1] = m })
				case map[string]any:
					k, vk := pairKeys(p)
					w.value(p[vk], path+"["+strconv.Itoa(i)+"]."+vk, k, top, true, car, depth+1, o, func(m any) { p[vk] = m })
				}
			}
			return
		}
		for i := range x {
			if w.full() {
				return
			}
			i := i
			w.value(x[i], path+"["+strconv.Itoa(i)+"]", key, top, true, car, depth+1, obj, func(m any) { x[i] = m })
		}
	case string:
		var s func(string)
		if set != nil {
			s = func(m string) { set(m) }
		}
		w.text(x, path, key, top, nested, car, depth, obj, s)
	case float64:
		w.leaf(Field{Path: path, Key: key, Top: top, Value: strconv.FormatFloat(x, 'f', -1, 64), Carrier: car, Nested: nested, Object: obj}, setAny(set))
	case interface{ String() string }: // json.Number
		w.leaf(Field{Path: path, Key: key, Top: top, Value: x.String(), Carrier: car, Nested: nested, Object: obj}, setAny(set))
	}
}

// pairs reports whether a list is made of name/value pairs only: two-item
// lists whose first item is a name, or objects of a name and a value.
func pairs(x []any) bool {
	if len(x) == 0 {
		return false
	}
	for _, e := range x {
		switch p := e.(type) {
		case []any:
			if len(p) != 2 {
				return false
			}
			if name, ok := p[0].(string); !ok || name == "" || len(name) > MaxKeyBytes {
				return false
			}
			switch p[1].(type) {
			case map[string]any, []any:
				return false
			}
		case map[string]any:
			if k, _ := pairKeys(p); k == "" {
				return false
			}
		default:
			return false
		}
	}
	return true
}

// patchName returns the name a JSON Patch operation (RFC 6902) gives its
// value, the last step of its path unescaped ("/user/password" gives
// password), or "" when p is not such an operation.
func patchName(p map[string]any) string {
	if len(p) > 4 {
		return ""
	}
	op, _ := p["op"].(string)
	ptr, _ := p["path"].(string)
	if _, ok := p["value"]; !ok || op == "" || !strings.HasPrefix(ptr, "/") {
		return ""
	}
	name := ptr[strings.LastIndexByte(ptr, '/')+1:]
	if name == "" || len(name) > MaxKeyBytes || allDigits(name) || name == "-" {
		return ""
	}
	if strings.Contains(name, "~") {
		name = strings.ReplaceAll(strings.ReplaceAll(name, "~1", "/"), "~0", "~")
	}
	return name
}

// pairKeys returns the name of a {"name": …, "value": …} pair and the key
// of its value, or "" when the object is not such a pair.
func pairKeys(p map[string]any) (name, valueKey string) {
	if len(p) != 2 {
		return "", ""
	}
	for _, nk := range []string{"name", "key", "header", "field", "k", "param", "parameter", "property", "attribute"} {
		n, ok := p[nk].(string)
		if !ok || n == "" || len(n) > MaxKeyBytes {
			continue
		}
		for _, vk := range []string{"value", "val", "content", "v"} {
			if v, ok := p[vk]; ok {
				switch v.(type) {
				case map[string]any, []any:
					return "", ""
				}
				return n, vk
			}
		}
	}
	return "", ""
}

func setAny(set func(any)) func(string) {
	if set == nil {
		return nil
	}
	return func(m string) { set(m) }
}

func (w *walker) leaf(f Field, set func(string)) {
	if w.full() {
		return
	}
	f.set = set
	w.out = append(w.out, f)
}

func joinPath(path, k string) string {
	if path == "" {
		return k
	}
	return path + "." + k
}

// text walks a string: a container it decodes, or a leaf.
func (w *walker) text(s, path, key, top string, nested bool, car Carrier, depth, obj int, set func(string)) {
	if depth > w.lim.Depth {
		w.trunc = true
		return
	}
	// A value under a key that names it (password, token, authorization)
	// is that value, whatever it looks like: "abc==" is a token, not a form.
	// A JSON object under it is read: its own keys name its parts.
	named := key != "" && Classify(key) != None
	if named {
		if t := strings.TrimSpace(s); t != "" && (t[0] == '{' || t[0] == '[') && w.bytes+len(s) <= w.lim.Bytes && w.jsonText(s, path, top, depth, set) {
			return
		}
	} else if len(s) >= 2 && w.bytes+len(s) <= w.lim.Bytes {
		if c := w.container(s, path, key, top, depth, set); c {
			return
		}
	} else if len(s) >= 2 && w.bytes+len(s) > w.lim.Bytes && looksContainer(s) {
		w.trunc = true
	}
	f := Field{Path: path, Key: key, Top: top, Value: s, Carrier: car, Nested: nested, Object: obj}
	if !named && w.decoded(s, path, key, top, car, depth, obj, set) {
		// The encoded value stays a field too: a detector may know it
		// as it is sent.
		w.leaf(f, set)
		return
	}
	if isURL(s) {
		f.URL = true
		w.leaf(f, set)
		w.url(s, path, top, depth, set)
		return
	}
	w.leaf(f, set)
}

// looksContainer is a cheap guess that s would be decoded.
func looksContainer(s string) bool {
	t := strings.TrimSpace(s)
	return t != "" && (t[0] == '{' || t[0] == '[' || strings.Contains(t, "=") || strings.Contains(t, ":"))
}

// container decodes s when it is JSON, a form, a multipart body or header
// lines, and walks its fields; it reports whether it did.
func (w *walker) container(s, path, key, top string, depth int, set func(string)) bool {
	t := strings.TrimSpace(s)
	if t == "" {
		return false
	}
	switch {
	case t[0] == '{' || t[0] == '[':
		return w.jsonText(s, path, top, depth, set)
	case strings.HasPrefix(t, "--") && strings.Contains(t, "Content-Disposition"):
		return w.multipart(s, path, top, depth, set)
	}
	if isURL(t) {
		return false
	}
	if w.httpieItem(s, path, top, depth, set) {
		return true
	}
	if w.form(s, path, top, depth, set) {
		return true
	}
	return w.headerLines(s, path, top, depth, set)
}
