package shell

import (
	"strings"
)

// Editors and debuggers read commands of their own, and some of those run
// shell commands: vim's :!cmd, :r !cmd, :w !cmd, :terminal, system() and
// :py3; ed's !cmd; gdb's shell, ! and pipe; lldb's platform shell. They
// come from options (vim -c, +cmd, --cmd; gdb -ex; lldb -o) or, in ex
// mode, from standard input.

// chanRun is one command an editor or debugger runs.
type chanRun struct {
	lang  string // "shell", or the language of code it runs (python, lua…)
	text  string
	known bool // false: the text is only known when it runs
}

// maxChanRuns bounds what one command line of an editor yields.
const maxChanRuns = 64

// exRuns returns what an ex command line (vim, ex, ed) runs.
func exRuns(line string) []chanRun {
	var out []chanRun
	for n := 0; line != "" && n < maxChanRuns; n++ {
		var rest string
		out, rest = exCommand(line, out)
		line = rest
	}
	return out
}

// exModifiers are the command modifiers vim accepts before a command.
var exModifiers = []string{"silent", "sil", "unsilent", "uns", "noautocmd", "noa", "keepalt", "keepjumps", "keepmarks", "keeppatterns", "lockmarks", "verbose", "verb", "vertical", "vert", "topleft", "to", "botright", "bo", "aboveleft", "abo", "belowright", "bel", "leftabove", "rightbelow", "tab", "hide", "hid", "confirm", "conf", "browse", "bro", "noswapfile", "nos", "legacy", "vim9cmd", "filter", "filt"}

// exCommand reads one command of an ex line, appends what it runs to out
// and returns the text after it (the next command after a bar).
func exCommand(line string, out []chanRun) ([]chanRun, string) {
	s := strings.TrimLeft(line, " \t:")
	s = skipExRange(s)
	s = strings.TrimLeft(s, " \t")
	if strings.HasPrefix(s, "!") {
		// :!cmd and :{range}!filter: the rest of the line is a shell command, bars included.
		return appendShell(out, s[1:]), ""
	}
	name, after := exName(s)
	for isExModifier(name) {
		after = strings.TrimPrefix(after, "!")
		s = strings.TrimLeft(after, " \t")
		s = skipExRange(s)
		if strings.HasPrefix(s, "!") {
			return appendShell(out, s[1:]), ""
		}
		name, after = exName(s)
	}
	switch {
	case name == "sandbox":
		return out, "" // the sandbox refuses shell commands
	case isAbbrev(name, "r", "read"), isAbbrev(name, "e", "edit"), name == "E":
		// :r !cmd reads a command's output; :r!cmd too. (ed: e !cmd, E !cmd)
		if t := strings.TrimLeft(after, " \t"); strings.HasPrefix(t, "!") {
			return appendShell(out, t[1:]), ""
		}
	case isAbbrev(name, "w", "write"), isAbbrev(name, "up", "update"), name == "W", isAbbrev(name, "wq", "wq"), isAbbrev(name, "x", "xit"):
		// :w !cmd pipes the buffer into a command (:w! is a forced write).
		if strings.HasPrefix(after, " ") || strings.HasPrefix(after, "\t") || name == "W" {
			if t := strings.TrimLeft(after, " \t"); strings.HasPrefix(t, "!") {
				return appendShell(out, t[1:]), ""
			}
		}
	case isAbbrev(name, "ter", "terminal"):
		t := strings.TrimLeft(after, " \t!")
		for strings.HasPrefix(t, "++") {
			_, t, _ = strings.Cut(t, " ")
			t = strings.TrimLeft(t, " \t")
		}
		if t != "" {
			return appendShell(out, t), ""
		}
		return out, ""
	case isAbbrev(name, "py", "python"), isAbbrev(name, "py3", "python3"), isAbbrev(name, "pyx", "pythonx"), name == "pydo", name == "py3do":
		return appendCode(out, "python", after), ""
	case name == "lua", name == "luado":
		return appendCode(out, "lua", after), ""
	case isAbbrev(name, "perl", "perl"), name == "perldo":
		return appendCode(out, "perl", after), ""
	case isAbbrev(name, "rub", "ruby"), name == "rubydo":
		return appendCode(out, "ruby", after), ""
	case isAbbrev(name, "exe", "execute"):
		expr, rest := cutBar(after)
		if strings.TrimSpace(expr) == "" {
			return out, rest
		}
		if text, ok := vimStrings(expr); ok {
			out = append(out, exRuns(text)...)
		} else {
			out = append(out, chanRun{lang: "shell"})
		}
		return out, rest
	}
	cmd, rest := cutBar(after)
	return vimCalls(cmd, out), rest
}

