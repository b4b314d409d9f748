package shell

import (
	"regexp"
	"strings"
)

// Text filters between a known text and a shell. A filter that only keeps
// or reorders lines (grep, head, sort…) prints a part of what it reads; a
// filter that rewrites lines (sed s///, awk's print, cut -c, jq) prints
// new text. `ls ~ | sed 's/^/rm -rf /' | sh` runs what sed made, not what
// ls printed: sed's substitutions are applied when the analysis can, and
// otherwise the output is not known (so a shell reading it is held).

// rewritesLines lists the filters whose output is new text, not a part of
// their input.
var rewritesLines = map[string]bool{"sed": true, "awk": true, "cut": true, "jq": true, "nl": true, "fold": true, "column": true}

// filtered is what a text filter reading only its standard input prints.
func filtered(c *Cmd, in stream) stream {
	if !rewritesLines[c.Name] || (in.kind != streamLiteral && in.kind != streamDecoded) {
		return in
	}
	if c.Name == "sed" {
		if out, ok := sedProduced(c, in.text); ok {
			return stream{kind: in.kind, text: out, what: "the output of sed"}
		}
	}
	return stream{kind: streamUnknown, what: "the output of " + c.Name}
}

// sedProduced applies sed's script to text when the script is only
// substitutions (s/re/new/ with g or no flag) that the analysis can
// read; ok is false otherwise.
func sedProduced(c *Cmd, text string) (string, bool) {
	if c.Has("-n", "--quiet", "--silent", "-z", "--null-data", "-f", "--file", "-i", "--in-place", "-s", "--separate") {
		return "", false
	}
	scripts := c.FlagAll("-e", "--expression")
	if len(scripts) == 0 {
		p := c.Positional()
		if len(p) != 1 {
			return "", false
		}
		scripts = p
	}
	subs, ok := parseSedSubs(strings.Join(scripts, "\n"), c.Has("-E", "-r", "--regexp-extended"))
	if !ok {
		return "", false
	}
	return applySedSubs(subs, text), true
}

// sedSub is one s/re/new/ command.
type sedSub struct {
	re     *regexp.Regexp
	repl   string // in regexp.Expand's syntax
	global bool
}

// maxSedSubs bounds the commands of one script the analysis applies.
const maxSedSubs = 16

// parseSedSubs reads a script of s commands separated by ";" or newlines;
// ok is false for any other command, flag or a regexp it cannot translate.
func parseSedSubs(script string, extended bool) ([]sedSub, bool) {
	var subs []sedSub
	rest := strings.TrimSpace(script)
	for rest != "" {
		if len(subs) == maxSedSubs || len(rest) < 4 || rest[0] != 's' {
			return nil, false
		}
		delim := rest[1]
		if delim == '\\' || delim == '\n' || delim == ' ' {
			return nil, false
		}
		re, after, ok := sedField(rest[2:], delim)
		if !ok {
			return nil, false
		}
		repl, after2, ok := sedField(after, delim)
		if !ok {
			return nil, false
		}
		flags, tail, _ := strings.Cut(strings.ReplaceAll(after2, "\n", ";"), ";")
		flags = strings.TrimSpace(flags)
		if flags != "" && flags != "g" {
			return nil, false
		}
		pattern, ok := sedRegexp(re, extended)
		if !ok {
			return nil, false
		}
		rx, err := regexp.Compile(pattern)
		if err != nil {
			return nil, false
		}
		subs = append(subs, sedSub{re: rx, repl: sedReplacement(repl), global: flags == "g"})
		rest = strings.TrimSpace(tail)
	}
	return subs, len(subs) > 0
}

// sedField reads up to the next unescaped delim; an escaped delim stands
// for itself.
func sedField(s string, delim byte) (field, rest string, ok bool) {
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		switch {
		case s[i] == '\\' && i+1 < len(s) && s[i+1] == delim:
			b.WriteByte(delim)
			i++
		case s[i] == '\\' && i+1 < len(s):
			b.WriteByte('\\')
			b.WriteByte(s[i+1])
			i++
		case s[i] == delim:
			return b.String(), s[i+1:], true
		default:
			b.WriteByte(s[i])
		}
	}
	return "", "", false
}

// sedRegexp turns a POSIX basic (or, extended, an extended) regular
// expression into Go's syntax; ok is false for back-references and
// classes it does not translate.
func sedRegexp(re string, extended bool) (string, bool) {
	if extended {
		for i := 0; i+1 < len(re); i++ {
			if re[i] == '\\' && strings.IndexByte("123456789<>", re[i+1]) >= 0 {
				return "", false // back-references and word edges
			}
		}
		return re, true
	}
	var b strings.Builder
	for i := 0; i < len(re); i++ {
		ch := re[i]
		if ch == '\\' && i+1 < len(re) {
			n := re[i+1]
			i++
			switch {
			case strings.IndexByte("(){}+?|", n) >= 0:
				b.WriteByte(n) // \( is a group in a basic expression
			case n >= '1' && n <= '9', n == '<', n == '>':
				return "", false
			default:
				b.WriteByte('\\')
				b.WriteByte(n)
			}
			continue
		}
		if strings.IndexByte("(){}+?|", ch) >= 0 {
			b.WriteByte('\\') // a plain ( is itself in a basic expression
		}
		b.WriteByte(ch)
	}
	return b.String(), true
}

// sedReplacement turns sed's replacement (& the match, \1 a group, \n a
// newline) into regexp.Expand's template.
func sedReplacement(repl string) string {
	var b strings.Builder
	for i := 0; i < len(repl); i++ {
		ch := repl[i]
		switch {
		case ch == '\\' && i+1 < len(repl):
			n := repl[i+1]
			i++
			switch {
			case n >= '0' && n <= '9':
				b.WriteString("${" + string(n) + "}")
			case n == 'n':
				b.WriteByte('\n')
			case n == 't':
				b.WriteByte('\t')
			case n == '$':
				b.WriteString("$$")
			default:
				b.WriteByte(n)
			}
		case ch == '&':
			b.WriteString("${0}")
		case ch == '$':
			b.WriteString("$$")
		default:
			b.WriteByte(ch)
		}
	}
	return b.String()
}

// applySedSubs runs the substitutions over each line of text.
func applySedSubs(subs []sedSub, text string) string {
	trail := strings.HasSuffix(text, "\n")
	lines := strings.Split(strings.TrimSuffix(text, "\n"), "\n")
	for i, l := range lines {
		for _, s := range subs {
			l = s.apply(l)
		}
		lines[i] = l
	}
	out := strings.Join(lines, "\n")
	if trail {
		out += "\n"
	}
	return out
}

// apply substitutes the first match of s in line, or every one when global.
func (s sedSub) apply(line string) string {
	matches := s.re.FindAllStringSubmatchIndex(line, -1)
	if len(matches) == 0 {
		return line
	}
	if !s.global {
		matches = matches[:1]
	}
	var b []byte
	last := 0
	for _, m := range matches {
		b = append(b, line[last:m[0]]...)
		b = s.re.ExpandString(b, s.repl, line, m)
		last = m[1]
	}
	return string(append(b, line[last:]...))
}
