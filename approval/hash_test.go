package approval_test

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/actionguard/actionguard/approval"
)

func decode(t *testing.T, s string) map[string]any {
	t.Helper()
	var m map[string]any
	dec := json.NewDecoder(strings.NewReader(s))
	dec.UseNumber()
	if err := dec.Decode(&m); err != nil {
		t.Fatal(err)
	}
	return m
}

// TestInputHash: the same call hashes the same whatever its keys' order;
// anything that changes what runs changes the hash.
func TestInputHash(t *testing.T) {
	base := approval.InputHash("send_email", decode(t, `{"to":"bob@example.com","body":"hi","opts":{"cc":["a","b"],"html":false},"n":1.50}`))
	same := []string{
		`{"body":"hi","to":"bob@example.com","n":1.50,"opts":{"html":false,"cc":["a","b"]}}`,
		`{ "opts" : { "cc" : [ "a" , "b" ] , "html" : false } , "n" : 1.50 , "body" : "hi" , "to" : "bob@example.com" }`,
	}
	for _, s := range same {
		if got := approval.InputHash("send_email", decode(t, s)); got != base {
			t.Errorf("%s hashes differently", s)
		}
	}
	differ := map[string]string{
		"another tool":      "send_emails",
		"a number as given": `{"to":"bob@example.com","body":"hi","opts":{"cc":["a","b"],"html":false},"n":1.5}`,
		"array order":       `{"to":"bob@example.com","body":"hi","opts":{"cc":["b","a"],"html":false},"n":1.50}`,
		"a value":           `{"to":"eve@example.com","body":"hi","opts":{"cc":["a","b"],"html":false},"n":1.50}`,
		"a type":            `{"to":"bob@example.com","body":"hi","opts":{"cc":["a","b"],"html":"false"},"n":1.50}`,
		"an extra key":      `{"to":"bob@example.com","body":"hi","opts":{"cc":["a","b"],"html":false},"n":1.50,"bcc":""}`,
	}
	for what, s := range differ {
		tool, in := "send_email", s
		if what == "another tool" {
			tool, in = s, `{"to":"bob@example.com","body":"hi","opts":{"cc":["a","b"],"html":false},"n":1.50}`
		}
		if got := approval.InputHash(tool, decode(t, in)); got == base {
			t.Errorf("%s: same hash", what)
		}
	}
	// The canonical form is pinned: {"input":{"command":"ls"},"tool":"Bash"}.
	if got, want := approval.InputHash("Bash", map[string]any{"command": "ls"}), "78932af53c2f206888f04ea464514a5a38c95d186d8e07d5ec2ce8572f52b3cb"; got != want {
		t.Errorf("InputHash(Bash, {command: ls}) = %s, want %s", got, want)
	}
	// Go numbers and decoded ones agree; nil and empty input agree.
	if approval.InputHash("t", map[string]any{"n": 2}) != approval.InputHash("t", map[string]any{"n": json.Number("2")}) {
		t.Error("int 2 and json.Number 2 differ")
	}
	if approval.InputHash("t", nil) != approval.InputHash("t", map[string]any{}) {
		t.Error("nil and empty input differ")
	}
	// Invalid UTF-8 is kept distinct.
	if approval.InputHash("Bash", map[string]any{"command": "rm \xff"}) == approval.InputHash("Bash", map[string]any{"command": "rm \xfe"}) {
		t.Error("two invalid bytes hash the same")
	}
	if approval.InputHash("Bash", map[string]any{"command": "rm \xff"}) == approval.InputHash("Bash", map[string]any{"command": "rm \ufffd"}) {
		t.Error("an invalid byte and U+FFFD hash the same")
	}
}
