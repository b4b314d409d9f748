package adapter

import (
	"github.com/actionguard/actionguard/guard"
)

// Gemini is Gemini CLI's hook protocol (BeforeTool, AfterTool; see
// docs/agents.md): {"decision": "allow"|"deny", "reason"}, no ask, and
// nothing but JSON on stdout.
type Gemini struct{}

// Name implements Adapter.
func (Gemini) Name() string { return "gemini" }

// geminiQuietEvents need no decision: they are acknowledged.
var geminiQuietEvents = map[string]bool{
	"AfterAgent": true, "BeforeModel": true, "AfterModel": true, "BeforeToolSelection": true,
	"SessionStart": true, "SessionEnd": true, "PreCompress": true, "Notification": true,
}

// Decode implements Adapter.
func (Gemini) Decode(raw []byte) (*Event, error) {
	return decodeToolEvent(raw, "gemini", eventNames{pre: "BeforeTool", post: "AfterTool", prompt: "BeforeAgent", quiet: geminiQuietEvents})
}

type geminiOutput struct {
	Decision           string          `json:"decision"`
	Reason             string          `json:"reason"`
	SystemMessage      string          `json:"systemMessage,omitempty"`
	HookSpecificOutput *geminiSpecific `json:"hookSpecificOutput,omitempty"`
}

type geminiSpecific struct {
	ToolInput map[string]any `json:"tool_input"`
}

// Answer implements Adapter: allow/notify → allow (notify adds a system
// message, a rewritten input goes in hookSpecificOutput.tool_input),
// confirm/approve → deny naming the approval (Gemini CLI has no ask),
// block → deny. The reason of a deny reaches the model as a tool error.
func (Gemini) Answer(ev *Event, d *guard.Decision) Response {
	out := geminiOutput{Decision: "deny"}
	switch d.Verdict {
	case guard.Allow, guard.Notify:
		out.Decision = "allow"
		out.Reason = capText("actionguard: " + d.Reason)
		if d.RewrittenInput != nil {
			out.HookSpecificOutput = &geminiSpecific{ToolInput: d.RewrittenInput}
		}
		if d.Verdict == guard.Notify {
			out.SystemMessage = capText("actionguard: " + firstNonEmpty(d.Notice, d.Reason))
		}
	case guard.Confirm, guard.Approve:
		out.Reason = HeldReason("Gemini CLI", ev, d)
	default:
		out.Reason = AgentReason(d)
	}
	return Response{Stdout: jsonLine(out)}
}

// Acknowledge implements Adapter: nothing on stdout, exit 0.
func (Gemini) Acknowledge(*Event) Response { return Response{} }

// RewritesInput implements InputRewriter: the hook's updated input is what runs.
func (Gemini) RewritesInput() bool { return true }
