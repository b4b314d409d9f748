package tools

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/actionguard/actionguard/rule"
)

// example is a parsed rule example: `ToolName {"arg": …}` optionally
// followed by ` user: <message>` or ` app: <application>`.
type example struct {
	tool  string
	input map[string]any
	opt   Options
}

func parseExample(t *testing.T, ex string) example {
	t.Helper()
	name, rest, _ := strings.Cut(ex, " ")
	var e example
	e.tool = name
	dec := json.NewDecoder(strings.NewReader(rest))
	if err := dec.Decode(&e.input); err != nil {
		t.Fatalf("example %q: input: %v", ex, err)
	}
	s := strings.TrimSpace(rest[dec.InputOffset():])
	switch {
	case s == "":
	case strings.HasPrefix(s, "user:"):
		e.opt.UserMessages = []string{strings.TrimSpace(strings.TrimPrefix(s, "user:"))}
	case strings.HasPrefix(s, "app:"):
		e.opt.Application = strings.TrimSpace(strings.TrimPrefix(s, "app:"))
	default:
		t.Fatalf("example %q: trailing %q", ex, s)
	}
	return e
}

func (e example) run() *Result { return Analyze(e.tool, e.input, e.opt) }

// TestRuleExamples runs every rule's Match and NoMatch examples through
// Analyze: a rule cannot ship without examples that hold.
func TestRuleExamples(t *testing.T) {
	for _, r := range Rules() {
		t.Run(r.ID, func(t *testing.T) {
			for _, ex := range r.Match {
				res := parseExample(t, ex).run()
				if !hasRule(res, r.ID) {
					t.Errorf("Match %q: no %s; got %s (effect %s)", ex, r.ID, ruleIDs(res), res.Effect)
				}
			}
			for _, ex := range r.NoMatch {
				res := parseExample(t, ex).run()
				if hasRule(res, r.ID) {
					t.Errorf("NoMatch %q: got %s", ex, ruleIDs(res))
				}
			}
		})
	}
}

func TestRegistry(t *testing.T) {
	rules := Rules()
	for i, r := range rules {
		if i > 0 && rules[i-1].ID >= r.ID {
			t.Errorf("registry not sorted or not unique at %s, %s", rules[i-1].ID, r.ID)
		}
		if !strings.HasPrefix(r.ID, "tool.") || strings.Count(r.ID, ".") != 2 {
			t.Errorf("rule id %q: want tool.<family>.<name>", r.ID)
		}
		if len(r.NoMatch) == 0 {
			t.Errorf("rule %s: no NoMatch example", r.ID)
		}
		if r.Category.Dangerous() && r.Points <= 100 {
			t.Errorf("rule %s: dangerous category with only %d points", r.ID, r.Points)
		}
	}
	if _, err := rule.NewRegistry(rules); err != nil {
		t.Fatal(err)
	}
	ids := make(map[string]bool)
	for _, r := range rules {
		ids[r.ID] = true
	}
	for _, r := range rules {
		for _, ex := range append(append([]string{}, r.Match...), r.NoMatch...) {
			for _, f := range parseExample(t, ex).run().Findings {
				if !ids[f.Rule] {
					t.Errorf("%q: finding of unregistered rule %s", ex, f.Rule)
				}
			}
		}
	}
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
