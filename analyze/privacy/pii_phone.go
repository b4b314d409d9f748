package privacy

// Phone numbers. A shape that validates on its own is accepted anywhere:
//
//   - "+CC …" with a valid ITU calling code and 8–15 digits (E.164),
//     "00CC …" likewise when grouped;
//   - a Chinese mobile, 1[3-9] and 11 digits, compact or 3-4-4;
//   - a North American number, (NXX) NXX-XXXX, NXX-NXX-XXXX, NXX.NXX.XXXX;
//   - a national number with a trunk 0 in three or more groups
//     ("020 7946 0958", "01 23 45 67 89") or a parenthesised area code
//     ("(03) 5327 5996").
//
// Any other run of 6–15 digits in phone-like groups is a phone number
// only next to a phone word ("call 785 8949", "92 34 70 office"). Dates,
// times, decimals, money, SSN-shaped numbers and card numbers are not.

// phone classifies c as a phone number.
func (s *piiScanner) phone(c *piiCand, strongOnly, glued bool) (Finding, bool) {
	t := s.text
	nd := c.nd
	if nd < 6 || nd > 17 {
		return Finding{}, false
	}
	end := c.end
	if glued || (end < len(t) && (t[end] == 'x' || t[end] == 'X' || t[end] == 'e' || t[end] == ' ')) {
		if e, ok := piiExtension(t, end); ok {
			end = e
		} else if glued {
			return Finding{}, false
		}
	}
	if end == c.end && end+1 < len(t) && t[end] == ':' && piiIsDigit(t[end+1]) {
		return Finding{}, false // a time: "18:43"
	}
	if end < len(t) && t[end] == '%' || piiMoneyBefore(t, c.start) || piiLooksLikeDate(t, c) {
		return Finding{}, false
	}
	ng := c.ng()
	if ng == 2 && c.gsep(1) == '.' {
		return Finding{}, false // a decimal
	}
	for k := 1; k < ng; k++ {
		if c.gsep(k) == '/' {
			return Finding{}, false // fractions and dates, not phones
		}
	}
	d := c.digits()
	rule, conf := "", 0.0
	needCtx := false
	switch {
	case c.plus:
		cc := piiCallingCode(d)
		if cc == 0 || nd > 15 || nd < 8 || c.glen(0) < cc {
			return Finding{}, false
		}
		nat := d[cc:]
		switch {
		case cc == 2 && d[0] == '8' && d[1] == '6' && piiCNMobile(nat):
			rule, conf = "phone-cn-mobile", 0.95
		case cc == 1:
			if len(nat) != 10 {
				return Finding{}, false
			}
			rule, conf, needCtx = "phone-e164", 0.9, !piiNANPValid(nat)
		default:
			rule, conf = "phone-e164", 0.9
		}
	case nd >= 10 && d[0] == '0' && d[1] == '0' && ng >= 2 && !c.gparen(0):
		cc := piiCallingCode(d[2:])
		if cc == 0 || c.glen(0) != 2+cc || nd-2-cc < 6 || nd-2 > 15 {
			return Finding{}, false
		}
		nat := d[2+cc:]
		rule, conf = "phone-e164", 0.75
		needCtx = ng < 3 || (cc == 1 && (len(nat) != 10 || !piiNANPValid(nat)))
	case piiCNMobile(d) && (ng == 1 || (ng == 3 && c.glen(0) == 3 && c.glen(1) == 4 && c.glen(2) == 4 && (c.sameSep(' ') || c.sameSep('-')))):
		rule, conf = "phone-cn-mobile", 0.9
	case nd == 13 && d[0] == '8' && d[1] == '6' && c.glen(0) == 2 && piiCNMobile(d[2:]):
		rule, conf = "phone-cn-mobile", 0.8
	case piiNANPShape(t, c):
		nat := d
		if nd == 11 {
			nat = d[1:]
		}
		rule, conf, needCtx = "phone-nanp", 0.85, !piiNANPValid(nat)
		if c.sameSep(' ') && !c.gparen(0) {
			conf = 0.7
			needCtx = needCtx || strongOnly
		}
	case !strongOnly && d[0] == '0' && d[1] != '0' && nd >= 9 && nd <= 11 && c.glen(0) >= 2 && c.glen(0) <= 5 &&
		(ng >= 3 || (ng == 2 && c.gparen(0))) && piiGroupsAtLeast(c, 2) && !piiSSNShape(c):
		rule, conf = "phone-national", 0.7
	case !strongOnly && c.gparen(0) && c.glen(0) >= 2 && c.glen(0) <= 4 && ng >= 2 && nd >= 8 && nd <= 12 && piiGroupsAtLeast(c, 3):
		rule, conf = "phone-national", 0.6
	default:
		needCtx = true
	}
	if needCtx {
		if strongOnly || nd > 15 || !piiPhoneGroups(c) {
			return Finding{}, false
		}
		if s.context(c.start) != piiCtxPhone && !piiPhoneWordAfter(t, end) {
			return Finding{}, false
		}
		if _, ok := s.addressNumberFirst(c.start, end, 0); ok {
			return Finding{}, false // "call a taxi to 03 2657 Koontz Lane"
		}
		if rule == "" {
			rule = "phone-context"
		}
		return Finding{Type: Phone, Start: c.start, End: end, Confidence: 0.6, Rule: rule}, true
	}
	switch s.context(c.start) {
	case piiCtxPhone:
		conf = min(conf+0.05, 0.99)
	case piiCtxOther:
		if !c.plus && !piiPhoneWordAfter(t, end) {
			return Finding{}, false
		}
	}
	return Finding{Type: Phone, Start: c.start, End: end, Confidence: conf, Rule: rule}, true
}

