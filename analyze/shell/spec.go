package shell

import (
	_ "embed"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
)

// The program specs (docs/program-specs.md): how each program reads its
// argv. They are embedded as strings and read in place: the index of the
// blocks' headers is generated data (spec_index.go, written by `go generate
// ./analyze/shell/`), and a block is turned into a Spec the first time a
// command of its program needs it.

//go:generate go run ../../internal/gen/specindex -out spec_index.go

//go:embed specs/hand.spec
var handSpecs string

//go:embed specs/gen.spec
var genSpecs string

// Spec is how one program, or one subcommand of it, reads its arguments.
type Spec struct {
	Key   string // "rm", "git push", "git stash drop"
	attrs specAttr
	opts  []OptSpec
	// wrapSkip is, for a wrapper, how many operands precede the wrapped
	// command (timeout's duration, flock's lock file); -1 when the program
	// is not a wrapper.
	wrapSkip int
	hasSubs  bool // the index has "Key word" blocks below this one
	// into is the operand that names a directory the program writes
	// files into (the header's into=N); see intoPlace.
	into intoPlace
	// stdinMax is, for a program that runs what arrives on its standard
	// input as commands (the header's stdin or stdin=N), the most operands
	// it may have and still read them there; stdinByOption (stdin=-) when
	// only an option of value "-" makes it; -1 when it does not.
	stdinMax int
	// byName maps each spelling to its option's index in opts, and one
	// holds a pointer to each option, so that a lookup neither scans the
	// options nor allocates (curl lists hundreds).
	byName map[string]int
	one    []*OptSpec
	// kids remembers child's answers that found a subcommand (word →
	// *Spec): as many as the index has blocks below this one.
	kids sync.Map
}

// OptSpec is one option: its spellings and whether it takes a value.
type OptSpec struct {
	Names []string // "-f", "--force"
	Canon string   // the first long spelling, else the first spelling
	Value valueKind
	Tags  OptTag
	// Lang is the language of the code an option tagged code=LANG runs
	// (rake -e: ruby); "" for a shell command.
	Lang string
	// kinds[i] is how Names[i] takes its value when the spellings differ
	// (xargs -L takes one, --max-lines may): a spelling written without a
	// suffix takes the line's.
	kinds []valueKind
}

// valueOf returns how the spelling name takes its value.
func (o *OptSpec) valueOf(name string) valueKind {
	for i, n := range o.Names {
		if n == name && i < len(o.kinds) {
			return o.kinds[i]
		}
	}
	return o.Value
}

type valueKind uint8

const (
	valueNone     valueKind = iota
	valueRequired           // "-o FILE", "-oFILE", "--out=FILE", "--out FILE"
	valueOptional           // "-oFILE", "--out=FILE" only
	valueMulti              // every following word up to the next option
	valueTwo                // the next two words (bwrap --bind SRC DEST)
	valueThree              // the next three words (bwrap --overlay RWSRC WORKDIR DEST)
)

// valueWords is how many words a detached value of kind k takes.
func valueWords(k valueKind) int {
	switch k {
	case valueTwo:
		return 2
	case valueThree:
		return 3
	}
	return 1
}

// OptTag says what an option's value is, for the consumers of the record.
type OptTag uint32

const (
	TagSecret OptTag = 1 << iota // a password or token: redacted wherever a command is kept
	TagDest                      // a destination: host, URL, recipient
	TagData                      // a payload sent
	TagFile                      // a file read or written
	TagExec                      // code or a command that runs
	TagCwd                       // the working directory the program uses
	TagSplit                     // a string split into words that become arguments (env -S)
	TagNoExec                    // with this option a wrapper runs nothing (command -v)
	TagRoot                      // the wrapped command runs as another user (root by default)
	TagInto                      // a directory the program writes files into (wget -P, curl --output-dir)
	TagSend                      // a local file whose content is sent to another machine
	TagScript                    // with this option a wrapper runs its command's words as one shell command (entr -s, sudo -s)
	TagEnd                       // the option ends the options as "--" does: the words after it are the command (distrobox enter -e)
	TagCmds                      // the option gives the commands, so standard input is not read as commands (psql -c, unless its value is "-")
	TagRuns                      // a file whose content the program runs as commands or code (gdb -x, emacs -l, make -f, sqlite3 -init)
	TagPassIn                    // with this option the command the program runs reads the program's standard input (docker exec -i, kubectl exec -i)
	TagOut                       // a file the program writes its result over (sort -o, gpg -o, iconv -o, gcc -o)
)

