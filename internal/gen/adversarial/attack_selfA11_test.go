package main

import "testing"

// TestAttackSelfA11Rows: the rows reach their min (the attacks) or run
// (their twins); every attack has a benign twin.
func TestAttackSelfA11Rows(t *testing.T) {
	rows := attackSelfA11Rows()
	checkAttackRows(t, rows, 100)
	checkBenignShare(t, rows)
}
