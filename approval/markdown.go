package approval

import (
	"fmt"
	"strings"
	"time"

	"github.com/actionguard/actionguard/guard"
)

// Markdown renders r as seed 003's human-readable approval request: what
// will be done, why it needs approval, what could go wrong, the exact
// parameters, the risk, and how to approve or reject it.
func Markdown(r *Request) string { return MarkdownLinked(r, "") }

// MarkdownLinked is Markdown with a link to the request's page on the
// approval server at serverURL ("" for none).
func MarkdownLinked(r *Request, serverURL string) string {
	var b strings.Builder
	s := r.Decision
	d := Describe(r)
	fmt.Fprintf(&b, "# Approval request %s\n\n", r.ID)
	fmt.Fprintf(&b, "**%s**\n\n", d.Headline)
	fmt.Fprintf(&b, "- **Status:** %s\n", statusLine(r))
	fmt.Fprintf(&b, "- **Risk:** `%s`, %s risk (%s)\n", guard.RiskBar(s.Risk), RiskLevel(s.Verdict), verdictWords(s.Verdict))
	agent := s.Agent
	if agent == "" {
		agent = "an agent"
	}
	fmt.Fprintf(&b, "- **Asked:** %s by %s", stamp(r.Created), agent)
	if session := first(r.SessionID, s.SessionID); session != "" {
		fmt.Fprintf(&b, " in session %s", code(session))
	}
	b.WriteString("\n")
	if r.Note != "" {
		fmt.Fprintf(&b, "\n> %s\n", strings.ReplaceAll(strings.TrimSpace(r.Note), "\n", "\n> "))
	}
	if len(d.Anomalies) > 0 {
		b.WriteString("\n> **Warning: something was unusual when the agent asked.**\n")
		for _, x := range d.Anomalies {
			fmt.Fprintf(&b, "> - %s\n", x)
		}
	}

	b.WriteString("\n## What will be done\n\n")
	b.WriteString(d.Headline + "\n")

	b.WriteString("\n## Why it needs approval\n\n")
	b.WriteString(strings.TrimSpace(s.Reason) + "\n")
	if len(s.Findings) > 0 {
		b.WriteString("\n")
		for _, f := range s.Findings {
			fmt.Fprintf(&b, "- %s (%s)\n", strings.TrimSpace(f.Message), code(f.Rule))
		}
	} else if len(s.Rules) > 0 {
		fmt.Fprintf(&b, "\nRules: %s\n", "`"+strings.Join(s.Rules, "`, `")+"`")
	}

	b.WriteString("\n## What could go wrong\n\n")
	for _, x := range d.Impacts {
		fmt.Fprintf(&b, "- %s\n", x)
	}
	if alts := Alternatives(s); len(alts) > 0 {
		b.WriteString("\nSafer:\n\n")
		for _, a := range alts {
			fmt.Fprintf(&b, "- %s\n", a)
		}
	}

	b.WriteString("\n## Details\n\n| Parameter | Value |\n|---|---|\n")
	for _, p := range d.Params {
		v := p.Value
		if p.Code {
			v = code(strings.Join(strings.Fields(v), " "))
		} else {
			v = strings.Join(strings.Fields(v), " ")
		}
		fmt.Fprintf(&b, "| %s | %s |\n", p.Name, strings.ReplaceAll(v, "|", `\|`))
	}
	if d.Input != "" {
		fence := "```"
		for strings.Contains(d.Input, fence) {
			fence += "`"
		}
		fmt.Fprintf(&b, "\nThe whole input (secrets and personal data masked):\n\n%sjson\n%s\n%s\n", fence, d.Input, fence)
	}

	b.WriteString("\n## How to decide\n\n")
	b.WriteString(howToDecide(r, serverURL))
	return b.String()
}

