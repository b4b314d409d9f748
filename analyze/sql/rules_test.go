package sql

import (
	"testing"

	"github.com/actionguard/actionguard/rule"
	"github.com/actionguard/actionguard/rule/ruletest"
)

// TestRules checks the registry and runs every rule's Match and NoMatch
// examples through Analyze: a rule cannot ship without examples that hold.
func TestRules(t *testing.T) {
	ruletest.Check(t, ruletest.Options{Prefix: "sql.", RequireNoMatch: true, DangerousFloor: 70}, Rules,
		func(ex string, _ *rule.Rule) []rule.Finding { return Analyze(ex).Findings })
}

func hasRule(res *Result, id string) bool { return ruletest.Has(res.Findings, id) }
