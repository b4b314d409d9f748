package shell

import (
	"path"
	"strings"
)

// git writing a work tree somewhere else. git -C DIR, --work-tree=DIR,
// GIT_WORK_TREE=DIR, -c core.worktree=DIR and checkout-index --prefix=DIR/
// make git write the repository's files into DIR: git --work-tree=
// ~/.claude reset --hard replaces the agent's settings with whatever the
// repository holds, and no word of the line names them. A verb that may
// write the work tree, run with a work tree that is (or lies in, or holds)
// a protected place, is judged as a write of that place. The verbs known
// to leave the work tree as it is (reading, staging, committing, fetching)
// run wherever it is; any other verb, one this list does not know
// included, counts as writing.

// gitTreeKeepers are git's verbs that do not write files of the work tree.
var gitTreeKeepers = map[string]bool{
	"status": true, "log": true, "diff": true, "show": true, "blame": true, "annotate": true, "grep": true, "ls-files": true,
	"ls-tree": true, "rev-parse": true, "rev-list": true, "cat-file": true, "describe": true, "shortlog": true, "reflog": true,
	"for-each-ref": true, "show-ref": true, "count-objects": true, "fsck": true, "help": true, "version": true, "fetch": true,
	"remote": true, "add": true, "commit": true, "branch": true, "tag": true, "push": true, "gc": true, "notes": true,
	"var": true, "check-ignore": true, "check-attr": true, "name-rev": true, "merge-base": true, "whatchanged": true,
	"ls-remote": true, "range-diff": true, "cherry": true, "verify-commit": true, "verify-tag": true, "update-index": true,
	"write-tree": true, "diff-tree": true, "diff-index": true, "diff-files": true, "hash-object": true, "config": true,
	"format-patch": true, "bundle": true, "archive": true, "maintenance": true, "prune": true, "repack": true, "": true,
}

// gitBringsCommits are the verbs that bring the repository's own commits
// into its work tree without throwing away what is there.
var gitBringsCommits = map[string]bool{"pull": true, "merge": true, "rebase": true, "cherry-pick": true, "revert": true}

// gitWritesTree reports whether git's verb (with its words args) may
// write files of the work tree.
func gitWritesTree(verb string, args []string) bool {
	if gitTreeKeepers[verb] || gitAsksHelp(args, nil) {
		return false
	}
	_, flags := gitPathspec(args, verb)
	switch verb {
	case "reset":
		return flags["--hard"] || flags["--merge"] || flags["--keep"]
	case "read-tree":
		return flags["-u"]
	case "apply":
		return !flags["--cached"] && !flags["--check"] && !flags["--stat"] && !flags["--numstat"] && !flags["--summary"]
	case "restore":
		return !(flags["--staged"] || flags["-S"]) || flags["--worktree"] || flags["-W"]
	case "stash":
		if len(args) > 0 {
			switch args[0] {
			case "list", "show", "drop", "clear", "create", "store":
				return false
			}
		}
	case "worktree":
		return len(args) == 0 || args[0] != "list" && args[0] != "prune" && args[0] != "lock" && args[0] != "unlock"
	case "bisect":
		return len(args) == 0 || args[0] != "log" && args[0] != "visualize" && args[0] != "view"
	}
	return true
}

// gitWorkTree is the work tree git writes, as written and how it was
// given; "" when it is the working directory the line runs in.
func gitWorkTree(r *report, c *Cmd) (tree, given string) {
	dir := ""
	for i := 0; i < len(c.Args); i++ {
		a := c.Args[i]
		val := func(name string) (string, bool) {
			if a == name && i+1 < len(c.Args) {
				i++
				return c.Args[i], true
			}
			return strings.CutPrefix(a, name+"=")
		}
		if v, ok := val("-C"); ok {
			dir = gitJoin(dir, v)
			tree, given = dir, "git -C "+v
			continue
		}
		if v, ok := val("--work-tree"); ok {
			tree, given = gitJoin(dir, v), "--work-tree="+v
			continue
		}
		if v, ok := val("-c"); ok {
			if k, w, ok := strings.Cut(v, "="); ok && strings.EqualFold(k, "core.worktree") {
				tree, given = gitJoin(dir, w), "-c core.worktree="+w
			}
			continue
		}
		if !strings.HasPrefix(a, "-") {
			break // the verb
		}
	}
	if strings.HasPrefix(given, "--work-tree") || strings.HasPrefix(given, "-c ") {
		return tree, given
	}
	if v, ok := gitWorkTreeVar(r, c); ok {
		return gitJoin(dir, v), "GIT_WORK_TREE=" + v
	}
	return tree, given
}

