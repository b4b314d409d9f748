package main

import "testing"

// TestAttackSelf9Rows: the rows reach their min (the attacks) or run
// (their twins); every attack has a benign twin.
func TestAttackSelf9Rows(t *testing.T) {
	rows := attackSelf9ExtraRows()
	checkAttackRows(t, rows, 50)
	checkBenignShare(t, rows)
}
