package tools

import (
	"math"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"
)

// Money in tool arguments, shell commands and HTTP bodies: an amount in any
// common notation ("$1,234.56", "1.234,56 €", "USD 500", "500 dollars",
// "€2k", "1.5M", "¥5000") and its currency, converted to US dollars with a
// small fixed table of approximate rates, because the approval guard's thresholds
// ($50, $500) are in dollars.

// usdRates are approximate US dollars per unit of each currency. They only
// need to be right within a few tens of percent: they place an amount on
// the approval guard's thresholds ($50 and $500), they do not price anything. A
// currency that is not here has no known dollar value (missing information:
// approval), except that a word the parser does not know as a currency is
// not taken for one. Stablecoins are dollars; other crypto-currencies have
// no fixed rate and are judged by their own rule (tool.payment.crypto-withdrawal)
// or as an amount of unknown value.
var usdRates = map[string]float64{
	"USD": 1, "USDT": 1, "USDC": 1, "DAI": 1, "BUSD": 1, "PYUSD": 1, "TUSD": 1,
	"EUR": 1.08, "GBP": 1.27, "CHF": 1.13, "JPY": 0.0067, "CNY": 0.14, "HKD": 0.128, "TWD": 0.031,
	"KRW": 0.00073, "SGD": 0.74, "INR": 0.012, "PKR": 0.0036, "BDT": 0.0085, "LKR": 0.0033,
	"IDR": 0.000062, "MYR": 0.22, "THB": 0.028, "VND": 0.00004, "PHP": 0.017,
	"AUD": 0.66, "NZD": 0.6, "CAD": 0.73, "MXN": 0.055, "BRL": 0.18, "ARS": 0.001, "CLP": 0.0011,
	"COP": 0.00025, "PEN": 0.27, "UYU": 0.025,
	"SEK": 0.095, "NOK": 0.093, "DKK": 0.145, "ISK": 0.0072, "PLN": 0.25, "CZK": 0.043, "HUF": 0.0027,
	"RON": 0.22, "BGN": 0.55, "RSD": 0.0092, "UAH": 0.024, "RUB": 0.011, "TRY": 0.03, "GEL": 0.37,
	"ILS": 0.27, "AED": 0.27, "SAR": 0.27, "QAR": 0.27, "KWD": 3.25, "BHD": 2.65, "OMR": 2.6, "JOD": 1.41,
	"EGP": 0.02, "MAD": 0.1, "TND": 0.32, "ZAR": 0.054, "NGN": 0.00065, "KES": 0.0077, "GHS": 0.065,
}

// cryptoCodes are currencies with no fixed rate (stablecoins are in usdRates).
var cryptoCodes = map[string]bool{"BTC": true, "XBT": true, "ETH": true, "SOL": true, "BNB": true, "XRP": true,
	"ADA": true, "DOGE": true, "DOT": true, "LTC": true, "TRX": true, "AVAX": true, "MATIC": true, "SHIB": true,
	"XMR": true, "LINK": true, "TON": true, "ATOM": true, "XLM": true, "BCH": true, "ETC": true, "ARB": true, "OP": true}

// minorExponent is how many decimals a currency's minor unit has: amounts
// in minor units (cents; Stripe's, Adyen's and Square's "amount") are
// divided by 10^exponent. Yen and won have no minor unit.
func minorExponent(code string) int {
	switch code {
	case "JPY", "KRW", "VND", "CLP", "ISK", "UGX", "XAF", "XOF", "PYG", "RWF", "KMF", "GNF", "BIF", "DJF", "MGA", "VUV", "XPF":
		return 0
	case "BHD", "KWD", "OMR", "JOD", "TND", "LYD", "IQD":
		return 3
	}
	return 2
}

// toUSD converts an amount to US dollars; ok is false when the currency
// has no rate. An empty currency is dollars.
func toUSD(amount float64, code string) (float64, bool) {
	if code == "" {
		return amount, true
	}
	r, ok := usdRates[code]
	if !ok {
		return 0, false
	}
	return amount * r, true
}

// knownCurrency reports a code the package can name: one with a rate or a
// crypto-currency.
func knownCurrency(code string) bool {
	_, ok := usdRates[code]
	return ok || cryptoCodes[code]
}