// piiPhoneGroups reports whether c is grouped like a phone number: one
// group of 7–15 digits, or up to six groups of two or more digits where
// no SSN shape hides.
func piiPhoneGroups(c *piiCand) bool {
	ng := c.ng()
	if ng == 1 {
		return c.nd >= 7
	}
	if ng > 6 || piiSSNShape(c) {
		return false
	}
	return piiGroupsAtLeast(c, 2)
}

func piiGroupsAtLeast(c *piiCand, n int) bool {
	for k := 0; k < c.ng(); k++ {
		if c.glen(k) < n && !(k == 0 && c.plus) {
			return false
		}
	}
	return true
}

// piiSSNShape reports the AAA-GG-SSSS shape.
func piiSSNShape(c *piiCand) bool {
	return c.ng() == 3 && c.glen(0) == 3 && c.glen(1) == 2 && c.glen(2) == 4 && c.sameSep('-')
}

// piiNANPShape reports (NXX) NXX-XXXX and its variants, with an optional
// leading 1.
func piiNANPShape(t string, c *piiCand) bool {
	g := 0
	ng := c.ng()
	if ng == 4 && c.glen(0) == 1 && c.d[0] == '1' {
		g = 1
	}
	if ng-g != 3 || c.glen(g) != 3 || c.glen(g+1) != 3 || c.glen(g+2) != 4 {
		return false
	}
	s1, s2 := c.gsep(g+1), c.gsep(g+2)
	if c.gparen(g) {
		return (s1 == ')' || s1 == ' ') && (s2 == '-' || s2 == ' ' || s2 == '.')
	}
	return s1 == s2 && (s1 == '-' || s1 == '.' || s1 == ' ')
}

// piiNANPValid checks a ten-digit North American number: area code and
// exchange start with 2–9 and the area code is not a service code (N11).
func piiNANPValid(d []byte) bool {
	if len(d) != 10 || d[0] < '2' || d[3] < '2' {
		return false
	}
	return !(d[1] == '1' && d[2] == '1') && !(d[4] == '1' && d[5] == '1')
}

// piiCNMobile reports an 11-digit mainland China mobile number.
func piiCNMobile(d []byte) bool {
	return len(d) == 11 && d[0] == '1' && d[1] >= '3' && d[1] <= '9'
}

// piiExtension reads an extension after a phone number: "x818",
// " x 123", " ext. 123", "ext123".
func piiExtension(t string, p int) (int, bool) {
	q := p
	if q < len(t) && t[q] == ' ' {
		q++
	}
	switch {
	case q < len(t) && (t[q] == 'x' || t[q] == 'X'):
		q++
	case piiHasPrefixFold(t[q:], "ext"):
		q += 3
		if q < len(t) && t[q] == '.' {
			q++
		}
	default:
		return p, false
	}
	if q < len(t) && t[q] == ' ' {
		q++
	}
	e := q
	for e < len(t) && piiIsDigit(t[e]) && e-q <= 6 {
		e++
	}
	if e == q || e-q > 6 || (e < len(t) && piiIsWord(t[e])) {
		return p, false
	}
	return e, true
}

