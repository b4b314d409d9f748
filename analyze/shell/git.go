package shell

import (
	"strings"

	"github.com/actionguard/actionguard/rule"
)

// Git rules: what discards work or rewrites history, here or on the remote.
var (
	ruleGitPushForceProtected = &rule.Rule{
		ID: "shell.git.push-force-protected", Category: rule.History, Points: 90, AlwaysReview: true,
		Summary:     "Force-pushes to a shared branch (main, master, release…): other people's commits on it are overwritten.",
		Alternative: "push to a new branch and open a pull request",
		Match: []string{"git push --force origin main", "git push origin main --force", "git push -f origin master", "git push origin +main", "git push --force origin HEAD:main", "git push origin +HEAD:release/1.2",
			"git push --force-with-lease origin main", "git -c alias.st='push --force' st origin main", "git push -f", "git push --force origin HEAD", "git push --mirror", "git push --all --force origin"},
		NoMatch: []string{"git push origin main", "git push --force-with-lease origin feature", "git push -f origin feature/x", "git push --all origin", "git push --force-with-lease"},
	}
	ruleGitPushDeleteProtected = &rule.Rule{
		ID: "shell.git.push-delete-protected", Category: rule.History, Points: 90, AlwaysReview: true,
		Summary:     "Deletes a shared branch (main, master, release…) on the remote: everyone who works from it loses it.",
		Alternative: "delete it in the hosting service's settings after checking nobody uses it",
		Match:       []string{"git push origin --delete main", "git push origin :master", "git push -d origin release/2.4", "git push --del origin main"},
		NoMatch:     []string{"git push origin --delete old-branch", "git push origin :feature/x", "git push origin main"},
	}
	ruleGitPushForce = &rule.Rule{
		ID: "shell.git.push-force", Category: rule.History, Points: 60,
		Summary:     "Force-pushes: commits on the remote branch that are not in yours are overwritten.",
		Alternative: "git push --force-with-lease",
		Match:       []string{"git push -f origin feature/x", "git push --force-with-lease-if-includes origin feature", "git push origin +feature", "git push --force origin feature"},
		NoMatch:     []string{"git push", "git push --force-with-lease", "git push -u origin feature", "git push --force-with-lease=main:abc123 origin main"},
	}
	ruleGitPushDelete = &rule.Rule{
		ID: "shell.git.push-delete", Category: rule.History, Points: 50,
		Summary:     "Deletes a branch or tag on the remote.",
		Alternative: "check nobody else uses it; keep a local copy of the ref",
		Match:       []string{"git push origin --delete old-branch", "git push origin :old-branch", "git push -d origin v1.0", "git push --prune origin"},
		NoMatch:     []string{"git push origin new-branch"},
	}
	ruleGitResetHard = &rule.Rule{
		ID: "shell.git.reset-hard", Category: rule.History, Points: 60,
		Summary:     "Throws away every uncommitted change in the working tree (git reset --hard).",
		Alternative: "git stash (keeps the changes), or git reset --keep",
		Match:       []string{"git reset --hard", "git reset --hard HEAD~1", "git reset --hard origin/main", `"git" reset --hard`, "/usr/bin/git reset --hard", `git "reset" --hard`, "git -C sub reset --hard"},
		NoMatch:     []string{"git reset --soft HEAD~1", "git reset HEAD file.txt", "git reset --keep HEAD~1"},
	}
	ruleGitResetMerge = &rule.Rule{
		ID: "shell.git.reset-merge", Category: rule.History, Points: 40,
		Summary:     "Resets the index and the files a merge touched; uncommitted changes in them can be lost.",
		Alternative: "git merge --abort, or git stash first",
		Match:       []string{"git reset --merge", "git reset --merge HEAD~1"},
		NoMatch:     []string{"git reset --mixed HEAD"},
	}
	ruleGitResetKeep = &rule.Rule{
		ID: "shell.git.reset-keep", Category: rule.History, Points: 40,
		Summary:     "Moves the current branch back and takes the changes of the later commits out of the working tree (git reset --keep): they are only left in the reflog.",
		Alternative: "git branch backup first, or git revert the commits",
		Match:       []string{"git reset --keep HEAD~3", "git reset --keep origin/main", "git reset --kee HEAD~1"},
		NoMatch:     []string{"git reset --keep", "git reset --keep HEAD", "git reset HEAD~1"},
	}
	ruleGitClean = &rule.Rule{
		ID: "shell.git.clean", Category: rule.Destructive, Points: 50,
		Summary:     "Deletes every untracked file (git clean -f): files that were never committed are gone for good.",
		Alternative: "git clean -n to see what would go, or git stash -u",
		Match:       []string{"git clean -f", "git clean -fd", "git clean -df", "git clean -fdx", "git clean --force", "git -c clean.requireForce=false clean -dx"},
		NoMatch:     []string{"git clean -n", "git clean --dry-run", "git clean -dn", "git clean -x", "git clean -fdn"},
	}
	ruleGitDiscard = &rule.Rule{
		ID: "shell.git.discard-changes", Category: rule.History, Points: 50,
		Summary:     "Overwrites files with their committed version: uncommitted changes to them are lost.",
		Alternative: "git stash (keeps the changes), or git diff > changes.patch first",
		Match: []string{"git checkout -- .", "git checkout -- file.txt", "git checkout HEAD -- file.txt", "git checkout HEAD -- .", "git restore file.txt", "git restore --worktree file.txt",
			"git restore -W file.txt", "git restore .", "git checkout .", "git checkout -f main", "git switch --discard-changes main", "/usr/local/bin/git checkout -- .",
			"git checkout -f -b new", "git checkout main src/", "git restore -s HEAD~3 -- .", "git restore --staged --worktree .", "git rm -rf src"},
		NoMatch: []string{"git checkout main", "git checkout -b feature", "git restore --staged file.txt", "git restore -S file.txt", "git switch main", "git checkout --orphan gh-pages",
			"git checkout -p -- .", "git rm -r --cached .", "git rm old.txt"},
	}
	ruleGitBranchForceDelete = &rule.Rule{
		ID: "shell.git.branch-force-delete", Category: rule.History, Points: 45,
		Summary:     "Deletes a branch even if its commits are not merged anywhere.",
		Alternative: "git branch -d (refuses to delete unmerged work)",
		Match:       []string{"git branch -D feature", "git branch --delete --force old", "git branch -d -f old", "git branch -df old"},
		NoMatch:     []string{"git branch -d feature", "git branch feature", "git branch -r -D origin/old"},
	}
	ruleGitMoveRef = &rule.Rule{
		ID: "shell.git.move-branch", Category: rule.History, Points: 30,
		Summary:     "Moves an existing branch (or HEAD) to another commit: commits that were only on it are no longer on any branch.",
		Alternative: "create a new branch instead (git switch -c new), or check the branch has nothing of its own first",
		Match:       []string{"git fetch origin +main:main", "git fetch -f origin main:refs/heads/main", "git checkout -B main", "git switch -C main", "git switch --force-create release", "git branch -f main HEAD~3", "git branch -M old main", "git branch -C a main", "git symbolic-ref HEAD refs/heads/other"},
		NoMatch:     []string{"git fetch origin main:main", "git fetch origin +main:refs/remotes/origin/main", "git checkout -b feature", "git switch -c feature", "git branch -m old new", "git symbolic-ref HEAD", "git branch feature HEAD~1"},
	}
	ruleGitStashDrop = &rule.Rule{
		ID: "shell.git.stash-drop", Category: rule.History, Points: 45,
		Summary:     "Drops stashed changes; they are hard to get back.",
		Alternative: "git stash show -p stash@{0} > stash.patch before dropping",
		Match:       []string{"git stash drop", "git stash drop stash@{2}", "git stash clear"},
		NoMatch:     []string{"git stash", "git stash pop", "git stash list"},
	}
	ruleGitRewriteHistory = &rule.Rule{
		ID: "shell.git.rewrite-history", Category: rule.History, Points: 85,
		Summary:     "Rewrites the repository's history (every commit gets a new id): clones and open pull requests break.",
		Alternative: "work on a fresh clone and check the result before pushing",
		Match:       []string{"git filter-branch --tree-filter 'rm -f secrets' HEAD", "git filter-repo --path secrets --invert-paths", "git replace --graft HEAD~1"},
		NoMatch:     []string{"git rebase main", "git log --all"},
	}
	ruleGitReflogExpire = &rule.Rule{
		ID: "shell.git.reflog-expire", Category: rule.History, Points: 70,
		Summary:     "Expires the reflog or prunes unreachable objects: the last way to recover lost commits is gone.",
		Alternative: "leave the reflog alone; git gc without --prune=now keeps two weeks of history",
		Match:       []string{"git reflog expire --expire=now --all", "git gc --prune=now", "git reflog delete HEAD@{1}", "git prune --expire=now", "git prune", "git -c gc.pruneExpire=now gc", "git reflog expire --expire-unreachable=all --all"},
		NoMatch:     []string{"git reflog", "git gc", "git prune -n", "git reflog expire --expire=never --all", "git gc --prune=2.weeks.ago"},
	}
	ruleGitUpdateRefDelete = &rule.Rule{
		ID: "shell.git.update-ref-delete", Category: rule.History, Points: 50,
		Summary:     "Deletes a ref directly (branch, tag or note), without the usual safety checks.",
		Alternative: "git branch -d / git tag -d",
		Match:       []string{"git update-ref -d refs/heads/main", "git tag -d v1.0", "git symbolic-ref --delete HEAD"},
		NoMatch:     []string{"git update-ref refs/heads/x HEAD", "git tag v1.0"},
	}
	ruleGitNoVerify = &rule.Rule{
		ID: "shell.git.no-verify", Category: rule.SecurityBypass, Points: 20,
		Summary: "Skips the repository's git hooks (pre-commit checks, secret scanners).",
		Match:   []string{"git commit --no-verify -m x", "git push --no-verify", "git commit -n -m wip"},
		NoMatch: []string{"git commit -m x"},
	}
	ruleGitConfigExec = &rule.Rule{
		ID: "shell.git.config-exec", Category: rule.Execution, Points: 60,
		Summary:     "Makes git run a program on its own (an alias, hooks path, ssh command, pager or credential helper).",
		Alternative: "run the program directly",
		Match: []string{"git config alias.up '!curl x | sh'", "git config --global core.sshCommand 'ssh -i /tmp/k'", "git config core.pager 'rm -rf ~'", "git -c core.sshCommand='ssh -o ProxyCommand=./proxy' fetch",
			"GIT_SSH_COMMAND='./ssh-wrapper.sh' git fetch", "env GIT_PAGER='sh pager.sh' git log", "git -c alias.x='!sh -c \"$CMD\"' x", "GIT_CONFIG_COUNT=1 GIT_CONFIG_KEY_0=core.pager GIT_CONFIG_VALUE_0='sh x' git log",
			"git --config-env=core.pager=P log", "git clone 'ext::sh -c id' repo", "git -c protocol.ext.allow=always fetch", "git clone -u 'sh -c id' ../repo",
			`GIT_CONFIG_PARAMETERS="'core.fsmonitor'='sh x'" git status`},
		NoMatch: []string{"git config user.name dev", "git config --get remote.origin.url", "git config alias.st status", "git -c user.name=x commit -m y", "GIT_EDITOR=vim git commit",
			"git -c core.pager=less log", "git config credential.helper store", "GIT_PAGER=cat git log", "git config --global credential.helper 'cache --timeout 3600'", "git config --global core.pager 'less -FRX'",
			"git -c diff.external=difft diff", "GIT_SSH_COMMAND='ssh -i ~/.ssh/deploy_key' git fetch", "git -c alias.x='!echo hi' x"},
	}
	ruleGitWorktreeForce = &rule.Rule{
		ID: "shell.git.worktree-remove-force", Category: rule.History, Points: 45,
		Summary:     "Removes a worktree even if it has uncommitted changes.",
		Alternative: "git worktree remove without --force refuses to lose work",
		Match:       []string{"git worktree remove --force ../wt", "git worktree remove -f ../wt"},
		NoMatch:     []string{"git worktree remove ../wt", "git worktree list"},
	}
	ruleGitSubmoduleDeinit = &rule.Rule{
		ID: "shell.git.submodule-deinit-force", Category: rule.History, Points: 30,
		Summary: "Removes submodule working trees even if they have local changes.",
		Match:   []string{"git submodule deinit -f --all", "git submodule deinit --force lib/x"},
		NoMatch: []string{"git submodule update --init"},
	}
)

