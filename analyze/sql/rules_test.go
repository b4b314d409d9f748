package sql

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
			for _, ex := range r.Match {
				res := Analyze(ex)
				if !hasRule(res, r.ID) {
					t.Errorf("Match %q: no %s; got %s (err %v)", ex, r.ID, ruleIDs(res), res.Err)
				}
			}
			for _, ex := range r.NoMatch {
				res := Analyze(ex)
				if hasRule(res, r.ID) {
					t.Errorf("NoMatch %q: got %s", ex, ruleIDs(res))
				}
			}
		})
	}
}

func TestRegistry(t *testing.T) {
	rules := Rules()
	if len(rules) == 0 {
		t.Fatal("no rules")
	}
	for i, r := range rules {
		if i > 0 && rules[i-1].ID >= r.ID {
			t.Errorf("registry not sorted or not unique at %s, %s", rules[i-1].ID, r.ID)
		}
		if !strings.HasPrefix(r.ID, "sql.") || strings.Count(r.ID, ".") != 2 {
			t.Errorf("rule id %q: want sql.<family>.<name>", r.ID)
		}
		if len(r.NoMatch) == 0 {
			t.Errorf("rule %s: no NoMatch example", r.ID)
		}
		if r.Category.Dangerous() && r.Points <= 70 {
			t.Errorf("rule %s: dangerous category with only %d points", r.ID, r.Points)
		}
	}
	if _, err := rule.NewRegistry(rules); err != nil {
		t.Fatal(err)
	}
	// Every finding Analyze can make comes from a registered rule: the
	// registry is explicit, so a rule used but not listed is a bug.
	ids := make(map[string]bool)
	for _, r := range rules {
		ids[r.ID] = true
	}
	for _, r := range rules {
		for _, ex := range append(append([]string{}, r.Match...), r.NoMatch...) {
			for _, f := range Analyze(ex).Findings {
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
	if len(ids) == 0 {
		return "nothing"
	}
	return strings.Join(ids, ",")
}
