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

// TestWithoutBytesLikeReplacer: withoutBytes gives what the strings.Replacer
// it stands for gives, on generated words with multi-byte characters.
func TestWithoutBytesLikeReplacer(t *testing.T) {
	rep := strings.NewReplacer("-", "", "_", "", ".", "")
	alphabet := []string{"-", "_", ".", "a", "D", "é", "\u212A", "\x00", "delete", "do", "x"}
	r := rand.New(rand.NewPCG(5, 9))
	for range 20000 {
		var b strings.Builder
		for range r.IntN(10) {
			b.WriteString(alphabet[r.IntN(len(alphabet))])
		}
		w := b.String()
		if got, want := withoutBytes(w, "-_."), rep.Replace(w); got != want {
			t.Errorf("withoutBytes(%q) = %q, want %q", w, got, want)
		}
	}
}

// TestShowChangeMarks: a path without the marks is shown as it is, one
// with them as the replacer shows it.
func TestShowChangeMarks(t *testing.T) {
	rep := strings.NewReplacer("/"+selfDeep+"/", "/…/", selfAny, "…", selfDynamic, "…")
	for _, p := range []string{"", "a/b", "~/.claude/settings.json", "/x/**/y", "**", "a/" + selfAny + "/b", selfDynamic, "a\x00b", "/**/", "***"} {
		if got, want := showChange(p), rep.Replace(p); got != want {
			t.Errorf("showChange(%q) = %q, want %q", p, got, want)
		}
	}
}

// TestMayAlignComplete: the walk of a path against the places finds one
// only for a path mayAlign lets through, for every generated path (plain
// names, the places' own names in every position, wildcards, names known
// at run time), tree or not, from several working directories and homes,
// with and without configured places.
func TestMayAlignComplete(t *testing.T) {
	names := []string{"src", "build", "node_modules", "app.go", "project", "home", "dev", "tmp", "etc", "srv", "ag", "Library", "library",
		"application support", "appdata", "x.log", "*", "**", "*.json", "settings*", selfAny, "\x00dyn", "a\x00b"}
	for _, pl := range selfPlacesOnce() {
		names = append(names, pl.parts...)
	}
	paths := selfReachPaths()
	r := rand.New(rand.NewPCG(21, 4))
	for range 20000 {
		var b strings.Builder
		if r.IntN(2) == 0 {
			b.WriteString("/")
		}
		for k := range 1 + r.IntN(6) {
			if k > 0 {
				b.WriteByte('/')
			}
			b.WriteString(names[r.IntN(len(names))])
		}
		paths = append(paths, b.String())
	}
	opts := []Options{
		{Cwd: "/home/dev/project", Home: "/home/dev"},
		{Cwd: "/tmp/work/repo", Home: "/home/dev"},
		{Cwd: "/home/dev/project", Home: "/home/dev", ControlPlane: []string{"/etc/actionguard", "/srv/ag/policy.yaml"}},
		{Cwd: "", Home: "/home/dev"},
		{Cwd: "/home/dev/project", Home: ""},
	}
	found, skipped := 0, 0
	for _, opt := range opts {
		e := newAnalysis(opt)
		for _, p := range paths {
			abs, _ := e.resolve(p)
			parts := selfParts(abs)
			if len(parts) == 0 {
				continue
			}
			kind := componentKinds(parts, nil)
			may := e.mayAlign(parts, kind)
			for _, tree := range []bool{false, true} {
				part := e.alignPlaces(parts, kind, e.homeParts(), tree)
				if part.ok() {
					found++
					if !may {
						t.Errorf("cwd %q home %q: %q (tree %v) reaches %q, but mayAlign skips it", opt.Cwd, opt.Home, p, tree, part.what)
					}
				}
			}
			if !may {
				skipped++
			}
		}
	}
	if found == 0 || skipped == 0 {
		t.Fatalf("%d paths reach a place, %d are skipped: the comparison tells nothing", found, skipped)
	}
	t.Logf("%d judgements reach a place; %d paths skipped", found, skipped)
}
