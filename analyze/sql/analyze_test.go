package sql

import (
	"errors"
	"slices"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/actionguard/actionguard/internal/corpus"
	"github.com/google/go-cmp/cmp"
)

var dialects = map[string]Dialect{
	"":           Generic,
	"postgresql": PostgreSQL,
	"mysql":      MySQL,
	"sqlite":     SQLite,
	"sqlserver":  SQLServer,
}

type analyzeCase struct {
	Note    string   `json:"note"`
	SQL     string   `json:"sql"`
	Dialect string   `json:"dialect"`
	Rules   []string `json:"rules"`
	Err     bool     `json:"err"`
}

// TestAnalyzeCases runs testdata/analyze.jsonl: each text must give exactly
// the listed rule ids.
func TestAnalyzeCases(t *testing.T) {
	for _, c := range corpus.JSONL[analyzeCase](t, "testdata/analyze.jsonl") {
		d, ok := dialects[c.Dialect]
		if !ok {
			t.Fatalf("%q: unknown dialect %q", c.SQL, c.Dialect)
		}
		res := AnalyzeDialect(c.SQL, d)
		got := []string{}
		for _, f := range res.Findings {
			got = append(got, f.Rule)
		}
		slices.Sort(got)
		got = slices.Compact(got)
		want := c.Rules
		if want == nil {
			want = []string{}
		}
		if diff := cmp.Diff(want, got); diff != "" {
			t.Errorf("%s\n%q (%s): rules (-want +got):\n%s", c.Note, c.SQL, c.Dialect, diff)
		}
		if (res.Err != nil) != c.Err {
			t.Errorf("%s\n%q: err = %v, want error: %v", c.Note, c.SQL, res.Err, c.Err)
		}
		checkResult(t, c.SQL, res)
	}
}

// checkResult checks what holds for every Result.
func checkResult(t *testing.T, q string, res *Result) {
	t.Helper()
	end := 0
	for _, s := range res.Statements {
		if s.Start < end || s.End <= s.Start || s.End > len(q) {
			t.Fatalf("%q: statement [%d:%d] out of order or bounds (previous ended at %d)", q, s.Start, s.End, end)
		}
		if q[s.Start:s.End] != s.Text {
			t.Fatalf("%q: statement [%d:%d] text %q != input %q", q, s.Start, s.End, s.Text, q[s.Start:s.End])
		}
		if s.Text != strings.TrimSpace(s.Text) {
			t.Fatalf("%q: statement %q not trimmed", q, s.Text)
		}
		end = s.End
	}
	ids := make(map[string]bool)
	for _, r := range registry {
		ids[r.ID] = true
	}
	for _, f := range res.Findings {
		if !ids[f.Rule] {
			t.Fatalf("%q: finding of unregistered rule %q", q, f.Rule)
		}
		if f.Message == "" || f.Category == "" {
			t.Fatalf("%q: finding %s without message or category", q, f.Rule)
		}
		if len(f.Evidence) > maxEvidence+len("…") || strings.ContainsAny(f.Evidence, "\n\r") || !utf8.ValidString(f.Evidence) {
			t.Fatalf("%q: bad evidence %q", q, f.Evidence)
		}
		for _, tg := range f.Targets {
			if tg == "" {
				t.Fatalf("%q: finding %s with an empty target", q, f.Rule)
			}
		}
	}
}

type splitCase struct {
	Note       string   `json:"note"`
	SQL        string   `json:"sql"`
	Dialect    string   `json:"dialect"`
	Statements []string `json:"statements"`
	Verbs      []string `json:"verbs"`
	ReadOnly   []bool   `json:"readonly"`
}

