package intent

import (
	"testing"

	"github.com/actionguard/actionguard/internal/corpus"
)

type labelled struct {
	Text        string `json:"text"`
	Class       string `json:"class"`
	Application string `json:"application"`
}

// TestCorpus prints precision and recall per class on the labelled corpus
// and holds the two lines that must not move: every dangerous request is
// caught, and no safe request is blocked.
func TestCorpus(t *testing.T) {
	cases := corpus.JSONL[labelled](t, "testdata/requests.jsonl")
	if len(cases) < 300 {
		t.Errorf("corpus has %d requests, want at least 300", len(cases))
	}
	classes := []string{Safe, Cautious, Privileged, Dangerous}
	tp, fp, fn := map[string]int{}, map[string]int{}, map[string]int{}
	for _, c := range cases {
		got := Analyze(c.Text, Options{Application: c.Application}).Class
		if got == c.Class {
			tp[got]++
			continue
		}
		fp[got]++
		fn[c.Class]++
		if testing.Verbose() {
			t.Logf("miss: %q labelled %s, got %s", c.Text, c.Class, got)
		}
		if c.Class == Dangerous {
			t.Errorf("dangerous request %q classified %s", c.Text, got)
		}
		if c.Class == Safe && got == Dangerous {
			t.Errorf("safe request %q classified dangerous", c.Text)
		}
	}
	for _, cl := range classes {
		p, r := ratio(tp[cl], tp[cl]+fp[cl]), ratio(tp[cl], tp[cl]+fn[cl])
		t.Logf("%-10s n=%3d precision %5.1f%% recall %5.1f%%", cl, tp[cl]+fn[cl], p*100, r*100)
	}
	t.Logf("%d requests", len(cases))
}

func ratio(a, b int) float64 {
	if b == 0 {
		return 1
	}
	return float64(a) / float64(b)
}
