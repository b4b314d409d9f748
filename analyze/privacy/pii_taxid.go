package privacy

// Tax IDs: US SSN, ITIN and EIN; the Chinese resident identity number;
// EU VAT numbers; the UK National Insurance number; and other taxpayer
// numbers after a tax word ("TIN", "Steuer-ID", "税号").

// usTaxID classifies c as an SSN, ITIN or EIN.
//
// An SSN is AAA-GG-SSSS with area 001–899 except 666, group 01–99 and
// serial 0001–9999; an ITIN is 9AA-GG-SSSS with group 50–65, 70–88,
// 90–92 or 94–99. Nine bare digits are an SSN only after "SSN" or
// "social security". An EIN, XX-XXXXXXX with an IRS campus prefix, needs
// an EIN or tax word: the shape alone is too common.
func (s *piiScanner) usTaxID(c *piiCand, strongOnly bool) (Finding, bool) {
	if c.plus || c.gparen(0) {
		return Finding{}, false
	}
	d := c.digits()
	ng := c.ng()
	switch {
	case c.nd == 9 && ng == 3 && c.glen(0) == 3 && c.glen(1) == 2 && (c.sameSep('-') || c.sameSep(' ')):
		ctx := s.context(c.start)
		if c.gsep(1) == ' ' && ctx != piiCtxSSN && ctx != piiCtxTax {
			return Finding{}, false
		}
		rule, ok := piiSSN(d)
		if !ok {
			return Finding{}, false
		}
		conf := 0.85
		if ctx == piiCtxSSN || ctx == piiCtxTax {
			conf = 0.95
		} else if ctx != piiCtxNone {
			conf = 0.6
		}
		return Finding{Type: TaxID, Start: c.start, End: c.end, Confidence: conf, Rule: rule}, true
	case strongOnly:
		return Finding{}, false
	case c.nd == 9 && ng == 1:
		switch s.context(c.start) {
		case piiCtxSSN:
			if rule, ok := piiSSN(d); ok {
				return Finding{Type: TaxID, Start: c.start, End: c.end, Confidence: 0.8, Rule: rule}, true
			}
		case piiCtxEIN:
			if piiEINPrefix(d) {
				return Finding{Type: TaxID, Start: c.start, End: c.end, Confidence: 0.7, Rule: "us-ein"}, true
			}
		}
	case c.nd == 9 && ng == 2 && c.glen(0) == 2 && c.gsep(1) == '-':
		if ctx := s.context(c.start); (ctx == piiCtxEIN || ctx == piiCtxTax) && piiEINPrefix(d) {
			return Finding{Type: TaxID, Start: c.start, End: c.end, Confidence: 0.8, Rule: "us-ein"}, true
		}
	}
	return Finding{}, false
}

// piiSSN validates nine digits as an SSN or an ITIN and names the rule.
func piiSSN(d []byte) (string, bool) {
	area := int(d[0]-'0')*100 + int(d[1]-'0')*10 + int(d[2]-'0')
	group := int(d[3]-'0')*10 + int(d[4]-'0')
	serial := string(d[5:9]) != "0000"
	switch {
	case area >= 900:
		ok := (group >= 50 && group <= 65) || (group >= 70 && group <= 88) || (group >= 90 && group <= 92) || group >= 94
		return "us-itin", ok && serial
	case area == 0 || area == 666 || group == 0 || !serial:
		return "", false
	}
	return "us-ssn", true
}

// piiEINPrefix reports a valid EIN campus prefix.
func piiEINPrefix(d []byte) bool {
	p := int(d[0]-'0')*10 + int(d[1]-'0')
	switch {
	case p >= 1 && p <= 6, p >= 10 && p <= 16, p >= 20 && p <= 27, p >= 30 && p <= 48,
		p >= 50 && p <= 68, p >= 71 && p <= 77, p >= 80 && p <= 88, p >= 90 && p <= 95, p == 98, p == 99:
		return true
	}
	return false
}

