package shell

import (
	"strings"

	"mvdan.cc/sh/v3/syntax"
)

// This file tracks values through a script the way the shell does as it
// runs: variables and arrays, positional parameters, IFS, aliases and
// functions. A guarded agent can spell "rm -rf /" as an array, a read from
// a here-string or a function argument; the walker follows each of them so
// that the command that runs is judged, not the one that is written.

// shVar is what the analysis knows of one shell variable.
type shVar struct {
	vals  []string // the value, or the elements of an array
	array bool
	dyn   bool // the value is only known when the script runs (vals hold it as written)
	unset bool // unset explicitly: expands to nothing
	// keys are the keys of an associative array (declare -A), one per
	// element of vals.
	keys  []string
	assoc bool
	// ref is the variable a nameref (declare -n r=x) stands for.
	ref string
	// cred is the secret the value holds when a command that prints one
	// gave it (t=$(gh auth token)), else "".
	cred string
	// maybe are known values a dyn scalar may hold: the values it had on
	// the paths that meet here (see dataflow_maybe.go).
	maybe []string
	// net describes the network data the value was read from (a stream's
	// what: a connection, a download), else "" (see net_lines.go).
	net string
}

// fnDef is a function declared in the script, with the source it was
// parsed from (for evidence text).
type fnDef struct {
	decl *syntax.FuncDecl
	src  string
}

// shState is the state of the shell a walker walks: what one process of
// the shell knows. A subshell, a pipeline element or a command
// substitution works on a copy; eval, source and function calls work on
// the same one. Maps are shared with the state it was copied from until
// written (copy on write).
type shState struct {
	vars    map[string]shVar
	funcs   map[string][]fnDef
	aliases map[string]string
	pos     []string // positional parameters $1…, when posKnown
	posDyn  []bool
	// posKnown: the positional parameters were set (set --, a function
	// call); at the top of a command line they are unknown.
	posKnown bool
	// zero is $0 when zeroKnown: the name sh -c 'script' NAME gives.
	zero      string
	zeroDyn   bool
	zeroKnown bool
	// env is the working directory in effect (and the workspace it is
	// judged against); see analysis.dir.
	env      *analysis
	oldDir   string   // $OLDPWD: "" unknown
	dirStack []string // pushd's stack
	// dirAlts are the other directories commands may run in because a cd
	// before them may have failed without stopping them (cd x; rm -rf *
	// deletes where it started when x does not exist). Never changed in
	// place.
	dirAlts []string
	// errexit: set -e is in effect, so a failed cd stops the script.
	errexit bool
	// locals records, per function call being walked, the values that
	// local declarations shadow.
	locals []map[string]*shVar
	// work is the analysis's budget (see dataflow_budget.go).
	work   *budget
	shared bool // the maps are shared with another state: copy before writing
	// changed is set by any write since the state was copied: a branch
	// that changed nothing needs no merge.
	changed bool
	// sockets are the file descriptors opened on connections (exec
	// 5<>/dev/tcp/…), latest last; never changed in place.
	sockets []fdSocket
}

func newState(env *analysis) *shState {
	return &shState{env: env}
}

// clone returns a copy that can be changed without touching st.
func (st *shState) clone() *shState {
	c := *st
	c.shared = true
	c.changed = false
	st.shared = true
	return &c
}

// own makes the maps private before a write.
func (st *shState) own() {
	st.changed = true
	if !st.shared {
		return
	}
	st.shared = false
	st.vars = privateCopy(st.vars)
	st.funcs = privateCopy(st.funcs)
	st.aliases = privateCopy(st.aliases)
	st.dirStack = append([]string(nil), st.dirStack...)
}

// privateCopy returns a copy of m with room for the entry about to be
// written; nil stays nil.
func privateCopy[V any](m map[string]V) map[string]V {
	if m == nil {
		return nil
	}
	c := make(map[string]V, len(m)+1)
	for k, v := range m {
		c[k] = v
	}
	return c
}

func (st *shState) setVar(name string, v shVar) {
	if !st.work.capValue(v) {
		// Too large to follow: unknown from now on.
		v = shVar{vals: []string{"$" + name}, dyn: true, array: v.array}
	}
	st.own()
	if st.vars == nil {
		st.vars = map[string]shVar{}
	}
	st.vars[name] = v
}

