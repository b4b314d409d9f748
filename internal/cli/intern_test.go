package cli

import (
	"fmt"
	"strings"
	"testing"

	"github.com/actionguard/actionguard/guard"
)

// TestInternedStringsBounded: a stream whose every line brings new context
// values (a session id per line, long working directories) keeps at most
// maxInterned strings, none longer than maxInternedLen, and every line is
// still read as written.
func TestInternedStringsBounded(t *testing.T) {
	strs := internedStrings{}
	for i := range 3 * maxInterned {
		cwd := "/w/" + strings.Repeat("d", i%(2*maxInternedLen))
		line := fmt.Sprintf(`{"tool":"Bash","input":{"command":"ls","k%d":1},"context":{"cwd":%q,"session_id":"s%d"}}`, i, cwd, i)
		var act guard.Action
		if err := readActionLineInterned([]byte(line), &act, strs); err != nil {
			t.Fatalf("line %d: %v", i, err)
		}
		if act.Context.Cwd != cwd || act.Context.SessionID != fmt.Sprint("s", i) || act.Tool != "Bash" {
			t.Fatalf("line %d read as %+v", i, act)
		}
		if _, ok := act.Input[fmt.Sprint("k", i)]; !ok {
			t.Fatalf("line %d: input %v", i, act.Input)
		}
	}
	if len(strs) > maxInterned {
		t.Errorf("%d strings kept, the bound is %d", len(strs), maxInterned)
	}
	for s := range strs {
		if len(s) > maxInternedLen {
			t.Errorf("a string of %d bytes kept, the bound is %d", len(s), maxInternedLen)
		}
	}
}
