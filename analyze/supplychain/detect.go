package supplychain

import (
	"math/bits"
	"slices"
	"strconv"
	"strings"

	"github.com/actionguard/actionguard/internal/editdist"
)

// Technique names how a name imitates a popular one.
type Technique string

const (
	// Typo: one or two letters added, dropped, changed or swapped (lodahs, reqeusts).
	Typo Technique = "typo"
	// Separators: the same letters with separators added, dropped or
	// changed (pythondateutil, lodash_es).
	Separators Technique = "separators"
	// LookAlike: characters that read alike (0/o, 1/l, rn/m, vv/w).
	LookAlike Technique = "look-alike characters"
	// Scope: an npm scope folded into the name or misspelt
	// (types-node, @typess/node), or a Go module under a look-alike owner.
	Scope Technique = "scope confusion"
	// Combo: the popular name with a word added (lodash-utils, python3-dateutil).
	Combo Technique = "combosquatting"
)

// Squat is a package name that imitates a popular one.
type Squat struct {
	Ecosystem Ecosystem `json:"ecosystem"`
	Name      string    `json:"name"`      // the name as the command gives it
	Target    string    `json:"target"`    // the popular package it looks like
	Technique Technique `json:"technique"` // how
	Rank      int       `json:"rank"`      // the target's rank in the list (1 is the most popular)
}

// Why says for a person what the name imitates and how, and asks whether
// the popular one was meant.
func (s Squat) Why() string {
	n, t, pop := quoteName(s.Name), quoteName(s.Target), "a popular "+s.Ecosystem.Label()+" package"
	var what string
	switch s.Technique {
	case Separators:
		what = n + " has the letters of " + t + ", " + pop + ", with its separators changed"
	case LookAlike:
		what = n + " writes " + t + ", " + pop + ", with look-alike characters"
	case Scope:
		what = n + " looks like " + t + ", " + pop + ", under another scope or owner"
	case Combo:
		what = n + " is " + t + ", " + pop + ", with a word added"
	default:
		what = n + " is a letter or two away from " + t + ", " + pop
	}
	return what + " (did you mean " + s.Target + "?)"
}

func quoteName(s string) string { return "\"" + s + "\"" }

// Index finds the popular names a name imitates, for one ecosystem. It is
// kept packed, as the generator ships it: the targets in rank order (a name
// a line) and a sorted table of lookup keys, searched in place, so that
// opening one costs nothing however long the list.
type Index struct {
	eco    Ecosystem
	ranked string // the targets, most popular first, a name a line (# comments)
	table  string // sorted lines "<kind><key>\t<rank>"
}

// The kinds of table lines.
const (
	kindExact  = '=' // a target's normalised name
	kindStrip  = 's' // a target's name without separators
	kindAlike  = 'a' // a target's name with look-alike characters folded
	kindScoped = 'c' // npm: @scope/name as scope+name without separators
	kindBare   = 'b' // npm: the name of @scope/name
	kindExempt = 'x' // an established name that is not a squat
)

// hit is a target found: its rank (0 is the most popular) and its name.
type hit struct {
	rank int
	name string
}

// combos is how many of the most popular names combosquatting is looked
// for around: a word added to a rarely used name is just another name.
const combos = 3000

// NewIndex builds the index of targets (most popular first) with the
// established names that resemble one but are not squats.
func NewIndex(eco Ecosystem, targets, exempt []string) *Index {
	var lines []string
	seen := map[string]bool{}
	add := func(kind byte, key string, rank int, name string) {
		if key != "" {
			lines = append(lines, string(kind)+key+"\t"+strconv.Itoa(rank))
		}
	}
	var ranked strings.Builder
	rank := 0
	for _, t := range targets {
		k := eco.normalize(t)
		if k == "" || seen[k] || strings.ContainsAny(t, "\t\n") {
			continue
		}
		seen[k] = true
		ranked.WriteString(t + "\n")
		add(kindExact, k, rank, t)
		if st := stripSeparators(k); st != k {
			add(kindStrip, st, rank, t)
		}
		if a := foldAlike(k); a != k {
			add(kindAlike, a, rank, t)
		}
		if scope, name, ok := strings.Cut(strings.TrimPrefix(k, "@"), "/"); ok && strings.HasPrefix(k, "@") && eco == NPM {
			add(kindScoped, stripSeparators(scope+name), rank, t)
			add(kindBare, name, rank, t)
		}
		rank++
	}
	for _, e := range exempt {
		if k := eco.normalize(e); !seen[k] && !strings.ContainsAny(e, "\t\n") {
			add(kindExempt, k, -1, e)
		}
	}
	slices.Sort(lines)
	return &Index{eco: eco, ranked: ranked.String(), table: strings.Join(lines, "\n") + "\n"}
}

