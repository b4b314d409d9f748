package chain

import (
	"encoding/json"
	"os"
	"path/filepath"
	"testing"
	"unicode/utf8"
)

// fuzzCase is the JSON a fuzz input decodes into.
type fuzzCase struct {
	Cwd      string  `json:"cwd"`
	Home     string  `json:"home"`
	MaxSteps int     `json:"max_steps"`
	Steps    []Step  `json:"steps"`
	Call     jsonRun `json:"call"`
}

// FuzzAnalyze: any history and call, as JSON, is analysed without a
// panic, and the findings are registered rules, one each, fit to show.
func FuzzAnalyze(f *testing.F) {
	for _, ss := range loadSessions(f) {
		for _, s := range ss {
			o := s.options()
			b, err := json.Marshal(fuzzCase{Cwd: o.Cwd, Home: o.Home, MaxSteps: s.MaxSteps, Steps: s.Steps, Call: s.Call})
			if err != nil {
				f.Fatal(err)
			}
			f.Add(b)
		}
	}
	ids := map[string]bool{}
	for _, r := range Rules() {
		ids[r.ID] = true
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		if len(data) > 64<<10 {
			return
		}
		var c fuzzCase
		if json.Unmarshal(data, &c) != nil {
			return
		}
		fs := Analyze(Call{Tool: c.Call.Tool, Input: c.Call.Input}, c.Steps, Options{Cwd: c.Cwd, Home: c.Home, MaxSteps: c.MaxSteps})
		seen := map[string]bool{}
		for _, x := range fs {
			if !ids[x.Rule] || seen[x.Rule] {
				t.Fatalf("finding %s unregistered or twice: %v", x.Rule, fs)
			}
			seen[x.Rule] = true
			if !utf8.ValidString(x.Message) || !utf8.ValidString(x.Evidence) || x.Message == "" {
				t.Fatalf("finding not fit to show: %+v", x)
			}
		}
	})
}

// TestFuzzSeedsCommitted: the committed corpus holds the sessions, so
// that a fuzz run starts from them (one seed per session).
func TestFuzzSeedsCommitted(t *testing.T) {
	files, _ := filepath.Glob(filepath.Join("testdata", "fuzz", "FuzzAnalyze", "*"))
	if len(files) < 10 {
		t.Errorf("testdata/fuzz/FuzzAnalyze has %d seeds", len(files))
	}
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil || len(b) == 0 {
			t.Errorf("%s: %v", f, err)
		}
	}
}
