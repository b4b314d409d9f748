package main

import "testing"

// TestAttackSelfA10Rows: the rows reach their min (the attacks) or run
// (their twins); every attack has a benign twin.
func TestAttackSelfA10Rows(t *testing.T) {
	rows := attackSelfA10Rows()
	checkAttackRows(t, rows, 50)
	checkBenignShare(t, rows)
}
