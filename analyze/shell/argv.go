package shell

import (
	"slices"
	"strings"
	"sync"
)

// Argv is one simple command's arguments read the way its program reads
// them (docs/program-specs.md): subcommands, options under their canonical
// names with their values, and operands.
type Argv struct {
	// Known is false when no spec describes the program: every word that
	// starts with "-" is then an option of unknown meaning.
	Known bool
	// Sub is the subcommand path ("push", "stash drop" as ["stash","drop"]).
	Sub []string
	// Opts are the options given, in order; an ambiguous abbreviation
	// appears once for each option it could mean.
	Opts []Opt
	// Operands are the words that are neither options, option values nor
	// subcommand words.
	Operands []string
	// OperandArg[i] is Operands[i]'s index in Cmd.Args.
	OperandArg []int
	// words are the non-option words, subcommand words included, with
	// their indices (what Positional returns).
	words    []string
	wordArg  []int
	specs    []*Spec // the program's spec, then each subcommand's
	optsDone int     // index in Args of the first word after "--", or -1
	// dashArgs is set when a word of Args starts with "-": without one,
	// no flag a rule asks about can be given.
	dashArgs bool
	// literal is what Positional returns for a program without a spec,
	// read on its first call (literalRead): callers ask for it again and
	// again.
	literal     []string
	literalRead bool
	// Room for the slices of a short command (most are), so that reading
	// one is a single allocation: specs, Operands and words, OperandArg
	// and wordArg, Opts.
	specBuf [3]*Spec
	strBuf  [8]string
	argBuf  [8]int
	optBuf  [2]Opt
}

// Opt is one option as given.
type Opt struct {
	Name     string // canonical: "--force" for -f, --forc, --force
	Spelled  string // as written: "-f" (from a cluster too), "--forc"
	Value    string
	HasValue bool
	Arg      int // index of the word in Cmd.Args
	ValueArg int // index of a detached value's first word, or -1
	ValueLen int // how many words a detached value takes (more than one for "-a f1 f2")
	// Unknown marks an option no spec lists: it is never read as a known
	// option and never makes a command look safe.
	Unknown   bool
	Ambiguous bool // an abbreviation that fits several options
	Negated   bool // git's --no-NAME
	Tags      OptTag
	level     int // index into Argv.specs
}

// Argv returns c's arguments read through its program's spec. The result
// is computed once and shared; callers must not modify it.
func (c *Cmd) Argv() *Argv {
	if c.argv == nil {
		c.argv = parseArgv(SpecFor(c.Name), c.Args, c.Dynamic)
	}
	return c.argv
}

// parseArgv reads args with spec (nil: no spec).
func parseArgv(spec *Spec, args []string, dyn []bool) *Argv {
	av := &Argv{Known: spec != nil, optsDone: -1}
	if spec != nil {
		av.specs = av.specBuf[:1]
		av.specs[0] = spec
	}
	// Each word is at most one operand and one positional word: size their
	// slices once instead of growing them word by word.
	if n := len(args); n > 0 {
		var strs []string
		var ints []int
		if 2*n <= len(av.strBuf) {
			strs, ints = av.strBuf[:2*n], av.argBuf[:2*n]
		} else {
			strs, ints = make([]string, 2*n), make([]int, 2*n)
		}
		av.Operands, av.words = strs[:0:n], strs[n:n]
		av.OperandArg, av.wordArg = ints[:0:n], ints[n:n]
		// How many options the words hold, as room for them: each letter
		// of a short cluster, one for a long option (an ambiguous
		// abbreviation, which stands for several, grows the slice).
		dashed := 0
		for _, a := range args {
			if len(a) > 1 && (a[0] == '-' || a[0] == '+') {
				if a[1] == '-' {
					dashed++
				} else {
					dashed += len(a) - 1
				}
				av.dashArgs = av.dashArgs || a[0] == '-'
			}
		}
		if k := min(dashed, n+4); k > len(av.optBuf) {
			av.Opts = make([]Opt, 0, k)
		} else if k > 0 {
			av.Opts = av.optBuf[:0:k]
		}
	}
	cur := spec
	level := 0
	done := false
	operandsHere := 0 // operands seen at the current subcommand level
	for i := 0; i < len(args); i++ {
		a := args[i]
		isDyn := i < len(dyn) && dyn[i] && !literalLongOpt(a)
		if done || isDyn || len(a) < 2 || !(a[0] == '-' || a[0] == '+' && cur != nil && cur.attrs&attrPlus != 0) {
			if !done && !isDyn && a == "-" {
				// "-" is an operand (standard input).
			}
			if !done && !isDyn && operandsHere == 0 {
				if ch := cur.child(a); ch != nil {
					av.Sub = append(av.Sub, a)
					av.specs = append(av.specs, ch)
					av.words = append(av.words, a)
					av.wordArg = append(av.wordArg, i)
					cur = ch
					level++
					continue
				}
			}
			av.Operands = append(av.Operands, a)
			av.OperandArg = append(av.OperandArg, i)
			av.words = append(av.words, a)
			av.wordArg = append(av.wordArg, i)
			operandsHere++
			if cur != nil && cur.attrs&attrStop != 0 && (cur.attrs&attrStopAfterSkip == 0 || operandsHere > cur.wrapSkip) {
				done = true
				av.optsDone = i
			}
			continue
		}
		if a == "--" {
			done = true
			av.optsDone = i + 1
			continue
		}
		n := len(av.Opts)
		i = av.option(cur, level, args, i)
		if len(av.Opts) > n && av.Opts[len(av.Opts)-1].Tags&TagEnd != 0 {
			// distrobox enter -e CMD…: the option ends the options.
			done = true
			av.optsDone = i + 1
		}
	}
	return av
}

