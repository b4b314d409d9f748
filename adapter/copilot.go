package adapter

import (
	"errors"

	"github.com/actionguard/actionguard/guard"
)

// Copilot is GitHub Copilot CLI's hook protocol (preToolUse, postToolUse;
// see docs/agents.md). The input names no event: a call with toolName is
// a preToolUse, one that also has toolResult a postToolUse. toolArgs is a
// JSON-encoded string.
type Copilot struct{}

// Name implements Adapter.
func (Copilot) Name() string { return "copilot" }

// copilotTools maps Copilot's file tools to the names the guard reads
// (view reads, create writes), so that a read is judged as a read.
var copilotTools = map[string]string{"view": "Read", "create": "Write", "str_replace": "Edit"}

// Decode implements Adapter.
func (Copilot) Decode(raw []byte) (*Event, error) {
	m, err := decodeObject(raw)
	if err != nil {
		return nil, err
	}
	ev := &Event{EventName: "preToolUse", Raw: m, Phase: PreTool}
	a := &ev.Action
	a.Context = guard.Context{Cwd: str(m, "cwd"), SessionID: firstNonEmpty(str(m, "sessionId"), str(m, "session_id")), Agent: "copilot"}
	a.Tool = str(m, "toolName")
	if a.Tool == "" {
		switch {
		case str(m, "prompt") != "":
			// userPromptSubmitted: kept in the session so later checks know what was asked.
			ev.EventName, ev.Phase, a.Tool, ev.Output = "userPromptSubmitted", PostTool, UserPrompt, str(m, "prompt")
			return ev, nil
		case m["source"] != nil || m["reason"] != nil || m["error"] != nil:
			// sessionStart, sessionEnd, errorOccurred.
			ev.EventName, ev.Phase = "", Other
			return ev, nil
		}
		return ev, errors.New("toolName is missing")
	}
	if t, ok := copilotTools[a.Tool]; ok {
		a.Tool = t
	}
	if a.Input, err = jsonArgs(m, "toolArgs"); err != nil {
		return ev, err
	}
	if r, ok := m["toolResult"]; ok {
		ev.EventName, ev.Phase = "postToolUse", PostTool
		if o, ok := r.(map[string]any); ok && o["textResultForLlm"] != nil {
			r = o["textResultForLlm"]
		}
		ev.Output = outputText(r)
	}
	return ev, nil
}

type copilotOutput struct {
	PermissionDecision       string `json:"permissionDecision"`
	PermissionDecisionReason string `json:"permissionDecisionReason"`
}

// Answer implements Adapter: allow/notify → allow, confirm/approve → ask,
// block → deny. Copilot cannot rewrite a tool's input, so an allow that
// needs one becomes an ask.
func (Copilot) Answer(ev *Event, d *guard.Decision) Response {
	var out copilotOutput
	switch {
	case d.Verdict.Allowed() && d.RewrittenInput != nil:
		out.PermissionDecision = "ask"
		out.PermissionDecisionReason = capText("actionguard: this action may run only with parts of its input masked, which Copilot hooks cannot do. " + d.Reason)
	case d.Verdict.Allowed():
		out.PermissionDecision = "allow"
		out.PermissionDecisionReason = capText("actionguard: " + firstNonEmpty(d.Notice, d.Reason))
	case d.Verdict == guard.Confirm || d.Verdict == guard.Approve:
		out.PermissionDecision = "ask"
		out.PermissionDecisionReason = capText("actionguard (" + string(d.Verdict) + ", " + guard.RiskBar(d.Risk) + "): " + d.Reason)
	default:
		out.PermissionDecision = "deny"
		out.PermissionDecisionReason = AgentReason(d)
	}
	return Response{Stdout: jsonLine(out)}
}

// Acknowledge implements Adapter: nothing to say, exit 0.
func (Copilot) Acknowledge(*Event) Response { return Response{} }

// Asks implements Asker: Copilot CLI asks the user ("ask").
func (Copilot) Asks(*Event) bool { return true }
