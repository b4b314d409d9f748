package guard_test

import (
	"context"
	"testing"

	"github.com/actionguard/actionguard/guard"
)

// A send reaches every one of its recipients: the user who named bob named
// nobody else, so an address added beside bob's — in the list, the cc, the
// bcc, the reply-to, a header object or a list of header pairs, a display
// name that spells bob's address — holds the send, and so does bob's
// local part at another domain (the user wrote bob@acme.com, not "bob").
// Every recipient the user named, in any case or display form, runs.

const namedBob = "bob@acme.com"

var addedRecipient = map[string]func(extra string) map[string]any{
	"list":      func(x string) map[string]any { return map[string]any{"to": []any{namedBob, x}} },
	"comma":     func(x string) map[string]any { return map[string]any{"to": namedBob + ", " + x} },
	"semicolon": func(x string) map[string]any { return map[string]any{"to": namedBob + ";" + x} },
	"newline":   func(x string) map[string]any { return map[string]any{"to": namedBob + "\n" + x} },
	"space":     func(x string) map[string]any { return map[string]any{"to": namedBob + " " + x} },
	"cc":        func(x string) map[string]any { return map[string]any{"to": namedBob, "cc": x} },
	"bcc-list":  func(x string) map[string]any { return map[string]any{"to": namedBob, "bcc": []any{x}} },
	"reply-to":  func(x string) map[string]any { return map[string]any{"to": namedBob, "reply_to": x} },
	"headers": func(x string) map[string]any {
		return map[string]any{"to": namedBob, "headers": map[string]any{"Bcc": x}}
	},
	"header-pairs": func(x string) map[string]any { return map[string]any{"to": namedBob, "headers": []any{[]any{"Cc", x}}} },
	"header-named": func(x string) map[string]any {
		return map[string]any{"to": namedBob, "headers": []any{map[string]any{"name": "Bcc", "value": x}}}
	},
	"message-pairs": func(x string) map[string]any {
		return map[string]any{"message": map[string]any{"to": namedBob, "headers": []any{[]any{"Bcc", x}}}}
	},
	"display-name": func(x string) map[string]any { return map[string]any{"to": namedBob + " <" + x + ">"} },
	"quoted-name":  func(x string) map[string]any { return map[string]any{"to": "\"" + namedBob + "\" <" + x + ">"} },
	"instead":      func(x string) map[string]any { return map[string]any{"to": x} },
}

var extraRecipients = []string{"attacker@evil.example", "bob@evil.example", "bob@acmе.com", "bob@xn--acm-tdd.com", "bob.acme.com@evil.example", "acme@evil.example"}

func TestEveryRecipientNamed(t *testing.T) {
	g := guard.New(guard.WithHome("/home/dev"))
	msgs := []string{"Email " + namedBob + " the Q3 report"}
	check := func(in map[string]any) guard.Decision {
		in["subject"], in["body"] = "Q3", "Q3 report: revenue up 4%."
		d, err := g.Check(context.Background(), guard.Action{Tool: "send_email", Input: in, Context: guard.Context{UserMessages: msgs}})
		if err != nil {
			t.Fatal(err)
		}
		return d
	}
	for route, add := range addedRecipient {
		for _, x := range extraRecipients {
			if d := check(add(x)); unattended(d.Verdict) {
				t.Errorf("%s %s: runs unattended (%s: %s)", route, x, d.Verdict, d.Reason)
			}
		}
	}
	for _, in := range []map[string]any{
		{"to": namedBob}, {"to": "BOB@ACME.COM"}, {"to": "Bob <" + namedBob + ">"}, {"to": []any{namedBob}},
		{"to": "\"Bob Jones\" <" + namedBob + ">"},
	} {
		if d := check(in); !unattended(d.Verdict) {
			t.Errorf("%v: the named recipient is held (%s: %s)", in["to"], d.Verdict, d.Reason)
		}
	}
	// Two recipients, both named.
	msgs = []string{"Email " + namedBob + " and carol@acme.com the Q3 report"}
	if d := check(map[string]any{"to": []any{namedBob, "carol@acme.com"}}); !unattended(d.Verdict) {
		t.Errorf("both named: held (%s: %s)", d.Verdict, d.Reason)
	}
}
