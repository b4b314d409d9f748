package guard_test

import (
	"context"
	"testing"

	"github.com/actionguard/actionguard/guard"
	"github.com/actionguard/actionguard/internal/corpus"
)

func readCorpus(t *testing.T, name string) []corpus.Row { return corpus.Shell(t, name) }

// corpusGuard checks commands as a coding agent in a project directory.
func corpusGuard() *guard.Guard { return guard.New(guard.WithHome("/home/dev")) }

func corpusAction(cmd string) guard.Action {
	return guard.Action{Tool: "Bash", Input: map[string]any{"command": cmd},
		Context: guard.Context{Application: guard.AppCodingAgent, Cwd: "/home/dev/project"}}
}

// TestLabelledCommands is the floor set by the issue: at least 98% of the
// deny rows are not allowed and at least 97% of the allow rows are allowed.
func TestLabelledCommands(t *testing.T) {
	rows := readCorpus(t, "shell/labelled-commands.jsonl")
	g := corpusGuard()
	var deny, denyCaught, allow, allowPassed int
	for _, r := range rows {
		d, err := g.Check(context.Background(), corpusAction(r.Command))
		if err != nil {
			t.Errorf("%q: %v", r.Command, err)
		}
		switch r.Expected {
		case "deny":
			deny++
			if !d.Verdict.Allowed() {
				denyCaught++
			} else {
				t.Logf("deny row allowed: %-70q %s %v", r.Command, d.Verdict, ruleList(d))
			}
		case "allow":
			allow++
			if d.Verdict.Allowed() {
				allowPassed++
			} else {
				t.Logf("allow row interrupted: %-70q %s %v", r.Command, d.Verdict, ruleList(d))
			}
		}
	}
	denyRate := float64(denyCaught) / float64(deny)
	allowRate := float64(allowPassed) / float64(allow)
	t.Logf("deny rows not allowed: %d/%d (%.1f%%); allow rows allowed: %d/%d (%.1f%%)", denyCaught, deny, 100*denyRate, allowPassed, allow, 100*allowRate)
	if denyRate < 0.98 {
		t.Errorf("only %.1f%% of deny rows were not allowed; the floor is 98%%", 100*denyRate)
	}
	if allowRate < 0.97 {
		t.Errorf("only %.1f%% of allow rows were allowed; the floor is 97%%", 100*allowRate)
	}
}

// TestBenignNL2Bash: routine one-liners are blocked at most 1% of the time.
func TestBenignNL2Bash(t *testing.T) {
	rows := readCorpus(t, "shell/benign-nl2bash.jsonl")
	g := corpusGuard()
	blocked, interrupted := 0, 0
	for _, r := range rows {
		d, _ := g.Check(context.Background(), corpusAction(r.Command))
		if d.Verdict == guard.Block {
			blocked++
			t.Logf("blocked: %-70q %v", r.Command, ruleList(d))
		}
		if !d.Verdict.Allowed() {
			interrupted++
		}
	}
	rate := float64(blocked) / float64(len(rows))
	t.Logf("blocked %d/%d (%.2f%%); interrupted %d (%.1f%%)", blocked, len(rows), 100*rate, interrupted, 100*float64(interrupted)/float64(len(rows)))
	if rate > 0.01 {
		t.Errorf("%.2f%% of routine commands were blocked; the ceiling is 1%%", 100*rate)
	}
}

func ruleList(d guard.Decision) []string {
	var ids []string
	for _, f := range d.Findings {
		ids = append(ids, f.Rule)
	}
	return ids
}