// statusLine says where r stands, in a sentence.
func statusLine(r *Request) string {
	switch r.Status {
	case StatusPending:
		return fmt.Sprintf("pending: waiting for a person; rejected automatically at %s if nobody decides (%s after it was opened)", stamp(r.Expires), Human(r.Expires.Sub(r.Created)))
	case StatusApproved:
		if !r.UsedAt.IsZero() {
			return fmt.Sprintf("approved by %s at %s; used at %s: the action ran once", who(r.DecidedBy), stamp(r.DecidedAt), stamp(r.UsedAt))
		}
		return fmt.Sprintf("approved by %s at %s; not used yet", who(r.DecidedBy), stamp(r.DecidedAt))
	case StatusRejected:
		return fmt.Sprintf("rejected by %s at %s: the action does not run", who(r.DecidedBy), stamp(r.DecidedAt))
	case StatusExpired:
		if r.DecidedBy != "" {
			return fmt.Sprintf("expired: closed by %s at %s without a decision; the action does not run", r.DecidedBy, stamp(r.DecidedAt))
		}
		at := r.DecidedAt
		if at.IsZero() {
			at = r.Expires
		}
		return fmt.Sprintf("expired at %s without a decision: rejected automatically", stamp(at))
	}
	return string(r.Status)
}

// howToDecide is the request's last section: the commands, the page, and
// what happens next.
func howToDecide(r *Request, serverURL string) string {
	var b strings.Builder
	page := PageURL(serverURL, r.ID)
	switch r.Status {
	case StatusPending:
		b.WriteString("Approve it: the agent's next call of exactly this action runs, once.\n\n")
		fmt.Fprintf(&b, "    actionguard approvals approve %s --note \"why\"\n\n", r.ID)
		b.WriteString("Reject it: the action does not run.\n\n")
		fmt.Fprintf(&b, "    actionguard approvals reject %s --note \"why\"\n\n", r.ID)
		if page != "" {
			fmt.Fprintf(&b, "Or decide on its page: <%s>\n\n", page)
		}
		b.WriteString("`actionguard approvals watch` shows every request as it arrives and takes single-key answers.")
		if r.Decision.Verdict == "confirm" {
			fmt.Fprintf(&b, " There, this CAUTIOUS request is confirmed after %s unless you decline it.", Human(AutoConfirmAfter))
		}
		b.WriteString("\n")
		if first(r.SessionID, r.Decision.SessionID) == "" {
			b.WriteString("\nThe call came without a session id: an approval is recorded, but actionguard cannot tell this call from another, so it does not let it through by itself. Run the action yourself once you approve it.\n")
		}
	case StatusApproved:
		if r.UsedAt.IsZero() {
			b.WriteString("Nothing more to do: the agent's next call of exactly this action runs, once.\n")
		} else {
			b.WriteString("Nothing more to do. Running the action again needs a new approval.\n")
		}
	default:
		b.WriteString("Nothing more to do: the action does not run. If the agent tries again, a new request opens.\n")
	}
	if page != "" && r.Status != StatusPending {
		fmt.Fprintf(&b, "\nIts page: <%s>\n", page)
	}
	return b.String()
}

// PageURL is the address of a request's page on the approval server at
// serverURL: <serverURL>/approvals/<id>; "" without a server.
func PageURL(serverURL, id string) string {
	serverURL = strings.TrimRight(strings.TrimSpace(serverURL), "/")
	if serverURL == "" {
		return ""
	}
	return serverURL + "/approvals/" + id
}

// Alternatives lists the safer alternatives of a request's findings, each
// once.
func Alternatives(s Summary) []string {
	var out []string
	seen := map[string]bool{}
	add := func(a string) {
		a = strings.TrimSpace(a)
		if a != "" && !seen[a] {
			seen[a] = true
			out = append(out, a)
		}
	}
	for _, f := range s.Findings {
		add(f.Alternative)
	}
	add(s.Alternative)
	return out
}

// verdictWords says what kind of approval a verdict asks for.
func verdictWords(verdict string) string {
	switch verdict {
	case "confirm":
		return "CAUTIOUS: a soft approval"
	case "approve":
		return "PRIVILEGED: an explicit approval"
	}
	return "verdict " + verdict
}

func stamp(t time.Time) string {
	if t.IsZero() {
		return "an unknown time"
	}
	return t.UTC().Format(time.RFC3339)
}

func first(s ...string) string {
	for _, x := range s {
		if x != "" {
			return x
		}
	}
	return ""
}
