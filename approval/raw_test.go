package approval_test

import (
	"encoding/base64"
	"encoding/json"
	"strings"
	"testing"
	"time"

	"github.com/actionguard/actionguard/approval"
)

// A held send whose message is raw MIME shows the recipients inside it,
// a header-style list shows each real address once, and a message that
// cannot be read whole says it may reach others.
func TestRecipientsOfRawMessages(t *testing.T) {
	msg := "From: me@acme-ltd.example\r\nTo: \"Smith, Alice\" <alice@acme-ltd.example>\r\nBcc: =?utf-8?b?RG9lLCBKb2hu?= <john@evil.example>\r\nSubject: Report\r\n\r\nHi\r\n"
	cases := []struct {
		name  string
		input map[string]any
		want  []string
		not   []string
	}{
		{"gmail raw", map[string]any{"raw": base64.URLEncoding.EncodeToString([]byte(msg))},
			[]string{"alice@acme-ltd.example (named \"Smith, Alice\")", "john@evil.example (named \"Doe, John\")"}, []string{"may reach others"}},
		{"header list", map[string]any{"to": `"Doe, John" <john@evil.example>, alice@acme-ltd.example`, "body": "x"},
			[]string{"john@evil.example (named \"Doe, John\")", "alice@acme-ltd.example"}, []string{"\"Doe\n", "John\" <"}},
		{"undecodable raw", map[string]any{"raw": "%%%% this is not base64 %%%%"}, []string{"may reach others"}, nil},
	}
	for _, c := range cases {
		in, _ := json.Marshal(map[string]any{"tool": "mcp__gmail__send_message", "input": c.input})
		r := approval.New(in, approval.Summary{Tool: "mcp__gmail__send_message", Verdict: "approve"}, time.Now())
		got := strings.Join(r.Decision.Recipients, "\n") + "\n"
		for _, w := range c.want {
			if !strings.Contains(got, w) {
				t.Errorf("%s: recipients %q, want %q", c.name, r.Decision.Recipients, w)
			}
		}
		for _, n := range c.not {
			if strings.Contains(got, n) {
				t.Errorf("%s: recipients %q have %q", c.name, r.Decision.Recipients, n)
			}
		}
	}
}
