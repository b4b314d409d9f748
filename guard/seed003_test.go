package guard_test

import (
	"context"
	"errors"
	"strings"
	"sync"
	"testing"

	"github.com/actionguard/actionguard/audit"
	"github.com/actionguard/actionguard/guard"
	"github.com/actionguard/actionguard/internal/corpus"
)

// fakeBook is a contact book in memory: every key has n earlier
// interactions unless counts says otherwise; it records the questions.
type fakeBook struct {
	n      int
	counts map[string]int
	err    error
	mu     sync.Mutex
	calls  [][]string
}

func (b *fakeBook) ContactCounts(_ context.Context, keys []string) (map[string]int, error) {
	b.mu.Lock()
	b.calls = append(b.calls, keys)
	b.mu.Unlock()
	if b.err != nil {
		return nil, b.err
	}
	out := make(map[string]int, len(keys))
	for _, k := range keys {
		if n, ok := b.counts[k]; ok {
			out[k] = n
		} else if b.n > 0 {
			out[k] = b.n
		}
	}
	return out, nil
}

// seed003Case is one line of testdata/seed003.jsonl: an action, the contact
// book it is checked with (contacts: every contact's earlier interactions;
// absent: no book), and seed 003's answer.
type seed003Case struct {
	Name             string       `json:"name"`
	Action           guard.Action `json:"action"`
	Contacts         *int         `json:"contacts"`
	BookError        bool         `json:"book_error"`
	RiskLevel        string       `json:"risk_level"`
	RequiresApproval bool         `json:"requires_approval"`
	Act              string       `json:"act"`
	Verdict          string       `json:"verdict"`
	Rule             string       `json:"rule"`
	Reason           string       `json:"reason"`
}

// TestSeed003 checks seed 003's thresholds and every example category
// through guard.Check: risk_level, requires_approval and action, and the
// verdict, a rule or words of the reason where the case names them.
func TestSeed003(t *testing.T) {
	cases := corpus.JSONL[seed003Case](t, "testdata/seed003.jsonl")
	if len(cases) < 60 {
		t.Fatalf("only %d cases", len(cases))
	}
	for _, c := range cases {
		t.Run(c.Name, func(t *testing.T) {
			opts := []guard.Option{guard.WithHome("/home/dev")}
			switch {
			case c.BookError:
				opts = append(opts, guard.WithContactBook(&fakeBook{err: errors.New("database is locked")}))
			case c.Contacts != nil:
				opts = append(opts, guard.WithContactBook(&fakeBook{n: *c.Contacts}))
			}
			d, err := guard.New(opts...).Check(context.Background(), c.Action)
			if err != nil {
				t.Fatal(err)
			}
			if d.RiskLevel != c.RiskLevel || d.RequiresApproval != c.RequiresApproval || d.Action != c.Act {
				t.Errorf("%s / %v / %s, want %s / %v / %s (verdict %s, score %d: %s %v)", d.RiskLevel, d.RequiresApproval, d.Action,
					c.RiskLevel, c.RequiresApproval, c.Act, d.Verdict, d.Score, d.Reason, ruleList(d))
			}
			if c.Verdict != "" && string(d.Verdict) != c.Verdict {
				t.Errorf("verdict %s, want %s (%s)", d.Verdict, c.Verdict, d.Reason)
			}
			if c.Rule != "" && !hasRule(d, c.Rule) {
				t.Errorf("no %s finding: %v", c.Rule, ruleList(d))
			}
			if c.Reason != "" && !strings.Contains(d.Reason+" "+messages(d), c.Reason) {
				t.Errorf("reason %q does not say %q", d.Reason, c.Reason)
			}
			if d.RequiresApproval && d.Reason == "" {
				t.Error("no reason")
			}
		})
	}
}

func messages(d guard.Decision) string {
	var b strings.Builder
	for _, f := range d.Findings {
		b.WriteString(f.Message + " ")
	}
	return b.String()
}

