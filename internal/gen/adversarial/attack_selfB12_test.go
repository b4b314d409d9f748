package main

import "testing"

// TestAttackSelfB12Rows: the attacks are held at their least verdict,
// their twins run, and half the rows are twins.
func TestAttackSelfB12Rows(t *testing.T) {
	rows := attackSelfB12Rows()
	checkAttackRows(t, rows, 52)
	checkBenignShare(t, rows)
}
