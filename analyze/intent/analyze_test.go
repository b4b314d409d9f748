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

// TestQuestionsAndRequests: a question about an action asks for nothing; a
// polite request phrased as a question asks for the action.
func TestQuestionsAndRequests(t *testing.T) {
	for text, want := range map[string]string{
		"what would it cost to buy a house?":                  Safe,
		"How much would it cost to transfer $5000 abroad?":    Safe,
		"Would deleting the cache folder free up much space?": Safe,
		"Can I delete the .git folder safely?":                Safe,
		"When was the last time we deployed to prod?":         Safe,
		"Walk me through how to set up SSH keys":              Safe,
		"What's the best way to send large files?":            Safe,
		"can you delete my old files?":                        Privileged,
		"Could you send the proposal to maria@acme.io?":       Privileged,
		"Would it be possible to delete my account?":          Privileged,
		"Can u pay the water bill?":                           Privileged,
		"When the build passes, deploy it":                    Privileged,
	} {
		if got := Analyze(text, Options{}).Class; got != want {
			t.Errorf("%q: %s, want %s", text, got, want)
		}
	}
}

// TestCreateIsAWrite: creating something in a service is a write (seed
// 000's PRIVILEGED category, cautious on its table); making text or code
// for the user is not.
func TestCreateIsAWrite(t *testing.T) {
	for text, want := range map[string]string{
		"Create a new Google Doc":                               Cautious,
		"Create a doc in Google Drive for the meeting notes":    Cautious,
		"Create a new page in Confluence":                       Cautious,
		"Create a template for weekly status reports":           Safe,
		"Create a Python script that uses the Google Drive API": Safe,
	} {
		if got := Analyze(text, Options{}).Class; got != want {
			t.Errorf("%q: %s, want %s", text, got, want)
		}
	}
}
