package sql

import (
	"fmt"
	"sort"
	"strings"

	"github.com/actionguard/actionguard/rule"
)

// Rules about SQL injection: the shapes a query takes when a value spliced
// into it closes its quote and rewrites the rest. Each is seed 000's
// injection category, DANGEROUS whatever its points. What is not a
// signature: "WHERE 1=1 AND …" (query builders), a comment with words in
// it after a string, two statements in a script.

// orWindow bounds the tokens of the term after an OR that is evaluated.
const orWindow = 32

const injectionAlternative = "pass values as bind parameters ($1, ?, :name) instead of splicing them into the SQL text"

var (
	ruleInjectionTautology = &rule.Rule{
		ID: "sql.injection.tautology", Category: rule.Injection, AlwaysReview: true,
		Points:      injectionPoints,
		Summary:     "An OR condition that is always true (OR 1=1, OR 'a'='a'): the query matches every row.",
		Alternative: injectionAlternative,
		Match: []string{"SELECT * FROM users WHERE name = '' OR '1'='1'", "SELECT * FROM users WHERE id = 1 OR 1=1",
			"SELECT * FROM users WHERE name = '' OR ''=''", "SELECT * FROM users WHERE user = 'a' OR 'x'='x' AND pass = ''",
			"SELECT * FROM t WHERE id = 5 OR true", "UPDATE users SET role = 'admin' WHERE name = 'bob' OR 1=1",
			"SELECT * FROM users WHERE name = 'a' OR 1=1 -- '"},
		NoMatch: []string{"SELECT * FROM t WHERE 1=1 AND x = 5", "SELECT * FROM t WHERE a = 1 OR b = 2",
			"SELECT * FROM t WHERE (x IS NULL OR x = 1)", "SELECT 'OR 1=1'", "SELECT * FROM t WHERE a = 1 OR 1=0",
			"CREATE TRIGGER t AFTER INSERT OR UPDATE ON x FOR EACH ROW EXECUTE FUNCTION f()"},
	}
	ruleInjectionComment = &rule.Rule{
		ID: "sql.injection.comment", Category: rule.Injection, AlwaysReview: true,
		Points:      injectionPoints,
		Summary:     "A comment right after a closing quote cuts off the rest of the query (admin'--).",
		Alternative: injectionAlternative,
		Match: []string{"SELECT * FROM users WHERE name = 'admin'--' AND password = 'x'",
			"SELECT * FROM users WHERE name = 'admin'#' AND password = 'x'", "SELECT * FROM users WHERE name = 'admin'--"},
		NoMatch: []string{"SELECT * FROM users WHERE name = 'admin' -- the admin account",
			"SELECT * FROM t WHERE a = 'x' -- it's the default", "SELECT 1 -- '"},
	}
	ruleInjectionUnion = &rule.Rule{
		ID: "sql.injection.union", Category: rule.Injection, AlwaysReview: true,
		Points:      injectionPoints,
		Summary:     "A UNION SELECT followed by a comment that cuts off the rest of the query: other tables' rows are read out.",
		Alternative: injectionAlternative,
		Match: []string{"SELECT name FROM products WHERE id = 1 UNION SELECT username, password FROM users--",
			"SELECT a FROM t WHERE b = '' UNION ALL SELECT NULL, NULL-- -",
			"SELECT a FROM t WHERE id = '1' UNION SELECT table_name FROM information_schema.tables#"},
		NoMatch: []string{"SELECT a FROM t UNION SELECT b FROM u", "SELECT a FROM t UNION SELECT b FROM u -- merge both lists"},
	}
	ruleInjectionStacked = &rule.Rule{
		ID: "sql.injection.stacked", Category: rule.Injection, AlwaysReview: true,
		Points:      injectionPoints,
		Summary:     "A second statement chained after a closing quote, with the rest of the query commented out ('; DROP TABLE users; --).",
		Alternative: injectionAlternative,
		Match: []string{"SELECT * FROM users WHERE name = 'x'; DROP TABLE users; --'",
			"SELECT * FROM items WHERE id = 1; DELETE FROM items--"},
		NoMatch: []string{"SELECT * FROM users WHERE name = 'x'; DROP TABLE users;",
			"INSERT INTO t VALUES ('a'); INSERT INTO t VALUES ('b');"},
	}
)

