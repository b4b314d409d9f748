package hookrun

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/actionguard/actionguard/adapter"
	"github.com/actionguard/actionguard/approval"
)

// TestPassTTLPolicy: the policy's approvals.pass_ttl is how long a
// person's approval lets Codex's call through. A decision 45 seconds old
// passes under the default (10 minutes) and a 1m policy, and has lapsed
// under a 30s one; a project file cannot lengthen a user's 30s.
func TestPassTTLPolicy(t *testing.T) {
	for _, tc := range []struct {
		name, user, project string
		passes              bool
	}{
		{"default", "", "", true},
		{"1m", "approvals:\n  pass_ttl: 1m\n", "", true},
		{"30s", "approvals:\n  pass_ttl: 30s\n", "", false},
		{"project shortens", "", "approvals:\n  pass_ttl: 30s\n", false},
		{"project cannot lengthen", "approvals:\n  pass_ttl: 30s\n", "approvals:\n  pass_ttl: 24h\n", false},
		{"out of range fails closed", "approvals:\n  pass_ttl: 48h\n", "", false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			cfg, _ := testConfig(t)
			openStore := approvalStores["memory"](t, &cfg)
			dir := filepath.Dir(cfg.DBPath)
			cfg.PolicyPath = filepath.Join(dir, "user.yaml")
			os.WriteFile(cfg.PolicyPath, []byte(tc.user+"mode: adaptive\n"), 0o644)
			if tc.project != "" {
				cfg.ProjectPath = filepath.Join(dir, "project.yaml")
				os.WriteFile(cfg.ProjectPath, []byte(tc.project), 0o644)
			}
			publish := map[string]any{"session_id": "cx-1", "turn_id": "turn-1", "cwd": "/home/dev/project", "hook_event_name": "PreToolUse",
				"model": "gpt-5-codex", "tool_name": "Bash", "tool_input": map[string]any{"command": "npm publish"}, "tool_use_id": "call_1"}
			decision, reason := hookAnswerAny(t, adapter.Codex{}, cfg, publish)
			m := approvalIDRe.FindStringSubmatch(reason)
			if m == nil && !tc.passes && decision == "deny" && strings.Contains(reason, "approvals.pass_ttl must be at most 24h") {
				return // the policy does not load: the strictest settings block the call outright
			}
			if m == nil {
				t.Fatalf("no request opened: %s", reason)
			}
			q := personQueue(openStore(t))
			at := time.Now().Add(-45 * time.Second)
			if _, err := q.Decide(context.Background(), m[1], approval.Decision{Status: approval.StatusApproved, By: "alice", At: at}); err != nil {
				t.Fatal(err)
			}
			decision, reason = hookAnswerAny(t, adapter.Codex{}, cfg, publish)
			if got := decision == "allow"; got != tc.passes {
				t.Errorf("an approval 45s old: %s: %s", decision, reason)
			}
			if !tc.passes && strings.Contains(reason, "Approved by alice") {
				t.Errorf("a lapsed approval is named as letting the call through: %s", reason)
			}
		})
	}
}

// hookAnswerAny is hookAnswer that accepts a warning on stderr (a policy
// that does not load says so).
func hookAnswerAny(t *testing.T, ad adapter.Adapter, cfg Config, ev map[string]any) (string, string) {
	t.Helper()
	in, _ := json.Marshal(ev)
	resp := Run(context.Background(), ad, cfg, strings.NewReader(string(in)))
	if resp.Exit != 0 {
		t.Fatalf("exit %d, stderr %s", resp.Exit, resp.Stderr)
	}
	var out struct {
		Specific struct {
			Decision string `json:"permissionDecision"`
			Reason   string `json:"permissionDecisionReason"`
		} `json:"hookSpecificOutput"`
	}
	if err := json.Unmarshal(resp.Stdout, &out); err != nil {
		t.Fatalf("%v: %s", err, resp.Stdout)
	}
	return out.Specific.Decision, out.Specific.Reason
}
