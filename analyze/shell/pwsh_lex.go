package shell

import (
	"errors"
	"strings"
)

// PowerShell is read as PowerShell reads it: statements end at ; and new
// lines, pipelines join commands with |, && and || chain them (pwsh 7),
// & and . call a command, strings are '…' (literal) or "…" (with $var,
// $(…) and backtick escapes), here-strings @'…'@ and @"…"@, comments # and
// <#…#>, script blocks {…}, sub-expressions (…) $(…) @(…), splatting @args.
// psLex splits the code into commands; the code inside script blocks and
// sub-expressions is returned as nested code, which runs too.

// psWordKind says what a word of a PowerShell command is.
type psWordKind int

const (
	psArg   psWordKind = iota // a value: bare word, string, variable
	psOpt                     // -Name or -Name:value
	psExpr                    // (…), $(…), [Type]::Member(…), a script block: a value known only when it runs
	psRedir                   // > >> 2> *> …: the target is the next word
)

// psWord is one word of a PowerShell command. Parts only known when the
// command runs are written as psUnknown marks in text.
type psWord struct {
	kind psWordKind
	text string // the value (quotes removed, escapes applied); for psParam the name without '-'
	raw  string // the source of the word
	// value is the attached value of -Name:value.
	value   *psWord
	block   bool   // a script block {…}
	literal bool   // a single-quoted string: no wildcards, no variables
	call    bool   // named after the call operator & or dot-sourcing
	inner   string // the code of a word that is one (…) or $(…), with what follows it
}

// psUnknown marks, in a word's text, a part known only when it runs; the
// name between two marks is the variable's.
const psUnknown = "\x00"

// psItem is a command of a statement or the operator after it.
type psItem struct {
	words []psWord
	op    string // "|", "&&", "||", ";" after the command
}

// psCode is PowerShell code read into commands, and the code nested in it.
type psCode struct {
	items  []psItem
	nested []string // script blocks and sub-expressions: code that runs too
	vars   map[string]string
}

var errPSUnterminated = errors.New("a string, block or comment is not closed")

// psMaxNested bounds the nested code kept from one piece of code.
const psMaxNested = 256

// psLex reads PowerShell code into commands.
func psLex(src string) (*psCode, error) {
	l := &psLexer{src: src}
	err := l.run()
	l.code.vars = l.vars
	return &l.code, err
}

type psLexer struct {
	src  string
	i    int
	code psCode
	cur  []psWord
	vars map[string]string
	call bool // the next word follows & or .
}

func (l *psLexer) end(op string) {
	l.assign()
	if len(l.cur) > 0 {
		l.code.items = append(l.code.items, psItem{words: l.cur, op: op})
		l.cur = nil
		return
	}
	if op != ";" && len(l.code.items) > 0 {
		l.code.items[len(l.code.items)-1].op = op
	}
}

func (l *psLexer) nest(code string) {
	if strings.TrimSpace(code) != "" && len(l.code.nested) < psMaxNested {
		l.code.nested = append(l.code.nested, code)
	}
}

func (l *psLexer) run() error {
	s := l.src
	for l.i < len(s) {
		c := s[l.i]
		switch {
		case c == ' ' || c == '\t' || c == '\r' || c == '\f' || c == '\v':
			l.i++
		case c == '`' && l.i+1 < len(s) && (s[l.i+1] == '\n' || s[l.i+1] == '\r'):
			l.i += 2 // a line continues
		case c == '\n' || c == ';':
			l.end(";")
			l.i++
		case c == '#':
			for l.i < len(s) && s[l.i] != '\n' {
				l.i++
			}
		case c == '<' && l.i+1 < len(s) && s[l.i+1] == '#':
			j := strings.Index(s[l.i+2:], "#>")
			if j < 0 {
				return errPSUnterminated
			}
			l.i += j + 4
		case c == '|' && l.i+1 < len(s) && s[l.i+1] == '|':
			l.end("||")
			l.i += 2
		case c == '|':
			l.end("|")
			l.i++
		case c == '&' && l.i+1 < len(s) && s[l.i+1] == '&':
			l.end("&&")
			l.i += 2
		case c == '&' && len(l.cur) == 0:
			l.i++ // the call operator: the next word is the command
			l.call = true
		case c == '&':
			l.end(";") // pwsh 7 runs the pipeline as a job
			l.i++
		case c == '.' && len(l.cur) == 0 && l.i+1 < len(s) && (s[l.i+1] == ' ' || s[l.i+1] == '\t'):
			l.i++ // dot-sourcing: runs the command in this scope
			l.call = true
		case c == '}' || c == ')':
			l.i++ // a closing mark without its opening one
		case len(l.cur) == 1 && strings.HasPrefix(l.cur[0].raw, "$") && (c == '=' || strings.IndexByte("+-*/%?", c) >= 0 && l.i+1 < len(s) && s[l.i+1] == '='):
			n := 1
			if c != '=' {
				n = 2
			}
			l.cur = append(l.cur, psWord{kind: psArg, raw: s[l.i : l.i+n], text: s[l.i : l.i+n]})
			l.i += n
		default:
			w, err := l.word()
			if err != nil {
				return err
			}
			w.call, l.call = l.call, false
			l.cur = append(l.cur, w)
		}
	}
	l.end(";")
	return nil
}

