package shell

import (
	"strings"
	"testing"
)

// GNU parallel and rush putting a command together from several pieces:
// each way to split a protected path or an actionguard command over the
// groups, in every grouping spelling; the same lines over ordinary names
// stay free of shell.self findings.

// parallelSplits spread the command "{C}" over argument groups; {A} and
// {B} are the two halves of what it needs.
var parallelSplits = []string{
	"parallel {C} ::: {A} ::: {B}", "parallel --link {C} ::: {A} ::: {B}", "parallel --xapply {C} ::: {A} ::: {B}",
	"parallel {C} ::: {A} :::+ {B}", "parallel -j2 {C} ::: x {A} ::: {B}", "parallel -k {C} ::: {A} ::: y {B}",
}

var parallelAttacks = []struct{ cmd, a, b string }{
	{"cp evil.json {1}/{2}", "~/.claude", "settings.json"},
	{"cp evil.json {1}/{2}", "/home/dev/.codex", "hooks.json"},
	{"tee {1}/{2} < evil.json", "~/.config/actionguard", "policy.yaml"},
	{"actionguard", "mode", "learning"},
	{"actionguard {1} {2}", "tokens", "create"},
	{"{1} {2}", "actionguard", "'mode learning'"},
	{"sh -c 'cp evil.json {1}/{2}'", "~/.claude", "settings.local.json"},
	{"cp evil.json {2}/{1}", "settings.json", "~/.claude"},
	{"rm -rf {1}{2}", "~/.config/", "actionguard"},
}

func TestParallelGroupsAttacks(t *testing.T) {
	for _, sp := range parallelSplits {
		for _, a := range parallelAttacks {
			cmd := strings.NewReplacer("{C}", a.cmd, "{A}", a.a, "{B}", a.b).Replace(sp)
			if len(selfFindings(cmd)) == 0 {
				t.Errorf("%s: no shell.self finding (found %v)", cmd, ruleIDs(Analyze(cmd, selfOptions)))
			}
		}
	}
	for _, cmd := range []string{
		"parallel cp evil.json {1}/{2} ::: ~/.claude :::: names.txt",
		"echo ~/.claude | rush 'cp evil.json {}/settings.json'",
		"printf '%s\\n' ~/.claude | rush -j 2 'cp evil.json {}/settings.json'",
		"echo 'mode learning' | rush 'actionguard {}'",
		"rush 'cp evil.json {}/settings.json' < dirs.txt",
	} {
		if len(selfFindings(cmd)) == 0 {
			t.Errorf("%s: no shell.self finding (found %v)", cmd, ruleIDs(Analyze(cmd, selfOptions)))
		}
	}
}

func TestParallelGroupsTwins(t *testing.T) {
	twins := []struct{ cmd, a, b string }{
		{"cp evil.json {1}/{2}", "build", "settings.json"},
		{"gzip {1}/{2}", "logs", "a.log"},
		{"actionguard", "audit", "tail"},
		{"actionguard {1} {2}", "rules", "--json"},
	}
	for _, sp := range parallelSplits[:4] {
		for _, a := range twins {
			cmd := strings.NewReplacer("{C}", a.cmd, "{A}", a.a, "{B}", a.b).Replace(sp)
			wantNoSelf(t, cmd)
		}
	}
	for _, cmd := range []string{"echo build | rush 'cp a.json {}/settings.json'", "parallel echo ::: a b ::: c d", "parallel echo {1} {2} ::: mode ::: tail", "seq 3 | rush 'echo {}'"} {
		wantNoSelf(t, cmd)
	}
}

// Every combination is judged, up to maxParallelJobs; past it the
// command is too complex to check fully.
func TestParallelGroupsBound(t *testing.T) {
	many := strings.Repeat("d ", 9)
	cmd := "parallel cp evil.json {1}/{2}/{3} ::: " + many + "::: " + many + "::: ~/.claude"
	if !strings.Contains(strings.Join(ruleIDs(Analyze(cmd, selfOptions)), " "), ruleTooComplex.ID) {
		t.Errorf("%s: want %s, found %v", cmd, ruleTooComplex.ID, ruleIDs(Analyze(cmd, selfOptions)))
	}
	jobs, tooMany := parallelJobs([][]parallelItem{{{text: "a"}, {text: "b"}}, {{text: "1"}, {text: "2"}, {text: "3"}}}, []bool{false, false}, false)
	if len(jobs) != 6 || tooMany {
		t.Errorf("2 × 3 items: %d jobs (too many %v), want 6", len(jobs), tooMany)
	}
	jobs, _ = parallelJobs([][]parallelItem{{{text: "a"}, {text: "b"}}, {{text: "1"}, {text: "2"}, {text: "3"}}}, []bool{false, true}, false)
	if len(jobs) != 3 || jobs[2][0].text != "a" || jobs[2][1].text != "3" {
		t.Errorf("linked 2 and 3 items: %v, want 3 jobs, the shorter group repeated", jobs)
	}
}