// piiMoneyBefore reports a currency sign or code just before p: "$1 234 567".
func piiMoneyBefore(t string, p int) bool {
	q := p
	if q > 0 && t[q-1] == ' ' {
		q--
	}
	if q == 0 {
		return false
	}
	switch t[q-1] {
	case '$', '#':
		return true
	case 0xA3, 0xA5: // £ ¥ (second byte of C2 A3 / C2 A5)
		return q >= 2 && t[q-2] == 0xC2
	case 0xAC, 0xB9: // € ₹ (E2 82 AC / E2 82 B9)
		return q >= 3 && t[q-3] == 0xE2 && t[q-2] == 0x82
	}
	return false
}

// piiLooksLikeDate reports dates and year ranges: 2024-01-05, 05.01.2024,
// 1/5/24, 12/2024, 2019-2020.
func piiLooksLikeDate(t string, c *piiCand) bool {
	ng := c.ng()
	if ng < 2 || ng > 3 || c.gparen(0) || c.plus {
		return false
	}
	sep := c.gsep(1)
	if ng == 3 && c.gsep(2) != sep {
		return false
	}
	if sep != '-' && sep != '.' && sep != '/' && !(sep == ' ' && ng == 3) {
		return false
	}
	v := func(k int) int {
		n := 0
		for _, b := range c.group(t, k) {
			n = n*10 + int(b-'0')
		}
		return n
	}
	l0, l1 := c.glen(0), c.glen(1)
	if ng == 2 {
		switch {
		case l0 == 4 && l1 == 4: // 2019-2020
			return v(0) >= 1900 && v(0) <= 2100 && v(1) >= 1900 && v(1) <= 2100
		case l0 <= 2 && l1 == 4: // 12/2024
			return v(0) >= 1 && v(0) <= 12 && v(1) >= 1900 && v(1) <= 2100
		case l0 == 4 && l1 <= 2: // 2024-12
			return v(0) >= 1900 && v(0) <= 2100 && v(1) >= 1 && v(1) <= 12
		}
		return false
	}
	l2 := c.glen(2)
	switch {
	case l0 == 4 && l1 <= 2 && l2 <= 2:
		return v(1) >= 1 && v(1) <= 12 && v(2) >= 1 && v(2) <= 31
	case l0 <= 2 && l1 <= 2 && (l2 == 2 || l2 == 4):
		a, b := v(0), v(1)
		return a >= 1 && b >= 1 && a <= 31 && b <= 31 && (a <= 12 || b <= 12)
	}
	return false
}

// piiCallingCode returns the length of the ITU country calling code that
// starts d, or 0. Calling codes form a prefix code, so at most one length
// matches.
func piiCallingCode(d []byte) int {
	if len(d) < 3 {
		return 0
	}
	a, b, c := d[0]-'0', d[1]-'0', d[2]-'0'
	switch a {
	case 1, 7:
		return 1
	case 0:
		return 0
	}
	two := int(a)*10 + int(b)
	switch two {
	case 20, 27, 30, 31, 32, 33, 34, 36, 39, 40, 41, 43, 44, 45, 46, 47, 48, 49,
		51, 52, 53, 54, 55, 56, 57, 58, 60, 61, 62, 63, 64, 65, 66,
		81, 82, 84, 86, 90, 91, 92, 93, 94, 95, 98:
		return 2
	}
	three := two*10 + int(c)
	if piiCallingCode3[three/64]&(1<<(three%64)) != 0 {
		return 3
	}
	return 0
}

// piiCallingCode3 is the set of assigned three-digit calling codes, as a
// bitmap over 0–999.
var piiCallingCode3 = func() (m [16]uint64) {
	for _, r := range [][2]int{
		{211, 212}, {212, 213}, {213, 214}, {216, 217}, {218, 219},
		{220, 232}, {232, 240}, {240, 250}, {250, 259}, {260, 270},
		{290, 292}, {297, 300},
		{350, 360}, {370, 379}, {380, 384}, {385, 388}, {389, 390},
		{420, 422}, {423, 424},
		{500, 510}, {590, 600},
		{670, 671}, {672, 684}, {685, 693},
		{850, 851}, {852, 854}, {855, 857}, {880, 881}, {886, 887},
		{960, 969}, {970, 978}, {992, 997}, {998, 999},
	} {
		for v := r[0]; v < r[1]; v++ {
			m[v/64] |= 1 << (v % 64)
		}
	}
	return m
}()
