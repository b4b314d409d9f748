package sql

import (
	"strings"
	"unicode/utf8"

	"github.com/actionguard/actionguard/analyze/sql/internal/sqllexer"
)

// kind is what a token is, for this package's purposes. go-sqllexer's finer
// types (COMMAND, KEYWORD, FUNCTION…) all become kWord: whether a word is a
// keyword depends on where it stands, which is the analyzer's business.
type kind uint8

const (
	kWord   kind = iota + 1 // a keyword or a bare identifier
	kQuoted                 // a quoted identifier: "x", `x`, [x]
	kString                 // a string literal: 'x'; "x" in the MySQL reading
	kDollar                 // a dollar-quoted body: $$x$$, $tag$x$tag$
	kNumber
	kParam // $1, ?, :x, @x, @@x
	kOp    // an operator
	kOpen  // (
	kClose // )
	kPunct // , . [ ] { }
	kSemi  // ;
	kSep   // a client-side separator: GO, a DELIMITER-defined delimiter, a DELIMITER line
	kMeta  // a client backslash command, to the end of its line: \copy, \!, \g
	kOther // anything else
)

// Token flags.
const (
	fNL   uint8 = 1 << iota // a line break precedes the token, or it starts the text
	fSoft                   // a ';' that does not end a statement (a DELIMITER is in force)
)

// token is a significant token: whitespace and comments are not tokens.
type token struct {
	start, end int
	kwi        uint16 // index+1 in keywordNames when the token is a known word, else 0
	kind       kind
	flags      uint8
}

// kw returns the upper-cased keyword the token is, or "".
func (t token) kw() string {
	return keywordNames[t.kwi]
}

// comment is a comment with the number of significant tokens before it.
type comment struct {
	start, end int
	after      int  // index of the first significant token after the comment
	line       bool // -- or #, not /* */
}

// reading is one way of reading the text. Dialects disagree on a few
// characters; Generic text is read the standard way and, when one of those
// characters occurs, the MySQL way too (see analyzeText).
type reading struct {
	mysql  bool // backslash escapes in strings, "…" strings, # comments, /*! … */ runs
	nest   bool // /* */ comments nest (PostgreSQL, SQL Server)
	dollar bool // $$ and $tag$ quote bodies (PostgreSQL)
	// hashLine makes '#' at the start of a line a comment: Generic text
	// reads "# note" as MySQL does (PostgreSQL's '#' operator never starts
	// a line in practice), and is read the MySQL way as well anyway.
	hashLine bool
}

var (
	readStandard = reading{nest: true, dollar: true, hashLine: true}
	readPostgres = reading{nest: true, dollar: true}
	readMySQL    = reading{mysql: true}
	readSQLite   = reading{}
	readTSQL     = reading{nest: true}
)

// lexed is the result of tokenizing one text in one reading.
type lexed struct {
	toks     []token
	comments []comment
	err      error // a *SyntaxError: the text ends inside a string, comment or quoted name
	nested   bool  // a /* */ comment held another /*: readings disagree
	// backslashQuote: a standard string ends in \' ('it\'s' read as 'it\'
	// then s…), which is how MySQL text looks when read the standard way.
	backslashQuote bool
}

// tokenizer drives go-sqllexer and handles, itself, what the lexer does not
// know or cannot be told per dialect: nested and MySQL comments, backtick and
// bracket names, dollar quoting, client commands (\copy, GO, DELIMITER).
// Whenever it handles a token itself it restarts the lexer after it.
type tokenizer struct {
	src    string
	r      reading
	out    *lexed
	lx     *sqllexer.Lexer
	lxAt   int // where lx's cursor stands in src; meaningful when lx != nil
	pos    int
	nl     bool
	delim  string // a DELIMITER in force ("" when ';' ends statements)
	exec   int    // MySQL: depth of /*! … */ comments whose content runs
	lastSt bool   // the last significant token ended a statement (or there is none)
}

