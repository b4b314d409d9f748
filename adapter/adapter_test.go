package adapter

import (
	"encoding/json"
	"testing"

	"github.com/actionguard/actionguard/guard"
	"github.com/google/go-cmp/cmp"
)

// decisionOf returns the decision an answer carries.
func decisionOf(t *testing.T, agent string, out []byte) string {
	t.Helper()
	var m map[string]any
	if err := json.Unmarshal(out, &m); err != nil {
		t.Fatalf("%s: answer is not JSON: %v\n%s", agent, err, out)
	}
	if s, ok := m["hookSpecificOutput"].(map[string]any); ok && (agent == "claude-code" || agent == "codex") {
		m = s
	}
	for _, k := range []string{"permissionDecision", "decision", "permission"} {
		if s, ok := m[k].(string); ok {
			return s
		}
	}
	t.Fatalf("%s: no decision in %s", agent, out)
	return ""
}

// TestAnswerEveryVerdict: every adapter answers every verdict, for a
// decoded event and for the fallback's bare one, and never allows what the
// guard held or blocked.
func TestAnswerEveryVerdict(t *testing.T) {
	held := map[string]string{"claude-code": "ask", "codex": "deny", "gemini": "deny", "cursor": "ask", "copilot": "ask"}
	evs := map[string]*Event{
		"bare":  {Phase: PreTool},
		"shell": {Phase: PreTool, EventName: "PreToolUse", Action: guard.Action{Tool: "Bash", Input: map[string]any{"command": "npm publish"}}},
	}
	for _, ad := range All() {
		for evName, ev := range evs {
			for _, v := range []guard.Verdict{guard.Allow, guard.Notify, guard.Confirm, guard.Approve, guard.Block} {
				d := &guard.Decision{Verdict: v, Reason: "because.", Notice: "note."}
				resp := ad.Answer(ev, d)
				if resp.Exit != 0 || len(resp.Stderr) > 0 {
					t.Errorf("%s/%s/%s: exit %d, stderr %q", ad.Name(), evName, v, resp.Exit, resp.Stderr)
				}
				got := decisionOf(t, ad.Name(), resp.Stdout)
				want := "allow"
				switch v {
				case guard.Confirm, guard.Approve:
					want = held[ad.Name()]
				case guard.Block:
					want = "deny"
				}
				if got != want {
					t.Errorf("%s/%s/%s: decision %q, want %q", ad.Name(), evName, v, got, want)
				}
			}
		}
	}
}

// TestRewrittenInput: an allow that needs its input masked is sent with
// the new input where the agent can take one, and is not allowed where it
// cannot (Codex, Copilot).
func TestRewrittenInput(t *testing.T) {
	want := map[string]string{"claude-code": "allow", "codex": "deny", "gemini": "allow", "cursor": "allow", "copilot": "ask"}
	ev := &Event{Phase: PreTool, EventName: "preToolUse"}
	for _, ad := range All() {
		d := &guard.Decision{Verdict: guard.Allow, Reason: "masked.", RewrittenInput: map[string]any{"command": "echo ***"}}
		out := ad.Answer(ev, d).Stdout
		if got := decisionOf(t, ad.Name(), out); got != want[ad.Name()] {
			t.Errorf("%s: %q, want %q\n%s", ad.Name(), got, want[ad.Name()], out)
		}
	}
}

// TestDecode checks what each adapter makes of its agent's input.
func TestDecode(t *testing.T) {
	tests := []struct {
		agent, in string
		phase     Phase
		tool      string
		kind      guard.Kind
		input     map[string]any
		cwd, sess string
	}{
		{"codex", `{"session_id":"s","turn_id":"t","hook_event_name":"PreToolUse","cwd":"/p","tool_name":"Bash","tool_input":{"command":"ls"}}`,
			PreTool, "Bash", guard.KindShell, map[string]any{"command": "ls"}, "/p", "s"},
		{"gemini", `{"session_id":"s","hook_event_name":"BeforeTool","cwd":"/p","tool_name":"run_shell_command","tool_input":{"command":"ls"}}`,
			PreTool, "run_shell_command", guard.KindShell, map[string]any{"command": "ls"}, "/p", "s"},
		{"cursor", `{"conversation_id":"c","hook_event_name":"beforeShellExecution","command":"ls","workspace_roots":["/w"]}`,
			PreTool, "Shell", guard.KindShell, map[string]any{"command": "ls"}, "/w", "c"},
		{"cursor", `{"conversation_id":"c","hook_event_name":"preToolUse","tool_name":"Shell","tool_input":{"command":"ls","working_directory":"/d"},"workspace_roots":["/w"]}`,
			PreTool, "Shell", guard.KindShell, map[string]any{"command": "ls", "working_directory": "/d"}, "/d", "c"},
		{"cursor", `{"conversation_id":"c","hook_event_name":"beforeMCPExecution","tool_name":"get_issue","tool_input":"{\"n\":1}","workspace_roots":["/w"]}`,
			PreTool, "get_issue", guard.KindTool, map[string]any{"n": json.Number("1")}, "/w", "c"},
		{"cursor", `{"conversation_id":"c","hook_event_name":"beforeReadFile","file_path":"/w/.env","content":"X=1","workspace_roots":["/w"]}`,
			PreTool, "Read", guard.KindFile, map[string]any{"file_path": "/w/.env"}, "/w", "c"},
		{"copilot", `{"timestamp":1,"cwd":"/p","toolName":"bash","toolArgs":"{\"command\":\"ls\"}"}`,
			PreTool, "bash", guard.KindShell, map[string]any{"command": "ls"}, "/p", ""},
		{"copilot", `{"timestamp":1,"cwd":"/p","toolName":"view","toolArgs":"{\"path\":\"/p/.env\"}"}`,
			PreTool, "Read", guard.KindFile, map[string]any{"path": "/p/.env"}, "/p", ""},
		{"copilot", `{"timestamp":1,"cwd":"/p","toolName":"bash","toolArgs":"{\"command\":\"ls\"}","toolResult":{"resultType":"success","textResultForLlm":"a.go"}}`,
			PostTool, "bash", guard.KindShell, map[string]any{"command": "ls"}, "/p", ""},
	}
	for _, tt := range tests {
		ad, _ := Lookup(tt.agent)
		ev, err := ad.Decode([]byte(tt.in))
		if err != nil {
			t.Errorf("%s %s: %v", tt.agent, tt.in, err)
			continue
		}
		a := ev.Action
		got := []any{ev.Phase, a.Tool, a.InferKind(), a.Input, a.Context.Cwd, a.Context.SessionID}
		want := []any{tt.phase, tt.tool, tt.kind, tt.input, tt.cwd, tt.sess}
		if diff := cmp.Diff(want, got); diff != "" {
			t.Errorf("%s %s (-want +got):\n%s", tt.agent, tt.in, diff)
		}
	}
}

// TestAll: Claude Code first, every name found by Lookup.
func TestAll(t *testing.T) {
	var names []string
	for _, a := range All() {
		names = append(names, a.Name())
		if b, ok := Lookup(a.Name()); !ok || b.Name() != a.Name() {
			t.Errorf("Lookup(%q) fails", a.Name())
		}
	}
	if diff := cmp.Diff([]string{"claude-code", "codex", "gemini", "cursor", "copilot"}, names); diff != "" {
		t.Error(diff)
	}
}
