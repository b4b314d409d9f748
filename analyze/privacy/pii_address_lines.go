package privacy

import (
	"strings"

	"github.com/actionguard/actionguard/internal/lazy"
)

// Multi-line addresses. An address written over several lines goes on
// after its street line with lines that are, each whole, a unit ("Apt.
// 698", "Suite 242"), a P.O. box, a city with its state and postcode
// ("Springfield, IL 62704", "75002 Paris", "London SW1A 2AA"), a country
// (with a postcode or not), or a city alone ("SLUSSFORS"). A city alone
// is kept only when a stronger line follows it, so "742 Evergreen
// Terrace\nThanks" stays one line. A blank line ends the address.
//
//	742 Evergreen Terrace
//	Apt 4B
//	Springfield, IL 62704
//	USA

// piiAddressMaxLine bounds one continuation line, in bytes.
const piiAddressMaxLine = 96

// piiAddressLines reads the lines that continue an address ending at
// end and returns the new end, and whether a strong line (a unit, a
// postcode, a state, a country) was among them.
func piiAddressLines(t string, end int) (int, bool) {
	e, l := piiAddressLinesRead(t, end)
	return e, l.strong
}

// piiLinesRead says what the lines after a street held.
type piiLinesRead struct {
	strong bool // a unit, postcode, state or country
	unit   bool // a unit line
	coded  bool // a line with a postcode
	place  bool // a line with a city and a state, a postcode or a country
}

// piiAddressLinesRead is piiAddressLines with what the lines held.
func piiAddressLinesRead(t string, end int) (int, piiLinesRead) {
	var read piiLinesRead
	newEnd := end
	p := end
	blank := false
	for lines := 0; lines < 6; lines++ {
		q := p
		for q < len(t) && (t[q] == ' ' || t[q] == '\t' || t[q] == '\r') {
			q++
		}
		if q >= len(t) || t[q] != '\n' {
			break
		}
		q++
		q = piiLineIndent(t, q)
		if !blank && q < len(t) && (t[q] == '\n' || t[q] == '\r') {
			// One blank line may stand before the country: "Teruel\n\n
			// Australia 08198".
			blank = true
			p = q
			lines--
			continue
		}
		le := q
		for le < len(t) && t[le] != '\n' && le-q <= piiAddressMaxLine {
			le++
		}
		if le-q > piiAddressMaxLine {
			break
		}
		for le > q && (t[le-1] == ' ' || t[le-1] == '\t' || t[le-1] == '\r') {
			le--
		}
		if le == q {
			break // a blank line
		}
		kind := piiAddressLineKind(t, q, le)
		if kind == 0 || blank && kind != 2 {
			break
		}
		p = le
		if kind == 2 {
			newEnd, read.strong = le, true
			if piiUnitLine(t[q:le]) {
				read.unit = true
			} else {
				read.place = true
				read.coded = read.coded || strings.ContainsAny(t[q:le], "0123456789")
			}
		}
		if blank {
			break
		}
	}
	return newEnd, read
}

// piiLineIndent skips a line's indent at q: spaces, tabs, a quoting '>'
// or the '?' that stand for bullets lost to an encoding.
func piiLineIndent(t string, q int) int {
	for k := 0; k < 8 && q < len(t) && (t[q] == ' ' || t[q] == '\t' || t[q] == '>' || t[q] == '?'); k++ {
		q++
	}
	return q
}

// piiBuildingNumber returns where a building number written before the
// street starts ("58 Via Moiariello 102", "51 1819 St. John Street"),
// or start: the number must begin its line or follow ": " or ", ".
func piiBuildingNumber(t string, start int) int {
	if start < 2 || t[start-1] != ' ' {
		return start
	}
	b := start - 1
	for b > 0 && piiIsDigit(t[b-1]) && start-1-b < 5 {
		b--
	}
	if b == start-1 || b > 0 && piiIsDigit(t[b-1]) {
		return start
	}
	if b == 0 || t[b-1] == '\n' || piiLineIndent(t, piiLineStart(t, b)) == b {
		return b
	}
	if b >= 2 && t[b-1] == ' ' && (t[b-2] == ':' || t[b-2] == ',') {
		return b
	}
	return start
}

// piiLineStart returns the start of the line holding p.
func piiLineStart(t string, p int) int {
	for p > 0 && t[p-1] != '\n' {
		p--
	}
	return p
}

