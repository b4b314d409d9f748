package privacy

import (
	"strings"
	"testing"
)

// addressForms are postal addresses of many countries as their parts:
// street line, unit, city line, country.
var addressForms = []struct {
	street, unit, city, country string
}{
	{"742 Evergreen Terrace", "Apt 4B", "Springfield, IL 62704", "USA"},
	{"1600 Pennsylvania Ave NW", "Suite 200", "Washington, DC 20500", "United States"},
	{"10 Downing Street", "Flat 2", "London SW1A 2AA", "United Kingdom"},
	{"221B Baker Street", "", "London NW1 6XE", "UK"},
	{"Hauptstraße 5", "Wohnung 3", "10115 Berlin", "Germany"},
	{"Berliner Straße 12", "", "60311 Frankfurt am Main", "Deutschland"},
	{"Mariahilfer Straße 12", "Top 4", "1060 Wien", "Österreich"},
	{"Bahnhofstrasse 21", "", "8001 Zürich", "Switzerland"},
	{"12 rue de la Paix", "", "75002 Paris", "France"},
	{"Kerkstraat 12", "", "1017 GC Amsterdam", "Netherlands"},
	{"Calle Mayor 3", "", "28013 Madrid", "Spain"},
	{"Via Roma 10", "", "00184 Roma", "Italy"},
	{"24 Sussex Drive", "Unit 5", "Ottawa, ON K1M 1M4", "Canada"},
	{"1 Macquarie Street", "", "Sydney NSW 2000", "Australia"},
	{"Veslebakken 48", "Apt. 441", "HARSTAD", "Norway"},
	{"P.O. Box 123", "", "Anchorage, AK 99501", "USA"},
}

// TestAddressMultiLine: every form, written on one line with commas and
// over several lines (with an indent, a quoting '>', a blank line before
// the country), is one finding that covers the street and what follows
// it, and its masked form keeps the city and country only.
func TestAddressMultiLine(t *testing.T) {
	for _, a := range addressForms {
		parts := []string{a.street}
		if a.unit != "" && strings.HasPrefix(a.unit, "Apt") || strings.HasPrefix(a.unit, "Suite") || strings.HasPrefix(a.unit, "Unit") || strings.HasPrefix(a.unit, "Flat") {
			parts = append(parts, a.unit)
		}
		parts = append(parts, a.city, a.country)
		layouts := map[string]string{
			"lines":    strings.Join(parts, "\n"),
			"indented": strings.Join(parts, "\n  "),
			"quoted":   "> " + strings.Join(parts, "\n> "),
			"crlf":     strings.Join(parts, "\r\n"),
			"blank":    strings.Join(parts[:len(parts)-1], "\n") + "\n\n" + a.country,
		}
		for name, addr := range layouts {
			for _, text := range []string{
				"Please send it to:\n" + addr + "\n\nThanks, Bob",
				"Name: Ann Lee\nAddress: " + addr + "\nPhone: later",
			} {
				var got []Finding
				for _, f := range detectPII(text) {
					if f.Type == Address {
						got = append(got, f)
					}
				}
				if len(got) != 1 {
					t.Errorf("%s %q: %d address findings %v", name, text, len(got), findingsOf(text))
					continue
				}
				v := text[got[0].Start:got[0].End]
				streetStart := strings.Index(text, strings.Fields(a.street)[0])
				if got[0].Start > streetStart || !strings.HasSuffix(v, a.country) {
					t.Errorf("%s %q: address %q does not run from the street to the country", name, text, v)
				}
				m := MaskValue(Address, v)
				if !strings.HasPrefix(m, piiAddressHidden) || !strings.HasSuffix(m, a.country) ||
					strings.Contains(m, strings.Fields(a.street)[0]) || strings.ContainsAny(m, "0123456789\n") {
					t.Errorf("%s: %q masked as %q", name, v, m)
				}
			}
		}
	}
}

// TestAddressOneLine: the same forms on one line, with commas.
func TestAddressOneLine(t *testing.T) {
	for _, a := range addressForms {
		line := a.street + ", " + a.city + ", " + a.country
		if strings.HasPrefix(a.unit, "Apt") {
			line = a.street + ", " + a.unit + ", " + a.city + ", " + a.country
		}
		text := "Ship it to " + line + " by Friday."
		if !hasFinding(text, Address, line) {
			t.Errorf("%q: want address %q, got %v", text, line, findingsOf(text))
		}
	}
}

