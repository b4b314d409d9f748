package main

import "testing"

// TestAttackRed12Rows: the red12 class's destructive rows are held at
// their min and its benign twins run, through the guard.
func TestAttackRed12Rows(t *testing.T) {
	rows := attackRed12Rows()
	checkBenignShare(t, rows)
	checkAttackRows(t, rows, 160)
}