// Table is the packed lookup table, as the generator ships it.
func (ix *Index) Table() string { return ix.table }

// Len is the number of popular names.
func (ix *Index) Len() int {
	n := 0
	ix.each(func(int, string) bool { n++; return true })
	return n
}

// each calls f with the targets in rank order until it returns false.
func (ix *Index) each(f func(rank int, name string) bool) {
	rank := 0
	for s := ix.ranked; s != ""; {
		line := s
		if i := strings.IndexByte(s, '\n'); i >= 0 {
			line, s = s[:i], s[i+1:]
		} else {
			s = ""
		}
		if line == "" || line[0] == '#' {
			continue
		}
		if !f(rank, strings.TrimSuffix(line, "\r")) {
			return
		}
		rank++
	}
}

// find returns the best-ranked target of kind for key.
func (ix *Index) find(kind byte, key string) (hit, bool) {
	best := -1
	ix.findAll(kind, key, func(r int) bool {
		if best < 0 || r < best {
			best = r
		}
		return true
	})
	if best < 0 {
		if kind == kindExempt {
			return hit{}, ix.has(kind, key)
		}
		return hit{}, false
	}
	return ix.hit(best), true
}

// has reports whether the table has a line of kind for key.
func (ix *Index) has(kind byte, key string) bool {
	found := false
	ix.findAll(kind, key, func(int) bool { found = true; return false })
	return found
}

// hit names the target of a rank.
func (ix *Index) hit(rank int) hit {
	h := hit{rank: rank}
	ix.each(func(r int, name string) bool {
		if r == rank {
			h.name = name
			return false
		}
		return true
	})
	return h
}

// findAll calls f with the rank of every line of kind for key (-1 for
// an exemption) until it returns false.
func (ix *Index) findAll(kind byte, key string, f func(rank int) bool) {
	if key == "" {
		return
	}
	prefix := string(kind) + key + "\t"
	t := ix.table
	lo, hi := 0, len(t)
	// Binary search over line starts: the first line >= prefix.
	for lo < hi {
		mid := (lo + hi) / 2
		start := strings.LastIndexByte(t[:mid], '\n') + 1
		end := strings.IndexByte(t[start:], '\n')
		if end < 0 {
			end = len(t)
		} else {
			end += start
		}
		if t[start:end] < prefix {
			lo = end + 1
		} else {
			hi = start
		}
	}
	for lo < len(t) && strings.HasPrefix(t[lo:], prefix) {
		end := strings.IndexByte(t[lo:], '\n')
		if end < 0 {
			end = len(t)
		} else {
			end += lo
		}
		r, err := strconv.Atoi(t[lo+len(prefix) : end])
		lo = end + 1
		if err != nil {
			continue
		}
		if !f(r) {
			return
		}
	}
}

func (ix *Index) known(k string) bool {
	return ix.has(kindExact, k) || ix.has(kindExempt, k)
}

// Popular reports whether name is one of the popular names or an
// established name that resembles one.
func (ix *Index) Popular(name string) bool {
	k := ix.eco.normalize(name)
	return ix.known(k) || ix.within(k)
}

// within reports whether k is a part of a popular Go module (a package
// inside it, a major version of it).
func (ix *Index) within(k string) bool {
	if ix.eco != Go {
		return false
	}
	for p := goBase(k); ; {
		if ix.known(p) {
			return true
		}
		j := strings.LastIndexByte(p, '/')
		if j <= 0 {
			return false
		}
		p = p[:j]
	}
}

// Check reports whether name imitates a popular name.
func (ix *Index) Check(name string) (Squat, bool) {
	k := ix.eco.normalize(name)
	if k == "" || len(k) > 214 || ix.known(k) || ix.within(k) {
		return Squat{}, false
	}
	found := func(h hit, t Technique) (Squat, bool) {
		return Squat{Ecosystem: ix.eco, Name: name, Target: h.name, Technique: t, Rank: h.rank + 1}, true
	}
	if ix.eco == Go {
		if h, t, ok := ix.goSquat(k); ok {
			return found(h, t)
		}
		return Squat{}, false
	}
	if h, ok := ix.stripped(stripSeparators(k)); ok && len(stripSeparators(k)) >= 4 {
		if strings.HasPrefix(ix.eco.normalize(h.name), "@") != strings.HasPrefix(k, "@") {
			return found(h, Scope)
		}
		return found(h, Separators)
	}
	if h, ok := ix.lookAlike(k); ok && len(k) >= 4 {
		return found(h, LookAlike)
	}
	if ix.eco == NPM {
		if h, ok := ix.scope(k); ok {
			return found(h, Scope)
		}
	}
	if h, ok := ix.combo(k); ok {
		return found(h, Combo)
	}
	if h, ok := ix.nearest(k); ok {
		return found(h, Typo)
	}
	return Squat{}, false
}

