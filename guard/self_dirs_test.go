package guard_test

import (
	"testing"

	"github.com/actionguard/actionguard/guard"
)

// TestSelfSettingsDirectories: the agent's hook settings reached through
// their directory, a glob, a rename or git are blocked, in every mode;
// the same commands on ordinary directories run unattended (allow or
// notify).
func TestSelfSettingsDirectories(t *testing.T) {
	block := []string{
		"cp /tmp/e/settings.local.json .claude/", "cp /tmp/e/settings.local.json .claude", "cp -t .claude /tmp/e/settings.local.json",
		"mv /tmp/e/settings.local.json .claude/", "mv /tmp/e/* ~/.claude/", "mv -t ~/.claude /tmp/e/settings.json", "rsync /tmp/e/ .claude/",
		"mv /tmp/e .claude", "cp -r /tmp/e .claude", "ln -s /tmp/e .claude", "rm .claude/*", "rm .cl*/settings.local.json",
		"mv .claude .claude.off", "mv ~/.claude ~/.claude.bak", "git stash -u", "rm -r .c*", `echo "{}" > ~/.claude.json`,
		"git clean -fdx", "git checkout -- .claude", "tar -xf /tmp/e.tar -C .codex", "find .cursor -delete", "rm -rf .github",
		"cp -r /tmp/e/. .", "rsync -a /tmp/e/ ~/",
	}
	twins := []string{
		"cp /tmp/e/notes.md docs/", "mv /tmp/build out", "rm build/*", "mv docs docs.old", "git stash", "cp /tmp/e/settings.json config/",
		"cp notes.md docs/", "rsync -av src/ build/", "cp review.md .claude/commands/", "ls -la .claude", "cat ~/.claude.json",
		"find . -name '*.pyc' -delete", "git checkout main",
	}
	g := guard.New(guard.WithHome("/home/dev"))
	run := func(cmd string) guard.Decision {
		return check(t, g, guard.Action{Tool: "Bash", Input: map[string]any{"command": cmd},
			Context: guard.Context{Application: guard.AppCodingAgent, Cwd: "/home/dev/project", Home: "/home/dev"}})
	}
	for _, cmd := range block {
		if d := run(cmd); d.Verdict != guard.Block {
			t.Errorf("%s: %s (%s), want block", cmd, d.Verdict, d.Reason)
		}
	}
	for _, cmd := range twins {
		if d := run(cmd); d.Verdict != guard.Allow && d.Verdict != guard.Notify {
			t.Errorf("%s: %s (%s), want it to run unattended", cmd, d.Verdict, d.Reason)
		}
	}
}

// TestSelfSettingsTools: a file tool that moves or deletes the agent's
// settings directory is blocked like the shell's mv and rm.
func TestSelfSettingsTools(t *testing.T) {
	g := guard.New(guard.WithHome("/home/dev"))
	for _, c := range []struct {
		tool  string
		in    map[string]any
		block bool
	}{
		{"mcp__filesystem__move_file", map[string]any{"source": "/home/dev/project/.claude", "destination": "/tmp/x"}, true},
		{"mcp__filesystem__move_file", map[string]any{"source": "/tmp/e", "destination": "/home/dev/.claude"}, true},
		{"mcp__filesystem__delete_directory", map[string]any{"path": "/home/dev/project/.codex"}, true},
		{"mcp__filesystem__move_file", map[string]any{"source": "/home/dev/project/docs", "destination": "/home/dev/project/docs.old"}, false},
		{"mcp__filesystem__list_directory", map[string]any{"path": "/home/dev/project/.claude"}, false},
	} {
		d := check(t, g, guard.Action{Tool: c.tool, Input: c.in, Context: guard.Context{Cwd: "/home/dev/project", Home: "/home/dev"}})
		if blocked := d.Verdict == guard.Block; blocked != c.block {
			t.Errorf("%s %v: %s (%s)", c.tool, c.in, d.Verdict, d.Reason)
		}
	}
}
