package guard

import (
	"strings"
	"testing"

	"github.com/actionguard/actionguard/analyze/intent"
)

// The low-confidence rule's example is built without strings.Repeat (see
// overLongRequest): it is the same request, one byte over what the intent
// analyzer reads.
func TestOverLongRequestIsTheRepeatedRequest(t *testing.T) {
	want := "intent " + strings.Repeat("a", intent.MaxBytes+1)
	if got := overLongRequest(); got != want {
		t.Fatalf("overLongRequest: %d bytes, %q…; want %d bytes of the same", len(got), got[:min(len(got), 20)], len(want))
	}
}
