package shell

import (
	"strconv"
	"strings"

	"mvdan.cc/sh/v3/syntax"
)

// appendWordFieldsOne resolves one word, after brace expansion (wordFields), of a command line into the fields the shell
// would pass: quotes removed, known variables and literal substitutions
// ($(echo rm)) filled in, $IFS and unquoted expansions split, brace
// expansions ({rm,-rf,/}) expanded. dyn reports that some part is not known.
// st describes a process substitution or a substitution that read a secret.
// The fields are appended to dst.
func (w *walker) appendWordFieldsOne(dst []string, word *syntax.Word) (fields []string, dyn bool, st stream) {
	fb := fieldBuilder{fields: dst}
	ifs, ifsKnown := w.state().ifs()
	plainLit := true
	for _, part := range word.Parts {
		switch p := part.(type) {
		case *syntax.Lit:
			fb.lit(unescapeUnquoted(p.Value))
		case *syntax.SglQuoted:
			plainLit = false
			if p.Dollar {
				fb.lit(ansiC(p.Value))
			} else {
				fb.lit(p.Value)
			}
		case *syntax.DblQuoted:
			plainLit = false
			d, s := w.dblQuotedInto(p, &fb)
			dyn = dyn || d
			if s.kind != streamNone && (st.kind == streamNone || s.kind == streamSecret || s.kind == streamNetwork) {
				st = s
			}
		case *syntax.ParamExp:
			plainLit = false
			vals, _, _, d := w.paramVals(p)
			dyn = dyn || d || !ifsKnown
			for i, v := range vals {
				if i > 0 {
					fb.flush()
				}
				fb.split(v, ifs)
			}
		case *syntax.CmdSubst:
			plainLit = false
			out := w.substitution(p.Stmts)
			switch {
			case out.item != "" && out.kind == streamUnknown:
				// $(find …), $(ls -d /*): the names it prints, as a pattern.
				fb.lit(out.item)
				continue
			}
			switch out.kind {
			case streamLiteral, streamDecoded:
				fb.split(strings.TrimRight(out.text, "\n"), ifs)
				dyn = dyn || !ifsKnown
			default:
				st = substStream(st, out)
				dyn = true
				fb.lit("$(…)")
			}
		case *syntax.ArithmExp:
			plainLit = false
			w.walkSubst(p)
			dyn = true
			fb.lit("$((…))")
		case *syntax.ProcSubst:
			plainLit = false
			out := w.procSubst(p)
			st = out
			if st.kind == streamNone {
				st.kind = streamUnknown
			}
			dyn = true
			fb.lit("/dev/fd/63")
		case *syntax.ExtGlob:
			plainLit = false
			fb.lit(p.Op.String() + p.Pattern.Value + ")")
		default:
			dyn = true
		}
	}
	fields = fb.end()
	if dyn && optionProcSubst(word) {
		// --arg-file=<(…), -a<(…): the option is written out and its value
		// is the /dev/fd path the shell makes; the stream is what the
		// substitution prints.
		dyn = false
	}
	if plainLit && len(fields)-len(dst) == 1 {
		s := fields[len(dst)]
		if strings.IndexByte(s, '{') >= 0 && strings.IndexByte(s, ',') >= 0 {
			if exp := expandBraces(s, 0); len(exp) > 1 {
				return append(fields[:len(dst)], exp...), dyn, st
			}
		}
	}
	return fields, dyn, st
}

// wordString resolves a word to one string (redirection targets,
// here-document bodies, assignments). heredoc keeps the body's text and
// only fills in expansions.
func (w *walker) wordString(word *syntax.Word, heredoc bool) (string, bool) {
	if word == nil {
		return "", false
	}
	var b strings.Builder
	dyn := false
	for _, part := range word.Parts {
		switch p := part.(type) {
		case *syntax.Lit:
			if heredoc {
				b.WriteString(p.Value)
			} else {
				b.WriteString(unescapeUnquoted(p.Value))
			}
		case *syntax.SglQuoted:
			if p.Dollar {
				b.WriteString(ansiC(p.Value))
			} else {
				b.WriteString(p.Value)
			}
		case *syntax.DblQuoted:
			v, d, st := w.dblQuoted(p)
			if st.kind == streamSecret {
				w.substCred = st.cred
			}
			if st.kind == streamNetwork {
				w.substNet = st.what
			}
			b.WriteString(v)
			dyn = dyn || d
		case *syntax.ParamExp:
			v, d := w.param(p)
			dyn = dyn || d
			b.WriteString(v)
		case *syntax.CmdSubst:
			out := w.substitution(p.Stmts)
			if out.kind == streamSecret {
				w.substCred = out.cred
			}
			if out.kind == streamNetwork {
				w.substNet = out.what
			}
			if out.kind == streamLiteral || out.kind == streamDecoded {
				b.WriteString(strings.TrimRight(out.text, "\n"))
			} else if out.kind == streamUnknown && out.item != "" {
				b.WriteString(out.item)
			} else {
				dyn = true
				b.WriteString("$(…)")
			}
		case *syntax.ArithmExp:
			w.walkSubst(p)
			dyn = true
			b.WriteString("$((…))")
		case *syntax.ProcSubst:
			w.procSubst(p)
			dyn = true
			b.WriteString("/dev/fd/63")
		default:
			dyn = true
		}
	}
	return b.String(), dyn
}

