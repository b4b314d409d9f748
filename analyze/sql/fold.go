package sql

import (
	"strconv"
	"strings"
	"unicode/utf8"
)

// Constant folding of SQLite string expressions. A SQLite script names the
// files it opens with expressions (ATTACH replace('/x','x','…') AS a,
// VACUUM INTO '…' || '…', ATTACH char(47, …)), not only literals: the shell
// analysis asks what such a name evaluates to when every part of it is a
// literal, and treats any other name (a column, a parameter with no value,
// a sub-query, a function not folded here) as unknown.

// Fold limits: an expression that needs more is not folded (unknown).
const (
	foldMaxDepth = 32
	foldMaxLen   = 4096
)

// Opened is a database file a SQLite script opens by SQL.
type Opened struct {
	Verb  string // "ATTACH" or "VACUUM INTO"
	Expr  string // the expression as written
	Name  string // its value, when Known
	Known bool   // every part of Expr is a literal (or a parameter with a known value)
}

// SQLiteOpens lists the files script opens with ATTACH and VACUUM INTO,
// each with the value of its name where it can be folded. params are the
// values of named parameters (sqlite3's .param set), keyed with their
// sigil (@p, :p, $p).
func SQLiteOpens(script string, params map[string]string) []Opened {
	lx := lex(script, readSQLite)
	var out []Opened
	toks := lx.toks
	for i := 0; i < len(toks); i++ {
		if toks[i].kind != kWord {
			continue
		}
		w := upperASCII(script[toks[i].start:toks[i].end])
		var verb string
		from := i + 1
		switch {
		case w == "ATTACH":
			verb = "ATTACH"
			if from < len(toks) && toks[from].kind == kWord && upperASCII(script[toks[from].start:toks[from].end]) == "DATABASE" {
				from++
			}
		case w == "INTO" && i > 0 && vacuumBefore(script, toks, i):
			verb = "VACUUM INTO"
		default:
			continue
		}
		end := exprEnd(script, toks, from)
		if end <= from {
			out = append(out, Opened{Verb: verb})
			continue
		}
		expr := script[toks[from].start:toks[end-1].end]
		v, ok := foldName(script, toks[from:end], params)
		out = append(out, Opened{Verb: verb, Expr: expr, Name: v, Known: ok})
		i = end - 1
	}
	return out
}

// foldName is the value of the database name toks of src. SQLite takes a
// name that is one identifier alone (ATTACH "x.db", ATTACH [x.db],
// ATTACH `x.db`, ATTACH x) as the string it spells, whatever the quotes:
// attach.c turns a lone TK_ID into a string before resolving names.
func foldName(src string, toks []token, params map[string]string) (string, bool) {
	if len(toks) == 1 && (toks[0].kind == kQuoted || toks[0].kind == kWord) {
		return unquoteIdent(src[toks[0].start:toks[0].end]), true
	}
	f := folder{src: src, toks: toks, params: params}
	v, ok := f.expr(0)
	if !ok || f.i != len(f.toks) {
		return "", false
	}
	return v, true
}

// vacuumBefore reports INTO that follows VACUUM (or VACUUM schema).
func vacuumBefore(src string, toks []token, i int) bool {
	for j := i - 1; j >= 0 && j >= i-2; j-- {
		if toks[j].kind == kSemi {
			return false
		}
		if toks[j].kind == kWord && upperASCII(src[toks[j].start:toks[j].end]) == "VACUUM" {
			return true
		}
	}
	return false
}

// exprEnd is the index after the expression starting at from: up to AS,
// KEY, a ';' or the end, outside parentheses.
func exprEnd(src string, toks []token, from int) int {
	depth := 0
	for j := from; j < len(toks); j++ {
		switch toks[j].kind {
		case kOpen:
			depth++
		case kClose:
			depth--
			if depth < 0 {
				return j
			}
		case kSemi, kSep, kMeta:
			return j
		case kWord:
			if depth == 0 {
				if w := upperASCII(src[toks[j].start:toks[j].end]); w == "AS" || w == "KEY" {
					return j
				}
			}
		}
	}
	return len(toks)
}

// FoldString evaluates a SQLite expression whose parts are all literals
// (strings, numbers, blobs, named parameters with a value in params),
// joined by || and the string functions replace, char, printf/format,
// lower, upper, trim/ltrim/rtrim, substr/substring, concat, concat_ws,
// unhex and cast(… AS TEXT), and "…" read as a string the way SQLite
// reads a double-quoted word that names no column. ok is false for
// anything else.
func FoldString(expr string, params map[string]string) (string, bool) {
	lx := lex(expr, readSQLite)
	if lx.err != nil || len(lx.toks) == 0 {
		return "", false
	}
	f := folder{src: expr, toks: lx.toks, params: params}
	v, ok := f.expr(0)
	return v, ok && f.i == len(f.toks)
}

// folder evaluates the tokens toks of src.
type folder struct {
	src    string
	toks   []token
	i      int
	params map[string]string
}