// TestSplitCases runs testdata/split.jsonl: each text must split into
// exactly the listed statements (and verbs and read-only flags when given).
func TestSplitCases(t *testing.T) {
	for _, c := range corpus.JSONL[splitCase](t, "testdata/split.jsonl") {
		d, ok := dialects[c.Dialect]
		if !ok {
			t.Fatalf("%q: unknown dialect %q", c.SQL, c.Dialect)
		}
		stmts := SplitDialect(c.SQL, d)
		var texts, verbs []string
		var ro []bool
		for _, s := range stmts {
			texts = append(texts, s.Text)
			verbs = append(verbs, s.Verb)
			ro = append(ro, s.ReadOnly)
		}
		if diff := cmp.Diff(c.Statements, texts); diff != "" {
			t.Errorf("%s\n%q: statements (-want +got):\n%s", c.Note, c.SQL, diff)
		}
		if c.Verbs != nil {
			if diff := cmp.Diff(c.Verbs, verbs); diff != "" {
				t.Errorf("%s\n%q: verbs (-want +got):\n%s", c.Note, c.SQL, diff)
			}
		}
		if c.ReadOnly != nil {
			if diff := cmp.Diff(c.ReadOnly, ro); diff != "" {
				t.Errorf("%s\n%q: read-only (-want +got):\n%s", c.Note, c.SQL, diff)
			}
		}
		checkResult(t, c.SQL, &Result{Statements: stmts})
	}
}

func TestTooLarge(t *testing.T) {
	q := strings.Repeat("SELECT 1;", MaxBytes/9+1)
	res := Analyze(q)
	if !errors.Is(res.Err, ErrTooLarge) || len(res.Statements) != 0 {
		t.Fatalf("Err = %v with %d statements, want ErrTooLarge", res.Err, len(res.Statements))
	}
	if got := Split(q); got != nil {
		t.Fatalf("Split of too large text = %d statements", len(got))
	}
	if !ApexHasDML(strings.Repeat("x", MaxBytes+1)) {
		t.Fatal("ApexHasDML of too large code is false")
	}
}

func TestSyntaxError(t *testing.T) {
	res := Analyze("SELECT 1; SELECT 'abc")
	var se *SyntaxError
	if !errors.As(res.Err, &se) || se.Offset != 17 {
		t.Fatalf("Err = %v, want a SyntaxError at byte 17", res.Err)
	}
	// The statements read before the error are there; the one the error
	// cuts is never read-only, since what follows cannot be told.
	if len(res.Statements) != 2 || res.Statements[0].Text != "SELECT 1" || !res.Statements[0].ReadOnly || res.Statements[1].ReadOnly {
		t.Fatalf("statements before the error: %+v", res.Statements)
	}
}

// TestFinding checks one finding in full: what a user reads.
func TestFinding(t *testing.T) {
	res := Analyze("DELETE FROM orders;")
	if len(res.Findings) != 1 {
		t.Fatalf("findings: %+v", res.Findings)
	}
	f := res.Findings[0]
	want := "Deletes every row of table orders: the DELETE has no WHERE clause."
	if f.Message != want || f.Evidence != "DELETE FROM orders" || !slices.Equal(f.Targets, []string{"orders"}) || !f.AlwaysReview {
		t.Fatalf("finding = %+v", f)
	}
	if !strings.Contains(f.Alternative, "pg_dump -t orders") || !strings.Contains(f.Alternative, "WHERE") {
		t.Fatalf("alternative = %q", f.Alternative)
	}
}

func TestEvidence(t *testing.T) {
	for in, want := range map[string]string{
		"DELETE FROM t":           "DELETE FROM t",
		"DELETE\n  FROM\tt  ":     "DELETE FROM t",
		strings.Repeat("é", 150):  strings.Repeat("é", 100) + "…",
		"a\xffb":                  "a?b",
		strings.Repeat("x ", 150): strings.Repeat("x ", 100)[:199] + "…",
	} {
		if got := evidence(in); got != want {
			t.Errorf("evidence(%q) = %q, want %q", in, got, want)
		}
	}
}

// TestConcurrent runs Analyze from several goroutines (go test -race).
func TestConcurrent(t *testing.T) {
	qs := []string{benchSelect, benchDelete, benchMigrate, benchMySQL, "DO $$ BEGIN EXECUTE 'DROP TABLE t'; END $$"}
	want := make([]int, len(qs))
	for i, q := range qs {
		want[i] = len(Analyze(q).Findings)
	}
	done := make(chan bool)
	for g := 0; g < 4; g++ {
		go func() {
			defer func() { done <- true }()
			for n := 0; n < 200; n++ {
				i := n % len(qs)
				if got := len(Analyze(qs[i]).Findings); got != want[i] {
					t.Errorf("%q: %d findings, want %d", qs[i], got, want[i])
					return
				}
			}
		}()
	}
	for g := 0; g < 4; g++ {
		<-done
	}
}
