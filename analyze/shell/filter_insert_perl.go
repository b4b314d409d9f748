package shell

import (
	"strconv"
	"strings"
)

// perl -pe and -ne (and their in-place form -pi) are filters as sed is:
// perl -pi -e 's/"test": ".*"/"test": "rm -rf ~"/' package.json puts the
// replacement of its substitution into the file, and npm test then runs
// it. The reader below takes the replacement of each s/// of a program
// made only of substitutions; a program with anything else (code, a
// substitution whose replacement is code: the e flag) is read as a
// whole, its text judged as what it may insert. ruby -pe and -ne are
// read for their string literals, which is all a program of literal
// text can insert.

// perlFilterProgram returns the code of perl or ruby run as a filter
// (-p or -n with -e code) and the files it reads; ok is false otherwise.
func perlFilterProgram(c *Cmd) (prog string, files []string, ok bool) {
	syn := perlSwitches
	if c.Name == "ruby" {
		syn = rubySwitches
	}
	got, ok := scanClusters(c.Args, syn)
	if !ok || !(got.seen['p'] || got.seen['n']) || len(got.scripts) == 0 {
		return "", nil, false
	}
	return strings.Join(got.scripts, "\n"), got.files, true
}

// inPlaceFilter reports perl or ruby given -i: it writes its files in
// place and prints nothing.
func inPlaceFilter(c *Cmd) bool {
	if c.Name != "perl" && c.Name != "ruby" {
		return false
	}
	syn := perlSwitches
	if c.Name == "ruby" {
		syn = rubySwitches
	}
	got, _ := scanClusters(c.Args, syn)
	return got.seen['i']
}

// perlInsertion reads a perl filter's program: the replacements of its
// substitutions, or the whole program when it holds anything else.
func perlInsertion(prog string) insertion {
	var iw insertWriter
	s := prog
	for {
		s = strings.TrimLeft(s, " \t\r\n;")
		if s == "" {
			return insertion{text: iw.b.String()}
		}
		repl, flags, rest, ok := perlSubst(s)
		if !ok || strings.ContainsRune(flags, 'e') {
			// Code, or a replacement that is code: what it prints is
			// judged by its whole text.
			return insertion{text: iw.b.String() + prog + "\n"}
		}
		iw.line(perlReplacementText(repl))
		s = rest
	}
}

// perlSubst reads one s/// at the start of s: its replacement (raw),
// flags and what follows. Bracketing delimiters pair up (s{a}{b}), with
// blanks allowed between the two parts.
func perlSubst(s string) (repl, flags, rest string, ok bool) {
	if len(s) < 4 || s[0] != 's' {
		return "", "", "", false
	}
	s = s[1:]
	open := s[0]
	if open == ' ' || open == '\t' || perlWordByte(open) {
		return "", "", "", false
	}
	_, s, ok = perlDelimited(s)
	if !ok {
		return "", "", "", false
	}
	if closing(open) != open {
		s = strings.TrimLeft(s, " \t\r\n")
		if s == "" {
			return "", "", "", false
		}
		repl, s, ok = perlDelimited(s)
	} else {
		repl, s, ok = perlRawField(s, open, open)
	}
	if !ok {
		return "", "", "", false
	}
	n := 0
	for n < len(s) && s[n] >= 'a' && s[n] <= 'z' {
		n++
	}
	return repl, s[:n], s[n:], true
}

// perlDelimited reads a field that starts with its opening delimiter.
func perlDelimited(s string) (field, rest string, ok bool) {
	if s == "" {
		return "", "", false
	}
	return perlRawField(s[1:], s[0], closing(s[0]))
}

// perlRawField reads up to the closing delimiter, keeping escapes;
// bracketing delimiters nest.
func perlRawField(s string, open, close byte) (field, rest string, ok bool) {
	depth := 0
	for i := 0; i < len(s); i++ {
		switch c := s[i]; {
		case c == '\\':
			i++
		case c == close && depth == 0:
			return s[:i], s[i+1:], true
		case c == close:
			depth--
		case c == open && open != close:
			depth++
		}
	}
	return "", "", false
}

