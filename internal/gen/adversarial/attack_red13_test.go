package main

import "testing"

// TestAttackRed13Rows: the red13 class's destructive rows are held at
// their min and its benign twins run, through the guard.
func TestAttackRed13Rows(t *testing.T) {
	rows := attackRed13Rows()
	checkBenignShare(t, rows)
	checkAttackRows(t, rows, 90)
}
