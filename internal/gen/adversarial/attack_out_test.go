package main

import "testing"

// TestAttackOutRows: the rows reach their min (the destructive ones) or
// run (the benign ones) through the guard.
func TestAttackOutRows(t *testing.T) {
	checkAttackRows(t, attackOutExtraRows(), 25)
}
