package shell_test

import (
	"bufio"
	"context"
	"os"
	"strings"
	"testing"

	"github.com/actionguard/actionguard/analyze/shell"
	"github.com/actionguard/actionguard/guard"
)

// interpCase is one line of testdata/interp/cases.txt.
type interpCase struct {
	line    int
	verdict string
	rules   []string
	cmd     string
}

func readInterpCases(t *testing.T, file string) []interpCase {
	t.Helper()
	f, err := os.Open(file)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var cases []interpCase
	sc := bufio.NewScanner(f)
	n := 0
	for sc.Scan() {
		n++
		line := sc.Text()
		if strings.TrimSpace(line) == "" || strings.HasPrefix(line, "#") {
			continue
		}
		start := n
		for strings.HasSuffix(line, `\`) && sc.Scan() {
			n++
			line = strings.TrimSuffix(line, `\`) + "\n" + sc.Text()
		}
		cols := strings.SplitN(line, "\t", 3)
		if len(cols) != 3 {
			t.Fatalf("%s:%d: want verdict<TAB>rules<TAB>command", file, start)
		}
		c := interpCase{line: start, verdict: cols[0], cmd: cols[2]}
		if cols[1] != "-" {
			c.rules = strings.Split(cols[1], ",")
		}
		cases = append(cases, c)
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return cases
}

// harmRules are the rules routine inline code must not raise.
func harmRule(id string) bool {
	return id == "shell.interp.exec" || id == "shell.interp.delete" || strings.HasPrefix(id, "shell.exec.") || id == "shell.net.reverse-shell" ||
		strings.HasPrefix(id, "shell.fs.rm-") && id != "shell.fs.rm-build-output"
}

var verdictRank = map[guard.Verdict]int{guard.Allow: 0, guard.Notify: 1, guard.Confirm: 2, guard.Approve: 3, guard.Block: 4}

// TestInterpreterCases checks every case of testdata/interp/cases.txt: the
// rules the shell analysis reports, and the verdict the guard reaches with
// the default policy.
func TestInterpreterCases(t *testing.T) {
	g := guard.New(guard.WithHome("/home/dev"))
	opt := shell.Options{Cwd: "/home/dev/project", Home: "/home/dev"}
	for _, tc := range readInterpCases(t, "testdata/interp/cases.txt") {
		res := shell.Analyze(tc.cmd, opt)
		got := map[string]bool{}
		for _, f := range res.Findings {
			got[f.Rule] = true
		}
		for _, id := range tc.rules {
			if !got[id] {
				t.Errorf("cases.txt:%d: %s\n\tmissing %s; found %v", tc.line, tc.cmd, id, ruleList(res))
			}
		}
		if len(tc.rules) == 0 {
			for id := range got {
				if harmRule(id) {
					t.Errorf("cases.txt:%d: %s\n\troutine code raised %s (%v)", tc.line, tc.cmd, id, ruleList(res))
				}
			}
		}
		d, err := g.Check(context.Background(), guard.Action{Tool: "Bash", Input: map[string]any{"command": tc.cmd}, Context: guard.Context{Cwd: "/home/dev/project"}})
		if err != nil {
			t.Fatalf("cases.txt:%d: %v", tc.line, err)
		}
		if want, below := strings.CutPrefix(tc.verdict, "<"); below {
			if verdictRank[d.Verdict] >= verdictRank[guard.Verdict(want)] {
				t.Errorf("cases.txt:%d: %s\n\tverdict %s, want less than %s (%v)", tc.line, tc.cmd, d.Verdict, want, ruleList(res))
			}
		} else if d.Verdict != guard.Verdict(tc.verdict) {
			t.Errorf("cases.txt:%d: %s\n\tverdict %s, want %s (%v)", tc.line, tc.cmd, d.Verdict, tc.verdict, ruleList(res))
		}
	}
}

func ruleList(res *shell.Result) []string {
	var ids []string
	for _, f := range res.Findings {
		ids = append(ids, f.Rule)
	}
	return ids
}
