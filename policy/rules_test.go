package policy

import (
	"encoding/json"
	"fmt"
	"strings"
	"sync"
	"testing"
)

// TestEvalRules runs the cases of every archive of testdata/rules (the
// format is described in eval.txtar).
func TestEvalRules(t *testing.T) {
	eachPolicyCase(t, "testdata/rules/*.txtar", func(t *testing.T, p *Policy, n int, input, want string) {
		var env Env
		if err := json.Unmarshal([]byte(input), &env); err != nil {
			t.Fatalf("cases line %d: %v", n, err)
		}
		hits, err := p.EvalRules(&env)
		var parts []string
		for _, h := range hits {
			parts = append(parts, fmt.Sprintf("%s (%s)", h.ID, h.Verdict))
		}
		got := strings.Join(parts, " ")
		if got == "" {
			got = "-"
		}
		if substr, ok := strings.CutPrefix(want, "error: "); ok {
			if err == nil || !strings.Contains(err.Error(), substr) {
				t.Errorf("line %d: error %v, want one containing %q", n, err, substr)
			}
			return
		}
		if err != nil {
			t.Errorf("line %d: %v", n, err)
		}
		if got != want {
			t.Errorf("line %d: %s => %s, want %s", n, input, got, want)
		}
	})
}

func TestEvalRulesNoRules(t *testing.T) {
	hits, err := Default().EvalRules(nil)
	if hits != nil || err != nil {
		t.Errorf("EvalRules with no rules = %v, %v", hits, err)
	}
	if n := testing.AllocsPerRun(100, func() { _, _ = Default().EvalRules(&Env{}) }); n > 1 {
		t.Errorf("EvalRules with no rules allocates %v times", n)
	}
}

// TestEvalRulesHandBuilt checks a rule built by hand compiles on first use,
// and a broken one is an error, not a panic.
func TestEvalRulesHandBuilt(t *testing.T) {
	p := &Policy{Rules: []*CustomRule{
		{ID: "custom.ok", When: `risk > 5`, Verdict: "confirm"},
		{ID: "custom.broken", When: `risk >`, Verdict: "block"},
	}}
	var wg sync.WaitGroup
	for range 8 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			hits, err := p.EvalRules(&Env{Risk: 9})
			if len(hits) != 1 || hits[0].ID != "custom.ok" {
				t.Errorf("hits = %v", hits)
			}
			if err == nil || !strings.Contains(err.Error(), "custom.broken") {
				t.Errorf("err = %v, want one naming custom.broken", err)
			}
		}()
	}
	wg.Wait()
}
