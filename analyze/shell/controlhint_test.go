package shell

import (
	"math/rand/v2"
	"strings"
	"testing"
)

// TestHasControlHintLikeLowered: the one-pass reading of an argument finds
// a hint exactly when the lowered argument contains one, for every hint
// in every mix of cases, cut short, embedded, and next to text that
// lowers differently (the Kelvin sign lowers to k, İ to i̇).
func TestHasControlHintLikeLowered(t *testing.T) {
	var words []string
	pieces := []string{"", "a", "/", ".", "_", "-", "ActionGuard", "K", "\u212A", "İ", "é", "~", "*", "hooks", "HOOK"}
	for _, h := range controlHints {
		for _, w := range []string{h, strings.ToUpper(h), h[:len(h)-1], h[1:]} {
			for _, p := range pieces {
				words = append(words, p+w, w+p, p+w+p)
			}
		}
		// Every case of every letter, one at a time.
		for i := range h {
			words = append(words, h[:i]+strings.ToUpper(h[i:i+1])+h[i+1:])
		}
		// The Kelvin sign where a k is.
		words = append(words, strings.ReplaceAll(h, "k", "\u212A"))
	}
	r := rand.New(rand.NewPCG(1, 2))
	alphabet := []string{"c", "C", "t", "i", "o", "n", "g", "u", "a", "r", "d", "x", "D", "G", "_", ".", "/", "h", "H", "o", "k", "s", "l", "L", "e", "m", "\u212A", "é"}
	for range 20000 {
		var b strings.Builder
		for range r.IntN(24) {
			b.WriteString(alphabet[r.IntN(len(alphabet))])
		}
		words = append(words, b.String())
	}
	for _, w := range words {
		if got, want := hasControlHint(w), controlHintIn(strings.ToLower(w)); got != want {
			t.Errorf("hasControlHint(%q) = %v, the lowered reading %v", w, got, want)
		}
	}
}

// FuzzHasControlHint compares the one-pass reading with the lowered one.
func FuzzHasControlHint(f *testing.F) {
	for _, s := range []string{"~/.Claude/settings.json", "/home/u/.config/ACTIONGUARD/x", "$XDG_STATE_HOME", "ho\u212As/", "plain"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if got, want := hasControlHint(s), controlHintIn(strings.ToLower(s)); got != want {
			t.Errorf("hasControlHint(%q) = %v, the lowered reading %v", s, got, want)
		}
	})
}