// local records the current value of name so that it comes back when the
// function being walked returns.
func (st *shState) local(name string) {
	if len(st.locals) == 0 {
		return
	}
	top := st.locals[len(st.locals)-1]
	if _, ok := top[name]; ok {
		return
	}
	if v, ok := st.vars[name]; ok {
		top[name] = &v
	} else {
		top[name] = nil
	}
}

func (st *shState) setScalar(name, val string, dyn bool) {
	st.setVar(name, shVar{vals: []string{val}, dyn: dyn})
}

func (st *shState) lookup(name string) (shVar, bool) {
	v, ok := st.vars[name]
	for i := 0; ok && v.ref != "" && i < maxRefHops; i++ {
		v, ok = st.vars[v.ref]
	}
	if ok && v.ref != "" {
		return shVar{vals: []string{"$" + name}, dyn: true}, true
	}
	return v, ok
}

// refTarget is the variable an assignment to name writes: the one a
// nameref stands for, or name itself.
func (st *shState) refTarget(name string) string {
	for i := 0; i < maxRefHops; i++ {
		v, ok := st.vars[name]
		if !ok || v.ref == "" {
			return name
		}
		name = v.ref
	}
	return name
}

// maxRefHops bounds the namerefs followed from one name (declare -n a=b
// b=a loops).
const maxRefHops = 8

func (st *shState) setFunc(name string, d fnDef) {
	st.own()
	if st.funcs == nil {
		st.funcs = map[string][]fnDef{}
	}
	st.funcs[name] = []fnDef{d}
}

func (st *shState) setAlias(name, val string) {
	st.own()
	if st.aliases == nil {
		st.aliases = map[string]string{}
	}
	st.aliases[name] = val
}

func (st *shState) setPos(args []string, dyn []bool) {
	st.changed = true
	st.pos = append([]string(nil), args...)
	st.posDyn = expandDyn(dyn, len(args))
	st.posKnown = true
}

// merge combines the states that different branches of a conditional may
// leave (an if without else, the right side of && or ||, a loop body that
// runs zero or more times) into st: what all agree on stays known, what
// differs becomes unknown. Aliases and functions defined in any branch are
// kept: a definition that may exist is treated as existing.
func (st *shState) merge(others ...*shState) {
	changed := st.changed
	for _, o := range others {
		if o != nil && o.changed {
			changed = true
		}
	}
	if !changed {
		return
	}
	all := append([]*shState{st}, others...)
	names := map[string]bool{}
	for _, s := range all {
		for k := range s.vars {
			names[k] = true
		}
	}
	for k := range names {
		first, ok0 := st.vars[k]
		same := true
		for _, o := range others {
			v, ok := o.vars[k]
			if ok != ok0 || !sameVar(v, first) {
				same = false
				break
			}
		}
		if !same {
			net := ""
			for _, s := range all {
				if v, ok := s.vars[k]; ok && v.net != "" && net == "" {
					net = v.net
				}
			}
			st.setUnknown(k, maybeValues(k, all))
			if net != "" {
				st.markNet(k, net) // read from the network on some path
			}
		}
	}
	for _, o := range others {
		for k, v := range o.aliases {
			if st.aliases[k] != v {
				st.setAlias(k, v)
			}
		}
		for k, defs := range o.funcs {
			for _, d := range defs {
				if !hasDef(st.funcs[k], d) {
					st.own()
					if st.funcs == nil {
						st.funcs = map[string][]fnDef{}
					}
					st.funcs[k] = append(append([]fnDef(nil), st.funcs[k]...), d)
				}
			}
		}
		if o.posKnown != st.posKnown || !equalStrings(o.pos, st.pos) {
			st.posKnown = false
			st.pos, st.posDyn = nil, nil
			st.changed = true
		}
		if o.env.dir != st.env.dir {
			st.env = st.env.at(unknownDir)
			st.changed = true
		}
		if o.oldDir != st.oldDir {
			st.oldDir = ""
		}
	}
}

func hasDef(defs []fnDef, d fnDef) bool {
	for _, x := range defs {
		if x.decl == d.decl {
			return true
		}
	}
	return false
}