// piiAddressLineKind classifies the line t[q:le]: 2 for a unit, a P.O.
// box, a postcode, a state or a country; 1 for city words alone; 0 for
// anything else.
func piiAddressLineKind(t string, q, le int) int {
	line := t[q:le]
	if e := piiAddressUnit(t, q-1); e == le && t[q-1] == ' ' {
		return 2
	}
	if piiUnitLine(line) {
		return 2
	}
	if e := piiCountryAt(t, q); e == le || e == le-1 && t[e] == '.' {
		return 2
	}
	// A country and a postcode: "Czech Republic 22764".
	if i := strings.LastIndexByte(line, ' '); i > 0 && piiCountry(line[:i]) && piiPostcode(t, q+i+1) == le {
		return 2
	}
	// Comma-separated parts, each a city, state or postcode.
	kind, r := 1, q
	for {
		pe, pstrong := piiAddressPart(t, r)
		if pe == r || pe > le {
			return 0
		}
		if pstrong {
			kind = 2
		}
		if pe == le || pe == le-1 && t[pe] == '.' {
			return kind
		}
		if t[pe] != ',' {
			return 0
		}
		r = pe + 1
		if r < le && t[r] == ' ' {
			r++
		}
		if e := piiCountryAt(t, r); e == le || e == le-1 && t[e] == '.' {
			return 2
		}
	}
}

// piiUnitLine reports a line that is a unit alone: "Apt. 698", "Suite
// 242", "Flat 3", "#12", "P.O. Box 101".
func piiUnitLine(line string) bool {
	w, rest, ok := strings.Cut(line, " ")
	if !ok {
		return len(line) > 1 && line[0] == '#' && piiAllDigits(line[1:])
	}
	w = strings.TrimSuffix(w, ".")
	switch strings.ToLower(w) {
	case "apt", "apartment", "suite", "ste", "unit", "flat", "floor", "fl", "room", "rm", "bldg", "building", "no", "nr":
	case "p.o", "po", "p. o":
		rest = strings.TrimPrefix(strings.TrimPrefix(rest, "Box "), "box ")
	default:
		return false
	}
	rest = strings.TrimSpace(rest)
	if rest == "" || len(rest) > 8 {
		return false
	}
	hasDigit := false
	for i := 0; i < len(rest); i++ {
		c := rest[i]
		switch {
		case piiIsDigit(c):
			hasDigit = true
		case piiIsLetter(c) || c == '-' || c == '/':
		default:
			return false
		}
	}
	return hasDigit
}

func piiAllDigits(s string) bool {
	for i := 0; i < len(s); i++ {
		if !piiIsDigit(s[i]) {
			return false
		}
	}
	return s != ""
}

// piiCountryAt returns the end of the country's name that starts at p
// (the longest of up to six words), or p.
func piiCountryAt(t string, p int) int {
	best, e := p, p
	for k := 0; k < 6 && e < len(t); k++ {
		we := piiNameWordEnd(t, e)
		if we == e {
			break
		}
		if we < len(t) && t[we] == '.' && piiEqualFold(t[p:we], "u.s.a") {
			we++
		}
		if piiCountry(t[p:we]) {
			best = we
		}
		if we+1 >= len(t) || t[we] != ' ' {
			break
		}
		e = we + 1
	}
	return best
}

// piiCountry reports the name of a country in English, its common short
// forms, or its name in its own language for the countries whose
// addresses the detectors read.
func piiCountry(s string) bool {
	if len(s) < 2 || len(s) > 40 {
		return false
	}
	_, ok := piiCountries.Get()[strings.ToLower(s)]
	return ok
}

// piiCountries is the set of piiCountryNames, built on first use: only a
// line that reads as an address asks it, and the set is ~30 KB that every
// process would otherwise build when it starts.
var piiCountries = &lazy.Value[map[string]struct{}]{New: func() map[string]struct{} {
	names := strings.Split(piiCountryNames, "|")
	m := make(map[string]struct{}, len(names))
	for _, c := range names {
		m[c] = struct{}{}
	}
	return m
}}

