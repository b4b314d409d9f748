package shell

import (
	"strings"
	"sync"
)

// Paths with a part known only when the command runs. tee ~/.claude/$x,
// > ~/.claude/settings${s}.json, ~/.c$x/settings.json, ~/$d/settings.json:
// the variable may hold any text, slashes included, so the path is judged
// by what its literal pieces allow. The text before the first unknown
// part is a fixed prefix; the text after the last one a fixed tail; what
// lies between may be anything. A protected place is reached when some
// value of the unknown part makes the path the place or a path inside it:
// the prefix already inside the place, or the prefix the start of the
// place's name with a tail that can end it. Where the prefix stops right
// at a directory (~/$d/…), only a tail that names the place's own last
// component (/settings.json, /hooks/…) aims at it: ~/project/$x and
// ~/$x.txt are ordinary files.

// unknownSplit cuts a path as written into its literal prefix and tail
// around the parts known only at run time ($x, ${x}, ${x:-…}, $(…), `…`,
// the analysis's own run-time marks); ok is false for a path with none.
func unknownSplit(p string) (prefix, tail string, ok bool) {
	first, last := -1, -1
	start := 0
	for _, h := range []string{`"$HOME"`, `"${HOME}"`, "$HOME", "${HOME}", `"$HOME`, `"${HOME}`} {
		// The home directory is known: resolve reads it.
		if strings.HasPrefix(p, h) && (len(p) == len(h) || p[len(h)] == '/' || p[len(h)] == '"') {
			start = len(h)
			break
		}
	}
	for i := start; i < len(p); {
		end := unknownEnd(p, i)
		if end < 0 {
			i++
			continue
		}
		if first < 0 {
			first = i
		}
		last = end
		i = end
	}
	if first < 0 {
		return "", "", false
	}
	return stripQuotes(p[:first]), stripQuotes(p[last:]), true
}

// unknownEnd is the end of the run-time part starting at p[i], or -1 when
// none starts there.
func unknownEnd(p string, i int) int {
	switch p[i] {
	case 0:
		j := i + 1
		for j < len(p) && p[j] != '/' {
			j++
		}
		return j
	case '`':
		if j := strings.IndexByte(p[i+1:], '`'); j >= 0 {
			return i + 1 + j + 1
		}
		return len(p)
	case '$':
		if i+1 >= len(p) {
			return -1 // a lone $ is a literal dollar
		}
		switch c := p[i+1]; {
		case c == '{' || c == '(':
			return matchingClose(p, i+1)
		case c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z':
			j := i + 2
			for j < len(p) && (p[j] == '_' || p[j] >= 'a' && p[j] <= 'z' || p[j] >= 'A' && p[j] <= 'Z' || p[j] >= '0' && p[j] <= '9') {
				j++
			}
			return j
		case c >= '0' && c <= '9' || strings.IndexByte("@*#?$!-", c) >= 0:
			return i + 2
		}
	}
	return -1
}

// matchingClose is the index after the bracket that closes p[open],
// nesting counted; the end of p when it is not closed.
func matchingClose(p string, open int) int {
	o, c := p[open], byte('}')
	if o == '(' {
		c = ')'
	}
	depth := 0
	for j := open; j < len(p); j++ {
		switch p[j] {
		case o:
			depth++
		case c:
			if depth--; depth == 0 {
				return j + 1
			}
		}
	}
	return len(p)
}

// stripQuotes drops the double and single quotes of a word as written:
// "$HOME/.config/actionguard/$f" keeps its letters.
func stripQuotes(s string) string {
	if !strings.ContainsAny(s, `"'`) {
		return s
	}
	return strings.NewReplacer(`"`, "", `'`, "").Replace(s)
}

// selfReachUnknown judges a path with a part known only at run time (see
// unknownSplit) against the protected places. bare: a path right under
// the home directory whose name is all unknown (tee ~/$x) counts, as it
// does for the programs that only write files; a program that makes
// directories or clones into one (mkdir ~/$d, git clone … ~/$d) is not
// judged by it.
func (e *analysis) selfReachUnknown(p string, bare bool) controlPart {
	abs, tail, part, ok := e.unknownBase(p)
	if !ok {
		return part
	}
	home := strings.ToLower(e.home)
	homeDir := home + "/"
	// Whether an anchor is a directory where the agent reads its settings
	// is asked only of a project's places, and only for some prefixes; the
	// anchors of every project place are the same (each directory of abs),
	// so it is worked out once an anchor, when first asked.
	var projectAnchors []string
	var rootDirs []int8 // by anchor of projectAnchors: 0 not yet asked, 1 no, 2 yes
	var homeParts, cwdParts []string
	rootDirAt := func(k int, at string) bool {
		if rootDirs == nil {
			homeParts, cwdParts = selfParts(home), selfParts(e.cwd)
			rootDirs = make([]int8, len(projectAnchors))
		}
		if rootDirs[k] == 0 {
			rootDirs[k] = 1
			if selfRootDirIn(selfParts(at), homeParts, cwdParts) {
				rootDirs[k] = 2
			}
		}
		return rootDirs[k] == 2
	}
	var homeAnchors []string
	homeRead := false
	for i, pl := range e.places() {
		place := placePath(pl, i)
		project := !pl.home && !pl.root
		var anchors []string
		switch {
		case pl.home && !pl.root:
			// The same for every place of the home directory: read once.
			if !homeRead {
				homeAnchors, homeRead = e.unknownAnchors(abs, pl, home), true
			}
			anchors = homeAnchors
		case !project:
			anchors = e.unknownAnchors(abs, pl, home)
		case projectAnchors == nil:
			projectAnchors = e.unknownAnchors(abs, pl, home)
			anchors = projectAnchors
		default:
			anchors = projectAnchors
		}
		for k, at := range anchors {
			// unknownReach reads rootDir of a project's place only.
			rootDir := func() bool { return project && rootDirAt(k, at) }
			if unknownReach(abs[len(at):], tail, place, pl, rootDir, bare && at == homeDir) {
				// A read of a name known only at run time is the read of
				// the most sensitive file the place holds: actionguard's
				// keys are there.
				return controlPart{what: pl.what, key: agPlace(pl)}
			}
		}
	}
	return controlPart{}
}

