package hookrun

import (
	"testing"

	"github.com/actionguard/actionguard/guard"
	"github.com/actionguard/actionguard/policy"
)

// TestDurableRecords: every verdict, with and without strict durability.
// Only an allowed or notified call under the default policy skips the sync.
func TestDurableRecords(t *testing.T) {
	for _, v := range []guard.Verdict{guard.Allow, guard.Notify, guard.Confirm, guard.Approve, guard.Block, ""} {
		for _, strict := range []bool{false, true} {
			p := policy.Default()
			p.StrictDurability = strict
			want := strict || (v != guard.Allow && v != guard.Notify)
			if got := durable(p, v); got != want {
				t.Errorf("verdict %q, strict %v: durable %v, want %v", v, strict, got, want)
			}
		}
		if !durable(nil, v) {
			t.Errorf("verdict %q without a policy: not synced", v)
		}
	}
}