// closing returns the index after the mark that closes the one at i
// ({ ( [), skipping strings, comments and nested marks.
func psClosing(s string, i int) (int, error) {
	depth := 0
	for i < len(s) {
		switch c := s[i]; c {
		case '{', '(', '[':
			depth++
		case '}', ')', ']':
			depth--
			if depth == 0 {
				return i + 1, nil
			}
		case '\'', '"':
			j, err := psStringEnd(s, i)
			if err != nil {
				return 0, err
			}
			i = j
			continue
		case '`':
			i++
		case '#':
			if i > 0 && s[i-1] == '<' {
				j := strings.Index(s[i:], "#>")
				if j < 0 {
					return 0, errPSUnterminated
				}
				i += j + 2
				continue
			}
			if i == 0 || s[i-1] == ' ' || s[i-1] == '\t' || s[i-1] == '\n' || s[i-1] == ';' || s[i-1] == '{' {
				for i < len(s) && s[i] != '\n' {
					i++
				}
				continue
			}
		}
		i++
	}
	return 0, errPSUnterminated
}

// psStringEnd returns the index after the string (or here-string) at i.
func psStringEnd(s string, i int) (int, error) {
	q := s[i]
	if i > 0 && s[i-1] == '@' && i+1 < len(s) && (s[i+1] == '\n' || s[i+1] == '\r') {
		end := "\n" + string(q) + "@"
		j := strings.Index(s[i+1:], end)
		if j < 0 {
			return 0, errPSUnterminated
		}
		return i + 1 + j + len(end), nil
	}
	for j := i + 1; j < len(s); j++ {
		switch {
		case s[j] == '`' && q == '"':
			j++
		case s[j] == q && j+1 < len(s) && s[j+1] == q:
			j++ // '' or "" is the quote itself
		case s[j] == q:
			return j + 1, nil
		}
	}
	return 0, errPSUnterminated
}

func psEndsWord(c byte) bool {
	switch c {
	case ' ', '\t', '\r', '\n', ';', '|', '&', '}', ')', '\f', '\v':
		return true
	}
	return false
}

