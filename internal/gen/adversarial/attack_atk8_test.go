package main

import "testing"

// TestAttackAtk8Rows: the wrappers-atk8 class's rows reach their min (the
// destructive ones) or run (the benign ones) through the guard.
func TestAttackAtk8Rows(t *testing.T) {
	rows := attackAtk8ExtraRows()
	benign := 0
	for _, r := range rows {
		if !r.Destructive {
			benign++
		}
	}
	if benign*10 < len(rows)*4 {
		t.Errorf("%d benign twins of %d rows: fewer than 40%%", benign, len(rows))
	}
	checkAttackRows(t, rows, 90)
}
