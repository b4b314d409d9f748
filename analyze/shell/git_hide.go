package shell

import (
	"strings"

	"github.com/actionguard/actionguard/rule"
)

// git update-index --skip-worktree and --assume-unchanged tell git not to
// look at a tracked file's copy in the work tree any more. The file's
// edits then vanish from git status, git diff and git add -A: a reviewer
// sees a clean tree while the file on disk does something else, and the
// edits are never committed, so nothing records them. Later commands
// treat the file as unchanged: a checkout, stash or reset may overwrite
// it without a word, and work is lost with no trace. An agent has no
// everyday reason to hide its own edits from the person reviewing them,
// so the verdict is an explicit approval (docs/shell-analysis.md).

var atk10Rules = []*rule.Rule{ruleGitHideChanges}

var ruleGitHideChanges = &rule.Rule{
	ID: "shell.git.hide-changes", Category: rule.Obfuscation, Points: 75,
	Summary:     "Makes git stop seeing the edits of tracked files (skip-worktree, assume-unchanged): they disappear from git status and git diff, so a reviewer does not see them, and a later checkout or reset may overwrite them without a word.",
	Alternative: "leave the file tracked and show the change; to keep a local setting out of commits, use an untracked override file listed in .gitignore",
	Match:       []string{"git update-index --skip-worktree config/app.yml", "git update-index --assume-unchanged src/auth.go", "git update-index --assume-u .env.example"},
	NoMatch:     []string{"git update-index --no-skip-worktree config/app.yml", "git update-index --no-assume-unchanged src/auth.go", "git update-index --refresh", "git update-index --chmod=+x run.sh", "git ls-files -v"},
}

// gitHideChanges judges git update-index with an option that sets the
// skip-worktree or assume-unchanged bit of the files it names.
func gitHideChanges(c *Cmd, r *report) {
	var bits []string
	for _, o := range c.Argv().Opts {
		if o.Negated {
			continue
		}
		switch o.Name {
		case "--skip-worktree", "--assume-unchanged":
			bits = append(bits, strings.TrimPrefix(o.Name, "--"))
		}
	}
	if len(bits) == 0 {
		return
	}
	files := c.Positional()
	what := "the files it names"
	switch {
	case c.Has("--stdin"):
		what = "the files read from standard input"
	case len(files) > 0:
		what = truncateText(strings.Join(files, " "), 80)
	}
	r.add(c.find(ruleGitHideChanges, "Marks "+what+" "+strings.Join(bits, " and ")+": git stops showing their edits in git status and git diff, so a reviewer does not see them, and a later checkout or reset may overwrite them without a word.", files...))
}
