package privacy

// A run is digits in groups joined by single separators: "415-555-0100",
// "+44 20 7946 0958", "(978)645-9740", "4111 1111 1111 1111",
// "192.168.1.1", "2024-01-05". Every numeric detector looks at a run, or
// at a slice of its groups, and decides from the groups' lengths, the
// separators and the digits themselves, with the context words before it
// when the shape alone is not enough.

// piiMaxGroups bounds the groups of one run; a longer run is examined in
// pieces, so the work per byte stays bounded.
const piiMaxGroups = 8

// piiMaxDigits bounds the digits kept per candidate: no detector wants
// more (an IBAN is read separately).
const piiMaxDigits = 24

type piiRun struct {
	start, end int  // bytes, start includes a leading '+' or '('
	plus       bool // led by '+'
	n          int  // groups
	gs, ge     [piiMaxGroups]int
	paren      [piiMaxGroups]bool // group written "(415)"
	sep        [piiMaxGroups]byte // separator before group k (k ≥ 1); ')' when "(978)645"
	truncated  bool               // more groups follow beyond piiMaxGroups
}

// piiCand is a slice [g0, g1) of a run's groups, with its digits.
type piiCand struct {
	r          *piiRun
	g0, g1     int
	start, end int
	d          [piiMaxDigits]byte
	nd         int // number of digits (may exceed len(d): then d is partial)
	plus       bool
}

func (c *piiCand) ng() int                      { return c.g1 - c.g0 }
func (c *piiCand) glen(k int) int               { return c.r.ge[c.g0+k] - c.r.gs[c.g0+k] }
func (c *piiCand) gsep(k int) byte              { return c.r.sep[c.g0+k] }
func (c *piiCand) gparen(k int) bool            { return c.r.paren[c.g0+k] }
func (c *piiCand) group(t string, k int) string { return t[c.r.gs[c.g0+k]:c.r.ge[c.g0+k]] }
func (c *piiCand) digits() []byte               { return c.d[:min(c.nd, piiMaxDigits)] }

// sameSep reports whether every separator inside the candidate is sep.
func (c *piiCand) sameSep(sep byte) bool {
	for k := 1; k < c.ng(); k++ {
		if c.gsep(k) != sep {
			return false
		}
	}
	return true
}

func piiMakeCand(t string, r *piiRun, g0, g1 int) piiCand {
	c := piiCand{r: r, g0: g0, g1: g1, start: r.gs[g0], end: r.ge[g1-1]}
	if g0 == 0 {
		c.start, c.plus = r.start, r.plus
	} else if r.paren[g0] {
		c.start--
	}
	if r.paren[g1-1] {
		c.end++
	}
	for k := g0; k < g1; k++ {
		for p := r.gs[k]; p < r.ge[k]; p++ {
			if c.nd < piiMaxDigits {
				c.d[c.nd] = t[p]
			}
			c.nd++
		}
	}
	return c
}

// piiParseRun reads the run whose first digit is at i.
func piiParseRun(t string, i int) piiRun {
	var r piiRun
	r.start = i
	if i > 0 && t[i-1] == '+' && (i == 1 || !piiIsWord(t[i-2])) {
		r.start, r.plus = i-1, true
	}
	p := i
	paren := false
	if i > 0 && t[i-1] == '(' && piiCloseParen(t, i) && (i == 1 || !piiIsWord(t[i-2])) {
		paren = true
		if r.start == i {
			r.start = i - 1
		}
		if i > 1 && t[i-2] == '+' && (i == 2 || !piiIsWord(t[i-3])) {
			r.start, r.plus = i-2, true
		}
	}
	var sep byte
	for {
		if r.n == piiMaxGroups {
			r.truncated = true
			break
		}
		gs := p
		for p < len(t) && piiIsDigit(t[p]) {
			p++
		}
		r.gs[r.n], r.ge[r.n], r.paren[r.n], r.sep[r.n] = gs, p, paren, sep
		r.n++
		if paren {
			p++ // ')'
		}
		r.end = p
		if p >= len(t) {
			break
		}
		c := t[p]
		switch {
		case paren && piiIsDigit(c): // "(978)645-9740"
			sep, paren = ')', false
			continue
		case paren && c == ' ' && p+1 < len(t) && piiIsDigit(t[p+1]):
			sep, paren = ' ', false
			p++
			continue
		case c == ' ' || c == '-' || c == '.' || c == '/':
			if p+1 < len(t) && piiIsDigit(t[p+1]) {
				sep, paren = c, false
				p++
				continue
			}
			if (c == ' ' || c == '-') && p+2 < len(t) && t[p+1] == '(' && piiIsDigit(t[p+2]) && piiCloseParen(t, p+2) {
				sep, paren = c, true
				p += 2
				continue
			}
		}
		break
	}
	if r.paren[r.n-1] {
		r.end = r.ge[r.n-1] + 1
	}
	return r
}

// piiCloseParen reports whether the digits at i are closed by ')'.
func piiCloseParen(t string, i int) bool {
	for i < len(t) && piiIsDigit(t[i]) {
		i++
	}
	return i < len(t) && t[i] == ')'
}

