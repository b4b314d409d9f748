package codec

import (
	"encoding/json"
	"fmt"
	"time"

	"github.com/actionguard/actionguard/feedback"
	"github.com/actionguard/actionguard/guard"
)

// FeedbackColumns are the feedback table's columns, in FeedbackRow's order.
const FeedbackColumns = `id, time_us, audit_seq, decision_id, verdict, should_be, rules, kind, tool, note, "by"`

// FeedbackInsertColumns are the columns FeedbackValues gives, in order.
const FeedbackInsertColumns = `time_us, audit_seq, decision_id, verdict, should_be, rules, kind, tool, note, "by"`

// FeedbackValues completes e for storing (Time now when zero, to the
// microsecond; Rules [] when nil) and returns its values for
// FeedbackInsertColumns.
func FeedbackValues(e *feedback.Entry) ([]any, error) {
	if e.Time.IsZero() {
		e.Time = time.Now()
	}
	e.Time = e.Time.UTC().Truncate(time.Microsecond)
	if e.Rules == nil {
		e.Rules = []string{}
	}
	rules, err := json.Marshal(e.Rules)
	if err != nil {
		return nil, err
	}
	return []any{e.Time.UnixMicro(), e.AuditSeq, e.DecisionID, string(e.Verdict), string(e.ShouldBe), string(rules), e.Kind, e.Tool, e.Note, e.By}, nil
}

// FeedbackRow is one row of FeedbackColumns as scanned.
type FeedbackRow struct {
	e                        feedback.Entry
	timeUS                   int64
	verdict, shouldBe, rules string
}

// Dest returns the scan destinations, in FeedbackColumns' order.
func (f *FeedbackRow) Dest() []any {
	e := &f.e
	return []any{&e.ID, &f.timeUS, &e.AuditSeq, &e.DecisionID, &f.verdict, &f.shouldBe, &f.rules, &e.Kind, &e.Tool, &e.Note, &e.By}
}

// ScanFeedback reads a row of FeedbackColumns as an entry (AppendRows).
func ScanFeedback(scan func(dest ...any) error) (feedback.Entry, error) {
	var row FeedbackRow
	if err := scan(row.Dest()...); err != nil {
		return feedback.Entry{}, err
	}
	return row.Entry()
}

// Entry returns the scanned row as an entry.
func (f *FeedbackRow) Entry() (feedback.Entry, error) {
	e := f.e
	e.Time = time.UnixMicro(f.timeUS).UTC()
	e.Verdict, e.ShouldBe = guard.Verdict(f.verdict), guard.Verdict(f.shouldBe)
	if err := json.Unmarshal([]byte(f.rules), &e.Rules); err != nil {
		return e, fmt.Errorf("feedback %d: reading its rules: %w", e.ID, err)
	}
	return e, nil
}