func (w *walker) dblQuoted(q *syntax.DblQuoted) (string, bool, stream) {
	var fb fieldBuilder
	dyn, st := w.dblQuotedInto(q, &fb)
	return strings.Join(fb.end(), " "), dyn, st
}

// dblQuotedInto adds the fields of a double-quoted string to fb: one,
// except for "${a[@]}" and "$@", which give one per element.
func (w *walker) dblQuotedInto(q *syntax.DblQuoted, fb *fieldBuilder) (bool, stream) {
	dyn := false
	var st stream
	if len(q.Parts) == 0 {
		fb.lit("")
	}
	for _, part := range q.Parts {
		switch p := part.(type) {
		case *syntax.Lit:
			fb.lit(unescapeDouble(p.Value))
		case *syntax.ParamExp:
			vals, multi, star, d := w.paramVals(p)
			dyn = dyn || d
			switch {
			case multi && !star:
				fb.multi(vals)
			case multi:
				ifs, _ := w.state().ifs()
				fb.lit(strings.Join(vals, ifs[:min(1, len(ifs))]))
			case len(vals) > 0:
				fb.lit(vals[0])
			default:
				fb.lit("")
			}
		case *syntax.CmdSubst:
			out := w.substitution(p.Stmts)
			if out.item != "" && out.kind == streamUnknown {
				fb.lit(out.item)
				continue
			}
			switch out.kind {
			case streamLiteral, streamDecoded:
				fb.lit(strings.TrimRight(out.text, "\n"))
			default:
				st = substStream(st, out)
				dyn = true
				fb.lit("$(…)")
			}
		case *syntax.ArithmExp:
			w.walkSubst(p)
			dyn = true
			fb.lit("$((…))")
		default:
			dyn = true
		}
	}
	return dyn, st
}

// param resolves a parameter expansion to one string (an array's elements
// joined by spaces). HOME and TMPDIR stay symbolic ("$HOME") so that paths
// resolve them; variables the script set take their value.
func (w *walker) param(p *syntax.ParamExp) (string, bool) {
	vals, _, _, dyn := w.paramVals(p)
	switch len(vals) {
	case 0:
		return "", dyn
	case 1:
		return vals[0], dyn
	}
	return strings.Join(vals, " "), dyn
}

func arithLit(e syntax.ArithmExpr) (int, bool) {
	switch x := e.(type) {
	case *syntax.Word:
		n, err := strconv.Atoi(x.Lit())
		return n, err == nil
	case *syntax.UnaryArithm:
		if x.Op == syntax.Minus {
			n, ok := arithLit(x.X)
			return -n, ok
		}
	case *syntax.ParenArithm:
		return arithLit(x.X)
	}
	return 0, false
}

// unescapeUnquoted removes the backslashes of an unquoted literal: \r\m → rm.
func unescapeUnquoted(s string) string {
	if strings.IndexByte(s, '\\') < 0 {
		return s
	}
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		if s[i] == '\\' && i+1 < len(s) {
			i++
			if s[i] == '\n' {
				continue
			}
		}
		b.WriteByte(s[i])
	}
	return b.String()
}

// unescapeDouble removes the backslashes that double quotes honour.
func unescapeDouble(s string) string {
	if strings.IndexByte(s, '\\') < 0 {
		return s
	}
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		if s[i] == '\\' && i+1 < len(s) {
			switch s[i+1] {
			case '$', '`', '"', '\\':
				i++
			case '\n':
				i++
				continue
			}
		}
		b.WriteByte(s[i])
	}
	return b.String()
}

