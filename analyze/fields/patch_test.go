package fields

import (
	"encoding/json"
	"strings"
	"testing"
)

// A JSON Patch operation's value is named by its path, and written back
// in place; an operation on an array index or on no value names nothing.
func TestJSONPatch(t *testing.T) {
	const secret = "Tr0ub4dor-3-horse"
	for _, c := range []struct {
		shape, key string
	}{
		{`[{"op": "replace", "path": "/password", "value": "` + secret + `"}]`, "password"},
		{`[{"op": "add", "path": "/users/0/api_key", "value": "` + secret + `"}]`, "api_key"},
		{`{"patch": [{"op": "test", "path": "/a~1b/client_secret", "value": "` + secret + `"}]}`, "client_secret"},
		{`[{"op": "add", "path": "/tags/0", "value": "` + secret + `"}]`, ""},
		{`[{"op": "add", "path": "password", "value": "` + secret + `"}]`, ""}, // not a JSON pointer
	} {
		var in any
		if err := json.Unmarshal([]byte(c.shape), &in); err != nil {
			t.Fatal(err)
		}
		got := ""
		for _, f := range Walk(map[string]any{"json": in}, DefaultLimits).Fields {
			if f.Value == secret {
				got = f.Key
				if c.key != "" && !f.Set("[REDACTED]") {
					t.Errorf("%s: the value cannot be written", c.shape)
				}
			}
		}
		if c.key != "" && got != c.key || c.key == "" && Classify(got) != None {
			t.Errorf("%s: value read under %q, want %q", c.shape, got, c.key)
		}
		if out, _ := json.Marshal(in); c.key != "" && strings.Contains(string(out), secret) {
			t.Errorf("%s: written back as %s", c.shape, out)
		}
	}
}

// A password's hash, digest or encrypted form is classified as the
// password; a word that only looks like one is not.
func TestKeyHashForms(t *testing.T) {
	for _, k := range []string{"passwordHash", "password_sha256", "hashedPassword", "api_key_enc", "client_secret_encrypted", "passwordDigest"} {
		if !Classify(k).Credential() {
			t.Errorf("Classify(%q) = %v, want a credential", k, Classify(k))
		}
	}
	for _, k := range []string{"hash", "commit_hash", "file_sha256", "content_digest", "etag_hex"} {
		if Classify(k).Credential() {
			t.Errorf("Classify(%q) = %v, want no credential", k, Classify(k))
		}
	}
}