func lex(src string, r reading) *lexed {
	out := &lexed{toks: make([]token, 0, 16+len(src)/5)}
	t := tokenizer{src: src, r: r, out: out, nl: true, lastSt: true}
	for t.pos < len(src) && out.err == nil {
		before := t.pos
		t.step()
		if t.pos <= before { // cannot happen; never loop forever on input
			t.pos, t.lx = before+1, nil
		}
	}
	return out
}

func (t *tokenizer) fail(at int, msg string) {
	t.out.err = &SyntaxError{Offset: at, Msg: msg}
}

func (t *tokenizer) emit(k kind, start, end int, flags uint8) {
	if t.nl {
		flags |= fNL
		t.nl = false
	}
	tok := token{start: start, end: end, kind: k, flags: flags}
	if k == kWord {
		tok.kwi = keywordID(t.src[start:end])
	}
	t.out.toks = append(t.out.toks, tok)
	t.lastSt = k == kSep || k == kMeta || (k == kSemi && flags&fSoft == 0)
}

func (t *tokenizer) addComment(start, end int, line bool) {
	t.out.comments = append(t.out.comments, comment{start: start, end: end, after: len(t.out.toks), line: line})
}

// own records a token the tokenizer scanned itself: the lexer restarts after it.
func (t *tokenizer) own(end int) {
	t.pos = end
	t.lx = nil
}

func (t *tokenizer) step() {
	s, p := t.src, t.pos
	if t.delim != "" && strings.HasPrefix(s[p:], t.delim) {
		// The client cuts at its delimiter whatever the SQL around it says.
		t.emit(kSep, p, p+len(t.delim), 0)
		t.own(p + len(t.delim))
		return
	}
	c := s[p]
	var next byte
	if p+1 < len(s) {
		next = s[p+1]
	}
	switch {
	case c == '/' && next == '*':
		t.blockComment(p)
		return
	case c == '*' && next == '/' && t.exec > 0:
		t.exec--
		t.own(p + 2)
		return
	case c == '-' && next == '-' && !t.dashComment(p):
		// MySQL: "1--1" is 1 - -1; only "-- " starts a comment.
		t.emit(kOp, p, p+1, 0)
		t.own(p + 1)
		return
	case c == '#' && (t.r.mysql || t.r.hashLine && t.lineStart(p)):
		t.lineComment(p)
		return
	case c == '`':
		t.quoted(p, '`')
		return
	case c == '"' && t.r.mysql:
		t.mysqlString(p)
		return
	case c == '[':
		if t.bracket(p) {
			return
		}
	case c == '$':
		t.dollar(p)
		return
	case c == '\\':
		t.meta(p)
		return
	}
	t.scan()
}

// newLexer starts go-sqllexer on s. In the standard reading a quote is
// escaped by doubling it and a backslash only in PostgreSQL's E'…'; in the
// MySQL reading (the lexer's default) a backslash escapes too.
func newLexer(s string, mysql bool) *sqllexer.Lexer {
	if mysql {
		return sqllexer.New(s)
	}
	return sqllexer.New(s, sqllexer.WithDBMS(sqllexer.DBMSPostgres))
}

