package sql

import (
	"errors"
	"strings"
	"testing"
)

// TestAdversarialInputs feeds 1 MiB texts built to make a careless analyzer
// quadratic (clauses nested in clauses, floods of statements, comments,
// quotes and parentheses). Each must finish in well under the limit, which
// is generous for loaded machines: a quadratic pass takes minutes here.
func TestAdversarialInputs(t *testing.T) {
	if testing.Short() {
		t.Skip("1 MiB inputs")
	}
	fill := func(unit string) string { return strings.Repeat(unit, (MaxBytes-64)/len(unit)) }
	cases := map[string]string{
		"parens":          fill("("),
		"nested delete":   fill("DELETE FROM t WHERE x IN ("),
		"nested update":   fill("UPDATE t SET a = (SELECT b FROM u WHERE "),
		"nested alter":    fill("ALTER TABLE t ADD CHECK (CASE WHEN 1 THEN "),
		"nested grant":    fill("GRANT x ON t TO u; BEGIN GRANT ( "),
		"statements":      fill("DELETE FROM t; -- x\n"),
		"or tautologies":  "SELECT * FROM t WHERE " + fill("a = 1 OR 1=1 "),
		"or parens":       "SELECT * FROM t WHERE " + fill("a OR (((("),
		"where tautology": "DELETE FROM t WHERE " + fill("(1=1) AND "),
		"not parens":      "DELETE FROM t WHERE " + fill("NOT ("),
		"union comments":  fill("SELECT 1 UNION SELECT 2 -- \n"),
		"dollars":         fill("$a"),
		"dollar tags":     fill("$a$ "),
		"cases":           fill("CASE "),
		"begins":          fill("BEGIN x "),
		"brackets":        fill("[a"),
		"backslashes":     fill("\\"),
		"comment openers": fill("/*"),
		"hashes":          fill("#'\n"),
		"quotes":          fill("'a\\'"),
		"host words":      fill("xp_cmdshell_abc "),
		"drop list":       "DROP TABLE " + fill("a, "),
		"nested exec":     fill("EXEC('"),
		"delimiters":      fill("DELIMITER x\n"),
		"go":              fill("GO\n"),
		"meta":            fill("\\!x\n"),
		"stacked":         fill("SELECT 'a'; ") + "--",
		"gexec":           fill("SELECT 'DROP TABLE ' \\gexec\n"),
		"do bodies":       fill("DO $$ DO $x$ SELECT 1 $x$ $$; "),
	}
	for name, q := range cases {
		res := Analyze(q)
		if res.Err != nil && !errors.Is(res.Err, ErrTooComplex) {
			var se *SyntaxError
			if !errors.As(res.Err, &se) {
				t.Errorf("%s: unexpected error %v", name, res.Err)
			}
		}
		checkFuzzResult(t, q, res)
		if len(res.Findings) > len(registry)*maxPerRule {
			t.Errorf("%s: %d findings", name, len(res.Findings))
		}
	}
}

// TestTooComplex checks that running out of the work budget makes the
// result "cannot tell", never a quiet partial answer.
func TestTooComplex(t *testing.T) {
	q := strings.Repeat("UPDATE t SET a = (SELECT b FROM u WHERE ", 5000)
	if res := Analyze(q); !errors.Is(res.Err, ErrTooComplex) {
		t.Fatalf("Err = %v, want ErrTooComplex", res.Err)
	}
	if res := Analyze(strings.Repeat("UPDATE t SET a = 1 WHERE id = 2;\n", 5000)); res.Err != nil {
		t.Fatalf("many simple statements: Err = %v", res.Err)
	}
}