// word reads one word at l.i.
func (l *psLexer) word() (psWord, error) {
	s := l.src
	start := l.i
	c := s[l.i]
	// Redirections: > >> 2> 2>> *> 2>&1 (the target is the next word).
	if c == '>' || (c >= '1' && c <= '6' || c == '*') && l.i+1 < len(s) && s[l.i+1] == '>' {
		j := l.i
		if c != '>' {
			j++
		}
		j++
		if j < len(s) && s[j] == '>' {
			j++
		}
		if j+1 < len(s) && s[j] == '&' && s[j+1] >= '1' && s[j+1] <= '6' {
			l.i = j + 2
			return psWord{kind: psArg, text: "", raw: s[start:l.i]}, nil // 2>&1 joins streams
		}
		l.i = j
		return psWord{kind: psRedir, text: strings.TrimLeft(s[start:j], "123456*"), raw: s[start:j]}, nil
	}
	if c == '<' {
		l.i++
		return psWord{kind: psRedir, text: "<", raw: "<"}, nil
	}
	// A parameter: -Name or -Name:value (a lone - or a number is a value).
	if c == '-' && l.i+1 < len(s) && psLetter(s[l.i+1]) {
		j := l.i + 1
		for j < len(s) && (psLetter(s[j]) || s[j] >= '0' && s[j] <= '9' || s[j] == '_') {
			j++
		}
		w := psWord{kind: psOpt, text: s[l.i+1 : j]}
		l.i = j
		if j < len(s) && s[j] == ':' {
			l.i++
			if l.i < len(s) && !psEndsWord(s[l.i]) {
				v, err := l.word()
				if err != nil {
					return w, err
				}
				w.value = &v
			}
		}
		if l.i < len(s) && !psEndsWord(s[l.i]) && w.value == nil {
			// -foo.txt or -x=1 is one bare word, not a parameter
			rest, err := l.word()
			if err != nil {
				return w, err
			}
			return psWord{kind: psArg, text: "-" + w.text + rest.text, raw: s[start:l.i]}, nil
		}
		w.raw = s[start:l.i]
		return w, nil
	}
	w := psWord{kind: psArg}
	var b strings.Builder
	for l.i < len(s) && !psEndsWord(s[l.i]) {
		c := s[l.i]
		if c == '=' && s[start] == '$' && len(l.cur) == 0 {
			break // $x=1: the assignment's operator ends the variable
		}
		switch {
		case c == '\'' || c == '"' || c == '@' && l.i+1 < len(s) && (s[l.i+1] == '\'' || s[l.i+1] == '"'):
			at := l.i
			if c == '@' {
				at++
			}
			j, err := psStringEnd(s, at)
			if err != nil {
				return w, err
			}
			body := s[at+1 : j-1]
			if c == '@' && at+1 < len(s) && (s[at+1] == '\n' || s[at+1] == '\r') && j-2 >= at+1 {
				body = strings.TrimPrefix(strings.TrimPrefix(s[at+1:j-2], "\r"), "\n")
				body = strings.TrimSuffix(strings.TrimSuffix(body, "\n"), "\r")
			}
			if s[at] == '\'' {
				b.WriteString(strings.ReplaceAll(body, "''", "'"))
				w.literal = l.i == start && j == len(s) || l.i == start && psEndsWord(s[j])
			} else {
				b.WriteString(l.expand(body, true))
			}
			l.i = j
		case c == '{':
			j, err := psClosing(s, l.i)
			if err != nil {
				return w, err
			}
			l.nest(s[l.i+1 : j-1])
			w.kind, w.block = psExpr, true
			b.WriteString(psUnknown + "block" + psUnknown)
			l.i = j
		case c == '(' || c == '[' || (c == '$' || c == '@') && l.i+1 < len(s) && (s[l.i+1] == '(' || s[l.i+1] == '{' && c == '@'):
			open := l.i
			if c == '$' || c == '@' {
				open++
			}
			j, err := psClosing(s, open)
			if err != nil {
				return w, err
			}
			if s[open] == '(' {
				l.nest(s[open+1 : j-1])
				if open <= start+1 {
					w.inner = s[open+1 : j-1]
				}
			}
			w.kind = psExpr
			b.WriteString(psUnknown + "expr" + psUnknown)
			l.i = j
		case c == '$' || c == '@' && l.i+1 < len(s) && psLetter(s[l.i+1]):
			j := psVarEnd(s, l.i+1)
			b.WriteString(l.variable(s[l.i+1 : j]))
			if c == '@' {
				w.kind = psExpr // splatting: the arguments are only known when it runs
			}
			l.i = j
		case c == '`' && l.i+1 < len(s):
			// Outside quotes a backtick takes the next character as it is
			// (R`emove-I`tem is Remove-Item).
			b.WriteByte(s[l.i+1])
			l.i += 2
		default:
			b.WriteByte(c)
			l.i++
		}
	}
	w.text = b.String()
	w.raw = s[start:l.i]
	return w, nil
}

func psLetter(c byte) bool { return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c == '?' }

// psVarEnd returns the end of the variable name starting at i ($name,
// ${any name}, $env:NAME, $script:x).
func psVarEnd(s string, i int) int {
	if i < len(s) && s[i] == '{' {
		if j := strings.IndexByte(s[i:], '}'); j >= 0 {
			return i + j + 1
		}
		return len(s)
	}
	if i < len(s) && (s[i] == '_' || s[i] == '?' || s[i] == '$' || s[i] == '^') && (i+1 >= len(s) || !psNameByte(s[i+1])) {
		return i + 1
	}
	j := i
	for j < len(s) && (psNameByte(s[j]) || s[j] == ':' && j+1 < len(s) && psNameByte(s[j+1])) {
		j++
	}
	return j
}

func psNameByte(c byte) bool {
	return c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9'
}

