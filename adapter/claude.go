package adapter

import (
	"encoding/json"
	"errors"
	"fmt"

	"github.com/actionguard/actionguard/guard"
)

// Claude is Claude Code's hook protocol (PreToolUse, PostToolUse,
// UserPromptSubmit; see docs/agents.md).
type Claude struct{}

// Name implements Adapter.
func (Claude) Name() string { return "claude-code" }

// claudeQuietEvents need no decision: they are acknowledged.
var claudeQuietEvents = map[string]bool{
	"Notification": true, "Stop": true, "SubagentStop": true, "PreCompact": true, "SessionStart": true, "SessionEnd": true,
}

// Decode implements Adapter.
func (Claude) Decode(raw []byte) (*Event, error) {
	ev, err := decodeToolEvent(raw, "claude-code", eventNames{pre: "PreToolUse", post: "PostToolUse", failed: "PostToolUseFailure", prompt: "UserPromptSubmit", quiet: claudeQuietEvents})
	if ev != nil && ev.Raw != nil {
		ev.Action.ID = str(ev.Raw, "tool_use_id")
	}
	return ev, err
}

// eventNames are an agent's names for the events a hook decodes, for the
// agents whose input has hook_event_name, session_id, cwd, tool_name,
// tool_input and tool_response (Claude Code, Codex, Gemini CLI).
type eventNames struct {
	pre, post, prompt string          // before a tool, after it, the user's prompt
	failed            string          // after a tool that failed, when the agent says so apart
	quiet             map[string]bool // events acknowledged without a decision
}

// failedEvent is the name of the failed-tool event, or a name no event has.
func (n eventNames) failedEvent() string {
	if n.failed == "" {
		return "\x00none"
	}
	return n.failed
}

// decodeToolEvent decodes such an input.
func decodeToolEvent(raw []byte, agent string, n eventNames) (*Event, error) {
	m, err := decodeObject(raw)
	if err != nil {
		return nil, err
	}
	ev := &Event{EventName: str(m, "hook_event_name"), Raw: m}
	ev.Action.Context = guard.Context{Cwd: str(m, "cwd"), SessionID: str(m, "session_id"), Agent: agent}
	switch ev.EventName {
	case n.pre:
		ev.Phase = PreTool
	case n.post:
		ev.Phase = PostTool
		ev.Output = outputText(m["tool_response"])
		ev.Failed = failedResponse(m["tool_response"])
	case n.failedEvent():
		ev.Phase = PostTool
		ev.Output = outputText(firstOf(m, "error", "tool_response"))
		ev.Failed = true
	case n.prompt:
		// The user's own words: kept in the session so later checks know what was asked.
		ev.Phase = PostTool
		ev.Action.Tool = UserPrompt
		ev.Output = str(m, "prompt")
		return ev, nil
	default:
		if n.quiet[ev.EventName] {
			ev.Phase = Other
			return ev, nil
		}
		if ev.EventName == "" {
			return ev, errors.New("hook_event_name is missing")
		}
		return ev, fmt.Errorf("unknown hook event %q", ev.EventName)
	}
	ev.Action.Tool = str(m, "tool_name")
	if ev.Action.Tool == "" {
		return ev, errors.New("tool_name is missing")
	}
	in, ok := object(m, "tool_input")
	if !ok {
		return ev, errors.New("tool_input is not an object")
	}
	ev.Action.Input = in
	return ev, nil
}

// failedResponse reports whether a tool response says the call failed:
// an error flag or text, success false, a non-zero exit code, an
// interrupted command.
func failedResponse(v any) bool {
	r, ok := v.(map[string]any)
	if !ok {
		return false
	}
	for _, k := range []string{"is_error", "isError", "interrupted"} {
		if b, _ := r[k].(bool); b {
			return true
		}
	}
	if b, ok := r["success"].(bool); ok && !b {
		return true
	}
	if e, _ := r["error"].(string); e != "" {
		return true
	}
	for _, k := range []string{"exit_code", "exitCode", "returncode", "return_code"} {
		switch n := r[k].(type) {
		case json.Number:
			if n.String() != "0" {
				return true
			}
		case float64:
			if n != 0 {
				return true
			}
		}
	}
	return false
}