// stripped finds the target whose name without separators is st.
func (ix *Index) stripped(st string) (hit, bool) {
	a, okA := ix.find(kindStrip, st)
	b, okB := ix.find(kindExact, st)
	if okB && (!okA || b.rank < a.rank) {
		return b, true
	}
	return a, okA
}

// nearest returns the most popular target within the edit distance its
// length allows.
func (ix *Index) nearest(k string) (hit, bool) {
	var best hit
	ok := false
	kl := letters(k)
	ix.each(func(rank int, name string) bool {
		if len(name) < len(k)-3 || len(name) > len(k)+3 {
			return true
		}
		t := ix.eco.normalize(name)
		if len(t) < len(k)-2 || len(t) > len(k)+2 || bits.OnesCount64(kl^letters(t)) > 4 {
			return true
		}
		if d := distance(k, t, 2); d <= allowed(t) && d > 0 && segmentsAlike(k, t, d) {
			best, ok = hit{rank: rank, name: name}, true
			return false
		}
		return true
	})
	return best, ok
}

// allowed is the edit distance at which a name counts as a typo of t:
// none for short names (where one letter makes another word), one from
// five characters, two from ten.
func allowed(t string) int {
	switch n := len(t); {
	case n >= 10:
		return 2
	case n >= 5:
		return 1
	}
	return 0
}

// segmentsAlike reports whether a typo of d edits between k and t stays
// within the words of the name: a word changed whole (eslint-config-next,
// eslint-config-hexo) or a short word changed (@types/ms, @types/qs) is
// another name, not a typo; a doubled or dropped letter (react-domm) is one.
func segmentsAlike(k, t string, d int) bool {
	ks, ts := segments(k), segments(t)
	if len(ks) != len(ts) {
		return d == 1 && len(t) >= 8
	}
	for i := range ks {
		a, b := ks[i], ts[i]
		if a == b {
			continue
		}
		if doubled(a, b) || doubled(b, a) {
			continue
		}
		limit := allowed(b)
		if len(b) == 4 {
			limit = 1
		}
		if limit == 0 || distance(a, b, limit) > limit {
			return false
		}
	}
	return true
}

// doubled reports whether a is b with one of its letters doubled.
func doubled(a, b string) bool {
	if len(a) != len(b)+1 || len(b) < 2 {
		return false
	}
	for i := 0; i < len(b); i++ {
		if a[i] != b[i] {
			return i > 0 && a[i] == a[i-1] && a[i+1:] == b[i:]
		}
	}
	return a[len(b)] == a[len(b)-1]
}

// segments splits a name into its words.
func segments(k string) []string {
	return strings.FieldsFunc(k, func(r rune) bool { return r == '-' || r == '_' || r == '.' || r == '/' || r == '@' })
}

// scope finds npm's scope confusions: a popular @scope/name written
// without its scope marker (types-node, typesnode), or with a scope a
// letter away (@typess/node, @angullar/core).
func (ix *Index) scope(k string) (hit, bool) {
	if !strings.HasPrefix(k, "@") {
		return ix.find(kindScoped, stripSeparators(k))
	}
	scope, name, ok := strings.Cut(k[1:], "/")
	if !ok || name == "" {
		return hit{}, false
	}
	// The targets named so, then their names in one pass over the list
	// (it stops after the last of them).
	var want []int
	ix.findAll(kindBare, name, func(r int) bool { want = append(want, r); return true })
	if len(want) == 0 {
		return hit{}, false
	}
	slices.Sort(want)
	var best hit
	found := false
	ix.each(func(r int, target string) bool {
		if r < want[0] {
			return true
		}
		want = want[1:]
		ts, _, _ := strings.Cut(strings.TrimPrefix(ix.eco.normalize(target), "@"), "/")
		limit := 1
		if len(ts) >= 8 {
			limit = 2
		}
		if ts != scope && len(ts) >= 4 && distance(scope, ts, limit) <= limit {
			best, found = hit{rank: r, name: target}, true
			return false // ranks come in order: the first is the most popular
		}
		return len(want) > 0
	})
	return best, found
}

// comboWords are the words squatters add to a popular name.
var comboWords = []string{
	"js", "node", "nodejs", "py", "python", "python3", "py3", "cli", "dev", "lib", "libs", "utils", "util", "api", "sdk", "core",
	"tool", "tools", "pkg", "package", "official", "secure", "security", "safe", "fix", "fixed", "latest", "new", "v2", "v3",
	"2", "3", "x", "plus", "pro", "ng", "lite", "helper", "helpers", "client", "server", "ts", "lang", "update", "updated",
	"patch", "free", "test", "rs", "rust", "rb", "ruby", "go", "golang",
}

