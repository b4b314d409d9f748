package policy

import (
	"errors"
	"fmt"
	"path"
	"regexp"
	"regexp/syntax"
	"strings"
	"unicode/utf8"
)

// regexPrefix marks a pattern written as a regular expression.
const regexPrefix = "re:"

// patternError is a problem in a pattern, at a rune offset into it.
type patternError struct {
	off       int
	msg, hint string
}

func (e *patternError) Error() string { return e.msg }

// matcher is a compiled command or tool pattern.
type matcher struct {
	// Command patterns: one glob per argv word; rest when the pattern ends
	// with the word **.
	words []glob
	rest  bool
	// progPath: the program word names a path ("/usr/bin/git", "./x"), so
	// it is matched against the program as written only.
	progPath bool
	// re is the anchored regular expression of a re: pattern; every string
	// it matches starts with prefix, checked first because it is cheaper.
	re     *regexp.Regexp
	prefix string
	// tool is the glob of a tool pattern.
	tool glob
}

// glob is one glob over one word: * any runes (slashes included), ? one
// rune, [...] a class, \x a literal x (quoted metacharacters are escaped).
type glob struct {
	pat string
	lit bool // no metacharacter: pat is the literal word, unescaped
}

func (g glob) match(s string) bool {
	if g.lit {
		return g.pat == s
	}
	return globMatch(g.pat, s)
}

// compileCommand compiles the pattern of a command entry.
func compileCommand(pattern string) (*matcher, *patternError) {
	if re, ok := strings.CutPrefix(pattern, regexPrefix); ok {
		rx, err := compileRegex(re)
		if err != nil {
			return nil, err
		}
		prefix, _ := rx.LiteralPrefix()
		return &matcher{re: rx, prefix: prefix}, nil
	}
	words, err := splitPattern(pattern)
	if err != nil {
		return nil, err
	}
	if len(words) == 0 {
		return nil, &patternError{msg: "empty command pattern", hint: `name the program and its arguments, e.g. "git status"`}
	}
	m := &matcher{}
	for i, w := range words {
		if w.starstar {
			if i == 0 {
				return nil, &patternError{off: w.off, msg: "a pattern cannot start with **",
					hint: `name the program first, e.g. "make **"`}
			}
			if i != len(words)-1 {
				return nil, &patternError{off: w.off, msg: "** must be the last word of a pattern",
					hint: "** matches any further arguments; use * to match any one word"}
			}
			m.rest = true
			break
		}
		m.words = append(m.words, w.glob)
	}
	m.progPath = strings.Contains(words[0].glob.pat, "/")
	return m, nil
}

// compileTool compiles the pattern of a tool entry: one glob over the whole
// tool name, or a re: regular expression.
func compileTool(pattern string) (*matcher, *patternError) {
	if re, ok := strings.CutPrefix(pattern, regexPrefix); ok {
		rx, err := compileRegex(re)
		if err != nil {
			return nil, err
		}
		return &matcher{re: rx}, nil
	}
	if pattern == "" {
		return nil, &patternError{msg: "empty tool pattern", hint: `name the tool, e.g. "mcp__github__get_*"`}
	}
	if err := checkGlob(pattern, 0); err != nil {
		return nil, err
	}
	return &matcher{tool: newGlob(pattern)}, nil
}

