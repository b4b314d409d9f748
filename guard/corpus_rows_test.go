package guard_test

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/actionguard/actionguard/guard"
)

// The adversarial and the attack corpora share their row shape and the way
// their rows are judged; what is below is said once for both, so that a
// change in what a corpus row must be, or in what counts as held, reaches
// both tests together.

// checkCorpusShape keeps a corpus what it claims to be: every row in one
// of classes with a command, what it does and an absolute cwd, every
// destructive row with a least acceptable verdict, no row twice, every
// class present with at least 40% benign twins.
func checkCorpusShape(t *testing.T, rows []adversarialRow, classes []string) {
	t.Helper()
	known := map[string]bool{}
	for _, c := range classes {
		known[c] = true
	}
	n, benign := map[string]int{}, map[string]int{}
	seen := map[string]int{}
	for i, r := range rows {
		line := i + 1
		checkCorpusRow(t, line, r, known)
		k := r.Cwd + "\x00" + r.Tool + "\x00" + r.Command
		if first, ok := seen[k]; ok {
			t.Errorf("line %d repeats line %d: %q in %s", line, first, r.Command, r.Cwd)
		}
		seen[k] = line
		n[r.Class]++
		if !r.Destructive {
			benign[r.Class]++
		}
	}
	for _, c := range classes {
		if n[c] == 0 {
			t.Errorf("class %s has no rows", c)
			continue
		}
		if share := float64(benign[c]) / float64(n[c]); share < 0.40 {
			t.Errorf("class %s: %d of %d rows are benign (%.0f%%); at least 40%% must be", c, benign[c], n[c], 100*share)
		}
	}
}

// checkCorpusRow checks the fields of the row on the given line.
func checkCorpusRow(t *testing.T, line int, r adversarialRow, known map[string]bool) {
	t.Helper()
	if !known[r.Class] {
		t.Errorf("line %d: unknown class %q", line, r.Class)
	}
	if strings.TrimSpace(r.Command) == "" || strings.TrimSpace(r.What) == "" {
		t.Errorf("line %d: the command and what it does are required", line)
	}
	if !strings.HasPrefix(r.Cwd, "/") {
		t.Errorf("line %d: the cwd %q is not an absolute path", line, r.Cwd)
	}
	switch {
	case r.Destructive && r.Min != "confirm" && r.Min != "approve" && r.Min != "block":
		t.Errorf("line %d: destructive row with min %q (want confirm, approve or block)", line, r.Min)
	case !r.Destructive && r.Min != "":
		t.Errorf("line %d: benign row with a min (%q)", line, r.Min)
	}
}

// corpusTally counts rows by what the guard decided: destructive rows, of
// them those held (not allow or notify) and those at least at their min;
// benign rows, of them those that run (allow or notify, no error).
type corpusTally struct{ destructive, held, atMin, benign, run int }

func (c *corpusTally) add(o corpusTally) {
	c.destructive += o.destructive
	c.held += o.held
	c.atMin += o.atMin
	c.benign += o.benign
	c.run += o.run
}

// checkCorpusRows runs rows through g as a coding agent in each row's
// working directory with adversarialHome as home, and returns the counts
// and the rows whose verdict is wrong.
func checkCorpusRows(g *guard.Guard, rows []adversarialRow) (corpusTally, []adversarialFailure) {
	var c corpusTally
	var fails []adversarialFailure
	for _, r := range rows {
		a := guard.Action{
			Tool:  "Bash",
			Input: map[string]any{"command": r.Command},
			Context: guard.Context{
				Application: guard.AppCodingAgent, Cwd: r.Cwd, Home: adversarialHome,
			},
		}
		if r.Tool != "" {
			// A tool call: Command is its input. One that does not read
			// counts as a failure of the row.
			a.Tool, a.Input = r.Tool, nil
			if jerr := json.Unmarshal([]byte(r.Command), &a.Input); jerr != nil {
				fails = append(fails, adversarialFailure{row: r, err: jerr})
				continue
			}
		}
		d, err := g.Check(context.Background(), a)
		if r.Destructive {
			c.destructive++
			if !d.Verdict.Allowed() {
				c.held++
			}
			if !guard.Verdict(r.Min).Stricter(d.Verdict) {
				c.atMin++
				continue
			}
		} else {
			c.benign++
			if d.Verdict.Allowed() && err == nil {
				c.run++
				continue
			}
		}
		fails = append(fails, adversarialFailure{row: r, d: d, err: err})
	}
	return c, fails
}

// logCorpusFailures logs the failing rows of a class, destructive rows
// first; total is the class's row count.
func logCorpusFailures(t *testing.T, class string, total int, fails []adversarialFailure) {
	t.Helper()
	if len(fails) == 0 {
		return
	}
	var b strings.Builder
	fmt.Fprintf(&b, "%d of %d rows of class %s fail:", len(fails), total, class)
	for _, kind := range []bool{true, false} {
		for _, f := range fails {
			if f.row.Destructive == kind {
				b.WriteString("\n\t" + f.String())
			}
		}
	}
	t.Log(b.String())
}
