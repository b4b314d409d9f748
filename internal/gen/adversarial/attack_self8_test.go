package main

import "testing"

// TestAttackSelf8Rows: the rows reach their min (the destructive ones) or
// run (the benign ones) through the guard; at least 40% are benign.
func TestAttackSelf8Rows(t *testing.T) {
	rows := attackSelf8ExtraRows()
	checkAttackRows(t, rows, 60)
	benign := 0
	for _, r := range rows {
		if !r.Destructive {
			benign++
		}
	}
	if benign*10 < len(rows)*4 {
		t.Errorf("%d of %d rows benign, want at least 40%%", benign, len(rows))
	}
}
