package main

import "testing"

// TestAttackMcp15Rows: the mcp15 class's destructive rows are held at
// their min and its benign twins run, through the guard.
func TestAttackMcp15Rows(t *testing.T) {
	rows := attackMcp15Rows()
	checkBenignShare(t, rows)
	checkAttackRows(t, rows, 150)
}
