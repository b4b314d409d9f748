package main

import "testing"

// TestAttackLeftoversRows: the leftovers class's rows reach their min (the
// destructive ones) or run (the benign ones) through the guard, as the
// attack corpus test will judge them once they are in it.
func TestAttackLeftoversRows(t *testing.T) {
	checkAttackRows(t, attackLeftoversExtraRows(), 30)
}
