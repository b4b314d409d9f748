package intent

import (
	"sort"
	"strings"
	"testing"
	"unicode"

	"github.com/actionguard/actionguard/internal/corpus"
)

// foreignPair is a harm corpus's pair with its language.
type foreignPair struct {
	Lang string `json:"lang"`
	harmPair
}

// The multilingual corpus's floors: harmful requests blocked, benign ones
// not, in every language.
const (
	foreignBlockedFloor = 0.90
	foreignBenignCeil   = 0.05
)

// TestForeignHarmCorpus runs the harm categories' twins in eight
// languages: per language, the harmful requests are blocked and their
// benign twins run.
func TestForeignHarmCorpus(t *testing.T) {
	pairs := corpus.JSONL[foreignPair](t, "testdata/harm_pairs_i18n.jsonl")
	type tally struct{ n, blocked, benign int }
	per := map[string]*tally{}
	for _, p := range pairs {
		if p.Lang == "" || p.Category == "" || p.Harmful == "" || p.Benign == "" || p.Rationale == "" {
			t.Errorf("incomplete row %+v", p)
			continue
		}
		tl := per[p.Lang]
		if tl == nil {
			tl = &tally{}
			per[p.Lang] = tl
		}
		tl.n++
		h := Analyze(p.Harmful, Options{Application: "assistant"})
		b := Analyze(p.Benign, Options{Application: "assistant"})
		if h.Class == Dangerous {
			tl.blocked++
		} else {
			t.Logf("harmful not blocked [%s %s]: %q → %s", p.Lang, p.Category, p.Harmful, h.Class)
		}
		if b.Class == Dangerous {
			tl.benign++
			t.Logf("benign blocked [%s %s]: %q (%s)", p.Lang, p.Category, p.Benign, ruleIDs(b))
		}
	}
	langs := make([]string, 0, len(per))
	for l := range per {
		langs = append(langs, l)
	}
	sort.Strings(langs)
	for _, l := range langs {
		x := per[l]
		hb, bb := ratio(x.blocked, x.n), ratio(x.benign, x.n)
		t.Logf("%s pairs %3d  harmful blocked %5.1f%%  benign blocked %4.1f%%", l, x.n, hb*100, bb*100)
		if hb < foreignBlockedFloor {
			t.Errorf("%s: %.1f%% of harmful requests blocked, floor %.0f%%", l, hb*100, foreignBlockedFloor*100)
		}
		if bb > foreignBenignCeil {
			t.Errorf("%s: %.1f%% of benign requests blocked, ceiling %.0f%%", l, bb*100, foreignBenignCeil*100)
		}
	}
	for _, want := range []string{"es", "fr", "de", "pt", "it", "ru", "zh", "ja"} {
		if per[want] == nil || per[want].n < 21 {
			t.Errorf("%s: too few pairs", want)
		}
	}
}

// spellings are the ways an attacker writes the same request so that a
// word list misses it: capitals, accents dropped or decomposed, full-width
// letters, zero-width characters between letters, soft hyphens, look-alike
// Cyrillic letters inside Latin words, mathematical bold letters.
var spellings = []struct {
	name string
	f    func(string) string
}{
	{"upper", strings.ToUpper},
	{"no accents", func(s string) string { return foldText(s) }},
	{"decomposed accents", decompose},
	{"full width", fullWidth},
	{"zero-width joiners", func(s string) string { return interleave(s, "\u200b") }},
	{"soft hyphens", func(s string) string { return interleave(s, "\u00ad") }},
	{"look-alikes", lookAlikes},
	{"math bold", mathBold},
}

