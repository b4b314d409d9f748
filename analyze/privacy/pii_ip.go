package privacy

import "net/netip"

// IP addresses. IPv4 is four dot-separated decimal octets (0–255, no
// leading zeros) that are not part of a longer dotted number (a version
// such as 1.2.3.4.5) nor preceded by a version word. IPv6 candidates are
// the hex-and-colon runs around a ':'; they are checked by net/netip after
// a cheap shape test, which keeps times (12:30:45), MAC addresses and
// C++ scopes (std::vector) out.

// ipv4 classifies c as an IPv4 address.
func (s *piiScanner) ipv4(c *piiCand) (Finding, bool) {
	if c.ng() != 4 || c.nd > 12 || c.plus || c.gparen(0) || !c.sameSep('.') {
		return Finding{}, false
	}
	t := s.text
	for k := 0; k < 4; k++ {
		g := c.group(t, k)
		if len(g) > 3 || (len(g) > 1 && g[0] == '0') {
			return Finding{}, false
		}
		v := 0
		for i := 0; i < len(g); i++ {
			v = v*10 + int(g[i]-'0')
		}
		if v > 255 {
			return Finding{}, false
		}
	}
	switch w := piiPrevWord(t, max(c.start-24, 0), c.start); {
	case piiEqualFold(w, "version"), piiEqualFold(w, "ver"), piiEqualFold(w, "release"), piiEqualFold(w, "build"),
		piiEqualFold(w, "firmware"), piiEqualFold(w, "v"):
		return Finding{}, false // "version 1.2.3.4"
	}
	return Finding{Type: IP, Start: c.start, End: c.end, Confidence: 0.9, Rule: "ipv4"}, true
}

// ipv6 examines the ':' at i and returns where the scan resumes.
func (s *piiScanner) ipv6(i int) int {
	t := s.text
	a := i
	for a > 0 && i-a < 40 && (piiIsHex(t[a-1]) || t[a-1] == ':') {
		a--
	}
	b := i
	for b < len(t) && b-a < 46 && (piiIsHex(t[b]) || t[b] == ':' || t[b] == '.') {
		b++
	}
	// Past the bounds, or glued to a word: not an address. Each colon
	// costs at most the bounded scans above, so resuming at the next byte
	// keeps the pass linear.
	if (a > 0 && (piiIsWord(t[a-1]) || t[a-1] == '.' || t[a-1] == ':' || t[a-1] == '-')) ||
		(b < len(t) && (piiIsWord(t[b]) || t[b] == ':' || t[b] == '.' || t[b] == '-')) {
		return i + 1
	}
	for b > i && t[b-1] == '.' {
		b-- // a full stop after the address
	}
	cand := t[a:b]
	if !piiIPv6Shape(cand) {
		return i + 1
	}
	addr, err := netip.ParseAddr(cand)
	if err != nil || !addr.Is6() {
		return i + 1
	}
	s.emit(Finding{Type: IP, Start: a, End: b, Confidence: 0.9, Rule: "ipv6"})
	return b
}

// piiIPv6Shape checks what ParseAddr would, cheaply, and rejects short
// compressed forms that are more often code than addresses ("a::b",
// "1::2"): a compressed address needs three groups or a group of four
// hex digits.
func piiIPv6Shape(c string) bool {
	colons, groups, long, double := 0, 0, false, false
	n := 0
	for i := 0; i < len(c); i++ {
		switch ch := c[i]; {
		case ch == ':':
			colons++
			if i > 0 && c[i-1] == ':' {
				if double {
					return false
				}
				double = true
			}
			n = 0
		case ch == '.':
			// An IPv4 tail: counted as two groups.
			groups++
			long = true
			for i < len(c) {
				i++
			}
		default:
			if n == 0 {
				groups++
			}
			n++
			if n > 4 {
				return false
			}
			if n == 4 {
				long = true
			}
		}
	}
	if colons < 2 || colons > 7 {
		return false
	}
	if !double {
		return colons == 7 || (colons == 6 && groups == 8)
	}
	return groups >= 3 || long
}