var protectedBranches = map[string]bool{"main": true, "master": true, "develop": true, "development": true, "trunk": true, "production": true, "prod": true, "staging": true, "stable": true, "release": true, "live": true, "default": true, "gh-pages": true}

// isProtected reports whether a branch is one that others share.
func isProtected(b string) bool {
	b = strings.TrimPrefix(strings.TrimPrefix(b, "refs/heads/"), "+")
	if protectedBranches[b] {
		return true
	}
	return strings.HasPrefix(b, "release/") || strings.HasPrefix(b, "release-") || strings.HasPrefix(b, "hotfix/") || strings.HasPrefix(b, "prod") || strings.HasPrefix(b, "production/")
}

// gitHandler judges a git command line: the configuration and environment
// it runs with, aliases, and the subcommand.
func gitHandler(c *Cmd, r *report) {
	env := commandEnv(c)
	judgeGitEnv(c, r, env)
	inherited := envSettings(env)
	for _, s := range inherited {
		judgeGitSetting(c, r, s)
	}
	gitRun(c, r, inherited, env, 0)
}

// gitRun reads git's options and runs the subcommand, expanding aliases
// the way git does (an alias may start with more options).
func gitRun(c *Cmd, r *report, settings []gitSetting, env map[string]envValue, depth int) {
	g := parseGitGlobals(c, env)
	for _, s := range g.settings {
		judgeGitSetting(c, r, s)
	}
	settings = append(settings[:len(settings):len(settings)], g.settings...)
	if g.execPath != "" {
		r.add(c.find(ruleGitConfigExec, "Makes git take its own commands from "+truncateText(g.execPath, 80)+" (--exec-path): programs there run instead of git's."))
	}
	for i, a := range c.Args {
		gitExtURL(c, r, a, i < len(c.Dynamic) && c.Dynamic[i])
	}
	if g.sub >= len(c.Args) {
		return
	}
	sub := c.Args[g.sub]
	var dyn []bool
	if g.sub+1 < len(c.Dynamic) {
		dyn = c.Dynamic[g.sub+1:]
	}
	if g.sub < len(c.Dynamic) && c.Dynamic[g.sub] {
		r.mutates() // git $CMD: the subcommand is only known when it runs
		return
	}
	if a, ok := lastSetting(settings, "alias."+strings.ToLower(sub)); ok && !gitBuiltins()[sub] {
		gitAlias(c, r, a, c.Args[g.sub+1:], dyn, settings, env, depth)
		return
	}
	if gitBuiltins()[sub] && gitAsksHelp(c.Args[g.sub+1:], dyn) {
		r.trace("git " + sub + " --help: prints the command's help and runs nothing")
		return
	}
	sc := &Cmd{Name: "git " + sub, Path: c.Path, Args: c.Args[g.sub+1:], Dynamic: dyn, Text: c.Text, Sudo: c.Sudo, Depth: c.Depth, Stdin: c.Stdin, index: c.index, env: c.env, viaSudo: c.viaSudo}
	prevDir := r.gitDir
	r.gitDir = gitDirOf(c)
	gitTLSOff(sc, r, sub, settings) // tls_off.go
	gitSubcommand(sc, sub, r, settings)
	r.gitDir = prevDir
}

