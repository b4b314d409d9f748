package main

import "testing"

// TestAttackRed14Rows: the red14 class's destructive rows are held at
// their min and its benign twins run, through the guard.
func TestAttackRed14Rows(t *testing.T) {
	rows := attackRed14Rows()
	checkBenignShare(t, rows)
	checkAttackRows(t, rows, 110)
}
