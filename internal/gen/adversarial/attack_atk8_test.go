package main

import "testing"

// TestAttackAtk8Rows: the wrappers-atk8 class's rows reach their min (the
// destructive ones) or run (the benign ones) through the guard.
func TestAttackAtk8Rows(t *testing.T) {
	rows := attackAtk8ExtraRows()
	checkBenignShare(t, rows)
	checkAttackRows(t, rows, 90)
}
