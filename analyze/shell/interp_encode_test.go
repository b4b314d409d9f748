package shell

import (
	"encoding/base64"
	"encoding/hex"
	"fmt"
	"strings"
)

// Encoders spell a text as an expression of each language, the ways an
// agent hides a command: escapes, character codes, concatenation, joins,
// formats, base64, hex, rot13, reversal, a variable. The tests generate
// commands from them; the fuzz target checks that the evaluator reads every
// spelling of any printable text back exactly.

// encoding spells s (printable ASCII) as an expression; prelude is code
// that must come first (a variable's assignment). hidden: the spelling
// disguises the text, so running it is obfuscation.
type encoding struct {
	name   string
	hidden bool
	enc    func(s string) (prelude, expr string)
}

func expr(f func(s string) string) func(s string) (string, string) {
	return func(s string) (string, string) { return "", f(s) }
}

// quoted writes s between q with backslash escapes for q, \ and the
// characters in special.
func quoted(s string, q byte, special string) string {
	var b strings.Builder
	b.WriteByte(q)
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c == q || c == '\\' || strings.IndexByte(special, c) >= 0 {
			b.WriteByte('\\')
		}
		b.WriteByte(c)
	}
	b.WriteByte(q)
	return b.String()
}

// perChar writes every character of s with f, between q.
func perChar(s string, q string, f func(c byte) string) string {
	var b strings.Builder
	b.WriteString(q)
	for i := 0; i < len(s); i++ {
		b.WriteString(f(s[i]))
	}
	b.WriteString(q)
	return b.String()
}

// chunks splits s in pieces of n bytes.
func chunks(s string, n int) []string {
	var out []string
	for len(s) > n {
		out = append(out, s[:n])
		s = s[n:]
	}
	return append(out, s)
}

func mapJoin(s string, sep string, f func(c byte) string) string {
	parts := make([]string, len(s))
	for i := 0; i < len(s); i++ {
		parts[i] = f(s[i])
	}
	return strings.Join(parts, sep)
}

func codes(s string) string { return mapJoin(s, ", ", func(c byte) string { return fmt.Sprint(c) }) }

func reversed(s string) string {
	b := []byte(s)
	for i, j := 0, len(b)-1; i < j; i, j = i+1, j-1 {
		b[i], b[j] = b[j], b[i]
	}
	return string(b)
}

func rot13(s string) string {
	out, _ := trTranslate(s, "A-Za-z", "N-ZA-Mn-za-m")
	return out
}

func b64(s string) string { return base64.StdEncoding.EncodeToString([]byte(s)) }

func concat(s, op string, lit func(string) string) string {
	parts := chunks(s, 2)
	for i, p := range parts {
		parts[i] = lit(p)
	}
	return strings.Join(parts, op)
}

func unicodeNameOf(c byte) string {
	switch {
	case c >= 'a' && c <= 'z':
		return "LATIN SMALL LETTER " + string(c-'a'+'A')
	case c >= 'A' && c <= 'Z':
		return "LATIN CAPITAL LETTER " + string(c)
	case c >= '0' && c <= '9':
		return "DIGIT " + []string{"ZERO", "ONE", "TWO", "THREE", "FOUR", "FIVE", "SIX", "SEVEN", "EIGHT", "NINE"}[c-'0']
	}
	for name, r := range asciiNames {
		if r == rune(c) {
			return name
		}
	}
	return ""
}