// gitAsksHelp reports whether a git command's arguments only ask for its
// help: --help anywhere before "--" (git's option parser prints the usage
// and exits for it, and git turns a first --help into git help), or -h as
// the only argument (elsewhere some commands read -h as an option of their
// own: grep's, ls-remote's). A word known only at run time asks nothing.
func gitAsksHelp(args []string, dyn []bool) bool {
	if len(args) == 1 && args[0] == "-h" && (len(dyn) == 0 || !dyn[0]) {
		return true
	}
	for i, a := range args {
		if i < len(dyn) && dyn[i] {
			return false
		}
		if a == "--" {
			return false
		}
		if a == "--help" {
			return true
		}
	}
	return false
}

// gitAlias runs an alias defined for this command (git -c alias.x=… x).
func gitAlias(c *Cmd, r *report, a gitSetting, rest []string, dyn []bool, settings []gitSetting, env map[string]envValue, depth int) {
	r.mutates()
	name := a.name[len("alias."):]
	v := strings.TrimSpace(a.value)
	if a.dynamic || depth >= 8 {
		return // reported where it was defined; git itself stops alias loops
	}
	if strings.HasPrefix(v, "!") {
		// git runs the shell command with the arguments appended.
		script := v[1:]
		if len(rest) > 0 {
			script += " " + joinArgv(rest)
		}
		r.script(script, c, "the git alias "+name+" runs")
		return
	}
	words := splitAlias(v)
	if len(words) == 0 {
		return
	}
	r.trace("git alias " + name + " → git " + truncateText(v, 120))
	ec := *c
	ec.argv = nil // read again: the arguments change
	ec.Args = append(words, rest...)
	ec.Dynamic = append(make([]bool, len(words)), dyn...)
	gitRun(&ec, r, settings, env, depth+1)
}

// lastSetting returns the last value given for key (the one git uses).
func lastSetting(settings []gitSetting, key string) (gitSetting, bool) {
	for i := len(settings) - 1; i >= 0; i-- {
		if settings[i].key == key {
			return settings[i], true
		}
	}
	return gitSetting{}, false
}

// gitReadOnly are subcommands that only read the repository.
var gitReadOnly = map[string]bool{
	"status": true, "log": true, "diff": true, "show": true, "blame": true, "grep": true, "ls-files": true, "ls-tree": true, "ls-remote": true, "rev-parse": true,
	"describe": true, "shortlog": true, "cat-file": true, "fsck": true, "count-objects": true, "whatchanged": true, "cherry": true, "name-rev": true,
	"merge-base": true, "rev-list": true, "for-each-ref": true, "show-ref": true, "help": true, "version": true, "verify-commit": true, "verify-tag": true,
	"check-ignore": true, "check-attr": true, "range-diff": true, "bugreport": true, "var": true, "annotate": true, "show-branch": true, "check-ref-format": true,
}

