package main

import "testing"

// TestAttackSelfB10Rows: the attacks are blocked, their twins run, and
// half the rows are twins.
func TestAttackSelfB10Rows(t *testing.T) {
	rows := attackSelfB10Rows()
	checkAttackRows(t, rows, 60)
	checkBenignShare(t, rows)
}
