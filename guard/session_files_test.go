package guard_test

import (
	"testing"

	"github.com/actionguard/actionguard/guard"
)

func fileStep(tool string, input map[string]any, outcome string) guard.Step {
	return guard.Step{Tool: tool, Input: input, Outcome: outcome}
}

func hasFinding(d guard.Decision, id string) bool {
	for _, f := range d.Findings {
		if f.Rule == id {
			return true
		}
	}
	return false
}

// TestSessionFilesRun: a script the agent wrote with its file tools earlier
// in the session is judged by its content when a later shell call runs it.
func TestSessionFilesRun(t *testing.T) {
	write := func(p, content string) guard.Step {
		return fileStep("Write", map[string]any{"file_path": p, "content": content}, "")
	}
	edit := func(p, old, nw string) guard.Step {
		return fileStep("Edit", map[string]any{"file_path": p, "old_string": old, "new_string": nw}, "")
	}
	for _, c := range []struct {
		name    string
		history []guard.Step
		cmd     string
		want    string // a finding id, or "" for none of the listed
	}{
		{"write then bash", []guard.Step{write("/home/u/app/clean.sh", "rm -rf ~\n")}, "bash clean.sh", "shell.fs.rm-home"},
		{"write then ./", []guard.Step{write("/home/u/app/x", "#!/bin/sh\nrm -rf /\n")}, "chmod +x x && ./x", "shell.fs.rm-root"},
		{"write relative path", []guard.Step{write("x.sh", "rm -rf ~")}, "sh ./x.sh", "shell.fs.rm-home"},
		{"write python", []guard.Step{write("/home/u/app/t.py", "import shutil\nshutil.rmtree('/')\n")}, "python3 t.py", "shell.fs.rm-root"},
		{"write then source", []guard.Step{write("/home/u/app/env.sh", "rm -rf ~")}, "source env.sh", "shell.fs.rm-home"},
		{"edit of a written file", []guard.Step{write("/home/u/app/b.sh", "echo build\n"), edit("/home/u/app/b.sh", "echo build", "rm -rf ~")}, "bash b.sh", "shell.fs.rm-home"},
		{"edit of an unknown file", []guard.Step{edit("/home/u/app/run.sh", "make", "make; rm -rf ~")}, "bash run.sh", "shell.fs.rm-home"},
		{"multiedit", []guard.Step{fileStep("MultiEdit", map[string]any{"file_path": "/home/u/app/m.sh", "edits": []any{map[string]any{"old_string": "a", "new_string": "rm -rf /"}}}, "")}, "bash m.sh", "shell.fs.rm-root"},
		{"write then crontab", []guard.Step{write("/home/u/app/cron.txt", "0 3 * * * rm -rf ~\n")}, "crontab cron.txt", "shell.fs.rm-home"},
		{"write then at -f", []guard.Step{write("/home/u/app/job", "rm -rf /")}, "at -f job now", "shell.fs.rm-root"},
		{"write then make", []guard.Step{write("/home/u/app/Makefile", "all:\n\trm -rf ~\n")}, "make", "shell.fs.rm-home"},
	} {
		d := check(t, guard.New(), act(c.cmd, func(ctx *guard.Context) { ctx.History = c.history }))
		if !hasFinding(d, c.want) {
			t.Errorf("%s: %q after the session's writes: want %s, got %v", c.name, c.cmd, c.want, ruleIDsOf(d))
		}
	}
	// Benign twins and calls that never wrote.
	for _, c := range []struct {
		name    string
		history []guard.Step
		cmd     string
	}{
		{"benign script", []guard.Step{write("/home/u/app/build.sh", "go build ./...\ngo test ./...\n")}, "bash build.sh"},
		{"blocked write", []guard.Step{fileStep("Write", map[string]any{"file_path": "/home/u/app/x.sh", "content": "rm -rf ~"}, guard.OutcomeBlocked)}, "bash x.sh"},
		{"declined write", []guard.Step{fileStep("Write", map[string]any{"file_path": "/home/u/app/x.sh", "content": "rm -rf ~"}, guard.OutcomeDeclined)}, "bash x.sh"},
		{"other file", []guard.Step{write("/home/u/app/a.sh", "rm -rf ~")}, "bash b.sh"},
		{"written, not run", []guard.Step{write("/home/u/app/a.sh", "rm -rf ~")}, "cat a.sh"},
		{"edit removed it", []guard.Step{write("/home/u/app/a.sh", "rm -rf ~\n"), edit("/home/u/app/a.sh", "rm -rf ~", "echo ok")}, "bash a.sh"},
	} {
		d := check(t, guard.New(), act(c.cmd, func(ctx *guard.Context) { ctx.History = c.history }))
		if hasFinding(d, "shell.fs.rm-home") || hasFinding(d, "shell.fs.rm-root") {
			t.Errorf("%s: %q: unexpected %v", c.name, c.cmd, ruleIDsOf(d))
		}
	}
}

func ruleIDsOf(d guard.Decision) []string {
	var ids []string
	for _, f := range d.Findings {
		ids = append(ids, f.Rule)
	}
	return ids
}