// gitSubcommand judges one git subcommand; c.Args are its arguments.
func gitSubcommand(c *Cmd, sub string, r *report, settings []gitSetting) {
	gitRedirect(c, sub, r, settings)
	if sub == "reflog" {
		gitReflog(c, r, settings)
		return
	}
	if gitReadOnly[sub] {
		switch sub {
		case "ls-remote", "fetch-pack":
			gitTransportPrograms(c, r, sub)
		case "grep":
			// grep -O<cmd> opens the matching files with cmd.
			if p, ok := c.Flag("-O", "--open-files-in-pager"); ok && p != "" {
				r.mutates()
				r.script(p, c, "git grep --open-files-in-pager runs")
			}
		}
		if out, ok := c.Flag("--output"); ok && out != "" && (sub == "log" || sub == "diff" || sub == "show") {
			r.mutates()
			writeTarget(c, r, out, writeDestroy)
		}
		return
	}
	r.mutates()
	gitIndexFlow(c, r, sub)
	gitCredentialRepo(c, r, sub)
	gitOut(c, r, sub)
	switch sub {
	case "push":
		gitTransportPrograms(c, r, sub)
		gitPush(c, r)
	case "clone", "fetch", "pull", "archive", "send-pack", "fetch-pack":
		gitTransportPrograms(c, r, sub)
		if sub == "clone" {
			for _, s := range gitOptionSettings(c, "-c", "--config") {
				judgeGitSetting(c, r, s)
			}
		}
		if sub == "clone" || sub == "init" {
			gitTemplate(c, r)
		}
		if sub == "fetch" {
			gitFetchForce(c, r)
		}
	case "init":
		gitTemplate(c, r)
	case "reset":
		gitReset(c, r)
	case "clean":
		gitClean(c, r, settings)
	case "checkout":
		gitCheckout(c, r)
	case "switch":
		gitSwitch(c, r)
	case "restore":
		gitRestore(c, r)
	case "checkout-index":
		if c.Has("-f", "--force") && (c.Has("-a", "--all") || len(c.Positional()) > 0) {
			r.add(c.find(ruleGitDiscard, "Writes the staged version over files in the working tree (checkout-index --force): uncommitted changes are lost."))
		}
	case "read-tree":
		if c.Has("--reset") && c.Has("-u") {
			r.add(c.find(ruleGitDiscard, "Resets the index and the working tree to a tree (read-tree --reset -u): uncommitted changes are lost."))
		}
	case "rm":
		// git rm refuses to delete files with uncommitted changes unless forced.
		if c.Has("-f", "--force") && !c.Has("--cached") {
			paths := c.Positional()
			r.add(c.find(ruleGitDiscard, "Deletes "+gitPaths(paths)+" from the working tree, uncommitted changes included (git rm --force): those changes are lost.", paths...))
		}
	case "branch":
		gitBranch(c, r)
	case "symbolic-ref":
		pos := c.Positional()
		switch {
		case c.Has("-d", "--delete"):
			r.add(c.find(ruleGitUpdateRefDelete, "Deletes the symbolic ref "+orSomething(pos, "HEAD")+": the repository no longer knows its current branch.", pos...))
		case len(pos) >= 2:
			r.add(c.find(ruleGitMoveRef, "Points "+pos[0]+" at "+pos[1]+" without touching the files: the next commit records this working tree on "+strings.TrimPrefix(pos[1], "refs/heads/")+".", pos[1]))
		}
	case "stash":
		switch {
		case c.ArgIs("clear"):
			r.add(c.find(ruleGitStashDrop, "Drops every stash entry: the changes saved there are hard to get back."))
		case c.ArgIs("drop"):
			what := "the latest stash entry"
			if p := c.Positional(); len(p) > 1 {
				what = "the stash entry " + p[1]
			}
			r.add(c.find(ruleGitStashDrop, "Drops "+what+": the changes saved there are hard to get back."))
		}
	case "filter-branch":
		r.add(c.find(ruleGitRewriteHistory, ""))
		for _, f := range []string{"--tree-filter", "--index-filter", "--msg-filter", "--commit-filter", "--env-filter", "--parent-filter", "--tag-name-filter"} {
			if v, ok := c.Flag(f); ok && v != "" {
				r.script(v, c, "git filter-branch "+f+" runs")
			}
		}
	case "filter-repo":
		if c.Has("--analyze", "--dry-run") {
			return
		}
		r.add(c.find(ruleGitRewriteHistory, ""))
	case "replace":
		if c.Has("-l", "--list", "-d", "--delete") || len(c.Args) == 0 {
			return
		}
		r.add(c.find(ruleGitRewriteHistory, "Replaces commits in how git shows history (git replace): logs, blame and pushes see a different history."))
	case "gc":
		gitGC(c, r, settings)
	case "prune":
		if c.Has("-n", "--dry-run") {
			return
		}
		v, ok := c.Flag("--expire")
		if !ok || expiresNow(v) {
			r.add(c.find(ruleGitReflogExpire, "Deletes every unreachable object now (git prune): commits that are only in dropped stashes or lost branches are gone for good."))
		}
	case "update-index":
		gitHideChanges(c, r) // git_hide.go
	case "update-ref":
		switch {
		case c.Has("-d"):
			pos := c.Positional()
			r.add(c.find(ruleGitUpdateRefDelete, "Deletes the ref "+orSomething(pos[:min(1, len(pos))], "")+" directly, without the usual safety checks.", pos...))
		case c.Has("--stdin") && stdinDeletes(c.Stdin):
			msg := "Deletes refs read from standard input, without the usual safety checks."
			if c.Stdin == "" {
				msg = "Changes refs read from standard input, which can delete them, without the usual safety checks."
			}
			r.add(c.find(ruleGitUpdateRefDelete, msg))
		default:
			gitUpdateRefMove(c, r)
		}
	case "tag":
		if c.Has("-d", "--delete") {
			r.add(c.find(ruleGitUpdateRefDelete, "Deletes the tag "+strings.Join(c.Positional(), " ")+"."))
		}
	case "commit":
		if c.Has("--no-verify", "-n") {
			r.add(c.find(ruleGitNoVerify, ""))
		}
	case "merge", "am", "rebase", "cherry-pick", "revert":
		if c.Has("--no-verify") {
			r.add(c.find(ruleGitNoVerify, ""))
		}
		if sub == "rebase" {
			for _, x := range c.FlagAll("-x", "--exec") {
				r.script(x, c, "git rebase --exec runs")
			}
		}
	case "bisect":
		if len(c.Args) > 1 && c.Args[0] == "run" {
			r.command(c.Args[1:], c, "git bisect run runs")
		}
	case "send-email":
		for _, x := range c.FlagAll("--to-cmd", "--cc-cmd", "--header-cmd", "--sendmail-cmd") {
			r.script(x, c, "git send-email runs")
		}
	case "difftool":
		if v, ok := c.Flag("-x", "--extcmd"); ok && v != "" {
			r.script(v, c, "git difftool --extcmd runs")
		}
	case "config":
		gitConfigWrite(c, r)
	case "remote":
		// remote add / set-url: ext:: URLs are judged with every argument.
	case "worktree":
		if c.ArgIs("remove") {
			switch n := countFlag(c, 'f', "--force"); {
			case n >= 2:
				r.add(c.find(ruleGitWorktreeForce, "Removes a locked worktree even if it has uncommitted changes: they are lost."))
			case n == 1:
				r.add(c.find(ruleGitWorktreeForce, ""))
			}
		}
	case "submodule":
		switch {
		case c.ArgIs("deinit") && c.Has("-f", "--force"):
			r.add(c.find(ruleGitSubmoduleDeinit, ""))
		case c.ArgIs("foreach"):
			// submodule foreach [--recursive] <command>: the words after the options.
			for i, a := range c.Args {
				if a == "foreach" {
					rest := c.Args[i+1:]
					for len(rest) > 0 && strings.HasPrefix(rest[0], "-") {
						rest = rest[1:]
					}
					if len(rest) > 0 {
						r.script(strings.Join(rest, " "), c, "git submodule foreach runs")
					}
					break
				}
			}
		}
	}
}