var tagNames = map[string]OptTag{"secret": TagSecret, "dest": TagDest, "data": TagData, "file": TagFile, "exec": TagExec,
	"cwd": TagCwd, "split": TagSplit, "noexec": TagNoExec, "root": TagRoot, "into": TagInto, "send": TagSend, "script": TagScript, "end": TagEnd, "cmds": TagCmds,
	"runs": TagRuns, "passin": TagPassIn, "out": TagOut}

type specAttr uint32

const (
	attrAbbrev        specAttr = 1 << iota // unambiguous prefixes of long options
	attrNegate                             // --no-NAME negates NAME (git)
	attrStop                               // options end at the first operand
	attrNoCluster                          // short options never cluster
	attrDash1                              // long options with one dash
	attrSub                                // the first operand names a subcommand
	attrIcase                              // option names are case-insensitive
	attrPlus                               // options may start with +
	attrWrap                               // the operands are a command that runs
	attrRoot                               // the wrapped command runs as root
	attrStopAfterSkip                      // with attrStop: options end after the wrapper's skipped operands, not at the first (a policy's wrapper: tsh ssh -l root HOST CMD)
	attrSends                              // what the program is given (its operands' text, its standard input) is sent to another machine
	attrSendsFiles                         // its operands are local files whose content is sent to another machine
	attrScript                             // each operand is a shell command the program runs (hyperfine)
	attrRunsOps                            // each operand is a file whose content the program runs as its commands (tmux source-file, gnuplot FILE)
	attrAttached                           // with nocluster: a single-letter option may take its value attached (cmake -P/x, mvn -Dx=y)
	attrAssign                             // a wrapper that reads NAME=VALUE operands before its command (env, sudo, cross-env)
)

// stdinByOption is the stdinMax of a program that reads its commands
// from standard input only when an option tagged cmds names it ("-f -").
const stdinByOption = -2

// maxStdinOperands is the stdinMax of a program that reads its commands
// from standard input whatever its operands (ed FILE).
const maxStdinOperands = 1 << 20

// wrapAfterDashes is the wrapSkip of a wrapper whose command follows "--"
// only ("wrap=--": distrobox enter NAME -- CMD); before it, operands are
// the wrapper's own.
const wrapAfterDashes = -2

// specIndex locates each block in the embedded texts. Its table is the one
// `go generate` wrote (spec_index.go) when that was made from these texts,
// else one scanned from them; either way nothing is parsed until a program
// is looked up, and a lookup parses only its own blocks.
type specIndex struct {
	texts [2]string // hand.spec, gen.spec
	tab   *specTable
	// fresh is the index scanned from the texts, which a lookup falls
	// back on when the generated table does not describe them.
	fresh  func() *specIndex
	parsed sync.Map // key → *Spec
}

// specTable is the index of the spec texts: every array is sorted, so that
// it is searched where it lies (the generated one is static data).
type specTable struct {
	handLen, genLen int         // the texts it was made from
	entries         []specEntry // by key
	aliases         []specAlias // by from
	secret          []string    // programs with an option tagged secret, and their other names
}

// specEntry is one program or subcommand key.
type specEntry struct {
	key    string
	attrs  string // the header's attribute words (hand's when both have them)
	parent bool   // the key has sub blocks or alias lines
	spans  []specSpan
}

// specSpan is one block of a key: its header line as written, and where
// its option lines are in its text.
type specSpan struct {
	gen        bool // in gen.spec, else hand.spec
	header     string
	start, end int
}

// specAlias maps "docker rm" to "docker container rm", "egrep" to "grep".
type specAlias struct{ from, to string }

func specs() *specIndex { return specIndexOnce() }

var specIndexOnce = sync.OnceValue(func() *specIndex {
	return newSpecIndex(handSpecs, genSpecs, &generatedSpecs)
})