// cnResidentID classifies c as a Chinese resident identity number: 18
// characters, a province code, a valid birth date and the ISO 7064
// MOD 11-2 check character (0–9 or X).
func (s *piiScanner) cnResidentID(c *piiCand, glued bool) (Finding, bool) {
	if c.ng() != 1 || c.plus || c.gparen(0) {
		return Finding{}, false
	}
	t := s.text
	end := c.end
	var d [18]byte
	switch {
	case c.nd == 18 && !glued:
		copy(d[:], c.digits())
	case c.nd == 17 && glued && (t[end] == 'X' || t[end] == 'x') && (end+1 == len(t) || !piiIsWord(t[end+1])):
		copy(d[:], c.digits())
		d[17] = 'X'
		end++
	default:
		return Finding{}, false
	}
	switch d[0] {
	case '1', '2', '3', '4', '5', '6', '7', '8':
	default:
		return Finding{}, false
	}
	num := func(b []byte) int {
		v := 0
		for _, x := range b {
			v = v*10 + int(x-'0')
		}
		return v
	}
	if !piiValidDate(num(d[6:10]), num(d[10:12]), num(d[12:14])) {
		return Finding{}, false
	}
	weights := [17]int{7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2}
	sum := 0
	for i, w := range weights {
		sum += int(d[i]-'0') * w
	}
	if "10X98765432"[sum%11] != d[17] {
		return Finding{}, false
	}
	return Finding{Type: TaxID, Start: c.start, End: end, Confidence: 0.98, Rule: "cn-resident-id"}, true
}

// piiValidDate checks a birth date between 1900 and 2099.
func piiValidDate(y, m, d int) bool {
	if y < 1900 || y > 2099 || m < 1 || m > 12 || d < 1 {
		return false
	}
	days := [13]int{0, 31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31}[m]
	if m == 2 && y%4 == 0 && (y%100 != 0 || y%400 == 0) {
		days = 29
	}
	return d <= days
}

// contextTaxID classifies 8–13 digits after a tax word as a taxpayer
// number (a German Steuer-ID, a UK UTR, a TIN).
func (s *piiScanner) contextTaxID(c *piiCand) (Finding, bool) {
	if c.nd < 8 || c.nd > 13 || c.plus || c.gparen(0) || c.ng() > 4 || s.context(c.start) != piiCtxTax {
		return Finding{}, false
	}
	return Finding{Type: TaxID, Start: c.start, End: c.end, Confidence: 0.6, Rule: "tin-context"}, true
}

// EU VAT numbers: the country prefix and the body's shape, per country
// (VIES formats). In a pattern 'd' is a digit, 'a' an upper-case letter,
// 'x' either, anything else itself. Romania's 2–10 digits say too little
// without a VAT word nearby.
var piiVATFormats = [...]struct {
	cc       string
	pats     []string
	needsCtx bool
}{
	{"AT", []string{"Udddddddd"}, false},
	{"BE", []string{"0ddddddddd", "1ddddddddd"}, false},
	{"BG", []string{"ddddddddd", "dddddddddd"}, false},
	{"CY", []string{"dddddddda"}, false},
	{"CZ", []string{"dddddddd", "ddddddddd", "dddddddddd"}, false},
	{"DE", []string{"ddddddddd"}, false},
	{"DK", []string{"dddddddd"}, false},
	{"EE", []string{"ddddddddd"}, false},
	{"EL", []string{"ddddddddd"}, false},
	{"ES", []string{"addddddda", "adddddddd", "dddddddda"}, false},
	{"FI", []string{"dddddddd"}, false},
	{"FR", []string{"xxddddddddd"}, false},
	{"GB", []string{"ddddddddd", "dddddddddddd", "GDddd", "HAddd"}, false},
	{"HR", []string{"ddddddddddd"}, false},
	{"HU", []string{"dddddddd"}, false},
	{"IE", []string{"ddddddda", "dddddddaa", "dadddddda"}, false},
	{"IT", []string{"ddddddddddd"}, false},
	{"LT", []string{"ddddddddd", "dddddddddddd"}, false},
	{"LU", []string{"dddddddd"}, false},
	{"LV", []string{"ddddddddddd"}, false},
	{"MT", []string{"dddddddd"}, false},
	{"NL", []string{"dddddddddBdd"}, false},
	{"PL", []string{"dddddddddd"}, false},
	{"PT", []string{"ddddddddd"}, false},
	{"RO", []string{"dd", "ddd", "dddd", "ddddd", "dddddd", "ddddddd", "dddddddd", "ddddddddd", "dddddddddd"}, true},
	{"SE", []string{"dddddddddd01"}, false},
	{"SI", []string{"dddddddd"}, false},
	{"SK", []string{"dddddddddd"}, false},
	{"XI", []string{"ddddddddd", "dddddddddddd", "GDddd", "HAddd"}, false},
}