// firstOf returns the first of m's keys that is set.
func firstOf(m map[string]any, keys ...string) any {
	for _, k := range keys {
		if v, ok := m[k]; ok && v != nil {
			return v
		}
	}
	return nil
}

// UserPrompt is the pseudo-tool under which a user's prompt is kept in the
// session history.
const UserPrompt = "UserPrompt"

// maxOutput bounds a tool output kept in the session history.
const maxOutput = 16 << 10

// outputText renders a tool response as text, bounded.
func outputText(v any) string {
	var s string
	switch x := v.(type) {
	case nil:
		return ""
	case string:
		s = x
	default:
		b, err := json.Marshal(x)
		if err != nil {
			return ""
		}
		s = string(b)
	}
	if len(s) > maxOutput {
		cut := maxOutput
		for cut > 0 && (s[cut]&0xC0) == 0x80 {
			cut--
		}
		s = s[:cut] + "…"
	}
	return s
}

type claudeOutput struct {
	HookSpecificOutput claudeSpecific `json:"hookSpecificOutput"`
	SystemMessage      string         `json:"systemMessage,omitempty"`
}

type claudeSpecific struct {
	HookEventName            string         `json:"hookEventName"`
	PermissionDecision       string         `json:"permissionDecision"`
	PermissionDecisionReason string         `json:"permissionDecisionReason"`
	UpdatedInput             map[string]any `json:"updatedInput,omitempty"`
}

// Answer implements Adapter: allow/notify → allow (notify adds a system
// message), confirm/approve → ask (the reason is shown to the user),
// block → deny (the reason goes to the model). Always exit 0 with JSON: a
// non-zero exit other than 2 would let the tool run.
func (Claude) Answer(ev *Event, d *guard.Decision) Response {
	out := claudeOutput{HookSpecificOutput: claudeSpecific{HookEventName: "PreToolUse"}}
	s := &out.HookSpecificOutput
	switch d.Verdict {
	case guard.Allow, guard.Notify:
		s.PermissionDecision = "allow"
		s.PermissionDecisionReason = capText("actionguard: " + d.Reason)
		if d.RewrittenInput != nil {
			s.UpdatedInput = d.RewrittenInput
		}
		if d.Verdict == guard.Notify {
			out.SystemMessage = capText("actionguard: " + firstNonEmpty(d.Notice, d.Reason))
		}
	case guard.Confirm, guard.Approve:
		s.PermissionDecision = "ask"
		s.PermissionDecisionReason = capText("actionguard (" + string(d.Verdict) + ", " + guard.RiskBar(d.Risk) + "): " + d.Reason)
		if d.RewrittenInput != nil {
			// The person approves the masked transmission, not the raw one.
			s.UpdatedInput = d.RewrittenInput
		}
	default:
		s.PermissionDecision = "deny"
		s.PermissionDecisionReason = AgentReason(d)
	}
	return Response{Stdout: jsonLine(out)}
}

// Acknowledge implements Adapter: nothing to say, exit 0.
func (Claude) Acknowledge(*Event) Response { return Response{} }

// Asks implements Asker: Claude Code asks the user ("ask").
func (Claude) Asks(*Event) bool { return true }

func firstNonEmpty(s ...string) string {
	for _, x := range s {
		if x != "" {
			return x
		}
	}
	return ""
}

// Lookup returns the adapter for an agent name.
func Lookup(name string) (Adapter, bool) {
	for _, a := range All() {
		if a.Name() == name {
			return a, true
		}
	}
	return nil, false
}

// All lists the adapters, in the order they are documented.
func All() []Adapter {
	return []Adapter{Claude{}, Codex{}, Gemini{}, Cursor{}, Copilot{}}
}

// RewritesInput implements InputRewriter: the hook's updated input is what runs.
func (Claude) RewritesInput() bool { return true }
