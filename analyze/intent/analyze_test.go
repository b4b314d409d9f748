package intent

import (
	"strings"
	"testing"
)

func TestSteps(t *testing.T) {
	res := Analyze("Find the old invoices, archive them and then email the summary to accounting@example.com", Options{})
	var got []string
	for _, s := range res.Steps {
		got = append(got, s.Text+"="+s.Class)
	}
	want := "Find the old invoices=safe|archive them=cautious|email the summary to accounting@example.com=privileged"
	if strings.Join(got, "|") != want {
		t.Errorf("steps %q, want %q", strings.Join(got, "|"), want)
	}
	if res.Class != Privileged {
		t.Errorf("class %s, want the strictest step's", res.Class)
	}
}

func TestAnomalies(t *testing.T) {
	if res := Analyze("Update my profile", Options{}); res.Confidence >= 0.6 || !hasAnomaly(res, "low confidence") {
		t.Errorf("ambiguous request: confidence %v, anomalies %v", res.Confidence, res.Anomalies)
	}
	if res := Analyze("create a test backup copy", Options{}); res.Class != Safe || !hasAnomaly(res, "keywords and score disagree") {
		t.Errorf("privileged keyword scoring safe: %s, anomalies %v", res.Class, res.Anomalies)
	}
	if res := Analyze("search for React hooks", Options{}); len(res.Anomalies) != 0 || res.Confidence < 0.6 {
		t.Errorf("plain search: confidence %v, anomalies %v", res.Confidence, res.Anomalies)
	}
}

func TestEmpty(t *testing.T) {
	for _, in := range []string{"", "   ", "...", "\x00"} {
		if res := Analyze(in, Options{}); res.Class != Safe || res.Score != 0 {
			t.Errorf("%q: %s %d", in, res.Class, res.Score)
		}
	}
}

func TestClassOf(t *testing.T) {
	for score, want := range map[int]string{0: Safe, 25: Safe, 26: Cautious, 70: Cautious, 71: Privileged, 100: Privileged, 101: Dangerous} {
		if got := ClassOf(score); got != want {
			t.Errorf("ClassOf(%d) = %s, want %s", score, got, want)
		}
	}
}

func hasAnomaly(res *Result, prefix string) bool {
	for _, a := range res.Anomalies {
		if strings.HasPrefix(a, prefix) {
			return true
		}
	}
	return false
}
