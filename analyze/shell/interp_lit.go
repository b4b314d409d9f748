package shell

import (
	"strconv"
	"strings"
	"unicode/utf8"
)

// String literals of inline code, read as the interpreter reads them:
// escapes decoded (\x72, \162, \u0072, \U00000072, \N{…}, Lua's decimal
// \114), interpolations evaluated where they can be. What cannot be known
// becomes an unknown part (unknownPart), never a guess.

// unknownPart stands for a part of a value only known when the code runs.
// A literal that happens to contain it is treated as unknown too: the
// mistake then goes the safe way.
const unknownPart = "\x00\x01"

// litSyntax is how one language writes string literals.
type litSyntax struct {
	single      bool // '…' decodes escapes (Python, JS, Lua, R); otherwise only \\ and \'
	interpolate byte // the sigil interpolated in "…": '$' (Perl, PHP, PowerShell), '#' (Ruby #{…}), 0
	luaDecimal  bool // \ddd is decimal (Lua), not octal
	backtick    bool // `…` is a string (JS template), not a command
	psEscape    bool // PowerShell: ` is the escape character, '' doubles a quote
}

func syntaxOf(lang string) litSyntax {
	switch lang {
	case "python", "r":
		return litSyntax{single: true}
	case "node":
		return litSyntax{single: true, backtick: true}
	case "julia":
		return litSyntax{backtick: true} // `cmd` is a command literal: its text is what runs
	case "lua":
		return litSyntax{single: true, luaDecimal: true}
	case "perl", "php":
		return litSyntax{interpolate: '$'}
	case "ruby":
		return litSyntax{interpolate: '#'}
	case "powershell":
		return litSyntax{interpolate: '$', psEscape: true}
	}
	return litSyntax{} // awk, osascript: "…" with escapes
}

// readLiteral reads a string literal at i (after optional Python prefixes)
// and returns its value, whether it is one, and the index after it. Ruby's
// %q/%Q and Perl's q/qq quote-like forms are literals too.
func (e *evaluator) readLiteral(i int) (val, int, bool) {
	code := e.code
	start := i
	raw, fstr, bytesLit := false, false, false
	if e.lang == "python" {
		for i < len(code) && i-start < 3 && strings.IndexByte("rbfuRBFU", code[i]) >= 0 {
			switch code[i] {
			case 'r', 'R':
				raw = true
			case 'f', 'F':
				fstr = true
			case 'b', 'B':
				bytesLit = true
			}
			i++
		}
		if i >= len(code) || code[i] != '"' && code[i] != '\'' {
			return val{}, start, false
		}
	}
	if i >= len(code) {
		return val{}, start, false
	}
	q := code[i]
	syn := syntaxOf(e.lang)
	closeQ := q
	escapes, interp := true, false
	switch q {
	case '"':
		interp = syn.interpolate != 0
	case '\'':
		escapes = syn.single
	case '`':
		if !syn.backtick {
			return val{}, start, false
		}
	case 'q', '%':
		// Perl q(…) qq{…}, Ruby %q(…) %Q{…} %(…).
		j := i + 1
		double := false
		switch {
		case q == 'q' && e.lang == "perl" && j < len(code) && code[j] == 'q':
			double = true
			j++
		case q == 'q' && e.lang == "perl":
		case q == '%' && e.lang == "ruby" && j < len(code) && (code[j] == 'q' || code[j] == 'Q'):
			double = code[j] == 'Q'
			j++
		case q == '%' && e.lang == "ruby":
			double = true
		default:
			return val{}, start, false
		}
		if j >= len(code) {
			return val{}, start, false
		}
		open := code[j]
		c, ok := quotePair(open)
		if !ok {
			return val{}, start, false
		}
		i, q, closeQ = j, open, c
		escapes, interp = double, double
	default:
		return val{}, start, false
	}
	if raw {
		escapes = false
	}
	if (q == '"' || q == '\'') && e.lang == "python" && strings.HasPrefix(code[i:], strings.Repeat(string(q), 3)) {
		end := strings.Index(code[i+3:], strings.Repeat(string(q), 3))
		if end < 0 {
			return val{}, start, false
		}
		body := code[i+3 : i+3+end]
		v := e.decodeBody(body, escapes, fstr, bytesLit, syn)
		return v, i + 6 + end, true
	}
	// Find the end, honouring escapes and nesting of paired delimiters.
	depth := 0
	for j := i + 1; j < len(code); j++ {
		ch := code[j]
		if syn.psEscape && ch == '`' && q == '"' && j+1 < len(code) {
			j++
			continue
		}
		if ch == '\\' && j+1 < len(code) && !syn.psEscape {
			j++
			continue
		}
		// An interpolation may hold quotes of its own: "#{"r"}m", `${'x'}`.
		if (interp && syn.interpolate == '#' && ch == '#' || q == '`' && syn.backtick && ch == '$') && j+1 < len(code) && code[j+1] == '{' {
			if k := matchClose(code, j+1, '{', '}'); k > 0 {
				j = k
				continue
			}
		}
		// Julia's $(expr) in "…" and `…`: "$(joinpath(homedir(), "x"))".
		if e.lang == "julia" && ch == '$' && j+1 < len(code) && code[j+1] == '(' && (q == '"' || q == '`') {
			if k := matchClose(code, j+1, '(', ')'); k > 0 {
				j = k
				continue
			}
		}
		if syn.psEscape && q == '\'' && ch == '\'' && j+1 < len(code) && code[j+1] == '\'' {
			j++
			continue
		}
		if ch == q && closeQ != q {
			depth++
			continue
		}
		if ch == closeQ {
			if depth > 0 {
				depth--
				continue
			}
			body := code[i+1 : j]
			var v val
			switch {
			case q == '`' && syn.backtick, q == '"' && e.lang == "julia":
				v = e.decodeTemplate(body)
			case syn.psEscape:
				v = e.decodePowerShell(body, q == '"')
			case !escapes:
				v = val{kind: valStr, s: unescapeQuotes(body, q, closeQ)}
			case interp && syn.interpolate != 0:
				v = e.decodeInterpolated(body, syn)
			default:
				v = e.decodeBody(body, true, fstr, bytesLit, syn)
			}
			return v, j + 1, true
		}
	}
	return val{}, start, false
}

