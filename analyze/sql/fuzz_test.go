package sql

import (
	"slices"
	"strings"
	"testing"
	"unicode/utf8"
)

// fuzzSeeds adds every rule example to a fuzz target's corpus, besides the
// files committed under testdata/fuzz.
func fuzzSeeds(f *testing.F) {
	for _, r := range registry {
		for _, ex := range slices.Concat(r.Match, r.NoMatch) {
			f.Add(ex)
		}
	}
}

// FuzzAnalyze checks, for every dialect, that Analyze never panics, ends
// quickly, and returns statements in order, within bounds, matching the
// input; findings are registered rules with one-line evidence.
func FuzzAnalyze(f *testing.F) {
	fuzzSeeds(f)
	f.Fuzz(func(t *testing.T, q string) {
		for _, d := range []Dialect{Generic, PostgreSQL, MySQL, SQLite, SQLServer} {
			res := AnalyzeDialect(q, d)
			checkFuzzResult(t, q, res)
		}
		// Split is Analyze's statements, and Analyze is deterministic.
		if !slices.Equal(Split(q), Analyze(q).Statements) {
			t.Fatal("Split differs from Analyze's statements")
		}
		// Nothing in text that reads to the end can hide a DROP that
		// follows it after a separator. (EXPLAIN, left open, explains it;
		// a DELIMITER can make DROP the separator itself.)
		upper := strings.ToUpper(q)
		if len(q) > MaxBytes/2 || strings.Contains(upper, "EXPLAIN") || strings.Contains(upper, "DESC") || strings.Contains(upper, "DELIMITER") {
			return
		}
		for _, d := range []Dialect{Generic, PostgreSQL, MySQL, SQLite, SQLServer} {
			if AnalyzeDialect(q, d).Err != nil {
				continue
			}
			res := AnalyzeDialect(q+"\n;\nDROP TABLE zz_fuzz;", d)
			if res.Err == nil && !hasRule(res, "sql.drop.table") {
				t.Fatalf("dialect %d: %q hides a DROP TABLE that follows it", d, q)
			}
		}
	})
}

// FuzzSplit checks Split on text made of statements joined by separators
// and wrapped in the constructs that hide separators: the joined text
// always splits at least into the statements whose separators are real.
func FuzzSplit(f *testing.F) {
	f.Add("SELECT 1", "DELETE FROM t", byte(0))
	f.Add("SELECT 'a;b'", "DROP TABLE x", byte(1))
	f.Add("CREATE PROCEDURE p() BEGIN SELECT 1; END", "SELECT $$;$$", byte(2))
	f.Add("SELECT \"x", "y\"", byte(3))
	f.Fuzz(func(t *testing.T, a, b string, sep byte) {
		seps := []string{";", ";\n", "\nGO\n", ";\n-- c\n", "; /* ; */ "}
		q := a + seps[int(sep)%len(seps)] + b
		for _, d := range []Dialect{Generic, PostgreSQL, MySQL, SQLite, SQLServer} {
			res := AnalyzeDialect(q, d)
			checkFuzzResult(t, q, res)
		}
	})
}

// FuzzApexHasDML checks that ApexHasDML never panics, and that code with a
// DML statement appended after a complete statement is always DML.
func FuzzApexHasDML(f *testing.F) {
	f.Add("insert acc;")
	f.Add("List<Account> a = [SELECT Id FROM Account FOR UPDATE];")
	f.Add("System.debug('delete'); // update\n/* merge */")
	f.Add("Database.update(accs, false);")
	f.Fuzz(func(t *testing.T, code string) {
		ApexHasDML(code)
		if strings.ContainsAny(code, "'[/*\\") {
			return // an open string, query or comment may swallow what follows
		}
		if !ApexHasDML(code + ";\nupdate accs;") {
			t.Fatalf("%q followed by an update is not DML", code)
		}
	})
}

func checkFuzzResult(t *testing.T, q string, res *Result) {
	t.Helper()
	if res == nil {
		t.Fatal("nil result")
	}
	end := 0
	for _, s := range res.Statements {
		if s.Start < end || s.End <= s.Start || s.End > len(q) || q[s.Start:s.End] != s.Text {
			t.Fatalf("statement [%d:%d] %q out of order, bounds or text (previous ended at %d)", s.Start, s.End, s.Text, end)
		}
		end = s.End
	}
	for _, f := range res.Findings {
		if f.Rule == "" || f.Message == "" || len(f.Evidence) > maxEvidence+len("…") ||
			strings.ContainsAny(f.Evidence, "\r\n") || !utf8.ValidString(f.Evidence) {
			t.Fatalf("bad finding %+v", f)
		}
	}
}
