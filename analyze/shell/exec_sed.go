package shell

import (
	"errors"
	"strings"
)

// GNU sed runs shell commands from its script: the e command runs its
// argument (or, bare, the pattern space), and the s command's e flag runs
// the pattern space after the substitution. sedRuns reads a script the way
// sed does and returns what it runs.

// sedRun is one command a sed script runs.
type sedRun struct {
	// command is the shell text, when the script states it: the e
	// command's argument, or an s///e replacement that makes up the
	// whole pattern space.
	command string
	// known is false when what runs is the data sed reads (a bare e, an
	// s///e whose result keeps part of the input).
	known bool
	// subst is set for the e flag: the s command's expression and
	// replacement, and whether it replaces every match (g).
	subst    bool
	re, repl string
	global   bool
	// what names the command in messages ("the e command", "the e flag of s").
	what string
}

var errSedScript = errors.New("sed script: not a valid script")

// sedRuns parses a sed script and returns the commands it runs, in order.
// A script sed would reject runs nothing; the error says so.
func sedRuns(script string) ([]sedRun, error) {
	p := sedParser{s: script}
	for n := 0; p.i < len(p.s); n++ {
		if n > 1<<16 {
			return p.runs, errSedScript
		}
		if err := p.command(); err != nil {
			return p.runs, err
		}
	}
	return p.runs, nil
}

type sedParser struct {
	s    string
	i    int
	runs []sedRun
}

func (p *sedParser) peek() byte {
	if p.i < len(p.s) {
		return p.s[p.i]
	}
	return 0
}

func (p *sedParser) blanks() {
	for p.i < len(p.s) && (p.s[p.i] == ' ' || p.s[p.i] == '\t') {
		p.i++
	}
}

// restOfLine returns the text up to the end of the line and moves past it.
func (p *sedParser) restOfLine() string {
	j := strings.IndexByte(p.s[p.i:], '\n')
	if j < 0 {
		t := p.s[p.i:]
		p.i = len(p.s)
		return t
	}
	t := p.s[p.i : p.i+j]
	p.i += j + 1
	return t
}

// label reads a label of b, t, T or ':': up to a semicolon or a newline.
func (p *sedParser) label() {
	for p.i < len(p.s) && p.s[p.i] != ';' && p.s[p.i] != '\n' {
		p.i++
	}
}

// delimited reads a regular expression or replacement up to the unescaped
// delimiter d and moves past it; brackets hold the delimiter literally in
// a regular expression.
func (p *sedParser) delimited(d byte, regex bool) (string, error) {
	var b strings.Builder
	for p.i < len(p.s) {
		c := p.s[p.i]
		switch {
		case c == '\\' && p.i+1 < len(p.s):
			n := p.s[p.i+1]
			switch {
			case n == d:
				b.WriteByte(d)
			case n == 'n' && !regex:
				b.WriteByte('\n')
			case n == '\n':
				b.WriteByte('\n')
			default:
				b.WriteByte('\\')
				b.WriteByte(n)
			}
			p.i += 2
			continue
		case c == d:
			p.i++
			return b.String(), nil
		case c == '\n' && regex:
			return "", errSedScript // an unterminated address or s command
		case c == '[' && regex:
			// A bracket expression: ] first is literal.
			j := p.i + 1
			if j < len(p.s) && p.s[j] == '^' {
				j++
			}
			if j < len(p.s) && p.s[j] == ']' {
				j++
			}
			for j < len(p.s) && p.s[j] != ']' && p.s[j] != '\n' {
				j++
			}
			if j < len(p.s) && p.s[j] == ']' {
				b.WriteString(p.s[p.i : j+1])
				p.i = j + 1
				continue
			}
		}
		b.WriteByte(c)
		p.i++
	}
	return "", errSedScript
}