// newSpecIndex indexes the texts with tab when it was made from texts of
// their lengths, else with a scan of them.
func newSpecIndex(hand, gen string, tab *specTable) *specIndex {
	scanned := sync.OnceValue(func() *specIndex {
		return &specIndex{texts: [2]string{hand, gen}, tab: scanSpecs(hand, gen)}
	})
	if tab == nil || tab.handLen != len(hand) || tab.genLen != len(gen) {
		return scanned()
	}
	return &specIndex{texts: [2]string{hand, gen}, tab: tab, fresh: scanned}
}

// scanSpecs indexes the headers of the two texts, hand.spec first.
func scanSpecs(hand, gen string) *specTable {
	ix := &specScan{blocks: map[string][]specSpan{}, attrs: map[string]string{}, aliases: map[string]string{}, parents: map[string]bool{}}
	ix.scan(hand, false)
	ix.scan(gen, true)
	t := &specTable{handLen: len(hand), genLen: len(gen)}
	for k, spans := range ix.blocks {
		t.entries = append(t.entries, specEntry{key: k, attrs: ix.attrs[k], parent: ix.parents[k], spans: spans})
	}
	slices.SortFunc(t.entries, func(a, b specEntry) int { return strings.Compare(a.key, b.key) })
	for from, to := range ix.aliases {
		t.aliases = append(t.aliases, specAlias{from, to})
	}
	slices.SortFunc(t.aliases, func(a, b specAlias) int { return strings.Compare(a.from, b.from) })
	t.secret = secretScan([2]string{hand, gen}, ix.aliases)
	return t
}

// specScan collects the headers of the texts.
type specScan struct {
	blocks  map[string][]specSpan // key → its blocks (hand first)
	attrs   map[string]string     // key → the header's attribute words (hand's when both have them)
	aliases map[string]string     // "docker rm" → "docker container rm"
	parents map[string]bool       // keys that have sub blocks
}

// scan indexes the headers of one spec text.
func (ix *specScan) scan(text string, gen bool) {
	key, header, start := "", "", -1
	flush := func(end int) {
		if key != "" && start >= 0 {
			ix.blocks[key] = append(ix.blocks[key], specSpan{gen: gen, header: header, start: min(start, end), end: end})
		}
	}
	for pos := 0; pos < len(text); {
		end := strings.IndexByte(text[pos:], '\n')
		if end < 0 {
			end = len(text)
		} else {
			end += pos
		}
		line := text[pos:end]
		next := end + 1
		if len(line) > 0 && line[0] != ' ' && line[0] != '\t' && line[0] != '#' {
			flush(pos)
			key, header, start = "", line, -1
			f := strings.Fields(stripComment(line))
			switch {
			case len(f) >= 2 && f[0] == "prog":
				names := strings.Split(f[1], ",")
				attrs := strings.Join(f[2:], " ")
				for _, n := range names[1:] {
					// The first text scanned (hand.spec) wins for an alias too.
					if _, ok := ix.aliases[strings.ToLower(n)]; !ok {
						ix.aliases[strings.ToLower(n)] = strings.ToLower(names[0])
					}
				}
				key = strings.ToLower(names[0])
				if _, ok := ix.attrs[key]; !ok {
					ix.attrs[key] = attrs
				}
				start = next
			case len(f) >= 3 && f[0] == "sub":
				words, attrs := subHeader(f[1:])
				key = strings.Join(words, " ")
				if _, ok := ix.attrs[key]; !ok {
					ix.attrs[key] = attrs
				}
				for i := 1; i < len(words); i++ {
					ix.parents[strings.Join(words[:i], " ")] = true
				}
				start = next
			case len(f) >= 4 && f[0] == "alias":
				if eq := indexOf(f, "="); eq > 2 && eq < len(f)-1 {
					from := strings.Join(f[1:eq], " ")
					to := f[1] + " " + strings.Join(f[eq+1:], " ")
					if _, ok := ix.aliases[from]; !ok {
						ix.aliases[from] = to
					}
					ix.parents[f[1]] = true
				}
			}
		}
		if next > len(text) {
			break
		}
		pos = next
	}
	flush(len(text))
}

