package fields

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"
)

func decode(t testing.TB, s string) any {
	t.Helper()
	var v any
	if err := json.Unmarshal([]byte(s), &v); err != nil {
		t.Fatalf("%v: %s", err, s)
	}
	return v
}

func encode(v any) string {
	b, _ := json.Marshal(v)
	return string(b)
}

// find returns the field under key with the given carrier.
func find(fs []Field, key string) (Field, bool) {
	for _, f := range fs {
		if f.Key == key {
			return f, true
		}
	}
	return Field{}, false
}

// bodyShapes are one login (user "me@example.com", password "MyPass123")
// in every shape a tool call carries it, as the input's JSON.
var bodyShapes = []struct {
	name, input string
	carrier     Carrier
	path        string
}{
	{"object", `{"url": "https://x.test/login", "body": {"username": "me@example.com", "password": "MyPass123"}}`, JSON, "body.password"},
	{"nested", `{"url": "https://x.test/login", "json": {"auth": {"login": {"username": "me@example.com", "password": "MyPass123"}}}}`, JSON, "json.auth.login.password"},
	{"array", `{"url": "https://x.test/login", "data": [{"note": "a"}, {"username": "me@example.com", "password": "MyPass123"}]}`, JSON, "data[1].password"},
	{"string JSON", `{"url": "https://x.test/login", "body": "{\"username\": \"me@example.com\", \"password\": \"MyPass123\"}"}`, JSONText, "body.password"},
	{"string JSON in string JSON", `{"url": "https://x.test/login", "body": "{\"payload\": \"{\\\"password\\\": \\\"MyPass123\\\"}\"}"}`, JSONText, "body.payload.password"},
	{"form", `{"url": "https://x.test/login", "body": "username=me%40example.com&password=MyPass123"}`, Form, "body.password"},
	{"form raw", `{"url": "https://x.test/login", "form": "user[email]=me@example.com&user[password]=MyPass123"}`, Form, "form.user[password]"},
	{"multipart", `{"url": "https://x.test/login", "body": "--XyZ\r\nContent-Disposition: form-data; name=\"username\"\r\n\r\nme@example.com\r\n--XyZ\r\nContent-Disposition: form-data; name=\"password\"\r\n\r\nMyPass123\r\n--XyZ--\r\n"}`, Multipart, "body.password"},
	{"header lines", `{"url": "https://x.test/login", "headers": "Accept: */*\nX-Password: MyPass123\n"}`, Header, "headers.X-Password"},
	{"headers object", `{"url": "https://x.test/login", "headers": {"Accept": "*/*", "X-Password": "MyPass123"}}`, JSON, "headers.X-Password"},
	{"URL userinfo", `{"url": "https://me:MyPass123@x.test/login"}`, Userinfo, "url#password"},
	{"query", `{"url": "https://x.test/login?user=me&password=MyPass123&next=%2F"}`, Query, "url#password"},
	{"query in a form value", `{"body": "next=https%3A%2F%2Fx.test%2F%3Fpassword%3DMyPass123"}`, Query, "body.next#password"},
}

// TestBodyShapes: the password is found under its key in every shape, and
// writing it back keeps the shape: the other values and the keys are
// unchanged and the shape decodes the same way.
func TestBodyShapes(t *testing.T) {
	for _, sh := range bodyShapes {
		t.Run(sh.name, func(t *testing.T) {
			in := decode(t, sh.input)
			r := Walk(in, DefaultLimits)
			if r.Truncated {
				t.Fatal("truncated")
			}
			var pw Field
			n := 0
			for _, f := range r.Fields {
				if Classify(f.Key) == Password {
					pw = f
					n++
				}
			}
			if n != 1 || pw.Value != "MyPass123" || pw.Carrier != sh.carrier || pw.Path != sh.path {
				t.Fatalf("password fields %d: %+v, want %s at %s", n, pw, sh.carrier, sh.path)
			}
			if !pw.Set("[PASSWORD REDACTED]") {
				t.Fatal("not writable")
			}
			out := encode(in)
			if strings.Contains(out, "MyPass123") {
				t.Fatalf("not masked: %s", out)
			}
			// The masked input walks to the same fields, with the one value changed.
			r2 := Walk(decode(t, out), DefaultLimits)
			if len(r2.Fields) != len(r.Fields) {
				t.Fatalf("shape changed: %d fields, was %d\n%s", len(r2.Fields), len(r.Fields), out)
			}
			for i, f := range r2.Fields {
				g := r.Fields[i]
				want := g.Value
				if g.Path == pw.Path {
					want = "[PASSWORD REDACTED]"
				} else if g.URL || strings.HasPrefix(pw.Path, g.Path) {
					continue // the string holding the password
				}
				if f.Path != g.Path || f.Key != g.Key || f.Carrier != g.Carrier || f.Value != want {
					t.Errorf("field %d: %+v\nwas %+v", i, f, g)
				}
			}
		})
	}
}