func appendShell(out []chanRun, text string) []chanRun {
	text = strings.TrimSpace(text)
	if text == "" {
		return out
	}
	return append(out, chanRun{lang: "shell", text: text, known: true})
}

func appendCode(out []chanRun, lang, text string) []chanRun {
	text = strings.TrimSpace(text)
	if text == "" || strings.HasPrefix(text, "<<") {
		return append(out, chanRun{lang: lang})
	}
	return append(out, chanRun{lang: lang, text: text, known: true})
}

// skipExRange skips a line range: numbers, . $ % , ; + - marks and
// patterns.
func skipExRange(s string) string {
	for len(s) > 0 {
		c := s[0]
		switch {
		case c >= '0' && c <= '9' || strings.IndexByte(".$%,;+-* \t", c) >= 0:
			s = s[1:]
		case c == '\'' && len(s) > 1:
			s = s[2:]
		case c == '/' || c == '?':
			j := 1
			for j < len(s) && s[j] != c {
				if s[j] == '\\' {
					j++
				}
				j++
			}
			if j >= len(s) {
				return ""
			}
			s = s[j+1:]
		case c == '\\' && len(s) > 1 && strings.IndexByte("/?&", s[1]) >= 0:
			s = s[2:]
		default:
			return s
		}
	}
	return s
}

// exName splits a command name (letters, or a letter run with digits as
// in py3) from what follows.
func exName(s string) (string, string) {
	i := 0
	for i < len(s) && (s[i] >= 'a' && s[i] <= 'z' || s[i] >= 'A' && s[i] <= 'Z' || i > 0 && s[i] >= '0' && s[i] <= '9') {
		i++
	}
	return s[:i], s[i:]
}

// isAbbrev reports whether name abbreviates full down to at least min.
func isAbbrev(name, min, full string) bool {
	return len(name) >= len(min) && len(name) <= len(full) && strings.HasPrefix(full, name) && strings.HasPrefix(name, min)
}

func isExModifier(name string) bool {
	if name == "" {
		return false
	}
	for _, m := range exModifiers {
		if name == m {
			return true
		}
	}
	return isAbbrev(name, "sil", "silent")
}

// cutBar splits at the first bar outside a string.
func cutBar(s string) (string, string) {
	var q byte
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case q != 0:
			if c == '\\' && q == '"' {
				i++
			} else if c == q {
				q = 0
			}
		case c == '"' || c == '\'':
			q = c
		case c == '|':
			return s[:i], s[i+1:]
		case c == '\n':
			return s[:i], s[i+1:]
		}
	}
	return s, ""
}

// vimShellFuncs are the functions of vim's language that run a command.
var vimShellFuncs = []string{"systemlist", "system", "jobstart", "job_start", "termopen", "term_start", "libcallnr", "libcall"}

// vimCalls finds calls of functions that run commands in an expression.
func vimCalls(expr string, out []chanRun) []chanRun {
	for _, fn := range vimShellFuncs {
		for at := 0; at < len(expr) && len(out) < maxChanRuns; {
			j := strings.Index(expr[at:], fn)
			if j < 0 {
				break
			}
			j += at
			at = j + len(fn)
			if j > 0 && isIdentByte(expr[j-1]) && expr[j-1] != ':' {
				continue
			}
			k := at
			for k < len(expr) && (expr[k] == ' ' || expr[k] == '\t') {
				k++
			}
			if k >= len(expr) || expr[k] != '(' {
				continue
			}
			arg := expr[k+1:]
			if strings.HasPrefix(strings.TrimSpace(arg), "[") {
				// jobstart(['sh', '-c', 'cmd']): a list of words.
				words, ok := vimList(strings.TrimSpace(arg))
				if ok && len(words) > 0 {
					out = append(out, chanRun{lang: "argv", text: strings.Join(words, "\x00"), known: true})
				} else {
					out = append(out, chanRun{lang: "shell"})
				}
				continue
			}
			if text, ok := vimStringArg(arg); ok {
				out = append(out, chanRun{lang: "shell", text: text, known: true})
			} else {
				out = append(out, chanRun{lang: "shell"})
			}
		}
	}
	return out
}

func isIdentByte(c byte) bool {
	return c == '_' || c == ':' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9'
}