// TestAddressNearMisses: a street line followed by prose, code or logs
// does not swallow them, and names with numbers that are no streets
// (versions, rooms, chapters, error codes) are no addresses, whatever
// follows on the next lines.
func TestAddressNearMisses(t *testing.T) {
	for _, text := range []string{
		"Python 3\nSuite 5 passed\n",
		"Windows 10\nVersion 22H2\nBuild 19045",
		"Chapter 5\nThe End\n",
		"Error 404\nNot Found\n",
		"Room 101\nBuilding 5\n",
		"Kubernetes 1.29\nReleased\n",
		"Stage 2\nApt to fail\n",
		"Node 18\nLTS\n",
		"Episode 4\nA New Hope\n",
		"Team 7, Sprint 12\n",
		"iPhone 15\nPro Max\nBlue",
		"Figure 3\nGermany\n",
		"Season 2, Germany",
		"Level 5\nUSA\n",
	} {
		noAddress(t, text)
	}
	// The street keeps its own line when the next lines are prose.
	for _, text := range []string{"742 Evergreen Terrace\nSpringfield is lovely in spring.\n", "742 Evergreen Terrace\nThanks\nBob"} {
		if !hasFinding(text, Address, "742 Evergreen Terrace") {
			t.Errorf("%q: %v", text, findingsOf(text))
		}
	}
}

// FuzzAddress feeds the address reader (street, unit, tail, lines) with
// arbitrary text: every finding is in range and ordered, and masking it
// never fails.
func FuzzAddress(f *testing.F) {
	for _, a := range addressForms {
		f.Add(a.street + "\n" + a.unit + "\n" + a.city + "\n" + a.country)
		f.Add(a.street + ", " + a.city + ", " + a.country)
	}
	f.Add("58 Via Moiariello 102\n Suite 623\n Calascibetta\n\n Oman 04757")
	f.Add("Unit 1783 Box 3210\nDPO AP 99855")
	f.Add("??? 35 Σκαφίδια 5\n??? Suite 858\n??? ΠΑΤΡΙΚΙ\n??? Botswana 47378")
	f.Add("1 \n\n\n\n\n\n\n\n")
	f.Fuzz(func(t *testing.T, text string) {
		fs := detectPII(text)
		if err := checkFindings(text, fs); err != nil {
			t.Fatal(err)
		}
		for _, f := range fs {
			if f.Type == Address && MaskValue(Address, text[f.Start:f.End]) == "" {
				t.Fatalf("empty mask for %q", text[f.Start:f.End])
			}
		}
	})
}

// TestAddressJapan: romanised Japanese addresses, small to large and
// large to small; dashed numbers that are ranges, scores or dates with
// no ward after them are not addresses.
func TestAddressJapan(t *testing.T) {
	for _, addr := range []string{
		"2-8-1 Nishi-Shinjuku, Shinjuku-ku, Tokyo 163-8001, Japan",
		"1-1 Chiyoda, Chiyoda-ku, Tokyo 100-8111",
		"3-5 Minatomirai, Nishi-ku, Yokohama-shi, Kanagawa-ken 220-0012",
		"Tokyo-to, Minato-ku, Roppongi 6-10-1",
		"Osaka-fu, Kita-ku, Umeda 3-1-3",
	} {
		for _, text := range []string{"Ship to " + addr + ".", "Address:\n" + addr + "\n"} {
			if !hasFinding(text, Address, addr) {
				t.Errorf("%q: want %q, got %v", text, addr, findingsOf(text))
			}
		}
	}
	for _, text := range []string{
		"see 2-3 weeks, Monday",
		"pages 10-12, Chapter-to",
		"won 3-1 against Osaka, then 2-2",
		"the 1-2-3 rule, Kita said",
		"Sprint 4-5, Team Tokyo",
	} {
		noAddress(t, text)
	}
}

// noAddress fails the test when text holds an address.
func noAddress(t *testing.T, text string) {
	t.Helper()
	for _, f := range detectPII(text) {
		if f.Type == Address {
			t.Errorf("%q: address %q", text, text[f.Start:f.End])
		}
	}
}
