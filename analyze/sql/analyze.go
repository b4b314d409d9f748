package sql

import (
	"errors"
	"fmt"
	"strings"
	"unicode/utf8"

	"github.com/actionguard/actionguard/rule"
)

// MaxBytes is the longest text Analyze reads. Longer text gives a Result
// whose Err is ErrTooLarge.
const MaxBytes = 1 << 20

// maxNesting bounds how deep Analyze follows SQL inside SQL: DO bodies,
// function bodies, EXECUTE '…' strings.
const maxNesting = 3

// maxPerRule bounds how many findings one rule reports for one text.
const maxPerRule = 8

// ErrTooLarge is the Err of a Result for text longer than MaxBytes.
var ErrTooLarge = errors.New("sql: text longer than 1 MiB")

// ErrTooComplex is the Err of a Result for text whose statements nest so
// deeply in one another that analysing them would take too long.
var ErrTooComplex = errors.New("sql: statements nested too deeply to analyse")

// SyntaxError is the Err of a Result for text that ends inside a string, a
// quoted name or a comment: what follows cannot be told apart from data.
type SyntaxError struct {
	Offset int    // byte offset where the unterminated construct starts
	Msg    string // "unterminated string"
}

func (e *SyntaxError) Error() string {
	return fmt.Sprintf("sql: %s at byte %d", e.Msg, e.Offset)
}

// Result is what Analyze found in a text.
type Result struct {
	Statements []Statement
	Findings   []rule.Finding
	// Err is non-nil when the text could not be analysed (too large, an
	// unterminated string…). The caller treats that as "cannot tell",
	// never as safe; Statements and Findings then cover what could be read.
	Err error
}

// Statement is one statement of the text.
type Statement struct {
	Text       string // the statement's text, trimmed of blanks and of comments around it
	Start, End int    // byte offsets into the input: Text == input[Start:End]
	Verb       string // first keyword upper-cased: SELECT, DELETE, UPDATE, DROP, WITH…; \COPY for a client command
	// ReadOnly is true for SELECT, SHOW, EXPLAIN, DESCRIBE… with no
	// data-changing part (a WITH holding a DELETE is not read-only, nor is
	// SELECT … INTO OUTFILE) and nothing that gave a finding.
	ReadOnly bool
}

// Dialect tells Analyze how to read text whose meaning depends on the
// database. Generic reads the text every way that could apply and reports
// what any reading finds, which is what a guard wants when it does not know
// where the text will run.
type Dialect uint8

// Dialects.
const (
	Generic    Dialect = iota
	PostgreSQL         // '' escapes (\ only in E'…'), $$ bodies, nested /* */, # is an operator
	MySQL              // \ escapes, "…" strings, `names`, # comments, /*! … */ runs
	SQLite             // '' escapes, no $$ bodies, /* */ does not nest
	SQLServer          // '' escapes, [names], GO, nested /* */
)

func (d Dialect) reading() reading {
	switch d {
	case MySQL:
		return readMySQL
	case SQLite:
		return readSQLite
	case SQLServer:
		return readTSQL
	case PostgreSQL:
		return readPostgres
	}
	return readStandard
}

// Analyze splits query into statements and reports findings, reading it as
// Generic SQL. It never panics and reads at most MaxBytes. It is safe for
// concurrent use.
func Analyze(query string) *Result {
	return AnalyzeDialect(query, Generic)
}

// AnalyzeDialect is Analyze for text known to run on one database; the
// shell analyzer knows that "psql -c" means PostgreSQL.
func AnalyzeDialect(query string, d Dialect) *Result {
	if len(query) > MaxBytes {
		return &Result{Err: ErrTooLarge}
	}
	res := analyzeText(query, d, 0)
	res.Findings = tidy(res.Findings)
	return res
}

// Split cuts query into statements: at ';' outside parentheses and
// BEGIN…END blocks, never inside strings, quoted names, comments or $$
// bodies; at T-SQL GO lines, at a mysql DELIMITER, around psql backslash
// commands. Text over MaxBytes gives no statements.
func Split(query string) []Statement {
	return AnalyzeDialect(query, Generic).Statements
}

// SplitDialect is Split for text known to run on one database.
func SplitDialect(query string, d Dialect) []Statement {
	return AnalyzeDialect(query, d).Statements
}

