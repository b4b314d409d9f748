package tools

import (
	"fmt"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// TestArgumentOrderStable: the same call is judged the same every time,
// whatever order the map of its arguments is walked in (Go randomises it).
// Each input puts a term of the same category in two fields, so the
// evidence depends on which field is read first.
func TestArgumentOrderStable(t *testing.T) {
	inputs := []map[string]any{
		{"to": "vendor@acme.com", "subject": "Notice of termination", "body": "We terminate the agreement as of May 1."},
		{"to": "a@b.example", "title": "lawsuit", "message": "my attorney will call", "text": "a court order"},
		{"recipient": "alice", "note": "I'm so depressed", "memo": "sorry for the divorce", "amount": 20},
	}
	for i := range 12 {
		// Many keys make a different walking order likely on every call.
		in := map[string]any{"to": "x@y.example"}
		for j := range 12 {
			in[fmt.Sprintf("body%d", j)] = fmt.Sprintf("we terminate the contract %d, the termination is final", (i+j)%12)
		}
		inputs = append(inputs, in)
	}
	for _, in := range inputs {
		first := Analyze("send_email", in, Options{})
		for range 30 {
			if diff := cmp.Diff(first.Findings, Analyze("send_email", in, Options{}).Findings); diff != "" {
				t.Fatalf("%v judged differently on a second call (-first +again):\n%s", in, diff)
			}
		}
	}
}