// injectionIn looks for the signatures inside the statement toks[first:end].
func (a *analysis) injectionIn(first, end int) {
	cond, tautology, union := false, false, -1
	for i := first; i < end; i++ {
		switch a.toks[i].kw() {
		case "WHERE", "HAVING", "ON", "WHEN":
			cond = true
		case "OR":
			if !cond || tautology {
				continue
			}
			// The term after OR is short ("1=1", "(1=1)"): evaluate it within
			// a small window, through one level of parentheses.
			if next, t, ok := a.truthAt(i+1, min(end, i+1+orWindow), maxParens-1); ok && t && a.endsTerm(next, end) {
				tautology = true
				a.add(ruleInjectionTautology.Find(evidence(a.spanText(first, end)),
					fmt.Sprintf("The condition holds for every row: %q is always true, the signature of SQL injection.", short(a.spanText(i, next), 40))))
			}
		case "UNION":
			k := i + 1
			if a.kwAt(k) == "ALL" || a.kwAt(k) == "DISTINCT" {
				k++
			}
			if a.kwAt(k) == "SELECT" && union < 0 {
				union = i
			}
		}
	}
	if union < 0 {
		return
	}
	if c, ok := a.truncationIn(union+1, end); ok {
		a.add(ruleInjectionUnion.Find(evidence(a.src[a.toks[first].start:c.end]),
			"A UNION SELECT followed by a comment that cuts off the rest of the query: the signature of SQL injection reading other tables."))
	}
}

// injectionAcross looks for the signatures that span statements or sit in
// comments between them.
func (a *analysis) injectionAcross(spans []span) {
	for _, c := range a.lx.comments {
		if !c.line || c.after == 0 || a.toks[c.after-1].kind != kString {
			continue
		}
		p := a.toks[c.after-1]
		body := commentBody(a.src[c.start:c.end])
		remnant := oddQuotes(body) && strings.HasPrefix(strings.TrimLeft(body, " \t"), "'")
		cut := emptyish(body) && c.after == len(a.toks) && !strings.ContainsAny(a.src[p.end:c.start], "\r\n")
		if remnant || cut {
			start := a.toks[a.spanOf(spans, c.after-1).first].start
			a.add(ruleInjectionComment.Find(evidence(a.src[start:c.end]),
				"A comment right after a closing quote cuts off the rest of the query: the signature of SQL injection."))
			break
		}
	}
	n := len(a.lx.comments)
	if n == 0 || len(spans) < 2 {
		return
	}
	last := a.lx.comments[n-1]
	if last.after != len(a.toks) || !a.truncates(last) {
		return
	}
	for s := 1; s < len(spans); s++ {
		prev := spans[s-1]
		end := a.toks[prev.end-1]
		if (end.kind == kString || end.kind == kNumber) && prev.end < len(a.toks) && a.toks[prev.end].kind == kSemi {
			a.add(ruleInjectionStacked.Find(evidence(a.src[a.toks[prev.first].start:last.end]),
				fmt.Sprintf("A statement (%s) is chained after a closing value and the rest of the query is commented out: the signature of stacked-query injection.",
					short(a.spanText(spans[s].first, spans[s].end), 40))))
			return
		}
	}
}

// spanOf returns the statement holding token i.
func (a *analysis) spanOf(spans []span, i int) span {
	k := sort.Search(len(spans), func(k int) bool { return spans[k].end > i })
	if k < len(spans) && spans[k].first <= i {
		return spans[k]
	}
	return span{i, i + 1}
}

// truncationIn returns a comment that cuts off a query, placed after
// token from and before the end of the statement ending at end.
func (a *analysis) truncationIn(from, end int) (comment, bool) {
	cs := a.lx.comments
	k := sort.Search(len(cs), func(k int) bool { return cs[k].after > from })
	for ; k < len(cs) && cs[k].after <= end; k++ {
		if a.truncates(cs[k]) {
			return cs[k], true
		}
	}
	return comment{}, false
}

// truncates reports whether a comment looks like one that cuts off the
// rest of a query: a line comment holding the remnant of the query (an odd
// number of quotes, the first one leading), or an empty one ending the text.
func (a *analysis) truncates(c comment) bool {
	if !c.line {
		return false
	}
	body := commentBody(a.src[c.start:c.end])
	if oddQuotes(body) && strings.HasPrefix(strings.TrimLeft(body, " \t"), "'") {
		return true
	}
	return emptyish(body) && c.after == len(a.toks)
}

func commentBody(s string) string {
	switch {
	case strings.HasPrefix(s, "--"):
		return s[2:]
	case strings.HasPrefix(s, "#"):
		return s[1:]
	}
	return s
}

func oddQuotes(s string) bool {
	return strings.Count(s, "'")%2 == 1
}

// emptyish reports whether a comment body says nothing: "", " -", "+".
func emptyish(s string) bool {
	for i := 0; i < len(s); i++ {
		switch s[i] {
		case ' ', '\t', '\r', '-', '+', '#', ';':
		default:
			return false
		}
	}
	return true
}