// option reads the option word args[i] and returns the index of the last
// word it used.
func (av *Argv) option(s *Spec, level int, args []string, i int) int {
	a := args[i]
	if s == nil {
		av.Opts = append(av.Opts, Opt{Name: optName(a), Spelled: optName(a), Value: optAttached(a), HasValue: strings.Contains(a, "="), Arg: i, ValueArg: -1, Unknown: true, level: level})
		return i
	}
	long := strings.HasPrefix(a, "--") || s.attrs&attrNoCluster != 0 || a[0] == '+'
	if long {
		name, val, hasEq := strings.Cut(a, "=")
		opts, neg := s.findLong(name)
		if len(opts) == 0 {
			if op, ok := attachedShort(s, a); ok {
				op.Arg, op.level = i, level
				av.Opts = append(av.Opts, op)
				return i
			}
			av.Opts = append(av.Opts, Opt{Name: name, Spelled: name, Value: val, HasValue: hasEq, Arg: i, ValueArg: -1, Unknown: true, level: level})
			return i
		}
		last := i
		for _, o := range opts {
			op := Opt{Name: o.Canon, Spelled: name, Arg: i, ValueArg: -1, Ambiguous: len(opts) > 1, Negated: neg, Tags: o.Tags, level: level}
			kind := o.longKind(name, s)
			switch {
			case hasEq:
				op.Value, op.HasValue = val, true
			case kind == valueRequired && !neg && i+1 < len(args):
				op.Value, op.HasValue, op.ValueArg, op.ValueLen = args[i+1], true, i+1, 1
				last = max(last, i+1)
			case (kind == valueTwo || kind == valueThree) && !neg:
				// bwrap --bind SRC DEST: both words are the option's.
				n := min(valueWords(kind), len(args)-i-1)
				if n > 0 {
					op.Value, op.HasValue, op.ValueArg, op.ValueLen = strings.Join(args[i+1:i+1+n], " "), true, i+1, n
				}
				last = max(last, i+n)
			case kind == valueMulti && !neg:
				j := i + 1
				for j < len(args) && !(len(args[j]) > 1 && args[j][0] == '-') {
					j++
				}
				op.Value, op.HasValue = strings.Join(args[i+1:j], " "), j > i+1
				if j > i+1 {
					op.ValueArg, op.ValueLen = i+1, j-i-1
				}
				last = max(last, j-1)
			}
			av.Opts = append(av.Opts, op)
		}
		return last
	}
	// A cluster of single-letter options: -rf, -C/tmp, -wle.
	for j := 1; j < len(a); j++ {
		o := s.findShort(a[j])
		sp := dashLetter(a[j])
		if o == nil {
			av.Opts = append(av.Opts, Opt{Name: sp, Spelled: sp, Arg: i, ValueArg: -1, Unknown: true, level: level})
			continue
		}
		op := Opt{Name: o.Canon, Spelled: sp, Arg: i, ValueArg: -1, Tags: o.Tags, level: level}
		switch o.valueOf(shortName(sp, s)) {
		case valueMulti:
			if j+1 < len(a) {
				op.Value, op.HasValue = a[j+1:], true
				av.Opts = append(av.Opts, op)
				return i
			}
			k := i + 1
			for k < len(args) && !(len(args[k]) > 1 && args[k][0] == '-') {
				k++
			}
			if k > i+1 {
				op.Value, op.HasValue, op.ValueArg, op.ValueLen = strings.Join(args[i+1:k], " "), true, i+1, k-i-1
			}
			av.Opts = append(av.Opts, op)
			return k - 1
		case valueTwo, valueThree:
			// -B SRC DEST: the words after the option, whatever is
			// attached.
			n := min(valueWords(o.valueOf(shortName(sp, s))), len(args)-i-1)
			if n > 0 {
				op.Value, op.HasValue, op.ValueArg, op.ValueLen = strings.Join(args[i+1:i+1+n], " "), true, i+1, n
			}
			av.Opts = append(av.Opts, op)
			return i + n
		case valueRequired:
			if j+1 < len(a) {
				op.Value, op.HasValue = strings.TrimPrefix(a[j+1:], "="), true
				av.Opts = append(av.Opts, op)
				return i
			}
			if i+1 < len(args) {
				op.Value, op.HasValue, op.ValueArg, op.ValueLen = args[i+1], true, i+1, 1
				av.Opts = append(av.Opts, op)
				return i + 1
			}
			av.Opts = append(av.Opts, op)
			return i
		case valueOptional:
			if j+1 < len(a) {
				op.Value, op.HasValue = a[j+1:], true
			}
			av.Opts = append(av.Opts, op)
			return i
		}
		av.Opts = append(av.Opts, op)
	}
	return i
}