// TestContactBookAsked: the book is asked once per check, with the keys
// audit.ContactKey gives, and only when the action has recipients or
// payees; the decision names them for the audit log.
func TestContactBookAsked(t *testing.T) {
	bob := audit.ContactKey(audit.ContactRecipient, "bob@acme.com")
	book := &fakeBook{counts: map[string]int{bob: 6}}
	g := guard.New(guard.WithContactBook(book))

	d := check(t, g, guard.Action{Tool: "GmailSendEmail", Input: map[string]any{"to": "Bob <BOB@acme.com>, ann@acme.com", "subject": "Lunch", "body": "Friday?"}})
	if len(book.calls) != 1 || len(book.calls[0]) != 2 || book.calls[0][0] != bob {
		t.Fatalf("the book was asked %v, want one question with bob's key first", book.calls)
	}
	if len(d.Contacts) != 2 || d.Contacts[0].Kind != audit.ContactRecipient {
		t.Errorf("contacts %+v", d.Contacts)
	}
	if d.Verdict != guard.Confirm || !hasRule(d, "tool.send.new-contact") {
		t.Errorf("ann is new, bob frequent: %s %v", d.Verdict, ruleList(d))
	}

	book.calls = nil
	for _, a := range []guard.Action{
		{Tool: "Bash", Input: map[string]any{"command": "go test ./..."}},
		{Tool: "GmailSearchEmails", Input: map[string]any{"keywords": []any{"invoice"}}},
		{Tool: "Read", Input: map[string]any{"file_path": "README.md"}},
		{Tool: "post_on_x", Input: map[string]any{"text": "hello"}},
	} {
		d := check(t, g, a)
		if len(d.Contacts) != 0 {
			t.Errorf("%s: contacts %+v", a.Tool, d.Contacts)
		}
	}
	if len(book.calls) != 0 {
		t.Errorf("the book was asked for actions without contacts: %v", book.calls)
	}

	// Two mails in one command line: one question.
	d = check(t, g, guard.Action{Tool: "Bash", Input: map[string]any{"command": "echo a | mail bob@acme.com && echo b | mail eve@example.org"}})
	if len(book.calls) != 1 || len(d.Contacts) != 2 {
		t.Errorf("asked %v, contacts %+v", book.calls, d.Contacts)
	}

	// A payee is a payee, not a recipient.
	d = check(t, g, guard.Action{Tool: "send_money", Input: map[string]any{"recipient": "bob@acme.com", "amount": 20.0}})
	if len(d.Contacts) != 1 || d.Contacts[0].Kind != audit.ContactPayee || !hasRule(d, "tool.payment.new-payee") {
		t.Errorf("payee: contacts %+v, %v", d.Contacts, ruleList(d))
	}
}

// TestSeed003Reasons: the reason names seed 003's category in a person's
// words, and the trace shows the contact book's answer.
func TestSeed003Reasons(t *testing.T) {
	g := guard.New(guard.WithContactBook(&fakeBook{n: 0}))
	d := check(t, g, guard.Action{Tool: "transfer_funds", Input: map[string]any{"amount": 820.0, "to": "acct-7"}})
	want := "A payment of $820.00 to a new payee, acct-7 (transfer_funds): more than $500 and a first payment both need approval."
	if d.Reason != want {
		t.Errorf("reason %q\nwant   %q", d.Reason, want)
	}
	d, _ = g.Explain(context.Background(), guard.Action{Tool: "GmailSendEmail", Input: map[string]any{"to": "bob@acme.com", "subject": "hi"}})
	found := false
	for _, s := range d.Trace {
		found = found || s.Stage == "contacts" && strings.Contains(s.Detail, "recipient bob@acme.com: 0")
	}
	if !found {
		t.Errorf("the trace does not show the contact book's answer: %+v", d.Trace)
	}
}

// BenchmarkCheckSeed003 is guard.Check over consequential actions with a
// contact book in memory: payments in other notations, messages, a post,
// shell and HTTP payments.
func BenchmarkCheckSeed003(b *testing.B) {
	g := guard.New(guard.WithHome("/home/dev"), guard.WithContactBook(&fakeBook{n: 6}))
	acts := []guard.Action{
		{Tool: "send_money", Input: map[string]any{"recipient": "GB29NWBK60161331926819", "amount": "1.234,56 €"}},
		{Tool: "GmailSendEmail", Input: map[string]any{"to": "bob@acme.com", "subject": "Weekly report", "body": "Numbers attached; the dispute with the vendor is settled."}},
		{Tool: "post_on_x", Input: map[string]any{"text": "Release 2.4 is out"}},
		{Tool: "Bash", Input: map[string]any{"command": "stripe payouts create --amount 50000 --currency usd"}},
		{Tool: "WebFetch", Input: map[string]any{"method": "POST", "url": "https://api.stripe.com/v1/transfers", "body": "amount=2000&currency=usd&destination=acct_1"}},
	}
	ctx := context.Background()
	b.ReportAllocs()
	for i := 0; b.Loop(); i++ {
		g.Check(ctx, acts[i%len(acts)])
	}
}