// currencySigns are the symbols written next to an amount, longest first
// where one contains another ("US$" before "$").
var currencySigns = []struct{ sign, code string }{
	{"US$", "USD"}, {"CA$", "CAD"}, {"C$", "CAD"}, {"AU$", "AUD"}, {"A$", "AUD"}, {"NZ$", "NZD"}, {"HK$", "HKD"},
	{"S$", "SGD"}, {"R$", "BRL"}, {"MX$", "MXN"}, {"NT$", "TWD"}, {"CN¥", "CNY"}, {"JP¥", "JPY"},
	{"$", "USD"}, {"€", "EUR"}, {"£", "GBP"}, {"¥", "JPY"}, {"￥", "JPY"}, {"元", "CNY"}, {"₹", "INR"}, {"₩", "KRW"},
	{"₽", "RUB"}, {"₺", "TRY"}, {"₪", "ILS"}, {"₱", "PHP"}, {"₫", "VND"}, {"฿", "THB"}, {"₦", "NGN"},
	{"₴", "UAH"}, {"zł", "PLN"}, {"Kč", "CZK"}, {"₿", "BTC"},
}

// currencyWords are currency names written after (or before) an amount.
var currencyWords = map[string]string{
	"dollar": "USD", "dollars": "USD", "bucks": "USD", "buck": "USD", "usd": "USD",
	"euro": "EUR", "euros": "EUR", "eur": "EUR", "pound": "GBP", "pounds": "GBP", "quid": "GBP", "sterling": "GBP",
	"yen": "JPY", "yuan": "CNY", "rmb": "CNY", "renminbi": "CNY", "rupee": "INR", "rupees": "INR", "rs": "INR",
	"franc": "CHF", "francs": "CHF", "won": "KRW", "peso": "MXN", "pesos": "MXN", "real": "BRL", "reais": "BRL",
	"rand": "ZAR", "lira": "TRY", "zloty": "PLN", "złoty": "PLN", "shekel": "ILS", "shekels": "ILS", "dirham": "AED",
	"dirhams": "AED", "riyal": "SAR", "riyals": "SAR", "ruble": "RUB", "rubles": "RUB", "roubles": "RUB",
	"bitcoin": "BTC", "bitcoins": "BTC", "ether": "ETH", "cent": "USD¢", "cents": "USD¢", "pence": "GBP¢", "penny": "GBP¢",
}

// thousandsDots are currencies whose writers use "." between thousands
// ("€1.234" is twelve hundred euros, "$1.234" one dollar and a quarter).
var thousandsDots = map[string]bool{"EUR": true, "BRL": true, "ARS": true, "CLP": true, "COP": true, "IDR": true,
	"TRY": true, "VND": true, "DKK": true, "ISK": true, "RSD": true, "UYU": true}

// money is an amount read from text.
type money struct {
	amount   float64 // in major units of cur
	cur      string  // ISO code, "" when none is written
	minor    bool    // written in minor units ("50 cents")
	multiple bool    // a k/M/bn suffix was applied
}

// maxMoneyText bounds the text a money parse reads.
const maxMoneyText = 256

// parseMoney reads an amount in text such as "$1,200.50", "1.234,56 €",
// "USD 500", "500 dollars", "€2k", "1.5M", "1'234.50 CHF" or "0.5 BTC": the
// first number, its separators read as thousands or decimals, a k/M/bn
// multiplier, and a currency sign, code or word next to it. It returns the
// amount in major units.
func parseMoney(s string) (float64, string, bool) {
	m, ok := readMoney(s)
	if !ok {
		return 0, "", false
	}
	return m.amount, m.cur, true
}

func readMoney(s string) (money, bool) {
	if len(s) > maxMoneyText {
		s = s[:maxMoneyText]
	}
	start := -1
	for i := 0; i < len(s); i++ {
		if c := s[i]; c >= '0' && c <= '9' {
			start = i
			break
		}
	}
	if start < 0 {
		return money{}, false
	}
	// A fraction written ".5" starts at its dot.
	if start > 0 && s[start-1] == '.' {
		start--
	}
	f, end, ok := readNumber(s, start)
	if !ok {
		return money{}, false
	}
	m := money{amount: math.Abs(f)}
	before, after := s[:start], s[end:]
	// A multiplier right after the number: 2k, 1.5M, 3bn, 2 million.
	after, mult := multiplier(after)
	if mult > 1 {
		m.amount *= mult
		m.multiple = true
	}
	m.cur = currencyNear(before, after)
	if strings.HasSuffix(m.cur, "¢") {
		m.cur, m.minor = strings.TrimSuffix(m.cur, "¢"), true
		m.amount /= 100
	}
	// "1.234 €": a lone dot before exactly three digits separates thousands
	// in the currencies written that way.
	if thousandsDots[m.cur] && !m.multiple {
		if v, ok := dotThousands(s[start:end]); ok {
			m.amount = v
		}
	}
	if math.IsInf(m.amount, 0) || math.IsNaN(m.amount) {
		return money{}, false
	}
	return m, true
}

