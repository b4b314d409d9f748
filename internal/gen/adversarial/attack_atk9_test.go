package main

import "testing"

// TestAttackAtk9Rows: the arith-transfer-atk9 class's destructive rows are
// held at their min and its benign twins run, through the guard.
func TestAttackAtk9Rows(t *testing.T) {
	rows := attackAtk9ExtraRows()
	benign := 0
	for _, r := range rows {
		if !r.Destructive {
			benign++
		}
	}
	if benign*10 < len(rows)*3 {
		t.Errorf("%d benign twins of %d rows: fewer than 30%%", benign, len(rows))
	}
	checkAttackRows(t, rows, 80)
}