func psEscape(c byte) byte {
	switch c {
	case 'n':
		return '\n'
	case 't':
		return '\t'
	case 'r':
		return '\r'
	case '0':
		return 0x20 // a NUL ends nothing useful here; read as a space
	case 'a', 'b', 'f', 'v', 'e':
		return ' '
	}
	return c
}

// expand fills in the variables and sub-expressions of a double-quoted
// string.
func (l *psLexer) expand(body string, quoted bool) string {
	var b strings.Builder
	for i := 0; i < len(body); i++ {
		c := body[i]
		switch {
		case c == '`' && i+1 < len(body):
			i++
			b.WriteByte(psEscape(body[i]))
		case c == '"' && i+1 < len(body) && body[i+1] == '"':
			i++
			b.WriteByte('"')
		case c == '$' && i+1 < len(body) && body[i+1] == '(':
			j, err := psClosing(body, i+1)
			if err != nil {
				j = len(body)
				l.nest(body[i+2:])
			} else {
				l.nest(body[i+2 : j-1])
			}
			b.WriteString(psUnknown + "expr" + psUnknown)
			i = j - 1
		case c == '$' && i+1 < len(body) && (psNameByte(body[i+1]) || body[i+1] == '{'):
			j := psVarEnd(body, i+1)
			b.WriteString(l.variable(body[i+1 : j]))
			i = j - 1
		default:
			b.WriteByte(c)
		}
	}
	return b.String()
}

// variable returns the value of a variable: the home for $HOME and
// $env:USERPROFILE, Windows' places for the environment variables cmd.exe
// knows, a value assigned earlier, else an unknown part.
func (l *psLexer) variable(name string) string {
	name = strings.Trim(name, "{}")
	lower := strings.ToLower(name)
	switch lower {
	case "home":
		return psHomeMark
	case "true":
		return "True"
	case "false":
		return "False"
	case "null":
		return ""
	case "pwd":
		return "."
	}
	if v, ok := l.vars[lower]; ok {
		return v
	}
	if env, ok := strings.CutPrefix(lower, "env:"); ok {
		if env == "userprofile" || env == "home" || env == "homepath" {
			return psHomeMark
		}
		if v := cmdVars("%"+env+"%", "/\x01home"); !strings.HasPrefix(v, "${") {
			return strings.ReplaceAll(v, `C:\Users\`+"\x01home", psHomeMark)
		}
		return psUnknown + env + psUnknown
	}
	return psUnknown + "ps_" + cmdVarName(name) + psUnknown
}

// psHomeMark stands for the user's home in a word until the home is known.
const psHomeMark = "\x01home"

// assign reads $name = value: a string assigned is the variable's value
// for the code after it; what else is assigned is only known when it
// runs. A command on the right runs and stays in the statement.
func (l *psLexer) assign() {
	if len(l.cur) < 2 || !strings.HasPrefix(l.cur[0].raw, "$") || l.cur[0].call {
		return
	}
	op := l.cur[1].raw
	if op != "=" && !(len(op) == 2 && op[1] == '=' && strings.ContainsRune("+-*/%?", rune(op[0]))) {
		return
	}
	name := strings.ToLower(strings.Trim(l.cur[0].raw[1:], "{}"))
	if strings.HasPrefix(name, "env:") || name == "home" {
		return
	}
	if l.vars == nil {
		l.vars = map[string]string{}
	}
	rest := l.cur[2:]
	if op == "=" && len(rest) == 1 && rest[0].kind == psArg && len(rest[0].raw) > 0 && strings.ContainsRune(`'"@`, rune(rest[0].raw[0])) {
		l.vars[name] = rest[0].text
	} else if v, ok := psFoldWords(rest, l.vars); ok && op == "=" {
		// $p = Join-Path $HOME '.claude'; $p = [IO.Path]::Combine(…): the
		// path it makes.
		l.vars[name] = v
	} else {
		l.vars[name] = psUnknown + "ps_" + cmdVarName(name) + psUnknown
	}
	l.cur = rest
	if len(rest) > 0 && rest[0].kind != psOpt && !psCommandWord(rest[0]) {
		l.cur = nil // a value, not a command
	}
}

// psCommandWord reports whether a statement's first word names a command
// (a bare name or one after & or .), not a value.
func psCommandWord(w psWord) bool {
	if w.call {
		return true
	}
	if w.kind != psArg || w.raw == "" {
		return false
	}
	c := w.raw[0]
	return !(c == '\'' || c == '"' || c == '$' || c == '@' || c >= '0' && c <= '9' || c == '-' || c == '=')
}
