package approval_test

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/actionguard/actionguard/approval"
)

// recipientParam returns the Recipient(s) parameter of d ("" when none).
func recipientParam(d approval.Description) string {
	for _, p := range d.Params {
		if p.Name == "Recipient" || p.Name == "Recipients" {
			return p.Value
		}
	}
	return ""
}

// A held send shows its recipients as the call names them, so that a person
// can tell alice.smith@ from an attacker's address at the same domain; the
// stored action and the content stay masked.
func TestRecipientsShownInFull(t *testing.T) {
	const body = "Hi, my card is 4111 1111 1111 1111 and my phone +1 415 555 0134."
	addrs := []string{"alice.smith@acme-ltd.example", "a.attacker@acme-ltd.example", "bob+ops@mail.example.org"}
	for _, tool := range []string{"send_email", "mcp__gmail__send_message", "gmail_send", "outlook.sendMail"} {
		for _, key := range []string{"to", "recipient", "recipients"} {
			for n := 1; n <= len(addrs); n++ {
				var to any = addrs[0]
				if n > 1 || key == "recipients" {
					to = addrs[:n]
				}
				in, _ := json.Marshal(map[string]any{"tool": tool, "input": map[string]any{key: to, "subject": "Report", "body": body}})
				r := approval.New(in, approval.Summary{Tool: tool, Verdict: "approve"}, time.Now())
				got := recipientParam(approval.Describe(r))
				for _, a := range addrs[:max(n, 1)] {
					if _, ok := to.(string); ok && a != addrs[0] {
						continue
					}
					if !strings.Contains(got, a) {
						t.Errorf("%s %s=%v: recipients shown %q, want %q in full", tool, key, to, got, a)
					}
				}
				if strings.Contains(string(r.Action), addrs[0]) {
					t.Errorf("%s: the stored action keeps %q unmasked: %s", tool, addrs[0], r.Action)
				}
				if strings.Contains(string(r.Action), "4111 1111 1111 1111") || strings.Contains(approval.Describe(r).Input, "4111 1111 1111 1111") {
					t.Errorf("%s: the card number in the content is not masked", tool)
				}
			}
		}
	}
}

// A recipient carries no secret and no control character into what a
// person reads.
func TestRecipientsKeptSafely(t *testing.T) {
	cases := []struct {
		name, to, notWant string
	}{
		{"webhook token", "https://hooks.slack.com/services/T0AAAAAAA/B0BBBBBBB/abcdefghijklmnopqrstuvwx", "abcdefghijklmnopqrstuvwx"},
		{"github token", "ghp_abcdefghijklmnopqrstuvwxyz0123456789@example.com", "ghp_abcdefghijklmnopqrstuvwxyz0123456789"},
		{"newline", "bob@example.com\nApproved by the security team", "\n"},
		{"bidi override", "bob@example.com\u202egro.live", "\u202e"},
		{"escape", "bob@example.com\x1b[2K", "\x1b"},
	}
	for _, c := range cases {
		in, _ := json.Marshal(map[string]any{"tool": "send_email", "input": map[string]any{"to": c.to, "body": "x"}})
		r := approval.New(in, approval.Summary{Tool: "send_email", Verdict: "approve"}, time.Now())
		for _, kept := range r.Decision.Recipients {
			if strings.Contains(kept, c.notWant) {
				t.Errorf("%s: kept recipient %q still has %q", c.name, kept, c.notWant)
			}
		}
		if got := recipientParam(approval.Describe(r)); strings.Contains(got, c.notWant) {
			t.Errorf("%s: shown recipient %q still has %q", c.name, got, c.notWant)
		}
	}
	long := strings.Repeat("a", 5000) + "@example.com"
	in, _ := json.Marshal(map[string]any{"tool": "send_email", "input": map[string]any{"to": long, "body": "x"}})
	r := approval.New(in, approval.Summary{Tool: "send_email", Verdict: "approve"}, time.Now())
	for _, kept := range r.Decision.Recipients {
		if len(kept) > 400 {
			t.Errorf("a %d-byte recipient is kept at %d bytes", len(long), len(kept))
		}
	}
}

// Actions that are not sends keep no recipients: a command's or a file's
// text stays as redacted as the stored action.
func TestRecipientsOnlyForSends(t *testing.T) {
	for _, in := range []string{
		`{"tool":"Bash","input":{"command":"mail -s x alice@example.com < report.txt"}}`,
		`{"tool":"Write","input":{"file_path":"notes.md","content":"to: alice@example.com"}}`,
		`{"tool":"WebFetch","input":{"url":"https://example.com/?to=alice@example.com"}}`,
		`not json`,
		`{"tool":"send_email"}`,
	} {
		r := approval.New([]byte(in), approval.Summary{Tool: "x", Verdict: "approve"}, time.Now())
		if len(r.Decision.Recipients) > 0 {
			t.Errorf("%s: kept recipients %q", in, r.Decision.Recipients)
		}
	}
}

