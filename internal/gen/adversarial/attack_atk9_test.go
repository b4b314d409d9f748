package main

import "testing"

// TestAttackAtk9Rows: the arith-transfer-atk9 class's destructive rows are
// held at their min and its benign twins run, through the guard.
func TestAttackAtk9Rows(t *testing.T) {
	rows := attackAtk9ExtraRows()
	checkBenignShare(t, rows)
	checkAttackRows(t, rows, 80)
}