// dashLetters holds "-" followed by each byte, so that a cluster's letters
// are named without allocating.
var dashLetters = sync.OnceValue(func() string {
	b := make([]byte, 0, 512)
	for c := range 256 {
		b = append(b, '-', byte(c))
	}
	return string(b)
})

// dashLetter returns "-" followed by c.
func dashLetter(c byte) string {
	i := 2 * int(c)
	return dashLetters()[i : i+2]
}

// hasValuePrefix reports whether a is name followed by "=" (a value).
func hasValuePrefix(a, name string) bool {
	return len(a) > len(name) && a[len(name)] == '=' && a[:len(name)] == name
}

func optName(a string) string {
	n, _, _ := strings.Cut(a, "=")
	return n
}

func optAttached(a string) string {
	_, v, _ := strings.Cut(a, "=")
	return v
}

// Unknown returns the options no spec lists.
func (av *Argv) Unknown() []Opt {
	var out []Opt
	for _, o := range av.Opts {
		if o.Unknown {
			out = append(out, o)
		}
	}
	return out
}

// optLang is the language of the code option o runs (its spec's
// code=LANG tag), or "" for a shell command.
func (av *Argv) optLang(o Opt) string {
	if o.level < 0 || o.level >= len(av.specs) || av.specs[o.level] == nil {
		return ""
	}
	s := av.specs[o.level]
	if i := s.exact(o.Name); i >= 0 {
		return s.opts[i].Lang
	}
	return ""
}

// Spec returns the deepest spec (the subcommand's), or nil.
func (av *Argv) Spec() *Spec {
	if len(av.specs) == 0 {
		return nil
	}
	return av.specs[len(av.specs)-1]
}

// targets resolves the spellings a rule asks about to (level, canonical)
// pairs; a spelling no spec at any level knows is returned in unknown.
// known and unknown are appended to (callers pass buffers on their stack).
func (av *Argv) targets(flags []string, known []levelName, unknown []string) ([]levelName, []string) {
	for _, f := range flags {
		found := false
		base := optName(f)
		for lv, s := range av.specs {
			if c := s.resolve(base); c != "" {
				known = append(known, levelName{lv, c})
				found = true
			}
		}
		if !found {
			unknown = append(unknown, f)
		}
	}
	return known, unknown
}

