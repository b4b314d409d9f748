package shell

import (
	"math/rand/v2"
	"strings"
	"testing"
)

// caseAlphabet mixes the needles' letters in both cases with runes whose
// Unicode case mapping lands on ASCII (the Kelvin sign lowers to k, the
// dotted capital I to i, the dotless i and the long s upper to I and S)
// or changes the byte count.
var caseAlphabet = []string{"a", "A", "c", "C", "t", "T", "i", "I", "o", "O", "n", "N", "g", "G", "u", "U", "r", "R", "d", "D",
	"p", "P", "_", ".", "/", " ", "-", "\u212a", "\u0130", "\u0131", "\u017f", "ß", "é", "\xff", "\u023a"}

// randomCaseText builds a text that often holds one of the needles in a
// random case, with neighbours from caseAlphabet.
func randomCaseText(r *rand.Rand, needles []string) string {
	var b strings.Builder
	for n := r.IntN(12); n > 0; n-- {
		if r.IntN(4) == 0 {
			for _, c := range needles[r.IntN(len(needles))] {
				if r.IntN(2) == 0 {
					b.WriteString(strings.ToUpper(string(c)))
				} else {
					b.WriteRune(c)
				}
			}
			continue
		}
		b.WriteString(caseAlphabet[r.IntN(len(caseAlphabet))])
	}
	return b.String()
}

// TestCaseFastSameAsStrings: the allocation-free tests answer as the
// strings functions they replace, over generated texts that hold the
// needles in every case next to letters whose case mapping is not ASCII's.
func TestCaseFastSameAsStrings(t *testing.T) {
	r := rand.New(rand.NewPCG(17, 29))
	uppers := []string{"ACTIONGUARD_", "ACTIONGUARD", "I", "K"}
	lowers := []string{".pid", "actionguard", "k", "id"}
	set := newUpperSet(uppers...)
	hits := 0
	for range 50000 {
		s := randomCaseText(r, append(uppers, lowers...))
		anyWant := false
		for _, u := range uppers {
			want := strings.Contains(strings.ToUpper(s), u)
			if got := newUpperSet(u).containsAny(s); got != want {
				t.Fatalf("upperSet{%q}.containsAny(%q) = %v, strings says %v", u, s, got, want)
			}
			if want {
				hits++
			}
			anyWant = anyWant || want
		}
		if got := set.containsAny(s); got != anyWant {
			t.Fatalf("upperSet%q.containsAny(%q) = %v, strings says %v", uppers, s, got, anyWant)
		}
		for _, l := range lowers {
			if got, want := hasSuffixLower(s, l), strings.HasSuffix(strings.ToLower(s), l); got != want {
				t.Fatalf("hasSuffixLower(%q, %q) = %v, strings says %v", s, l, got, want)
			}
			if got, want := newLowerSet(l).containsAny(s), strings.Contains(strings.ToLower(s), l); got != want {
				t.Fatalf("lowerSet{%q}.containsAny(%q) = %v, strings says %v", l, s, got, want)
			}
		}
	}
	if hits < 1000 {
		t.Fatalf("only %d texts held a needle: the generator does not test the matching side", hits)
	}
	// Unicode's mappings that land on ASCII are taken into account.
	if !newUpperSet("ACTIONGUARD_").containsAny("act\u0131onguard_x") || !newLowerSet("k").containsAny("\u212a") || !hasSuffixLower("x.p\u0130d", ".pid") {
		t.Fatal("a non-ASCII letter whose case mapping is ASCII was not read as strings reads it")
	}
}

// TestGuardVarHintsSameAsStrings: the one-pass look for the guard's
// variable names answers as a strings.Contains of the upper-cased text a
// name, over texts that hold the names, their beginnings cut short and
// letters whose case mapping is not ASCII's.
func TestGuardVarHintsSameAsStrings(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 11))
	var parts []string
	for _, n := range guardVarHints.needles {
		parts = append(parts, n, n[:len(n)-1])
	}
	hits, misses := 0, 0
	for range 50000 {
		s := randomCaseText(r, parts)
		want := false
		for _, n := range guardVarHints.needles {
			want = want || strings.Contains(strings.ToUpper(s), n)
		}
		if got := mayNameGuardVar(s); got != want {
			t.Fatalf("mayNameGuardVar(%q) = %v, strings says %v", s, got, want)
		}
		if want {
			hits++
		} else {
			misses++
		}
	}
	if hits < 1000 || misses < 1000 {
		t.Fatalf("%d hits and %d misses: the generator does not test both sides", hits, misses)
	}
}

func FuzzCaseFast(f *testing.F) {
	for _, s := range []string{"export ACTIONGUARD_DB=x", "act\u0131onguard_", "/run/ActionGuard.PID", "x.p\u0130d", "\u212a", ""} {
		f.Add(s, "ACTIONGUARD_")
		f.Add(s, ".pid")
	}
	f.Fuzz(func(t *testing.T, s, needle string) {
		upper, lower := strings.ToUpper(needle), strings.ToLower(needle)
		if isASCII(needle) {
			want := strings.Contains(strings.ToUpper(s), upper)
			if got := newUpperSet(upper).containsAny(s); got != want {
				t.Fatalf("upperSet{%q}.containsAny(%q) = %v, strings says %v", upper, s, got, want)
			}
			want = want || strings.Contains(strings.ToUpper(s), "HOME")
			if got := newUpperSet("HOME", upper).containsAny(s); got != want {
				t.Fatalf("upperSet{HOME, %q}.containsAny(%q) = %v, strings says %v", upper, s, got, want)
			}
			want = strings.Contains(strings.ToLower(s), lower) || strings.Contains(strings.ToLower(s), "db")
			if got := newLowerSet("db", lower).containsAny(s); got != want {
				t.Fatalf("lowerSet{db, %q}.containsAny(%q) = %v, strings says %v", lower, s, got, want)
			}
			if got, want := hasSuffixLower(s, lower), strings.HasSuffix(strings.ToLower(s), lower); got != want {
				t.Fatalf("hasSuffixLower(%q, %q) = %v, strings says %v", s, lower, got, want)
			}
		}
	})
}

// TestFoldSetPairsSameAsStrings: the look at the byte after a needle's
// first one answers as strings does, for needles that share their first
// byte, one-byte needles beside longer ones, and needles whose second
// byte is a NUL or outside ASCII.
func TestFoldSetPairsSameAsStrings(t *testing.T) {
	r := rand.New(rand.NewPCG(41, 43))
	sets := [][]string{
		{"AB", "AC", "A"},
		{"HO", "HOME", "HI\x00", "D"},
		{"Aé", "DB", "É"},
	}
	hits := 0
	for _, needles := range sets {
		set := newUpperSet(needles...)
		for range 20000 {
			s := randomCaseText(r, append(needles, "a", "h", "\x00", "é", "ho"))
			want := false
			for _, n := range needles {
				want = want || strings.Contains(strings.ToUpper(s), n)
			}
			if got := set.containsAny(s); got != want {
				t.Fatalf("upperSet%q.containsAny(%q) = %v, strings says %v", needles, s, got, want)
			}
			if want {
				hits++
			}
		}
	}
	if hits < 1000 {
		t.Fatalf("only %d texts held a needle: the generator does not test the matching side", hits)
	}
}
