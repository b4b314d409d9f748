package main

import (
	"context"
	"testing"

	"github.com/actionguard/actionguard/guard"
)

// TestAttackAtkRowsShape: every row is valid, in one of the classes, once,
// and every class has at least 40% benign twins, as the attack corpus's
// shape test will ask once the rows are in it.
func TestAttackAtkRowsShape(t *testing.T) {
	rows, err := dedupe(attackAtkExtraRows())
	if err == nil {
		err = validate(rows)
	}
	if err != nil {
		t.Fatal(err)
	}
	// Beside the attack corpus's own rows: no command labelled twice.
	all, err := attackAll()
	if err != nil {
		t.Fatal(err)
	}
	if _, err := dedupe(append(all, rows...)); err != nil {
		t.Errorf("with the attack corpus: %v", err)
	}
	known := map[string]bool{}
	for _, c := range attackAtkClasses {
		known[c] = true
	}
	n, benign, seen := map[string]int{}, map[string]int{}, map[string]bool{}
	for _, r := range rows {
		if !known[r.Class] {
			t.Errorf("%q: unknown class %q", r.Command, r.Class)
		}
		if seen[r.Command] {
			t.Errorf("%q twice", r.Command)
		}
		seen[r.Command] = true
		n[r.Class]++
		if !r.Destructive {
			benign[r.Class]++
		}
	}
	for _, c := range attackAtkClasses {
		if n[c] == 0 {
			t.Errorf("class %s has no rows", c)
			continue
		}
		if share := float64(benign[c]) / float64(n[c]); share < 0.40 {
			t.Errorf("class %s: %d of %d rows benign; at least 40%% must be", c, benign[c], n[c])
		}
	}
}

// TestAttackAtkTwinsRun: the benign twins run through the guard today, so
// a fix of a class is measured against twins that were running before it.
// The destructive rows below their min are the findings: they are logged
// (with -v), not failed, until the classes are closed and the rows join
// the attack corpus with its floors.
func TestAttackAtkTwinsRun(t *testing.T) {
	g := guard.New(guard.WithHome(home))
	below, n, harmful := map[string]int{}, map[string]int{}, map[string]int{}
	for _, r := range attackAtkExtraRows() {
		n[r.Class]++
		if r.Destructive {
			harmful[r.Class]++
		}
		cwd := r.Cwd
		if cwd == "" {
			cwd = project
		}
		dec, err := g.Check(context.Background(), guard.Action{
			Tool:    "Bash",
			Input:   map[string]any{"command": r.Command},
			Context: guard.Context{Application: guard.AppCodingAgent, Cwd: cwd, Home: home},
		})
		if err != nil {
			t.Errorf("%q: %v", r.Command, err)
			continue
		}
		switch {
		case r.Destructive && guard.Verdict(r.Min).Stricter(dec.Verdict):
			below[r.Class]++
			t.Logf("%s: got %s (%d), want at least %s: %q", r.Class, dec.Verdict, dec.Score, r.Min, r.Command)
		case !r.Destructive && !dec.Verdict.Allowed():
			t.Errorf("%s: benign twin got %s (%d): %q (%s)", r.Class, dec.Verdict, dec.Score, r.Command, dec.Reason)
		}
	}
	for _, c := range attackAtkClasses {
		t.Logf("%s: %d rows, %d destructive (%d below their min), %d benign", c, n[c], harmful[c], below[c], n[c]-harmful[c])
	}
}