type levelName struct {
	level int
	name  string
}

// match reports the first option that is one of the asked-for ones.
func (av *Argv) match(known []levelName) *Opt {
	for i := range av.Opts {
		o := &av.Opts[i]
		if o.Unknown || o.Negated {
			continue
		}
		for _, k := range known {
			if o.level == k.level && o.Name == k.name {
				return o
			}
		}
	}
	return nil
}

// Has reports whether any of the flags is given, in any spelling the
// program accepts (abbreviated, clustered, with "=value"). A flag the
// program's spec does not list is matched as written, as for a program
// without a spec: long flags exactly or with "=value", single letters also
// inside a cluster. Arguments after "--" are not flags.
func (c *Cmd) Has(flags ...string) bool {
	av := c.Argv()
	if !av.dashArgs && len(av.Opts) == 0 {
		// No option given, and no word a literal match could find.
		return false
	}
	if !av.Known {
		return c.hasLiteral(flags)
	}
	var kb [8]levelName
	var ub [4]string
	known, unknown := av.targets(flags, kb[:0], ub[:0])
	if len(known) > 0 && av.match(known) != nil {
		return true
	}
	if len(unknown) > 0 {
		return c.hasLiteral(unknown)
	}
	return false
}

// hasLiteral is Has without a spec.
func (c *Cmd) hasLiteral(flags []string) bool {
	for _, a := range c.Args {
		if a == "--" {
			return false
		}
		if len(a) < 2 || a[0] != '-' {
			continue
		}
		for _, f := range flags {
			if a == f {
				return true
			}
			if strings.HasPrefix(f, "--") {
				if hasValuePrefix(a, f) {
					return true
				}
				continue
			}
			// -x inside a cluster such as -rfv (not for long options written with one dash).
			if len(f) == 2 && f[0] == '-' && a[1] != '-' && isCluster(a) && strings.IndexByte(a[1:], f[1]) >= 0 {
				return true
			}
		}
	}
	return false
}

// Flag returns the value of a flag given in any spelling the program
// accepts ("--name=value", "--name value", "-n value", "-nvalue", an
// abbreviation); ok is true when the flag is present, even without a value.
func (c *Cmd) Flag(names ...string) (string, bool) {
	av := c.Argv()
	if !av.dashArgs && len(av.Opts) == 0 && allDashed(names) {
		return "", false
	}
	if av.Known {
		var kb [8]levelName
		var ub [4]string
		known, unknown := av.targets(names, kb[:0], ub[:0])
		if len(known) > 0 {
			if o := av.match(known); o != nil {
				return o.Value, true
			}
		}
		if len(unknown) == 0 {
			return "", false
		}
		names = unknown
	}
	return c.flagLiteral(names)
}

// allDashed reports whether every name is an option spelled with "-": a
// word without one can then match none of them.
func allDashed(names []string) bool {
	for _, n := range names {
		if len(n) < 2 || n[0] != '-' {
			return false
		}
	}
	return true
}

// FlagAll returns every value given for a flag (curl -H a -H b), in
// any spelling the program accepts.
func (c *Cmd) FlagAll(names ...string) []string {
	av := c.Argv()
	if !av.dashArgs && len(av.Opts) == 0 && allDashed(names) {
		return nil
	}
	if !av.Known {
		return c.flagAllLiteral(names)
	}
	var kb [8]levelName
	var ub [4]string
	known, unknown := av.targets(names, kb[:0], ub[:0])
	var out []string
	for i := range av.Opts {
		o := &av.Opts[i]
		if o.Unknown || o.Negated || !o.HasValue {
			continue
		}
		for _, k := range known {
			if o.level == k.level && o.Name == k.name {
				out = append(out, o.Value)
				break
			}
		}
	}
	if len(unknown) > 0 {
		out = append(out, c.flagAllLiteral(unknown)...)
	}
	return out
}