// readNumber reads the number at s[i:]: digits with ",", ".", "'", a space
// or a thin space between groups. The last separator followed by one or two
// digits (or by three when the other separator came before it) is the
// decimal point. It returns the value and where the number ends.
func readNumber(s string, i int) (float64, int, bool) {
	var digits strings.Builder
	var seps [8]numSep
	n := 0
	end := i
	for j := i; j < len(s); {
		c := s[j]
		switch {
		case c >= '0' && c <= '9':
			digits.WriteByte(c)
			if n > 0 {
				seps[n-1].size++
			}
			j++
			end = j
			continue
		case c == ',' || c == '.' || c == '\'':
			if j+1 < len(s) && s[j+1] >= '0' && s[j+1] <= '9' && n < len(seps) && (digits.Len() > 0 || c == '.') {
				seps[n] = numSep{pos: digits.Len(), c: c}
				n++
				j++
				continue
			}
		case c == ' ' || strings.HasPrefix(s[j:], "\u00a0") || strings.HasPrefix(s[j:], "\u202f") || strings.HasPrefix(s[j:], "\u2009"):
			// A space separates thousands only between a group of one to
			// three digits and a group of exactly three: "1 234,56".
			w := 1
			if c != ' ' {
				_, w = utf8.DecodeRuneInString(s[j:])
			}
			k := j + w
			if digits.Len() > 0 && n < len(seps) && k+3 <= len(s) && allDigits(s[k:k+3]) && (k+3 == len(s) || !isDigit(s[k+3])) && groupLen(seps[:n], digits.Len()) <= 3 {
				seps[n] = numSep{pos: digits.Len(), c: ' '}
				n++
				j = k
				continue
			}
		}
		break
	}
	d := digits.String()
	if d == "" {
		return 0, end, false
	}
	// Decide which separator, if any, is the decimal point.
	dec := -1
	if n > 0 {
		last := seps[n-1]
		switch {
		case last.c == ' ' || last.c == '\'':
		case last.size != 3:
			dec = n - 1 // "1,5", "12.50", "1.234,56"
		case n >= 2 && seps[n-2].c != last.c && seps[n-2].c != ' ' && seps[n-2].c != '\'':
			dec = n - 1 // "1,234.567"? the other separator came first: decimals
		case n >= 2:
			// "1,234,567" or "1.234.567": thousands.
		case last.c == '.':
			dec = n - 1 // "1.234": read as a decimal point here; see dotThousands
		}
	}
	num := d
	if dec >= 0 {
		p := seps[dec].pos
		num = d[:p] + "." + d[p:]
	}
	f, err := strconv.ParseFloat(num, 64)
	if err != nil || math.IsInf(f, 0) {
		return 0, end, false
	}
	return f, end, true
}

// numSep is a separator inside a number.
type numSep struct {
	pos  int // index in the digits where the group after it starts
	c    byte
	size int // digits after it
}

// groupLen is the number of digits in the current group.
func groupLen(seps []numSep, total int) int {
	if len(seps) == 0 {
		return total
	}
	return seps[len(seps)-1].size
}

// dotThousands reads "1.234" as 1234: one dot followed by exactly three
// digits and nothing else.
func dotThousands(num string) (float64, bool) {
	i := strings.IndexByte(num, '.')
	if i <= 0 || num[0] == '0' || strings.Count(num, ".") != 1 || len(num)-i-1 != 3 || strings.ContainsAny(num, ", '") {
		return 0, false
	}
	f, err := strconv.ParseFloat(num[:i]+num[i+1:], 64)
	return f, err == nil
}

func allDigits(s string) bool {
	for i := 0; i < len(s); i++ {
		if !isDigit(s[i]) {
			return false
		}
	}
	return s != ""
}

func isDigit(c byte) bool { return c >= '0' && c <= '9' }

// multiplier reads a k/M/bn suffix (or the word) right after a number and
// returns what follows it.
func multiplier(after string) (string, float64) {
	t := strings.TrimLeft(after, " ")
	w := leadingLetters(t)
	var m float64
	switch strings.ToLower(w) {
	case "k", "thousand", "grand":
		m = 1e3
	case "m", "mm", "mn", "mio", "million", "millions":
		m = 1e6
	case "b", "bn", "billion", "billions":
		m = 1e9
	default:
		return after, 1
	}
	// A single letter must touch the number ("2k", not "2 k…").
	if len(w) == 1 && len(t) != len(after) {
		return after, 1
	}
	return t[len(w):], m
}

