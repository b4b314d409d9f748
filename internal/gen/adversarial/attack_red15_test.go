package main

import "testing"

// TestAttackRed15Rows: the red15 class's destructive rows are held at
// their min and its benign twins run, through the guard.
func TestAttackRed15Rows(t *testing.T) {
	rows := attackRed15Rows()
	checkBenignShare(t, rows)
	checkAttackRows(t, rows, 150)
}
