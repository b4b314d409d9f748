package feedback

import (
	"bufio"
	"os"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/actionguard/actionguard/guard"
	"github.com/actionguard/actionguard/rule"
	"github.com/google/go-cmp/cmp"
)

// testLookup knows the rule families of testdata/learn.txt.
func testLookup(id string) (rule.Category, bool) {
	switch {
	case strings.HasPrefix(id, "perm."):
		return rule.Permissions, true
	case strings.HasPrefix(id, "net."):
		return rule.Network, true
	case strings.HasPrefix(id, "kill."):
		return rule.MassDestruction, true
	}
	return "", false
}

type learnCase struct {
	name    string
	line    int
	entries []Entry
	want    map[string]int
	review  map[string]bool
}

// readLearnCases reads testdata/learn.txt.
func readLearnCases(t *testing.T) []*learnCase {
	f, err := os.Open("testdata/learn.txt")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var cases []*learnCase
	var c *learnCase
	sc := bufio.NewScanner(f)
	for n := 1; sc.Scan(); n++ {
		line := strings.TrimSpace(sc.Text())
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		verb, rest, _ := strings.Cut(line, " ")
		if verb == "case" {
			c = &learnCase{name: rest, line: n, want: map[string]int{}, review: map[string]bool{}}
			cases = append(cases, c)
			continue
		}
		f := strings.Fields(rest)
		if c == nil {
			t.Fatalf("learn.txt:%d: %s before the first case", n, verb)
		}
		switch verb {
		case "fb":
			if len(f) < 3 {
				t.Fatalf("learn.txt:%d: want fb SEQ VERDICT SHOULD-BE RULE…", n)
			}
			seq, err := strconv.ParseInt(f[0], 10, 64)
			v, err1 := guard.ParseVerdict(f[1])
			s, err2 := guard.ParseVerdict(f[2])
			if err != nil || err1 != nil || err2 != nil {
				t.Fatalf("learn.txt:%d: %v %v %v", n, err, err1, err2)
			}
			c.entries = append(c.entries, Entry{ID: int64(len(c.entries) + 1), AuditSeq: seq, Verdict: v, ShouldBe: s, Rules: f[3:], Tool: "Bash", Kind: "shell"})
		case "want":
			if len(f) < 2 {
				t.Fatalf("learn.txt:%d: want RULE POINTS [review]", n)
			}
			p, err := strconv.Atoi(f[1])
			if err != nil {
				t.Fatalf("learn.txt:%d: %v", n, err)
			}
			if p != 0 {
				c.want[f[0]] = p
			}
			c.review[f[0]] = len(f) > 2 && f[2] == "review"
		default:
			t.Fatalf("learn.txt:%d: unknown line %q", n, verb)
		}
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return cases
}

func TestLearn(t *testing.T) {
	for _, c := range readLearnCases(t) {
		as := Learn(c.entries, testLookup)
		if diff := cmp.Diff(c.want, Learned(as)); diff != "" {
			t.Errorf("learn.txt:%d: %s: adjustments (-want +got):\n%s", c.line, c.name, diff)
		}
		for _, a := range as {
			if a.Points < -guard.MaxLearnedDrop || a.Points > guard.MaxLearnedRise {
				t.Errorf("learn.txt:%d: %s: %s learned %d, out of bounds", c.line, c.name, a.Rule, a.Points)
			}
			if a.Points < 0 && (a.Category.Dangerous() || a.Category == "") {
				t.Errorf("learn.txt:%d: %s: %s (%q) lowered", c.line, c.name, a.Rule, a.Category)
			}
			if a.Review != c.review[a.Rule] {
				t.Errorf("learn.txt:%d: %s: %s review = %v", c.line, c.name, a.Rule, a.Review)
			}
			if a.Why == "" {
				t.Errorf("learn.txt:%d: %s: %s has no why", c.line, c.name, a.Rule)
			}
		}
	}
}

// TestLearnDangerousSays: the report says why a dangerous rule stays.
func TestLearnDangerousSays(t *testing.T) {
	var es []Entry
	for i := range 5 {
		es = append(es, Entry{AuditSeq: int64(i), Verdict: guard.Block, ShouldBe: guard.Allow, Rules: []string{"shell.fs.rm-root"}})
	}
	// The real registry: shell.fs.rm-root is mass destruction.
	lookup := func(id string) (rule.Category, bool) {
		r := guard.Rules().Lookup(id)
		if r == nil {
			return "", false
		}
		return r.Category, true
	}
	as := Learn(es, lookup)
	if len(as) != 1 || as[0].Points != 0 || as[0].Why != "never lowered (dangerous)" || as[0].FalsePositives != 5 {
		t.Errorf("Learn = %+v", as)
	}
}

// TestLearnIsPure: the same entries in any order learn the same.
func TestLearnIsPure(t *testing.T) {
	for _, c := range readLearnCases(t) {
		rev := make([]Entry, len(c.entries))
		for i, e := range c.entries {
			rev[len(rev)-1-i] = e
		}
		if diff := cmp.Diff(Learn(c.entries, testLookup), Learn(rev, testLookup)); diff != "" {
			t.Errorf("%s: order matters (-in order +reversed):\n%s", c.name, diff)
		}
	}
}

func TestOutcome(t *testing.T) {
	for _, tc := range []struct {
		v, s guard.Verdict
		want Outcome
	}{
		{guard.Confirm, guard.Allow, FalsePositive},
		{guard.Block, guard.Approve, FalsePositive},
		{guard.Allow, guard.Notify, FalseNegative},
		{guard.Notify, guard.Block, FalseNegative},
		{guard.Approve, guard.Approve, Agreed},
	} {
		e := Entry{Verdict: tc.v, ShouldBe: tc.s}
		if got := e.Outcome(); got != tc.want {
			t.Errorf("%s should be %s: %s, want %s", tc.v, tc.s, got, tc.want)
		}
	}
}

func TestSummarize(t *testing.T) {
	es := []Entry{
		{ID: 1, AuditSeq: 1, Verdict: guard.Confirm, ShouldBe: guard.Allow, Rules: []string{"perm.a"}, Tool: "Bash", Kind: "shell"},
		{ID: 2, AuditSeq: 2, Verdict: guard.Allow, ShouldBe: guard.Confirm, Rules: []string{"net.b"}, Tool: "Bash", Kind: "shell"},
		{ID: 3, AuditSeq: 3, Verdict: guard.Allow, ShouldBe: guard.Approve, Tool: "SendEmail", Kind: "email", DecisionID: "d-x"},
		{ID: 4, AuditSeq: 4, Verdict: guard.Notify, ShouldBe: guard.Block, Tool: "SendEmail", Kind: "email"},
		{ID: 5, AuditSeq: 5, Verdict: guard.Allow, ShouldBe: guard.Allow, Rules: []string{"perm.a"}},
	}
	// perm.c learned -15 from feedback before the window.
	learned := append(Learn(es, testLookup), Adjustment{Rule: "perm.c", Category: rule.Permissions, FalsePositives: 3, Points: -15, Why: "-5 per false positive"})
	got := Summarize(time.Time{}, es, learned, map[string]int64{"perm.a": 7, "net.b": 2, "other.x": 40, "other.y": 2})
	want := Report{
		Decisions: 5, FalsePositives: 1, FalseNegatives: 3, Agreed: 1,
		Rules: []RuleReport{
			{Rule: "net.b", Category: "network", Fired: 2, FalseNegatives: 1, Learned: 10, Why: "+10 per false negative", Review: true},
			{Rule: "perm.a", Category: "permissions", Fired: 7, FalsePositives: 1, Agreed: 1, Why: "lowered only from 3 false positives"},
			{Rule: "perm.c", Category: "permissions", Learned: -15, Why: "-5 per false positive"},
		},
		NoRule:     []Miss{{Tool: "SendEmail", Kind: "email", Count: 2, Decisions: []string{"d-x", "#4"}, ShouldBe: guard.Block}},
		Review:     []string{"net.b", "(no rule) SendEmail/email"},
		OtherRules: 2, OtherFired: 42,
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("Summarize (-want +got):\n%s", diff)
	}
}

func TestLearnedFile(t *testing.T) {
	dir := t.TempDir()
	path := LearnedPath(dir + "/actionguard.db")
	if adj, err := LoadLearned(path); adj != nil || err != nil {
		t.Errorf("a missing file: %v, %v; want none and no error", adj, err)
	}
	want := map[string]int{"perm.a": -15, "net.b": 10}
	if err := SaveLearned(path, want, time.Now()); err != nil {
		t.Fatal(err)
	}
	got, err := LoadLearned(path)
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("round trip (-want +got):\n%s", diff)
	}
	if fi, err := os.Stat(path); err != nil || fi.Mode().Perm() != 0o600 {
		t.Errorf("mode: %v, %v", fi.Mode(), err)
	}
	for _, bad := range []string{"", "{", `{"version":2,"rules":{}}`, `{"version":1,"rules":{"a":"x"}}`, `{"version":1,"rules":{},"extra":1}`, "[]", strings.Repeat(" ", maxLearnedBytes+1)} {
		if err := os.WriteFile(path, []byte(bad), 0o600); err != nil {
			t.Fatal(err)
		}
		if adj, err := LoadLearned(path); adj != nil || err == nil {
			t.Errorf("LoadLearned(%.20q) = %v, %v; want none and an error", bad, adj, err)
		}
	}
}

