package intent

import (
	"strings"
	"testing"
)

// TestLongInputs checks that the longest inputs end (their cost is
// BenchmarkLongInputs) and that a request too long to read whole is never
// safe.
func TestLongInputs(t *testing.T) {
	for _, in := range longInputs() {
		res := Analyze(in, Options{})
		if len(in) > MaxBytes && res.Class == Safe {
			t.Errorf("%q… (%d bytes): safe", in[:20], len(in))
		}
	}
}

// longInputs are requests at and beyond MaxBytes, built to make a careless
// analysis slow; BenchmarkLongInputs measures their cost.
func longInputs() []string {
	return []string{
		strings.Repeat("delete all ", MaxBytes/11),
		strings.Repeat("if, ", MaxBytes),
		strings.Repeat("a", MaxBytes*2),
		strings.Repeat("send and ", MaxBytes/9),
		strings.Repeat("x@y.z ", MaxBytes/6),
		strings.Repeat("don't ", MaxBytes/6),
		strings.Repeat("\xff", MaxBytes),
	}
}

// BenchmarkLongInputs is the cost of the longest requests (docs/benchmarks.md).
func BenchmarkLongInputs(b *testing.B) {
	for b.Loop() {
		for _, in := range longInputs() {
			Analyze(in, Options{})
		}
	}
}
