package privacy

import "strings"

// Home addresses are anchored on the house number, in the orders people
// write them:
//
//   - number first: "742 Evergreen Terrace", "1600 Pennsylvania Ave NW",
//     "12 rue de la Paix" — capitalised name words ending in a street
//     suffix, or a French type word followed by the name;
//   - name first: "Hauptstraße 5", "Kerkstraat 12", "Calle Mayor 3",
//     "Via Roma 10", "ul. Karpacka 69";
//   - "P.O. Box 123";
//   - Chinese: "北京市朝阳区建国路88号" (a road before the number, 号 after).
//
// Then an optional unit (", Apt 4B") and tail: ", Springfield, IL 62704",
// ", 75002 Paris", " London SW1A 2AA". A city part is kept only when a
// state or postcode follows or the address visibly ends, so "…Street,
// Bob said" does not swallow Bob.

// address classifies c as the house number of an address. glued says a
// letter follows the number (221B).
func (s *piiScanner) address(c *piiCand, glued bool) (Finding, bool) {
	if c.ng() > 1 && !glued {
		return s.addressJP(c)
	}
	if c.ng() != 1 || c.nd > 5 || c.plus || c.gparen(0) {
		return Finding{}, false
	}
	t := s.text
	numEnd := c.end
	if glued {
		if !(numEnd+1 < len(t) && piiIsLetter(t[numEnd]) && (t[numEnd+1] == ' ' || t[numEnd+1] == ',')) {
			return Finding{}, false
		}
		numEnd++
	} else if f, ok := s.addressCN(c); ok {
		return f, true
	}
	if f, ok := s.poBox(c.start, numEnd); ok {
		return f, true
	}
	year := 0
	if c.nd == 4 {
		for _, b := range c.digits() {
			year = year*10 + int(b-'0')
		}
	}
	if f, ok := s.addressNumberFirst(c.start, numEnd, year); ok {
		return f, true
	}
	if f, ok := s.addressNameFirst(c.start, numEnd); ok {
		return f, true
	}
	return s.addressBareName(c.start, numEnd)
}

// addressNumberFirst reads "742 Evergreen Terrace" and "12 rue de la
// Paix" after the number at start..numEnd; year is the number when it
// has four digits.
func (s *piiScanner) addressNumberFirst(start, numEnd, year int) (Finding, bool) {
	t := s.text
	p := numEnd
	if p+1 >= len(t) || t[p] != ' ' {
		return Finding{}, false
	}
	p++
	we := piiNameWordEnd(t, p)
	if we == p {
		return Finding{}, false
	}
	if piiStreetTypeFR(t[p:we]) {
		// "12 rue de la Paix": the name is the words that follow.
		end, words := we, 0
		for words < 6 && end+1 < len(t) && t[end] == ' ' {
			e := piiNameWordEnd(t, end+1)
			if e == end+1 {
				break
			}
			end, words = e, words+1
		}
		if words == 0 {
			return Finding{}, false
		}
		return s.addressFinish(start, end, 0, "address-street")
	}
	// "742 Evergreen Terrace": capitalised name words, then a suffix.
	names := 0
	for k := 0; k < 6; k++ {
		w := t[p:we]
		if names > 0 && piiStreetSuffix(w) {
			end := we
			if end < len(t) && t[end] == '.' {
				end++
			}
			if end+1 < len(t) && t[end] == ' ' {
				if de := piiNameWordEnd(t, end+1); de > end+1 && piiDirection(t[end+1:de]) {
					end = de
					if end < len(t) && t[end] == '.' {
						end++
					}
				}
			}
			return s.addressFinish(start, end, year, "address-street")
		}
		if !(piiIsUpper(w[0]) || w[0] >= 0x80 || piiOrdinal(w)) {
			return Finding{}, false
		}
		if names == 0 && piiEqualFold(w, "broadway") {
			return s.addressFinish(start, we, 0, "address-street")
		}
		names++
		if we+1 >= len(t) || t[we] != ' ' {
			return Finding{}, false
		}
		p = we + 1
		we = piiNameWordEnd(t, p)
		if we == p {
			return Finding{}, false
		}
	}
	return Finding{}, false
}

