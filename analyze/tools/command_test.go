package tools

import (
	"github.com/actionguard/actionguard/analyze/shell"
	"math"
	"slices"
	"strings"
	"testing"
)

// TestPrepareCommand reads shell commands that pay, send or publish as the
// calls they make.
func TestPrepareCommand(t *testing.T) {
	for _, c := range []struct {
		line     string
		stdin    string
		effect   string // "" when the command is none of these
		usd      float64
		contacts []string
	}{
		{"stripe payouts create --amount 50000 --currency usd", "", EffectPayment, 500, nil},
		{"stripe transfers create --amount=2500 --currency=eur --destination=acct_1", "", EffectPayment, 27, []string{"payee:acct_1"}},
		{"stripe post /v1/charges -d amount=2000 -d currency=usd", "", EffectPayment, 20, nil},
		{"stripe charges list --limit 3", "", "", 0, nil},
		{"curl https://api.stripe.com/v1/transfers -u sk_x: -d amount=82000 -d currency=usd -d destination=acct_9", "", EffectPayment, 820, []string{"payee:acct_9"}},
		{"curl -X POST https://api-m.paypal.com/v1/payments/payouts --json '{\"items\":[{\"receiver\":\"a@b.c\",\"amount\":{\"value\":\"12.50\",\"currency\":\"EUR\"}}]}'", "", EffectPayment, 13.5, []string{"payee:a@b.c"}},
		{"curl https://api.stripe.com/v1/charges", "", "", 0, nil},
		{"curl -d @payload.json https://api.stripe.com/v1/charges", "", EffectPayment, 0, nil},
		{"http POST api.twilio.com/2010-04-01/Accounts/AC1/Messages.json To=+15551234567 Body=hi", "", EffectSend, 0, []string{"recipient:+15551234567"}},
		{"curl -X POST https://api.x.com/2/tweets -d '{\"text\":\"hello\"}'", "", EffectPost, 0, nil},
		{"wget --post-data=status=hi https://mastodon.social/api/v1/statuses", "", EffectPost, 0, nil},
		{"mail -s Report -c ann@acme.com bob@acme.com", "the report", EffectSend, 0, []string{"recipient:ann@acme.com", "recipient:bob@acme.com"}},
		{"mutt -s Report -a a.pdf b.pdf -- bob@acme.com", "", EffectSend, 0, []string{"recipient:bob@acme.com"}},
		{"sendmail -t", "To: ann@acme.com\nSubject: hi\n\nbody", EffectSend, 0, []string{"recipient:ann@acme.com"}},
		{"swaks --to bob@acme.com --server smtp.acme.com --body hi", "", EffectSend, 0, []string{"recipient:bob@acme.com"}},
		{"toot post 'hello world'", "", EffectPost, 0, nil},
		{"toot post --visibility direct 'hi'", "", "", 0, nil},
		{"gh gist create --public notes.md", "", EffectPost, 0, nil},
		{"gh gist create notes.md", "", "", 0, nil},
		{"twurl -d 'status=hi' /1.1/statuses/update.json", "", EffectPost, 0, nil},
		{"ls -la", "", "", 0, nil},
	} {
		p, ok := prepareLine(c.line, c.stdin)
		if !ok {
			if c.effect != "" {
				t.Errorf("%q: not read", c.line)
			}
			continue
		}
		if c.effect == "" {
			t.Errorf("%q: read as %s", c.line, p.Effect())
			continue
		}
		res := p.Judge(Options{})
		var got []string
		for _, ct := range res.Contacts {
			got = append(got, ct.Kind+":"+ct.Address)
		}
		slices.Sort(got)
		if res.Effect != c.effect || math.Abs(res.USD-c.usd) > 0.5 || strings.Join(got, ",") != strings.Join(c.contacts, ",") {
			t.Errorf("%q: %s $%v %v, want %s $%v %v (%s)", c.line, res.Effect, res.USD, got, c.effect, c.usd, c.contacts, ruleIDs(res))
		}
		if res.Grade == "" || res.Summary == "" || res.Why == "" {
			t.Errorf("%q: no seed 003 account: %q %q %q", c.line, res.Grade, res.Summary, res.Why)
		}
	}
}

// FuzzPrepareCommand feeds command lines to the command reader: it must
// not panic, and what it reads must keep the package's hard lines.
func FuzzPrepareCommand(f *testing.F) {
	f.Add("stripe payouts create --amount 50000 --currency usd", "")
	f.Add("curl -X POST https://api.stripe.com/v1/transfers -d amount=1.234,56 -d currency=eur", "")
	f.Add("mail -s 'x' -a f bob@acme.com", "hello")
	f.Add("sendmail -t", "To: a@b.c\nSubject: lawsuit\n\nsee you in court")
	f.Add("http POST api.x.com/2/tweets text=hi n:=3", "")
	f.Fuzz(func(t *testing.T, line, stdin string) {
		p, ok := prepareLine(line, stdin)
		if !ok {
			return
		}
		res := p.Judge(Options{UserMessages: []string{stdin}})
		if res.Effect == EffectPayment && (res.USD > 500 || !res.USDKnown) && rank(res.Class) < rank(ClassPrivileged) {
			t.Fatalf("%q: payment of $%v classified %s", line, res.USD, res.Class)
		}
		if res.Grade == "" {
			t.Fatalf("%q: no grade", line)
		}
	})
}

// prepareLine reads the first simple command of a command line the way the
// guard does: the shell analysis's record, then PrepareCommand.
func prepareLine(line, stdin string) (*Prepared, bool) {
	res := shell.Analyze(line, shell.Options{})
	if len(res.Commands) == 0 {
		return nil, false
	}
	c := res.Commands[0]
	if stdin != "" {
		c.Stdin = stdin
	}
	return PrepareCommand(c)
}