// combo finds a popular name with a word added before or after it.
func (ix *Index) combo(k string) (hit, bool) {
	var best hit
	found := false
	try := func(base string) {
		if h, ok := ix.find(kindExact, base); ok && h.rank < combos && len(base) >= 4 && (!found || h.rank < best.rank) {
			best, found = h, true
		}
	}
	for _, w := range comboWords {
		for _, sep := range []string{"-", "_", ".", ""} {
			short := 4
			if sep == "" {
				short = 5 // diffpatch is not diff with a word added
			}
			if rest, ok := strings.CutSuffix(k, sep+w); ok && len(rest) >= short {
				try(rest)
			}
			if rest, ok := strings.CutPrefix(k, w+sep); ok && len(rest) >= short {
				try(rest)
			}
		}
	}
	return best, found
}

// goSquat finds a Go module path imitating a popular one: the same
// repository under an owner a letter or two away, or a repository a
// letter or two away under the same owner.
func (ix *Index) goSquat(k string) (hit, Technique, bool) {
	host, owner, repo, rest := goParts(goBase(k))
	if repo == "" {
		if h, ok := ix.nearest(goBase(k)); ok {
			return h, Typo, true
		}
		return hit{}, "", false
	}
	var best hit
	var how Technique
	ix.each(func(rank int, name string) bool {
		th, to, tr, trest := goParts(goBase(ix.eco.normalize(name)))
		if th != host || trest != rest || (to == owner && tr == repo) {
			return true
		}
		switch {
		case tr == repo && to != owner && len(to) >= 4 && distance(owner, to, max(allowed(to), 1)) <= max(allowed(to), 1):
			how = Scope
		case to == owner && tr != repo && allowed(tr) > 0 && distance(repo, tr, allowed(tr)) <= allowed(tr):
			how = Typo
		case to == owner && tr != repo && stripSeparators(repo) == stripSeparators(tr):
			how = Separators
		default:
			return true
		}
		best = hit{rank: rank, name: name}
		return false
	})
	return best, how, how != ""
}

// goBase is a module path without its version query and major-version suffix.
func goBase(k string) string {
	if i := strings.IndexByte(k, '@'); i >= 0 {
		k = k[:i]
	}
	k = strings.TrimSuffix(k, "/...")
	if j := strings.LastIndexByte(k, '/'); j > 0 && len(k) > j+2 && k[j+1] == 'v' && allDigits(k[j+2:]) {
		k = k[:j]
	}
	return k
}

// goParts splits host/owner/repo[/rest] for the code hosts whose paths
// have owners; other paths have no owner.
func goParts(k string) (host, owner, repo, rest string) {
	parts := strings.SplitN(k, "/", 4)
	if len(parts) < 3 {
		return k, "", "", ""
	}
	switch parts[0] {
	case "github.com", "gitlab.com", "bitbucket.org", "codeberg.org", "gitee.com":
	default:
		return k, "", "", ""
	}
	if len(parts) == 4 {
		rest = parts[3]
	}
	return parts[0], parts[1], parts[2], rest
}

func allDigits(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return s != ""
}

// stripSeparators drops - _ . and, in a scoped npm name, @ and /.
func stripSeparators(k string) string {
	if !strings.ContainsAny(k, "-_.@/") {
		return k
	}
	var b strings.Builder
	b.Grow(len(k))
	for i := 0; i < len(k); i++ {
		switch k[i] {
		case '-', '_', '.', '@', '/':
		default:
			b.WriteByte(k[i])
		}
	}
	return b.String()
}

// lookAlike finds the target that k writes with look-alike characters.
func (ix *Index) lookAlike(k string) (hit, bool) {
	a := foldAlike(k)
	if h, ok := ix.find(kindAlike, a); ok {
		return h, true
	}
	if a == k {
		return hit{}, false
	}
	return ix.find(kindExact, a)
}

// foldAlike writes characters that read alike the same way.
func foldAlike(k string) string {
	if !strings.ContainsAny(k, "rvc01235$!") {
		return k
	}
	return alikeReplacer.Replace(k)
}

var alikeReplacer = strings.NewReplacer("rn", "m", "vv", "w", "cl", "d", "0", "o", "1", "l", "3", "e", "5", "s", "$", "s", "!", "i")

// letters is the set of bytes of k, folded to 64 bits: an edit changes at
// most two of them, so names whose sets differ in more than 2d cannot be
// d edits apart.
func letters(k string) uint64 {
	var m uint64
	for i := 0; i < len(k); i++ {
		m |= 1 << (k[i] & 63)
	}
	return m
}

// distance is the edit distance (see editdist.OSA), or limit+1 beyond limit.
func distance(a, b string, limit int) int { return editdist.OSA(a, b, limit) }