// address reads one address, if there is one.
func (p *sedParser) address() (bool, error) {
	switch c := p.peek(); {
	case c >= '0' && c <= '9':
		for p.i < len(p.s) && (p.s[p.i] >= '0' && p.s[p.i] <= '9' || p.s[p.i] == '~') {
			p.i++
		}
	case c == '$':
		p.i++
	case c == '/' || c == '\\':
		d := byte('/')
		p.i++
		if c == '\\' {
			if p.i >= len(p.s) || p.s[p.i] == '\n' || p.s[p.i] == '\\' {
				return false, errSedScript
			}
			d = p.s[p.i]
			p.i++
		}
		if _, err := p.delimited(d, true); err != nil {
			return false, err
		}
		for p.i < len(p.s) && (p.s[p.i] == 'I' || p.s[p.i] == 'M') {
			p.i++
		}
	default:
		return false, nil
	}
	return true, nil
}

// command reads one command with its addresses.
func (p *sedParser) command() error {
	for p.i < len(p.s) && strings.IndexByte(" \t\n;", p.s[p.i]) >= 0 {
		p.i++
	}
	if p.i >= len(p.s) {
		return nil
	}
	if p.s[p.i] == '#' {
		p.restOfLine()
		return nil
	}
	had, err := p.address()
	if err != nil {
		return err
	}
	if had {
		p.blanks()
		if p.peek() == ',' {
			p.i++
			p.blanks()
			if c := p.peek(); c == '+' || c == '~' {
				p.i++
				for p.i < len(p.s) && p.s[p.i] >= '0' && p.s[p.i] <= '9' {
					p.i++
				}
			} else if ok, err := p.address(); err != nil || !ok {
				return errSedScript
			}
		}
	}
	p.blanks()
	for p.peek() == '!' {
		p.i++
		p.blanks()
	}
	if p.i >= len(p.s) {
		return errSedScript
	}
	c := p.s[p.i]
	p.i++
	switch c {
	case '{', '}', '=', 'd', 'D', 'g', 'G', 'h', 'H', 'n', 'N', 'p', 'P', 'x', 'z', 'F':
	case 'q', 'Q', 'l', 'L':
		p.blanks()
		for p.i < len(p.s) && p.s[p.i] >= '0' && p.s[p.i] <= '9' {
			p.i++
		}
	case ':', 'b', 't', 'T', 'v':
		p.blanks()
		p.label()
	case 'a', 'i', 'c':
		// Text to the end of the line; a backslash at the end continues it.
		for {
			line := p.restOfLine()
			if !strings.HasSuffix(line, "\\") || p.i >= len(p.s) {
				break
			}
		}
	case 'r', 'R', 'w', 'W':
		p.restOfLine()
	case 'e':
		p.blanks()
		cmd := strings.TrimSpace(p.restOfLine())
		if cmd == "" {
			p.runs = append(p.runs, sedRun{what: "the e command"})
		} else {
			p.runs = append(p.runs, sedRun{command: cmd, known: true, what: "the e command"})
		}
	case 's':
		return p.subst()
	case 'y':
		if p.i >= len(p.s) || p.s[p.i] == '\n' || p.s[p.i] == '\\' {
			return errSedScript
		}
		d := p.s[p.i]
		p.i++
		if _, err := p.delimited(d, false); err != nil {
			return err
		}
		if _, err := p.delimited(d, false); err != nil {
			return err
		}
	default:
		return errSedScript
	}
	return nil
}