// scan takes the next token from go-sqllexer.
func (t *tokenizer) scan() {
	s, p := t.src, t.pos
	if t.lx == nil || t.lxAt != p {
		t.lx = newLexer(s[p:], t.r.mysql)
		t.lxAt = p
	}
	tok := t.lx.Scan()
	n := len(tok.Value)
	if tok.Type == sqllexer.EOF || n == 0 || p+n > len(s) || s[p:p+n] != tok.Value {
		// The lexer stops at a NUL byte and never reshapes tokens in the
		// dialects used here; take one character as unknown and go on.
		_, size := utf8.DecodeRuneInString(s[p:])
		t.emit(kOther, p, p+size, 0)
		t.own(p + size)
		return
	}
	end := p + n
	var k kind
	switch tok.Type {
	case sqllexer.SPACE:
		if strings.IndexByte(tok.Value, '\n') >= 0 {
			t.nl = true
		}
		t.pos, t.lxAt = end, end
		return
	case sqllexer.COMMENT, sqllexer.MULTILINE_COMMENT:
		t.addComment(p, end, tok.Type == sqllexer.COMMENT)
		t.pos, t.lxAt = end, end
		return
	case sqllexer.STRING:
		k = kString
		escapes := t.r.mysql || t.escapeString(p)
		if !closes(tok.Value, escapes) {
			// go-sqllexer returns a string that met an escaped quote and then
			// ran to the end of the text (or a NUL) as complete, for the sake
			// of ESCAPE '\'. It never closes.
			t.fail(p, "unterminated string")
			return
		}
		if !escapes && endsInEscape(tok.Value) {
			t.out.backslashQuote = true
		}
	case sqllexer.INCOMPLETE_STRING:
		t.fail(p, "unterminated string")
		return
	case sqllexer.ERROR:
		t.fail(p, "unterminated quoted name or comment")
		return
	case sqllexer.QUOTED_IDENT:
		k = kQuoted
	case sqllexer.NUMBER:
		k = kNumber
	case sqllexer.OPERATOR, sqllexer.JSON_OP, sqllexer.WILDCARD:
		k = kOp
	case sqllexer.PUNCTUATION:
		switch s[p] {
		case '(':
			k = kOpen
		case ')':
			k = kClose
		case ';':
			k = kSemi
		default:
			k = kPunct
		}
	case sqllexer.POSITIONAL_PARAMETER, sqllexer.BIND_PARAMETER, sqllexer.SYSTEM_VARIABLE:
		k = kParam
	case sqllexer.UNKNOWN:
		if c := s[p]; c == '\f' || c == '\v' {
			t.pos, t.lxAt = end, end
			return
		}
		k = kOther
	case sqllexer.DOLLAR_QUOTED_FUNCTION, sqllexer.DOLLAR_QUOTED_STRING:
		k = kDollar // not reached: '$' is handled before the lexer sees it
	default: // identifiers, keywords, functions, booleans, NULL…
		k = kWord
	}
	if k == kWord || k == kOp || k == kNumber || k == kOther || k == kParam {
		// The lexer lets words and operators run into "/*", "--", a MySQL
		// "#" or a client delimiter ("END//", "=--"): cut the token there.
		if cut := t.cut(p+1, end); cut < end {
			end = cut
			t.lx = nil
		}
	}
	flags := uint8(0)
	if k == kSemi && t.delim != "" {
		flags = fSoft
	}
	if k == kWord && (t.nl || len(t.out.toks) == 0) && t.clientWord(p, end) {
		return
	}
	t.emit(k, p, end, flags)
	t.pos = end
	if t.lx != nil {
		t.lxAt = end
	}
}

// escapeString reports whether the standard-reading string at p is a
// PostgreSQL escape string, E'…', where a backslash escapes.
func (t *tokenizer) escapeString(p int) bool {
	if p == 0 || t.src[p-1] != 'E' && t.src[p-1] != 'e' {
		return false
	}
	return p == 1 || !isLetter(t.src[p-2]) && !(t.src[p-2] >= '0' && t.src[p-2] <= '9') && t.src[p-2] != '_'
}

// closes reports whether the string literal v, read as the database reads
// it, closes exactly at its last byte.
func closes(v string, backslash bool) bool {
	if len(v) < 2 {
		return false
	}
	q := v[0]
	for j := 1; j < len(v); j++ {
		switch c := v[j]; {
		case c == '\\' && backslash:
			j++
		case c == q:
			if j+1 < len(v) && v[j+1] == q {
				j++
				continue
			}
			return j == len(v)-1
		}
	}
	return false
}