// addressNameFirst reads "Hauptstraße 5" and "Calle Mayor 3": the number
// at start..numEnd ends the street part.
func (s *piiScanner) addressNameFirst(start, numEnd int) (Finding, bool) {
	t := s.text
	// The word before the number is a capitalised name ("Mayor 3",
	// "Hauptstraße 5") or "ul.": "about 40 minutes" is not.
	if start < 3 || t[start-1] != ' ' || !(piiIsUpper(t[start-2]) || t[start-2] >= 0x80 || t[start-2] == '.' || piiIsLetter(t[start-2]) && piiWordCapitalised(t, start-2)) {
		return Finding{}, false
	}
	// Walk back over up to five words on the line.
	ws := start - 1
	for k := 0; k < 5; k++ {
		we := ws
		ws = piiNameWordStart(t, we)
		if ws == we {
			return Finding{}, false
		}
		w := t[ws:we]
		if k == 0 && piiStreetCompound(w) {
			return s.addressFinish(ws, numEnd, 0, "address-street")
		}
		if k == 0 && piiStreetStandalone(w) {
			// "Berliner Straße 5": the word before is the name.
			if ws < 2 || t[ws-1] != ' ' {
				return Finding{}, false
			}
			pw := piiNameWordStart(t, ws-1)
			if pw == ws-1 || !(piiIsUpper(t[pw]) || t[pw] >= 0x80) {
				return Finding{}, false
			}
			return s.addressFinish(pw, numEnd, 0, "address-street")
		}
		if k >= 1 && piiStreetTypeFirst(w) {
			return s.addressFinish(ws, numEnd, 0, "address-street")
		}
		if ws < 2 || t[ws-1] != ' ' {
			return Finding{}, false
		}
		ws--
	}
	return Finding{}, false
}

// poBox reads "P.O. Box 123" (the number at start..numEnd).
func (s *piiScanner) poBox(start, numEnd int) (Finding, bool) {
	t := s.text
	pre := t[max(0, start-20):start]
	if !piiHasSuffixFold(pre, "box ") {
		if piiHasSuffixFold(pre, "postfach ") {
			return s.addressFinish(start-9, numEnd, 0, "address-po-box")
		}
		return Finding{}, false
	}
	pre = pre[:len(pre)-4]
	if b := piiMilitaryUnit(t, start-4); b >= 0 {
		return s.addressFinish(b, numEnd, 0, "address-po-box")
	}
	for _, p := range [...]string{"p.o. ", "p. o. ", "po ", "p o ", "post office ", "p.o.", "po"} {
		if piiHasSuffixFold(pre, p) {
			b := start - 4 - len(p)
			if b > 0 && piiIsWord(t[b-1]) {
				return Finding{}, false
			}
			return s.addressFinish(b, numEnd, 0, "address-po-box")
		}
	}
	return Finding{}, false
}

// addressFinish reads the unit and tail after the street part and makes
// the finding. year is the house number when it could be a year: with an
// ambiguous suffix and nothing after, "in 2020 Supreme Court" is no address.
func (s *piiScanner) addressFinish(start, end, year int, rule string) (Finding, bool) {
	t := s.text
	if end < len(t) && piiIsWord(t[end]) {
		return Finding{}, false
	}
	e := piiAddressUnit(t, end)
	tail, strong := piiAddressTail(t, e)
	if le, ls := piiAddressLines(t, tail); le > tail {
		tail, strong = le, strong || ls
	}
	if tail == end && year >= 1800 && year <= 2099 {
		return Finding{}, false
	}
	conf := 0.65
	if strong {
		conf = 0.85
	}
	if rule == "address-po-box" {
		conf = max(conf, 0.8)
	}
	if tail > e {
		start = piiBuildingNumber(t, start)
	}
	return Finding{Type: Address, Start: start, End: tail, Confidence: conf, Rule: rule}, true
}

