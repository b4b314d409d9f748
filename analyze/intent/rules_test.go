package intent

import (
	"strings"
	"testing"

	"github.com/actionguard/actionguard/rule"
)

// TestRuleExamples runs every rule's Match and NoMatch examples through
// Analyze: a rule cannot ship without examples that hold.
func TestRuleExamples(t *testing.T) {
	for _, r := range Rules() {
		t.Run(r.ID, func(t *testing.T) {
			opt := testOptions(r.ID)
			for _, ex := range r.Match {
				if res := Analyze(ex, opt); !hasRule(res, r.ID) {
					t.Errorf("Match %q: no %s; got %s", ex, r.ID, ruleIDs(res))
				}
			}
			for _, ex := range r.NoMatch {
				if res := Analyze(ex, opt); hasRule(res, r.ID) {
					t.Errorf("NoMatch %q: got %s", ex, ruleIDs(res))
				}
			}
		})
	}
}

func TestRegistry(t *testing.T) {
	rules := Rules()
	ids := make(map[string]bool)
	for i, r := range rules {
		if i > 0 && rules[i-1].ID >= r.ID {
			t.Errorf("registry not sorted or not unique at %s, %s", rules[i-1].ID, r.ID)
		}
		if !strings.HasPrefix(r.ID, "intent.") || strings.Count(r.ID, ".") != 2 {
			t.Errorf("rule id %q: want intent.<family>.<name>", r.ID)
		}
		if len(r.NoMatch) == 0 {
			t.Errorf("rule %s: no NoMatch example", r.ID)
		}
		if r.Category.Dangerous() && r.Points <= 100 {
			t.Errorf("rule %s: dangerous category with only %d points", r.ID, r.Points)
		}
		ids[r.ID] = true
	}
	if _, err := rule.NewRegistry(rules); err != nil {
		t.Fatal(err)
	}
	for _, r := range rules {
		for _, ex := range append(append([]string{}, r.Match...), r.NoMatch...) {
			for _, f := range Analyze(ex, testOptions(r.ID)).Findings {
				if !ids[f.Rule] {
					t.Errorf("%q: finding of unregistered rule %s", ex, f.Rule)
				}
			}
		}
	}
}

func TestRulesIsACopy(t *testing.T) {
	a := Rules()
	a[0] = nil
	if Rules()[0] == nil {
		t.Fatal("Rules returned the registry itself")
	}
}

func hasRule(res *Result, id string) bool {
	for _, f := range res.Findings {
		if f.Rule == id {
			return true
		}
	}
	return false
}

func ruleIDs(res *Result) string {
	var ids []string
	for _, f := range res.Findings {
		ids = append(ids, f.Rule)
	}
	return "[" + strings.Join(ids, " ") + "]"
}
