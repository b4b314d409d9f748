package undo

import (
	"path"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"time"

	"mvdan.cc/sh/v3/syntax"
)

// RewriteOptions is what Rewrite knows of where a command runs.
type RewriteOptions struct {
	Cwd       string // the agent's working directory (absolute); without it nothing is rewritten
	Workspace string // the project's top directory (default Cwd): paths outside it are not rewritten
	Home      string // the user's home directory: never rewritten into the trash
	// StateDir, when set, is passed on (--state-dir) so that the trash is
	// the one beside the audit database the hook used.
	StateDir string
	Buffer   time.Duration // the undo buffer, for the notice (default DefaultBuffer)
	// Retention, when set and not the default, is passed on (--retention).
	Retention time.Duration
}

// maxRewrite bounds the commands Rewrite looks at.
const maxRewrite = 32 << 10

// Rewrite returns the command that does what command does through the
// trash, and a sentence for the user's notice; ok is false when the command
// is left as it is. It is pure (no I/O) and safe for concurrent use.
//
// Rewritten, when the whole command is exactly one simple command of
// literal words (quotes are fine; globs are left for the shell to expand):
//
//	rm [-f] [-r|-R] [-d] [-v] [--] PATHS  →  'self' trash put … -- PATHS
//	git reset --hard [ARGS]              →  'self' trash git-safety-ref && git reset --hard ARGS
//	git clean -f[d][x|X] [ARGS]          →  'self' trash git-clean … -- -f… ARGS
//
// Not rewritten: anything else — variables, $(…), pipes, lists (;, &&),
// redirections, assignments, sudo and other wrappers, an rm option the
// trash does not honour (-i, --one-file-system, …), a path outside the
// workspace, the home directory, a glob that could reach outside.
func Rewrite(command, self string, opts RewriteOptions) (newCommand string, what string, ok bool) {
	if len(command) > maxRewrite || self == "" || !filepath.IsAbs(opts.Cwd) ||
		(!strings.Contains(command, "rm") && !strings.Contains(command, "git")) {
		return "", "", false
	}
	if opts.Workspace == "" {
		opts.Workspace = opts.Cwd
	}
	opts.Cwd, opts.Workspace = filepath.Clean(opts.Cwd), filepath.Clean(opts.Workspace)
	if opts.Home != "" {
		opts.Home = filepath.Clean(opts.Home)
	}
	if opts.Buffer <= 0 {
		opts.Buffer = DefaultBuffer
	}
	f, err := syntax.NewParser(syntax.Variant(syntax.LangBash)).Parse(strings.NewReader(command), "")
	if err != nil || len(f.Stmts) != 1 {
		return "", "", false
	}
	st := f.Stmts[0]
	call, isCall := st.Cmd.(*syntax.CallExpr)
	if !isCall || st.Negated || st.Background || st.Coprocess || len(st.Redirs) > 0 || len(call.Assigns) > 0 || len(call.Args) < 2 {
		return "", "", false
	}
	words := make([]shellWord, len(call.Args))
	for i, w := range call.Args {
		if words[i], ok = literal(w); !ok {
			return "", "", false
		}
	}
	if words[0].glob {
		return "", "", false
	}
	r := rewriter{self: self, opts: opts, command: command}
	switch words[0].val {
	case "rm", "/bin/rm", "/usr/bin/rm":
		return r.rm(words[1:])
	case "git":
		if words[1].glob {
			return "", "", false
		}
		switch words[1].val {
		case "reset":
			return r.reset(words[2:])
		case "clean":
			return r.clean(words[2:])
		}
	}
	return "", "", false
}

type rewriter struct {
	self    string
	opts    RewriteOptions
	command string
}

// prefix is `'self' trash <sub> [--state-dir D] [--retention R]`.
func (r *rewriter) prefix(sub string) (*strings.Builder, bool) {
	var b strings.Builder
	q, ok := quote(r.self)
	if !ok {
		return nil, false
	}
	b.WriteString(q + " trash " + sub)
	if r.opts.StateDir != "" {
		d, ok := quote(r.opts.StateDir)
		if !ok {
			return nil, false
		}
		b.WriteString(" --state-dir " + d)
	}
	if r.opts.Retention > 0 && r.opts.Retention != DefaultRetention {
		b.WriteString(" --retention " + r.opts.Retention.String())
	}
	return &b, true
}

