package shell

import (
	"math/rand/v2"
	"strconv"
	"testing"
)

// seenBefore answers as a set of every key noted would, across the switch
// from keys compared in place to the set: sequences of keys drawn from
// pools smaller and larger than seenInPlace, with repeats.
func TestSeenBeforeIsASet(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for _, pool := range []int{1, 3, seenInPlace - 1, seenInPlace, seenInPlace + 1, 3 * seenInPlace} {
		for run := 0; run < 20; run++ {
			r := &report{}
			want := map[findingKey]bool{}
			for i := 0; i < 4*pool; i++ {
				n := rng.IntN(pool)
				// Keys that differ in one field only.
				k := findingKey{rule: "r" + strconv.Itoa(n%3), evidence: "e" + strconv.Itoa(n)}
				if got := r.seenBefore(k); got != want[k] {
					t.Fatalf("pool %d, step %d: seenBefore(%v) = %v, want %v", pool, i, k, got, want[k])
				}
				want[k] = true
			}
		}
	}
}

// A finding added twice is reported once, however many others come
// between.
func TestReportAddDeduplicates(t *testing.T) {
	r := &report{res: &Result{}, env: &analysis{}}
	for round := 0; round < 2; round++ {
		for i := 0; i < 2*seenInPlace; i++ {
			r.add(ruleSelfWrite.Find("evidence "+strconv.Itoa(i), "m"))
		}
	}
	if got := len(r.res.Findings); got != 2*seenInPlace {
		t.Fatalf("%d findings, want %d", got, 2*seenInPlace)
	}
}
