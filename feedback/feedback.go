package feedback

import (
	"encoding/json"
	"time"

	"github.com/actionguard/actionguard/audit"
	"github.com/actionguard/actionguard/guard"
)

// Entry is one person's feedback on one recorded decision. Its JSON form
// is what `actionguard feedback --json` prints.
type Entry struct {
	// ID numbers the entries; filled by the store.
	ID int64 `json:"id"`
	// Time is when the feedback was given, UTC; filled by the store when zero.
	Time time.Time `json:"time"`
	// AuditSeq is the audit record the feedback is about.
	AuditSeq int64 `json:"audit_seq"`
	// DecisionID is the record's decision id, "" when it has none.
	DecisionID string `json:"decision_id"`
	// Verdict is what actionguard decided; ShouldBe what the person says.
	Verdict  guard.Verdict `json:"verdict"`
	ShouldBe guard.Verdict `json:"should_be"`
	// Rules are the ids of the rules that fired on the decision.
	Rules []string `json:"rules"`
	Kind  string   `json:"kind"`
	Tool  string   `json:"tool"`
	Note  string   `json:"note,omitempty"`
	// By is the OS user who gave the feedback.
	By string `json:"by"`
}

// Outcome is what feedback says about a decision.
type Outcome string

// Outcomes.
const (
	// FalsePositive: actionguard was stricter than it should have been
	// (seed 000: user fatigue).
	FalsePositive Outcome = "false-positive"
	// FalseNegative: actionguard was more lenient than it should have been
	// (seed 000: critical).
	FalseNegative Outcome = "false-negative"
	// Agreed: the person agrees with the decision.
	Agreed Outcome = "agreed"
)

// Outcome compares the decision's verdict with the one it should have had.
func (e *Entry) Outcome() Outcome {
	switch {
	case e.Verdict.Stricter(e.ShouldBe):
		return FalsePositive
	case e.ShouldBe.Stricter(e.Verdict):
		return FalseNegative
	}
	return Agreed
}

// Describe is the outcome in a sentence.
func (o Outcome) Describe() string {
	switch o {
	case FalsePositive:
		return "a false positive: actionguard was stricter than it should have been"
	case FalseNegative:
		return "a false negative: actionguard was more lenient than it should have been"
	}
	return "agreed: actionguard decided as it should have"
}

// New makes the feedback on the audit record r: what actionguard decided
// and what it should have decided. The record's verdict is read as it was
// written; one that is not a known verdict counts as block (the strictest),
// so it can never make a rule look too lenient. The note is kept with its
// secrets redacted as the audit log redacts them: a person who pastes the
// command (redis-cli -a PASSWORD …) does not store its password.
func New(r *audit.Record, shouldBe guard.Verdict, note, by string) Entry {
	v, err := guard.ParseVerdict(string(r.Verdict))
	if err != nil {
		v = guard.Block
	}
	rules := append([]string{}, r.Rules...)
	return Entry{AuditSeq: r.Seq, DecisionID: DecisionID(r), Verdict: v, ShouldBe: shouldBe,
		Rules: rules, Kind: r.Kind, Tool: r.Tool, Note: audit.RedactProse(note), By: by}
}

// DecisionID returns the decision id an audit record's action carries, or
// "" when it has none.
func DecisionID(r *audit.Record) string {
	var a struct {
		ID string `json:"id"`
	}
	if json.Unmarshal(r.Action, &a) != nil {
		return ""
	}
	return a.ID
}

// Verdicts lists the verdicts feedback may name, from the most permissive.
func Verdicts() []guard.Verdict {
	return []guard.Verdict{guard.Allow, guard.Notify, guard.Confirm, guard.Approve, guard.Block}
}