// subst reads the rest of an s command; with the e flag, the pattern
// space after the substitution runs as a command.
func (p *sedParser) subst() error {
	if p.i >= len(p.s) || p.s[p.i] == '\n' || p.s[p.i] == '\\' {
		return errSedScript
	}
	d := p.s[p.i]
	p.i++
	re, err := p.delimited(d, true)
	if err != nil {
		return err
	}
	repl, err := p.delimited(d, false)
	if err != nil {
		return err
	}
	exec, global := false, false
	for p.i < len(p.s) {
		c := p.s[p.i]
		if c == 'w' || c == 'W' {
			p.restOfLine()
			break
		}
		if !(c == 'g' || c == 'p' || c == 'i' || c == 'I' || c == 'm' || c == 'M' || c == 'e' || c >= '0' && c <= '9') {
			break
		}
		exec = exec || c == 'e'
		global = global || c == 'g'
		p.i++
	}
	if !exec {
		return nil
	}
	r := sedRun{what: "the e flag of its s command", subst: true, re: re, repl: repl, global: global}
	// The replacement is the whole command when the expression matches
	// the whole line and the replacement does not reuse what it matched.
	if wholeLine(re) && !refersToMatch(repl) {
		r.command, r.known = repl, true
	}
	p.runs = append(p.runs, r)
	return nil
}

// wholeLine reports whether a regular expression matches every line
// whole: .*, ^.*$ and the like.
func wholeLine(re string) bool {
	re = strings.TrimSuffix(strings.TrimPrefix(re, "^"), "$")
	return re == ".*" || re == `\(.*\)` || re == "(.*)"
}

// refersToMatch reports whether a replacement uses & or \1…\9.
func refersToMatch(repl string) bool {
	for i := 0; i < len(repl); i++ {
		switch repl[i] {
		case '&':
			return true
		case '\\':
			if i+1 < len(repl) {
				if n := repl[i+1]; n >= '0' && n <= '9' {
					return true
				}
				i++
			}
		}
	}
	return false
}

// sedExecHandler judges the commands a sed script runs.
func sedExecHandler(c *Cmd, r *report) {
	av := c.Argv()
	var scripts []string
	for _, o := range av.Opts {
		switch o.Name {
		case "--sandbox":
			return // e, r and w are refused: nothing runs
		case "--expression":
			if o.HasValue {
				scripts = append(scripts, o.Value)
			}
		case "--file":
			if o.HasValue && o.ValueArg >= 0 && o.ValueArg < len(c.proc) {
				if p := c.proc[o.ValueArg]; p.kind == streamLiteral || p.kind == streamDecoded {
					scripts = append(scripts, p.text)
				}
			}
		}
	}
	if len(scripts) == 0 && !c.Has("-f", "--file") && len(av.Operands) > 0 {
		scripts = append(scripts, av.Operands[0])
	}
	for _, s := range scripts {
		runs, _ := sedRuns(s)
		for _, run := range runs {
			r.mutates()
			if run.known {
				r.script(run.command, c, "sed runs, with "+run.what)
				continue
			}
			if run.subst {
				if c.Stdin != "" && len(c.Stdin) < 4096 && literalRegex(run.re) && !refersToMatch(run.repl) {
					// The lines sed reads, with the substitution made, are the commands.
					r.script(substLines(c.Stdin, run.re, run.repl, run.global), c, "sed runs the lines it reads, with "+run.what)
					continue
				}
				if strings.TrimSpace(run.repl) != "" {
					r.script(run.repl, c, "sed runs its replacement text, with "+run.what)
				}
			} else if c.Stdin != "" && len(c.Stdin) < 4096 {
				// The data sed reads is the command.
				r.script(c.Stdin, c, "sed runs the lines it reads, with "+run.what)
				continue
			}
			r.add(c.find(ruleEvalDynamic, "Runs, from inside sed ("+run.what+"), commands made from the text it reads, so they cannot be checked first."))
		}
	}
}

// literalRegex reports whether a basic regular expression matches only
// its own text.
func literalRegex(re string) bool {
	return re != "" && !strings.ContainsAny(re, `.[]*^$\\+?(){}|`)
}

// substLines makes a literal substitution on every line.
func substLines(text, re, repl string, global bool) string {
	lines := strings.Split(text, "\n")
	n := 1
	if global {
		n = -1
	}
	for i, l := range lines {
		lines[i] = strings.Replace(l, re, repl, n)
	}
	return strings.Join(lines, "\n")
}
