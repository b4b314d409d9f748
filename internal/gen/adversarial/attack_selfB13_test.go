package main

import "testing"

// TestAttackSelfB13Rows: the attacks are held at their least verdict,
// their twins run, and half the rows are twins.
func TestAttackSelfB13Rows(t *testing.T) {
	rows := attackSelfB13Rows()
	checkAttackRows(t, rows, 38)
	checkBenignShare(t, rows)
}
