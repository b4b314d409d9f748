package approval

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strings"
	"time"
)

// Markdown renders r as seed 003's human-readable approval request: what
// the action is, why it needs a person, its impact, the details, and how to
// approve or reject it.
func Markdown(r *Request) string {
	var b strings.Builder
	s := r.Decision
	fmt.Fprintf(&b, "# Approval request %s\n\n", r.ID)
	fmt.Fprintf(&b, "**Status:** %s  \n", r.Status)
	fmt.Fprintf(&b, "**Created:** %s  \n", r.Created.UTC().Format(time.RFC3339))
	if r.Status == StatusPending {
		fmt.Fprintf(&b, "**Expires:** %s (rejected automatically if nobody decides)\n\n", r.Expires.UTC().Format(time.RFC3339))
	} else {
		by := r.DecidedBy
		if by == "" {
			by = "nobody"
		}
		fmt.Fprintf(&b, "**Decided:** %s by %s\n\n", r.DecidedAt.UTC().Format(time.RFC3339), by)
		if r.Note != "" {
			fmt.Fprintf(&b, "> %s\n\n", r.Note)
		}
	}
	b.WriteString("## What\n\n")
	who := s.Agent
	if who == "" {
		who = "An agent"
	}
	fmt.Fprintf(&b, "%s wants to run `%s`", who, s.Tool)
	if s.SessionID != "" {
		fmt.Fprintf(&b, " (session `%s`)", s.SessionID)
	}
	b.WriteString(".\n\n## Why it needs approval\n\n")
	b.WriteString(strings.TrimSpace(s.Reason) + "\n")
	if len(s.Rules) > 0 {
		fmt.Fprintf(&b, "\nRules: %s\n", "`"+strings.Join(s.Rules, "`, `")+"`")
	}
	b.WriteString("\n## Impact\n\n")
	fmt.Fprintf(&b, "Risk %d/10, %s risk (verdict `%s`", s.Risk, impact(s.Verdict), s.Verdict)
	if s.Level != "" {
		fmt.Fprintf(&b, ", %s", s.Level)
	}
	b.WriteString(").\n")
	if s.Alternative != "" {
		fmt.Fprintf(&b, "\nSafer alternative: `%s`\n", s.Alternative)
	}
	b.WriteString("\n## Details\n\n```json\n")
	var pretty bytes.Buffer
	if json.Indent(&pretty, r.Action, "", "  ") != nil {
		pretty.Reset()
		pretty.Write(r.Action)
	}
	b.Write(pretty.Bytes())
	b.WriteString("\n```\n")
	if r.Status == StatusPending {
		fmt.Fprintf(&b, "\n## Decide\n\n    actionguard approvals approve %s [--note \"why\"]\n    actionguard approvals reject %s [--note \"why\"]\n", r.ID, r.ID)
	}
	return b.String()
}

// impact is seed 003's risk level of a verdict.
func impact(verdict string) string {
	switch verdict {
	case "confirm":
		return "medium"
	case "allow", "notify":
		return "low"
	}
	return "high"
}