// unknownBase reads a path with a part known only at run time for
// selfReachUnknown: its literal prefix as an absolute directory in lower
// case (ending with a slash when the prefix ends with a whole component),
// and its literal tail in lower case with forward slashes. ok is false
// when there is nothing to judge further: part is then the answer (a
// variable that names the control plane) or empty.
func (e *analysis) unknownBase(p string) (abs, tail string, part controlPart, ok bool) {
	if len(p) > 4096 {
		return "", "", controlPart{}, false
	}
	prefix, tail, ok := unknownSplit(p)
	if !ok {
		return "", "", controlPart{}, false
	}
	if part := e.controlVar(p); part.ok() {
		return "", "", part, false // $ACTIONGUARD_DB, ${XDG_CONFIG_HOME}/actionguard/…
	}
	// The prefix as an absolute path; its last component may be cut short
	// (~/.c), which a trailing slash tells apart from a whole one (~/).
	switch {
	case prefix == "":
		abs = e.cwd
	case prefix == "~":
		abs = e.home
	default:
		r, _ := e.resolve(prefix + "x") // the x keeps a cut-short component
		abs = strings.TrimSuffix(r, "x")
	}
	if abs == "" || strings.Contains(abs, "\x00") {
		return "", "", controlPart{}, false
	}
	abs = strings.ToLower(abs)
	if !strings.HasSuffix(abs, "/") && (prefix == "" || prefix == "~" || strings.HasSuffix(prefix, "/")) {
		abs += "/"
	}
	return abs, strings.ToLower(strings.ReplaceAll(tail, "\\", "/")), controlPart{}, true
}

// selfPlacePaths are the components of each of selfPlacesOnce's places joined by
// slashes.
var selfPlacePaths = sync.OnceValue(func() []string {
	out := make([]string, len(selfPlacesOnce()))
	for i, pl := range selfPlacesOnce() {
		out[i] = strings.Join(pl.parts, "/")
	}
	return out
})

// placePath is the components of pl, the i-th of places(), joined by
// slashes. places() starts with selfPlacesOnce's, in their order.
func placePath(pl selfPlace, i int) string {
	if i < len(selfPlacesOnce()) {
		return selfPlacePaths()[i]
	}
	return strings.Join(pl.parts, "/")
}

// rootAnchor is unknownAnchors' answer for a configured place, shared:
// its callers only read it.
var rootAnchor = []string{"/"}

// unknownAnchors are the directories (each ending with a slash) a place
// may start at for a path beginning with abs: the home directory for the
// places only found there, the root for a configured place, any directory
// of abs for a project's.
func (e *analysis) unknownAnchors(abs string, pl selfPlace, home string) []string {
	switch {
	case pl.root:
		return rootAnchor
	case pl.home:
		if home == "" || !strings.HasPrefix(abs, home+"/") {
			return nil
		}
		return []string{abs[:len(home)+1]} // home + "/", which abs starts with
	}
	var out []string
	for i := 0; i < len(abs); i++ {
		if abs[i] == '/' {
			out = append(out, abs[:i+1])
		}
	}
	return out
}

// unknownReach reports whether rel + (anything) + tail can be place or a
// path inside it, for a place anchored where rel starts. rootDir: the
// anchor is a directory where the agent reads its settings; atHome: the
// anchor is the home directory.
func unknownReach(rel, tail, place string, pl selfPlace, rootDir func() bool, atHome bool) bool {
	if pl.root {
		place = strings.TrimPrefix(place, "/")
		rel = strings.TrimPrefix(rel, "/")
	}
	if rel == place || strings.HasPrefix(rel, place+"/") {
		return true // the prefix is already the place or inside it
	}
	if !strings.HasPrefix(place, rel) {
		return false
	}
	project := !pl.home && !pl.root
	if project && !strings.Contains(rel, "/") && !rootDir() {
		// ~/src/.c$x: outside the directories agents read settings from,
		// only a prefix that names the place's first component whole
		// aims at it (as the same path written out would).
		return false
	}
	last := place[strings.LastIndexByte(place, '/')+1:]
	dir := !fileLike(last)
	if rel != "" {
		// The prefix has begun the place's name (~/.c$x, ~/.claude/$x,
		// ~/.claude/settings${s}.json): the unknown part can finish it.
		return dir || strings.HasSuffix(place[len(rel):], tail)
	}
	if !strings.Contains(tail, "/") {
		// ~/$x, ~/$x.yaml: right under the home directory the unknown part
		// may carry the directories of any place there. In a project, the
		// file it names ($out.log) is the project's.
		return atHome
	}
	if project && strings.Contains(tail, "/"+place) {
		return true // $d/.claude/settings.json: the place written out
	}
	// ~/$d/settings.json, ~/$d/hooks/x.sh, ~/$d/actionguard/policy.yaml:
	// a piece of the tail that ends the place, and nothing or a path
	// inside it after.
	whole := "/" + place
	for k := 1; k <= len(tail); k++ {
		if k < len(tail) && tail[k] != '/' {
			continue
		}
		a := tail[:k]
		if !strings.Contains(a, "/") {
			// Only a whole component aims at a place: $x.yaml is some file.
			continue
		}
		if strings.HasSuffix(whole, a) && (k == len(tail) || dir) {
			return true
		}
	}
	return false
}
