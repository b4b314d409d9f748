package main

import "testing"

// TestAttackAtk12Rows: the feed-atk12 class's destructive rows are held at
// their min and its benign twins run, through the guard.
func TestAttackAtk12Rows(t *testing.T) {
	rows := attackAtk12Rows()
	checkBenignShare(t, rows)
	checkAttackRows(t, rows, 140)
}