func sameVar(a, b shVar) bool {
	return a.array == b.array && a.dyn == b.dyn && a.unset == b.unset && a.assoc == b.assoc && a.ref == b.ref && equalStrings(a.vals, b.vals) && equalStrings(a.keys, b.keys) && equalStrings(a.maybe, b.maybe) && a.net == b.net
}

func equalStrings(a, b []string) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// defaultIFS is the shell's IFS when the script has not set it.
const defaultIFS = " \t\n"

// ifs returns the field separators in effect; known is false when IFS was
// set to something only known at run time.
func (st *shState) ifs() (string, bool) {
	v, ok := st.vars["IFS"]
	if !ok {
		return defaultIFS, true
	}
	if v.unset {
		return defaultIFS, true
	}
	if v.dyn {
		return defaultIFS, false
	}
	return strings.Join(v.vals, ""), true
}

// splitIFS splits s into fields as the shell splits an unquoted expansion:
// IFS white space (space, tab, newline when in IFS) runs delimit and are
// trimmed at both ends; every other IFS character delimits on its own, so
// two in a row make an empty field. lead and trail report a delimiter at
// the start and the end, which end the field an expansion joins.
func splitIFS(s, ifs string) (parts []string, lead, trail bool) {
	if ifs == "" {
		if s == "" {
			return nil, false, false
		}
		return []string{s}, false, false
	}
	isDelim := func(c byte) bool { return strings.IndexByte(ifs, c) >= 0 }
	isWS := func(c byte) bool { return (c == ' ' || c == '\t' || c == '\n') && isDelim(c) }
	n := len(s)
	i := 0
	for i < n && isWS(s[i]) {
		i++
	}
	lead = i > 0
	if i == n {
		return nil, lead, lead
	}
	if isDelim(s[i]) {
		lead = true
	}
	for {
		j := i
		for j < n && !isDelim(s[j]) {
			j++
		}
		parts = append(parts, s[i:j])
		if j == n {
			return parts, lead, false
		}
		k := j
		for k < n && isWS(s[k]) {
			k++
		}
		if k < n && !isWS(s[k]) && isDelim(s[k]) {
			k++
			for k < n && isWS(s[k]) {
				k++
			}
		}
		if k == n {
			return parts, lead, true
		}
		i = k
		if len(parts) > 4096 {
			return parts, lead, false
		}
	}
}

// fieldBuilder assembles the fields one word expands to.
type fieldBuilder struct {
	fields []string
	cur    strings.Builder
	curSet bool // the field being built exists (even if empty: "")
	// one is the field being built while it is a single piece (most words
	// are one literal): it is copied into cur only when a second comes.
	one    string
	pieces int
}

// add appends s to the field being built.
func (fb *fieldBuilder) add(s string) {
	switch fb.pieces {
	case 0:
		fb.one = s
	case 1:
		fb.cur.WriteString(fb.one)
		fb.cur.WriteString(s)
	default:
		fb.cur.WriteString(s)
	}
	fb.pieces++
	fb.curSet = true
}

// lit appends text that is not split (literal or quoted).
func (fb *fieldBuilder) lit(s string) {
	fb.add(s)
}

func (fb *fieldBuilder) flush() {
	if fb.curSet {
		if fb.pieces == 1 {
			fb.fields = append(fb.fields, fb.one)
		} else {
			fb.fields = append(fb.fields, fb.cur.String())
		}
	}
	fb.cur.Reset()
	fb.curSet = false
	fb.one, fb.pieces = "", 0
}

// split appends the value of an unquoted expansion, split on ifs.
func (fb *fieldBuilder) split(s, ifs string) {
	parts, lead, trail := splitIFS(s, ifs)
	if len(parts) == 0 {
		if lead {
			fb.flush()
		}
		return
	}
	if lead && parts[0] != "" {
		fb.flush()
	}
	for i, p := range parts {
		if i > 0 {
			fb.flush()
		}
		fb.add(p)
	}
	if trail {
		fb.flush()
	}
}

// multi appends the elements of a quoted "${a[@]}" or "$@": each element
// is a field of its own, the first and the last joined to the text around.
func (fb *fieldBuilder) multi(elems []string) {
	for i, e := range elems {
		if i > 0 {
			fb.flush()
		}
		fb.add(e)
	}
}

