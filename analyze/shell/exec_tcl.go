package shell

import "strings"

// Tcl (tclsh, wish, expect) runs programs with exec, open "|cmd",
// expect's spawn and system. tclRuns reads a script the way Tcl splits
// it into commands and words and returns what it runs.

// tclWord is one word of a Tcl command; known is false when it holds a
// substitution only known when the script runs.
type tclWord struct {
	text  string
	known bool
}

// tclBodies are the commands whose braced arguments are scripts.
var tclBodies = map[string]bool{
	"if": true, "elseif": true, "else": true, "while": true, "for": true, "foreach": true, "proc": true, "catch": true, "eval": true,
	"uplevel": true, "after": true, "time": true, "try": true, "switch": true, "namespace": true, "expect": true, "interact": true,
	"expect_after": true, "expect_before": true, "expect_background": true, "trap": true, "lmap": true, "apply": true, "dict": true,
}

// tclSpawnOptions take a value in expect's spawn.
var tclSpawnOptions = map[string]bool{"-ignore": true, "-open": false, "-noecho": false, "-console": false, "-nottycopy": false, "-nottyinit": false, "-pty": false, "-leaveopen": false}

// tclRuns returns the commands a Tcl script runs: argv lists (exec,
// spawn, open "|…") as chanRun{lang: "argv"}, shell text (system) as
// chanRun{lang: "shell"}, and unknown ones.
func tclRuns(script string) []chanRun {
	var out []chanRun
	tclScan(script, 0, &out)
	return out
}

func tclScan(script string, depth int, out *[]chanRun) {
	if depth > 8 || len(*out) >= maxChanRuns {
		return
	}
	p := tclParser{s: script, depth: depth, out: out}
	for n := 0; p.i < len(p.s) && n < 4096; n++ {
		words := p.command()
		if len(words) > 0 {
			tclJudge(words, depth, out)
		}
	}
}

type tclParser struct {
	s     string
	i     int
	depth int
	out   *[]chanRun
}

// command reads the words of one command.
func (p *tclParser) command() []tclWord {
	var words []tclWord
	// Blank space, empty commands and comments.
	for p.i < len(p.s) {
		c := p.s[p.i]
		switch {
		case c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == ';':
			p.i++
			continue
		case c == '\\' && p.i+1 < len(p.s) && p.s[p.i+1] == '\n':
			p.i += 2
			continue
		case c == '#':
			for p.i < len(p.s) && p.s[p.i] != '\n' {
				if p.s[p.i] == '\\' {
					p.i++
				}
				p.i++
			}
			continue
		}
		break
	}
	for p.i < len(p.s) {
		c := p.s[p.i]
		switch {
		case c == '\n' || c == ';':
			p.i++
			return words
		case c == ' ' || c == '\t' || c == '\r':
			p.i++
			continue
		case c == '\\' && p.i+1 < len(p.s) && p.s[p.i+1] == '\n':
			p.i += 2
			continue
		}
		words = append(words, p.word())
	}
	return words
}

// word reads one word: {braced}, "quoted" or bare.
func (p *tclParser) word() tclWord {
	if strings.HasPrefix(p.s[p.i:], "{*}") && p.i+3 < len(p.s) && p.s[p.i+3] != ' ' {
		p.i += 3
		w := p.word()
		w.known = false // expanded into several words
		return w
	}
	switch p.s[p.i] {
	case '{':
		depth, j := 0, p.i
		for ; j < len(p.s); j++ {
			switch p.s[j] {
			case '\\':
				j++
			case '{':
				depth++
			case '}':
				depth--
			}
			if depth == 0 {
				break
			}
		}
		if j >= len(p.s) {
			t := p.s[p.i+1:]
			p.i = len(p.s)
			return tclWord{text: t}
		}
		t := p.s[p.i+1 : j]
		p.i = j + 1
		return tclWord{text: t, known: true}
	case '"':
		p.i++
		return p.subst(func(c byte) bool { return c == '"' }, true)
	}
	return p.subst(func(c byte) bool { return c == ' ' || c == '\t' || c == '\n' || c == ';' || c == '\r' }, false)
}

// subst reads a word up to end, doing backslash, variable and command
// substitution.
func (p *tclParser) subst(end func(byte) bool, quoted bool) tclWord {
	var b strings.Builder
	known := true
	for p.i < len(p.s) {
		c := p.s[p.i]
		if end(c) {
			if quoted {
				p.i++
			}
			break
		}
		switch c {
		case '\\':
			if p.i+1 < len(p.s) {
				n := p.s[p.i+1]
				switch n {
				case 'n':
					b.WriteByte('\n')
				case 't':
					b.WriteByte('\t')
				case '\n':
					b.WriteByte(' ')
				default:
					b.WriteByte(n)
				}
				p.i += 2
				continue
			}
		case '$':
			if name, n, ok := tclEnvVar(p.s[p.i:]); ok {
				// $env(HOME), $::env(HOME), ${::env(HOME)}: the variable
				// of the environment, as the shell's $HOME is.
				b.WriteString("$" + name)
				p.i += n
				continue
			}
			if p.i+1 < len(p.s) && (isIdentByte(p.s[p.i+1]) || p.s[p.i+1] == '{') {
				known = false
				p.i++
				if p.s[p.i] == '{' {
					for p.i < len(p.s) && p.s[p.i] != '}' {
						p.i++
					}
					p.i++
				} else {
					for p.i < len(p.s) && isIdentByte(p.s[p.i]) {
						p.i++
					}
				}
				b.WriteString("$x")
				continue
			}
		case '[':
			// A nested command: it runs, and its result is not known.
			depth, j := 0, p.i
			for ; j < len(p.s); j++ {
				switch p.s[j] {
				case '\\':
					j++
				case '[':
					depth++
				case ']':
					depth--
				}
				if depth == 0 {
					break
				}
			}
			inner := p.s[p.i+1 : min(j, len(p.s))]
			tclScan(inner, p.depth+1, p.out)
			known = false
			b.WriteString("$x")
			p.i = min(j+1, len(p.s))
			continue
		}
		b.WriteByte(c)
		p.i++
	}
	return tclWord{text: b.String(), known: known}
}

