package main

import "testing"

// TestAttackR20Rows: the unpack-persist class's rows reach their min (the
// destructive ones) or run (the benign ones) through the guard.
func TestAttackR20Rows(t *testing.T) {
	checkAttackRows(t, attackR20ExtraRows(), 15)
}
