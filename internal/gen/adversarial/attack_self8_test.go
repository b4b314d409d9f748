package main

import "testing"

// TestAttackSelf8Rows: the rows reach their min (the destructive ones) or
// run (the benign ones) through the guard; at least 40% are benign.
func TestAttackSelf8Rows(t *testing.T) {
	rows := attackSelf8ExtraRows()
	checkAttackRows(t, rows, 60)
	checkBenignShare(t, rows)
}
