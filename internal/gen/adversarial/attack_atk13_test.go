package main

import "testing"

// TestAttackAtk13Rows: the feed-atk13 class's destructive rows are held at
// their min and its benign twins run, through the guard.
func TestAttackAtk13Rows(t *testing.T) {
	rows := attackAtk13Rows()
	checkBenignShare(t, rows)
	checkAttackRows(t, rows, 100)
}