func (r *rewriter) rm(args []shellWord) (string, string, bool) {
	vals := make([]string, len(args))
	for i, w := range args {
		vals[i] = w.val
		if w.glob && strings.HasPrefix(w.val, "-") {
			return "", "", false // an option or an operand: only the shell knows
		}
	}
	flags, operands, err := parseRm(vals, nil)
	if err != nil || len(operands) == 0 {
		return "", "", false
	}
	globs := 0
	for _, i := range operands {
		if !r.inWorkspace(args[i]) {
			return "", "", false
		}
		if args[i].glob {
			globs++
		}
	}
	b, ok := r.prefix("put")
	if !ok {
		return "", "", false
	}
	ws, ok1 := quote(r.opts.Workspace)
	cmd, ok2 := quote(r.command)
	if !ok1 || !ok2 {
		return "", "", false
	}
	b.WriteString(" --workspace " + ws + " --command " + cmd)
	if fl := flags.args(); fl != "" {
		b.WriteString(" " + fl)
	}
	b.WriteString(" --")
	for _, i := range operands {
		e, ok := args[i].emit()
		if !ok {
			return "", "", false
		}
		b.WriteString(" " + e)
	}
	within := "; `actionguard undo` within " + shortDuration(r.opts.Buffer) + " brings "
	var what string
	switch {
	case len(operands) == 1 && globs == 0:
		what = args[operands[0]].val + " goes to actionguard's trash" + within + "it back"
	case len(operands) == 1:
		what = "the files matching " + args[operands[0]].val + " go to actionguard's trash" + within + "them back"
	case globs == 0:
		what = "the " + strconv.Itoa(len(operands)) + " paths go to actionguard's trash" + within + "them back"
	default:
		what = "the paths of the " + strconv.Itoa(len(operands)) + " arguments (after the shell expands the patterns) go to actionguard's trash" + within + "them back"
	}
	return b.String(), what, true
}

// inWorkspace reports whether an rm operand stays strictly inside the
// workspace and away from the home directory: for a glob, the directory it
// starts in and every component it could reach.
func (r *rewriter) inWorkspace(w shellWord) bool {
	ws, home := r.opts.Workspace, r.opts.Home
	if ws == "/" || w.val == "" {
		return false
	}
	abs := func(p string) string {
		if !filepath.IsAbs(p) {
			p = filepath.Join(r.opts.Cwd, p)
		}
		return filepath.Clean(p)
	}
	if !w.glob {
		a := abs(w.val)
		return !isDotName(w.val) && within(a, ws) && (home == "" || (a != home && !within(home, a)))
	}
	first := slices.Index(w.meta, true)
	dir := ""
	if k := strings.LastIndexByte(w.val[:first], '/'); k >= 0 {
		dir = w.val[:k+1]
	}
	d := abs(dir)
	if d != ws && !within(d, ws) {
		return false
	}
	if home != "" && within(home, d) {
		return false // the pattern could name the home directory
	}
	// No component after the start may reach back up. The shell matches
	// a leading dot only when the pattern spells it, so only a component
	// that starts with a literal "." could match "..".
	rest := shellWord{val: w.val[len(dir):], meta: w.meta[len(dir):]}
	for _, comp := range strings.Split(rest.pattern(), "/") {
		if !strings.HasPrefix(comp, ".") {
			continue
		}
		if m, err := path.Match(comp, ".."); err != nil || m {
			return false
		}
	}
	return true
}

func (r *rewriter) reset(args []shellWord) (string, string, bool) {
	hard := false
	for _, w := range args {
		if w.glob {
			return "", "", false
		}
		hard = hard || w.val == "--hard"
	}
	if !hard {
		return "", "", false
	}
	b, ok := r.prefix("git-safety-ref")
	if !ok {
		return "", "", false
	}
	b.WriteString(" && git reset")
	for _, w := range args {
		q, ok := quote(w.val)
		if !ok {
			return "", "", false
		}
		b.WriteString(" " + q)
	}
	return b.String(), "actionguard records the work git reset --hard discards as a safety ref (refs/actionguard/safety/…) before the reset runs; `git stash apply --index <ref>` brings it back", true
}

func (r *rewriter) clean(args []shellWord) (string, string, bool) {
	vals := make([]string, len(args))
	for i, w := range args {
		vals[i] = w.val
		if w.glob && strings.HasPrefix(w.val, "-") {
			return "", "", false
		}
	}
	c, err := ParseCleanArgs(vals)
	if err != nil || c.Force == 0 || c.DryRun || c.Interactive {
		return "", "", false
	}
	b, ok := r.prefix("git-clean")
	if !ok {
		return "", "", false
	}
	b.WriteString(" --")
	for _, w := range args {
		e, ok := w.emit()
		if !ok {
			return "", "", false
		}
		b.WriteString(" " + e)
	}
	return b.String(), "the files git clean would remove go to actionguard's trash instead; `actionguard undo` within " + shortDuration(r.opts.Buffer) + " brings them back", true
}

// shellWord is a word of literal text: its value after quote removal, and
// which bytes are unquoted glob characters the shell would expand.
type shellWord struct {
	val  string
	meta []bool // per byte of val
	glob bool
}

