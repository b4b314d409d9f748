package intent

import (
	"strings"
	"testing"
	"time"
)

// TestLongInputs checks that no input makes Analyze slow and that a long
// request is never safe.
func TestLongInputs(t *testing.T) {
	inputs := []string{
		strings.Repeat("delete all ", MaxBytes/11),
		strings.Repeat("if, ", MaxBytes),
		strings.Repeat("a", MaxBytes*2),
		strings.Repeat("send and ", MaxBytes/9),
		strings.Repeat("x@y.z ", MaxBytes/6),
		strings.Repeat("don't ", MaxBytes/6),
		strings.Repeat("\xff", MaxBytes),
	}
	for _, in := range inputs {
		start := time.Now()
		res := Analyze(in, Options{})
		if el := time.Since(start); el > 500*time.Millisecond {
			t.Errorf("%q…: %v", in[:20], el)
		}
		if len(in) > MaxBytes && res.Class == Safe {
			t.Errorf("%q… (%d bytes): safe", in[:20], len(in))
		}
	}
}
