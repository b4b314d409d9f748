package shell

import (
	"strings"
	"testing"
)

// FuzzEmptyTail: the split of a deletion's operand into a place and the
// trailing expansions never panics, and gives back the operand: the place
// followed by the expansions, last cut first.
func FuzzEmptyTail(f *testing.F) {
	for _, s := range []string{"~${x}", "/$x", "$HOME/$UNSET", "/usr/${a}${b}", "~/${x:-}", "~/${x}build", "${", "$", "/${x:?}", "$HOME$x", "/dev/tcp/127.0.0.1/80"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		place, vars, ok := emptyTail(s)
		_ = loopbackDev(s)
		if !ok {
			return
		}
		if len(vars) == 0 || place == "" {
			t.Fatalf("emptyTail(%q) = %q, %v: ok without a place and a tail", s, place, vars)
		}
		var b strings.Builder
		b.WriteString(place)
		for i := len(vars) - 1; i >= 0; i-- {
			if !mayBeEmpty(vars[i]) {
				t.Fatalf("emptyTail(%q) kept %q, which cannot be empty", s, vars[i])
			}
			b.WriteString(vars[i])
		}
		if b.String() != s {
			t.Fatalf("emptyTail(%q) = %q + %v: not the operand", s, place, vars)
		}
	})
}