// TestForeignHarmSpellings: every harmful request of both corpora, in
// every spelling, stays blocked; every benign twin, in every spelling,
// still runs.
func TestForeignHarmSpellings(t *testing.T) {
	type pair struct{ lang, harmful, benign string }
	var all []pair
	for _, p := range corpus.JSONL[foreignPair](t, "testdata/harm_pairs_i18n.jsonl") {
		all = append(all, pair{p.Lang, p.Harmful, p.Benign})
	}
	for _, p := range corpus.JSONL[harmPair](t, "testdata/harm_pairs.jsonl") {
		all = append(all, pair{"en", p.Harmful, p.Benign})
	}
	n := 0
	for _, p := range all {
		hBase := Analyze(p.harmful, Options{Application: "assistant"}).Class == Dangerous
		bBase := Analyze(p.benign, Options{Application: "assistant"}).Class == Dangerous
		for _, sp := range spellings {
			if (sp.name == "look-alikes" || sp.name == "math bold" || sp.name == "full width") && !latinOnly(p.harmful+p.benign) {
				continue // the tricks of Latin letters
			}
			n++
			if hBase {
				if v := sp.f(p.harmful); Analyze(v, Options{Application: "assistant"}).Class != Dangerous {
					t.Errorf("[%s, %s] %q is not blocked", p.lang, sp.name, v)
				}
			}
			if !bBase && sp.name != "upper" { // shouting is urgency: it may tip a bulk action by itself
				if v := sp.f(p.benign); Analyze(v, Options{Application: "assistant"}).Class == Dangerous {
					t.Errorf("[%s, %s] benign %q is blocked", p.lang, sp.name, v)
				}
			}
		}
	}
	t.Logf("%d pairs × spellings", n)
}

func latinOnly(s string) bool {
	for _, r := range s {
		if unicode.IsLetter(r) && !unicode.Is(unicode.Latin, r) {
			return false
		}
	}
	return true
}

// decompose writes accented letters as a base letter and a combining mark.
func decompose(s string) string {
	marks := map[rune]string{'á': "a\u0301", 'é': "e\u0301", 'í': "i\u0301", 'ó': "o\u0301", 'ú': "u\u0301", 'ä': "a\u0308", 'ö': "o\u0308",
		'ü': "u\u0308", 'è': "e\u0300", 'à': "a\u0300", 'ç': "c\u0327", 'ñ': "n\u0303", 'ã': "a\u0303", 'õ': "o\u0303", 'ê': "e\u0302", 'ô': "o\u0302"}
	var b strings.Builder
	for _, r := range s {
		if m, ok := marks[r]; ok {
			b.WriteString(m)
			continue
		}
		b.WriteRune(r)
	}
	return b.String()
}

func fullWidth(s string) string {
	var b strings.Builder
	for _, r := range s {
		switch {
		case r > ' ' && r < 0x7f:
			b.WriteRune(r + 0xFEE0)
		case r == ' ':
			b.WriteRune(0x3000)
		default:
			b.WriteRune(r)
		}
	}
	return b.String()
}

// interleave puts sep inside every word of four letters or more.
func interleave(s, sep string) string {
	words := strings.Split(s, " ")
	for i, w := range words {
		rs := []rune(w)
		if len(rs) < 4 {
			continue
		}
		words[i] = string(rs[:2]) + sep + string(rs[2:])
	}
	return strings.Join(words, " ")
}

// lookAlikes swaps Latin letters for the Cyrillic and Greek ones that look
// the same.
func lookAlikes(s string) string {
	swap := map[rune]rune{'a': 'а', 'e': 'е', 'o': 'о', 'p': 'р', 'c': 'с', 'x': 'х', 'y': 'у', 'i': 'і', 'A': 'Α', 'O': 'Ο'}
	var b strings.Builder
	for _, r := range s {
		if c, ok := swap[r]; ok {
			r = c
		}
		b.WriteRune(r)
	}
	return b.String()
}

func mathBold(s string) string {
	var b strings.Builder
	for _, r := range s {
		switch {
		case r >= 'A' && r <= 'Z':
			b.WriteRune(0x1D400 + r - 'A')
		case r >= 'a' && r <= 'z':
			b.WriteRune(0x1D41A + r - 'a')
		default:
			b.WriteRune(r)
		}
	}
	return b.String()
}