// vimString reads one string literal at the start of s: "…" with
// backslash escapes, or '…' where a doubled quote stands for one.
func vimString(s string) (string, int, bool) {
	if s == "" {
		return "", 0, false
	}
	var b strings.Builder
	switch s[0] {
	case '"':
		for i := 1; i < len(s); i++ {
			c := s[i]
			switch {
			case c == '\\' && i+1 < len(s):
				i++
				switch s[i] {
				case 'n':
					b.WriteByte('\n')
				case 't':
					b.WriteByte('\t')
				default:
					b.WriteByte(s[i])
				}
			case c == '"':
				return b.String(), i + 1, true
			default:
				b.WriteByte(c)
			}
		}
	case '\'':
		for i := 1; i < len(s); i++ {
			if s[i] == '\'' {
				if i+1 < len(s) && s[i+1] == '\'' {
					b.WriteByte('\'')
					i++
					continue
				}
				return b.String(), i + 1, true
			}
			b.WriteByte(s[i])
		}
	}
	return "", 0, false
}

// vimStringArg reads a function's first argument when it is made of string
// literals joined with . or .. ending at , or ).
func vimStringArg(s string) (string, bool) {
	text, rest, ok := vimConcat(s)
	if !ok {
		return "", false
	}
	rest = strings.TrimLeft(rest, " \t")
	return text, strings.HasPrefix(rest, ")") || strings.HasPrefix(rest, ",")
}

// vimConcat reads string literals joined by . or ..
func vimConcat(s string) (string, string, bool) {
	var b strings.Builder
	s = strings.TrimLeft(s, " \t")
	for {
		v, n, ok := vimString(s)
		if !ok {
			return "", s, false
		}
		b.WriteString(v)
		s = strings.TrimLeft(s[n:], " \t")
		if !strings.HasPrefix(s, ".") {
			return b.String(), s, true
		}
		s = strings.TrimLeft(strings.TrimLeft(s, "."), " \t")
	}
}

// vimStrings reads the arguments of :execute: string expressions joined
// with a space; ok is false when any part is not a literal.
func vimStrings(expr string) (string, bool) {
	var parts []string
	s := strings.TrimSpace(expr)
	for s != "" {
		v, rest, ok := vimConcat(s)
		if !ok {
			return "", false
		}
		parts = append(parts, v)
		s = strings.TrimSpace(rest)
	}
	return strings.Join(parts, " "), len(parts) > 0
}

// vimList reads a list of string literals: ['sh', '-c', 'cmd'].
func vimList(s string) ([]string, bool) {
	s = strings.TrimPrefix(s, "[")
	var out []string
	for {
		s = strings.TrimLeft(s, " \t")
		if strings.HasPrefix(s, "]") {
			return out, true
		}
		v, n, ok := vimString(s)
		if !ok {
			return out, false
		}
		out = append(out, v)
		s = strings.TrimLeft(s[n:], " \t")
		s = strings.TrimPrefix(s, ",")
	}
}

// edRuns returns what an ed script runs: !cmd lines and r/w/e with !cmd.
func edRuns(script string) []chanRun {
	var out []chanRun
	for _, line := range strings.Split(script, "\n") {
		if len(out) >= maxChanRuns {
			break
		}
		s := skipExRange(strings.TrimLeft(line, " \t"))
		if strings.HasPrefix(s, "!") {
			out = appendShell(out, s[1:])
			continue
		}
		if len(s) > 1 && strings.IndexByte("rweEW", s[0]) >= 0 {
			if t := strings.TrimLeft(s[1:], " \t"); strings.HasPrefix(t, "!") {
				out = appendShell(out, t[1:])
			}
		}
	}
	return out
}

// gdbRuns returns what one gdb command runs: shell CMD, !CMD, pipe … |
// CMD, python CODE.
func gdbRuns(line string) []chanRun {
	s := strings.TrimSpace(line)
	if strings.HasPrefix(s, "!") {
		return appendShell(nil, s[1:])
	}
	if strings.HasPrefix(s, "|") {
		if _, sh, ok := strings.Cut(s[1:], "|"); ok {
			return appendShell(nil, sh)
		}
		return nil
	}
	name, rest := exName(s)
	switch {
	case name == "shell" || name == "she" || name == "shel":
		return appendShell(nil, rest)
	case name == "pipe":
		if _, sh, ok := strings.Cut(rest, "|"); ok {
			return appendShell(nil, sh)
		}
	case name == "python" || name == "py" || name == "python-interactive" || name == "pi":
		return appendCode(nil, "python", rest)
	case name == "platform":
		// lldb: platform shell CMD
		sub, cmd := exName(strings.TrimLeft(rest, " \t"))
		if sub == "shell" || sub == "sh" {
			return appendShell(nil, strings.TrimLeft(cmd, " \t"))
		}
	case name == "script":
		// lldb: script CODE (Python)
		return appendCode(nil, "python", rest)
	}
	return nil
}