// orSomething joins words, or says what when there are none.
func orSomething(words []string, what string) string {
	if len(words) == 0 {
		return what
	}
	return strings.Join(words, " ")
}

// countFlag counts how often a flag is given, in any spelling: -f -f, -ff,
// --force and --forc all count.
func countFlag(c *Cmd, short byte, long string) int {
	av := c.Argv()
	n := 0
	if av.Known {
		for _, o := range av.Opts {
			if !o.Unknown && !o.Negated && o.Name == long {
				n++
			}
		}
		if n > 0 {
			return n
		}
	}
	for _, a := range c.Args {
		switch {
		case a == "--":
			return n
		case a == long || strings.HasPrefix(a, long+"="):
			n++
		case isCluster(a):
			n += strings.Count(a[1:], string(short))
		}
	}
	return n
}

// expiresNow reports whether an expiry date given to git removes what is
// unreachable at once: "now", "all", "0", or minutes or hours ago (the
// default keeps two weeks; days and dates are left alone).
func expiresNow(v string) bool {
	v = strings.ToLower(strings.TrimSpace(v))
	switch v {
	case "now", "all", "0", "1", "yes", "true":
		return true
	}
	f := strings.Split(v, ".")
	if len(f) == 3 && f[2] == "ago" && isDigits(f[0]) {
		unit := strings.TrimSuffix(f[1], "s")
		return unit == "second" || unit == "minute" || unit == "hour"
	}
	return false
}

func stdinDeletes(s string) bool {
	for _, l := range strings.Split(s, "\n") {
		if strings.HasPrefix(strings.TrimSpace(l), "delete ") {
			return true
		}
	}
	return s == "" // unknown input: it may delete
}

// gitOptionSettings returns the key=value settings given with a
// subcommand's own option (git clone -c k=v, --config k=v).
func gitOptionSettings(c *Cmd, names ...string) []gitSetting {
	var out []gitSetting
	for _, kv := range c.FlagAll(names...) {
		k, v, _ := strings.Cut(kv, "=")
		out = append(out, gitSetting{key: strings.ToLower(k), name: k, value: v, dynamic: argDynamic(c, kv), from: "git clone --config"})
	}
	return out
}

// gitExtURL judges an argument that is a remote address of the form
// ext::command, which makes git run the command (also after "name=").
func gitExtURL(c *Cmd, r *report, a string, dynamic bool) {
	i := strings.Index(a, "ext::")
	if i < 0 || i > 0 && a[i-1] != '=' {
		return
	}
	argv := extCommand(a[i+5:])
	r.add(c.find(ruleGitConfigExec, "Uses the remote address "+truncateText(a[i:], 80)+", which runs "+truncateText(joinArgv(argv), 80)+" on this machine."))
	if !dynamic && len(argv) > 0 {
		r.command(argv, c, "the ext:: remote runs")
		if alt, ok := extShellWords(a[i+5:]); ok {
			r.command(alt, c, "the ext:: remote runs")
		}
	}
}

// extCommand splits the command of an ext:: address into words: spaces
// separate them, "% " is a space inside a word, "%%" a percent sign, and
// %s, %S, %G stand for what git fills in.
func extCommand(s string) []string { return extSplit(s, false) }

// extSplit is extCommand's reading; with backslash, a backslash also
// escapes the character after it (extShellWords).
func extSplit(s string, backslash bool) []string {
	var words []string
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		ch := s[i]
		switch {
		case backslash && ch == '\\' && i+1 < len(s):
			i++
			b.WriteByte(s[i])
		case ch == '%' && i+1 < len(s):
			i++
			switch s[i] {
			case ' ':
				b.WriteByte(' ')
			case '%':
				b.WriteByte('%')
			case 's', 'S':
				b.WriteString("git-upload-pack")
			case 'G':
				b.WriteString("repo")
			default:
				b.WriteByte('%')
				b.WriteByte(s[i])
			}
		case ch == ' ':
			if b.Len() > 0 {
				words = append(words, b.String())
				b.Reset()
			}
		default:
			b.WriteByte(ch)
		}
		if len(words) > 256 {
			break
		}
	}
	if b.Len() > 0 {
		words = append(words, b.String())
	}
	return words
}

// gitUpdateRefMove judges git update-ref REF NEWVALUE [OLDVALUE] on a
// branch or a tag: the ref moves without git's checks, and commits only it
// pointed at are no longer on any branch. A shared branch weighs more.
func gitUpdateRefMove(c *Cmd, r *report) {
	pos := c.Positional()
	if len(pos) < 2 {
		return
	}
	ref := pos[0]
	name, isBranch := strings.CutPrefix(ref, "refs/heads/")
	if !isBranch && !strings.HasPrefix(ref, "refs/tags/") && ref != "HEAD" {
		return
	}
	if !isBranch {
		name = ref
	}
	shared := isBranch && protectedBranches[name]
	back := strings.ContainsAny(pos[1], "~^") || strings.Contains(pos[1], "@{")
	if !shared && !back {
		return // a branch set to a commit (often a new one): nothing is left behind that git cannot say
	}
	f := c.find(ruleGitMoveRef, "Moves "+name+" to "+pos[1]+" directly (git update-ref), without git's checks: commits that were only on it are no longer on any branch.", ref)
	if shared {
		f = f.WithPoints(60)
		f.Message = "Moves " + name + ", a shared branch, to " + pos[1] + " directly (git update-ref): commits that were only on it are no longer on any branch, and the next push rewrites it for everyone."
	}
	r.add(f)
}

// gitTransportPrograms judges the programs a transport runs: clone -u,
// fetch/pull/ls-remote --upload-pack, push --receive-pack/--exec, archive --exec.
func gitTransportPrograms(c *Cmd, r *report, sub string) {
	var names []string
	switch sub {
	case "clone", "ls-remote":
		names = []string{"-u", "--upload-pack"}
	case "fetch", "pull":
		names = []string{"--upload-pack"}
	case "push", "send-pack":
		names = []string{"--receive-pack", "--exec"}
	case "fetch-pack":
		names = []string{"--upload-pack", "--exec"}
	case "archive":
		names = []string{"--exec"}
	}
	if len(names) == 0 {
		return
	}
	v, ok := c.Flag(names...)
	if !ok || v == "" || v == "git-upload-pack" || v == "git-receive-pack" || v == "git upload-pack" || v == "git receive-pack" {
		return
	}
	long := names[0]
	for _, n := range names {
		if strings.HasPrefix(n, "--") {
			long = n
			break
		}
	}
	r.add(c.find(ruleGitConfigExec, "Makes git run "+truncateText(v, 80)+" for the transfer (git "+sub+" "+long+"); with a local repository it runs on this machine."))
	r.script(v, c, "git "+sub+" runs")
}

