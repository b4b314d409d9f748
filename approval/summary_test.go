package approval_test

import (
	"testing"
	"time"

	"github.com/actionguard/actionguard/approval"
	"github.com/actionguard/actionguard/guard"
	"github.com/google/go-cmp/cmp"
)

// A request keeps the decision's anomalies (redacted like the reason), and
// its description shows them with the context's, each once.
func TestSummaryAnomalies(t *testing.T) {
	a := &guard.Action{Tool: "Bash", Input: map[string]any{"command": "npm publish"},
		Context: guard.Context{SessionID: "s1", Anomalies: []string{"23:40 is outside your usual working hours"}}}
	d := &guard.Decision{Verdict: guard.Approve, Level: guard.Privileged, Risk: 8, Reason: "Publishes.",
		Anomalies: []string{"23:40 is outside your usual working hours", "a token ghp_abcdefghijklmnopqrstuvwxyz0123456789 was in the request"}}
	sum := approval.SummaryOf(a, d)
	if diff := cmp.Diff(d.Anomalies, sum.Anomalies); diff != "" {
		t.Errorf("SummaryOf anomalies (-want +got):\n%s", diff)
	}
	r := approval.New([]byte(`{"tool":"Bash","input":{"command":"npm publish"},"context":{"anomalies":["23:40 is outside your usual working hours","the learning layer saw a new project"]}}`), sum, time.Now())
	got := approval.Describe(r).Anomalies
	want := []string{"23:40 is outside your usual working hours", "a token ghp_**** was in the request", "the learning layer saw a new project"}
	if len(got) != 3 || got[0] != want[0] || got[2] != want[2] || got[1] == d.Anomalies[1] {
		t.Errorf("Describe anomalies = %q, want like %q (the token masked)", got, want)
	}
}
