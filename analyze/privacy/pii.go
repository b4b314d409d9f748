package privacy

import "slices"

// Personal-data detection is one pass over the text. Most bytes are
// letters and are skipped through a table; only three kinds of byte are
// anchors: a digit (phone, card, account, IBAN, IPv4, tax ID, street
// number), '@' (e-mail) and ':' (IPv6). Each anchor is validated in a
// small window around it and the pass resumes after what it consumed, so
// the work is linear in the text and nothing is allocated per byte.
//
// The detectors live in pii_*.go, one family per file; the masked forms
// are in pii_mask.go.

// detectPII finds personal data (phone numbers, e-mail and IP addresses,
// card and account numbers, IBANs, home addresses, tax IDs). The findings
// are sorted and do not overlap.
func detectPII(text string) []Finding {
	s := piiScanner{text: text}
	for i := 0; i < len(text); {
		switch piiAnchor[text[i]] {
		case 0:
			i++
		case piiAnchorDigit:
			i = s.number(i)
		case piiAnchorAt:
			i = s.email(i)
		case piiAnchorColon:
			i = s.ipv6(i)
		}
	}
	if !slices.IsSortedFunc(s.out, func(a, b Finding) int { return a.Start - b.Start }) {
		slices.SortFunc(s.out, func(a, b Finding) int { return a.Start - b.Start })
	}
	return s.out
}

// piiScanner is the state of one detectPII pass.
type piiScanner struct {
	text string
	out  []Finding
	// The context before the last number examined, cached because one
	// run of digits is classified several ways.
	ctxPos int
	ctx    piiCtx
	ctxOK  bool
}

// emit records a finding. A finding that overlaps earlier ones replaces
// them when it is longer (an e-mail whose local part is a phone number)
// and is dropped otherwise.
func (s *piiScanner) emit(f Finding) {
	for len(s.out) > 0 {
		last := s.out[len(s.out)-1]
		if last.End <= f.Start || f.End <= last.Start {
			break
		}
		if last.End-last.Start >= f.End-f.Start {
			return
		}
		s.out = s.out[:len(s.out)-1]
	}
	s.out = append(s.out, f)
}

// context returns the nearest keyword before pos on its line (cached).
func (s *piiScanner) context(pos int) piiCtx {
	if !s.ctxOK || s.ctxPos != pos {
		s.ctx, s.ctxPos, s.ctxOK = piiContextBefore(s.text, pos), pos, true
	}
	return s.ctx
}

const (
	piiAnchorDigit = 1 + iota
	piiAnchorAt
	piiAnchorColon
)

// piiAnchor classifies the bytes that can start a detection.
var piiAnchor = [256]uint8{
	'0': piiAnchorDigit, '1': piiAnchorDigit, '2': piiAnchorDigit, '3': piiAnchorDigit, '4': piiAnchorDigit,
	'5': piiAnchorDigit, '6': piiAnchorDigit, '7': piiAnchorDigit, '8': piiAnchorDigit, '9': piiAnchorDigit,
	'@': piiAnchorAt,
	':': piiAnchorColon,
}

func piiIsDigit(c byte) bool  { return c >= '0' && c <= '9' }
func piiIsLetter(c byte) bool { return c|0x20 >= 'a' && c|0x20 <= 'z' }
func piiIsUpper(c byte) bool  { return c >= 'A' && c <= 'Z' }
func piiIsAlnum(c byte) bool  { return piiIsDigit(c) || piiIsLetter(c) }
func piiIsHex(c byte) bool    { return piiIsDigit(c) || (c|0x20 >= 'a' && c|0x20 <= 'f') }

// piiIsWord reports whether c belongs to an ASCII word (letters, digits,
// '_'): a number glued to such a byte is part of an identifier.
func piiIsWord(c byte) bool { return piiIsAlnum(c) || c == '_' }

func piiLower(c byte) byte {
	if piiIsUpper(c) {
		return c + 'a' - 'A'
	}
	return c
}

// piiSkipWord returns the end of the ASCII word that contains i.
func piiSkipWord(t string, i int) int {
	for i < len(t) && piiIsWord(t[i]) {
		i++
	}
	return i
}

// piiEqualFold reports whether s equals the lower-case ASCII word w,
// ignoring case.
func piiEqualFold(s, w string) bool {
	if len(s) != len(w) {
		return false
	}
	for i := 0; i < len(s); i++ {
		if piiLower(s[i]) != w[i] {
			return false
		}
	}
	return true
}

// piiHasPrefixFold reports whether s starts with the lower-case word w,
// ignoring case.
func piiHasPrefixFold(s, w string) bool {
	return len(s) >= len(w) && piiEqualFold(s[:len(w)], w)
}

// piiHasSuffixFold reports whether s ends with the lower-case text w,
// ignoring ASCII case.
func piiHasSuffixFold(s, w string) bool {
	return len(s) >= len(w) && piiEqualFold(s[len(s)-len(w):], w)
}