func quotePair(open byte) (byte, bool) {
	switch open {
	case '(':
		return ')', true
	case '[':
		return ']', true
	case '{':
		return '}', true
	case '<':
		return '>', true
	case '/', '|', '!', '#', '"', '\'', '~', '^', ',', ':', '@':
		return open, true
	}
	return 0, false
}

// unescapeQuotes decodes a literal without escapes but \\ and \' (Perl,
// Ruby and PHP single quotes).
func unescapeQuotes(body string, q, closeQ byte) string {
	if strings.IndexByte(body, '\\') < 0 {
		return body
	}
	var b strings.Builder
	for j := 0; j < len(body); j++ {
		if body[j] == '\\' && j+1 < len(body) && (body[j+1] == '\\' || body[j+1] == q || body[j+1] == closeQ) {
			j++
		}
		b.WriteByte(body[j])
	}
	return b.String()
}

// decodeBody decodes the escapes of a literal's body; in an f-string,
// {expr} is evaluated.
func (e *evaluator) decodeBody(body string, escapes, fstr, bytesLit bool, syn litSyntax) val {
	v := val{kind: valStr}
	var b strings.Builder
	for j := 0; j < len(body); j++ {
		ch := body[j]
		if fstr && ch == '{' {
			if j+1 < len(body) && body[j+1] == '{' {
				b.WriteByte('{')
				j++
				continue
			}
			end := matchClose(body, j, '{', '}')
			if end < 0 {
				b.WriteString(unknownPart)
				break
			}
			expr := fstringExpr(body[j+1 : end])
			iv := e.sub(expr).expr1()
			b.WriteString(iv.text())
			v.hidden = v.hidden || iv.hidden
			j = end
			continue
		}
		if fstr && ch == '}' && j+1 < len(body) && body[j+1] == '}' {
			j++
		}
		if ch != '\\' || !escapes || j+1 >= len(body) {
			b.WriteByte(ch)
			continue
		}
		s, n, hidden := decodeEscape(body[j:], syn, bytesLit)
		b.WriteString(s)
		v.hidden = v.hidden || hidden
		j += n - 1
	}
	v.s = b.String()
	return v
}

