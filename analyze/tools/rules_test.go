package tools

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/actionguard/actionguard/rule"
	"github.com/actionguard/actionguard/rule/ruletest"
)

// example is a parsed rule example: `ToolName {"arg": …}` optionally
// followed by ` user: <message>`, ` app: <application>` or
// ` history: <EarlierTool> => <its observation>`.
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
	case strings.HasPrefix(s, "history:"):
		// history: Tool => observation
		tool, obs, _ := strings.Cut(strings.TrimSpace(strings.TrimPrefix(s, "history:")), " => ")
		e.opt.History = []Call{{Tool: tool, Observation: obs}}
	default:
		t.Fatalf("example %q: trailing %q", ex, s)
	}
	return e
}

func (e example) run() *Result { return Analyze(e.tool, e.input, e.opt) }

// TestRules checks the registry and runs every rule's Match and NoMatch
// examples through Analyze: a rule cannot ship without examples that hold.
func TestRules(t *testing.T) {
	ruletest.Check(t, ruletest.Options{Prefix: "tool.", RequireNoMatch: true, DangerousFloor: 100}, Rules,
		func(ex string, _ *rule.Rule) []rule.Finding { return parseExample(t, ex).run().Findings })
}

func hasRule(res *Result, id string) bool { return ruletest.Has(res.Findings, id) }

func ruleIDs(res *Result) string { return ruletest.IDs(res.Findings) }
