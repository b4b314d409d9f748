package shell

import (
	"strconv"
	"strings"
	"unicode/utf8"
)

// Readers of the three filter languages, as far as the text a program
// inserts: each returns the literals (with the key a jq program sets them
// under). They are bounded by the program's length and never fail: what
// they cannot read is judged as text, the whole program with it.

// maxInsertBytes bounds the inserted text kept for one program.
const maxInsertBytes = 16 << 10

// insertWriter collects inserted text up to maxInsertBytes.
type insertWriter struct {
	b    strings.Builder
	full bool
}

func (iw *insertWriter) line(s string) {
	if iw.full || s == "" {
		return
	}
	if iw.b.Len()+len(s)+1 > maxInsertBytes {
		iw.full = true
		return
	}
	iw.b.WriteString(s)
	iw.b.WriteByte('\n')
}

// jqInsertion reads a jq (or yq) program: its string literals, and the
// key a path assignment or an object sets them under.
func jqInsertion(prog string) insertion {
	var iw insertWriter
	key, value := "", false // the last key named, and a value for it comes next
	for i := 0; i < len(prog); {
		ch := prog[i]
		switch {
		case ch == '"':
			s, end, ok := jqString(prog, i)
			if !ok {
				iw.line(prog[i:])
				i = len(prog)
				continue
			}
			next := skipSpace(prog, end)
			switch {
			case next < len(prog) && prog[next] == ':':
				key, value = s, true // an object's key
				i = next + 1
				continue
			case value && key != "":
				iw.line(jsonQuote(key) + ": " + jsonQuote(s))
			case i > 0 && (prog[i-1] == '.' || prog[i-1] == '['):
				key = s // ."b-c", .["x"]: a path's key
				i = end
				continue
			}
			iw.line(s)
			value = false
			i = end
		case ch == '.' || ch == '$':
			j := identEnd(prog, i+1)
			if ch == '$' {
			} else if j > i+1 {
				key = prog[i+1 : j]
			}
			value = false
			i = j
		case jqIdent(ch) && (ch < '0' || ch > '9'):
			j := identEnd(prog, i)
			word := prog[i:j]
			if next := skipSpace(prog, j); next < len(prog) && prog[next] == ':' {
				key, value = word, true // {scripts: …}
				i = next + 1
				continue
			}
			switch word {
			case "del", "true", "false", "null", "empty":
			default:
			}
			value = false
			i = j
		case ch == '=' || ch == '|' && i+1 < len(prog) && prog[i+1] == '=':
			if ch == '=' && i+1 < len(prog) && prog[i+1] == '=' {
				i += 2 // a comparison
				continue
			}
			value = true
			i++
			if ch == '|' {
				i++
			}
		case ch == '+' && i+1 < len(prog) && prog[i+1] == '=':
			// .scripts += {"test": "…"}: the object's literals are
			// inserted; a string appended to a value is read as one.
			value = true
			i += 2
		case ch == '/' && i+2 < len(prog) && prog[i+1] == '/' && prog[i+2] == '=':
			value = true
			i += 3
		case ch == '/' && i+1 < len(prog) && prog[i+1] == '/':
			i += 2 // an alternative: a literal after it is a value as well
		case ch == '|':
			key, value = "", false
			i++
		case ch == '#':
			i++
		case ch >= '0' && ch <= '9' || strings.IndexByte(" \t\r\n[](),?{}-", ch) >= 0:
			if ch == ',' || ch == '{' || ch == '}' {
				value = false
			}
			i++
		default:
			i++
		}
	}
	return insertion{text: iw.b.String()}
}

// identEnd returns the end of the name that starts at s[i].
func identEnd(s string, i int) int {
	for i < len(s) && jqIdent(s[i]) {
		i++
	}
	return i
}

func jqIdent(b byte) bool {
	return b == '_' || b >= 'a' && b <= 'z' || b >= 'A' && b <= 'Z' || b >= '0' && b <= '9'
}

// jqString reads the string literal that starts at prog[i] ('"'); ok is
// false for an unterminated one or one with an interpolation \(…).
func jqString(prog string, i int) (string, int, bool) {
	for j := i + 1; j < len(prog); j++ {
		switch prog[j] {
		case '\\':
			if j+1 < len(prog) && prog[j+1] == '(' {
				return "", j, false
			}
			j++
		case '"':
			s, err := strconv.Unquote(jsonToGoString(prog[i : j+1]))
			if err != nil {
				return "", j + 1, false
			}
			return s, j + 1, true
		}
	}
	return "", len(prog), false
}

// jsonToGoString turns a JSON string literal into a Go one: JSON's \/ is
// the one escape Go lacks.
func jsonToGoString(s string) string { return strings.ReplaceAll(s, `\/`, "/") }