// literal reads a word made only of literal text: unquoted text, '…' and
// "…" without expansions. Brace and tilde expansion, $'…', extended globs
// and every expansion make it not literal.
func literal(w *syntax.Word) (shellWord, bool) {
	var val []byte
	var meta []bool
	add := func(c byte, m bool) {
		val = append(val, c)
		meta = append(meta, m)
	}
	for _, part := range w.Parts {
		switch p := part.(type) {
		case *syntax.Lit:
			s := p.Value
			for i := 0; i < len(s); i++ {
				c := s[i]
				switch c {
				case '\\':
					if i+1 < len(s) {
						i++
						add(s[i], false)
					} else {
						add(c, false)
					}
				case '*', '?', '[', ']':
					add(c, true)
				case '{', '}', '~':
					return shellWord{}, false
				default:
					add(c, false)
				}
			}
		case *syntax.SglQuoted:
			if p.Dollar {
				return shellWord{}, false
			}
			for i := 0; i < len(p.Value); i++ {
				add(p.Value[i], false)
			}
		case *syntax.DblQuoted:
			if p.Dollar {
				return shellWord{}, false
			}
			for _, dp := range p.Parts {
				lit, ok := dp.(*syntax.Lit)
				if !ok {
					return shellWord{}, false
				}
				s := lit.Value
				for i := 0; i < len(s); i++ {
					c := s[i]
					if c == '\\' && i+1 < len(s) && strings.IndexByte("$`\"\\\n", s[i+1]) >= 0 {
						i++
						if s[i] == '\n' {
							continue
						}
						c = s[i]
					}
					add(c, false)
				}
			}
		default:
			return shellWord{}, false
		}
	}
	sw := shellWord{val: string(val), meta: meta}
	for _, m := range meta {
		sw.glob = sw.glob || m
	}
	return sw, true
}

// pattern is the word as a path.Match pattern: glob characters as they are,
// quoted text escaped.
func (w shellWord) pattern() string {
	var b strings.Builder
	for i := 0; i < len(w.val); i++ {
		c := w.val[i]
		if !w.meta[i] && strings.IndexByte(`*?[]\`, c) >= 0 {
			b.WriteByte('\\')
		}
		b.WriteByte(c)
	}
	return b.String()
}

// emit writes the word back as shell text with the same meaning: quoted
// literal runs (syntax.Quote), and the unquoted glob characters as they
// were. A bracket expression must be simple ([a-z0-9._-], ! or ^ first).
func (w shellWord) emit() (string, bool) {
	var b strings.Builder
	run := 0 // start of the current literal run
	flush := func(end int) bool {
		if end > run {
			q, ok := quote(w.val[run:end])
			if !ok {
				return false
			}
			b.WriteString(q)
		}
		return true
	}
	for i := 0; i < len(w.val); i++ {
		if !w.meta[i] {
			continue
		}
		c := w.val[i]
		if c == ']' {
			continue // a lone ] is literal text: quoted with its run
		}
		if !flush(i) {
			return "", false
		}
		if c == '*' || c == '?' {
			b.WriteByte(c)
			run = i + 1
			continue
		}
		// '[': the bracket expression up to the next unquoted ']'.
		end := -1
		for j := i + 1; j < len(w.val); j++ {
			if w.meta[j] && w.val[j] == ']' {
				end = j
				break
			}
			if w.meta[j] || !bracketByte(w.val[j], j == i+1) {
				return "", false
			}
		}
		if end <= i+1 {
			return "", false
		}
		b.WriteString(w.val[i : end+1])
		i = end
		run = end + 1
	}
	if !flush(len(w.val)) {
		return "", false
	}
	return b.String(), true
}

func bracketByte(c byte, first bool) bool {
	switch {
	case 'a' <= c && c <= 'z', 'A' <= c && c <= 'Z', '0' <= c && c <= '9', c == '.', c == '_', c == '-':
		return true
	}
	return first && (c == '!' || c == '^')
}

// quote is syntax.Quote for bash; false for text it cannot quote (NUL).
func quote(s string) (string, bool) {
	q, err := syntax.Quote(s, syntax.LangBash)
	return q, err == nil
}

// shellJoin quotes words into one line of shell text.
func shellJoin(words []string) string {
	out := make([]string, len(words))
	for i, w := range words {
		q, ok := quote(w)
		if !ok {
			q = strconv.Quote(w)
		}
		out[i] = q
	}
	return strings.Join(out, " ")
}

// shortDuration says a buffer in the notice: "60 s", "5 min".
func shortDuration(d time.Duration) string {
	if d >= 2*time.Minute && d%time.Minute == 0 {
		return strconv.FormatInt(int64(d/time.Minute), 10) + " min"
	}
	return strconv.FormatInt(int64(d.Round(time.Second)/time.Second), 10) + " s"
}
