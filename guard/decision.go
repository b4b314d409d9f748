package guard

import (
	"fmt"
	"strings"

	"github.com/actionguard/actionguard/rule"
)

// Finding is what one rule reports about an action.
type Finding = rule.Finding

// Verdict is what happens to the action (rule.Verdict: the policy and the
// audit log speak the same word).
type Verdict = rule.Verdict

// Verdicts, from the most permissive to the strictest.
const (
	Allow   = rule.Allow   // run now
	Notify  = rule.Notify  // run and tell the user (Decision.Notice)
	Confirm = rule.Confirm // soft approval (CAUTIOUS)
	Approve = rule.Approve // explicit approval (PRIVILEGED)
	Block   = rule.Block   // do not run (DANGEROUS)
)

// ParseVerdict parses a verdict name.
func ParseVerdict(s string) (Verdict, error) { return rule.ParseVerdict(s) }

// Level is seed 000's class of an action (rule.Level).
type Level = rule.Level

// Levels.
const (
	Safe       = rule.Safe
	Cautious   = rule.Cautious
	Privileged = rule.Privileged
	Dangerous  = rule.Dangerous
)

// Decision is the answer to one Action. Its JSON form is public: one line of
// `actionguard check --jsonl` and the response of POST /v1/check.
type Decision struct {
	ID      string  `json:"id,omitempty"`
	Verdict Verdict `json:"verdict"`
	Level   Level   `json:"level"`
	Score   int     `json:"score"`
	Risk    int     `json:"risk"`
	// The approval guard's view (seed 003) of the same decision.
	RiskLevel        string `json:"risk_level"`
	RequiresApproval bool   `json:"requires_approval"`
	Action           string `json:"action"`

	Reason         string         `json:"reason"`
	Findings       []Finding      `json:"findings"`
	RewrittenInput map[string]any `json:"rewritten_input,omitempty"`
	Notice         string         `json:"notice,omitempty"`
	ApprovalID     string         `json:"approval_id,omitempty"`
	// ApprovalRequestFile is seed 003's approval_request_file, when one was written.
	ApprovalRequestFile string `json:"approval_request_file,omitempty"`

	Kind Kind `json:"kind,omitempty"`
	// Steps are the actions of a multi-step request ("draft an email and
	// send it"), each classified; the verdict is the strictest step's.
	Steps []RequestStep `json:"steps,omitempty"`
	// Condition is what a conditional request depends on ("if tomorrow is
	// Sunday"); the action is classified as if it held.
	Condition string `json:"condition,omitempty"`
	// Confidence is the classifier's confidence (0–1) for the analyzers
	// that classify words (intent); below 0.6 is an anomaly.
	Confidence *float64 `json:"confidence,omitempty"`
	// Anomalies are seed 000's alerts: low confidence, a score that
	// disagrees with the keywords.
	Anomalies []string `json:"anomalies,omitempty"`
	// WouldBe is the verdict the action would have had outside learning
	// mode, which enforces only DANGEROUS ones: the decision is logged as
	// it would be.
	WouldBe Verdict `json:"would_be,omitempty"`
	// HeldBeforeSession is, for a block that only the session's escalation
	// (a recent mistake, an anomaly such as a burst of privileged actions)
	// raised from a hold, the hold it was: a person's approval of exactly
	// this call (the approval queue) still lets it through; nothing else does.
	HeldBeforeSession Verdict `json:"held_before_session,omitempty"`
	// Error is set when the action could not be checked; the verdict is then
	// the configured fallback, never a silent allow.
	Error string `json:"error,omitempty"`
	// Trace is the step-by-step account of the decision (explain); omitted
	// from JSON unless asked for.
	Trace []TraceStep `json:"trace,omitempty"`
	// Contacts are the recipients and payees the action reaches. When it
	// runs, the audit log counts them (seed 003: fewer than 5 earlier
	// interactions is a new contact, no earlier payment a new payee). Not
	// part of the public JSON: they are personal data.
	Contacts []Contact `json:"-"`
}

// Contact is a recipient or payee of an action.
type Contact struct {
	Kind    string // "recipient" or "payee" (contact.Recipient, contact.Payee)
	Address string // as the action names it
}

// RequestStep is one step of a request in words.
type RequestStep struct {
	Text  string `json:"text"`
	Level Level  `json:"level"`
	Score int    `json:"score"`
}

// TraceStep is one line of `actionguard explain`.
type TraceStep struct {
	Stage  string `json:"stage"` // parse, unwrap, rule, learned, modifier, threshold, policy, verdict
	Detail string `json:"detail"`
	Points int    `json:"points,omitempty"`
}

// approvalView fills seed 003's fields from the verdict.
func (d *Decision) approvalView() {
	switch d.Verdict {
	case Allow, Notify:
		d.RiskLevel, d.RequiresApproval, d.Action = "low", false, "proceed"
	case Confirm:
		d.RiskLevel, d.RequiresApproval, d.Action = "medium", true, "wait_for_approval"
	case Approve:
		d.RiskLevel, d.RequiresApproval, d.Action = "high", true, "wait_for_approval"
	default:
		d.RiskLevel, d.RequiresApproval, d.Action = "high", true, "reject"
	}
}

// RiskBar renders seed 002's bar: "Risk: ████████░░ 8/10".
func RiskBar(risk int) string {
	risk = clamp(risk, 0, 10)
	return "Risk: " + strings.Repeat("█", risk) + strings.Repeat("░", 10-risk) + fmt.Sprintf(" %d/10", risk)
}

func clamp(v, lo, hi int) int {
	if v < lo {
		return lo
	}
	if v > hi {
		return hi
	}
	return v
}

// Approvable reports whether a person's approval in the queue decides the
// action: it is held (confirm, approve), or it is a block that only the
// session's escalation raised from a hold (HeldBeforeSession), which an
// approval of exactly this call lets through and which opens no request.
// A decision that fell back (Error) names nothing a person could approve.
func (d *Decision) Approvable() bool {
	if d.Error != "" {
		return false
	}
	return d.Verdict == Confirm || d.Verdict == Approve || (d.Verdict == Block && d.HeldBeforeSession != "")
}
