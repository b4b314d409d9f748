package audit

import (
	"encoding/json"
	"maps"
	"slices"
	"strconv"
	"strings"
	"testing"
	"unicode/utf8"
)

// planted are secrets the fuzz targets hide in random text: text is what is
// planted, secret the part that must not survive redaction.
var planted = []struct{ text, secret string }{
	{"AKIAIOSFODNN7EXAMPLE", "AKIAIOSFODNN7EXAMPLE"},
	{"ghp_R2D2c3po4BB8abcdefghijklmnopqrstuvwx", "R2D2c3po4BB8abcdefghijklmnopqrstuvwx"},
	{"xoxb-1234567890-abcdefghij", "1234567890-abcdefghij"},
	{"sk-proj-abc123DEF456ghi789JKL012mno345", "abc123DEF456ghi789JKL012mno345"},
	{"AIzaSyDaGmWKa4JsXZ-HjGw7ISLn_3namBGewQe", "SyDaGmWKa4JsXZ-HjGw7ISLn_3namBGewQe"},
	{"eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.dozjgNryP4J3jVmNHl0w5N_XgL0n3I9PlFUP0THsR8U", "eyJzdWIiOiIxMjM0NTY3ODkwIn0"},
	{"postgres://admin:Pw9sEcReT@db", "Pw9sEcReT"},
	{"GITHUB_TOKEN=tok3nValue77", "tok3nValue77"},
	{`"password": "hunter2hunter2"`, "hunter2hunter2"},
	{"-----BEGIN RSA PRIVATE KEY-----\nMIIEsecretbody123\n-----END RSA PRIVATE KEY-----", "MIIEsecretbody123"},
	{"Authorization: Bearer abcDEF123456ghiJKL", "abcDEF123456ghiJKL"},
	{"mysql -u root -pS3cretPass db", "S3cretPass"},
	{"curl -u admin:Hunter22 https://x", "Hunter22"},
	{"--password=Sup3rSecret", "Sup3rSecret"},
	{"PGPASSWORD='pg pass 9' psql", "pg pass 9"},
}

// FuzzRedact checks that Redact does not panic, removes a planted secret
// whatever text surrounds it, and is idempotent.
func FuzzRedact(f *testing.F) {
	f.Add("", "", uint8(0))
	f.Fuzz(func(t *testing.T, prefix, suffix string, which uint8) {
		p := planted[int(which)%len(planted)]
		if strings.Contains(prefix, p.secret) || strings.Contains(suffix, p.secret) {
			return // the secret would be in the text already, perhaps where it is not one
		}
		s := prefix + " " + p.text + " " + suffix
		out := Redact(s)
		if strings.Contains(out, p.secret) {
			t.Fatalf("Redact(%q) = %q: the secret %q survived", s, out, p.secret)
		}
		if again := Redact(out); again != out {
			t.Fatalf("Redact is not idempotent on %q:\n once  %q\n twice %q", s, out, again)
		}
	})
}

// FuzzRedactJSON checks that RedactJSON does not panic, always returns valid
// JSON, is idempotent, keeps the shape of valid input, and removes a
// planted secret from string values.
func FuzzRedactJSON(f *testing.F) {
	f.Add([]byte(`{"a": "b"}`), "", uint8(0))
	f.Fuzz(func(t *testing.T, data []byte, text string, which uint8) {
		out := RedactJSON(data)
		if len(data) > 0 && !json.Valid(out) {
			t.Fatalf("RedactJSON(%q) = %q: not valid JSON", data, out)
		}
		if json.Valid(data) {
			// The drain's path, which does not validate again.
			var c cleanSet
			if got, want := c.redactValidAction(data), c.redactAction(data); string(got) != string(want) {
				t.Fatalf("redactValidAction(%q) = %q, redactAction %q", data, got, want)
			}
		}
		if again := RedactJSON(out); string(again) != string(out) {
			t.Fatalf("RedactJSON is not idempotent on %q:\n once  %q\n twice %q", data, out, again)
		}
		if json.Valid(data) && utf8.Valid(data) {
			var in, got any
			if json.Unmarshal(data, &in) == nil {
				if err := json.Unmarshal(out, &got); err != nil {
					t.Fatalf("RedactJSON(%q) = %q: %v", data, out, err)
				}
				if shape(in) != shape(got) {
					t.Fatalf("RedactJSON(%q) = %q changed the document's shape", data, out)
				}
			}
		}

		p := planted[int(which)%len(planted)]
		if strings.Contains(text, p.secret) {
			return
		}
		doc, err := json.Marshal([]any{
			text + " " + p.text + " " + text,
			map[string]any{text: map[string]any{"x": p.text + " " + text}},
		})
		if err != nil {
			return
		}
		var got any
		if err := json.Unmarshal(RedactJSON(doc), &got); err != nil {
			t.Fatal(err)
		}
		walkStrings(got, func(s string) {
			if strings.Contains(s, p.secret) {
				t.Fatalf("RedactJSON(%s): the secret %q survived in %q", doc, p.secret, s)
			}
		})
	})
}

// shape describes a decoded document without its scalar values: containers,
// keys, and where scalars are. RedactJSON may turn a number under a secret
// name into a string, so numbers and strings look alike here.
func shape(v any) string {
	var b strings.Builder
	var walk func(any)
	walk = func(v any) {
		switch v := v.(type) {
		case map[string]any:
			b.WriteString("{")
			for _, k := range slices.Sorted(maps.Keys(v)) {
				b.WriteString(strconv.Quote(k) + ":")
				walk(v[k])
			}
			b.WriteString("}")
		case []any:
			b.WriteString("[")
			for _, e := range v {
				walk(e)
			}
			b.WriteString("]")
		case bool:
			b.WriteString("b")
		case nil:
			b.WriteString("n")
		default:
			b.WriteString("s")
		}
	}
	walk(v)
	return b.String()
}

func walkStrings(v any, fn func(string)) {
	switch v := v.(type) {
	case string:
		fn(v)
	case map[string]any:
		for _, e := range v {
			walkStrings(e, fn)
		}
	case []any:
		for _, e := range v {
			walkStrings(e, fn)
		}
	}
}