func (fb *fieldBuilder) end() []string {
	fb.flush()
	return fb.fields
}

// globMatch reports whether s matches the shell pattern pat (* ? and
// literal characters; ok is false for bracket expressions and other forms
// this does not interpret).
func globMatch(pat, s string) (match, ok bool) {
	if strings.ContainsAny(pat, "[\\") {
		return false, false
	}
	// Iterative matcher with one backtrack point for the last star.
	p, i, star, mark := 0, 0, -1, 0
	for i < len(s) {
		switch {
		case p < len(pat) && (pat[p] == '?' || pat[p] == s[i]) && pat[p] != '*':
			p++
			i++
		case p < len(pat) && pat[p] == '*':
			star, mark = p, i
			p++
		case star >= 0:
			p = star + 1
			mark++
			i = mark
		default:
			return false, true
		}
	}
	for p < len(pat) && pat[p] == '*' {
		p++
	}
	return p == len(pat), true
}

// trimPattern applies ${x#pat}, ${x##pat}, ${x%pat} and ${x%%pat}: it
// removes the first part of s (prefix) or its last part that pat matches,
// trying the shortest part first, or the longest first when longest.
func trimPattern(s, pat string, prefix, longest bool) (string, bool) {
	if len(s) > 4096 {
		return s, false
	}
	n := len(s)
	for k := 0; k <= n; k++ {
		l := k // the length of the part tried
		if longest {
			l = n - k
		}
		part, keep := s[:l], s[l:]
		if !prefix {
			part, keep = s[n-l:], s[:n-l]
		}
		m, ok := globMatch(pat, part)
		if !ok {
			return s, false
		}
		if m {
			return keep, true
		}
	}
	return s, true
}

// replacePattern applies ${x/pat/with} (all: ${x//pat/with}) for a literal
// pattern or one of * and ?; ok is false for forms it does not interpret.
func replacePattern(s, pat, with string, all bool) (string, bool) {
	if pat == "" {
		return s, true
	}
	anchorStart, anchorEnd := false, false
	if strings.HasPrefix(pat, "#") {
		anchorStart, pat = true, pat[1:]
	} else if strings.HasPrefix(pat, "%") {
		anchorEnd, pat = true, pat[1:]
	}
	if !strings.ContainsAny(pat, "*?[\\") && !anchorStart && !anchorEnd {
		if all {
			return strings.ReplaceAll(s, pat, with), true
		}
		return strings.Replace(s, pat, with, 1), true
	}
	if len(s) > 1024 {
		return s, false
	}
	var b strings.Builder
	i := 0
	for i <= len(s) {
		if anchorStart && i > 0 {
			break
		}
		// Longest match starting at i.
		end := -1
		for j := len(s); j >= i; j-- {
			if anchorEnd && j != len(s) {
				continue
			}
			m, ok := globMatch(pat, s[i:j])
			if !ok {
				return s, false
			}
			if m {
				end = j
				break
			}
		}
		if end >= 0 && (end > i || pat == "" || strings.Trim(pat, "*") == "") {
			b.WriteString(with)
			if end == i {
				if i < len(s) {
					b.WriteByte(s[i])
				}
				i++
			} else {
				i = end
			}
			if !all {
				b.WriteString(s[min(i, len(s)):])
				return b.String(), true
			}
			continue
		}
		if i < len(s) {
			b.WriteByte(s[i])
		}
		i++
	}
	if i < len(s) {
		b.WriteString(s[i:])
	}
	return b.String(), true
}

// printfAll renders printf's output the way printf does when it is given
// more arguments than its format uses: the format is used again until
// every argument is consumed.
func printfAll(format string, args []string) string {
	k := printfConversions(format)
	if k == 0 || len(args) <= k {
		return printfFormat(format, args)
	}
	var b strings.Builder
	for i := 0; i < len(args) && b.Len() < 1<<20; i += k {
		b.WriteString(printfFormat(format, args[i:min(i+k, len(args))]))
	}
	return b.String()
}

func printfConversions(f string) int {
	n := 0
	for i := 0; i+1 < len(f); i++ {
		if f[i] == '%' {
			if f[i+1] == '%' {
				i++
				continue
			}
			n++
		}
	}
	return n
}
