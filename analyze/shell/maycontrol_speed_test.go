package shell

import (
	"math/rand/v2"
	"path"
	"strings"
	"testing"
)

// mayControlRef is mayControl as it read before the one-pass reading and
// before the bases a hint covers were dropped: every configured base
// looked for in the lowered word. The reference of the differential test.
func (e *analysis) mayControlRef(a string, bases []string) bool {
	if e.inControl || e.disk != nil && diskPathLike(a) {
		return true
	}
	if hasControlHint(a) {
		return true
	}
	lower := strings.ToLower(a)
	for _, b := range bases {
		if strings.Contains(lower, b) {
			return true
		}
	}
	return globPathWord(a)
}

// mayControlWords are arguments built from the hints (in every case, cut
// short, next to wildcards, slashes and characters that lower differently),
// the bases of configured places and ordinary words, in generated mixes.
func mayControlWords() []string {
	pieces := []string{"", "a", "/", ".", "_", "-", "~", "*", "?", "[", "]", "K", "\u212A", "İ", "é", "src", "build", "guard.db",
		"GUARD.DB", "policy.yaml", "ag-state", "AG-State", "modes.json", "$HOME", "$x"}
	var words []string
	for _, h := range controlHints {
		for _, w := range []string{h, strings.ToUpper(h), h[:len(h)-1], h[1:], strings.ReplaceAll(h, "k", "\u212A")} {
			for _, p := range pieces {
				words = append(words, p+w, w+p, p+w+p, p+"/"+w, w+"/"+p)
			}
		}
	}
	r := rand.New(rand.NewPCG(8, 17))
	alphabet := append([]string{"c", "C", "x", "l", "L", "a", "A", "h", "H", "o", "k", "s", "d", "g", "_"}, pieces...)
	for range 30000 {
		var b strings.Builder
		for range r.IntN(10) {
			b.WriteString(alphabet[r.IntN(len(alphabet))])
		}
		words = append(words, b.String())
	}
	return words
}

// TestMayControlSameAsBefore: reading a word in one pass, and not looking
// again for a configured base that holds a hint, changes no answer: every
// generated word, under configured places whose bases hold a hint, hold
// none, or both, is answered as the full reading answers it.
func TestMayControlSameAsBefore(t *testing.T) {
	words := mayControlWords()
	controls := [][]string{
		nil,
		{"/root/.config/actionguard"},
		{"/srv/ag/guard.db", "/srv/ag/sessions", "/srv/ag/approvals"},
		{"/etc/actionguard", "/srv/AG-State/policy.yaml", "/opt/x/.claude"},
		{"/srv/ag/ag-state"},
	}
	yes := 0
	for _, control := range controls {
		e := newAnalysis(Options{Cwd: "/home/dev/project", Home: "/home/dev", ControlPlane: control})
		var all []string
		for _, p := range control {
			all = append(all, strings.ToLower(path.Base(path.Clean(p))))
		}
		for _, w := range words {
			got, want := e.mayControl(w), e.mayControlRef(w, all)
			if got != want {
				t.Errorf("control %q: mayControl(%q) = %v, before %v", control, w, got, want)
			}
			if want {
				yes++
			}
		}
	}
	if yes == 0 || yes == len(words)*len(controls) {
		t.Fatalf("%d of %d words may name a place: the comparison tells nothing", yes, len(words)*len(controls))
	}
}

// TestMayControlWordBytes: every byte a hint starts with, in either case,
// is one mayControlWord stops at, and the one-pass reading agrees with
// hasControlHint || globPathWord on every generated word.
func TestMayControlWordBytes(t *testing.T) {
	for _, h := range controlHints {
		for _, b := range []byte{h[0], strings.ToUpper(h[:1])[0]} {
			if k := wordBytes[b]; k != wbHint && k != wbSlash {
				t.Errorf("hint %q starts with %q, which mayControlWord skips", h, b)
			}
		}
	}
	for _, w := range mayControlWords() {
		if got, want := mayControlWord(w), hasControlHint(w) || globPathWord(w); got != want {
			t.Errorf("mayControlWord(%q) = %v, want %v", w, got, want)
		}
	}
}

// FuzzMayControlWord compares the one-pass reading with the two it
// stands for.
func FuzzMayControlWord(f *testing.F) {
	for _, s := range []string{"~/.Claude/settings.json", "~/.l*/st*/act*/audit.k*", "src/*.go", "ho\u212As/", "plain", "C:\\Users\\x\\AppData"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if got, want := mayControlWord(s), hasControlHint(s) || globPathWord(s); got != want {
			t.Errorf("mayControlWord(%q) = %v, want %v", s, got, want)
		}
	})
}
