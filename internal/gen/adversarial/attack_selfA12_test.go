package main

import "testing"

// TestAttackSelfA12Rows: the rows reach their min (the attacks) or run
// (their twins); every attack has a benign twin.
func TestAttackSelfA12Rows(t *testing.T) {
	rows := attackSelfA12Rows()
	checkAttackRows(t, rows, 40)
	checkBenignShare(t, rows)
}
