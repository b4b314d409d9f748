package main

import "testing"

// TestAttackSelf14Rows: the attacks are blocked, their twins run, and half
// the rows are twins.
func TestAttackSelf14Rows(t *testing.T) {
	rows := attackSelf14Rows()
	checkAttackRows(t, rows, 48)
	checkBenignShare(t, rows)
}