// subHeader splits "git stash drop parseopt" into the word path and the
// attributes: attribute words are the known attribute names.
func subHeader(f []string) ([]string, string) {
	i := len(f)
	for i > 1 && isAttrWord(f[i-1]) {
		i--
	}
	return f[:i], strings.Join(f[i:], " ")
}

func isAttrWord(w string) bool {
	if strings.HasPrefix(w, "wrap") {
		return w == "wrap" || strings.HasPrefix(w, "wrap=")
	}
	if strings.HasPrefix(w, "into=") || strings.HasPrefix(w, "stdin=") {
		return true
	}
	switch w {
	case "gnu", "parseopt", "posix", "exact", "abbrev", "stop", "nocluster", "dash1", "sub", "icase", "plus", "root", "sends", "sendsfiles", "script", "stdin", "skipopts", "runsops", "attached", "assign":
		return true
	}
	return false
}

func stripComment(line string) string {
	if strings.HasPrefix(line, "#") {
		return ""
	}
	if i := strings.Index(line, " #"); i >= 0 {
		return line[:i]
	}
	return line
}

// entry returns the table's entry for key, or nil.
func (t *specTable) entry(key string) *specEntry {
	i, ok := slices.BinarySearchFunc(t.entries, key, func(e specEntry, k string) int { return strings.Compare(e.key, k) })
	if !ok {
		return nil
	}
	return &t.entries[i]
}

// hasJoinedKey is hasKey(parent + " " + word), without building the key.
func (ix *specIndex) hasJoinedKey(parent, word string) bool {
	if _, ok := slices.BinarySearchFunc(ix.tab.aliases, word, func(a specAlias, w string) int { return compareJoined(a.from, parent, w) }); ok {
		return true
	}
	_, ok := slices.BinarySearchFunc(ix.tab.entries, word, func(e specEntry, w string) int { return compareJoined(e.key, parent, w) })
	return ok
}

// compareJoined is strings.Compare(x, a+" "+b).
func compareJoined(x, a, b string) int {
	if len(x) <= len(a) {
		if c := strings.Compare(x, a[:len(x)]); c != 0 {
			return c
		}
		return -1 // a proper prefix of the longer joined text
	}
	if c := strings.Compare(x[:len(a)], a); c != 0 {
		return c
	}
	switch x = x[len(a):]; {
	case x[0] < ' ':
		return -1
	case x[0] > ' ':
		return 1
	}
	return strings.Compare(x[1:], b)
}

// alias returns what key is another name of, if it is one.
func (t *specTable) alias(key string) (string, bool) {
	i, ok := slices.BinarySearchFunc(t.aliases, key, func(a specAlias, k string) int { return strings.Compare(a.from, k) })
	if !ok {
		return "", false
	}
	return t.aliases[i].to, true
}

// bodies returns the option lines of e's blocks, or ok false when a block
// of the generated table is not where it says (the texts changed since it
// was made and kept their lengths): each block must still be a header line
// as written, followed by lines that do not start another block, up to a
// line that does or the end of its text.
func (ix *specIndex) bodies(e *specEntry) (out []string, ok bool) {
	out = make([]string, 0, len(e.spans))
	for _, sp := range e.spans {
		text := ix.texts[0]
		if sp.gen {
			text = ix.texts[1]
		}
		if ix.fresh != nil && !isBlock(text, sp) {
			return nil, false
		}
		out = append(out, text[sp.start:sp.end])
	}
	return out, true
}

// isBlock reports whether sp is one whole block of text.
func isBlock(text string, sp specSpan) bool {
	h := sp.start - 1 - len(sp.header)
	if h < 0 || sp.start > sp.end || sp.end > len(text) || text[sp.start-1] != '\n' || text[h:sp.start-1] != sp.header ||
		(h > 0 && text[h-1] != '\n') {
		return false
	}
	if sp.end < len(text) && continuesBlock(text[sp.end]) {
		return false // the line after the block must start another one
	}
	for i := sp.start; i < sp.end; {
		if !continuesBlock(text[i]) {
			return false
		}
		nl := strings.IndexByte(text[i:sp.end], '\n')
		if nl < 0 {
			return false // a block ends with its last line's newline
		}
		i += nl + 1
	}
	return true
}

// continuesBlock reports whether a line starting with c belongs to the
// block above it: an option line, a comment or a blank line.
func continuesBlock(c byte) bool { return c == ' ' || c == '\t' || c == '#' || c == '\n' }