func newGlob(pat string) glob {
	if !strings.ContainsAny(pat, `*?[\`) {
		return glob{pat: pat, lit: true}
	}
	return glob{pat: pat}
}

// compileRegex compiles a re: pattern, anchored at both ends, with Go's
// RE2 (linear time in the input).
func compileRegex(re string) (*regexp.Regexp, *patternError) {
	base := len([]rune(regexPrefix))
	if re == "" {
		return nil, &patternError{off: base, msg: "empty regular expression", hint: `write one after "re:", e.g. "re:terraform plan( -out=\\S+)?"`}
	}
	// Compiled alone first, so that an error quotes the user's expression.
	_, err := regexp.Compile(re)
	if err != nil {
		pe := &patternError{off: base, msg: "invalid regular expression: " + err.Error(),
			hint: "the syntax is Go's RE2: https://github.com/google/re2/wiki/Syntax"}
		var se *syntax.Error
		if errors.As(err, &se) {
			pe.msg = fmt.Sprintf("invalid regular expression: %s: %s", se.Code, se.Expr)
			if i := strings.Index(re, se.Expr); i >= 0 && se.Expr != "" {
				pe.off = base + utf8.RuneCountInString(re[:i])
			}
			if se.Code == syntax.ErrInvalidPerlOp || se.Code == syntax.ErrInvalidEscape {
				pe.hint = "RE2 has no lookaround and no backreferences: https://github.com/google/re2/wiki/Syntax"
			}
		}
		return nil, pe
	}
	return regexp.MustCompile(`^(?:` + re + `)$`), nil
}

// patWord is one word of a command pattern.
type patWord struct {
	glob     glob
	starstar bool // the unquoted word **
	off      int  // rune offset of the word in the pattern
}

// splitPattern splits a command pattern into words as a shell would: blanks
// separate words; single quotes keep everything literal; double quotes keep
// everything literal but \" \\ \$ \`; a backslash outside quotes escapes the
// next character. Quoted or escaped glob characters match themselves.
// Operators (| & ; < > ( ) `) are errors: a pattern is one simple command.
func splitPattern(s string) ([]patWord, *patternError) {
	rs := []rune(s)
	var words []patWord
	var cur strings.Builder
	inWord, quoted, meta, start := false, false, false, 0
	literal := func(r rune) {
		if strings.ContainsRune(`*?[\`, r) {
			cur.WriteByte('\\')
		}
		cur.WriteRune(r)
	}
	begin := func(i int) {
		if !inWord {
			inWord, quoted, meta, start = true, false, false, i
			cur.Reset()
		}
	}
	for i := 0; i < len(rs); {
		switch c := rs[i]; {
		case c == ' ' || c == '\t' || c == '\n' || c == '\r':
			if inWord {
				p := cur.String()
				w := patWord{off: start, starstar: p == "**" && !quoted}
				if meta {
					w.glob = glob{pat: p}
				} else {
					w.glob = glob{pat: unescape(p), lit: true}
				}
				words = append(words, w)
				inWord = false
			}
			i++
		case c == '\'':
			begin(i)
			quoted = true
			j := i + 1
			for j < len(rs) && rs[j] != '\'' {
				literal(rs[j])
				j++
			}
			if j == len(rs) {
				return nil, &patternError{off: i, msg: "unterminated single quote", hint: "close it with '"}
			}
			i = j + 1
		case c == '"':
			begin(i)
			quoted = true
			j := i + 1
			for ; j < len(rs) && rs[j] != '"'; j++ {
				if rs[j] == '\\' && j+1 < len(rs) && strings.ContainsRune("\"\\$`\n", rs[j+1]) {
					j++
				}
				literal(rs[j])
			}
			if j == len(rs) {
				return nil, &patternError{off: i, msg: "unterminated double quote", hint: `close it with "`}
			}
			i = j + 1
		case c == '\\':
			begin(i)
			if i+1 == len(rs) {
				return nil, &patternError{off: i, msg: "a pattern cannot end with a backslash", hint: `write \\ for a literal backslash`}
			}
			quoted = true
			literal(rs[i+1])
			i += 2
		case strings.ContainsRune("|&;<>()`", c):
			return nil, &patternError{off: i, msg: fmt.Sprintf("%q is shell syntax: a pattern is one simple command", c),
				hint: fmt.Sprintf("write one entry per command, or quote the character ('%c') if it is a literal argument", c)}
		case c == '[':
			begin(i)
			end, err := classEnd(rs, i)
			if err != nil {
				return nil, err
			}
			meta = true
			cur.WriteString(string(rs[i:end]))
			i = end
		case c == '*' || c == '?':
			begin(i)
			meta = true
			cur.WriteRune(c)
			i++
		default:
			begin(i)
			cur.WriteRune(c)
			i++
		}
	}
	if inWord {
		p := cur.String()
		w := patWord{off: start, starstar: p == "**" && !quoted}
		if meta {
			w.glob = glob{pat: p}
		} else {
			w.glob = glob{pat: unescape(p), lit: true}
		}
		words = append(words, w)
	}
	return words, nil
}

