package adapter

import (
	"encoding/json"
	"strings"

	"github.com/actionguard/actionguard/guard"
)

// Codex is the OpenAI Codex CLI's hook protocol (PreToolUse, PostToolUse;
// see docs/agents.md). Its input is Claude Code's plus turn_id and model,
// so it decodes the same way. Its answer differs: only allow and deny, a
// deny needs a reason, and unknown fields are rejected, so the answer has
// exactly hookEventName, permissionDecision and permissionDecisionReason.
type Codex struct{}

// Name implements Adapter.
func (Codex) Name() string { return "codex" }

// Decode implements Adapter.
func (Codex) Decode(raw []byte) (*Event, error) {
	ev, err := Claude{}.Decode(raw)
	if ev != nil {
		ev.Action.Context.Agent = "codex"
	}
	return ev, err
}

type codexOutput struct {
	HookSpecificOutput codexSpecific `json:"hookSpecificOutput"`
}

type codexSpecific struct {
	HookEventName            string `json:"hookEventName"`
	PermissionDecision       string `json:"permissionDecision"`
	PermissionDecisionReason string `json:"permissionDecisionReason"`
}

// Answer implements Adapter: allow/notify → allow, everything else → deny
// (Codex has no ask: an ask would count as a failed hook and the call
// would run). A held action's reason names the approval and how to grant
// it. A rewritten input cannot be sent back within the three fields, so
// such an allow becomes a deny rather than running the original input.
func (Codex) Answer(ev *Event, d *guard.Decision) Response {
	s := codexSpecific{HookEventName: "PreToolUse", PermissionDecision: "deny"}
	switch {
	case d.Verdict.Allowed() && d.RewrittenInput != nil:
		s.PermissionDecisionReason = capText("actionguard: this action may run only with parts of its input masked, and Codex hooks cannot rewrite a tool's input, so it was not run. " + d.Reason)
	case d.Verdict.Allowed():
		s.PermissionDecision = "allow"
		s.PermissionDecisionReason = capText("actionguard: " + firstNonEmpty(d.Notice, d.Reason))
	case d.Verdict == guard.Confirm || d.Verdict == guard.Approve:
		s.PermissionDecisionReason = HeldReason("Codex", ev, d)
	default:
		s.PermissionDecisionReason = AgentReason(d)
	}
	if strings.TrimSpace(s.PermissionDecisionReason) == "" {
		s.PermissionDecisionReason = "actionguard refused this action."
	}
	return Response{Stdout: jsonLine(codexOutput{HookSpecificOutput: s})}
}

// Acknowledge implements Adapter: nothing to say, exit 0.
func (Codex) Acknowledge(*Event) Response { return Response{} }

// HeldReason is the refusal sent to an agent that cannot ask the user
// (Codex, Gemini CLI) for an action that needs a person's approval: what
// approval is needed, why, and how the user can grant it — with the
// approval request opened for it (Decision.ApprovalID), by approving that
// request, after which the same call runs once.
func HeldReason(agent string, ev *Event, d *guard.Decision) string {
	var b strings.Builder
	b.WriteString("actionguard needs a person to approve this action (" + string(d.Verdict) + ", " + guard.RiskBar(d.Risk) + "), and " + agent + " cannot ask the user from a hook, so it was not run. ")
	b.WriteString(d.Reason)
	if id := d.ApprovalID; id != "" {
		b.WriteString(" Approval request " + id + " is open: the user can read it with `actionguard approvals show " + id + "` and approve it with `actionguard approvals approve " + id + "`; then make exactly the same call again and it runs, once. A request nobody answers is rejected automatically after 24 h.")
		b.WriteString(" Do not try to get around this check (another command, another tool, encoding or splitting it): tell the user what you want to do, why, and the approval id " + id + ", and wait for their decision.")
		return capText(b.String())
	}
	b.WriteString(" To grant it, the user can " + grantHint(ev, d) + ".")
	b.WriteString(" Do not try to get around this check (another command, another tool, encoding or splitting it): tell the user what you wanted to do and why, and let them decide.")
	return capText(b.String())
}

// grantHint says how a user lets a held action run.
func grantHint(ev *Event, d *guard.Decision) string {
	if d.Error != "" || ev == nil || ev.Action.Tool == "" {
		// Nothing was checked: there is no entry to write, only a problem to fix.
		return "do it themselves, or fix the problem named above (`actionguard doctor` checks the setup)"
	}
	a := &ev.Action
	switch a.InferKind() {
	case guard.KindShell:
		cmd := a.Command()
		switch {
		case cmd == "" || len(cmd) > 200 || strings.ContainsAny(cmd, "\n\r"):
			return "run the command themselves, or allow it in actionguard.yaml (allow: - command: …, one entry per simple command) after reading `actionguard explain -- <the command>`"
		case strings.ContainsAny(cmd, ";|&`") || strings.Contains(cmd, "$("):
			// Allow entries match one simple command, never a whole pipeline or list.
			return "run it themselves, or allow each of its commands in actionguard.yaml (allow: - command: …, one entry per simple command); see `actionguard explain -- " + shellQuote(cmd) + "`"
		}
		q := shellQuote(cmd)
		return "run it themselves, or allow it in actionguard.yaml: allow: - command: " + q + "; see `actionguard explain -- " + q + "`"
	case guard.KindFile:
		for _, k := range []string{"file_path", "path"} {
			if p, ok := a.Input[k].(string); ok && p != "" && len(p) <= 200 {
				return "do it themselves; see `actionguard explain --tool " + shellQuote(a.Tool) + " -- " + shellQuote(p) + "`"
			}
		}
		return "do it themselves"
	}
	hint := "call it themselves, or allow the tool in actionguard.yaml: allow: - tool: " + shellQuote(a.Tool)
	if b, err := json.Marshal(map[string]any{"tool": a.Tool, "input": a.Input}); err == nil && len(b) <= 300 {
		hint += "; see `actionguard explain --action " + shellQuote(string(b)) + "`"
	}
	return hint
}

// shellQuote quotes s in single quotes for a POSIX shell.
func shellQuote(s string) string {
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}
