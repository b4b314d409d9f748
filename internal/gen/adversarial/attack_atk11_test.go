package main

import "testing"

// TestAttackAtk11Rows: the feed-atk11 class's destructive rows are held at
// their min and its benign twins run, through the guard.
func TestAttackAtk11Rows(t *testing.T) {
	rows := attackAtk11Rows()
	checkBenignShare(t, rows)
	checkAttackRows(t, rows, 120)
}