// lookup returns the spec of a program or subcommand key, or nil.
func (ix *specIndex) lookup(key string) *Spec {
	if to, ok := ix.tab.alias(key); ok {
		key = to
	}
	if s, ok := ix.parsed.Load(key); ok {
		return s.(*Spec)
	}
	e := ix.tab.entry(key)
	if e == nil {
		return nil
	}
	bodies, ok := ix.bodies(e)
	if !ok {
		if ix.fresh != nil {
			return ix.fresh().lookup(key)
		}
		return nil
	}
	s := parseSpec(key, e.attrs, bodies)
	s.hasSubs = e.parent
	if s.hasSubs {
		s.attrs |= attrSub
	}
	got, _ := ix.parsed.LoadOrStore(key, s)
	return got.(*Spec)
}

// hasKey reports whether a block (or alias) exists for key.
func (ix *specIndex) hasKey(key string) bool {
	if _, ok := ix.tab.alias(key); ok {
		return true
	}
	return ix.tab.entry(key) != nil
}

// SpecFor returns the spec of a program by the name a handler is registered
// under, or nil when there is none.
func SpecFor(prog string) *Spec {
	if s, ok := specByName.Load(prog); ok {
		return s.(*Spec)
	}
	s := specs().lookup(strings.ToLower(prog))
	// Names come from the commands checked, so the cache is bounded: past
	// its size a name is looked up every time, as before.
	if len(prog) <= maxCachedSpecName && specByNameLen.Load() < maxCachedSpecs {
		if _, loaded := specByName.LoadOrStore(prog, s); !loaded {
			specByNameLen.Add(1)
		}
	}
	return s
}

// specByName remembers SpecFor's answer (a nil *Spec included) by the
// program name as written: a stream of commands names the same few
// programs again and again, and the lookup lowers the name, resolves an
// alias and searches the index each time. The specs never change once
// read, so an answer stays right.
var (
	specByName    sync.Map // string → *Spec
	specByNameLen atomic.Int64
)

const (
	maxCachedSpecs    = 4096
	maxCachedSpecName = 64
)

// parseSpec turns a block's option lines into a Spec. The first body wins
// for a spelling both describe; later bodies only add options.
func parseSpec(key, attrs string, bodies []string) *Spec {
	s := &Spec{Key: key, wrapSkip: -1, stdinMax: -1}
	for _, a := range strings.Fields(attrs) {
		switch {
		case a == "gnu":
			s.attrs |= attrAbbrev
		case a == "parseopt":
			s.attrs |= attrAbbrev | attrNegate
		case a == "posix":
			s.attrs |= attrStop
		case a == "abbrev":
			s.attrs |= attrAbbrev
		case a == "exact":
			s.attrs &^= attrAbbrev
		case a == "stop":
			s.attrs |= attrStop
		case a == "nocluster":
			s.attrs |= attrNoCluster
		case a == "dash1":
			s.attrs |= attrDash1 | attrNoCluster
		case a == "sub":
			s.attrs |= attrSub
		case a == "icase":
			s.attrs |= attrIcase
		case a == "plus":
			s.attrs |= attrPlus
		case a == "skipopts":
			s.attrs |= attrStopAfterSkip
		case a == "root":
			s.attrs |= attrRoot
		case a == "sends":
			s.attrs |= attrSends
		case a == "sendsfiles":
			s.attrs |= attrSends | attrSendsFiles
		case a == "script":
			s.attrs |= attrScript
		case a == "runsops":
			s.attrs |= attrRunsOps
		case a == "assign":
			s.attrs |= attrAssign
		case a == "attached":
			s.attrs |= attrAttached
		case a == "wrap":
			s.attrs |= attrWrap | attrStop
			s.wrapSkip = 0
		case a == "wrap=--":
			// Operands before "--" are the wrapper's: options do not stop
			// at them.
			s.attrs |= attrWrap
			s.wrapSkip = wrapAfterDashes
		case strings.HasPrefix(a, "wrap="):
			s.attrs |= attrWrap | attrStop
			s.wrapSkip, _ = atoiSmall(a[5:])
		case a == "stdin":
			s.stdinMax = maxStdinOperands
		case a == "stdin=-":
			s.stdinMax = stdinByOption
		case strings.HasPrefix(a, "stdin="):
			s.stdinMax, _ = atoiSmall(a[6:])
		case strings.HasPrefix(a, "into="):
			s.into = parseIntoPlace(a[5:])
		}
	}
	s.byName = map[string]int{}
	for _, body := range bodies {
		for _, line := range strings.Split(body, "\n") {
			o, ok := parseOptLine(line, s.attrs&attrIcase != 0)
			if !ok {
				continue
			}
			dup := false
			for _, n := range o.Names {
				if _, ok := s.byName[n]; ok {
					dup = true
				}
			}
			if dup {
				continue
			}
			for _, n := range o.Names {
				s.byName[n] = len(s.opts)
			}
			s.opts = append(s.opts, o)
		}
	}
	s.one = make([]*OptSpec, len(s.opts))
	for i := range s.opts {
		s.one[i] = &s.opts[i]
	}
	return s
}

