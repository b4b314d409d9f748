package intent

import (
	"strings"
	"testing"

	"github.com/actionguard/actionguard/internal/corpus"
)

type seedCase struct {
	Text        string   `json:"text"`
	Class       string   `json:"class"`
	Note        string   `json:"note"`
	Application string   `json:"application"`
	Condition   string   `json:"condition"`
	Clarify     string   `json:"clarify"`
	Steps       []string `json:"steps"`
	HigherThan  string   `json:"higher_than"`
}

// TestSeedExamples checks every example of seed 000 against the class the
// seed gives it.
func TestSeedExamples(t *testing.T) {
	for _, c := range corpus.JSONL[seedCase](t, "testdata/seed_examples.jsonl") {
		res := Analyze(c.Text, Options{Application: c.Application})
		if res.Class != c.Class {
			t.Errorf("%q (%s, app %q): class %s score %d, want %s; findings %s", c.Text, c.Note, c.Application, res.Class, res.Score, c.Class, ruleIDs(res))
		}
		if c.Condition != "" && res.Condition != c.Condition {
			t.Errorf("%q: condition %q, want %q", c.Text, res.Condition, c.Condition)
		}
		if c.Clarify != "" && res.Clarify != c.Clarify {
			t.Errorf("%q: clarify %q, want %q", c.Text, res.Clarify, c.Clarify)
		}
		if c.Steps != nil {
			var got []string
			for _, s := range res.Steps {
				got = append(got, s.Class)
			}
			if strings.Join(got, ",") != strings.Join(c.Steps, ",") {
				t.Errorf("%q: steps %v, want %v", c.Text, got, c.Steps)
			}
		}
		if c.HigherThan != "" {
			if other := Analyze(c.HigherThan, Options{}); res.Score <= other.Score {
				t.Errorf("%q scores %d, not higher than %q's %d", c.Text, res.Score, c.HigherThan, other.Score)
			}
		}
	}
}

func TestUserContext(t *testing.T) {
	base := Analyze("create a folder", Options{}).Score
	if got := Analyze("create a folder", Options{NewUser: true}).Score; got != base+20 {
		t.Errorf("new user: %d, want %d", got, base+20)
	}
	if got := Analyze("create a folder", Options{LowTrust: true}).Score; got != base+15 {
		t.Errorf("low trust: %d, want %d", got, base+15)
	}
	if got := Analyze("search for React hooks", Options{NewUser: true, LowTrust: true}); got.Class != Safe {
		t.Errorf("a read by a new user: %s, want safe", got.Class)
	}
}
