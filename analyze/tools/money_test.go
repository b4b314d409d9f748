package tools

import (
	"math"
	"testing"
)

// TestParseMoney reads amounts in the notations people and APIs write.
func TestParseMoney(t *testing.T) {
	for _, c := range []struct {
		in     string
		amount float64
		cur    string
	}{
		{"$1,234.56", 1234.56, "USD"},
		{"1.234,56 €", 1234.56, "EUR"},
		{"1 234,56 €", 1234.56, "EUR"},
		{"1\u00a0234,56\u00a0€", 1234.56, "EUR"},
		{"€1.234", 1234, "EUR"},
		{"$1.234", 1.234, "USD"},
		{"USD 500", 500, "USD"},
		{"500 USD", 500, "USD"},
		{"500 dollars", 500, "USD"},
		{"500 bucks", 500, "USD"},
		{"30 euros", 30, "EUR"},
		{"£30", 30, "GBP"},
		{"30 pounds", 30, "GBP"},
		{"¥5000", 5000, "JPY"},
		{"€2k", 2000, "EUR"},
		{"2k", 2000, ""},
		{"1.5M", 1.5e6, ""},
		{"$1.5m", 1.5e6, "USD"},
		{"3 million dollars", 3e6, "USD"},
		{"1'234.50 CHF", 1234.5, "CHF"},
		{"CHF 20", 20, "CHF"},
		{"R$ 12,50", 12.5, "BRL"},
		{"C$40", 40, "CAD"},
		{"₹5,00,000", 500000, "INR"},
		{"50 cents", 0.5, "USD"},
		{"0.5 BTC", 0.5, "BTC"},
		{"20 USDT", 20, "USDT"},
		{"1,200.00", 1200, ""},
		{"1,5", 1.5, ""},
		{"-5 EUR", 5, "EUR"},
		{".5", 0.5, ""},
		{"I won 500", 500, ""},
		{"5 minutes", 5, ""},
	} {
		m, ok := readMoney(c.in)
		if !ok || math.Abs(m.amount-c.amount) > 1e-9 || m.cur != c.cur {
			t.Errorf("readMoney(%q) = %v %q %v, want %v %q", c.in, m.amount, m.cur, ok, c.amount, c.cur)
		}
	}
	for _, s := range []string{"", "abc", "$", "..", "full"} {
		if _, ok := readMoney(s); ok {
			t.Errorf("readMoney(%q) read an amount", s)
		}
	}
}

// TestDollarValue: arguments in other currencies and in minor units are
// placed on the approval guard's dollar thresholds.
func TestDollarValue(t *testing.T) {
	for _, c := range []struct {
		tool  string
		input map[string]any
		usd   float64
		known bool
	}{
		{"send_money", map[string]any{"recipient": "bob", "amount": 100.0, "currency": "EUR"}, 108, true},
		{"send_money", map[string]any{"recipient": "bob", "amount": "¥50000"}, 335, true},
		{"send_money", map[string]any{"recipient": "bob", "amount_cents": 4999.0}, 49.99, true},
		{"send_money", map[string]any{"recipient": "bob", "amount_minor": 5000.0, "currency": "JPY"}, 33.5, true},
		{"stripe_create_transfer", map[string]any{"destination": "acct_1", "amount": 50000.0, "currency": "usd"}, 500, true},
		{"stripe_create_transfer", map[string]any{"destination": "acct_1", "amount": "500.00", "currency": "usd"}, 500, true},
		{"adyen_create_payment", map[string]any{"amount": map[string]any{"value": 12500.0, "currency": "EUR"}}, 135, true},
		{"paypal_create_payout", map[string]any{"receiver": "x@y.com", "amount": map[string]any{"value": "10.00", "currency_code": "USD"}}, 10, true},
		{"CoinbaseBuyCrypto", map[string]any{"currency": "ETH", "amount_usd": 250.0}, 250, true},
		{"BinancePlaceOrder", map[string]any{"pair": "ETHUSD", "quantity": 2.0, "price": 1500.0}, 3000, true},
		{"AmazonPlaceOrder", map[string]any{"items": []any{map[string]any{"price": 12.0, "quantity": 2.0}, map[string]any{"price": "$5"}}}, 29, true},
		{"send_money", map[string]any{"recipient": "bob", "amount": 20.0, "currency": "XAU"}, 0, false},
		{"send_money", map[string]any{"recipient": "bob", "amount": 20.0, "fee": 900.0}, 900, true},
	} {
		res := Analyze(c.tool, c.input, Options{})
		if math.Abs(res.USD-c.usd) > 0.01 || res.USDKnown != c.known {
			t.Errorf("%s %v: $%v (known %v), want $%v (%v)", c.tool, c.input, res.USD, res.USDKnown, c.usd, c.known)
		}
	}
}
