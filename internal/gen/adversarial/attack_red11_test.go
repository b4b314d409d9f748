package main

import "testing"

// TestAttackRed11Rows: the red11 class's destructive rows are held at
// their min and its benign twins run, through the guard.
func TestAttackRed11Rows(t *testing.T) {
	rows := attackRed11Rows()
	checkBenignShare(t, rows)
	checkAttackRows(t, rows, 80)
}