// exact returns the option spelled name, or -1.
func (s *Spec) exact(name string) int {
	if i, ok := s.byName[name]; ok {
		return i
	}
	return -1
}

// parseOptLine reads "  -o= --output=   ; file" into an OptSpec.
func parseOptLine(line string, icase bool) (OptSpec, bool) {
	if len(line) == 0 || (line[0] != ' ' && line[0] != '\t') {
		return OptSpec{}, false
	}
	spell, tags, _ := strings.Cut(line, ";")
	spell = stripComment(" " + spell)
	var o OptSpec
	var kinds []valueKind
	for _, w := range strings.Fields(spell) {
		if len(w) < 2 || (w[0] != '-' && w[0] != '+') {
			continue
		}
		k := valueNone
		switch {
		case strings.HasSuffix(w, "[=]"):
			w, k = w[:len(w)-3], valueOptional
		case strings.HasSuffix(w, "=+"):
			w, k = w[:len(w)-2], valueMulti
		case strings.HasSuffix(w, "=2"):
			w, k = w[:len(w)-2], valueTwo
		case strings.HasSuffix(w, "=3"):
			w, k = w[:len(w)-2], valueThree
		case strings.HasSuffix(w, "="):
			w, k = w[:len(w)-1], valueRequired
		}
		if len(w) < 2 {
			continue
		}
		if o.Value == valueNone {
			o.Value = k
		}
		if icase {
			w = strings.ToLower(w)
		}
		o.Names = append(o.Names, w)
		kinds = append(kinds, k)
		if o.Canon == "" || (strings.HasPrefix(w, "--") && !strings.HasPrefix(o.Canon, "--")) {
			o.Canon = w
		}
	}
	for i := range kinds {
		// A bare spelling takes the line's required value; an optional
		// one belongs only to the spellings that carry it, as getopt's
		// "x::" does (sudo's -E takes none, --preserve-env[=] may), so
		// that "-Eu root" is read as -E and -u root.
		if kinds[i] == valueNone && o.Value != valueOptional {
			kinds[i] = o.Value
		}
	}
	o.kinds = kinds
	for _, t := range strings.Fields(stripComment(" " + tags)) {
		if lang, ok := strings.CutPrefix(t, "code="); ok && lang != "" {
			// code=ruby: the value is code in that language (rake -e).
			o.Lang = lang
			o.Tags |= TagExec
			continue
		}
		o.Tags |= tagNames[t]
	}
	return o, len(o.Names) > 0
}

// child returns the spec of the subcommand word w below s, or nil.
func (s *Spec) child(w string) *Spec {
	if s == nil || s.attrs&attrSub == 0 || w == "" {
		return nil
	}
	if ch, ok := s.kids.Load(w); ok {
		return ch.(*Spec)
	}
	// Looked for without joining the key first: most words asked about
	// are operands, not subcommands.
	ix := specs()
	if !ix.hasJoinedKey(s.Key, w) {
		return nil
	}
	ch := ix.lookup(s.Key + " " + w)
	if ch != nil {
		s.kids.Store(strings.Clone(w), ch)
	}
	return ch
}

