package main

import "testing"

// TestAttackR17Rows: the rows reach their min (the destructive ones) or
// run (the benign ones) through the guard, with at least 40% benign.
func TestAttackR17Rows(t *testing.T) {
	rows := attackR17ExtraRows()
	checkAttackRows(t, rows, 50)
	benign := 0
	for _, r := range rows {
		if !r.Destructive {
			benign++
		}
	}
	if 10*benign < 4*len(rows) {
		t.Errorf("%d of %d rows are benign; at least 40%% must be", benign, len(rows))
	}
}