// piiAddressUnit reads ", Apt 4B", " Suite 200", " #5" at p.
func piiAddressUnit(t string, p int) int {
	q := p
	if q < len(t) && t[q] == ',' {
		q++
	}
	if q >= len(t) || t[q] != ' ' {
		return p
	}
	q++
	if q < len(t) && t[q] == '#' {
		q++
	} else {
		we := piiNameWordEnd(t, q)
		switch w := t[q:we]; {
		case piiEqualFold(w, "apt"), piiEqualFold(w, "apartment"), piiEqualFold(w, "suite"), piiEqualFold(w, "ste"),
			piiEqualFold(w, "unit"), piiEqualFold(w, "flat"), piiEqualFold(w, "floor"), piiEqualFold(w, "fl"),
			piiEqualFold(w, "room"), piiEqualFold(w, "rm"), piiEqualFold(w, "bldg"), piiEqualFold(w, "building"):
		default:
			return p
		}
		q = we
		if q < len(t) && t[q] == '.' {
			q++
		}
		if q < len(t) && t[q] == ' ' {
			q++
		}
	}
	e := q
	for e < len(t) && e-q < 6 && (piiIsAlnum(t[e]) || t[e] == '-') {
		e++
	}
	if e == q || !piiIsDigit(t[q]) && !piiIsDigit(t[e-1]) || (e < len(t) && piiIsWord(t[e])) {
		return p
	}
	return e
}

// piiAddressTail reads up to four comma-separated parts after an address
// (city, state, postcode, country) and reports whether a state or a
// postcode was among them.
func piiAddressTail(t string, p int) (int, bool) {
	end, strong := p, false
	q := p
	for parts := 0; parts < 4; parts++ {
		if q >= len(t) || t[q] != ',' {
			break
		}
		r := q + 1
		if r < len(t) && t[r] == ' ' {
			r++
		}
		pe, pstrong := piiAddressPart(t, r)
		if pe == r {
			break
		}
		q = pe
		if pstrong || piiAddressEnds(t, pe) || (pe < len(t) && t[pe] == ',') {
			if pstrong || piiAddressEnds(t, pe) {
				end = pe
			}
			strong = strong || pstrong
			continue
		}
		break
	}
	return end, strong
}

// piiAddressPart reads one tail part at p: a postcode (and city), a
// state (and ZIP), or city words (and state and ZIP or UK postcode).
func piiAddressPart(t string, p int) (int, bool) {
	if p >= len(t) {
		return p, false
	}
	if e := piiCountryAt(t, p); e > p && (e == len(t) || !piiIsWord(t[e]) && t[e] != '-') {
		// "…, USA", "…, United Kingdom"; a postcode may follow.
		if e+1 < len(t) && t[e] == ' ' {
			if z := piiPostcode(t, e+1); z > e+1 {
				return z, true
			}
		}
		return e, true
	}
	if e := piiPostcode(t, p); e > p {
		// "75002 Paris", "10115 Berlin"
		if e+1 < len(t) && t[e] == ' ' {
			if ce := piiCityWords(t, e+1); ce > e+1 {
				return ce, true
			}
		}
		return e, true
	}
	if e := piiState(t, p); e > p {
		if e+1 < len(t) && t[e] == ' ' {
			if z := piiPostcode(t, e+1); z > e+1 {
				return z, true
			}
		}
		return e, true
	}
	ce := piiCityWords(t, p)
	if ce == p {
		return p, false
	}
	if ce+1 < len(t) && t[ce] == ' ' {
		if e := piiState(t, ce+1); e > ce+1 {
			if e+1 < len(t) && t[e] == ' ' {
				if z := piiPostcode(t, e+1); z > e+1 {
					return z, true
				}
			}
			return e, true
		}
		if z := piiPostcode(t, ce+1); z > ce+1 {
			return z, true
		}
	}
	return ce, false
}

// piiAddressEnds reports the visible end of an address at p.
func piiAddressEnds(t string, p int) bool {
	if p >= len(t) {
		return true
	}
	switch t[p] {
	case '\n', '\r', '.', ';', ')', '"', '!', '?', '\t':
		return true
	}
	return false
}

