package main

import "testing"

// TestAttackSelfC10Rows: the rows reach their min (the attacks) or run
// (their twins); every attack has a benign twin.
func TestAttackSelfC10Rows(t *testing.T) {
	rows := attackSelfC10Rows()
	checkAttackRows(t, rows, 60)
	checkBenignShare(t, rows)
}