// decodeEscape decodes the escape sequence at the start of s (s[0] is the
// backslash) and returns its text, its length and whether it spells a
// plain character in disguise (a letter written \x72).
func decodeEscape(s string, syn litSyntax, bytesLit bool) (string, int, bool) {
	c := s[1]
	switch c {
	case 'n':
		return "\n", 2, false
	case 't':
		return "\t", 2, false
	case 'r':
		return "\r", 2, false
	case 'a':
		return "\a", 2, false
	case 'b':
		return "\b", 2, false
	case 'f':
		return "\f", 2, false
	case 'v':
		return "\v", 2, false
	case 'e':
		return "\x1b", 2, false
	case '\n':
		return "", 2, false
	case 'x':
		// \xHH, and \x{HHHH} in Perl and PHP.
		if len(s) > 2 && s[2] == '{' {
			end := strings.IndexByte(s, '}')
			if end < 0 || end > 12 {
				return unknownPart, 2, false
			}
			return codePoint(s[3:end], 16, end+1)
		}
		n := 2
		for n < len(s) && n < 4 && isHex(s[n]) {
			n++
		}
		if n == 2 {
			return "x", 2, false
		}
		return codePoint(s[2:n], 16, n)
	case 'u':
		if bytesLit {
			return `\u`, 2, false
		}
		if len(s) > 2 && s[2] == '{' {
			end := strings.IndexByte(s, '}')
			if end < 0 || end > 12 {
				return unknownPart, 2, false
			}
			return codePoint(s[3:end], 16, end+1)
		}
		if len(s) >= 6 && allHex(s[2:6]) {
			return codePoint(s[2:6], 16, 6)
		}
		return "u", 2, false
	case 'U':
		if len(s) >= 10 && allHex(s[2:10]) && !bytesLit {
			return codePoint(s[2:10], 16, 10)
		}
		return "U", 2, false
	case 'N':
		// \N{NAME} (Python, Perl) and \N{U+0072} (Perl).
		if len(s) > 2 && s[2] == '{' {
			end := strings.IndexByte(s, '}')
			if end < 0 || end > 80 {
				return unknownPart, 2, false
			}
			name := s[3:end]
			if strings.HasPrefix(name, "U+") {
				return codePoint(name[2:], 16, end+1)
			}
			if r, ok := unicodeName(name); ok {
				return string(r), end + 1, true
			}
			return unknownPart, end + 1, false
		}
		return "N", 2, false
	case 'o':
		// Perl's \o{162}.
		if len(s) > 2 && s[2] == '{' {
			end := strings.IndexByte(s, '}')
			if end < 0 || end > 16 {
				return unknownPart, 2, false
			}
			return codePoint(s[3:end], 8, end+1)
		}
		return "o", 2, false
	}
	if c >= '0' && c <= '9' {
		n := 1
		base := 8
		if syn.luaDecimal {
			base = 10
		}
		for n < len(s) && n < 4 && s[n] >= '0' && s[n] <= '9' && (base == 10 || s[n] <= '7') {
			n++
		}
		if base == 8 && c > '7' {
			return string(c), 2, false
		}
		return codePoint(s[1:n], base, n)
	}
	if c < utf8.RuneSelf {
		return string(c), 2, false
	}
	// A backslash before a multibyte character keeps the character.
	r, size := utf8.DecodeRuneInString(s[1:])
	return string(r), 1 + size, false
}

// codePoint turns digits in a base into the character they name.
func codePoint(digits string, base, n int) (string, int, bool) {
	if digits == "" {
		return unknownPart, n, false
	}
	x, err := strconv.ParseUint(digits, base, 32)
	if err != nil || x > utf8.MaxRune {
		return unknownPart, n, false
	}
	r := rune(x)
	return string(r), n, r >= 0x20 && r < 0x7f
}

func allHex(s string) bool {
	for i := 0; i < len(s); i++ {
		if !isHex(s[i]) {
			return false
		}
	}
	return s != ""
}

// unicodeName knows the names of the printable ASCII characters, which is
// what a command spelled with \N{…} is made of.
func unicodeName(name string) (rune, bool) {
	n := strings.ToUpper(strings.Join(strings.Fields(name), " "))
	for _, p := range []struct {
		prefix string
		base   rune
	}{{"LATIN SMALL LETTER ", 'a'}, {"LATIN CAPITAL LETTER ", 'A'}} {
		if rest, ok := strings.CutPrefix(n, p.prefix); ok && len(rest) == 1 && rest[0] >= 'A' && rest[0] <= 'Z' {
			return p.base + rune(rest[0]-'A'), true
		}
	}
	if rest, ok := strings.CutPrefix(n, "DIGIT "); ok {
		for i, d := range []string{"ZERO", "ONE", "TWO", "THREE", "FOUR", "FIVE", "SIX", "SEVEN", "EIGHT", "NINE"} {
			if rest == d {
				return '0' + rune(i), true
			}
		}
	}
	r, ok := asciiNames[n]
	return r, ok
}

