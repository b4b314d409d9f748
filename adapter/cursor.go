package adapter

import (
	"errors"
	"fmt"

	"github.com/actionguard/actionguard/guard"
)

// Cursor is Cursor's hook protocol (beforeShellExecution,
// beforeMCPExecution, beforeReadFile, preToolUse; see docs/agents.md):
// {"permission": "allow"|"deny"|"ask", "user_message", "agent_message"}.
type Cursor struct{}

// Name implements Adapter.
func (Cursor) Name() string { return "cursor" }

// cursorQuietEvents need no decision: they are acknowledged.
var cursorQuietEvents = map[string]bool{
	"afterFileEdit": true, "afterAgentResponse": true, "afterAgentThought": true, "stop": true,
	"sessionStart": true, "sessionEnd": true, "subagentStart": true, "subagentStop": true, "preCompact": true,
	"afterTabFileEdit": true,
}

// Decode implements Adapter.
func (Cursor) Decode(raw []byte) (*Event, error) {
	m, err := decodeObject(raw)
	if err != nil {
		return nil, err
	}
	ev := &Event{EventName: str(m, "hook_event_name"), Raw: m, Phase: PreTool}
	a := &ev.Action
	a.Context = guard.Context{Cwd: str(m, "cwd"), SessionID: str(m, "conversation_id"), Agent: "cursor"}
	a.ID = firstNonEmpty(str(m, "tool_use_id"), str(m, "generation_id"))
	switch ev.EventName {
	case "beforeShellExecution", "afterShellExecution":
		a.Tool, a.Kind = "Shell", guard.KindShell
		a.Input = map[string]any{"command": str(m, "command")}
		if ev.EventName == "afterShellExecution" {
			ev.Phase, ev.Output = PostTool, outputText(m["output"])
		}
	case "beforeMCPExecution", "afterMCPExecution":
		if a.Tool = str(m, "tool_name"); a.Tool == "" {
			return ev, errors.New("tool_name is missing")
		}
		if a.Input, err = jsonArgs(m, "tool_input"); err != nil {
			return ev, err
		}
		if ev.EventName == "afterMCPExecution" {
			ev.Phase, ev.Output = PostTool, outputText(m["result_json"])
		}
	case "preToolUse", "postToolUse":
		if a.Tool = str(m, "tool_name"); a.Tool == "" {
			return ev, errors.New("tool_name is missing")
		}
		if a.Input, err = jsonArgs(m, "tool_input"); err != nil {
			return ev, err
		}
		if wd, _ := a.Input["working_directory"].(string); wd != "" {
			a.Context.Cwd = wd
		}
		if a.Tool == "Delete" {
			a.Kind = guard.KindFile
		}
		if ev.EventName == "postToolUse" {
			ev.Phase, ev.Output = PostTool, outputText(m["tool_output"])
		}
	case "beforeReadFile", "beforeTabFileRead":
		a.Tool, a.Kind = "Read", guard.KindFile
		a.Input = map[string]any{"file_path": str(m, "file_path")}
	case "beforeSubmitPrompt":
		ev.Phase, a.Tool, ev.Output = PostTool, UserPrompt, str(m, "prompt")
	default:
		if cursorQuietEvents[ev.EventName] {
			ev.Phase = Other
			return ev, nil
		}
		if ev.EventName == "" {
			return ev, errors.New("hook_event_name is missing")
		}
		return ev, fmt.Errorf("unknown hook event %q", ev.EventName)
	}
	if a.Context.Cwd == "" {
		if roots, _ := m["workspace_roots"].([]any); len(roots) > 0 {
			a.Context.Cwd, _ = roots[0].(string)
		}
	}
	return ev, nil
}

// jsonArgs reads a tool's arguments that arrive as a JSON-encoded string
// (or, tolerated, as an object).
func jsonArgs(m map[string]any, key string) (map[string]any, error) {
	switch v := m[key].(type) {
	case nil:
		return map[string]any{}, nil
	case map[string]any:
		return v, nil
	case string:
		if v == "" {
			return map[string]any{}, nil
		}
		in, err := decodeObject([]byte(v))
		if err != nil {
			return nil, fmt.Errorf("%s: %v", key, err)
		}
		return in, nil
	}
	return nil, fmt.Errorf("%s is neither a JSON string nor an object", key)
}

type cursorOutput struct {
	Permission   string         `json:"permission"`
	UserMessage  string         `json:"user_message,omitempty"`
	AgentMessage string         `json:"agent_message,omitempty"`
	UpdatedInput map[string]any `json:"updated_input,omitempty"`
}

// Answer implements Adapter: allow/notify → allow (notify tells the user;
// a rewritten input goes in updated_input on preToolUse), confirm/approve
// → ask, block → deny. The user reads user_message, the model
// agent_message.
func (Cursor) Answer(ev *Event, d *guard.Decision) Response {
	var out cursorOutput
	switch d.Verdict {
	case guard.Allow, guard.Notify:
		out.Permission = "allow"
		if d.RewrittenInput != nil {
			if ev.EventName != "preToolUse" {
				// Only preToolUse can rewrite: without it the unmasked input would run.
				out.Permission = "ask"
				out.UserMessage = capText("actionguard: this action may run only with parts of its input masked, which this hook cannot do. " + d.Reason)
				out.AgentMessage = AgentReason(d)
				break
			}
			out.UpdatedInput = d.RewrittenInput
		}
		if d.Verdict == guard.Notify {
			out.UserMessage = capText("actionguard: " + firstNonEmpty(d.Notice, d.Reason))
		}
	case guard.Confirm, guard.Approve:
		out.Permission = "ask"
		out.UserMessage = capText("actionguard (" + string(d.Verdict) + ", " + guard.RiskBar(d.Risk) + "): " + d.Reason)
		out.AgentMessage = AgentReason(d)
	default:
		out.Permission = "deny"
		out.UserMessage = capText("actionguard blocked this action: " + d.Reason)
		out.AgentMessage = AgentReason(d)
	}
	return Response{Stdout: jsonLine(out)}
}

// Acknowledge implements Adapter: nothing to say, exit 0.
func (Cursor) Acknowledge(*Event) Response { return Response{} }

// Asks implements Asker: Cursor asks the user ("permission": "ask").
func (Cursor) Asks(*Event) bool { return true }

// RewritesInput implements InputRewriter: the hook's updated input is what runs.
func (Cursor) RewritesInput() bool { return true }
