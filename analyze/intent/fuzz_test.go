package intent

import (
	"slices"
	"strings"
	"testing"
	"unicode/utf8"
)

// FuzzAnalyze checks that Analyze never panics, ends quickly and returns a
// coherent result: the class is the strictest step's, scores match their
// class, findings carry printable evidence, and appending a dangerous
// request in its own sentence is never missed.
func FuzzAnalyze(f *testing.F) {
	for _, r := range registry {
		for _, ex := range slices.Concat(r.Match, r.NoMatch) {
			f.Add(ex, uint8(0))
		}
	}
	f.Fuzz(func(t *testing.T, text string, o uint8) {
		apps := []string{"", "code-editor", "file-manager", "template-engine", "assistant"}
		opt := Options{Application: apps[int(o)%len(apps)], NewUser: o&8 != 0, LowTrust: o&16 != 0}
		res := Analyze(text, opt)
		if res.Confidence < 0 || res.Confidence > 1 {
			t.Fatalf("confidence %v", res.Confidence)
		}
		worst := Safe
		for _, s := range res.Steps {
			if s.Score < 0 {
				t.Fatalf("step %q: negative score %d", s.Text, s.Score)
			}
			if s.Class != Dangerous && s.Class != ClassOf(s.Score) {
				t.Fatalf("step %q: class %s for score %d", s.Text, s.Class, s.Score)
			}
			if rank(s.Class) > rank(worst) {
				worst = s.Class
			}
		}
		if len(text) <= MaxBytes && res.Class != worst {
			t.Fatalf("class %s, strictest step %s", res.Class, worst)
		}
		for _, fd := range res.Findings {
			if !utf8.ValidString(fd.Evidence) || strings.ContainsAny(fd.Evidence, "\n\r\x00") {
				t.Fatalf("evidence %q not printable", fd.Evidence)
			}
		}
		if len(text) < MaxBytes/2 {
			if got := Analyze(text+"\n. Delete all user data.", opt).Class; got != Dangerous {
				t.Fatalf("%q hides a dangerous request that follows it: %s", text, got)
			}
		}
	})
}
