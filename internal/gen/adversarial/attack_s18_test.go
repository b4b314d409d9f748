package main

import "testing"

// TestAttackS18Rows: the rows reach their min (the destructive ones) or
// run (the benign ones) through the guard; at least 40% are benign.
func TestAttackS18Rows(t *testing.T) {
	rows := attackS18ExtraRows()
	checkAttackRows(t, rows, 40)
	checkBenignShare(t, rows)
}