// FuzzLearn: whatever the feedback, an adjustment stays within bounds,
// never lowers a DANGEROUS or unknown rule, and is positive whenever the
// rule has a false negative.
func FuzzLearn(f *testing.F) {
	f.Add([]byte{0, 2, 0, 1, 2, 0, 2, 2, 0, 3, 0, 4})
	f.Add([]byte{9, 4, 0, 10, 4, 0, 11, 4, 0, 12, 4, 0, 13, 0, 4})
	f.Fuzz(func(t *testing.T, data []byte) {
		rules := []string{"perm.a", "net.b", "kill.c", "policy.d"}
		vs := Verdicts()
		var es []Entry
		for i := 0; i+2 < len(data); i += 3 {
			es = append(es, Entry{ID: int64(i), AuditSeq: int64(data[i] % 16), Verdict: vs[int(data[i+1])%len(vs)],
				ShouldBe: vs[int(data[i+2])%len(vs)], Rules: []string{rules[int(data[i]>>4)%len(rules)]}})
		}
		for _, a := range Learn(es, testLookup) {
			if a.Points < -guard.MaxLearnedDrop || a.Points > guard.MaxLearnedRise {
				t.Fatalf("%+v: out of bounds", a)
			}
			if a.Points < 0 && (a.Category == "" || a.Category.Dangerous()) {
				t.Fatalf("%+v: lowered", a)
			}
			if a.FalseNegatives > 0 && a.Points <= 0 {
				t.Fatalf("%+v: a false negative did not raise it", a)
			}
		}
	})
}