// piiPostcode reads a US ZIP (12345, 12345-6789), a 4–5 digit European
// code, a Dutch (1017 GC, before a city), Canadian (K1M 1M4) or UK
// postcode (SW1A 2AA) at p.
func piiPostcode(t string, p int) int {
	e := p
	for e < len(t) && piiIsDigit(t[e]) {
		e++
	}
	// Japan: 100-8111.
	if e-p == 3 && e+5 <= len(t) && t[e] == '-' && piiAllDigits(t[e+1:e+5]) && (e+5 == len(t) || !piiIsWord(t[e+5])) {
		return e + 5
	}
	if n := e - p; n == 4 || n == 5 {
		// Dutch: 1017 GC.
		if n == 4 && e+3 < len(t) && t[e] == ' ' && piiIsUpper(t[e+1]) && piiIsUpper(t[e+2]) && t[e+1] != 'S' && (e+3 == len(t) || !piiIsWord(t[e+3])) &&
			e+4 < len(t) && t[e+3] == ' ' && (piiIsUpper(t[e+4]) || t[e+4] >= 0x80) {
			return e + 3
		}
		if n == 5 && e+4 < len(t) && t[e] == '-' && piiIsDigit(t[e+1]) && piiIsDigit(t[e+2]) && piiIsDigit(t[e+3]) && piiIsDigit(t[e+4]) &&
			(e+5 == len(t) || !piiIsWord(t[e+5])) {
			return e + 5
		}
		if e == len(t) || !piiIsWord(t[e]) {
			return e
		}
		return p
	}
	if e > p {
		return p
	}
	// Canada: A9A 9A9.
	if p+7 <= len(t) && piiIsUpper(t[p]) && piiIsDigit(t[p+1]) && piiIsUpper(t[p+2]) && t[p+3] == ' ' &&
		piiIsDigit(t[p+4]) && piiIsUpper(t[p+5]) && piiIsDigit(t[p+6]) && (p+7 == len(t) || !piiIsWord(t[p+7])) {
		return p + 7
	}
	// UK: A9 9AA, A99 9AA, AA9 9AA, AA99 9AA, A9A 9AA, AA9A 9AA.
	q := p
	for q < len(t) && q-p < 2 && piiIsUpper(t[q]) {
		q++
	}
	if q == p || q >= len(t) || !piiIsDigit(t[q]) {
		return p
	}
	q++
	if q < len(t) && (piiIsDigit(t[q]) || piiIsUpper(t[q])) {
		q++
	}
	if q+4 <= len(t) && t[q] == ' ' && piiIsDigit(t[q+1]) && piiIsUpper(t[q+2]) && piiIsUpper(t[q+3]) && (q+4 == len(t) || !piiIsWord(t[q+4])) {
		return q + 4
	}
	return p
}

// piiState reads a two-capital state or province code at p ("IL", "NY").
func piiState(t string, p int) int {
	if p+2 <= len(t) && piiIsUpper(t[p]) && piiIsUpper(t[p+1]) && (p+2 == len(t) || !piiIsWord(t[p+2])) {
		return p + 2
	}
	return p
}

// piiCityWords reads up to three capitalised words at p ("Springfield",
// "San Luis Obispo", "København").
func piiCityWords(t string, p int) int {
	end := p
	for k := 0; k < 3; k++ {
		if p >= len(t) || !(piiIsUpper(t[p]) || t[p] >= 0x80) {
			break
		}
		e := piiNameWordEnd(t, p)
		if e == p || (e-p == 2 && piiIsUpper(t[p+1])) || strings.ContainsAny(t[p:e], "0123456789") {
			break // a state code or a postcode, not a city
		}
		end = e
		if e+1 >= len(t) || t[e] != ' ' {
			break
		}
		p = e + 1
		// "Frankfurt am Main", "Stratford upon Avon": a particle between
		// two capitalised words.
		if pe := piiNameWordEnd(t, p); pe > p && pe+1 < len(t) && t[pe] == ' ' && piiCityParticle(t[p:pe]) &&
			(piiIsUpper(t[pe+1]) || t[pe+1] >= 0x80) {
			p = pe + 1
		}
	}
	return end
}

func piiCityParticle(w string) bool {
	switch w {
	case "am", "an", "im", "in", "der", "de", "la", "le", "les", "sur", "del", "di", "da", "upon", "on", "en", "aan", "op":
		return true
	}
	return false
}

