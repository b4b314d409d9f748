package shell

import (
	"strings"

	"github.com/actionguard/actionguard/rule"
)

// Files of a work tree read through git. A pathspec (git add PATH, git
// archive REV PATH) and an object name REV:PATH (git show, git cat-file)
// name files of the work tree where git runs: the working directory in
// effect, moved by each git -C. Reading one that way reads the file: a
// key of actionguard's is blocked, a credential outside the project is
// held, and a directory holding them is read with them (reads_tree.go),
// as cat, cp -r or tar -c of the same place are.

var (
	ruleGitObjectSecret = &rule.Rule{
		ID: "shell.git.object-secret", Category: rule.Credentials, Points: 90,
		Summary:     "Reads a key or credential file outside the project out of git's objects (git show REV:path, git archive) rather than from the file: a way around the rules for reading it.",
		Alternative: "use the credential where it lies without printing it; a person can look at the commit",
		Match: []string{"git -C ~ show HEAD:.ssh/id_ed25519", "cd ~ && git show HEAD:.aws/credentials", "git -C ~ cat-file -p HEAD:.ssh/id_rsa",
			"git -C ~ archive HEAD .ssh | tar xO", "git -C ~/.ssh show HEAD:id_ed25519"},
		NoMatch: []string{"git show HEAD:README.md", "git -C ~/dotfiles show HEAD:.vimrc", "git -C ~ show HEAD:.ssh/id_rsa.pub", "git show HEAD~1:package.json"},
	}
	ruleGitStageSecret = &rule.Rule{
		ID: "shell.git.stage-secret", Category: rule.Credentials, Points: 90,
		Summary:     "Stages a key or credential file from outside the project into a repository: once committed, a copy of it stays in the history and leaves with the next push.",
		Alternative: "keep credentials out of repositories; commit a template without the secret instead",
		Match:       []string{"git -C ~ add .ssh", "cd ~ && git add .aws/credentials", "git -C ~ add -f .ssh/id_ed25519", "git -C ~/.ssh add ."},
		NoMatch:     []string{"git add src", "git -C ~/dotfiles add .zshrc", "git add .", "git -C ~ add --dry-run .ssh"},
	}
)

// gitObjectReads judges the work-tree files a git command reads through
// its pathspecs and object names.
func gitObjectReads(c *Cmd, r *report) {
	av := c.Argv()
	if len(av.Sub) == 0 {
		return
	}
	top, ok := gitTop(c)
	if !ok {
		return
	}
	if wt, ok := c.Flag("--work-tree"); ok && wt != "" {
		top = wt
	} else if v, ok := commandEnv(c)["GIT_WORK_TREE"]; ok && !v.dynamic && v.value != "" {
		top = v.value
	}
	join := func(p string) string {
		p = strings.TrimPrefix(p, "./")
		switch {
		case p == "" || p == "." || p == ":/":
			if top == "" {
				return "."
			}
			return top
		case top == "" || absLike(p):
			return p
		}
		return selfJoin(top, p)
	}
	switch verb := av.Sub[0]; verb {
	case "show", "cat-file":
		for _, w := range av.Operands {
			rev, p, ok := strings.Cut(w, ":")
			if !ok || p == "" || strings.HasPrefix(w, ":/") || strings.Contains(rev, "://") {
				continue // a revision, a commit found by its message, a URL
			}
			if judgeObjectRead(c, r, join(p), false, false) {
				return
			}
		}
	case "archive":
		if c.Has("--list", "--remote") || len(av.Operands) == 0 {
			return
		}
		paths := av.Operands[1:]
		if len(paths) == 0 {
			paths = []string{"."}
		}
		for _, p := range paths {
			if judgeObjectRead(c, r, join(p), true, false) {
				return
			}
		}
	case "add", "stage":
		if c.Has("--dry-run", "--pathspec-from-file") {
			return
		}
		paths := av.Operands
		if len(paths) == 0 && c.Has("--all", "--update") {
			paths = []string{"."}
		}
		for _, p := range paths {
			if judgeObjectRead(c, r, join(p), true, true) {
				return
			}
		}
	}
}

// judgeObjectRead judges the read of p (a file, or with tree a directory
// read whole) through git; stage is true when git add copies it into the
// repository. It reports whether it found something.
func judgeObjectRead(c *Cmd, r *report, p string, tree, stage bool) bool {
	if strings.ContainsAny(p, "*?[`") || strings.Contains(p, "$(") {
		return false
	}
	env := c.env.in(c.Cwd)
	if p == "." {
		if abs, ok := env.resolve(p); ok && strings.HasPrefix(abs, "/") {
			p = env.showHome(abs) // git add -A after cd ~: say which directory
		}
	}
	verb, how := "Reads ", "from git's objects"
	if stage {
		verb, how = "Copies ", "into a repository"
	}
	if env.controlOf(p).key {
		r.mutates()
		r.add(c.find(ruleSelfRead, verb+p+" "+how+", a key or token secret of actionguard: with it, records and approvals could be forged.", p))
		return true
	}
	cl := env.classify(p)
	if cl.Credential != "" {
		switch {
		case cl.Workspace && cl.Known && !stage:
			// git show HEAD:.env: the project's own secret, printed as cat
			// prints it.
			r.add(c.find(ruleCredentialRead, "Prints your "+cl.Credential+" ("+p+") from git's objects where the agent and its logs can see it.", p))
		case cl.Workspace && cl.Known:
			return false // staging a project file: the rules for commits and pushes judge it
		case stage:
			r.add(c.find(ruleGitStageSecret, "Stages "+p+", your "+cl.Credential+", into a repository: once committed, a copy stays in its history.", p))
		default:
			r.add(c.find(ruleGitObjectSecret, "Reads "+p+", your "+cl.Credential+", from git's objects rather than from the file.", p))
		}
		return true
	}
	if !tree {
		return false
	}
	ts, ok := secretUnder(env, p, nil)
	switch {
	case !ok:
		return false
	case ts.self:
		r.mutates()
		r.add(c.find(ruleSelfRead, verb+p+" whole "+how+", and actionguard's keys and token secrets with it: with them, records and approvals could be forged.", p))
	case stage:
		r.add(c.find(ruleGitStageSecret, "Stages everything under "+p+" into a repository, your "+ts.cred+" ("+ts.probe+") among it: once committed, a copy stays in its history.", p))
	default:
		r.add(c.find(ruleGitObjectSecret, "Reads everything under "+p+" from git's objects, your "+ts.cred+" ("+ts.probe+") among it.", p))
	}
	return true
}
