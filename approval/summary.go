package approval

import (
	"slices"

	"github.com/actionguard/actionguard/guard"
)

// SummaryOf is what a request keeps of the guard's decision about a: the
// verdict, risk and reason, every finding's rule, category, message and
// safer alternative, and the anomalies the decision raised.
func SummaryOf(a *guard.Action, d *guard.Decision) Summary {
	s := Summary{Tool: a.Tool, Agent: a.Context.Agent, SessionID: a.Context.SessionID, Verdict: string(d.Verdict),
		Level: string(d.Level), Risk: d.Risk, Reason: d.Reason, Rules: make([]string, 0, len(d.Findings)),
		Anomalies: slices.Clone(d.Anomalies)}
	for _, f := range d.Findings {
		s.Rules = append(s.Rules, f.Rule)
		s.Findings = append(s.Findings, Finding{Rule: f.Rule, Category: string(f.Category), Message: f.Message, Alternative: f.Alternative})
		if s.Alternative == "" {
			s.Alternative = f.Alternative
		}
	}
	return s
}

// RiskLevel is seed 003's risk level of a held verdict: a soft approval
// (confirm) is medium, anything stricter high.
func RiskLevel(verdict string) string {
	switch verdict {
	case "allow", "notify":
		return "low"
	case "confirm":
		return "medium"
	}
	return "high"
}