// piiNameWordEnd returns the end of the name word at p: letters (any
// script), digits of an ordinal, inner apostrophes and hyphens.
func piiNameWordEnd(t string, p int) int {
	e := p
	for e < len(t) {
		c := t[e]
		switch {
		case piiIsAlnum(c):
			e++
		case c >= 0x80:
			if piiCJKPunct(t, e) {
				return e
			}
			e++
		case (c == '\'' || c == '-') && e > p && e+1 < len(t) && (piiIsLetter(t[e+1]) || t[e+1] >= 0x80):
			e++
		default:
			return e
		}
	}
	return e
}

// piiNameWordStart returns the start of the name word that ends at e
// (a trailing '.' is part of it: "Str.", "ul.").
func piiNameWordStart(t string, e int) int {
	b := e
	if b > 0 && t[b-1] == '.' {
		b--
	}
	for b > 0 && e-b < 40 {
		c := t[b-1]
		if piiIsAlnum(c) || c >= 0x80 || ((c == '\'' || c == '-') && b-1 > 0 && piiIsLetter(t[b-2])) {
			b--
			continue
		}
		break
	}
	if b == e || (b < e && t[b] == '.') {
		return e
	}
	return b
}

// piiCJKPunct reports full-width punctuation at e (U+3000–U+303F,
// U+FF00–U+FF0F, U+FF1A–U+FF20), which ends a word.
func piiCJKPunct(t string, e int) bool {
	if e+2 >= len(t) {
		return false
	}
	return (t[e] == 0xE3 && t[e+1] == 0x80) || (t[e] == 0xEF && t[e+1] == 0xBC && (t[e+2] <= 0x8F || (t[e+2] >= 0x9A && t[e+2] <= 0xA0)))
}

func piiOrdinal(w string) bool {
	n := len(w)
	if n < 3 || !piiIsDigit(w[0]) {
		return false
	}
	suf := w[n-2:]
	return piiEqualFold(suf, "st") || piiEqualFold(suf, "nd") || piiEqualFold(suf, "rd") || piiEqualFold(suf, "th")
}

// piiStreetSuffix reports an English street suffix, capitalised
// ("Street", "St", "AVE").
func piiStreetSuffix(w string) bool {
	if len(w) < 2 || len(w) > 12 || !piiIsUpper(w[0]) {
		return false
	}
	var buf [12]byte
	for i := 0; i < len(w); i++ {
		buf[i] = piiLower(w[i])
	}
	switch string(buf[:len(w)]) {
	case "street", "st", "avenue", "ave", "av", "road", "rd", "boulevard", "blvd", "lane", "ln", "drive", "dr",
		"court", "ct", "way", "place", "pl", "terrace", "ter", "terr", "circle", "cir", "square", "sq",
		"highway", "hwy", "parkway", "pkwy", "trail", "trl", "crescent", "cres", "close", "row", "alley",
		"plaza", "loop", "mews", "grove", "gardens", "gdns", "walk", "pike", "expressway", "expy", "freeway",
		"turnpike", "causeway", "esplanade", "parade", "rise", "wharf":
		return true
	}
	return false
}

// piiDirection reports a compass suffix: "NW", "N", "South".
func piiDirection(w string) bool {
	switch w {
	case "N", "S", "E", "W", "NE", "NW", "SE", "SW", "North", "South", "East", "West":
		return true
	}
	return false
}

// piiStreetTypeFR reports a street type that precedes the name after the
// number: "12 rue de la Paix", "5 avenue Foch".
func piiStreetTypeFR(w string) bool {
	for _, k := range [...]string{"rue", "avenue", "boulevard", "bd", "place", "chemin", "allée", "impasse", "quai", "cours", "route", "square"} {
		if piiEqualFold(w, k) {
			return w[0] == k[0] || w[0] == k[0]-('a'-'A')
		}
	}
	return false
}