// flagAllLiteral is FlagAll without a spec: "-n v", "-nv", "--name=v",
// "--name v".
func (c *Cmd) flagAllLiteral(names []string) []string {
	var out []string
	for i := 0; i < len(c.Args); i++ {
		a := c.Args[i]
		if a == "--" {
			break
		}
		for _, n := range names {
			switch {
			case a == n:
				if i+1 < len(c.Args) {
					out = append(out, c.Args[i+1])
					i++
				}
			case hasValuePrefix(a, n) && len(n) > 2:
				out = append(out, a[len(n)+1:])
			case len(n) == 2 && n[0] == '-' && n[1] != '-' && strings.HasPrefix(a, n) && len(a) > 2 && a[1] != '-':
				out = append(out, a[2:])
			default:
				continue
			}
			break
		}
	}
	return out
}

func (c *Cmd) flagLiteral(names []string) (string, bool) {
	for i, a := range c.Args {
		if a == "--" {
			break
		}
		for _, n := range names {
			switch {
			case a == n:
				if i+1 < len(c.Args) {
					return c.Args[i+1], true
				}
				return "", true
			case hasValuePrefix(a, n):
				return a[len(n)+1:], true
			case len(n) == 2 && n[0] == '-' && n[1] != '-' && strings.HasPrefix(a, n) && len(a) > 2 && a[1] != '-':
				return a[2:], true
			}
		}
	}
	return "", false
}

// Positional returns the arguments that are not options or option values
// (subcommand words included). With a spec, the program's own options say
// which take a value; valued adds flags the spec does not list that take a
// separate value. Without one, valued lists them all.
func (c *Cmd) Positional(valued ...string) []string {
	av := c.Argv()
	if !av.Known {
		if len(valued) > 0 {
			return positionalLiteral(c.Args, valued)
		}
		if !av.literalRead {
			av.literal, av.literalRead = positionalLiteral(c.Args, nil), true
		}
		// Capped, as below: a caller that appends copies.
		return av.literal[:len(av.literal):len(av.literal)]
	}
	if len(valued) == 0 {
		// Capped so a caller that appends copies instead of writing into
		// the spare room every other caller shares.
		return av.words[:len(av.words):len(av.words)]
	}
	// Drop a word that follows an unknown option the caller says takes a value.
	var out []string
	for k, w := range av.words {
		idx := av.wordArg[k]
		if idx > 0 && (av.optsDone < 0 || idx < av.optsDone) && c.unknownValued(idx-1, valued) {
			continue
		}
		out = append(out, w)
	}
	return out
}

// unknownValued reports whether Args[i] is an option the spec does not
// list and valued names.
func (c *Cmd) unknownValued(i int, valued []string) bool {
	a := c.Args[i]
	if len(a) < 2 || a[0] != '-' {
		return false
	}
	for _, o := range c.argv.Opts {
		if o.Arg == i && !o.Unknown {
			return false
		}
	}
	for _, v := range valued {
		if a == v {
			return true
		}
	}
	return false
}

// appendSized appends a to out, giving a nil out room for n words first.
func appendSized(out []string, a string, n int) []string {
	if out == nil {
		out = make([]string, 0, n)
	}
	return append(out, a)
}

func positionalLiteral(args, valued []string) []string {
	var out []string
	skip := false
	dashdash := false
	for _, a := range args {
		if skip {
			skip = false
			continue
		}
		if dashdash {
			out = appendSized(out, a, len(args))
			continue
		}
		if a == "--" {
			dashdash = true
			continue
		}
		if len(a) > 1 && a[0] == '-' {
			for _, v := range valued {
				if a == v {
					skip = true
					break
				}
			}
			continue
		}
		out = appendSized(out, a, len(args))
	}
	return out
}

// Program is the program's name (the Cmd's Name): with Input, Has, Flag,
// FlagAll, Positional and Params it lets other analyzers read a command
// through its record without parsing argv themselves.
func (c *Cmd) Program() string { return c.Name }

// Input is the text fed to the command's standard input, when known.
func (c *Cmd) Input() string { return c.Stdin }