func (f *folder) text(i int) string { return f.src[f.toks[i].start:f.toks[i].end] }

func (f *folder) at(k kind, s string) bool {
	return f.i < len(f.toks) && f.toks[f.i].kind == k && (s == "" || f.text(f.i) == s)
}

// expr := term ('||' term)*
func (f *folder) expr(depth int) (string, bool) {
	if depth > foldMaxDepth {
		return "", false
	}
	v, ok := f.term(depth + 1)
	for ok && f.at(kOp, "||") {
		f.i++
		var w string
		w, ok = f.term(depth + 1)
		v += w
		if len(v) > foldMaxLen {
			return "", false
		}
	}
	return v, ok
}

// term is a literal, a parameter, a parenthesised expression or a call.
func (f *folder) term(depth int) (string, bool) {
	if f.i >= len(f.toks) || depth > foldMaxDepth {
		return "", false
	}
	t := f.toks[f.i]
	s := f.text(f.i)
	switch t.kind {
	case kString:
		f.i++
		return unquoteSQLString(s), true
	case kNumber:
		f.i++
		return s, true
	case kQuoted:
		// SQLite reads a "…" that names no column as a string (its
		// legacy double-quoted strings, on in the library's default
		// build): there is no column where a database name is folded.
		// [x] and `x` stay names of columns, unknown here.
		if s[0] != '"' {
			return "", false
		}
		f.i++
		return unquoteIdent(s), true
	case kParam:
		f.i++
		v, ok := f.params[s]
		return v, ok
	case kOpen:
		f.i++
		v, ok := f.expr(depth + 1)
		if !ok || !f.at(kClose, "") {
			return "", false
		}
		f.i++
		return v, true
	case kOp:
		if s == "+" || s == "-" { // a signed number
			f.i++
			v, ok := f.term(depth + 1)
			if !ok || !isNumber(v) {
				return "", false
			}
			if s == "-" {
				v = "-" + v
			}
			return v, true
		}
	case kWord:
		if (s == "x" || s == "X") && f.i+1 < len(f.toks) && f.toks[f.i+1].kind == kString && f.toks[f.i+1].start == t.end {
			f.i += 2
			return unhex(unquoteSQLString(f.text(f.i - 1)))
		}
		if f.i+1 < len(f.toks) && f.toks[f.i+1].kind == kOpen {
			return f.call(lowerASCII(s), depth)
		}
	}
	return "", false
}

// call evaluates name(args…) with the parser after name.
func (f *folder) call(name string, depth int) (string, bool) {
	f.i += 2 // name (
	if name == "cast" {
		v, ok := f.expr(depth + 1)
		if !ok || !f.at(kWord, "") || upperASCII(f.text(f.i)) != "AS" {
			return "", false
		}
		f.i++
		if !f.at(kWord, "") {
			return "", false
		}
		typ := upperASCII(f.text(f.i))
		f.i++
		if !f.at(kClose, "") || typ != "TEXT" && typ != "BLOB" && typ != "VARCHAR" {
			return "", false
		}
		f.i++
		return v, true
	}
	var args []string
	for !f.at(kClose, "") {
		if len(args) > 0 {
			if !f.at(kPunct, ",") {
				return "", false
			}
			f.i++
		}
		v, ok := f.expr(depth + 1)
		if !ok || len(args) >= 256 {
			return "", false
		}
		args = append(args, v)
	}
	f.i++
	v, ok := applyFunc(name, args)
	if len(v) > foldMaxLen {
		return "", false
	}
	return v, ok
}

// applyFunc computes one of the string functions folded here.
func applyFunc(name string, args []string) (string, bool) {
	n := len(args)
	switch {
	case name == "replace" && n == 3:
		if args[1] == "" {
			return args[0], true
		}
		if strings.Count(args[0], args[1])*len(args[2]) > foldMaxLen {
			return "", false
		}
		return strings.ReplaceAll(args[0], args[1], args[2]), true
	case name == "char":
		return charOf(args)
	case (name == "printf" || name == "format") && n >= 1:
		return sqlPrintf(args[0], args[1:])
	case name == "lower" && n == 1:
		return strings.ToLower(args[0]), true
	case name == "upper" && n == 1:
		return strings.ToUpper(args[0]), true
	case (name == "trim" || name == "ltrim" || name == "rtrim") && (n == 1 || n == 2):
		cut := " "
		if n == 2 {
			cut = args[1]
		}
		switch name {
		case "ltrim":
			return strings.TrimLeft(args[0], cut), true
		case "rtrim":
			return strings.TrimRight(args[0], cut), true
		}
		return strings.Trim(args[0], cut), true
	case (name == "substr" || name == "substring") && (n == 2 || n == 3):
		return substr(args)
	case name == "concat" && n >= 1:
		return strings.Join(args, ""), true
	case name == "concat_ws" && n >= 2:
		return strings.Join(args[1:], args[0]), true
	case name == "unhex" && n == 1:
		return unhex(args[0])
	case name == "coalesce" || name == "ifnull":
		if n >= 1 {
			return args[0], true // literals are never NULL here
		}
	}
	return "", false
}

