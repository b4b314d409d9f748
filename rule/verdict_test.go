package rule

import (
	"strings"
	"testing"
)

// TestVerdictOrder: the verdicts form one strict order, Max picks the
// stricter whatever the argument order, and a word that is no verdict is
// never valid and never stricter than one.
func TestVerdictOrder(t *testing.T) {
	order := []Verdict{Allow, Notify, Confirm, Approve, Block}
	for i, v := range order {
		if !v.Valid() {
			t.Errorf("%s not valid", v)
		}
		for j, w := range order {
			if got := v.Stricter(w); got != (i > j) {
				t.Errorf("%s.Stricter(%s) = %v", v, w, got)
			}
			want := order[max(i, j)]
			if v.Max(w) != want || w.Max(v) != want {
				t.Errorf("Max(%s, %s) = %s / %s, want %s", v, w, v.Max(w), w.Max(v), want)
			}
		}
		if v.Allowed() != (i <= 1) {
			t.Errorf("%s.Allowed() = %v", v, v.Allowed())
		}
		for _, spelling := range []string{string(v), strings.ToUpper(string(v)), " " + string(v) + "\t"} {
			if got, err := ParseVerdict(spelling); err != nil || got != v {
				t.Errorf("ParseVerdict(%q) = %q, %v", spelling, got, err)
			}
		}
	}
	for _, bad := range []string{"", "deny", "allowed", "blocks", "al low"} {
		v := Verdict(bad)
		if v.Valid() || v.Stricter(Allow) {
			t.Errorf("%q: valid %v, stricter than allow %v", bad, v.Valid(), v.Stricter(Allow))
		}
		if _, err := ParseVerdict(bad); err == nil {
			t.Errorf("ParseVerdict(%q) accepted", bad)
		}
	}
}
