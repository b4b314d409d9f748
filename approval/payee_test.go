package approval_test

import (
	"encoding/json"
	"strings"
	"testing"
	"time"

	"github.com/actionguard/actionguard/approval"
)

// shownParams is every parameter a person reads of a request, joined.
func shownParams(d approval.Description) string {
	var b strings.Builder
	b.WriteString(d.Headline)
	for _, p := range d.Params {
		b.WriteString(" | " + p.Name + ": " + p.Value)
	}
	return b.String()
}

// A held payment shows where its money goes, in full, for every shape of
// payment tool; the rest of its personal data stays masked.
func TestPayeeAccountShown(t *testing.T) {
	const note = "for Jane, card 4111 1111 1111 1111, phone +1 415 555 0134"
	cases := []struct {
		tool  string
		input map[string]any
		want  []string
	}{
		{"stripe_create_payout", map[string]any{"amount": 90000, "currency": "eur", "destination": "ba_1NXabcDEF"}, []string{"ba_1NXabcDEF"}},
		{"stripe_create_transfer", map[string]any{"amount": 5000, "currency": "usd", "destination": "acct_1Q2w3E4r"}, []string{"acct_1Q2w3E4r"}},
		{"paypal_create_payout", map[string]any{"amount": 900, "receiver": "payee@evil.example"}, []string{"payee@evil.example"}},
		{"wise_create_transfer", map[string]any{"targetAccount": 48151623, "sourceAmount": 900}, []string{"48151623"}},
		{"wise_create_recipient_and_transfer", map[string]any{"amount": 900, "details": map[string]any{"accountNumber": "31926819", "sortCode": "60-16-13"}}, []string{"31926819", "60-16-13"}},
		{"mcp__bank__transfer", map[string]any{"amount": 900, "to": "DE89370400440532013000"}, []string{"DE89370400440532013000"}},
		{"mcp__bank__send_wire", map[string]any{"amount": 900, "beneficiary": map[string]any{"name": "ACME", "routing_number": "021000021", "account_number": "000123456789"}}, []string{"021000021", "000123456789"}},
		{"bank_transfer", map[string]any{"amount": 900, "iban": "GB29NWBK60161331926819", "bic": "NWBKGB2L"}, []string{"GB29NWBK60161331926819", "NWBKGB2L"}},
		{"transfer_funds", map[string]any{"amount": 900, "to": "bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq"}, []string{"bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq"}},
		{"BinanceWithdraw", map[string]any{"coin": "ETH", "amount": 2, "address": "0x52908400098527886E0F7030069857D2E4169EE7"}, []string{"0x52908400098527886E0F7030069857D2E4169EE7"}},
		{"pay", map[string]any{"amount": 900, "to": "Bob Stone", "payment_method_id": "pm_1MqLi2"}, []string{"Bob Stone", "pm_1MqLi2"}},
	}
	for _, c := range cases {
		c.input["memo"] = note
		in, _ := json.Marshal(map[string]any{"tool": c.tool, "input": c.input})
		r := approval.New(in, approval.Summary{Tool: c.tool, Verdict: "approve"}, time.Now())
		d := approval.Describe(r)
		shown := shownParams(d)
		for _, w := range c.want {
			if !strings.Contains(shown, w) {
				t.Errorf("%s: shown %q, want the destination %q in full", c.tool, shown, w)
			}
		}
		if strings.Contains(shown+d.Input, "4111 1111 1111 1111") || strings.Contains(shown+d.Input, "415 555 0134") {
			t.Errorf("%s: personal data that is not the destination is shown: %q %s", c.tool, shown, d.Input)
		}
	}
}

// The payer's own account is not shown as where the money goes.
func TestPayeeAccountNotTheSource(t *testing.T) {
	in, _ := json.Marshal(map[string]any{"tool": "bank_transfer", "input": map[string]any{"amount": 900,
		"from": map[string]any{"iban": "DE44500105175407324931"}, "from_account_number": "99887766",
		"to": map[string]any{"iban": "GB29NWBK60161331926819"}}})
	r := approval.New(in, approval.Summary{Tool: "bank_transfer", Verdict: "approve"}, time.Now())
	for _, acct := range r.Decision.PayeeAccounts {
		if strings.Contains(acct, "DE44500105175407324931") || strings.Contains(acct, "99887766") {
			t.Errorf("the payer's account %q is kept as the payee's: %q", acct, r.Decision.PayeeAccounts)
		}
	}
	if !strings.Contains(strings.Join(r.Decision.PayeeAccounts, " "), "GB29NWBK60161331926819") {
		t.Errorf("payee accounts %q, want the IBAN the money goes to", r.Decision.PayeeAccounts)
	}
}
