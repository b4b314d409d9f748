package tools

import (
	"encoding/json"
	"math"
	"slices"
	"testing"
)

// FuzzParseMoney feeds amounts in any notation: readMoney must not panic,
// must return a finite, non-negative amount, and a currency it returns is
// one it knows.
func FuzzParseMoney(f *testing.F) {
	for _, s := range []string{"$1,234.56", "1.234,56 €", "USD 500", "500 dollars", "£30", "¥5000", "€2k", "1.5M",
		"1'234.50 CHF", "1 234,56 €", "50 cents", "R$ 12,50", "0.5 BTC", ".5", "1e999999", "-5 EUR", "２０ドル", "$"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		m, ok := readMoney(s)
		if !ok {
			return
		}
		if m.amount < 0 || math.IsNaN(m.amount) || math.IsInf(m.amount, 0) {
			t.Fatalf("%q: amount %v", s, m.amount)
		}
		if m.cur != "" && !knownCurrency(m.cur) {
			t.Fatalf("%q: unknown currency %q", s, m.cur)
		}
	})
}

// FuzzAnalyze feeds tool names and JSON inputs: Analyze must not panic,
// must return a known class, and must keep the package's hard lines (a
// read is safe, a deletion and an unknown verb are never silently allowed).
func FuzzAnalyze(f *testing.F) {
	f.Add("GmailSendEmail", `{"to":"bob@acme.com","subject":"hi"}`, "send bob an email")
	f.Add("BankManagerTransferFunds", `{"amount":"$1,200.50","to_account_number":"9"}`, "")
	f.Add("mcp__github__delete_file", `{"path":"/","force":true}`, "delete it")
	f.Add("HTTPRequest", `{"method":"DELETE","url":"https://x"}`, "")
	f.Add("send_money", `{"recipient":"GB29NWBK60161331926819","amount":45}`, "don't pay anyone, how much would it cost? I'll do it myself")
	f.Add("update_branch_protection", `{"enforce_admins":false,"visibility":"public","new_password":"x"}`, "write a tweet but don't post it")
	f.Add("pay_invoice", `{"invoice_id":"in_1","amount":"1.234,56 €"}`, "pay the invoice")
	f.Add("stripe_create_transfer", `{"amount":50000,"currency":"usd","destination":"acct_1"}`, "")
	f.Add("HTTPRequest", `{"method":"POST","url":"https://api.stripe.com/v1/transfers","body":"amount=2000&currency=eur&destination=acct_9"}`, "")
	f.Add("send_email", `{"to":"a@b.c","subject":"Notice of termination","body":"terminate() the NDA"}`, "email a@b.c")
	ids := map[string]bool{}
	for _, r := range Rules() {
		ids[r.ID] = true
	}
	f.Fuzz(func(t *testing.T, name, input, message string) {
		var in map[string]any
		_ = json.Unmarshal([]byte(input), &in)
		opt := Options{}
		if message != "" {
			opt.UserMessages = []string{message}
			// The same call earlier in the session, returning the message.
			opt.History = []Call{{Tool: name, Input: in, Observation: message}, {Tool: "get_transactions", Observation: message}}
		}
		res := Analyze(name, in, opt)
		if !slices.Contains(classes, res.Class) {
			t.Fatalf("class %q", res.Class)
		}
		if res.Score < 0 {
			t.Fatalf("score %d", res.Score)
		}
		switch res.Effect {
		case EffectRead:
			if res.Class != ClassSafe {
				t.Fatalf("read classified %s", res.Class)
			}
		case EffectDelete, EffectGrant, EffectUnlock:
			if rank(res.Class) < rank(ClassPrivileged) {
				t.Fatalf("%s classified %s", res.Effect, res.Class)
			}
		case EffectUnknown:
			if res.Class == ClassSafe {
				t.Fatal("unknown verb classified safe")
			}
		}
		if res.Effect == EffectPayment && (res.USD > 500 || !res.USDKnown) && rank(res.Class) < rank(ClassPrivileged) {
			t.Fatalf("payment of %v %s ($%v) classified %s", res.Amount, res.Currency, res.USD, res.Class)
		}
		if res.Effect == EffectPayment && res.Grade == GradeLow && res.USD >= 50 {
			t.Fatalf("payment of $%v graded low", res.USD)
		}
		for _, fd := range res.Findings {
			if !ids[fd.Rule] {
				t.Fatalf("unregistered rule %s", fd.Rule)
			}
		}
	})
}