// analyzeText reads src in the dialect's reading. Generic text holding one
// of the characters dialects disagree on (a backslash, '#', "/*!", "--x",
// nested comments) is read the MySQL way too: the findings of both readings are
// reported, so that "SELECT 'a\'; DROP TABLE t; --'" cannot hide a DROP
// from one database by looking like a string to another. A reading that
// fails (an unterminated string) is not evidence of anything and is dropped
// when the other one succeeds.
func analyzeText(src string, d Dialect, level int) *Result {
	a := read(src, d.reading(), d, level)
	if d != Generic || !a.lx.nested && !readsDifferently(src) {
		return a.res
	}
	b := read(src, readMySQL, d, level)
	switch {
	case a.res.Err == nil && b.res.Err != nil:
		return a.res
	case a.res.Err != nil && b.res.Err == nil:
		return b.res
	}
	// Statements and evidence come from the standard reading, unless it
	// split 'it\'s' the standard way: then the text is MySQL's.
	primary, other := a.res, b.res
	if a.lx.backslashQuote && b.res.Err == nil {
		primary, other = b.res, a.res
	}
	seen := make(map[string]bool, len(primary.Findings))
	for _, f := range primary.Findings {
		seen[f.Rule] = true
	}
	added := false
	for _, f := range other.Findings {
		if !seen[f.Rule] {
			primary.Findings = append(primary.Findings, f)
			added = true
		}
	}
	if added {
		// The statements are one reading's, which missed what the other
		// found: none of them can be vouched for.
		for i := range primary.Statements {
			primary.Statements[i].ReadOnly = false
		}
	}
	return primary
}

// readsDifferently reports whether src holds a character MySQL reads
// differently from the standard: a backslash, '#', "/*!", or "--" not
// followed by a blank (MySQL reads "1--1" as arithmetic).
func readsDifferently(src string) bool {
	if strings.ContainsAny(src, "#\\") || strings.Contains(src, "/*!") {
		return true
	}
	for s := src; ; {
		i := strings.Index(s, "--")
		if i < 0 {
			return false
		}
		if i+2 < len(s) && s[i+2] > ' ' {
			return true
		}
		s = s[i+2:]
	}
}

// analysis is one reading of one text.
type analysis struct {
	src   string
	r     reading
	d     Dialect
	level int // how deep in SQL-inside-SQL this text is
	lx    *lexed
	toks  []token
	res   *Result
	// work counts the tokens that rules visit inside clauses, beyond the
	// single pass over the text; past budget the text is too complex to
	// analyse (clauses nested in clauses, each looking through the rest).
	work, budget int
	perRule      map[string]int // findings added per rule once there are many, to stop collecting repeats
	clauseBuf    []clause       // reused by clauses, one statement at a time
	openBuf      []int
}

// maxScan bounds how far a rule looks through one clause, in tokens.
const maxScan = 1024

// scanEnd returns where a scan from token from towards to stops: at most
// maxScan tokens on, and at from once the work budget is spent.
func (a *analysis) scanEnd(from, to int) int {
	to = min(to, from+maxScan, len(a.toks))
	if to <= from {
		return from
	}
	a.work += to - from
	if a.work > a.budget {
		return from
	}
	return to
}

func read(src string, r reading, d Dialect, level int) *analysis {
	lx := lex(src, r)
	a := &analysis{src: src, r: r, d: d, level: level, lx: lx, toks: lx.toks, res: &Result{Err: lx.err},
		budget: 64*len(lx.toks) + 1<<16}
	spans := split(a.toks)
	a.res.Statements = make([]Statement, 0, len(spans))
	for k, sp := range spans {
		a.res.Statements = append(a.res.Statements, a.statement(sp))
		if k > 0 && a.res.Statements[k].Verb == `\GEXEC` && a.toks[spans[k-1].first].kind != kMeta {
			a.gexec(spans[k-1])
		}
	}
	a.injectionAcross(spans)
	if a.work > a.budget && a.res.Err == nil {
		a.res.Err = ErrTooComplex
	}
	if a.res.Err != nil && len(a.res.Statements) > 0 {
		// The statement the error cuts goes on in text that could not be read.
		a.res.Statements[len(a.res.Statements)-1].ReadOnly = false
	}
	return a
}

// statement analyses the statement toks[sp.first:sp.end].
func (a *analysis) statement(sp span) Statement {
	first, end := sp.first, sp.end
	st := Statement{Start: a.toks[first].start, End: a.toks[end-1].end}
	st.Text = a.src[st.Start:st.End]
	before := len(a.res.Findings)
	if a.toks[first].kind == kMeta {
		st.Verb, _ = metaVerb(a.text(first))
		a.checkMeta(first)
		return st
	}
	verbAt := first
	for verbAt < end && a.toks[verbAt].kind != kWord {
		verbAt++
	}
	if verbAt < end {
		st.Verb = a.toks[verbAt].kw()
		if st.Verb == "" {
			st.Verb = upperASCII(a.text(verbAt))
		}
	}
	readOnly := readVerbs.has(st.Verb) && !(st.Verb == "PRAGMA" && a.pragmaSets(verbAt, end))
	if (st.Verb == "EXPLAIN" || st.Verb == "DESCRIBE" || st.Verb == "DESC") && !a.analyzes(verbAt, end) {
		// EXPLAIN DELETE … plans the DELETE without running it.
		st.ReadOnly = true
		return st
	}
	cs := a.clauses(first, end)
	for i := range cs {
		c := &cs[i]
		if !readVerbs.has(c.verb) {
			readOnly = false
		}
		a.checkClause(c)
	}
	if a.scanStatement(first, end) {
		readOnly = false
	}
	a.injectionIn(first, end)
	st.ReadOnly = readOnly && len(a.res.Findings) == before
	return st
}

