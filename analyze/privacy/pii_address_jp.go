package privacy

// Japanese addresses in the Latin alphabet. The house is a block number
// in two or three parts ("1-1", "2-8-1"); the district and the city
// come after it, small to large, or before it, large to small, and a
// ward, city or prefecture is named by its suffix (-ku, -shi, -cho,
// -machi, -gun, -ken, -to, -fu):
//
//	2-8-1 Nishi-Shinjuku, Shinjuku-ku, Tokyo 163-8001, Japan
//	Tokyo-to, Minato-ku, Roppongi 6-10-1

// addressJP classifies c, a dashed block number, as the house of a
// Japanese address.
func (s *piiScanner) addressJP(c *piiCand) (Finding, bool) {
	if c.ng() < 2 || c.ng() > 3 || !c.sameSep('-') || c.plus || c.gparen(0) {
		return Finding{}, false
	}
	for k := 0; k < c.ng(); k++ {
		if c.glen(k) > 4 {
			return Finding{}, false
		}
	}
	t := s.text
	if c.end < len(t) && piiIsWord(t[c.end]) {
		return Finding{}, false
	}
	// Small to large: the district after the number.
	if c.end+1 < len(t) && t[c.end] == ' ' {
		if we := piiJPWords(t, c.end+1); we > c.end+1 {
			if end, ward := piiJPTail(t, we); ward {
				return Finding{Type: Address, Start: c.start, End: end, Confidence: 0.8, Rule: "address-street"}, true
			}
		}
	}
	// Large to small: "Minato-ku, Roppongi 6-10-1".
	if c.start >= 2 && t[c.start-1] == ' ' {
		ws := c.start - 1
		for k := 0; k < 2; k++ {
			b := piiNameWordStart(t, ws)
			if b == ws || !(piiIsUpper(t[b]) || t[b] >= 0x80) {
				break
			}
			ws = b
			if ws < 2 || t[ws-1] != ' ' {
				break
			}
			if t[ws-2] == ',' {
				break
			}
			ws--
		}
		if ws >= 3 && t[ws-1] == ' ' && t[ws-2] == ',' {
			b := piiNameWordStart(t, ws-2)
			if b < ws-2 && piiJPWard(t[b:ws-2]) {
				start := b
				// The prefecture or city before the ward: "Tokyo-to, ".
				if b >= 3 && t[b-1] == ' ' && t[b-2] == ',' {
					if pb := piiNameWordStart(t, b-2); pb < b-2 && (piiJPWard(t[pb:b-2]) || piiIsUpper(t[pb])) {
						start = pb
					}
				}
				return Finding{Type: Address, Start: start, End: c.end, Confidence: 0.8, Rule: "address-street"}, true
			}
		}
	}
	return Finding{}, false
}

// piiJPWords reads up to three capitalised words at p ("Nishi-Shinjuku").
func piiJPWords(t string, p int) int {
	end := p
	for k := 0; k < 3 && p < len(t) && piiIsUpper(t[p]); k++ {
		e := piiNameWordEnd(t, p)
		end = e
		if e+1 >= len(t) || t[e] != ' ' {
			break
		}
		p = e + 1
	}
	return end
}

// piiJPTail reads the comma-separated parts after the district: wards,
// cities with a postcode, the country. ward says a part named a ward,
// city or prefecture by its suffix.
func piiJPTail(t string, p int) (int, bool) {
	end, ward := p, false
	for parts := 0; parts < 5 && p+2 < len(t) && t[p] == ',' && t[p+1] == ' '; parts++ {
		q := p + 2
		we := piiJPWords(t, q)
		if we == q {
			break
		}
		if piiJPWard(t[q:we]) {
			ward = true
		}
		if we+1 < len(t) && t[we] == ' ' {
			if z := piiPostcode(t, we+1); z > we+1 {
				we = z
			}
		}
		end, p = we, we
	}
	return end, ward
}

// piiJPWard reports a place named with a Japanese administrative suffix:
// "Shinjuku-ku", "Yokohama-shi", "Kanagawa-ken".
func piiJPWard(w string) bool {
	for _, suf := range [...]string{"-ku", "-shi", "-cho", "-machi", "-gun", "-ken", "-to", "-fu", "-mura"} {
		if len(w) > len(suf)+1 && piiHasSuffixFold(w, suf) {
			return true
		}
	}
	return false
}
