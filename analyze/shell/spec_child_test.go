package shell

import (
	"math/rand/v2"
	"strings"
	"testing"
)

// TestCompareJoined: compareJoined orders as strings.Compare against the
// joined text, over generated texts around the joining space.
func TestCompareJoined(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 7))
	alphabet := "ab \x1f!"
	word := func() string {
		b := make([]byte, r.IntN(5))
		for i := range b {
			b[i] = alphabet[r.IntN(len(alphabet))]
		}
		return string(b)
	}
	for range 100000 {
		x, a, b := word(), word(), word()
		if r.IntN(3) == 0 {
			x = a + " " + b + alphabet[:r.IntN(2)] // equal, or one byte longer
		}
		if got, want := compareJoined(x, a, b), strings.Compare(x, a+" "+b); got != want {
			t.Fatalf("compareJoined(%q, %q, %q) = %d, want %d", x, a, b, got, want)
		}
	}
}

// TestSpecChildSameAsLookup: every subcommand block and alias is found
// by child under its parent, the same spec as looking the joined key up,
// the first time and once remembered; a word that names no block below
// the parent finds none.
func TestSpecChildSameAsLookup(t *testing.T) {
	ix := specs()
	found := 0
	for _, e := range ix.tab.entries {
		parent, word, ok := cutLast(e.key)
		if !ok {
			continue
		}
		p := ix.lookup(parent)
		if p == nil || p.attrs&attrSub == 0 {
			continue
		}
		// Under an alias (mamba for conda) the parent's own key names the
		// child, as the joined key did before.
		want := ix.lookup(p.Key + " " + word)
		for round := range 2 {
			if got := p.child(word); got != want {
				t.Fatalf("%q under %q (round %d): child gives %s, the index %s", word, parent, round, specString(got), specString(want))
			}
		}
		for _, miss := range []string{word + "x", word[:len(word)-1], strings.ToUpper(word) + "!", "-" + word} {
			if want := ix.lookup(p.Key + " " + miss); !ix.hasKey(p.Key+" "+miss) && p.child(miss) != nil {
				t.Fatalf("%q under %q: child finds a subcommand the index does not have (%s)", miss, parent, specString(want))
			}
		}
		found++
	}
	for _, a := range ix.tab.aliases {
		parent, word, ok := cutLast(a.from)
		if !ok {
			continue
		}
		if p := ix.lookup(parent); p != nil && p.attrs&attrSub != 0 {
			if got, want := p.child(word), ix.lookup(p.Key+" "+word); got != want {
				t.Fatalf("alias %q: child gives %s, the index %s", a.from, specString(got), specString(want))
			}
		}
	}
	if found < 50 {
		t.Fatalf("only %d subcommands checked: the index was not read", found)
	}
}

// cutLast splits "git stash drop" into "git stash" and "drop".
func cutLast(key string) (string, string, bool) {
	i := strings.LastIndexByte(key, ' ')
	if i <= 0 || i == len(key)-1 {
		return "", "", false
	}
	return key[:i], key[i+1:], true
}
