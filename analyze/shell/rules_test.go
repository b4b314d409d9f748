package shell

import (
	"sort"
	"strings"
	"testing"

	"github.com/actionguard/actionguard/rule"
)

// exampleOptions is where every rule example is analysed.
var exampleOptions = Options{Cwd: "/home/dev/project", Home: "/home/dev"}

func ruleIDs(res *Result) []string {
	var ids []string
	for _, f := range res.Findings {
		ids = append(ids, f.Rule)
	}
	return ids
}

func hasRule(res *Result, id string) bool {
	for _, f := range res.Findings {
		if f.Rule == id {
			return true
		}
	}
	return false
}

// TestRuleExamples runs every example of every rule through the analyzer.
func TestRuleExamples(t *testing.T) {
	for _, r := range Rules() {
		for _, ex := range r.Match {
			if res := Analyze(ex, exampleOptions); !hasRule(res, r.ID) {
				t.Errorf("%s: example %q does not match; found %v (parse error %q)", r.ID, ex, ruleIDs(res), res.ParseError)
			}
		}
		for _, ex := range r.NoMatch {
			if res := Analyze(ex, exampleOptions); hasRule(res, r.ID) {
				t.Errorf("%s: counter-example %q matches", r.ID, ex)
			}
		}
	}
}

func TestRegistry(t *testing.T) {
	rules := Rules()
	if !sort.SliceIsSorted(rules, func(i, j int) bool { return rules[i].ID < rules[j].ID }) {
		t.Error("Rules() is not sorted")
	}
	if _, err := rule.NewRegistry(rules); err != nil {
		t.Error(err)
	}
	for _, r := range rules {
		if !strings.HasPrefix(r.ID, "shell.") {
			t.Errorf("%s: shell rule ids start with shell.", r.ID)
		}
	}
}
