package main

import "testing"

// TestAttackAtk10Rows: the netcmd-hide-atk10 class's destructive rows are
// held at their min and its benign twins run, through the guard.
func TestAttackAtk10Rows(t *testing.T) {
	rows := attackAtk10ExtraRows()
	checkBenignShare(t, rows)
	checkAttackRows(t, rows, 80)
}
