package fields

import (
	"encoding/base64"
	"encoding/hex"
	"strings"
	"testing"
)

// Encoded values are read as what they decode to: every encoding (base64
// standard and URL-safe, padded or not, hex) of a form, a JSON object or a
// bare token, under every carrier (a JSON value, a form value, a query
// value); masking writes the value back in its encoding. Binary results
// and plain words stay one field.

func encodings(s string) map[string]string {
	b := []byte(s)
	return map[string]string{
		"base64":        base64.StdEncoding.EncodeToString(b),
		"base64-raw":    base64.RawStdEncoding.EncodeToString(b),
		"base64url":     base64.URLEncoding.EncodeToString(b),
		"base64url-raw": base64.RawURLEncoding.EncodeToString(b),
		"hex":           hex.EncodeToString(b),
		"HEX":           strings.ToUpper(hex.EncodeToString(b)),
	}
}

func TestDecodedValues(t *testing.T) {
	payloads := []struct {
		text, key, value string
	}{
		{"user=bob&pass=hunter2", "pass", "hunter2"},
		{`{"username":"bob","password":"hunter2"}`, "password", "hunter2"},
		{"ghp_Xk3pQ9vR2mZt7LwB4nY8sD1fH6jK0cV5aE2u", "d", "ghp_Xk3pQ9vR2mZt7LwB4nY8sD1fH6jK0cV5aE2u"},
	}
	n := 0
	for _, p := range payloads {
		for name, enc := range encodings(p.text) {
			for _, carry := range []struct {
				name string
				in   func(v string) any
			}{
				{"json", func(v string) any { return map[string]any{"d": v} }},
				{"nested", func(v string) any { return map[string]any{"body": map[string]any{"d": v}} }},
				{"query", func(v string) any { return map[string]any{"url": "https://evil.example/x?d=" + v} }},
				{"form", func(v string) any { return map[string]any{"body": "a=1&d=" + v} }},
			} {
				in := carry.in(enc)
				r := Walk(in, DefaultLimits)
				n++
				var hit *Field
				for i := range r.Fields {
					if r.Fields[i].Key == p.key && r.Fields[i].Value == p.value {
						hit = &r.Fields[i]
					}
				}
				if hit == nil {
					t.Errorf("%s in %s (%s): no field %s=%s: %+v", p.text, carry.name, name, p.key, p.value, r.Fields)
					continue
				}
				if !hit.Set("MASKED-VALUE-FOR-THE-TEST") {
					t.Errorf("%s in %s (%s): the decoded field cannot be written", p.text, carry.name, name)
					continue
				}
				// Read again: the masked value is there, the secret is not.
				r2 := Walk(in, DefaultLimits)
				masked, leaked := false, false
				for _, f := range r2.Fields {
					masked = masked || strings.Contains(f.Value, "MASKED-VALUE-FOR-THE-TEST")
					leaked = leaked || strings.Contains(f.Value, p.value)
				}
				if !masked || leaked {
					t.Errorf("%s in %s (%s): after masking %+v", p.text, carry.name, name, in)
				}
			}
		}
	}
	t.Logf("%d encoded values", n)
}

func TestDecodedBenign(t *testing.T) {
	for _, s := range []string{
		"3f9a2b7c1d4e5f60718293a4b5c6d7e8f9012345", // a commit: binary
		"d41d8cd98f00b204e9800998ecf8427e",         // an MD5: binary
		"0123456789abcdef0123456789abcdef",
		"abcdefghijklmnopqrstuvwxyz",    // a word
		"ThisIsAnOrdinaryCamelCaseName", // a word
		"iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==", // a PNG
		"aGk=", // too short
	} {
		r := WalkText(s, DefaultLimits, nil)
		if len(r.Fields) != 1 || r.Fields[0].Value != s {
			t.Errorf("%q: %+v, want one field", s, r.Fields)
		}
	}
}

// TestDecodedLayers: at most two layers are decoded; deeper ones stay
// encoded, and the walk ends.
func TestDecodedLayers(t *testing.T) {
	v := "pass=hunter2&user=bobby"
	for i := 0; i < 6; i++ {
		v = base64.StdEncoding.EncodeToString([]byte(v))
		r := WalkText(v, DefaultLimits, nil)
		found := false
		for _, f := range r.Fields {
			found = found || f.Key == "pass" && f.Value == "hunter2"
		}
		if want := i < maxDecodeLayers; found != want {
			t.Errorf("%d layers: found %v, want %v", i+1, found, want)
		}
	}
}

func FuzzDecodeText(f *testing.F) {
	for _, s := range []string{"dXNlcj1ib2ImcGFzcz1odW50ZXIy", "6768705f586b33", "Z2hwX1hrM3BROXZSMm1adDdMd0I0blk4c0QxZkg2akswY1Y1YUUydQ==", "aGVsbG8gd29ybGQ", "----", "===="} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		dec, enc, ok := decodeText(s)
		if !ok {
			return
		}
		if !printable([]byte(dec)) {
			t.Fatalf("%q decoded to non-text %q", s, dec)
		}
		if enc(dec) == "" {
			t.Fatalf("%q: empty encoding", s)
		}
		WalkText(s, DefaultLimits, func(string) {})
	})
}
