package shell

import (
	"testing"

	"github.com/actionguard/actionguard/rule"
	"github.com/actionguard/actionguard/rule/ruletest"
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

// TestRules checks the registry and runs every example of every rule
// through the analyzer.
func TestRules(t *testing.T) {
	ruletest.Check(t, ruletest.Options{Prefix: "shell."}, Rules,
		func(ex string, _ *rule.Rule) []rule.Finding { return Analyze(ex, exampleOptions).Findings })
}
