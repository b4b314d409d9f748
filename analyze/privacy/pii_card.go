package privacy

// Bank cards and bank accounts.
//
// A card number is 12–19 digits (twelve only for Maestro, in groups of
// four or after a card word), compact or in groups of 3–6 with one
// kind of separator (space or dash), that passes Luhn and starts with a
// known issuer prefix for its length. An account number has no check
// digit that all banks share, so 6–17 digits are an account number only
// right after an account word ("acct", "account number", "a/c", "账号"),
// never after a routing or sort-code word.

// card classifies c as a bank card number.
func (s *piiScanner) card(c *piiCand) (Finding, bool) {
	nd := c.nd
	if nd < 12 || nd > 19 || c.plus || c.gparen(0) {
		return Finding{}, false
	}
	ng := c.ng()
	if ng > 1 {
		if !(c.sameSep(' ') || c.sameSep('-')) || c.glen(0) != 4 {
			return Finding{}, false
		}
		for k := 1; k < ng; k++ {
			if l := c.glen(k); l < 3 || l > 6 {
				return Finding{}, false
			}
		}
	}
	d := c.digits()
	if !piiCardIssuer(d) || !piiLuhn(d) {
		return Finding{}, false
	}
	if nd == 12 && !(ng == 3 && c.glen(1) == 4 && c.glen(2) == 4) && s.context(c.start) != piiCtxCard {
		// A twelve-digit Maestro number is a card in groups of four or
		// after a card word; a bare one passes Luhn once in ten.
		return Finding{}, false
	}
	if ng == 1 && s.context(c.start) == piiCtxOther {
		return Finding{}, false // "order_id": 4532015112830366, a Luhn-valid ID by chance
	}
	conf := 0.9
	if ng > 1 || s.context(c.start) == piiCtxCard {
		conf = 0.99
	}
	return Finding{Type: Card, Start: c.start, End: c.end, Confidence: conf, Rule: "luhn"}, true
}

// piiLuhn checks the Luhn (mod 10) check digit.
func piiLuhn(d []byte) bool {
	sum := 0
	for i := len(d) - 1; i >= 0; i-- {
		v := int(d[i] - '0')
		if (len(d)-1-i)%2 == 1 {
			v *= 2
			if v > 9 {
				v -= 9
			}
		}
		sum += v
	}
	return sum%10 == 0
}

// piiCardIssuer reports whether d starts with an issuer identification
// number of a card network that issues numbers of len(d) digits.
func piiCardIssuer(d []byte) bool {
	n := len(d)
	p := func(k int) int { // the first k digits as a number
		v := 0
		for _, b := range d[:k] {
			v = v*10 + int(b-'0')
		}
		return v
	}
	p2, p3, p4, p6 := p(2), p(3), p(4), p(6)
	switch {
	case d[0] == '4': // Visa
		return n == 13 || n == 16 || n == 19
	case p2 >= 51 && p2 <= 55, p4 >= 2221 && p4 <= 2720: // Mastercard
		return n == 16
	case p2 == 34 || p2 == 37: // American Express
		return n == 15
	case p4 == 6011, p2 == 65, p3 >= 644 && p3 <= 649, p6 >= 622126 && p6 <= 622925: // Discover
		return n >= 16
	case p4 >= 3528 && p4 <= 3589: // JCB
		return n >= 16
	case p3 >= 300 && p3 <= 305, p4 == 3095, p2 == 36, p2 == 38, p2 == 39: // Diners Club
		return n >= 14
	case p2 == 62, p2 == 81: // UnionPay
		return n >= 16
	case p4 >= 2200 && p4 <= 2204: // Mir
		return n >= 16
	case p4 == 1800, p4 == 2131: // JCB's older fifteen-digit numbers
		return n == 15
	case p2 == 50, p2 >= 56 && p2 <= 58, p2 == 63, p2 == 67: // Maestro: 12–19 digits
		return n >= 12
	case p2 == 60: // RuPay
		return n >= 13
	case p4 == 9792: // Troy
		return n == 16
	}
	return false
}

// bankAccount classifies c as an account number from the word before it.
func (s *piiScanner) bankAccount(c *piiCand) (Finding, bool) {
	if c.nd < 6 || c.nd > 17 || c.plus || c.gparen(0) || c.ng() > 4 {
		return Finding{}, false
	}
	for k := 1; k < c.ng(); k++ {
		if sep := c.gsep(k); sep != '-' && sep != ' ' {
			return Finding{}, false
		}
	}
	if !piiGroupsAtLeast(c, 2) || piiLooksLikeDate(s.text, c) || s.context(c.start) != piiCtxAccount {
		return Finding{}, false
	}
	return Finding{Type: BankAccount, Start: c.start, End: c.end, Confidence: 0.7, Rule: "bank-account"}, true
}