var (
	pyLit   = func(s string) string { return quoted(s, '\'', "") }
	jsLit   = func(s string) string { return quoted(s, '\'', "") }
	plLit   = func(s string) string { return quoted(s, '"', "$@") }
	rbLit   = func(s string) string { return quoted(s, '"', "#") }
	phpLit  = func(s string) string { return quoted(s, '"', "$") }
	luaLit  = func(s string) string { return quoted(s, '"', "") }
	awkLit  = func(s string) string { return quoted(s, '"', "") }
	rLit    = func(s string) string { return quoted(s, '"', "") }
	hexEsc  = func(c byte) string { return fmt.Sprintf(`\x%02x`, c) }
	octEsc  = func(c byte) string { return fmt.Sprintf(`\%03o`, c) }
	uEsc    = func(c byte) string { return fmt.Sprintf(`\u%04x`, c) }
	uBrace  = func(c byte) string { return fmt.Sprintf(`\u{%x}`, c) }
	decEsc  = func(c byte) string { return fmt.Sprintf(`\%03d`, c) }
	xBrace  = func(c byte) string { return fmt.Sprintf(`\x{%x}`, c) }
	nameEsc = func(c byte) string {
		if n := unicodeNameOf(c); n != "" {
			return `\N{` + n + `}`
		}
		return hexEsc(c)
	}
)

