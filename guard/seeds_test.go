package guard_test

import (
	"bufio"
	"context"
	"encoding/json"
	"os"
	"strings"
	"testing"

	"github.com/actionguard/actionguard/guard"
)

type seedCase struct {
	Name             string       `json:"name"`
	Action           guard.Action `json:"action"`
	Verdict          string       `json:"verdict"`
	Min              string       `json:"min"`
	Max              string       `json:"max"`
	Risk             int          `json:"risk"`
	Score            *int         `json:"score"`
	Level            string       `json:"level"`
	RequiresApproval *bool        `json:"requires_approval"`
	ReasonHas        []string     `json:"reason_has"`
}

// TestSeedExamples checks every example of the seeds that concerns
// commands against the seed's answer (testdata/seed_cases.jsonl).
func TestSeedExamples(t *testing.T) {
	f, err := os.Open("testdata/seed_cases.jsonl")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	g := guard.New(guard.WithHome("/home/dev"))
	sc := bufio.NewScanner(f)
	n := 0
	for sc.Scan() {
		var c seedCase
		if err := json.Unmarshal(sc.Bytes(), &c); err != nil {
			t.Fatalf("line %d: %v", n+1, err)
		}
		n++
		if c.Action.Context.Cwd == "" {
			c.Action.Context.Cwd = "/home/dev/project"
		}
		t.Run(c.Name, func(t *testing.T) {
			d, _ := g.Check(context.Background(), c.Action)
			if c.Verdict != "" && string(d.Verdict) != c.Verdict {
				t.Errorf("verdict %s, want %s (%s; findings %v)", d.Verdict, c.Verdict, d.Reason, ruleList(d))
			}
			if c.Min != "" && guard.Verdict(c.Min).Stricter(d.Verdict) {
				t.Errorf("verdict %s, want at least %s (%s; findings %v)", d.Verdict, c.Min, d.Reason, ruleList(d))
			}
			if c.Max != "" && d.Verdict.Stricter(guard.Verdict(c.Max)) {
				t.Errorf("verdict %s, want at most %s (%s; findings %v)", d.Verdict, c.Max, d.Reason, ruleList(d))
			}
			if c.Risk != 0 && d.Risk != c.Risk {
				t.Errorf("risk %d, want %d (score %d; findings %v)", d.Risk, c.Risk, d.Score, ruleList(d))
			}
			if c.Score != nil && d.Score != *c.Score {
				t.Errorf("score %d, want %d", d.Score, *c.Score)
			}
			if c.Level != "" && string(d.Level) != c.Level {
				t.Errorf("level %s, want %s", d.Level, c.Level)
			}
			for _, want := range c.ReasonHas {
				if !strings.Contains(d.Reason, want) {
					t.Errorf("the reason does not say %q: %s", want, d.Reason)
				}
			}
			if c.RequiresApproval != nil && d.RequiresApproval != *c.RequiresApproval {
				t.Errorf("requires_approval %v, want %v", d.RequiresApproval, *c.RequiresApproval)
			}
		})
	}
	if n < 40 {
		t.Fatalf("only %d seed cases", n)
	}
}
