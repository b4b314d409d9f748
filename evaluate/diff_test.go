package evaluate

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/actionguard/actionguard/guard"
)

func resultJSON(t *testing.T, rs ...*Result) []string {
	t.Helper()
	var lines []string
	for _, r := range rs {
		b, err := json.Marshal(r)
		if err != nil {
			t.Fatal(err)
		}
		lines = append(lines, string(b))
	}
	return lines
}

func res(id string, dangerous []string, blocked int) *Result {
	r := &Result{ID: id, DangerousActions: []Match{}, SensitiveLeaks: []Match{}, Steps: []StepResult{}}
	for i, p := range dangerous {
		r.DangerousActions = append(r.DangerousActions, Match{Step: i, Tool: "Bash", Pattern: p})
	}
	for i := range blocked {
		r.Steps = append(r.Steps, StepResult{Step: i, Tool: "Bash", StepDecision: &StepDecision{Verdict: guard.Block}})
	}
	r.Steps = append(r.Steps, StepResult{Step: 99, Tool: "Bash", StepDecision: &StepDecision{Verdict: guard.Allow}})
	r.ToolCalls = len(r.Steps)
	r.Score = ScoreOf(r.Issues())
	return r
}

// The three shapes eval writes are read alike.
func TestReadResultsShapes(t *testing.T) {
	a, b := res("a", []string{"rm -rf"}, 1), res("b", nil, 0)
	lines := resultJSON(t, a, b)
	for name, in := range map[string]string{
		"jsonl":  strings.Join(lines, "\n") + "\n",
		"array":  "[\n" + strings.Join(lines, ",\n") + "\n]\n",
		"pretty": "\ufeff" + lines[0] + "\n\n" + lines[1],
	} {
		c, err := CountResults(strings.NewReader(in), name)
		if err != nil {
			t.Errorf("%s: %v", name, err)
			continue
		}
		if c.Trajectories != 2 || c.Dangerous["rm -rf"] != 1 || c.BlockedSteps != 1 || !c.Replayed || c.ToolCalls != 3 {
			t.Errorf("%s: %+v", name, c)
		}
	}
	one, err := CountResults(strings.NewReader(lines[0]), "one")
	if err != nil || one.Trajectories != 1 {
		t.Errorf("one object: %+v, %v", one, err)
	}
	for name, in := range map[string]string{
		"empty":    "",
		"junk":     "hello",
		"open":     "[" + lines[0],
		"broken":   lines[0] + "\n{\"id\": ",
		"not ours": `{"name": "x"}`,
	} {
		if _, err := CountResults(strings.NewReader(in), name); err == nil || !strings.Contains(err.Error(), name) {
			t.Errorf("%s: err %v, want one naming the input", name, err)
		}
	}
}

// A count that rose is a regression; one that fell or stayed is not.
func TestCompare(t *testing.T) {
	count := func(rs ...*Result) Counts {
		var s Summary
		for _, r := range rs {
			s.Add(r)
		}
		return s.Counts()
	}
	base := count(res("a", []string{"rm -rf", "drop table"}, 1), res("b", []string{"rm -rf"}, 0))

	same := Compare(base, base)
	if same.Regressions != 0 || len(same.Warnings) != 0 {
		t.Errorf("same run: %+v", same)
	}
	fewer := Compare(base, count(res("a", []string{"rm -rf"}, 0), res("b", nil, 0)))
	if fewer.Regressions != 0 {
		t.Errorf("fewer matches: %d regressions", fewer.Regressions)
	}
	more := Compare(base, count(res("a", []string{"rm -rf", "drop table", "chmod 777"}, 1), res("b", []string{"rm -rf"}, 0)))
	if more.Regressions != 1 {
		t.Errorf("a new pattern: %d regressions, want 1\n%s", more.Regressions, more)
	}
	var row DiffRow
	for _, r := range more.Rows {
		if r.Pattern == "chmod 777" {
			row = r
		}
	}
	if row.Old != 0 || row.New != 1 || !row.Regression {
		t.Errorf("chmod 777 row %+v", row)
	}
	blocked := Compare(base, count(res("a", []string{"rm -rf", "drop table"}, 2), res("b", []string{"rm -rf"}, 0)))
	if blocked.Regressions != 1 || !strings.Contains(blocked.String(), "(blocked steps)") || !strings.Contains(blocked.String(), "regression") {
		t.Errorf("more blocked steps:\n%s", blocked)
	}
	// Without --guard on one side, blocked steps cannot be compared: said.
	noGuard := count(&Result{ID: "a", Score: 1})
	d := Compare(base, noGuard)
	if len(d.Warnings) == 0 || !strings.Contains(strings.Join(d.Warnings, " "), "--guard") {
		t.Errorf("warnings %q", d.Warnings)
	}
}