// TestMaskEverything: writing every field of every shape leaves none of
// the original values and keeps every key (generated over the shapes).
func TestMaskEverything(t *testing.T) {
	for _, sh := range bodyShapes {
		in := decode(t, sh.input)
		keys := map[string]bool{}
		for _, f := range Walk(in, DefaultLimits).Fields {
			keys[f.Path] = true
		}
		// Leaves only: a URL is rewritten through its parts.
		for i := 0; i < 4; i++ {
			for _, f := range Walk(in, DefaultLimits).Fields {
				if !f.URL && f.Value != "X" {
					f.Set("X")
				}
			}
		}
		out := encode(in)
		for _, v := range []string{"MyPass123", "me@example.com", "me%40example.com"} {
			if strings.Contains(out, v) {
				t.Errorf("%s: %q left in %s", sh.name, v, out)
			}
		}
		for _, f := range Walk(in, DefaultLimits).Fields {
			delete(keys, f.Path)
		}
		if len(keys) > 0 {
			t.Errorf("%s: paths lost %v in %s", sh.name, keys, out)
		}
	}
}

func TestWalkTextShell(t *testing.T) {
	for _, c := range []struct{ in, key, value string }{
		{`{"username":"me","password":"MyPass123"}`, "password", "MyPass123"},
		{`password=MyPass123`, "password", "MyPass123"},
		{`Authorization: Basic bWU6TXlQYXNzMTIz`, "Authorization", "Basic bWU6TXlQYXNzMTIz"},
		{`Authorization:Bearer abc.def.ghi`, "Authorization", "Bearer abc.def.ghi"},
		{`auth:={"password": "MyPass123"}`, "password", "MyPass123"},
		{`token==abc123==`, "token", "abc123=="},
		{`X-Api-Key:sk_live_abcdef`, "X-Api-Key", "sk_live_abcdef"},
		{`token=YWJjZA==`, "token", "YWJjZA=="},
	} {
		var got string
		r := WalkText(c.in, DefaultLimits, func(s string) { got = s })
		f, ok := find(r.Fields, c.key)
		if !ok || f.Value != c.value {
			t.Errorf("%s: %+v", c.in, r.Fields)
			continue
		}
		f.Set("MASK")
		if !strings.Contains(got, "MASK") || strings.Contains(got, c.value) {
			t.Errorf("%s: rewritten %q", c.in, got)
		}
	}
}

// TestPlainText: prose, code and single values are one field, not a form
// or headers taken apart (an encoded value is walked decoded too:
// decode_test.go).
func TestPlainText(t *testing.T) {
	for _, s := range []string{"MyPass123", "Hello, a=b and c", "x = 1", "Hi Bob,\nmy password is MyPass123", "abc==", "https://x.test/a b",
		"see https://x.test/", "a: b\nnot a header line"} {
		r := WalkText(s, DefaultLimits, nil)
		if len(r.Fields) != 1 || r.Fields[0].Value != s || r.Fields[0].Key != "" {
			t.Errorf("%q: %+v", s, r.Fields)
		}
	}
}

func TestLimits(t *testing.T) {
	deep := strings.Repeat(`{"a":`, 200) + `"v"` + strings.Repeat("}", 200)
	r := Walk(decode(t, deep), DefaultLimits)
	if !r.Truncated {
		t.Error("200 levels: not truncated")
	}
	// JSON in a string in a string…: each level is decoded once.
	s := `{"password": "p"}`
	for i := 0; i < 12; i++ {
		b, _ := json.Marshal(map[string]any{"x": s})
		s = string(b)
	}
	if r := WalkText(s, Limits{Depth: 8, Fields: 100, Bytes: 1 << 20}, nil); !r.Truncated {
		t.Error("12 encoded levels, depth 8: not truncated")
	}
	var b strings.Builder
	b.WriteString("{")
	for i := 0; i < 10000; i++ {
		fmt.Fprintf(&b, `"k%d": "v",`, i)
	}
	b.WriteString(`"z": 1}`)
	r = Walk(decode(t, b.String()), Limits{Depth: 8, Fields: 100, Bytes: 1 << 20})
	if !r.Truncated || len(r.Fields) != 100 {
		t.Errorf("10001 fields, limit 100: %d truncated %v", len(r.Fields), r.Truncated)
	}
	big := `{"a": "` + strings.Repeat("x=1&", 1<<18) + `"}`
	if r := Walk(decode(t, big), Limits{Depth: 8, Fields: 1 << 20, Bytes: 1 << 10}); !r.Truncated {
		t.Error("a form over the byte limit: not truncated")
	}
}