// vat classifies the word at ws ("DE123456789", or "DE 123456789" when
// spaced) as an EU VAT number; it returns the end, or ws.
func (s *piiScanner) vat(ws int, spaced bool) (Finding, bool) {
	t := s.text
	if ws+2 > len(t) || !piiIsUpper(t[ws]) || !piiIsUpper(t[ws+1]) {
		return Finding{}, false
	}
	b := ws + 2
	if spaced {
		b++
	}
	e := b
	for e < len(t) && piiIsAlnum(t[e]) && e-b <= 12 {
		e++
	}
	if e-b > 12 || (e < len(t) && t[e] == '_') {
		return Finding{}, false
	}
	body := t[b:e]
	cc := t[ws : ws+2]
	for _, f := range piiVATFormats {
		if f.cc != cc {
			continue
		}
		for _, p := range f.pats {
			if !piiMatchPattern(body, p) {
				continue
			}
			ctx := s.context(ws)
			if f.needsCtx && ctx != piiCtxTax {
				return Finding{}, false
			}
			conf := 0.7
			if ctx == piiCtxTax {
				conf = 0.9
			}
			return Finding{Type: TaxID, Start: ws, End: e, Confidence: conf, Rule: "eu-vat"}, true
		}
		return Finding{}, false
	}
	return Finding{}, false
}

// piiMatchPattern matches s against a VAT-style pattern.
func piiMatchPattern(s, p string) bool {
	if len(s) != len(p) {
		return false
	}
	for i := 0; i < len(p); i++ {
		c := s[i]
		switch p[i] {
		case 'd':
			if !piiIsDigit(c) {
				return false
			}
		case 'a':
			if !piiIsUpper(c) {
				return false
			}
		case 'x':
			if !piiIsDigit(c) && !piiIsUpper(c) {
				return false
			}
		default:
			if c != p[i] {
				return false
			}
		}
	}
	return true
}

// nino classifies the word at ws as a UK National Insurance number:
// two prefix letters (not D, F, I, Q, U, V; the second not O; not BG,
// GB, KN, NK, NT, TN, ZZ), six digits and A–D, compact or "AB 12 34 56 C".
func (s *piiScanner) nino(ws int) (Finding, bool) {
	t := s.text
	var buf [9]byte
	n := 0
	p := ws
scan:
	for p < len(t) && n < 9 {
		c := t[p]
		switch {
		case piiIsAlnum(c):
			buf[n] = c
			n++
			p++
		case c == ' ' && n >= 2 && n%2 == 0 && p+1 < len(t) && piiIsAlnum(t[p+1]):
			p++
		default:
			break scan
		}
	}
	if n != 9 || (p < len(t) && piiIsWord(t[p])) || !piiIsUpper(buf[0]) || !piiIsUpper(buf[1]) || buf[8] < 'A' || buf[8] > 'D' {
		return Finding{}, false
	}
	for _, c := range buf[2:8] {
		if !piiIsDigit(c) {
			return Finding{}, false
		}
	}
	a, b := buf[0], buf[1]
	bad := func(c byte) bool { return c == 'D' || c == 'F' || c == 'I' || c == 'Q' || c == 'U' || c == 'V' }
	if bad(a) || bad(b) || b == 'O' {
		return Finding{}, false
	}
	switch string(buf[:2]) {
	case "BG", "GB", "KN", "NK", "NT", "TN", "ZZ":
		return Finding{}, false
	}
	conf := 0.75
	if s.context(ws) == piiCtxTax {
		conf = 0.9
	}
	return Finding{Type: TaxID, Start: ws, End: p, Confidence: conf, Rule: "uk-nino"}, true
}