// Params returns the long options the program's spec does not list, with
// their values: "--amount=5000", or "--amount 5000" when the next word is
// not an option (programs such as the Stripe CLI take any API parameter as
// an option). An option without a value maps to "true".
func (c *Cmd) Params() map[string]string {
	av := c.Argv()
	out := map[string]string{}
	for _, o := range av.Opts {
		if !o.Unknown || !strings.HasPrefix(o.Name, "--") || len(o.Name) < 3 {
			continue
		}
		k := o.Name[2:]
		switch {
		case o.HasValue:
			out[k] = o.Value
		case o.Arg+1 < len(c.Args) && isOperandAt(av, o.Arg+1):
			out[k] = c.Args[o.Arg+1]
		default:
			out[k] = "true"
		}
	}
	return out
}

func isOperandAt(av *Argv, i int) bool {
	for _, j := range av.OperandArg {
		if j == i {
			return true
		}
	}
	return false
}

// ReadArgv reads a command's words (the program first, literal words) the
// way the program reads them, for packages that keep commands in another
// form (trust patterns).
func ReadArgv(words []string) *Argv {
	if len(words) == 0 {
		return &Argv{optsDone: -1}
	}
	return parseArgv(SpecFor(progName(words[0])), words[1:], make([]bool, len(words)-1))
}

// Canonical returns a command's words in the program's own reading: the
// program, its subcommand words, its options under their canonical names
// (with "=value"), sorted, then the operands in order. Two spellings the program reads alike have the same
// canonical form ("rm -fr x" and "rm --recursive --force x"). words[0] is
// the program as written.
func Canonical(words []string) []string {
	if len(words) == 0 {
		return nil
	}
	av := ReadArgv(words)
	out := make([]string, 0, len(words)+4)
	out = append(out, words[0])
	out = append(out, av.Sub...)
	opts := make([]string, 0, len(av.Opts))
	for _, o := range av.Opts {
		n := o.Name
		if o.Negated {
			n = "--no-" + strings.TrimPrefix(n, "--")
		}
		if o.HasValue {
			n += "=" + o.Value
		}
		opts = append(opts, n)
	}
	slices.Sort(opts)
	out = append(out, opts...)
	out = append(out, av.Operands...)
	return out
}

// longKind is how the long spelling written (name, maybe abbreviated) of o
// takes its value: that of the spelling it abbreviates.
func (o *OptSpec) longKind(name string, s *Spec) valueKind {
	if s.attrs&attrIcase != 0 {
		name = strings.ToLower(name)
	}
	for i, n := range o.Names {
		if i < len(o.kinds) && (n == name || strings.HasPrefix(n, name) && strings.HasPrefix(n, "--")) {
			return o.kinds[i]
		}
	}
	return o.Value
}

// attachedShort reads a word of a program whose short options never
// cluster and whose spec says attached (its header) as a single-letter
// option with its value attached, when no
// longer option is spelled so and the letter's option takes a value:
// cmake -P/tmp/x.cmake, cmake -DX=1, mvn -Dexec.args=…, as the programs
// themselves read them.
func attachedShort(s *Spec, a string) (Opt, bool) {
	if s.attrs&attrAttached == 0 || s.attrs&attrNoCluster == 0 || s.attrs&attrDash1 != 0 || len(a) < 3 || a[0] != '-' || a[1] == '-' {
		return Opt{}, false
	}
	o := s.findShort(a[1])
	if o == nil {
		return Opt{}, false
	}
	sp := dashLetter(a[1])
	switch o.valueOf(shortName(sp, s)) {
	case valueRequired, valueOptional:
		return Opt{Name: o.Canon, Spelled: sp, Value: a[2:], HasValue: true, ValueArg: -1, Tags: o.Tags}, true
	}
	return Opt{}, false
}

// shortName is the spelling a cluster letter is listed under.
func shortName(sp string, s *Spec) string {
	if s.attrs&attrIcase != 0 {
		return strings.ToLower(sp)
	}
	return sp
}

// literalLongOpt reports a word whose value alone is known only when it
// runs (--target=$(pgrep x), --pid="$P"): the shell hands the program
// the option its literal start names, so it is read as that option.
func literalLongOpt(a string) bool {
	eq := strings.IndexByte(a, '=')
	return eq > 2 && strings.HasPrefix(a, "--") && !strings.ContainsAny(a[:eq], "$`\u2026*?[{\\\"'")
}
