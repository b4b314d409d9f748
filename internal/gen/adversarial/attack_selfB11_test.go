package main

import "testing"

// TestAttackSelfB11Rows: the attacks are blocked, their twins run, and
// half the rows are twins.
func TestAttackSelfB11Rows(t *testing.T) {
	rows := attackSelfB11Rows()
	checkAttackRows(t, rows, 28)
	checkBenignShare(t, rows)
}