var asciiNames = map[string]rune{
	"SPACE": ' ', "EXCLAMATION MARK": '!', "QUOTATION MARK": '"', "NUMBER SIGN": '#', "DOLLAR SIGN": '$', "PERCENT SIGN": '%',
	"AMPERSAND": '&', "APOSTROPHE": '\'', "LEFT PARENTHESIS": '(', "RIGHT PARENTHESIS": ')', "ASTERISK": '*', "PLUS SIGN": '+',
	"COMMA": ',', "HYPHEN-MINUS": '-', "FULL STOP": '.', "SOLIDUS": '/', "COLON": ':', "SEMICOLON": ';', "LESS-THAN SIGN": '<',
	"EQUALS SIGN": '=', "GREATER-THAN SIGN": '>', "QUESTION MARK": '?', "COMMERCIAL AT": '@', "LEFT SQUARE BRACKET": '[',
	"REVERSE SOLIDUS": '\\', "RIGHT SQUARE BRACKET": ']', "CIRCUMFLEX ACCENT": '^', "LOW LINE": '_', "GRAVE ACCENT": '`',
	"LEFT CURLY BRACKET": '{', "VERTICAL LINE": '|', "RIGHT CURLY BRACKET": '}', "TILDE": '~', "LINE FEED": '\n', "CHARACTER TABULATION": '\t',
}

// decodeTemplate decodes a JavaScript template literal: escapes, and
// ${expr} evaluated.
func (e *evaluator) decodeTemplate(body string) val {
	// A JavaScript template, or a Julia string or command literal.
	v := val{kind: valStr}
	var b strings.Builder
	syn := syntaxOf("node")
	for j := 0; j < len(body); j++ {
		ch := body[j]
		if ch == '$' && j+1 < len(body) {
			// JavaScript interpolates ${expr}; Julia $(expr) and $name.
			open, closeB := byte('{'), byte('}')
			if e.lang == "julia" {
				open, closeB = '(', ')'
			}
			if body[j+1] == open {
				end := matchClose(body, j+1, open, closeB)
				if end < 0 {
					b.WriteString(unknownPart)
					break
				}
				e.splice(&b, &v, body[j+2:end])
				j = end
				continue
			}
			if e.lang == "julia" && isIdentStart(body[j+1]) {
				k := j + 1
				for k < len(body) && (isIdentStart(body[k]) || body[k] >= '0' && body[k] <= '9') {
					k++
				}
				e.splice(&b, &v, body[j+1:k])
				j = k - 1
				continue
			}
		}
		if ch == '\\' && j+1 < len(body) {
			s, n, hidden := decodeEscape(body[j:], syn, false)
			b.WriteString(s)
			v.hidden = v.hidden || hidden
			j += n - 1
			continue
		}
		b.WriteByte(ch)
	}
	v.s = b.String()
	return v
}

// splice writes the value of an interpolated expression into b; v is
// hidden when the value is.
func (e *evaluator) splice(b *strings.Builder, v *val, expr string) {
	iv := e.sub(expr).expr1()
	b.WriteString(iv.text())
	v.hidden = v.hidden || iv.hidden
}

// decodeInterpolated decodes a double-quoted Perl, PHP or Ruby string:
// escapes, and $var, ${var}, $ENV{HOME}, #{expr} replaced by their values.
func (e *evaluator) decodeInterpolated(body string, syn litSyntax) val {
	v := val{kind: valStr}
	var b strings.Builder
	for j := 0; j < len(body); j++ {
		ch := body[j]
		switch {
		case ch == '\\' && j+1 < len(body):
			s, n, hidden := decodeEscape(body[j:], syn, false)
			b.WriteString(s)
			v.hidden = v.hidden || hidden
			j += n - 1
		case syn.interpolate == '#' && ch == '#' && j+1 < len(body) && body[j+1] == '{':
			end := matchClose(body, j+1, '{', '}')
			if end < 0 {
				b.WriteString(unknownPart)
				j = len(body)
				continue
			}
			iv := e.sub(body[j+2 : end]).expr1()
			b.WriteString(iv.text())
			v.hidden = v.hidden || iv.hidden
			j = end
		case syn.interpolate == '$' && (ch == '$' || ch == '@' && e.lang == "perl") && j+1 < len(body) && (isIdentStart(body[j+1]) || body[j+1] == '{'):
			// $name, ${name}, $name{key}, $name[index], $name->{key}, {$name}.
			k := j + 1
			if body[k] == '{' {
				end := strings.IndexByte(body[k:], '}')
				if end < 0 {
					b.WriteString(unknownPart)
					j = len(body)
					continue
				}
				iv := e.sub(string(ch) + body[k+1:k+end]).expr1()
				b.WriteString(iv.text())
				j = k + end
				continue
			}
			for k < len(body) && isIdentChar(body[k]) {
				k++
			}
			for k < len(body) && (body[k] == '{' || body[k] == '[') {
				c := byte('}')
				if body[k] == '[' {
					c = ']'
				}
				end := matchClose(body, k, body[k], c)
				if end < 0 {
					break
				}
				k = end + 1
			}
			iv := e.sub(body[j:k]).expr1()
			b.WriteString(iv.text())
			v.hidden = v.hidden || iv.hidden
			j = k - 1
		default:
			b.WriteByte(ch)
		}
	}
	v.s = b.String()
	return v
}