// tclList splits a Tcl list (the string of open "|cmd args").
func tclList(s string) []tclWord {
	p := tclParser{s: s, out: &[]chanRun{}}
	var words []tclWord
	for p.i < len(p.s) {
		for p.i < len(p.s) && strings.IndexByte(" \t\n\r", p.s[p.i]) >= 0 {
			p.i++
		}
		if p.i < len(p.s) {
			words = append(words, p.word())
		}
	}
	return words
}

// tclJudge appends what one command runs.
func tclJudge(words []tclWord, depth int, out *[]chanRun) {
	name := words[0].text
	args := words[1:]
	switch name {
	case "exec":
		for len(args) > 0 && strings.HasPrefix(args[0].text, "-") && args[0].known {
			a := args[0].text
			args = args[1:]
			if a == "--" {
				break
			}
		}
		tclArgv(args, out)
	case "spawn":
		for len(args) > 0 && strings.HasPrefix(args[0].text, "-") && args[0].known {
			valued := tclSpawnOptions[args[0].text]
			args = args[1:]
			if valued && len(args) > 0 {
				args = args[1:]
			}
		}
		tclArgv(args, out)
	case "system":
		var parts []string
		known := true
		for _, a := range args {
			parts = append(parts, a.text)
			known = known && a.known
		}
		if known {
			*out = append(*out, chanRun{lang: "shell", text: strings.Join(parts, " "), known: true})
		} else {
			*out = append(*out, chanRun{lang: "shell"})
		}
	case "file":
		// file delete ?-force? ?--? path…: -force deletes directories with
		// what is in them.
		if len(args) < 2 || args[0].text != "delete" {
			return
		}
		argv := []tclWord{{text: "rm", known: true}, {text: "-f", known: true}}
		rest := args[1:]
		for len(rest) > 0 && rest[0].known && (rest[0].text == "-force" || rest[0].text == "--") {
			if rest[0].text == "-force" {
				argv = append(argv, tclWord{text: "-r", known: true})
			}
			rest = rest[1:]
		}
		argv = append(argv, tclWord{text: "--", known: true})
		tclArgv(append(argv, rest...), out)
	case "open":
		if len(args) > 0 && strings.HasPrefix(args[0].text, "|") {
			if !args[0].known {
				*out = append(*out, chanRun{lang: "shell"})
				return
			}
			tclArgv(tclList(args[0].text[1:]), out)
		}
	default:
		if tclBodies[name] {
			for _, a := range args {
				if a.known && strings.ContainsAny(a.text, " \t\n;") {
					tclScan(a.text, depth+1, out)
				}
			}
		}
	}
}

// tclArgv appends an exec-style argument list: words joined into a shell
// line (exec reads | < > itself), or an unknown command.
func tclArgv(args []tclWord, out *[]chanRun) {
	if len(args) == 0 {
		return
	}
	if !args[0].known {
		*out = append(*out, chanRun{lang: "shell"})
		return
	}
	var b strings.Builder
	for i, a := range args {
		if i > 0 {
			b.WriteByte(' ')
		}
		switch {
		case a.known && (a.text == "|" || a.text == "|&" || a.text == "&" || strings.HasPrefix(a.text, ">") || strings.HasPrefix(a.text, "2>") || strings.HasPrefix(a.text, "<")):
			b.WriteString(a.text)
		case !a.known:
			b.WriteString(`"$x"`)
		default:
			b.WriteString(shWord(a.text))
		}
	}
	*out = append(*out, chanRun{lang: "shell", text: b.String(), known: true})
}

// shWord quotes a word for a shell.
func shWord(s string) string {
	if s != "" && strings.IndexFunc(s, func(r rune) bool {
		return !(r == '_' || r == '-' || r == '.' || r == '/' || r == '=' || r == ':' || r == ',' || r == '+' || r == '@' || r == '%' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9')
	}) < 0 {
		return s
	}
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}

// tclEnvVar reads a reference to an environment variable at the start of
// s ($env(NAME), $::env(NAME), ${env(NAME)}, ${::env(NAME)}) and returns
// the variable's name and the reference's length.
func tclEnvVar(s string) (string, int, bool) {
	i := 1
	braced := i < len(s) && s[i] == '{'
	if braced {
		i++
	}
	rest := strings.TrimPrefix(s[i:], "::")
	i += len(s[i:]) - len(rest)
	if !strings.HasPrefix(rest, "env(") {
		return "", 0, false
	}
	i += len("env(")
	j := strings.IndexByte(s[i:], ')')
	if j <= 0 {
		return "", 0, false
	}
	name := s[i : i+j]
	for k := 0; k < len(name); k++ {
		if !isIdentByte(name[k]) {
			return "", 0, false
		}
	}
	i += j + 1
	if braced {
		if i >= len(s) || s[i] != '}' {
			return "", 0, false
		}
		i++
	}
	return name, i, true
}