// gitTemplate judges git init/clone --template: the hooks of the template
// directory are copied into the new repository and run there.
func gitTemplate(c *Cmd, r *report) {
	if v, ok := c.Flag("--template"); ok && v != "" {
		r.add(c.find(ruleWriteGitHooks, "Creates the repository with the hooks of "+v+" (--template): they run on commits and checkouts.", v))
	}
}

// gitConfigWrite judges git config writing a setting.
func gitConfigWrite(c *Cmd, r *report) {
	pos := c.Positional()
	if len(pos) > 0 {
		switch pos[0] {
		case "set":
			pos = pos[1:]
		case "get", "list", "unset", "rename-section", "remove-section", "edit", "get-color", "get-colorbool", "get-urlmatch":
			return
		}
	}
	if len(pos) < 2 || c.Has("--get", "--get-all", "--list", "-l", "--unset", "--unset-all", "--get-regexp", "--get-urlmatch", "--remove-section", "--rename-section", "-e", "--edit") {
		return
	}
	key, val := pos[0], pos[1]
	s := gitSetting{key: strings.ToLower(key), name: key, value: val, dynamic: argDynamic(c, val), from: "git config"}
	judgeGitSetting(c, r, s)
	judgeGitTransport(c, r, s)
	v := strings.TrimSpace(val)
	if strings.HasPrefix(s.key, "alias.") && !s.dynamic && !strings.HasPrefix(v, "!") {
		// A stored alias renames a command for every later call: judge
		// what "git <alias>" will run now, while it can be seen.
		if words := splitAlias(v); len(words) > 0 {
			r.command(append([]string{"git"}, words...), c, "the git alias "+key[len("alias."):]+" runs")
		}
	}
}

// argDynamic reports whether the argument v is only known when the command runs.
func argDynamic(c *Cmd, v string) bool {
	for i, a := range c.Args {
		if a == v && i < len(c.Dynamic) && c.Dynamic[i] {
			return true
		}
	}
	return false
}

// gitReset judges git reset: --hard and --merge discard work; --keep
// keeps uncommitted changes but, moved to another commit, takes the later
// commits' changes out of the files; the default keeps them all.
func gitReset(c *Cmd, r *report) {
	target := ""
	if p := c.Positional(); len(p) > 0 {
		target = p[0]
	}
	switch {
	case c.Has("--hard"):
		msg := "Throws away every uncommitted change in the working tree (git reset --hard)."
		if target != "" && target != "HEAD" && target != "@" {
			msg = "Throws away every uncommitted change and moves the current branch to " + showPath(target) + " (git reset --hard): later commits are only left in the reflog."
		}
		r.add(c.find(ruleGitResetHard, msg))
	case c.Has("--merge"):
		r.add(c.find(ruleGitResetMerge, ""))
	case c.Has("--keep") && target != "" && target != "HEAD" && target != "@":
		r.add(c.find(ruleGitResetKeep, "Moves the current branch to "+showPath(target)+" and takes the changes of the later commits out of the working tree (git reset --keep): they are only left in the reflog."))
	}
}

// gitClean judges git clean: without -n it deletes untracked files, when
// forced (-f, or clean.requireForce switched off).
func gitClean(c *Cmd, r *report, settings []gitSetting) {
	if c.Has("-n", "--dry-run") || c.Has("-i", "--interactive") {
		return
	}
	forced := countFlag(c, 'f', "--force")
	if s, ok := lastSetting(settings, "clean.requireforce"); forced == 0 && ok && (s.dynamic || isFalse(s.value)) {
		forced = 1
	}
	if forced == 0 {
		return // git refuses to clean without -f
	}
	what := "untracked file"
	if c.Has("-d") {
		what += " and directory"
	}
	msg := "Deletes every " + what
	if paths := c.Positional(); len(paths) > 0 {
		msg += " under " + strings.Join(paths, " ")
	}
	switch {
	case c.Has("-x"):
		msg += ", ignored ones too (.env and local configuration included)"
	case c.Has("-X"):
		msg = strings.Replace(msg, "untracked", "ignored", 1) + " (.env and local configuration included)"
	}
	if forced >= 2 && c.Has("-d") {
		msg += ", and nested repositories with their history"
	}
	r.add(c.find(ruleGitClean, msg+"; what was never committed is gone for good."))
}

func isFalse(v string) bool {
	switch strings.ToLower(strings.TrimSpace(v)) {
	case "false", "no", "off", "0":
		return true
	}
	return false
}

// gitReflog judges reflog expire and delete.
func gitReflog(c *Cmd, r *report, settings []gitSetting) {
	p := c.Positional()
	if len(p) == 0 {
		return
	}
	switch p[0] {
	case "delete":
		r.mutates()
		r.add(c.find(ruleGitReflogExpire, "Deletes reflog entries: the last way to recover the commits they point at is gone."))
	case "expire":
		r.mutates()
		for _, f := range []string{"--expire", "--expire-unreachable"} {
			if v, ok := c.Flag(f); ok && expiresNow(v) {
				r.add(c.find(ruleGitReflogExpire, "Expires the reflog ("+f+"="+v+"): the last way to recover lost commits is gone."))
				return
			}
		}
		for _, k := range []string{"gc.reflogexpire", "gc.reflogexpireunreachable"} {
			if s, ok := lastSetting(settings, k); ok && (s.dynamic || expiresNow(s.value)) {
				r.add(c.find(ruleGitReflogExpire, "Expires the reflog ("+s.name+"="+s.value+"): the last way to recover lost commits is gone."))
				return
			}
		}
	}
}

// gitGC judges git gc: pruning now (or with expiry settings of now) loses
// what only the reflog or loose objects still held.
func gitGC(c *Cmd, r *report, settings []gitSetting) {
	if v, ok := c.Flag("--prune"); ok && expiresNow(v) && v != "" {
		r.add(c.find(ruleGitReflogExpire, "Prunes unreachable objects now (--prune="+v+"): lost commits cannot be recovered any more."))
		return
	}
	for _, k := range []string{"gc.pruneexpire", "gc.reflogexpire", "gc.reflogexpireunreachable"} {
		if s, ok := lastSetting(settings, k); ok && !c.Has("--no-prune") && (s.dynamic || expiresNow(s.value)) {
			r.add(c.find(ruleGitReflogExpire, "Collects garbage with "+s.name+"="+s.value+": lost commits cannot be recovered any more."))
			return
		}
	}
}