// endsInEscape reports whether the string literal v ends with a quote that
// an odd run of backslashes precedes: 'a\' but not 'a\\'.
func endsInEscape(v string) bool {
	n := 0
	for j := len(v) - 2; j > 0 && v[j] == '\\'; j-- {
		n++
	}
	return n%2 == 1
}

// cut returns where, in [from, end), a comment or the client delimiter
// starts, or end.
func (t *tokenizer) cut(from, end int) int {
	s := t.src
	for j := from; j < end; j++ {
		switch s[j] {
		case '-':
			if j+1 < len(s) && s[j+1] == '-' && t.dashComment(j) {
				return j
			}
		case '/':
			if j+1 < len(s) && s[j+1] == '*' {
				return j
			}
		case '#':
			if t.r.mysql {
				return j
			}
		}
		if t.delim != "" && strings.HasPrefix(s[j:], t.delim) {
			return j
		}
	}
	return end
}

// dashComment reports whether the "--" at j starts a comment: always, but
// in MySQL only when a blank or a control character follows it.
func (t *tokenizer) dashComment(j int) bool {
	if !t.r.mysql {
		return true
	}
	return j+2 >= len(t.src) || t.src[j+2] <= ' '
}

// clientWord handles the client commands that are words at the start of a
// line: T-SQL's GO and the mysql client's DELIMITER. It reports whether the
// word was one.
func (t *tokenizer) clientWord(p, end int) bool {
	s := t.src
	switch {
	case end-p == 2 && strings.EqualFold(s[p:end], "GO"):
		j := end
		for j < len(s) && (s[j] == ' ' || s[j] == '\t') {
			j++
		}
		for j < len(s) && s[j] >= '0' && s[j] <= '9' {
			j++
		}
		for j < len(s) && (s[j] == ' ' || s[j] == '\t' || s[j] == '\r') {
			j++
		}
		if j < len(s) && s[j] != '\n' && !strings.HasPrefix(s[j:], "--") {
			return false
		}
		t.emit(kSep, p, j, 0)
		t.own(j)
		return true
	case end-p == 9 && t.lastSt && strings.EqualFold(s[p:end], "DELIMITER"):
		j := end
		for j < len(s) && (s[j] == ' ' || s[j] == '\t') {
			j++
		}
		k := j
		for k < len(s) && s[k] != ' ' && s[k] != '\t' && s[k] != '\n' && s[k] != '\r' {
			k++
		}
		if k == j || k-j > 16 {
			return false
		}
		t.delim = s[j:k]
		if t.delim == ";" {
			t.delim = ""
		}
		t.emit(kSep, p, k, 0)
		t.own(k)
		return true
	}
	return false
}

func (t *tokenizer) blockComment(p int) {
	s := t.src
	if t.r.mysql {
		// /*! … */ and /*M! … */ are MySQL's executable comments: their
		// content runs, so it is read as SQL.
		j := p + 2
		if j < len(s) && s[j] == 'M' && j+1 < len(s) && s[j+1] == '!' {
			j++
		}
		if j < len(s) && s[j] == '!' {
			j++
			for j < len(s) && s[j] >= '0' && s[j] <= '9' {
				j++
			}
			t.exec++
			t.own(j)
			return
		}
		e := strings.Index(s[p+2:], "*/")
		if e < 0 {
			t.fail(p, "unterminated comment")
			return
		}
		t.addComment(p, p+2+e+2, false)
		t.own(p + 2 + e + 2)
		return
	}
	depth, j := 0, p
	for j < len(s) {
		switch {
		case s[j] == '/' && j+1 < len(s) && s[j+1] == '*':
			depth++
			if depth > 1 {
				t.out.nested = true
			}
			j += 2
			if !t.r.nest {
				depth = 1
			}
			continue
		case s[j] == '*' && j+1 < len(s) && s[j+1] == '/':
			depth--
			j += 2
			if depth == 0 {
				t.addComment(p, j, false)
				t.own(j)
				return
			}
			continue
		}
		j++
	}
	t.fail(p, "unterminated comment")
}