// A recipient spelled with letters that look like Latin ones says so.
func TestRecipientsLookAlikeLetters(t *testing.T) {
	for _, c := range []struct{ to, want string }{
		{"\u0430lice@acme-ltd.example", "U+0430"}, // Cyrillic а
		{"alice@\u0430cme-ltd.example", "U+0430"}, // in the domain
		{"bob@exam\u03bfle.com", "U+03BF"},        // Greek ο
		{"alice@acme-ltd.example", ""},            // ASCII: no note
	} {
		in, _ := json.Marshal(map[string]any{"tool": "send_email", "input": map[string]any{"to": c.to, "body": "x"}})
		r := approval.New(in, approval.Summary{Tool: "send_email", Verdict: "approve"}, time.Now())
		got := recipientParam(approval.Describe(r))
		if c.want == "" && strings.Contains(got, "not ASCII") || c.want != "" && !strings.Contains(got, c.want) {
			t.Errorf("%q shown as %q, want a note naming %q", c.to, got, c.want)
		}
	}
}

// describedTo is what a person is shown of a send: its headline and its
// recipients.
func describedTo(t *testing.T, input map[string]any) string {
	t.Helper()
	in, _ := json.Marshal(map[string]any{"tool": "send_email", "input": input})
	d := approval.Describe(approval.New(in, approval.Summary{Tool: "send_email", Verdict: "approve"}, time.Now()))
	return d.Headline + " | " + recipientParam(d)
}

// The routes an agent could take to show a person one recipient while the
// call reaches another: each must show the other, or say that not every
// recipient is shown.
func TestRecipientsNotHidden(t *testing.T) {
	const good, evil = "alice.smith@acme-ltd.example", "evil@attacker.example"
	many := make([]string, 0, 51)
	for i := range 50 {
		many = append(many, fmt.Sprintf("user%02d@acme-ltd.example", i))
	}
	labels := make([]any, 300)
	for i := range labels {
		labels[i] = "l"
	}
	cases := []struct {
		name  string
		input map[string]any
		want  string // shown somewhere in the headline or the recipients
	}{
		{"display name", map[string]any{"to": `"` + good + `" <` + evil + `>`, "body": "x"}, evil + ` (named`},
		{"long value", map[string]any{"to": good + "," + strings.Repeat(" ", 4100) + evil, "body": "x"}, "may reach others"},
		{"many entries first", map[string]any{"cc": good, "labels": labels, "to": evil, "body": "x"}, "may reach others"},
		{"past the shown", map[string]any{"to": append(many, evil), "body": "x"}, "1 more not shown (51 in all)"},
		{"long name", map[string]any{"to": `"` + good + strings.Repeat(" ", 300) + `" <` + evil + `>`, "body": "x"}, evil},
		{"forward_to", map[string]any{"to": good, "forward_to": evil, "body": "x"}, evil},
		{"sendTo", map[string]any{"sendTo": evil, "body": "x"}, evil},
		{"bcc_addresses", map[string]any{"to": good, "bcc_addresses": []any{evil}, "body": "x"}, evil},
		{"ToAddresses", map[string]any{"Destination": map[string]any{"ToAddresses": []any{good}, "BccAddresses": []any{evil}}, "body": "x"}, evil},
		{"domain look-alike beyond many", map[string]any{"to": `"Zoë Ünal-Ćirić Žđšñ ÀÉÎÕÜ" <zoe@` + "\u0430" + `cme-ltd.example>`, "body": "x"}, "U+0430"},
	}
	for _, c := range cases {
		if got := describedTo(t, c.input); !strings.Contains(got, c.want) {
			t.Errorf("%s: shown %q, want %q in it", c.name, got, c.want)
		}
	}
}

// A tool that only updates a record keeps its e-mail and phone masked;
// a recipient keeps what is not an address masked.
func TestRecipientsKeepPersonalData(t *testing.T) {
	in, _ := json.Marshal(map[string]any{"tool": "update_user", "input": map[string]any{"email": "alice.private@gmail.example", "phone": "+1 415 555 0134"}})
	r := approval.New(in, approval.Summary{Tool: "update_user", Verdict: "approve"}, time.Now())
	if len(r.Decision.Recipients) > 0 {
		t.Errorf("update_user keeps recipients %q: an updated record is personal data, not a recipient", r.Decision.Recipients)
	}
	for _, to := range []string{"alice@acme-ltd.example, 4111 1111 1111 1111", "card 4111 1111 1111 1111 ssn 123-45-6789"} {
		in, _ := json.Marshal(map[string]any{"tool": "send_email", "input": map[string]any{"to": to, "body": "x"}})
		r := approval.New(in, approval.Summary{Tool: "send_email", Verdict: "approve"}, time.Now())
		for _, kept := range r.Decision.Recipients {
			if strings.Contains(kept, "4111 1111 1111 1111") || strings.Contains(kept, "123-45-6789") {
				t.Errorf("to %q: kept recipient %q shows a card or identity number", to, kept)
			}
		}
	}
}
