package shell

import (
	"path"
	"strings"
)

// The branch a push without a refspec sends. git push, git push -f and
// git push origin HEAD push the branch checked out where git runs; the
// analysis asks Options.GitBranch for it, and takes it as unknown when
// there is no answer, or when an earlier command of the line may have
// switched branches.

// gitDirOf is where git runs for c: the working directory in effect,
// moved by each git -C dir before the subcommand; "" when unknown.
func gitDirOf(c *Cmd) string {
	dir := c.env.absDir()
	av := c.Argv()
	sub := len(c.Args)
	if len(av.wordArg) > 0 {
		sub = av.wordArg[0]
	}
	for _, o := range av.Opts {
		if o.Arg >= sub {
			break
		}
		if o.Name != "-C" || !o.HasValue {
			continue
		}
		v := o.ValueArg
		if v < 0 {
			v = o.Arg
		}
		switch {
		case v < len(c.Dynamic) && c.Dynamic[v], o.Value == "":
			return ""
		case strings.HasPrefix(o.Value, "/"):
			dir = path.Clean(o.Value)
		case dir == "" || strings.HasPrefix(o.Value, "~"):
			return ""
		default:
			dir = path.Join(dir, o.Value)
		}
	}
	return dir
}

// branchKeepers are git subcommands that leave the checked-out branch as
// it is; any other (checkout, switch, branch -m, rebase onto a named
// branch, an alias) may change it.
var branchKeepers = map[string]bool{
	"status": true, "log": true, "diff": true, "show": true, "add": true, "commit": true, "fetch": true, "pull": true, "push": true,
	"merge": true, "tag": true, "stash": true, "remote": true, "rev-parse": true, "reset": true, "restore": true, "rm": true, "mv": true,
	"grep": true, "blame": true, "describe": true, "shortlog": true, "ls-files": true, "cherry-pick": true, "revert": true, "clean": true,
	"gc": true, "version": true, "init": false,
}

// currentBranch is the branch git pushes for c when no refspec names
// one; ok is false when it cannot be known.
func (r *report) currentBranch(c *Cmd) (string, bool) {
	if r.env == nil || r.env.branch == nil || r.gitDir == "" {
		return "", false
	}
	for _, x := range r.res.Commands[:min(c.index-1, len(r.res.Commands))] {
		if x.Name != "git" {
			continue
		}
		g := parseGitGlobals(x, nil)
		if g.sub >= len(x.Args) || !branchKeepers[x.Args[g.sub]] || g.sub < len(x.Dynamic) && x.Dynamic[g.sub] {
			return "", false // this line may have switched branches first
		}
	}
	b, ok := r.env.branch(r.gitDir)
	if !ok || b == "" {
		return "", false
	}
	return b, true
}