// decodePowerShell decodes a PowerShell string: '…' is literal; "…" has
// backtick escapes and $variables.
func (e *evaluator) decodePowerShell(body string, double bool) val {
	if !double {
		return val{kind: valStr, s: strings.ReplaceAll(body, "''", "'")}
	}
	v := val{kind: valStr}
	var b strings.Builder
	for j := 0; j < len(body); j++ {
		ch := body[j]
		switch {
		case ch == '`' && j+1 < len(body):
			j++
			switch body[j] {
			case 'n':
				b.WriteByte('\n')
			case 't':
				b.WriteByte('\t')
			case '0':
				b.WriteByte(0)
			case 'u':
				if j+1 < len(body) && body[j+1] == '{' {
					end := strings.IndexByte(body[j:], '}')
					if end > 0 && end < 12 {
						s, _, hidden := codePoint(body[j+2:j+end], 16, 0)
						b.WriteString(s)
						v.hidden = v.hidden || hidden
						j += end
						continue
					}
				}
				b.WriteByte('u')
			default:
				b.WriteByte(body[j])
			}
		case ch == '$' && j+1 < len(body) && (isIdentStart(body[j+1]) || body[j+1] == '{' || body[j+1] == '('):
			k := j + 1
			if body[k] == '(' || body[k] == '{' {
				end := matchClose(body, k, body[k], map[byte]byte{'(': ')', '{': '}'}[body[k]])
				if end < 0 {
					b.WriteString(unknownPart)
					j = len(body)
					continue
				}
				b.WriteString(e.sub("$" + body[k+1:end]).expr1().text())
				j = end
				continue
			}
			for k < len(body) && (isIdentChar(body[k]) || body[k] == ':') {
				k++
			}
			b.WriteString(e.sub(body[j:k]).expr1().text())
			j = k - 1
		default:
			b.WriteByte(ch)
		}
	}
	v.s = b.String()
	return v
}

// matchClose returns the index of the delimiter closing the one at i,
// skipping nested pairs and quoted strings, or -1.
func matchClose(s string, i int, open, closeC byte) int {
	depth := 0
	for j := i; j < len(s); j++ {
		switch ch := s[j]; {
		case ch == '\\':
			j++
		case ch == '"' || ch == '\'':
			k := j + 1
			for k < len(s) && s[k] != ch {
				if s[k] == '\\' {
					k++
				}
				k++
			}
			j = k
		case ch == open:
			depth++
		case ch == closeC:
			depth--
			if depth == 0 {
				return j
			}
		}
	}
	return -1
}

func isIdentStart(c byte) bool {
	return c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z'
}

func isIdentChar(c byte) bool {
	return isIdentStart(c) || c >= '0' && c <= '9'
}

// fstringExpr is the expression of an f-string replacement field without
// its conversion (!r) and format spec (:>10), which are found outside
// strings and brackets.
func fstringExpr(field string) string {
	depth := 0
	for i := 0; i < len(field); i++ {
		switch c := field[i]; c {
		case '"', '\'':
			for i++; i < len(field) && field[i] != c; i++ {
				if field[i] == '\\' {
					i++
				}
			}
		case '(', '[', '{':
			depth++
		case ')', ']', '}':
			depth--
		case '!':
			if depth == 0 && i+1 < len(field) && field[i+1] != '=' {
				return field[:i]
			}
		case ':':
			if depth == 0 {
				return field[:i]
			}
		}
	}
	return field
}