// lineStart reports whether only blanks precede p on its line.
func (t *tokenizer) lineStart(p int) bool {
	for j := p - 1; j >= 0; j-- {
		switch t.src[j] {
		case ' ', '\t', '\r':
		case '\n':
			return true
		default:
			return false
		}
	}
	return true
}

func (t *tokenizer) lineComment(p int) {
	e := strings.IndexByte(t.src[p:], '\n')
	if e < 0 {
		e = len(t.src) - p
	}
	t.addComment(p, p+e, true)
	t.own(p + e)
}

// quoted scans a name quoted with q, where a doubled q stands for itself.
func (t *tokenizer) quoted(p int, q byte) {
	s := t.src
	j := p + 1
	for {
		k := strings.IndexByte(s[j:], q)
		if k < 0 {
			t.fail(p, "unterminated quoted name")
			return
		}
		j += k + 1
		if j < len(s) && s[j] == q {
			j++
			continue
		}
		break
	}
	t.emit(kQuoted, p, j, 0)
	t.own(j)
}

// mysqlString scans a MySQL "…" string: a backslash escapes, "" is a quote.
func (t *tokenizer) mysqlString(p int) {
	s := t.src
	for j := p + 1; j < len(s); j++ {
		switch s[j] {
		case '\\':
			j++
		case '"':
			if j+1 < len(s) && s[j+1] == '"' {
				j++
				continue
			}
			t.emit(kString, p, j+1, 0)
			t.own(j + 1)
			return
		}
	}
	t.fail(p, "unterminated string")
}

// bracket scans a SQL Server [name] when the bracket closes on the same
// line with no quote inside; otherwise '[' is punctuation (an array
// subscript in PostgreSQL) and the lexer takes it.
func (t *tokenizer) bracket(p int) bool {
	s := t.src
	for j := p + 1; j < len(s); j++ {
		switch s[j] {
		case ']':
			if j+1 < len(s) && s[j+1] == ']' {
				j++
				continue
			}
			t.emit(kQuoted, p, j+1, 0)
			t.own(j + 1)
			return true
		case '\n', '\'', '"', '[':
			return false
		}
	}
	return false
}

func (t *tokenizer) dollar(p int) {
	s := t.src
	if t.r.dollar {
		if tag := dollarTag(s[p:]); tag != "" {
			e := strings.Index(s[p+len(tag):], tag)
			if e < 0 {
				t.fail(p, "unterminated dollar-quoted string")
				return
			}
			end := p + len(tag) + e + len(tag)
			t.emit(kDollar, p, end, 0)
			t.own(end)
			return
		}
	}
	j := p + 1
	for j < len(s) && s[j] >= '0' && s[j] <= '9' {
		j++
	}
	if j > p+1 {
		t.emit(kParam, p, j, 0)
	} else {
		t.emit(kOther, p, j, 0)
	}
	t.own(j)
}

// dollarTag returns the opening tag of a dollar-quoted string at the start
// of s ("$$", "$body$"), or "".
func dollarTag(s string) string {
	if len(s) < 2 || s[0] != '$' {
		return ""
	}
	for j := 1; j < len(s); j++ {
		c := s[j]
		switch {
		case c == '$':
			return s[:j+1]
		case c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= 0x80:
		case c >= '0' && c <= '9' && j > 1:
		default:
			return ""
		}
	}
	return ""
}

// meta scans a client backslash command (psql's \copy, \!, \g…, the mysql
// client's \G): it runs to the end of the line and ends the statement
// before it.
func (t *tokenizer) meta(p int) {
	s := t.src
	e := strings.IndexByte(s[p:], '\n')
	if e < 0 {
		e = len(s) - p
	}
	end := p + e
	for end > p+1 && (s[end-1] == '\r' || s[end-1] == ' ' || s[end-1] == '\t') {
		end--
	}
	t.emit(kMeta, p, end, 0)
	t.own(p + e)
}