// piiStreetTypeFirst reports a street type that starts a name written
// before the number: "Calle Mayor 3", "Via Roma 10", "ul. Karpacka 69".
func piiStreetTypeFirst(w string) bool {
	for _, k := range [...]string{"calle", "c/", "avenida", "avda.", "av.", "paseo", "plaza", "carrer", "camino",
		"ronda", "via", "viale", "piazza", "corso", "largo", "vicolo", "rua", "praça", "travessa", "alameda",
		"estrada", "ul.", "ulica", "aleja", "al.", "rue", "strada", "calea", "bulevardul"} {
		if piiEqualFold(w, k) {
			return true
		}
	}
	return false
}

// piiStreetCompound reports a street name written as one word with its
// type at the end: "Hauptstraße", "Kerkstraat", "Holmevej", "Salontie".
func piiStreetCompound(w string) bool {
	if len(w) < 4 || !(piiIsUpper(w[0]) || w[0] >= 0x80) {
		return false
	}
	for _, k := range [...]string{"straße", "strasse", "str.", "weg", "gasse", "platz", "allee", "damm", "ufer",
		"steig", "pfad", "chaussee", "straat", "laan", "gracht", "plein", "kade", "singel", "dijk", "vej", "gade",
		"gatan", "gata", "vägen", "veien", "vegen", "tie", "katu", "polku", "kuja", "utca"} {
		if len(w) > len(k)+1 && piiHasSuffixFold(w, k) {
			return true
		}
	}
	return false
}

// piiStreetStandalone reports a street type written as its own word
// after the name: "Berliner Straße 5", "Dózsa György út 78".
func piiStreetStandalone(w string) bool {
	for _, k := range [...]string{"straße", "strasse", "str.", "allee", "platz", "weg", "gasse", "vej", "gade",
		"gatan", "laan", "út", "utca", "u."} {
		if piiEqualFold(w, k) {
			return true
		}
	}
	return false
}

// addressCN reads a Chinese address ending in the number before 号.
func (s *piiScanner) addressCN(c *piiCand) (Finding, bool) {
	t := s.text
	if !strings.HasPrefix(t[c.end:], "号") && !strings.HasPrefix(t[c.end:], "號") {
		return Finding{}, false
	}
	// Walk back over CJK characters (three-byte UTF-8) up to 30 of them.
	b := c.start
	road, region := -1, -1
	for k := 0; k < 30 && b >= 3 && t[b-3] >= 0xE4 && t[b-3] <= 0xE9; k++ {
		r := t[b-3 : b]
		if piiCNStop(r) {
			break
		}
		b -= 3
		switch r {
		case "路", "街", "道", "巷", "弄", "里":
			if road < 0 {
				road = b
			}
		case "省", "市", "区", "县", "镇", "州", "區", "縣":
			region = b
		}
	}
	if road < 0 || road == c.start-3 && b == road {
		return Finding{}, false
	}
	start := road
	if region >= 0 {
		start = region
	}
	// The place name before the first marker: two characters, as most are.
	for k := 0; k < 2 && start-3 >= b; k++ {
		start -= 3
	}
	end := c.end + 3
	// "88号院3号楼2单元301室"
	for k := 0; k < 4; k++ {
		e := end
		for e < len(t) && piiIsDigit(t[e]) {
			e++
		}
		matched := false
		for _, u := range [...]string{"号楼", "號樓", "号院", "栋", "幢", "单元", "室", "层", "楼", "号"} {
			if strings.HasPrefix(t[e:], u) && (e > end || u == "号院") {
				end, matched = e+len(u), true
				break
			}
		}
		if !matched {
			break
		}
	}
	return Finding{Type: Address, Start: start, End: end, Confidence: 0.8, Rule: "address-cn"}, true
}

// piiCNStop reports a character that ends the walk back over a Chinese
// address: "我的地址是" stops at 是.
func piiCNStop(r string) bool {
	switch r {
	case "是", "在", "的", "址", "住", "为", "到", "于", "寄", "送", "往", "至", "和", "或":
		return true
	}
	return false
}

// piiWordCapitalised reports whether the word that ends at byte e
// (inclusive) starts with a capital or a non-ASCII letter.
func piiWordCapitalised(t string, e int) bool {
	b := e
	for b > 0 && e-b < 40 && piiIsLetter(t[b-1]) {
		b--
	}
	return piiIsUpper(t[b]) || (b > 0 && t[b-1] >= 0x80)
}