const piiCountryNames = "afghanistan|albania|algeria|andorra|angola|antigua and barbuda|argentina|armenia|australia|austria|" +
	"azerbaijan|bahamas|bahrain|bangladesh|barbados|belarus|belgium|belize|benin|bhutan|bolivia|" +
	"bosnia and herzegovina|botswana|brazil|brunei|bulgaria|burkina faso|burundi|cambodia|cameroon|canada|" +
	"cape verde|central african republic|chad|chile|china|people's republic of china|colombia|comoros|congo|" +
	"democratic republic of the congo|costa rica|croatia|cuba|cyprus|czech republic|czechia|denmark|djibouti|" +
	"dominica|dominican republic|ecuador|egypt|el salvador|equatorial guinea|eritrea|estonia|eswatini|ethiopia|" +
	"fiji|finland|france|gabon|gambia|georgia|germany|ghana|greece|grenada|guatemala|guinea|guinea-bissau|" +
	"guyana|haiti|honduras|hungary|iceland|india|indonesia|iran|iraq|ireland|israel|italy|ivory coast|" +
	"jamaica|japan|jordan|kazakhstan|kenya|kiribati|kosovo|kuwait|kyrgyzstan|laos|latvia|lebanon|lesotho|" +
	"liberia|libya|liechtenstein|lithuania|luxembourg|madagascar|malawi|malaysia|maldives|mali|malta|" +
	"marshall islands|mauritania|mauritius|mexico|micronesia|federated states of micronesia|moldova|monaco|" +
	"mongolia|montenegro|morocco|mozambique|myanmar|namibia|nauru|nepal|netherlands|the netherlands|" +
	"new zealand|nicaragua|niger|nigeria|north korea|north macedonia|norway|oman|pakistan|palau|panama|" +
	"papua new guinea|paraguay|peru|philippines|poland|portugal|qatar|romania|russia|russian federation|" +
	"rwanda|saint kitts and nevis|saint lucia|saint vincent and the grenadines|samoa|san marino|" +
	"sao tome and principe|são tomé and príncipe|saudi arabia|senegal|serbia|seychelles|sierra leone|singapore|" +
	"slovakia|slovenia|solomon islands|somalia|south africa|south korea|korea|south sudan|spain|sri lanka|sudan|" +
	"suriname|sweden|switzerland|syria|taiwan|tajikistan|tanzania|thailand|timor-leste|togo|tonga|" +
	"trinidad and tobago|tunisia|turkey|türkiye|turkmenistan|tuvalu|uganda|ukraine|united arab emirates|uae|" +
	"united kingdom|uk|great britain|england|scotland|wales|northern ireland|united states|" +
	"united states of america|usa|us|u.s.a|uruguay|uzbekistan|vanuatu|vatican city|venezuela|vietnam|" +
	"viet nam|yemen|zambia|zimbabwe|greenland|hong kong|macau|puerto rico|" +
	"deutschland|österreich|schweiz|suisse|svizzera|nederland|españa|italia|belgique|belgië|danmark|sverige|" +
	"norge|suomi|polska|nippon|россия|中国|日本"

// addressBareName reads a street written as a name and a number with no
// street type ("Veslebakken 48", "Paso Rivero 7301"): up to three
// capitalised words before the number at start..numEnd. Such a name is
// an address only when what follows makes it one: a unit, then a
// postcode, a state or a country, on its line or the lines below.
func (s *piiScanner) addressBareName(start, numEnd int) (Finding, bool) {
	t := s.text
	if start < 2 || t[start-1] != ' ' || (numEnd < len(t) && piiIsWord(t[numEnd])) {
		return Finding{}, false
	}
	ws := start
	for k := 0; k < 3; k++ {
		if ws < 2 || t[ws-1] != ' ' {
			break
		}
		b := piiNameWordStart(t, ws-1)
		if b == ws-1 || !(piiIsUpper(t[b]) || t[b] >= 0x80) || strings.ContainsAny(t[b:ws-1], "0123456789.") {
			break
		}
		ws = b
	}
	if ws == start {
		return Finding{}, false
	}
	e := piiAddressUnit(t, numEnd)
	tail, strong := piiAddressTail(t, e)
	le, read := piiAddressLinesRead(t, tail)
	// A unit and a place, or a postcode: a room, a figure or a version
	// followed by a country is no address.
	coded := read.coded || strong && strings.ContainsAny(t[e:tail], "0123456789")
	unit := e > numEnd || read.unit
	if !(coded || unit && (strong || read.place)) {
		return Finding{}, false
	}
	end := max(tail, le)
	return Finding{Type: Address, Start: piiBuildingNumber(t, ws), End: end, Confidence: 0.7, Rule: "address-street"}, true
}

// piiMilitaryUnit returns the start of "Unit 1783 " or "PSC 8139, " that
// ends at box (where "Box" starts), or -1: a US military address.
func piiMilitaryUnit(t string, box int) int {
	p := box - 1
	if p < 0 || t[p] != ' ' {
		return -1
	}
	if p > 0 && t[p-1] == ',' {
		p--
	}
	e := p
	for p > 0 && piiIsDigit(t[p-1]) {
		p--
	}
	if e-p < 3 || e-p > 5 || p < 2 || t[p-1] != ' ' {
		return -1
	}
	w := piiNameWordStart(t, p-1)
	if piiEqualFold(t[w:p-1], "unit") || piiEqualFold(t[w:p-1], "psc") || piiEqualFold(t[w:p-1], "cmr") {
		return w
	}
	return -1
}
