package privacy

import (
	"errors"

	"github.com/jacoelho/banking/iban"
)

// IBANs, and the other numbers that start with letters (VAT, NINO).
//
// An IBAN is a country code, two check digits and the BBAN, compact
// ("GB29NWBK60161331926819") or in groups of four ("GB29 NWBK 6016 1331
// 9268 19"), in either case. It is validated by
// github.com/jacoelho/banking/iban: the country's length and BBAN
// structure, then mod 97. That package's data is static (no work at
// init), which matters to the hook binary that starts on every call.

// alphaPrefixed examines a word whose digits, at i, follow letters: an
// IBAN, a VAT or a NINO number. It returns where the scan resumes, or i.
func (s *piiScanner) alphaPrefixed(i int) int {
	t := s.text
	ws := i
	for ws > 0 && i-ws < 5 && piiIsLetter(t[ws-1]) {
		ws--
	}
	if ws > 0 && (piiIsWord(t[ws-1]) || t[ws-1] == '-' || t[ws-1] == '.') {
		return i // inside a longer identifier
	}
	if i-ws == 2 {
		if f, ok := s.iban(ws); ok {
			s.emit(f)
			return f.End
		}
	}
	if i-ws >= 2 && i-ws <= 4 {
		if f, ok := s.vat(ws, false); ok {
			s.emit(f)
			return f.End
		}
	}
	if i-ws == 2 {
		if f, ok := s.nino(ws); ok {
			s.emit(f)
			return f.End
		}
	}
	return i
}

// spacedAlphaPrefixed examines "DE 123456789" and "AB 12 34 56 C": digits
// at i after two capitals and a space. It returns the end, or i.
func (s *piiScanner) spacedAlphaPrefixed(i int) int {
	t := s.text
	ws := i - 3
	if ws < 0 || !piiIsUpper(t[ws]) || !piiIsUpper(t[ws+1]) || (ws > 0 && (piiIsWord(t[ws-1]) || t[ws-1] == '-')) {
		return i
	}
	if f, ok := s.vat(ws, true); ok {
		s.emit(f)
		return f.End
	}
	if f, ok := s.nino(ws); ok {
		s.emit(f)
		return f.End
	}
	return i
}

// iban classifies the word at ws as an IBAN.
func (s *piiScanner) iban(ws int) (Finding, bool) {
	t := s.text
	if ws+4 > len(t) || !piiIsLetter(t[ws]) || !piiIsLetter(t[ws+1]) || !piiIsDigit(t[ws+2]) || !piiIsDigit(t[ws+3]) {
		return Finding{}, false
	}
	var buf [40]byte
	n := 0
	for p := ws; p < ws+4; p++ {
		buf[n] = piiUpper(t[p])
		n++
	}
	p := ws + 4
	// cuts are the ends (in buf and in text) of each group of four, for
	// a grouped IBAN followed by more text.
	var cutN, cutP [10]int
	cuts := 0
	if p < len(t) && t[p] == ' ' {
		for cuts < len(cutN) && p+1 < len(t) && t[p] == ' ' && piiIsAlnum(t[p+1]) {
			q := p + 1
			for q < len(t) && q-(p+1) < 5 && piiIsAlnum(t[q]) {
				q++
			}
			gl := q - (p + 1)
			if gl > 4 || n+gl > 34 {
				break
			}
			for j := p + 1; j < q; j++ {
				buf[n] = piiUpper(t[j])
				n++
			}
			p = q
			cutN[cuts], cutP[cuts] = n, p
			cuts++
			if gl < 4 {
				break // a short group ends the IBAN
			}
		}
	} else {
		for p < len(t) && piiIsAlnum(t[p]) && n < 34 {
			buf[n] = piiUpper(t[p])
			n++
			p++
		}
		cutN[0], cutP[0] = n, p
		cuts = 1
	}
	if n < 15 || cuts == 0 {
		return Finding{}, false
	}
	for k := cuts - 1; k >= 0; {
		if e := cutP[k]; e < len(t) && piiIsWord(t[e]) {
			if cuts == 1 {
				return Finding{}, false // a longer word
			}
			k--
			continue
		}
		if !piiMod97(buf[:cutN[k]]) {
			// Checked first because it allocates nothing; Validate then
			// checks the country's length and BBAN structure.
			if k == cuts-1 && cuts > 1 {
				k-- // "… 7034 to": the word after may have been read as a group
				continue
			}
			return Finding{}, false
		}
		err := iban.Validate(string(buf[:cutN[k]]))
		if err == nil {
			return Finding{Type: IBAN, Start: ws, End: cutP[k], Confidence: 0.98, Rule: "iban"}, true
		}
		var ve *iban.ValidationError
		if !errors.As(err, &ve) || ve.Reason != iban.ReasonInvalidLength || ve.ExpectedLength >= cutN[k] {
			return Finding{}, false
		}
		// Too long: an IBAN of the expected length may end at an earlier
		// group ("… 7034 to").
		j := k - 1
		for j >= 0 && cutN[j] > ve.ExpectedLength {
			j--
		}
		if j < 0 || cutN[j] != ve.ExpectedLength {
			return Finding{}, false
		}
		k = j
	}
	return Finding{}, false
}

// piiMod97 checks the IBAN check digits (ISO 7064 mod 97-10) of an
// upper-case compact IBAN.
func piiMod97(b []byte) bool {
	if len(b) < 5 {
		return false
	}
	r := 0
	add := func(c byte) bool {
		switch {
		case piiIsDigit(c):
			r = (r*10 + int(c-'0')) % 97
		case piiIsUpper(c):
			r = (r*100 + int(c-'A') + 10) % 97
		default:
			return false
		}
		return true
	}
	for _, c := range b[4:] {
		if !add(c) {
			return false
		}
	}
	for _, c := range b[:4] {
		if !add(c) {
			return false
		}
	}
	return r == 1
}

func piiUpper(c byte) byte {
	if c >= 'a' && c <= 'z' {
		return c - ('a' - 'A')
	}
	return c
}