// number examines the run of digits that starts at i and returns where
// the scan resumes.
func (s *piiScanner) number(i int) int {
	t := s.text
	if i > 0 {
		p := t[i-1]
		switch {
		case piiIsLetter(p):
			// Letters glued on the left: an IBAN, a VAT or NINO number, or
			// an identifier (v2, abc123, a716).
			if end := s.alphaPrefixed(i); end > i {
				return end
			}
			return piiSkipWord(t, i)
		case p == '_':
			return piiSkipWord(t, i)
		case i > 1 && piiIsDigit(t[i-2]) && (p == '.' || p == '-' || p == '/' || p == ':' || p == ',' && piiThousands(t, i)):
			// The rest of a longer number: "1,234", "12:30", a run cut
			// after piiMaxGroups. (After a comma only three digits are:
			// "13812345678,13912345678" is a list.)
			return piiSkipRun(t, i)
		case i > 1 && p == '-' && piiIsLetter(t[i-2]):
			return piiSkipWord(t, i) // a dashed identifier: "abcd-1234", "ISO-8601"
		case i > 1 && p == ' ' && piiIsUpper(t[i-2]):
			if end := s.spacedAlphaPrefixed(i); end > i {
				return end
			}
		}
	}
	r := piiParseRun(t, i)
	whole := !r.truncated && !(i > 1 && t[i-1] == ' ' && piiIsDigit(t[i-2]))
	// A byte glued on the right: "12ms", "3rd", "0x1F", "5678abc",
	// "13812345678@qq.com". Only an extension, the X of a Chinese ID or a
	// house number such as 221B may follow.
	glued := r.end < len(t) && (piiIsWord(t[r.end]) || t[r.end] == '@' || piiHexSegmentAt(t, r.end))
	s.classifyRun(&r, whole, glued)
	if glued {
		if n := len(s.out); n > 0 && s.out[n-1].End > r.end {
			return s.out[n-1].End
		}
		return piiSkipWord(t, r.end)
	}
	if n := len(s.out); n > 0 && s.out[n-1].End > r.end {
		return s.out[n-1].End
	}
	return r.end
}

// piiSkipRun returns the end of the digits and separators at i.
func piiSkipRun(t string, i int) int {
	for i < len(t) && (piiIsDigit(t[i]) || ((t[i] == '.' || t[i] == '-' || t[i] == '/' || t[i] == ':' || t[i] == ',') && i+1 < len(t) && piiIsDigit(t[i+1]))) {
		i++
	}
	return i
}

// classifyRun tries the longest candidates first: the whole run, then
// prefixes ending at a space (strong shapes only, so "01 02 03 04 05" in
// a hex dump is not a phone number), then each space-free segment.
func (s *piiScanner) classifyRun(r *piiRun, whole, glued bool) {
	t := s.text
	// sum[k] is the number of digits in groups [0, k).
	var sum [piiMaxGroups + 1]int
	for k := 0; k < r.n; k++ {
		sum[k+1] = sum[k] + r.ge[k] - r.gs[k]
	}
	for g := 0; g < r.n; {
		next := g + 1
		for next < r.n && !piiSplits(r.sep[next]) {
			next++
		}
		found := false
		for k := r.n; k > g; k-- {
			if k < r.n && !piiSplits(r.sep[k]) {
				continue
			}
			segment := k == next
			full := g == 0 && k == r.n && whole
			// No detector takes more than 19 digits (a card), and a
			// strong shape has at least 8.
			if nd := sum[k] - sum[g]; nd > 19 || !(segment || full) && nd < 8 {
				continue
			}
			c := piiMakeCand(t, r, g, k)
			// A candidate that ends where the run ends inherits the glued byte.
			atEnd := k == r.n
			f, ok := s.classify(&c, !(segment || full), atEnd && glued)
			if ok {
				s.emit(f)
				g, found = k, true
				break
			}
		}
		if !found {
			g = next
		}
	}
}

// classify runs the numeric detectors on one candidate. strongOnly keeps
// to shapes that validate on their own (a prefix of a longer run);
// glued says a word byte follows the candidate.
func (s *piiScanner) classify(c *piiCand, strongOnly, glued bool) (Finding, bool) {
	if f, ok := s.cnResidentID(c, glued); ok {
		return f, true
	}
	if !glued {
		if f, ok := s.ipv4(c); ok {
			return f, true
		}
		if f, ok := s.card(c); ok {
			return f, true
		}
		if f, ok := s.usTaxID(c, strongOnly); ok {
			return f, true
		}
	}
	if f, ok := s.phone(c, strongOnly, glued); ok {
		return f, true
	}
	if strongOnly {
		return Finding{}, false
	}
	if glued {
		return s.address(c, true)
	}
	if f, ok := s.bankAccount(c); ok {
		return f, true
	}
	if f, ok := s.contextTaxID(c); ok {
		return f, true
	}
	return s.address(c, false)
}

// piiSplits reports a separator at which a run may hold two numbers:
// "10.0.0.1 10.0.0.2", "4111 1111 1111 1111 05/27", "10.0.0.0/8".
func piiSplits(sep byte) bool { return sep == ' ' || sep == '/' }

// piiHexSegmentAt reports "-ABCD-" or "-abcd-" at p: the number before it
// is the first part of a UUID or a similar identifier.
func piiHexSegmentAt(t string, p int) bool {
	if p+6 > len(t) || t[p] != '-' || t[p+5] != '-' {
		return false
	}
	for i := p + 1; i < p+5; i++ {
		if !piiIsHex(t[i]) {
			return false
		}
	}
	return true
}

// piiThousands reports exactly three digits at i: a thousands group.
func piiThousands(t string, i int) bool {
	return i+3 <= len(t) && piiIsDigit(t[i]) && piiIsDigit(t[i+1]) && piiIsDigit(t[i+2]) && (i+3 == len(t) || !piiIsDigit(t[i+3]))
}
