package intent

import (
	"testing"

	"github.com/actionguard/actionguard/rule"
	"github.com/actionguard/actionguard/rule/ruletest"
)

// TestRules checks the registry and runs every rule's Match and NoMatch
// examples through Analyze: a rule cannot ship without examples that hold.
func TestRules(t *testing.T) {
	ruletest.Check(t, ruletest.Options{Prefix: "intent.", RequireNoMatch: true, DangerousFloor: 100}, Rules,
		func(ex string, r *rule.Rule) []rule.Finding { return Analyze(ex, testOptions(r.ID)).Findings })
}

func ruleIDs(res *Result) string { return ruletest.IDs(res.Findings) }

// TestDangerPatternCount: scanDanger indexes the patterns with a 64-bit
// mask, and every literal must pass mayHoldLiteral's quick test.
func TestDangerPatternCount(t *testing.T) {
	if len(dangerPatterns) > 64 {
		t.Fatalf("%d danger patterns, the mask holds 64", len(dangerPatterns))
	}
	for _, lit := range append(append([]string{}, massLiterals...), injectionLiterals...) {
		if !mayHoldLiteral(lit) {
			t.Errorf("literal %q fails mayHoldLiteral", lit)
		}
	}
}
