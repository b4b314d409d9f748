package shell

import (
	"strings"

	"github.com/actionguard/actionguard/rule"
)

// git rm -r --cached . untracks every file; it is the first half of
// re-applying .gitignore (git add . puts the files back). A commit made
// while the index is still empty records the deletion of every file, and a
// push hands that to everyone on the branch.

var ruleGitCommitUntrackAll = &rule.Rule{
	ID: "shell.git.commit-untrack-all", Category: rule.Destructive, Points: 50,
	Summary:     "Commits a change that deletes every file of the repository from the branch (git rm -r --cached . without git add . after it).",
	Alternative: "add the files back (git add .) before committing, or untrack only the paths you mean to (git rm -r --cached build)",
	Match:       []string{"git rm -r --cached . && git commit -m x && git push", "git rm -rq --cached . && git commit -qm wip"},
	NoMatch: []string{"git rm -r --cached . && git add . && git commit -m 'apply .gitignore'", "git rm -r --cached build && git commit -m 'ignore build'",
		"git rm --cached secrets.env && git commit -m untrack"},
}

// wholeRepoPathspec reports whether a pathspec of git rm names every file
// from where it runs: ".", ":/", "*", the top-level directory.
func wholeRepoPathspec(p string) bool {
	switch strings.TrimSuffix(p, "/") {
	case ".", "", ":", ":/", ":/*", ":(top)", ":(top)*", "*", "./*", ":/.", ":(glob)**", "**":
		return true
	}
	return false
}

// gitIndexFlow follows the index through the command line: emptied by
// git rm -r --cached ., filled again by git add ., committed empty.
func gitIndexFlow(c *Cmd, r *report, sub string) {
	fl := r.fl()
	switch sub {
	case "rm":
		if !c.Has("--cached") || !c.Has("-r") {
			return
		}
		for _, p := range c.Positional() {
			if wholeRepoPathspec(p) {
				fl.indexEmptied = true
				return
			}
		}
	case "add", "stage":
		if c.Has("-A", "--all") {
			fl.indexEmptied = false
			return
		}
		for _, p := range c.Positional() {
			if wholeRepoPathspec(p) {
				fl.indexEmptied = false
				return
			}
		}
	case "commit":
		if fl.indexEmptied && !c.Has("--dry-run") {
			r.add(c.find(ruleGitCommitUntrackAll, "Commits the removal of every file from the branch (git rm -r --cached . left the index empty): pushed, it deletes them for everyone.", "commit"))
		}
	}
}
