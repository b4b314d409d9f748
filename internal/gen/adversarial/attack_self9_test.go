package main

import "testing"

// TestAttackSelf9Rows: the rows reach their min (the attacks) or run
// (their twins); every attack has a benign twin.
func TestAttackSelf9Rows(t *testing.T) {
	rows := attackSelf9ExtraRows()
	checkAttackRows(t, rows, 50)
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