// sedInsertion reads a sed script: the replacement of each s command
// (& and \1 copy the input's text: matchedText), and the text of a, i
// and c. A command it does not read (e, r, w, y…) makes the whole script
// the inserted text.
func sedInsertion(script string) insertion {
	var iw insertWriter
	s := script
	for len(s) > 0 {
		s = strings.TrimLeft(s, " \t\n;")
		if s == "" {
			break
		}
		s = sedSkipAddress(s)
		s = strings.TrimLeft(s, " \t!")
		if s == "" {
			break
		}
		cmd := s[0]
		s = s[1:]
		switch cmd {
		case 's':
			repl, _, rest, ok := sedSubParts(s)
			if !ok {
				return insertion{text: iw.b.String() + script + "\n"}
			}
			iw.line(sedReplacementText(repl))
			s = rest
		case 'a', 'i', 'c':
			text, rest := sedText(s)
			iw.line(text)
			s = rest
		case 'd', 'D', 'p', 'P', 'n', 'N', 'g', 'G', 'h', 'H', 'x', '=', 'l', 'q', 'Q', 'z', '{', '}':
		case 'b', 't', 'T', ':':
			_, s, _ = cutAny(s, ";\n")
		case '#':
			_, s, _ = strings.Cut(s, "\n")
		default: // e, r, R, w, W, y, F, v and what sed does not know
			return insertion{text: iw.b.String() + script + "\n"}
		}
	}
	return insertion{text: iw.b.String()}
}

// sedSkipAddress skips a command's address (a line number, $, /re/,
// \cREc, first~step, and a second one after a comma).
func sedSkipAddress(s string) string {
	for n := 0; n < 2; n++ {
		switch {
		case s == "":
			return s
		case s[0] >= '0' && s[0] <= '9':
			s = strings.TrimLeft(s, "0123456789~")
		case s[0] == '$':
			s = s[1:]
		case s[0] == '/' || s[0] == '\\' && len(s) > 1:
			d := s[0]
			if d == '\\' {
				d, s = s[1], s[1:]
			}
			_, rest, ok := sedField(s[1:], d)
			if !ok {
				return ""
			}
			s = strings.TrimLeft(rest, "IM")
		default:
			return s
		}
		if len(s) == 0 || s[0] != ',' {
			return s
		}
		s = s[1:]
		if len(s) > 0 && (s[0] == '+' || s[0] == '~') {
			s = s[1:]
		}
	}
	return s
}

// sedSubParts reads the rest of an s command: its replacement, flags and
// what follows.
func sedSubParts(s string) (repl, flags, rest string, ok bool) {
	if len(s) < 3 || s[0] == '\\' || s[0] == '\n' {
		return "", "", "", false
	}
	d := s[0]
	_, after, ok := sedField(s[1:], d)
	if !ok {
		return "", "", "", false
	}
	// The replacement is read raw: its escapes are sed's, not a regexp's.
	raw, after2, ok := sedRawField(after, d)
	if !ok {
		return "", "", "", false
	}
	flags, rest, _ = cutAny(after2, ";\n}")
	return raw, strings.TrimSpace(flags), rest, true
}

// sedRawField reads up to the next unescaped delim, keeping escapes.
func sedRawField(s string, delim byte) (string, string, bool) {
	for i := 0; i < len(s); i++ {
		switch s[i] {
		case '\\':
			i++
		case delim:
			return s[:i], s[i+1:], true
		}
	}
	return "", "", false
}

// sedReplacementText is the text a replacement prints: & and \1…\9 copy
// the input's text, \n and \t are a newline and a tab, \L \U \l \u change
// the case of what follows.
func sedReplacementText(repl string) string {
	var b strings.Builder
	mode, once := byte(0), byte(0)
	put := func(r rune) {
		switch {
		case once == 'l' || once == 0 && mode == 'L':
			r = []rune(strings.ToLower(string(r)))[0]
		case once == 'u' || once == 0 && mode == 'U':
			r = []rune(strings.ToUpper(string(r)))[0]
		}
		once = 0
		b.WriteRune(r)
	}
	for i := 0; i < len(repl); {
		ch := repl[i]
		switch {
		case ch == '&':
			b.WriteString(matchedText)
			i++
		case ch == '\\' && i+1 < len(repl):
			e := repl[i+1]
			i += 2
			switch {
			case e >= '0' && e <= '9':
				b.WriteString(matchedText)
			case e == 'n':
				b.WriteByte('\n')
			case e == 't':
				b.WriteByte('\t')
			case e == 'L' || e == 'U':
				mode = e
			case e == 'E':
				mode = 0
			case e == 'l' || e == 'u':
				once = e
			default:
				put(rune(e))
			}
		default:
			r, n := utf8.DecodeRuneInString(repl[i:])
			put(r)
			i += n
		}
	}
	return b.String()
}