// encodings of each language.
var encodings = map[string][]encoding{
	"python": {
		{"plain", false, expr(pyLit)},
		{"concatenated", false, expr(func(s string) string { return concat(s, "+", pyLit) })},
		{"adjacent", false, expr(func(s string) string { return concat(s, " ", pyLit) })},
		{"hex escapes", true, expr(func(s string) string { return perChar(s, "'", hexEsc) })},
		{"octal escapes", true, expr(func(s string) string { return perChar(s, "'", octEsc) })},
		{"\\u escapes", true, expr(func(s string) string { return perChar(s, "'", uEsc) })},
		{"\\U escapes", true, expr(func(s string) string {
			return perChar(s, "'", func(c byte) string { return fmt.Sprintf(`\U%08x`, c) })
		})},
		{"\\N{} names", true, expr(func(s string) string { return perChar(s, "'", nameEsc) })},
		{"chr", true, expr(func(s string) string {
			return mapJoin(s, "+", func(c byte) string { return fmt.Sprintf("chr(%d)", c) })
		})},
		{"join", true, expr(func(s string) string {
			return "''.join([" + mapJoin(s, ",", func(c byte) string { return pyLit(string(c)) }) + "])"
		})},
		{"percent format", false, expr(func(s string) string {
			parts := chunks(s, 3)
			lits := make([]string, len(parts))
			for i, p := range parts {
				lits[i] = pyLit(p)
			}
			return "'" + strings.Repeat("%s", len(parts)) + "' % (" + strings.Join(lits, ", ") + ",)"
		})},
		{"str.format", false, expr(func(s string) string {
			parts := chunks(s, 3)
			lits := make([]string, len(parts))
			for i, p := range parts {
				lits[i] = pyLit(p)
			}
			return "'" + strings.Repeat("{}", len(parts)) + "'.format(" + strings.Join(lits, ", ") + ")"
		})},
		{"f-string", false, expr(func(s string) string {
			h := len(s) / 2
			first := pyLit(strings.NewReplacer("{", "{{", "}", "}}").Replace(s[:h]))
			return "f" + first[:len(first)-1] + "{" + quoted(s[h:], '"', "'") + "}'"
		})},
		{"base64", true, expr(func(s string) string { return "__import__('base64').b64decode('" + b64(s) + "').decode()" })},
		{"hex bytes", true, expr(func(s string) string { return "bytes.fromhex('" + hex.EncodeToString([]byte(s)) + "').decode()" })},
		{"bytes list", true, expr(func(s string) string { return "bytes([" + codes(s) + "]).decode()" })},
		{"reversed", true, expr(func(s string) string { return pyLit(reversed(s)) + "[::-1]" })},
		{"rot13", true, expr(func(s string) string { return "__import__('codecs').decode(" + pyLit(rot13(s)) + ", 'rot13')" })},
		{"variable", false, func(s string) (string, string) { return "cmd = " + pyLit(s) + "\n", "cmd" }},
	},
	"node": {
		{"plain", false, expr(jsLit)},
		{"concatenated", false, expr(func(s string) string { return concat(s, " + ", jsLit) })},
		{"hex escapes", true, expr(func(s string) string { return perChar(s, "'", hexEsc) })},
		{"\\u escapes", true, expr(func(s string) string { return perChar(s, "'", uEsc) })},
		{"\\u{} escapes", true, expr(func(s string) string { return perChar(s, "'", uBrace) })},
		{"fromCharCode", true, expr(func(s string) string { return "String.fromCharCode(" + codes(s) + ")" })},
		{"Buffer base64", true, expr(func(s string) string { return "Buffer.from('" + b64(s) + "', 'base64').toString()" })},
		{"Buffer hex", true, expr(func(s string) string {
			return "Buffer.from('" + hex.EncodeToString([]byte(s)) + "', 'hex').toString('utf8')"
		})},
		{"atob", true, expr(func(s string) string { return "atob('" + b64(s) + "')" })},
		{"template", false, expr(func(s string) string {
			body := strings.NewReplacer("\\", "\\\\", "`", "\\`", "${", "\\${").Replace(s)
			return "`" + body + "`"
		})},
		{"template parts", false, expr(func(s string) string {
			h := len(s) / 2
			return "`" + strings.NewReplacer("\\", "\\\\", "`", "\\`", "$", "\\$").Replace(s[:h]) + "${" + jsLit(s[h:]) + "}`"
		})},
		{"array join", true, expr(func(s string) string {
			return "[" + mapJoin(s, ",", func(c byte) string { return jsLit(string(c)) }) + "].join('')"
		})},
		{"split reverse join", true, expr(func(s string) string { return jsLit(reversed(s)) + ".split('').reverse().join('')" })},
		{"variable", false, func(s string) (string, string) { return "const cmd = " + jsLit(s) + ";\n", "cmd" }},
	},
	"perl": {
		{"plain", false, expr(plLit)},
		{"single quotes", false, expr(func(s string) string { return quoted(s, '\'', "") })},
		{"concatenated", false, expr(func(s string) string { return concat(s, " . ", plLit) })},
		{"hex escapes", true, expr(func(s string) string { return perChar(s, `"`, hexEsc) })},
		{"\\x{} escapes", true, expr(func(s string) string { return perChar(s, `"`, xBrace) })},
		{"octal escapes", true, expr(func(s string) string { return perChar(s, `"`, octEsc) })},
		{"\\N{U+} escapes", true, expr(func(s string) string {
			return perChar(s, `"`, func(c byte) string { return fmt.Sprintf(`\N{U+%X}`, c) })
		})},
		{"chr", true, expr(func(s string) string {
			return mapJoin(s, ".", func(c byte) string { return fmt.Sprintf("chr(%d)", c) })
		})},
		{"pack H*", true, expr(func(s string) string { return `pack("H*", "` + hex.EncodeToString([]byte(s)) + `")` })},
		{"pack C*", true, expr(func(s string) string { return `pack("C*", ` + codes(s) + `)` })},
		{"join", true, expr(func(s string) string {
			return `join("", ` + mapJoin(s, ", ", func(c byte) string { return plLit(string(c)) }) + `)`
		})},
		{"sprintf", false, expr(func(s string) string {
			parts := chunks(s, 3)
			lits := make([]string, len(parts))
			for i, p := range parts {
				lits[i] = plLit(p)
			}
			return `sprintf("` + strings.Repeat("%s", len(parts)) + `", ` + strings.Join(lits, ", ") + `)`
		})},
		{"scalar reverse", true, expr(func(s string) string { return "scalar reverse " + plLit(reversed(s)) })},
		{"variable", false, func(s string) (string, string) { return "my $cmd = " + plLit(s) + ";\n", "$cmd" }},
		{"interpolated variable", false, func(s string) (string, string) { return "my $cmd = " + plLit(s) + ";\n", `"$cmd"` }},
	},
	"ruby": {
		{"plain", false, expr(rbLit)},
		{"single quotes", false, expr(func(s string) string { return quoted(s, '\'', "") })},
		{"concatenated", false, expr(func(s string) string { return concat(s, " + ", rbLit) })},
		{"hex escapes", true, expr(func(s string) string { return perChar(s, `"`, hexEsc) })},
		{"octal escapes", true, expr(func(s string) string { return perChar(s, `"`, octEsc) })},
		{"\\u escapes", true, expr(func(s string) string { return perChar(s, `"`, uEsc) })},
		{"\\u{} escapes", true, expr(func(s string) string { return perChar(s, `"`, uBrace) })},
		{"Integer#chr", true, expr(func(s string) string {
			return mapJoin(s, " + ", func(c byte) string { return fmt.Sprintf("%d.chr", c) })
		})},
		{"pack", true, expr(func(s string) string { return "[" + codes(s) + `].pack("c*")` })},
		{"join", true, expr(func(s string) string {
			return "[" + mapJoin(s, ", ", func(c byte) string { return rbLit(string(c)) }) + "].join"
		})},
		{"interpolation", false, expr(func(s string) string {
			h := len(s) / 2
			first := rbLit(s[:h])
			return first[:len(first)-1] + "#{" + rbLit(s[h:]) + `}"`
		})},
		{"Base64", true, expr(func(s string) string { return `Base64.decode64("` + b64(s) + `")` })},
		{"reverse", true, expr(func(s string) string { return rbLit(reversed(s)) + ".reverse" })},
		{"variable", false, func(s string) (string, string) { return "cmd = " + rbLit(s) + "\n", "cmd" }},
	},
	"php": {
		{"plain", false, expr(phpLit)},
		{"single quotes", false, expr(func(s string) string { return quoted(s, '\'', "") })},
		{"concatenated", false, expr(func(s string) string { return concat(s, ".", phpLit) })},
		{"hex escapes", true, expr(func(s string) string { return perChar(s, `"`, hexEsc) })},
		{"octal escapes", true, expr(func(s string) string { return perChar(s, `"`, octEsc) })},
		{"\\u{} escapes", true, expr(func(s string) string { return perChar(s, `"`, uBrace) })},
		{"chr", true, expr(func(s string) string {
			return mapJoin(s, ".", func(c byte) string { return fmt.Sprintf("chr(%d)", c) })
		})},
		{"base64_decode", true, expr(func(s string) string { return `base64_decode("` + b64(s) + `")` })},
		{"hex2bin", true, expr(func(s string) string { return `hex2bin("` + hex.EncodeToString([]byte(s)) + `")` })},
		{"str_rot13", true, expr(func(s string) string { return "str_rot13(" + phpLit(rot13(s)) + ")" })},
		{"strrev", true, expr(func(s string) string { return "strrev(" + phpLit(reversed(s)) + ")" })},
		{"implode", true, expr(func(s string) string {
			return `implode("", [` + mapJoin(s, ", ", func(c byte) string { return phpLit(string(c)) }) + `])`
		})},
		{"sprintf", false, expr(func(s string) string { return `sprintf("%s", ` + phpLit(s) + `)` })},
		{"variable", false, func(s string) (string, string) { return "$cmd = " + phpLit(s) + ";\n", "$cmd" }},
	},
	"lua": {
		{"plain", false, expr(luaLit)},
		{"concatenated", false, expr(func(s string) string { return concat(s, " .. ", luaLit) })},
		{"hex escapes", true, expr(func(s string) string { return perChar(s, `"`, hexEsc) })},
		{"decimal escapes", true, expr(func(s string) string { return perChar(s, `"`, decEsc) })},
		{"\\u{} escapes", true, expr(func(s string) string { return perChar(s, `"`, uBrace) })},
		{"string.char", true, expr(func(s string) string { return "string.char(" + codes(s) + ")" })},
		{"reverse", true, expr(func(s string) string { return "(" + luaLit(reversed(s)) + "):reverse()" })},
		{"variable", false, func(s string) (string, string) { return "local cmd = " + luaLit(s) + "\n", "cmd" }},
	},
	"awk": {
		{"plain", false, expr(awkLit)},
		{"juxtaposed", false, expr(func(s string) string { return concat(s, " ", awkLit) })},
		{"octal escapes", true, expr(func(s string) string { return perChar(s, `"`, octEsc) })},
		{"hex escapes", true, expr(func(s string) string { return perChar(s, `"`, hexEsc) })},
		{"sprintf %c", true, expr(func(s string) string { return `sprintf("` + strings.Repeat("%c", len(s)) + `", ` + codes(s) + ")" })},
		{"variable", false, func(s string) (string, string) { return "cmd = " + awkLit(s) + "; ", "cmd" }},
	},
	"r": {
		{"plain", false, expr(rLit)},
		{"paste0", false, expr(func(s string) string {
			parts := chunks(s, 2)
			for i, p := range parts {
				parts[i] = rLit(p)
			}
			return "paste0(" + strings.Join(parts, ", ") + ")"
		})},
		{"hex escapes", true, expr(func(s string) string { return perChar(s, `"`, hexEsc) })},
		{"intToUtf8", true, expr(func(s string) string { return "intToUtf8(c(" + codes(s) + "))" })},
		{"variable", false, func(s string) (string, string) { return "cmd <- " + rLit(s) + "\n", "cmd" }},
	},
}

