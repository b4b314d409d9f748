package main

import "testing"

// TestAttackOut8Rows: the rows reach their min (the destructive ones) or
// run (the benign ones) through the guard, and 40% or more are benign.
func TestAttackOut8Rows(t *testing.T) {
	rows := attackOut8ExtraRows()
	checkAttackRows(t, rows, 40)
	benign := 0
	for _, r := range rows {
		if !r.Destructive {
			benign++
		}
	}
	if benign*10 < len(rows)*4 {
		t.Errorf("%d benign rows of %d, want 40%% or more", benign, len(rows))
	}
}
