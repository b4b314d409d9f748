package shell

import (
	"strings"
	"testing"
)

// git writing its work tree into a protected place: every way to name
// the work tree crossed with every verb that writes it; the same lines
// over an ordinary directory, and the verbs that leave the work tree as
// it is, stay free of shell.self findings.

// gitTreeSpellings name the work tree {W} of a git command whose verb
// and words are {V}.
var gitTreeSpellings = []string{
	"git --work-tree={W} {V}", "git --work-tree {W} {V}", "GIT_WORK_TREE={W} git {V}", "git -C {W} {V}",
	"git --git-dir=/tmp/r/.git --work-tree={W} {V}", "git -c core.worktree={W} {V}", "env GIT_WORK_TREE={W} git {V}",
	"git -C / -C {W} {V}",
}

// gitTreeWrites are verbs (with their words) that write the work tree.
var gitTreeWrites = []string{
	"reset --hard", "reset --hard HEAD~1", "checkout -f", "checkout .", "checkout evil -- .", "switch -f evil", "restore .",
	"read-tree -u -m HEAD", "checkout-index -a -f", "merge evil", "pull", "rebase evil", "cherry-pick abc123", "revert abc123",
	"am < p.mbox", "apply x.diff", "stash pop", "stash apply", "clean -fdx", "submodule update", "sparse-checkout set x",
	"bisect start", "frobnicate",
}

// gitTreeReads leave the work tree as it is.
var gitTreeReads = []string{"status", "log -5", "diff", "show HEAD", "ls-files", "reset", "reset --soft HEAD~1", "read-tree HEAD",
	"apply --check x.diff", "restore --staged .", "stash list", "commit -m x", "fetch", "config --get user.name"}

func TestGitWorkTreeIntoProtected(t *testing.T) {
	for _, w := range []string{"~/.claude", "$HOME/.claude", "/home/dev/.claude", "~/.config/actionguard", "~/.codex", "~", "$HOME", "/home/dev/project/.claude", ".claude"} {
		for _, sp := range gitTreeSpellings {
			for _, v := range gitTreeWrites {
				if strings.Contains(sp, "-C {W}") && gitBringsCommits[strings.Fields(v)[0]] {
					continue // the repository there brought up to date: a notice (TestGitWorkTreeOwnHistory)
				}
				cmd := strings.NewReplacer("{W}", w, "{V}", v).Replace(sp)
				if len(selfFindings(cmd)) == 0 {
					t.Errorf("%s: no shell.self finding (found %v)", cmd, ruleIDs(Analyze(cmd, selfOptions)))
				}
			}
		}
	}
	for _, cmd := range []string{"git checkout-index -a --prefix=$HOME/.claude/", "git checkout-index -a -f --prefix=/home/dev/.cl",
		"git checkout-index --prefix ~/.config/actionguard/ -a", "git -C ~/.claude checkout-index -a -f"} {
		if len(selfFindings(cmd)) == 0 {
			t.Errorf("%s: no shell.self finding (found %v)", cmd, ruleIDs(Analyze(cmd, selfOptions)))
		}
	}
}

func TestGitWorkTreeTwins(t *testing.T) {
	for _, w := range []string{"/tmp/wt", "build", "../other", "~/src/app", "/home/dev/project/sub"} {
		for _, sp := range gitTreeSpellings {
			for _, v := range gitTreeWrites {
				if strings.HasPrefix(v, "clean") {
					continue // git clean is judged by what it removes of the project (self_changes.go)
				}
				cmd := strings.NewReplacer("{W}", w, "{V}", v).Replace(sp)
				wantNoSelf(t, cmd)
			}
		}
	}
	for _, w := range []string{"~/.claude", "~"} {
		for _, sp := range gitTreeSpellings {
			for _, v := range gitTreeReads {
				cmd := strings.NewReplacer("{W}", w, "{V}", v).Replace(sp)
				wantNoSelf(t, cmd)
			}
		}
	}
	for _, cmd := range []string{"git checkout-index -a --prefix=build/", "git checkout-index -a --prefix=/tmp/export/", "git reset --hard", "git checkout -f main"} {
		wantNoSelf(t, cmd)
	}
}

// A settings repository the user keeps, brought up to date with its own
// commits, runs (noted by shell.git.pull-settings); the same verbs with
// another repository's files (--work-tree) are blocked.
func TestGitWorkTreeOwnHistory(t *testing.T) {
	for _, v := range []string{"pull", "merge origin/main", "rebase origin/main"} {
		if got := selfFindings("git -C ~/.claude " + v); len(got) > 0 {
			t.Errorf("git -C ~/.claude %s: %v, want none", v, got)
		}
		if got := selfFindings("git --work-tree=$HOME/.claude " + v); len(got) == 0 {
			t.Errorf("git --work-tree=$HOME/.claude %s: no shell.self finding", v)
		}
	}
}