func leadingLetters(s string) string {
	for i, r := range s {
		if !unicode.IsLetter(r) {
			return s[:i]
		}
	}
	return s
}

func trailingLetters(s string) string {
	i := len(s)
	for i > 0 {
		r, w := utf8.DecodeLastRuneInString(s[:i])
		if !unicode.IsLetter(r) {
			break
		}
		i -= w
	}
	return s[i:]
}

// currencyNear finds the currency written next to a number: a sign or a
// known code or word just before it or just after it.
func currencyNear(before, after string) string {
	b := strings.TrimRight(before, " \u00a0+-")
	a := strings.TrimLeft(after, " \u00a0.")
	for _, cs := range currencySigns {
		if strings.HasSuffix(b, cs.sign) || strings.HasPrefix(a, cs.sign) {
			return cs.code
		}
	}
	if c := currencyWord(leadingLetters(a)); c != "" {
		return c
	}
	// Before a number only a code counts ("USD 500", "Rs 500"): "I won 500"
	// names no currency.
	if w := trailingLetters(b); len(w) == 3 || strings.EqualFold(w, "rs") || strings.EqualFold(w, "usdt") || strings.EqualFold(w, "usdc") {
		if c := currencyWord(w); c != "" && !strings.HasSuffix(c, "¢") && (strings.ToUpper(w) == c || strings.EqualFold(w, "rs")) {
			return c
		}
	}
	return ""
}

// currencyWord returns the code of a currency code or name, or "".
func currencyWord(w string) string {
	if w == "" || len(w) > 10 {
		return ""
	}
	if c, ok := currencyWords[strings.ToLower(w)]; ok {
		return c
	}
	up := strings.ToUpper(w)
	if knownCurrency(up) {
		return up
	}
	return ""
}

// currencyOf reads a currency argument ("usd", "EUR", "€") or a trading
// pair ("BTCUSD", "ETH/USDT", "BTC-EUR": the quote currency, which prices
// are in). It returns the upper-case code as written when it knows none.
func currencyOf(v string) string {
	t := strings.TrimSpace(v)
	for _, cs := range currencySigns {
		if t == cs.sign {
			return cs.code
		}
	}
	if c := currencyWord(t); c != "" {
		return strings.TrimSuffix(c, "¢")
	}
	up := strings.ToUpper(t)
	if i := strings.IndexAny(up, "/-_:"); i > 0 {
		if q := up[i+1:]; knownCurrency(q) {
			return q
		}
	}
	for _, q := range []string{"USDT", "USDC", "USD", "EUR", "GBP", "BTC", "ETH"} {
		if len(up) > len(q) && strings.HasSuffix(up, q) && knownCurrency(up[:len(up)-len(q)]) {
			return q
		}
	}
	return up
}

// formatMoney writes an amount for a person: "$1,234.56", "€800.00 (about
// $864)", "0.5 BTC".
func formatMoney(amount float64, code string, usd float64, usdKnown bool) string {
	sym := ""
	switch code {
	case "", "USD":
		return "$" + grouped(amount)
	case "EUR":
		sym = "€"
	case "GBP":
		sym = "£"
	case "JPY":
		sym = "¥"
	}
	var s string
	if sym != "" {
		s = sym + grouped(amount)
	} else {
		s = grouped(amount) + " " + code
	}
	if usdKnown && code != "USDT" && code != "USDC" {
		s += " (about $" + strings.TrimSuffix(grouped(math.Round(usd)), ".00") + ")"
	}
	return s
}

// grouped writes a number with thousands commas and two decimals:
// 1234.5 → "1,234.50".
func grouped(f float64) string {
	if f >= 1e15 {
		return strconv.FormatFloat(f, 'g', 4, 64)
	}
	return Thousands(strconv.FormatFloat(f, 'f', 2, 64))
}

// Thousands puts commas in the integer part of a decimal number written
// with digits and an optional "." fraction: "1234.50" → "1,234.50".
func Thousands(s string) string {
	intPart, frac, dot := strings.Cut(s, ".")
	var b strings.Builder
	for i, c := range intPart {
		if i > 0 && (len(intPart)-i)%3 == 0 {
			b.WriteByte(',')
		}
		b.WriteRune(c)
	}
	if dot {
		b.WriteString("." + frac)
	}
	return b.String()
}