// ansiC decodes the escapes of a $'…' string.
func ansiC(s string) string {
	if strings.IndexByte(s, '\\') < 0 {
		return s
	}
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		if s[i] != '\\' || i+1 >= len(s) {
			b.WriteByte(s[i])
			continue
		}
		i++
		switch c := s[i]; c {
		case 'n':
			b.WriteByte('\n')
		case 't':
			b.WriteByte('\t')
		case 'r':
			b.WriteByte('\r')
		case 'a':
			b.WriteByte(7)
		case 'b':
			b.WriteByte(8)
		case 'e', 'E':
			b.WriteByte(27)
		case 'f':
			b.WriteByte(12)
		case 'v':
			b.WriteByte(11)
		case '\\', '\'', '"', '?':
			b.WriteByte(c)
		case 'x':
			j := i + 1
			for j < len(s) && j < i+3 && isHex(s[j]) {
				j++
			}
			if j > i+1 {
				n, _ := strconv.ParseUint(s[i+1:j], 16, 8)
				b.WriteByte(byte(n))
				i = j - 1
			} else {
				b.WriteString(`\x`)
			}
		case 'u', 'U':
			max := 4
			if c == 'U' {
				max = 8
			}
			j := i + 1
			for j < len(s) && j < i+1+max && isHex(s[j]) {
				j++
			}
			if j > i+1 {
				n, _ := strconv.ParseUint(s[i+1:j], 16, 32)
				b.WriteRune(rune(n))
				i = j - 1
			}
		case '0', '1', '2', '3', '4', '5', '6', '7':
			v, j := octalEscape(s, i)
			b.WriteByte(v)
			i = j - 1
		default:
			b.WriteByte('\\')
			b.WriteByte(c)
		}
	}
	return b.String()
}

// echoOptions reports a word echo reads as its options: "-" and any
// cluster of n, e and E.
func echoOptions(w string) bool {
	if len(w) < 2 || w[0] != '-' {
		return false
	}
	for i := 1; i < len(w); i++ {
		if w[i] != 'n' && w[i] != 'e' && w[i] != 'E' {
			return false
		}
	}
	return true
}

// echoEscapes decodes what echo -e and printf's %b decode: the escapes of
// $'…' except that an octal byte is \0 and up to three digits (\0162 is
// "r"; \162 stays as written), and \c ends the output.
func echoEscapes(s string) string {
	if strings.IndexByte(s, '\\') < 0 {
		return s
	}
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		if s[i] != '\\' || i+1 >= len(s) {
			b.WriteByte(s[i])
			continue
		}
		switch c := s[i+1]; {
		case c == '0':
			j := i + 2
			for j < len(s) && j < i+5 && s[j] >= '0' && s[j] <= '7' {
				j++
			}
			n, _ := strconv.ParseUint("0"+s[i+2:j], 8, 8)
			b.WriteByte(byte(n))
			i = j - 1
		case c == 'c':
			return b.String()
		case c >= '1' && c <= '9':
			b.WriteByte('\\')
			b.WriteByte(c)
			i++
		case c == 'x' || c == 'u' || c == 'U':
			n := 2
			if c == 'u' {
				n = 4
			} else if c == 'U' {
				n = 8
			}
			j := i + 2
			for j < len(s) && j < i+2+n && isHex(s[j]) {
				j++
			}
			b.WriteString(ansiC(s[i:j]))
			i = j - 1
		default:
			b.WriteString(ansiC(s[i : i+2]))
			i++
		}
	}
	return b.String()
}

func isHex(c byte) bool {
	return c >= '0' && c <= '9' || c >= 'a' && c <= 'f' || c >= 'A' && c <= 'F'
}

// expandBraces expands the first top-level {a,b,…} of s, recursively, as
// bash does for unquoted words. Sequences ({1..5}) are left alone. The
// result is bounded.
func expandBraces(s string, depth int) []string {
	if depth > 4 {
		return []string{s}
	}
	open := -1
	for i := 0; i < len(s); i++ {
		if s[i] == '{' {
			open = i
			break
		}
	}
	if open < 0 {
		return []string{s}
	}
	lvl, close := 0, -1
	var commas []int
	for i := open; i < len(s); i++ {
		switch s[i] {
		case '{':
			lvl++
		case '}':
			lvl--
			if lvl == 0 {
				close = i
			}
		case ',':
			if lvl == 1 {
				commas = append(commas, i)
			}
		}
		if close >= 0 {
			break
		}
	}
	if close < 0 || len(commas) == 0 {
		return []string{s}
	}
	pre, post := s[:open], s[close+1:]
	var out []string
	start := open + 1
	for _, c := range append(commas, close) {
		for _, e := range expandBraces(pre+s[start:c]+post, depth+1) {
			out = append(out, e)
			if len(out) > 64 {
				return out
			}
		}
		start = c + 1
	}
	return out
}

// substStream folds the output of a command substitution that is no known
// text into st, the stream a word's value comes from: a secret or the
// network always wins; any other output counts only when st has none yet,
// and then as unknown at least.
func substStream(st, out stream) stream {
	if out.kind == streamSecret || out.kind == streamNetwork {
		return out
	}
	if st.kind == streamNone {
		st = out
		if st.kind == streamNone {
			st.kind = streamUnknown
		}
	}
	return st
}

// octalEscape reads the up to three octal digits of an escape starting at
// s[i] and returns the byte they spell (255 when they spell more) and the
// index after them.
func octalEscape(s string, i int) (byte, int) {
	j := i
	for j < len(s) && j < i+3 && s[j] >= '0' && s[j] <= '7' {
		j++
	}
	n, _ := strconv.ParseUint(s[i:j], 8, 8)
	return byte(n), j
}