// gitWorkTreeVar is GIT_WORK_TREE as the command's own assignment or an
// earlier export of the line sets it.
func gitWorkTreeVar(r *report, c *Cmd) (string, bool) {
	if ev, ok := commandEnv(c)["GIT_WORK_TREE"]; ok && !ev.dynamic {
		return ev.value, true
	}
	v, found := "", false
	// export, declare -x, set -a then an assignment, an assignment then
	// export NAME: the variable the line holds when git starts.
	if r.fl().cur != nil {
		for _, lv := range r.lineVars(c, func(n string) bool { return n == "GIT_WORK_TREE" }) {
			v, found = lv.value, true
			if lv.dyn {
				v = "$GIT_WORK_TREE"
			}
		}
	}
	if !found && strings.Contains(c.Text, "GIT_WORK_TREE=") {
		// env GIT_WORK_TREE=… git …: the assignment is in the text.
		for _, w := range strings.Fields(c.Text) {
			if x, ok := strings.CutPrefix(w, "GIT_WORK_TREE="); ok {
				v, found = strings.Trim(x, `"'`), true
			}
		}
	}
	return v, found
}

// gitJoin is the directory p, relative to dir when dir is given and p is
// relative.
func gitJoin(dir, p string) string {
	if dir == "" || p == "" || strings.HasPrefix(p, "/") || strings.HasPrefix(p, "~") || strings.HasPrefix(p, "$") {
		return p
	}
	return path.Join(dir, p)
}

// gitCheckoutPrefix is checkout-index's --prefix: every file it writes is
// that text followed by the file's name.
func gitCheckoutPrefix(c *Cmd) (string, bool) {
	args := gitVerbArgs(c.Args)
	for i, a := range args {
		if v, ok := strings.CutPrefix(a, "--prefix="); ok {
			return v, true
		}
		if a == "--prefix" && i+1 < len(args) {
			return args[i+1], true
		}
	}
	return "", false
}

// selfGitTree judges git writing its work tree into a protected place.
func (r *report) selfGitTree(c *Cmd, env *analysis) bool {
	verb := gitVerb(c.Args)
	args := gitVerbArgs(c.Args)
	if !gitWritesTree(verb, args) {
		return false
	}
	tree, given := gitWorkTree(r, c)
	if t, g, ok := r.gitRepoTree(c, env, given); ok {
		tree, given = t, g // the repository's own core.worktree (self_gitdir.go)
	}
	if strings.HasPrefix(given, "git -C") && gitBringsCommits[verb] {
		// A settings repository kept by the user, brought up to date:
		// its own history, noted by the rule for pulls of settings
		// (arrive.go). Its files replaced by another's are not.
		return false
	}
	if verb == "checkout-index" {
		if p, ok := gitCheckoutPrefix(c); ok {
			if !strings.HasSuffix(p, "/") {
				p += "\x00" // --prefix=~/.cl: the names go on after it
			}
			tree, given = gitJoin(tree, p), "--prefix="+strings.TrimSuffix(p, "\x00")
		}
	}
	return r.judgeGitTree(c, env, verb, tree, given)
}

// selfGitVarHandler judges git started while a variable set earlier in the
// line (export GIT_WORK_TREE=~/.claude; git reset --hard, declare -x, set
// -a and an assignment) names its work tree. It runs during the walk,
// when the line's variables are known; a work tree given on the command
// itself is judged by selfGitTree.
func selfGitVarHandler(c *Cmd, r *report) {
	verb := gitVerb(c.Args)
	if !gitWritesTree(verb, gitVerbArgs(c.Args)) || strings.Contains(c.Text, "GIT_WORK_TREE=") {
		return
	}
	if _, on := commandEnv(c)["GIT_WORK_TREE"]; on {
		return
	}
	tree, given := gitWorkTree(r, c)
	if given == "" && !strings.Contains(c.Text, "GIT_DIR=") {
		// export GIT_DIR=/tmp/r; git reset --hard: the repository's own
		// core.worktree (self_gitdir.go).
		if t, g, ok := r.gitRepoTree(c, c.env.in(c.Cwd), given); ok && strings.Contains(g, " of GIT_DIR=") {
			r.judgeGitTree(c, c.env.in(c.Cwd), verb, t, g+", exported")
		}
		return
	}
	if !strings.HasPrefix(given, "GIT_WORK_TREE=") {
		return
	}
	r.judgeGitTree(c, c.env.in(c.Cwd), verb, tree, "export "+given)
}

// judgeGitTree judges git's verb writing the work tree tree (given: how
// the line names it) against the protected places.
func (r *report) judgeGitTree(c *Cmd, env *analysis, verb, tree, given string) bool {
	if tree == "" {
		return false
	}
	part := env.selfReach(selfChange{tree, true})
	if !part.ok() && strings.ContainsAny(tree, "$`\x00") {
		part = env.selfReachUnknown(tree, true)
	}
	if !part.ok() {
		if abs, ok := env.resolve(tree); ok && env.home != "" && (selfHomeOrAbove(abs, env.home) || env.controlAncestor(abs)) {
			part.what = "a directory that holds the agent's settings and actionguard's own files"
		}
	}
	if !part.ok() {
		return false
	}
	shown := showChange(strings.TrimSuffix(tree, "\x00"))
	r.mutates()
	r.add(c.find(ruleSelfWrite, "git "+verb+" writes the repository's files into "+shown+" ("+given+"): it is "+part.what+", and changing it is a person's call.", shown))
	return true
}
