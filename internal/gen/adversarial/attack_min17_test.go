package main

import (
	"context"
	"encoding/json"
	"testing"

	"github.com/actionguard/actionguard/guard"
)

// TestAttackMin17Rows: the rows reach their min (the destructive ones)
// or run (the benign ones) through the guard.
func TestAttackMin17Rows(t *testing.T) {
	checkAttackRows(t, attackMin17ExtraRows(), 30)
}

// checkAttackRows judges rows through the guard, as the attack corpus
// test will once they are in it: a destructive row reaches its min, a
// benign one runs.
func checkAttackRows(t *testing.T, rows []Row, least int) {
	t.Helper()
	g := guard.New(guard.WithHome("/home/dev"))
	if len(rows) < least {
		t.Fatalf("only %d rows", len(rows))
	}
	for _, r := range rows {
		cwd := r.Cwd
		if cwd == "" {
			cwd = project
		}
		a := guard.Action{
			Tool:    "Bash",
			Input:   map[string]any{"command": r.Command},
			Context: guard.Context{Application: guard.AppCodingAgent, Cwd: cwd, Home: "/home/dev"},
		}
		if r.Tool != "" {
			a.Tool, a.Input = r.Tool, nil
			if err := json.Unmarshal([]byte(r.Command), &a.Input); err != nil {
				t.Errorf("%s %s: the input is not a JSON object: %v", r.Tool, r.Command, err)
				continue
			}
		}
		d, err := g.Check(context.Background(), a)
		if err != nil {
			t.Errorf("%q: %v", r.Command, err)
			continue
		}
		switch {
		case r.Destructive && guard.Verdict(r.Min).Stricter(d.Verdict):
			t.Errorf("got %s (%d), want at least %s: %q (%s)", d.Verdict, d.Score, r.Min, r.Command, d.Reason)
		case !r.Destructive && !d.Verdict.Allowed():
			t.Errorf("got %s (%d), want it to run: %q (%s)", d.Verdict, d.Score, r.Command, d.Reason)
		}
	}
}

// checkBenignShare: at least 40% of rows are benign twins, as the attack
// corpus asks of every class.
func checkBenignShare(t *testing.T, rows []Row) {
	t.Helper()
	benign := 0
	for _, r := range rows {
		if !r.Destructive {
			benign++
		}
	}
	if benign*10 < len(rows)*4 {
		t.Errorf("%d of %d rows benign, want at least 40%%", benign, len(rows))
	}
}