// find returns the options a spelling names in s: one for an exact name, a
// unique prefix or an unambiguous cluster letter; every candidate for an
// ambiguous prefix (the program would refuse it, but reading it as each of
// them can only be stricter). negated is set for git's --no-NAME.
func (s *Spec) findLong(name string) (opts []*OptSpec, negated bool) {
	if s == nil {
		return nil, false
	}
	if s.attrs&attrIcase != 0 {
		name = strings.ToLower(name)
	}
	if i := s.exact(name); i >= 0 {
		return s.one[i : i+1 : i+1], false
	}
	if s.attrs&attrDash1 != 0 && strings.HasPrefix(name, "--") {
		if o, neg := s.findLong(name[1:]); len(o) > 0 {
			return o, neg
		}
	}
	if s.attrs&attrNegate != 0 && strings.HasPrefix(name, "--no-") {
		// --no-NAME of an option written in full.
		if i := s.exact("--" + name[5:]); i >= 0 {
			return s.one[i : i+1 : i+1], true
		}
	}
	if s.attrs&attrAbbrev == 0 || len(name) < 3 || !strings.HasPrefix(name, "--") {
		return nil, false
	}
	var cands []*OptSpec
	for i := range s.opts {
		for _, n := range s.opts[i].Names {
			if strings.HasPrefix(n, name) && strings.HasPrefix(n, "--") {
				cands = append(cands, &s.opts[i])
				break
			}
		}
	}
	if len(cands) == 0 && s.attrs&attrNegate != 0 && strings.HasPrefix("--no-", name) {
		return nil, false
	}
	if len(cands) == 0 && s.attrs&attrNegate != 0 && strings.HasPrefix(name, "--no-") {
		inner := "--" + name[5:]
		for i := range s.opts {
			for _, n := range s.opts[i].Names {
				if strings.HasPrefix(n, inner) && strings.HasPrefix(n, "--") {
					cands = append(cands, &s.opts[i])
					break
				}
			}
		}
		return cands, len(cands) > 0
	}
	return cands, false
}

// findShort returns the option of a single letter in s, or nil.
func (s *Spec) findShort(ch byte) *OptSpec {
	if s == nil {
		return nil
	}
	// The names of an icase spec are lower case: an upper-case letter is
	// looked up as its lower case.
	if s.attrs&attrIcase != 0 {
		ch = lowerByte(ch)
	}
	sp := [2]byte{'-', ch}
	if i := s.exact(string(sp[:])); i >= 0 {
		return &s.opts[i]
	}
	return nil
}

func lowerByte(c byte) byte {
	if c >= 'A' && c <= 'Z' {
		return c + 'a' - 'A'
	}
	return c
}

// resolve maps a spelling a rule asks about ("-f", "--force") to the
// canonical name in s, or "".
func (s *Spec) resolve(f string) string {
	if s == nil {
		return ""
	}
	if s.attrs&attrIcase != 0 {
		f = strings.ToLower(f)
	}
	if i := s.exact(f); i >= 0 {
		return s.opts[i].Canon
	}
	return ""
}

// Options returns the spec's options (for generated tests).
func (s *Spec) Options() []OptSpec { return s.opts }

// Abbreviates reports whether long options accept unambiguous prefixes.
func (s *Spec) Abbreviates() bool { return s.attrs&attrAbbrev != 0 }

// Clusters reports whether single-letter options cluster.
func (s *Spec) Clusters() bool { return s.attrs&attrNoCluster == 0 }

// Wrapper reports whether the program runs the command its operands name,
// and how many operands precede that command.
func (s *Spec) Wrapper() (skip int, ok bool) { return s.wrapSkip, s.attrs&attrWrap != 0 }

// Sends reports whether the program sends what it is given to another
// machine (the spec's sends), and whether its operands are local files
// whose content it sends (sendsfiles).
func (s *Spec) Sends() (sends, files bool) {
	return s.attrs&attrSends != 0, s.attrs&attrSendsFiles != 0
}

// SpecKeys lists every program and subcommand key the specs describe, for
// tests and the generator's check.
func SpecKeys() []string {
	ix := specs()
	keys := make([]string, 0, len(ix.tab.entries))
	for _, e := range ix.tab.entries {
		keys = append(keys, e.key)
	}
	return keys
}