// unescape removes the backslashes that escape glob characters.
func unescape(p string) string {
	if !strings.Contains(p, `\`) {
		return p
	}
	var b strings.Builder
	for i := 0; i < len(p); i++ {
		if p[i] == '\\' && i+1 < len(p) {
			i++
		}
		b.WriteByte(p[i])
	}
	return b.String()
}

// classEnd returns the index just past the class that starts at rs[i] == '['.
// A ] right after [ or [! is a member of the class, as in the shell.
func classEnd(rs []rune, i int) (int, *patternError) {
	j := i + 1
	if j < len(rs) && (rs[j] == '!' || rs[j] == '^') {
		j++
	}
	if j < len(rs) && rs[j] == ']' {
		j++
	}
	for ; j < len(rs); j++ {
		switch rs[j] {
		case '\\':
			j++
		case ']':
			return j + 1, classRanges(rs, i, j)
		}
	}
	return 0, &patternError{off: i, msg: "unterminated character class", hint: "close it with ], or quote the [ if it is literal ('[')"}
}

// classRanges checks the ranges of the class rs[open:close+1].
func classRanges(rs []rune, open, close int) *patternError {
	j := open + 1
	if rs[j] == '!' || rs[j] == '^' {
		j++
	}
	for j < close {
		lo := rs[j]
		if lo == '\\' && j+1 < close {
			j++
			lo = rs[j]
		}
		j++
		if j+1 < close && rs[j] == '-' {
			hi := rs[j+1]
			if hi == '\\' && j+2 < close {
				j++
				hi = rs[j+1]
			}
			if hi < lo {
				return &patternError{off: j - 1, msg: fmt.Sprintf("invalid range %c-%c in character class", lo, hi), hint: "write the lower bound first, e.g. [a-z]"}
			}
			j += 2
		}
	}
	return nil
}

// checkGlob validates the classes of a glob written without shell quoting
// (tool patterns); off is the rune offset of g in the value, for errors.
func checkGlob(g string, off int) *patternError {
	rs := []rune(g)
	for i := 0; i < len(rs); i++ {
		switch rs[i] {
		case '\\':
			i++
		case '[':
			end, err := classEnd(rs, i)
			if err != nil {
				err.off += off
				return err
			}
			i = end - 1
		}
	}
	return nil
}

// globMatch reports whether s matches the glob pat, which checkGlob or
// splitPattern validated. It runs in O(len(pat)·len(s)) at worst: a star
// only ever restarts from the last star.
func globMatch(pat, s string) bool {
	px, sx := 0, 0
	starPx, starSx := -1, -1
	for px < len(pat) || sx < len(s) {
		if px < len(pat) {
			switch pat[px] {
			case '*':
				starPx, starSx = px, sx
				px++
				continue
			case '?':
				if sx < len(s) {
					_, n := utf8.DecodeRuneInString(s[sx:])
					px, sx = px+1, sx+n
					continue
				}
			case '[':
				if sx < len(s) {
					r, n := utf8.DecodeRuneInString(s[sx:])
					if ok, end := matchClass(pat, px, r); ok {
						px, sx = end, sx+n
						continue
					}
				}
			default:
				p := px
				if pat[p] == '\\' && p+1 < len(pat) {
					p++
				}
				pr, pn := utf8.DecodeRuneInString(pat[p:])
				if sx < len(s) {
					r, n := utf8.DecodeRuneInString(s[sx:])
					if r == pr && (r != utf8.RuneError || s[sx:sx+n] == pat[p:p+pn]) {
						px, sx = p+pn, sx+n
						continue
					}
				}
			}
		}
		if starPx >= 0 && starSx < len(s) {
			_, n := utf8.DecodeRuneInString(s[starSx:])
			starSx += n
			px, sx = starPx+1, starSx
			continue
		}
		return false
	}
	return true
}

// matchClass matches r against the class at pat[i] == '[' and returns the
// index just past it.
func matchClass(pat string, i int, r rune) (bool, int) {
	j := i + 1
	negate := false
	if j < len(pat) && (pat[j] == '!' || pat[j] == '^') {
		negate = true
		j++
	}
	matched := false
	for first := true; j < len(pat); first = false {
		if pat[j] == ']' && !first {
			return matched != negate, j + 1
		}
		lo, n := classRune(pat, j)
		j += n
		hi := lo
		if j+1 < len(pat) && pat[j] == '-' && pat[j+1] != ']' {
			hi, n = classRune(pat, j+1)
			j += 1 + n
		}
		if lo <= r && r <= hi {
			matched = true
		}
	}
	return false, len(pat) // unterminated: cannot happen after validation
}

func classRune(pat string, j int) (rune, int) {
	if pat[j] == '\\' && j+1 < len(pat) {
		r, n := utf8.DecodeRuneInString(pat[j+1:])
		return r, n + 1
	}
	return utf8.DecodeRuneInString(pat[j:])
}

// systemBinDirs are the directories whose programs an allow entry names by
// their base name: "git status" allows "/usr/bin/git status". A program
// elsewhere ("./git", "/home/u/app/git") may have been written by the agent
// itself, so an allow entry must name its path to allow it. Deny entries
// match the base name wherever the program lives.
var systemBinDirs = map[string]bool{
	"/bin": true, "/sbin": true, "/usr/bin": true, "/usr/sbin": true,
	"/usr/local/bin": true, "/usr/local/sbin": true,
	"/opt/homebrew/bin": true, "/opt/homebrew/sbin": true,
	"/home/linuxbrew/.linuxbrew/bin": true, "/snap/bin": true,
	"/run/current-system/sw/bin": true, "/nix/var/nix/profiles/default/bin": true,
}

// programBase returns the base name under which argv0 may be matched.
func programBase(argv0 string, deny bool) (string, bool) {
	i := strings.LastIndexByte(argv0, '/')
	if i < 0 || i == len(argv0)-1 {
		return "", false
	}
	if !deny {
		dir := argv0[:i]
		if strings.Contains(dir, "/.") || strings.Contains(dir, "//") {
			dir = path.Clean(dir)
		}
		if !systemBinDirs[dir] {
			return "", false
		}
	}
	return argv0[i+1:], true
}

// command is one simple command being looked up, with the forms regular
// expressions match computed once, on demand, for all entries.
type command struct {
	argv     []string
	deny     bool
	joined   string // argv joined by spaces, once joinedOK
	based    string // the same with the program's base name, or "", once basedOK
	base     string // the program's base name, or "", once baseOK
	joinedOK bool
	basedOK  bool
	baseOK   bool
}

// programBase is programBase(argv[0]), computed once.
func (c *command) programBase() (string, bool) {
	if !c.baseOK {
		c.base, _ = programBase(c.argv[0], c.deny)
		c.baseOK = true
	}
	return c.base, c.base != ""
}

func (c *command) join() string {
	if !c.joinedOK {
		c.joined, c.joinedOK = strings.Join(c.argv, " "), true
	}
	return c.joined
}

func (c *command) joinBase() string {
	if !c.basedOK {
		if base, ok := c.programBase(); ok {
			c.based = base + c.join()[len(c.argv[0]):]
		}
		c.basedOK = true
	}
	return c.based
}

// matchArgv reports whether the pattern matches the whole simple command.
func (m *matcher) matchArgv(c *command) bool {
	argv := c.argv
	if len(argv) == 0 {
		return false
	}
	if m.re != nil {
		if s := c.join(); strings.HasPrefix(s, m.prefix) && m.re.MatchString(s) {
			return true
		}
		based := c.joinBase()
		return based != "" && strings.HasPrefix(based, m.prefix) && m.re.MatchString(based)
	}
	if m.rest {
		if len(argv) < len(m.words) {
			return false
		}
	} else if len(argv) != len(m.words) {
		return false
	}
	// The program first: it is what tells most entries apart.
	if !m.words[0].match(argv[0]) {
		if m.progPath {
			return false
		}
		base, ok := c.programBase()
		if !ok || !m.words[0].match(base) {
			return false
		}
	}
	for i := 1; i < len(m.words); i++ {
		if !m.words[i].match(argv[i]) {
			return false
		}
	}
	return true
}

// matchTool reports whether the pattern matches the whole tool name.
func (m *matcher) matchTool(name string) bool {
	if m.re != nil {
		return m.re.MatchString(name)
	}
	return m.tool.match(name)
}
