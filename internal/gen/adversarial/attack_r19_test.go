package main

import "testing"

// TestAttackR19Rows: the rows reach their min (the destructive ones) or
// run (the benign ones) through the guard.
func TestAttackR19Rows(t *testing.T) {
	checkAttackRows(t, attackR19ExtraRows(), 30)
}