// closing is the delimiter that closes open.
func closing(open byte) byte {
	switch open {
	case '{':
		return '}'
	case '(':
		return ')'
	case '[':
		return ']'
	case '<':
		return '>'
	}
	return open
}

// perlReplacementText is the text a replacement prints: variables ($1,
// $&, ${name}, @list) stand for text only known when it runs, escapes are
// decoded (\n, \t, \x41, \x{263A}, \101).
func perlReplacementText(repl string) string {
	var b strings.Builder
	for i := 0; i < len(repl); {
		ch := repl[i]
		switch {
		case ch == '$' || ch == '@':
			b.WriteString(matchedText)
			i = perlVarEnd(repl, i+1)
		case ch == '\\' && i+1 < len(repl):
			n := perlEscape(&b, repl[i+1:])
			i += 1 + n
		default:
			b.WriteByte(ch)
			i++
		}
	}
	return b.String()
}

// perlVarEnd returns where a variable's name that starts at i ends.
func perlVarEnd(s string, i int) int {
	if i >= len(s) {
		return i
	}
	switch {
	case s[i] == '{':
		if j := strings.IndexByte(s[i:], '}'); j >= 0 {
			return i + j + 1
		}
		return len(s)
	case perlWordByte(s[i]):
		for i < len(s) && perlWordByte(s[i]) {
			i++
		}
		return i
	}
	return i + 1 // $&, $+, $1…
}

// perlEscape writes the character the escape at the start of s (after
// its backslash) stands for and returns how many bytes it used.
func perlEscape(b *strings.Builder, s string) int {
	switch e := s[0]; {
	case e == 'n':
		b.WriteByte('\n')
	case e == 't':
		b.WriteByte('\t')
	case e >= '1' && e <= '9':
		b.WriteString(matchedText) // \1: a group of the match
	case e == 'x':
		if len(s) > 1 && s[1] == '{' {
			if j := strings.IndexByte(s, '}'); j > 2 {
				if v, err := strconv.ParseUint(s[2:j], 16, 32); err == nil {
					b.WriteRune(rune(v))
				}
				return j + 1
			}
		}
		n := 1
		for n < 3 && n < len(s) && isHexByte(s[n]) {
			n++
		}
		if v, err := strconv.ParseUint(s[1:n], 16, 8); err == nil {
			b.WriteByte(byte(v))
		}
		return n
	case e == '0':
		n := 1
		for n < 4 && n < len(s) && s[n] >= '0' && s[n] <= '7' {
			n++
		}
		if v, err := strconv.ParseUint(s[:n], 8, 8); err == nil {
			b.WriteByte(byte(v))
		}
		return n
	default:
		b.WriteByte(e) // \/, \", \\, \$: the character itself
	}
	return 1
}

func perlWordByte(c byte) bool {
	return c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9'
}

func isHexByte(c byte) bool {
	return c >= '0' && c <= '9' || c >= 'a' && c <= 'f' || c >= 'A' && c <= 'F'
}

// rubyInsertion reads a ruby filter's program for its string literals:
// each is text it may print.
func rubyInsertion(prog string) insertion {
	var iw insertWriter
	for i := 0; i < len(prog); i++ {
		q := prog[i]
		if q == '/' && rubyRegexStart(prog[:i]) {
			// A regular expression (gsub(/"a": ".*"/, …)) matches; it
			// inserts nothing.
			if _, rest, ok := perlRawField(prog[i+1:], '/', '/'); ok {
				i = len(prog) - len(rest) - 1
			}
			continue
		}
		if q != '"' && q != '\'' {
			continue
		}
		lit, rest, ok := perlRawField(prog[i+1:], q, q)
		if !ok {
			iw.line(prog[i:])
			break
		}
		if q == '"' {
			lit = perlReplacementText(strings.ReplaceAll(lit, "#{", "${"))
		}
		iw.line(lit)
		i = len(prog) - len(rest) - 1
	}
	return insertion{text: iw.b.String()}
}

// rubyRegexStart reports whether a slash after before opens a regular
// expression: it follows an opening bracket, a comma, an operator or the
// start of the program.
func rubyRegexStart(before string) bool {
	b := strings.TrimRight(before, " \t")
	return b == "" || strings.ContainsRune("(,=~!&|;{[", rune(b[len(b)-1]))
}