// gitBranch judges branch deletion and branches moved over others.
func gitBranch(c *Cmd, r *report) {
	pos := c.Positional()
	if c.Has("-r", "--remotes") && !c.Has("-M", "-C", "-m", "-c", "--move", "--copy") {
		return // remote-tracking branches come back with the next fetch
	}
	force := c.Has("-f", "--force")
	switch {
	case c.Has("-D") || c.Has("-d", "--delete") && force:
		what := "a branch"
		if len(pos) > 0 {
			what = "the branch " + strings.Join(pos, " ")
		}
		r.add(c.find(ruleGitBranchForceDelete, "Deletes "+what+" even if it is not merged: its own commits are then only in the reflog.", pos...))
	case c.Has("-M", "-C") || c.Has("-m", "--move", "-c", "--copy") && force:
		if len(pos) == 0 {
			return
		}
		dst := pos[len(pos)-1]
		verb := "Renames"
		if c.Has("-C", "-c", "--copy") && !c.Has("-M", "-m", "--move") {
			verb = "Copies"
		}
		what := "the current branch"
		if len(pos) > 1 {
			what = pos[0]
		}
		r.add(c.find(ruleGitMoveRef, verb+" "+what+" to "+dst+", replacing it if it exists: the commits only the old "+dst+" had are no longer on a branch.", dst))
	case force && !c.Has("-m", "--move", "-c", "--copy", "-d", "--delete", "-l", "--list", "-a", "--all", "-v", "-vv", "--show-current", "--edit-description", "-u", "--set-upstream-to", "--unset-upstream"):
		if len(pos) == 0 {
			return
		}
		to := "the current commit"
		if len(pos) > 1 {
			to = pos[1]
		}
		r.add(c.find(ruleGitMoveRef, "Moves the branch "+pos[0]+" to "+to+" (branch --force): commits only on it are no longer on a branch.", pos[0]))
	}
}

// gitFetchForce judges git fetch told to overwrite local branches
// (+src:dst, or --force with src:dst): like branch --force, commits only
// on the local branch are no longer on a branch. Remote-tracking and
// other refs are git's own copies.
func gitFetchForce(c *Cmd, r *report) {
	pos := c.Positional()
	if len(pos) < 2 {
		return
	}
	force := c.Has("-f", "--force")
	for _, spec := range pos[1:] {
		plus := strings.HasPrefix(spec, "+")
		_, dst, ok := strings.Cut(strings.TrimPrefix(spec, "+"), ":")
		if !ok || dst == "" || !(plus || force) {
			continue
		}
		if strings.HasPrefix(dst, "refs/") && !strings.HasPrefix(dst, "refs/heads/") {
			continue
		}
		name := strings.TrimPrefix(dst, "refs/heads/")
		r.add(c.find(ruleGitMoveRef, "Overwrites the local branch "+name+" with what the remote has (git fetch "+spec+"): commits only on the local "+name+" are no longer on a branch.", name))
		return
	}
}

// gitPush judges a push: force, deletions, protected targets.
func gitPush(c *Cmd, r *report) {
	pos := c.Positional()
	if c.Has("--dry-run") {
		return // git push -n: nothing is sent
	}
	mirror := c.Has("--mirror")
	force := mirror
	lease := c.Has("--force-with-lease")
	for _, o := range c.Argv().Opts {
		switch {
		case o.Name == "--force" && !o.Unknown:
			// The last of --force and --no-force wins, as git reads them.
			force = !o.Negated
		case o.Unknown && strings.HasPrefix(o.Name, "--force") && o.Name != "--force-if-includes":
			// Unknown force-like options (--force-with-lease-if-includes…) count as force.
			force = true
		}
	}
	var refs []string
	if len(pos) > 1 {
		refs = pos[1:]
	}
	deleting := c.Has("--delete", "-d")
	var targets []string
	plusForce := false
	for _, ref := range refs {
		if strings.HasPrefix(ref, ":") && len(ref) > 1 {
			deleting = true
			targets = append(targets, ref[1:])
			continue
		}
		if strings.HasPrefix(ref, "+") {
			plusForce = true
			ref = ref[1:]
		}
		dst := ref
		if i := strings.IndexByte(ref, ':'); i >= 0 {
			dst = ref[i+1:]
		}
		if dst == "HEAD" || dst == "@" {
			dst = ""
		}
		if dst != "" {
			targets = append(targets, dst)
		}
	}
	if c.Has("--no-verify") {
		r.add(c.find(ruleGitNoVerify, "Pushes without running the repository's pre-push hooks."))
	}
	if c.Has("--prune") {
		r.add(c.find(ruleGitPushDelete, "Deletes every remote branch that has no local counterpart (--prune)."))
	}
	if deleting {
		for _, t := range targets {
			if isProtected(t) {
				r.add(c.find(ruleGitPushDeleteProtected, "Deletes "+t+", a shared branch, on the remote: everyone who works from it loses it.", targets...))
				return
			}
		}
		what := orSomething(targets, "branches or tags")
		if len(targets) == 0 && len(pos) > 1 {
			what = strings.Join(pos[1:], ", ")
		}
		r.add(c.find(ruleGitPushDelete, "Deletes "+what+" on the remote.", targets...))
		return
	}
	if mirror {
		r.add(c.find(ruleGitPushForceProtected, "Makes the remote a mirror of this repository (--mirror): every branch and tag there is overwritten, main included, and those not here are deleted."))
		return
	}
	if !(force || plusForce || lease) {
		return
	}
	if lease {
		// --force-with-lease=main[:expect] names the branch being overwritten.
		for _, v := range c.FlagAll("--force-with-lease") {
			if ref, _, _ := strings.Cut(v, ":"); ref != "" {
				targets = append(targets, ref)
			}
		}
	}
	protected := ""
	for _, t := range targets {
		// A wildcard refspec (refs/heads/*) takes the shared branches too.
		if isProtected(t) || strings.Contains(t, "*") {
			protected = t
		}
	}
	all := c.Has("--all", "--branches")
	if protected == "" && len(targets) == 0 && !all && !(c.Has("--tags") && len(refs) == 0) {
		// No refspec names a destination: the current branch goes.
		switch b, ok := r.currentBranch(c); {
		case ok && isProtected(b):
			protected = b
		case !ok && (force || plusForce):
			r.add(c.find(ruleGitPushForceProtected, "Force-pushes the current branch, which may be main or another shared branch: commits others pushed there are overwritten."))
			return
		}
	}
	if protected == "" && all && (force || plusForce) {
		r.add(c.find(ruleGitPushForceProtected, "Force-pushes every branch, main and the other shared ones included: commits others pushed there are overwritten."))
		return
	}
	if protected != "" {
		shown := protected + ", a shared branch"
		if strings.Contains(protected, "*") {
			shown = "every branch matching " + protected + ", shared ones included"
		}
		how := "Force-pushes to " + shown + ": commits others pushed there are overwritten."
		if lease && !force && !plusForce {
			how = "Force-pushes to " + shown + " (--force-with-lease): its history is rewritten under everyone who has pulled it."
		}
		r.add(c.find(ruleGitPushForceProtected, how, protected))
		return
	}
	if !force && !plusForce {
		return // --force-with-lease to a branch of one's own: the usual way after a rebase
	}
	what := "the current branch"
	if len(targets) > 0 {
		what = strings.Join(targets, ", ")
	}
	if c.Has("--mirror") {
		what = "every branch and tag"
	} else if c.Has("--all", "--branches") {
		what = "every branch"
	}
	r.add(c.find(ruleGitPushForce, "Force-pushes "+what+": commits on the remote that are not in yours are overwritten.", targets...))
}