// analyzes reports whether an EXPLAIN runs the statement it explains
// (EXPLAIN ANALYZE, EXPLAIN (ANALYZE) …).
func (a *analysis) analyzes(from, end int) bool {
	for i := from + 1; i < end && i < from+12; i++ {
		if k := a.toks[i].kw(); k == "ANALYZE" || k == "ANALYSE" {
			return true
		}
	}
	return false
}

// gexec analyses the statement before psql's \gexec, whose result cells
// run as SQL: the string literals it assembles them from ('DROP TABLE ' ||
// tablename) are analysed as the SQL they start.
func (a *analysis) gexec(sp span) {
	for i, end := sp.first, a.scanEnd(sp.first, sp.end); i < end; i++ {
		if s, ok := a.stringValue(i); ok {
			a.nested(s)
		}
	}
}

// pragmaSets reports whether a SQLite PRAGMA sets a value (PRAGMA x = y).
func (a *analysis) pragmaSets(from, end int) bool {
	for i := from; i < end; i++ {
		if a.comparisonOp(i) == "=" {
			return true
		}
	}
	return false
}

// nested analyses SQL found inside the text (a DO body, EXECUTE '…') and
// reports its findings as this text's.
func (a *analysis) nested(body string) {
	if a.level >= maxNesting || strings.TrimSpace(body) == "" {
		return
	}
	r := analyzeText(body, a.d, a.level+1)
	a.res.Findings = append(a.res.Findings, r.Findings...)
}

// add reports a finding. Past 4×maxPerRule findings of one rule the rest
// are repeats that tidy would drop anyway.
func (a *analysis) add(f rule.Finding) {
	const limit = 4 * maxPerRule
	if len(a.res.Findings) >= limit {
		if a.perRule == nil {
			a.perRule = make(map[string]int)
			for _, g := range a.res.Findings {
				a.perRule[g.Rule]++
			}
		}
		if a.perRule[f.Rule] >= limit {
			return
		}
		a.perRule[f.Rule]++
	}
	a.res.Findings = append(a.res.Findings, f)
}

// tidy drops repeated findings (same rule, same evidence) and keeps at most
// maxPerRule findings of one rule.
func tidy(fs []rule.Finding) []rule.Finding {
	if len(fs) < 2 {
		return fs
	}
	type key struct{ rule, ev string }
	seen := make(map[key]bool, len(fs))
	count := make(map[string]int)
	out := fs[:0]
	for _, f := range fs {
		k := key{f.Rule, f.Evidence}
		if seen[k] || count[f.Rule] >= maxPerRule {
			continue
		}
		seen[k] = true
		count[f.Rule]++
		out = append(out, f)
	}
	return out
}

// plainLine reports whether s is printable ASCII with single spaces: its
// own evidence.
func plainLine(s string) bool {
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c < ' ' || c >= 0x7f || c == ' ' && (i == 0 || s[i-1] == ' ') {
			return false
		}
	}
	return len(s) == 0 || s[len(s)-1] != ' '
}

// maxEvidence is the longest evidence a finding carries, in bytes.
const maxEvidence = 200

// evidence returns s on one line (runs of blanks become one space), cut to
// maxEvidence bytes on a character boundary with "…" when longer.
func evidence(s string) string {
	if len(s) <= maxEvidence && plainLine(s) {
		return s
	}
	var b strings.Builder
	b.Grow(min(len(s), maxEvidence+4))
	space := false
	for i := 0; i < len(s); {
		r, size := utf8.DecodeRuneInString(s[i:])
		i += size
		if r == ' ' || r == '\t' || r == '\n' || r == '\r' || r == '\f' || r == '\v' {
			space = true
			continue
		}
		gap := space && b.Len() > 0
		space = false
		need := size
		if gap {
			need++
		}
		if b.Len()+need > maxEvidence {
			b.WriteString("…")
			break
		}
		if gap {
			b.WriteByte(' ')
		}
		if r == utf8.RuneError && size == 1 {
			b.WriteByte('?')
			continue
		}
		b.WriteRune(r)
	}
	return b.String()
}