// execForms are how each language runs a command line given as an
// expression, and the command lines that hand it the code (%s: the code,
// quoted for the shell).
var execForms = map[string]struct {
	run    func(prelude, expr string) string
	spells []string
}{
	"python": {func(p, e string) string { return "import os\n" + p + "os.system(" + e + ")" },
		[]string{"python3 -c %s", "python -Ic %s", "python3 -Sc %s", "python3 -uc %s", "python3 -Bc %s", "python3 -W ignore -c %s", "python3 -X dev -c %s",
			"python3 -Wignore -E -s -c %s", "pypy3 -c %s", "python3 -I -c %s x y"}},
	"node": {func(p, e string) string { return p + "require('child_process').execSync(" + e + ")" },
		[]string{"node -e %s", "node --eval %s", "node -p %s", "node --print %s", "node -pe %s", "node --input-type=module -e %s", "node -r dotenv/config -e %s",
			"node --require dotenv/config --eval %s", "node --no-warnings -e %s", "nodejs -e %s", "bun -e %s", "bun --eval %s", "deno eval %s"}},
	"perl": {func(p, e string) string { return p + "system(" + e + ");" },
		[]string{"perl -e %s", "perl -E %s", "perl -wle %s", "perl -w -l -e %s", "perl -MFile::Path -e %s", "perl -Ilib -e %s", "perl -I lib -e %s",
			"perl -ne %s f", "perl -0777 -ne %s f", "perl -lane %s f", "perl -i.bak -pe %s f", "perl -s -e %s"}},
	"ruby": {func(p, e string) string { return p + "system(" + e + ")" },
		[]string{"ruby -e %s", "ruby -rfileutils -e %s", "ruby -r fileutils -e %s", "ruby -rbase64 -e %s", "ruby -ne %s f", "ruby -w -e %s", "ruby -Ilib -e %s",
			"ruby --disable=gems -e %s", "ruby -pe %s f"}},
	"php": {func(p, e string) string { return p + "system(" + e + ");" },
		[]string{"php -r %s", "php -n -r %s", "php -d display_errors=1 -r %s", "php -R %s"}},
	"lua": {func(p, e string) string { return p + "os.execute(" + e + ")" },
		[]string{"lua -e %s", "luajit -e %s", "lua -l socket -e %s", "lua -lsocket -e %s"}},
	"awk": {func(p, e string) string { return "BEGIN { " + p + "system(" + e + ") }" },
		[]string{"awk %s", "gawk %s", "mawk %s", "awk -F: %s /dev/null", "gawk -e %s"}},
	"r": {func(p, e string) string { return p + "system(" + e + ")" },
		[]string{"Rscript -e %s", "Rscript --vanilla -e %s"}},
}

// shq quotes s for the shell in single quotes.
func shq(s string) string { return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'" }