// gitCheckout tells switching branches apart from overwriting files.
func gitCheckout(c *Cmd, r *report) {
	force := c.Has("-f", "--force")
	pos := c.Positional()
	_, creating := c.Flag("-b", "--orphan")
	reset, resetting := c.Flag("-B")
	if resetting {
		msg := "Creates the branch " + reset + ", or moves it here if it exists (checkout -B): commits only on the old " + reset + " are no longer on a branch."
		if force {
			msg = strings.TrimSuffix(msg, ".") + "; uncommitted changes are thrown away (--force)."
		}
		r.add(c.find(ruleGitMoveRef, msg, reset))
		if !force {
			return
		}
	}
	if force {
		msg := "Throws away every uncommitted change to tracked files (git checkout --force)."
		if len(pos) > 0 {
			msg = "Checks out " + pos[0] + " and throws away uncommitted changes (--force)."
		}
		if creating || resetting {
			msg = "Creates a branch and throws away uncommitted changes (--force)."
		}
		r.add(c.find(ruleGitDiscard, msg))
		return
	}
	if f, ok := c.Flag("--pathspec-from-file"); ok {
		r.add(c.find(ruleGitDiscard, "Overwrites the files listed in "+f+" with their committed version: uncommitted changes are lost.", f))
		return
	}
	if c.Has("-p", "--patch") {
		return // asks about each change
	}
	if c.Contains("--") {
		paths := afterDashDash(c.Args)
		if len(paths) > 0 {
			r.add(c.find(ruleGitDiscard, "Overwrites "+gitPaths(paths)+" with the committed version: uncommitted changes are lost.", paths...))
		}
		return
	}
	if creating || c.Has("--detach") {
		return
	}
	// git checkout <commit> <path>…: every word after the first is a path;
	// a lone word is a path when it reads like one.
	var paths []string
	if len(pos) > 1 {
		paths = pos[1:]
	} else if len(pos) == 1 && looksLikePath(pos[0]) {
		paths = pos
	}
	if len(paths) > 0 {
		r.add(c.find(ruleGitDiscard, "Overwrites "+gitPaths(paths)+" with the committed version: uncommitted changes are lost.", paths...))
	}
}

// gitSwitch judges git switch: --discard-changes and --force-create.
func gitSwitch(c *Cmd, r *report) {
	if b, ok := c.Flag("-C", "--force-create"); ok {
		r.add(c.find(ruleGitMoveRef, "Creates the branch "+b+", or moves it here if it exists (switch --force-create): commits only on the old "+b+" are no longer on a branch.", b))
	}
	if c.Has("--discard-changes", "-f", "--force") {
		r.add(c.find(ruleGitDiscard, "Switches branch and throws away uncommitted changes."))
	}
}

// gitRestore judges git restore: it overwrites the working tree unless it
// only restores the index (--staged).
func gitRestore(c *Cmd, r *report) {
	staged := c.Has("-S", "--staged")
	worktree := c.Has("-W", "--worktree")
	if staged && !worktree || c.Has("-p", "--patch") {
		return
	}
	paths := c.Positional()
	if f, ok := c.Flag("--pathspec-from-file"); ok {
		paths = append(paths, "the files listed in "+f)
	}
	if len(paths) == 0 {
		return // git restore without a path does nothing
	}
	from := "the committed version"
	if !staged {
		from = "the last staged or committed version"
	}
	if src, ok := c.Flag("-s", "--source"); ok && src != "" {
		from = "the version in " + src
	}
	r.add(c.find(ruleGitDiscard, "Overwrites "+gitPaths(paths)+" with "+from+": uncommitted changes are lost.", paths...))
}

func afterDashDash(args []string) []string {
	for i, a := range args {
		if a == "--" {
			return args[i+1:]
		}
	}
	return nil
}

// looksLikePath guesses whether a lone checkout argument is a path rather
// than a branch: ".", a glob, a pathspec, a directory or a known file
// extension.
func looksLikePath(p string) bool {
	switch {
	case p == "." || p == ".." || p == "*" || p == ":/" || p == "/":
		return true
	case strings.HasPrefix(p, "./") || strings.HasPrefix(p, "../") || strings.HasPrefix(p, ":("):
		return true
	case strings.HasSuffix(p, "/") || strings.ContainsAny(p, "*?["):
		return true
	}
	return looksLikeFile(p)
}

// looksLikeFile guesses whether a checkout argument is a file rather than a
// branch: a known file extension.
func looksLikeFile(p string) bool {
	i := strings.LastIndexByte(p, '.')
	if i <= 0 || i == len(p)-1 {
		return false
	}
	ext := p[i+1:]
	switch ext {
	case "txt", "md", "go", "py", "js", "ts", "tsx", "jsx", "json", "yaml", "yml", "toml", "rs", "java", "c", "h", "cpp", "hpp", "cs", "rb", "php", "html", "css", "scss", "sh", "sql", "xml", "lock", "cfg", "ini", "conf", "env", "kt", "swift", "vue", "svelte", "mod", "sum", "gradle", "properties", "csv", "proto", "tf", "dart", "ex", "exs", "lua", "pl", "r", "scala", "zig":
		return true
	}
	return false
}

// gitPaths is how pathspecs read in a message: "." is every file in the
// current directory, ":/" every file of the repository.
func gitPaths(paths []string) string {
	if len(paths) == 0 {
		return "the files"
	}
	out := make([]string, len(paths))
	for i, p := range paths {
		switch p {
		case ".", "./":
			out[i] = "every file in the current directory"
		case "*", ":/", ":/*", "/":
			out[i] = "every file of the repository"
		default:
			out[i] = showPath(p)
		}
	}
	return strings.Join(out, ", ")
}