// sedText reads the text of a, i or c: "a text" or "a\" and the next
// lines, a backslash at a line's end going on to the next.
func sedText(s string) (text, rest string) {
	s = strings.TrimLeft(s, " \t")
	if strings.HasPrefix(s, "\\\n") {
		s = s[2:]
	} else if strings.HasPrefix(s, "\\") {
		s = s[1:]
	}
	var b strings.Builder
	for {
		line, after, more := strings.Cut(s, "\n")
		if strings.HasSuffix(line, "\\") && more {
			b.WriteString(strings.TrimSuffix(line, "\\") + "\n")
			s = after
			continue
		}
		b.WriteString(line)
		return strings.ReplaceAll(strings.ReplaceAll(b.String(), `\t`, "\t"), `\n`, "\n"), after
	}
}

// awkInsertion reads an awk program: what each print statement prints
// of string literals (juxtaposed: joined; a comma: a space; a field:
// matchedText), and whether the program is only patterns, BEGIN and END,
// print and printf of literals and fields. exact: every print is in a
// BEGIN block and prints no field, and no other rule exists, so the
// literals are all it prints.
func awkInsertion(prog string) insertion {
	var iw insertWriter
	own, exact := true, true
	var cur strings.Builder
	inPrint, inBegin := false, false
	depth := 0
	end := func() {
		if inPrint {
			iw.line(cur.String())
			cur.Reset()
			inPrint = false
		}
	}
	for i := 0; i < len(prog); {
		ch := prog[i]
		switch {
		case ch == '"':
			s, next, ok := awkString(prog, i)
			if !ok {
				return insertion{text: iw.b.String() + prog + "\n"}
			}
			if inPrint {
				cur.WriteString(s)
			} else {
				iw.line(s)
			}
			i = next
		case ch == '$':
			j := identEnd(prog, i+1)
			if inPrint {
				cur.WriteString(matchedText)
			}
			exact = false
			i = j
		case jqIdent(ch) && (ch < '0' || ch > '9'):
			j := identEnd(prog, i)
			switch word := prog[i:j]; word {
			case "BEGIN":
				inBegin = true
			case "END":
				exact = false
			case "print", "printf":
				end()
				inPrint = true
				if !inBegin || depth == 0 {
					exact = false
				}
			case "NR", "NF", "FNR", "next":
				exact = false
			default:
				own, exact = false, false // a variable or function: what it holds is not read here
			}
			i = j
		case ch == ',':
			if inPrint {
				cur.WriteByte(' ')
			}
			i++
		case ch == ';' || ch == '\n':
			end()
			i++
		case ch == '{':
			depth++
			i++
		case ch == '}':
			end()
			depth--
			if depth == 0 {
				inBegin = false
			}
			i++
		case ch == '/' && !inPrint:
			// A pattern /re/ selects input lines.
			k := strings.IndexByte(prog[i+1:], '/')
			if k < 0 {
				own = false
				i = len(prog)
				continue
			}
			exact = false
			i += k + 2
		case ch >= '0' && ch <= '9' || strings.IndexByte(" \t\r()=!", ch) >= 0:
			if depth == 0 && ch >= '0' && ch <= '9' {
				exact = false // a pattern (1, NR==2): input lines are printed
			}
			i++
		default: // > and | redirect or pipe to a program; + - * concat arithmetic…
			own, exact = false, false
			i++
		}
	}
	end()
	if !own {
		exact = false
	}
	return insertion{text: iw.b.String(), exact: exact && !iw.full}
}

// awkString reads an awk string literal with its escapes (\n, \t, \",
// \\, \/, octal \NNN).
func awkString(prog string, i int) (string, int, bool) {
	var b strings.Builder
	for j := i + 1; j < len(prog); j++ {
		switch c := prog[j]; c {
		case '"':
			return b.String(), j + 1, true
		case '\n':
			return "", j, false
		case '\\':
			if j+1 >= len(prog) {
				return "", j, false
			}
			j++
			switch e := prog[j]; {
			case e == 'n':
				b.WriteByte('\n')
			case e == 't':
				b.WriteByte('\t')
			case e == 'r':
				b.WriteByte('\r')
			case e >= '0' && e <= '7':
				v, k := octalEscape(prog, j)
				b.WriteByte(v)
				j = k - 1
			default:
				b.WriteByte(e)
			}
		default:
			b.WriteByte(c)
		}
	}
	return "", len(prog), false
}
