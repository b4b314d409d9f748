package adapter

import (
	"context"
	"regexp"
	"strings"
	"testing"

	"github.com/actionguard/actionguard/guard"
	"github.com/actionguard/actionguard/internal/frontdoor"
)

// ids keeps the ids of the decided actions.
type ids []string

func (r *ids) decided(_ context.Context, a *guard.Action, d *guard.Decision, _ frontdoor.Result) error {
	if a.ID != d.ID {
		return nil // recorded with another id than decided: the test sees it missing
	}
	*r = append(*r, a.ID)
	return nil
}

// TestRunAssignsDecisionIDs: every decision a hook records has an id: the
// agent's own when it sends one (Claude Code's tool_use_id), else a new one.
func TestRunAssignsDecisionIDs(t *testing.T) {
	newID := regexp.MustCompile(`^d-[a-z2-7]{16}$`)
	g := guard.New()
	for _, tc := range []struct {
		agent, in string
		want      *regexp.Regexp
	}{
		{"claude-code", `{"session_id":"s","hook_event_name":"PreToolUse","tool_name":"Bash","tool_input":{"command":"ls"},"tool_use_id":"toolu_01abc"}`, regexp.MustCompile(`^toolu_01abc$`)},
		{"claude-code", `{"session_id":"s","hook_event_name":"PreToolUse","tool_name":"Bash","tool_input":{"command":"ls"}}`, newID},
		{"codex", `{"session_id":"s","hook_event_name":"PreToolUse","cwd":"/p","tool_name":"Bash","tool_input":{"command":"ls"}}`, newID},
		{"gemini", `{"session_id":"s","hook_event_name":"BeforeTool","cwd":"/p","tool_name":"run_shell_command","tool_input":{"command":"ls"}}`, newID},
		{"copilot", `{"timestamp":1,"cwd":"/p","toolName":"bash","toolArgs":"{\"command\":\"ls\"}"}`, newID},
		{"claude-code", `not json`, newID}, // the fallback is recorded with an id too
	} {
		ad, _ := Lookup(tc.agent)
		var rec ids
		Run(context.Background(), ad, &frontdoor.Door{Guard: g, Decided: rec.decided}, nil, strings.NewReader(tc.in), Options{})
		if len(rec) != 1 || !tc.want.MatchString(rec[0]) {
			t.Errorf("%s %s: recorded ids %q, want one matching %s", tc.agent, tc.in, rec, tc.want)
		}
	}
}
