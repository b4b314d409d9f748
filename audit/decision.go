package audit

import (
	"encoding/json"
	"strings"
	"time"

	"github.com/actionguard/actionguard/guard"
)

// RecordOf builds the audit record of a decision (the log redacts secrets
// from the action, the reason and the error as it appends). A decision
// teaches the contact book nothing: the record of the action running does
// (RanRecord).
func RecordOf(a *guard.Action, d *guard.Decision, took time.Duration) *Record {
	raw, err := json.Marshal(a)
	if err != nil {
		raw = []byte(`{"error":"the action could not be encoded"}`)
	}
	return RecordOfEncoded(a, raw, d, took)
}

// RecordOfEncoded is RecordOf for a caller that already has the action's
// JSON (raw = json.Marshal(a)).
func RecordOfEncoded(a *guard.Action, raw []byte, d *guard.Decision, took time.Duration) *Record {
	rules := make([]string, 0, len(d.Findings))
	for _, f := range d.Findings {
		rules = append(rules, f.Rule)
	}
	return &Record{
		SessionID: a.Context.SessionID, Agent: a.Context.Agent, Tool: a.Tool, Kind: string(d.Kind),
		Action: raw, Verdict: d.Verdict, Level: d.Level, Score: d.Score, Risk: d.Risk,
		Rules: rules, Reason: ReasonOf(d), Error: d.Error, DurationMicros: took.Microseconds(),
		Confidence: confidencePercent(d.Confidence), Anomalies: d.Anomalies,
	}
}

// ReasonOf is a decision's reason as the audit log keeps it: with the
// approval it names, when the reason does not already.
func ReasonOf(d *guard.Decision) string {
	if d.ApprovalID == "" || strings.Contains(d.Reason, d.ApprovalID) {
		return d.Reason
	}
	return d.Reason + " (approval " + d.ApprovalID + ")"
}

// confidencePercent is a decision's confidence as the audit log keeps it:
// 1–100, or 0 when the decision has none.
func confidencePercent(c *float64) int {
	if c == nil {
		return 0
	}
	return min(max(int(*c*100+0.5), 1), 100)
}

// RanRecord is the audit record of a call decided earlier (its decision's
// id, verdict and level) that ran and reached contacts (RanKind): the only
// records the contact book learns from.
func RanRecord(session, id, tool string, verdict guard.Verdict, level guard.Level, contacts []Contact) *Record {
	action, err := json.Marshal(struct {
		ID   string `json:"id,omitempty"`
		Tool string `json:"tool"`
	}{id, tool})
	if err != nil {
		action = []byte(`{}`)
	}
	return &Record{Kind: RanKind, SessionID: session, Tool: tool, Action: action, Verdict: verdict, Level: level,
		Rules: []string{}, Reason: "The call ran; the recipients and payees it reached count as earlier interactions.", Contacts: contacts}
}

// ContactsOf is what a decision's contacts are kept as until the call is
// seen running: their keys and masked forms, never the addresses. A
// blocked call reaches nobody.
func ContactsOf(d *guard.Decision) []Contact {
	if d.Verdict == guard.Block || len(d.Contacts) == 0 {
		return nil
	}
	out := make([]Contact, 0, len(d.Contacts))
	for _, c := range d.Contacts {
		out = append(out, NewContact(c.Kind, c.Address))
	}
	return out
}