// charOf is char(n, …): the characters with those code points.
func charOf(args []string) (string, bool) {
	var b strings.Builder
	for _, a := range args {
		n, err := strconv.Atoi(a)
		if err != nil || n < 0 || n > utf8.MaxRune {
			return "", false
		}
		b.WriteRune(rune(n))
	}
	return b.String(), true
}

// substr is SQLite's substr(s, start[, length]) over characters, start
// counted from 1 (negative: from the end).
func substr(args []string) (string, bool) {
	rs := []rune(args[0])
	start, err := strconv.Atoi(args[1])
	if err != nil {
		return "", false
	}
	length := len(rs) + 1
	if len(args) == 3 {
		if length, err = strconv.Atoi(args[2]); err != nil || length < 0 {
			return "", false
		}
	}
	switch {
	case start < 0:
		start = len(rs) + start
		if start < 0 {
			length += start
			start = 0
		}
	case start > 0:
		start--
	default:
		length-- // substr(s, 0, n) gives n-1 characters
	}
	if start > len(rs) || length <= 0 {
		return "", true
	}
	end := min(start+length, len(rs))
	return string(rs[start:end]), true
}

// sqlPrintf is SQLite's printf for the conversions a name is built with:
// %s %d %i %c %q %w %% (with flags and widths ignored only when absent).
func sqlPrintf(format string, args []string) (string, bool) {
	var b strings.Builder
	k := 0
	for i := 0; i < len(format); i++ {
		c := format[i]
		if c != '%' {
			b.WriteByte(c)
			continue
		}
		i++
		if i >= len(format) {
			return "", false
		}
		verb := format[i]
		if verb == '%' {
			b.WriteByte('%')
			continue
		}
		if k >= len(args) {
			return "", false
		}
		a := args[k]
		k++
		switch verb {
		case 's', 'z':
			b.WriteString(a)
		case 'd', 'i':
			if !isNumber(a) {
				return "", false
			}
			b.WriteString(a)
		case 'c':
			r, _ := utf8.DecodeRuneInString(a)
			b.WriteRune(r)
		case 'q', 'w':
			q := "'"
			if verb == 'w' {
				q = `"`
			}
			b.WriteString(strings.ReplaceAll(a, q, q+q))
		default:
			return "", false // widths, flags, floats: not folded
		}
		if b.Len() > foldMaxLen {
			return "", false
		}
	}
	return b.String(), true
}

// unhex decodes hexadecimal digits into the bytes they spell.
func unhex(h string) (string, bool) {
	if len(h)%2 != 0 {
		return "", false
	}
	b := make([]byte, 0, len(h)/2)
	for i := 0; i < len(h); i += 2 {
		hi, lo := hexVal(h[i]), hexVal(h[i+1])
		if hi < 0 || lo < 0 {
			return "", false
		}
		b = append(b, byte(hi<<4|lo))
	}
	return string(b), true
}

func hexVal(c byte) int {
	switch {
	case c >= '0' && c <= '9':
		return int(c - '0')
	case c >= 'a' && c <= 'f':
		return int(c-'a') + 10
	case c >= 'A' && c <= 'F':
		return int(c-'A') + 10
	}
	return -1
}

// unquoteSQLString is the content of a '…' literal (” is one quote).
func unquoteSQLString(s string) string {
	if len(s) < 2 {
		return ""
	}
	return strings.ReplaceAll(s[1:len(s)-1], "''", "'")
}

// unquoteIdent is the text of an identifier: "…" and `…` with their
// doubled quote as one, […] as it is, a bare word as written.
func unquoteIdent(s string) string {
	if len(s) < 2 {
		return s
	}
	switch s[0] {
	case '"', '`':
		q := s[:1]
		return strings.ReplaceAll(s[1:len(s)-1], q+q, q)
	case '[':
		return s[1 : len(s)-1]
	}
	return s
}

// isNumber reports an integer written in decimal, possibly signed.
func isNumber(s string) bool {
	s = strings.TrimPrefix(s, "-")
	if s == "" {
		return false
	}
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return true
}

// SQLiteWrites reports whether script holds a statement that changes a
// database (INSERT, UPDATE, DELETE, REPLACE, CREATE, DROP, ALTER, VACUUM
// INTO, REINDEX): its words, outside strings and names.
func SQLiteWrites(script string) bool {
	lx := lex(script, readSQLite)
	for _, t := range lx.toks {
		if t.kind != kWord {
			continue
		}
		switch upperASCII(script[t.start:t.end]) {
		case "INSERT", "UPDATE", "DELETE", "REPLACE", "CREATE", "DROP", "ALTER", "INTO", "REINDEX":
			return true
		}
	}
	return lx.err != nil // a script not read to its end may hold anything
}
