package audit_test

import (
	"bytes"
	"encoding/json"
	"reflect"
	"testing"
	"time"

	"github.com/actionguard/actionguard/audit"
	"github.com/actionguard/actionguard/rule"
)

// plainRecord is the record as it was encoded before Verdict and Level
// were typed: the same fields with plain strings.
type plainRecord struct {
	Seq            int64           `json:"seq"`
	Time           time.Time       `json:"time"`
	SessionID      string          `json:"session_id"`
	Agent          string          `json:"agent"`
	Tool           string          `json:"tool"`
	Kind           string          `json:"kind"`
	Action         json.RawMessage `json:"action"`
	Verdict        string          `json:"verdict"`
	Level          string          `json:"level"`
	Score          int             `json:"score"`
	Risk           int             `json:"risk"`
	Rules          []string        `json:"rules"`
	Reason         string          `json:"reason"`
	Error          string          `json:"error,omitempty"`
	DurationMicros int64           `json:"duration_micros"`
	Confidence     int             `json:"confidence,omitempty"`
	Anomalies      []string        `json:"anomalies,omitempty"`
	Contacts       []audit.Contact `json:"contacts,omitempty"`
	PrevHash       string          `json:"prev_hash"`
	Hash           string          `json:"hash"`
}

// TestRecordVerdictJSONUnchanged: a record's JSON form (what export prints
// and Verify re-reads) is byte for byte what it was with string fields, for
// every verdict and level and for words this release does not know (a
// record written by another release, or tampered with, reads back as
// written rather than being "corrected").
func TestRecordVerdictJSONUnchanged(t *testing.T) {
	verdicts := []rule.Verdict{rule.Allow, rule.Notify, rule.Confirm, rule.Approve, rule.Block, "", "ALLOW", "allow ", "quarantine", "bl\u00f6ck", "<script>"}
	levels := []rule.Level{rule.Safe, rule.Cautious, rule.Privileged, rule.Dangerous, "", "unknown"}
	rt, pt := reflect.TypeOf(audit.Record{}), reflect.TypeOf(plainRecord{})
	if rt.NumField() != pt.NumField() {
		t.Fatalf("audit.Record has %d fields, the mirror %d: keep them alike", rt.NumField(), pt.NumField())
	}
	for i := range rt.NumField() {
		if rt.Field(i).Name != pt.Field(i).Name || rt.Field(i).Tag != pt.Field(i).Tag {
			t.Fatalf("field %d: %s %s, the mirror %s %s", i, rt.Field(i).Name, rt.Field(i).Tag, pt.Field(i).Name, pt.Field(i).Tag)
		}
	}
	at := time.Date(2026, 11, 29, 3, 0, 0, 0, time.UTC)
	for _, v := range verdicts {
		for _, l := range levels {
			r := audit.Record{Seq: 7, Time: at, Tool: "Bash", Kind: "shell", Action: json.RawMessage(`{"tool":"Bash"}`),
				Verdict: v, Level: l, Score: 40, Risk: 4, Rules: []string{"shell.x"}, Reason: "why"}
			p := plainRecord{Seq: 7, Time: at, Tool: "Bash", Kind: "shell", Action: json.RawMessage(`{"tool":"Bash"}`),
				Verdict: string(v), Level: string(l), Score: 40, Risk: 4, Rules: []string{"shell.x"}, Reason: "why"}
			got, want := encode(t, r), encode(t, p)
			if !bytes.Equal(got, want) {
				t.Fatalf("verdict %q level %q:\n got %s\nwant %s", v, l, got, want)
			}
			var back audit.Record
			if err := json.Unmarshal(got, &back); err != nil {
				t.Fatalf("verdict %q: reading back: %v", v, err)
			}
			if back.Verdict != v || back.Level != l {
				t.Fatalf("read back as %q/%q, want %q/%q", back.Verdict, back.Level, v, l)
			}
			if again := encode(t, back); !bytes.Equal(again, got) {
				t.Fatalf("verdict %q: a second encoding differs:\n%s\n%s", v, again, got)
			}
		}
	}
}

func encode(t *testing.T, v any) []byte {
	t.Helper()
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}
