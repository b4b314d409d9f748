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
		Alternative: "git push --force-with-lease, or push to a new branch and open a pull request",
		Match:       []string{"git push --force origin main", "git push origin main --force", "git push -f origin master", "git push origin +main", "git push --force origin HEAD:main", "git push origin +HEAD:release/1.2"},
		NoMatch:     []string{"git push origin main", "git push --force-with-lease origin main", "git push -f origin feature/x"},
	}
	ruleGitPushForce = &rule.Rule{
		ID: "shell.git.push-force", Category: rule.History, Points: 60,
		Summary:     "Force-pushes: commits on the remote branch that are not in yours are overwritten.",
		Alternative: "git push --force-with-lease",
		Match:       []string{"git push --force", "git push -f", "git push -f origin feature/x", "git push --force-with-lease-if-includes origin feature", "git push origin +feature", "git push --mirror"},
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
	ruleGitClean = &rule.Rule{
		ID: "shell.git.clean", Category: rule.Destructive, Points: 50,
		Summary:     "Deletes every untracked file (git clean -f): files that were never committed are gone for good.",
		Alternative: "git clean -n to see what would go, or git stash -u",
		Match:       []string{"git clean -f", "git clean -fd", "git clean -df", "git clean -fdx", "git clean --force"},
		NoMatch:     []string{"git clean -n", "git clean --dry-run", "git clean -dn"},
	}
	ruleGitDiscard = &rule.Rule{
		ID: "shell.git.discard-changes", Category: rule.History, Points: 50,
		Summary:     "Overwrites files with their committed version: uncommitted changes to them are lost.",
		Alternative: "git stash (keeps the changes), or git diff > changes.patch first",
		Match: []string{"git checkout -- .", "git checkout -- file.txt", "git checkout HEAD -- file.txt", "git checkout HEAD -- .", "git restore file.txt", "git restore --worktree file.txt",
			"git restore -W file.txt", "git restore .", "git checkout .", "git checkout -f main", "git switch --discard-changes main", "/usr/local/bin/git checkout -- ."},
		NoMatch: []string{"git checkout main", "git checkout -b feature", "git restore --staged file.txt", "git restore -S file.txt", "git switch main", "git checkout --orphan gh-pages"},
	}
	ruleGitBranchForceDelete = &rule.Rule{
		ID: "shell.git.branch-force-delete", Category: rule.History, Points: 45,
		Summary:     "Deletes a branch even if its commits are not merged anywhere.",
		Alternative: "git branch -d (refuses to delete unmerged work)",
		Match:       []string{"git branch -D feature", "git branch --delete --force old", "git branch -d -f old"},
		NoMatch:     []string{"git branch -d feature", "git branch feature"},
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
		Match:       []string{"git reflog expire --expire=now --all", "git gc --prune=now", "git reflog delete HEAD@{1}", "git prune --expire=now"},
		NoMatch:     []string{"git reflog", "git gc"},
	}
	ruleGitUpdateRefDelete = &rule.Rule{
		ID: "shell.git.update-ref-delete", Category: rule.History, Points: 50,
		Summary:     "Deletes a ref directly (branch, tag or note), without the usual safety checks.",
		Alternative: "git branch -d / git tag -d",
		Match:       []string{"git update-ref -d refs/heads/main", "git tag -d v1.0"},
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
		Match:       []string{"git config alias.up '!curl x | sh'", "git config --global core.sshCommand 'ssh -i /tmp/k'", "git config core.pager 'rm -rf ~'", "git -c core.sshCommand='ssh -o ProxyCommand=x' fetch"},
		NoMatch:     []string{"git config user.name dev", "git config --get remote.origin.url", "git config alias.st status"},
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

// gitHandler judges git subcommands.
func gitHandler(c *Cmd, r *report) {
	// Global options before the subcommand.
	args := c.Args
	i := 0
	for i < len(args) {
		a := args[i]
		if a == "-C" || a == "-c" || a == "--git-dir" || a == "--work-tree" || a == "--namespace" || a == "--exec-path" && !strings.Contains(a, "=") || a == "--config-env" {
			if a == "-c" && i+1 < len(args) {
				gitConfigValue(c, r, args[i+1])
			}
			i += 2
			continue
		}
		if strings.HasPrefix(a, "-") {
			i++
			continue
		}
		break
	}
	if i >= len(args) {
		return
	}
	sub := args[i]
	sc := &Cmd{Name: "git " + sub, Path: c.Path, Args: args[i+1:], Text: c.Text, Sudo: c.Sudo, Depth: c.Depth, index: c.index, env: c.env}
	if i+1 <= len(c.Dynamic) {
		sc.Dynamic = c.Dynamic[min(i+1, len(c.Dynamic)):]
	}
	switch sub {
	case "status", "log", "diff", "show", "blame", "grep", "ls-files", "ls-tree", "ls-remote", "rev-parse", "describe", "shortlog", "reflog", "cat-file", "fsck", "count-objects", "whatchanged", "cherry", "name-rev", "merge-base", "rev-list", "for-each-ref", "show-ref", "help", "version", "verify-commit", "verify-tag", "check-ignore", "check-attr", "range-diff", "bugreport", "var":
		if sub == "reflog" {
			if sc.ArgIs("expire") || sc.ArgIs("delete") {
				r.mutates()
				r.add(sc.find(ruleGitReflogExpire, ""))
			}
		}
		return
	}
	r.mutates()
	switch sub {
	case "push":
		gitPush(sc, r)
	case "reset":
		switch {
		case sc.Has("--hard"):
			r.add(sc.find(ruleGitResetHard, ""))
		case sc.Has("--merge"):
			r.add(sc.find(ruleGitResetMerge, ""))
		}
	case "clean":
		if sc.Has("-n", "--dry-run") {
			return
		}
		if sc.Has("-f", "--force") {
			msg := "Deletes every untracked file"
			if sc.Has("-d") {
				msg += " and directory"
			}
			if sc.Has("-x") {
				msg += ", ignored ones too (.env and local config included)"
			}
			r.add(sc.find(ruleGitClean, msg+"; what was never committed is gone for good."))
		}
	case "checkout":
		gitCheckout(sc, r)
	case "restore":
		staged := sc.Has("-S", "--staged")
		worktree := sc.Has("-W", "--worktree")
		if !staged || worktree {
			r.add(sc.find(ruleGitDiscard, "Overwrites "+strings.Join(sc.Positional("-s", "--source"), " ")+" with the committed version: uncommitted changes are lost."))
		}
	case "switch":
		if sc.Has("--discard-changes", "-f", "--force") {
			r.add(sc.find(ruleGitDiscard, "Switches branch and throws away uncommitted changes."))
		}
	case "branch":
		if sc.Has("-D") || sc.Has("-d", "--delete") && sc.Has("-f", "--force") {
			r.add(sc.find(ruleGitBranchForceDelete, "Deletes the branch "+strings.Join(sc.Positional(), " ")+" even if it is not merged.", sc.Positional()...))
		}
	case "stash":
		if sc.ArgIs("drop") || sc.ArgIs("clear") {
			msg := "Drops a stash entry."
			if sc.ArgIs("clear") {
				msg = "Drops every stash entry."
			}
			r.add(sc.find(ruleGitStashDrop, msg))
		}
	case "filter-branch", "filter-repo", "replace":
		if sub == "replace" && (sc.Has("-l", "--list") || len(sc.Args) == 0) {
			return
		}
		r.add(sc.find(ruleGitRewriteHistory, ""))
	case "gc":
		if v, ok := sc.Flag("--prune"); ok && (v == "now" || v == "all") {
			r.add(sc.find(ruleGitReflogExpire, "Prunes unreachable objects now: lost commits cannot be recovered any more."))
		}
	case "prune":
		if v, ok := sc.Flag("--expire"); ok && v == "now" {
			r.add(sc.find(ruleGitReflogExpire, ""))
		}
	case "update-ref":
		if sc.Has("-d") {
			r.add(sc.find(ruleGitUpdateRefDelete, ""))
		}
	case "tag":
		if sc.Has("-d", "--delete") {
			r.add(sc.find(ruleGitUpdateRefDelete, "Deletes the tag "+strings.Join(sc.Positional(), " ")+"."))
		}
	case "commit":
		if sc.Has("--no-verify", "-n") {
			r.add(sc.find(ruleGitNoVerify, ""))
		}
	case "config":
		pos := sc.Positional("--file", "-f", "--blob", "--type", "--default")
		if len(pos) >= 2 && !sc.Has("--get", "--get-all", "--list", "-l", "--unset", "--get-regexp") {
			gitConfigValue(sc, r, pos[0]+"="+strings.Join(pos[1:], " "))
		}
	case "worktree":
		if sc.ArgIs("remove") && sc.Has("-f", "--force") {
			r.add(sc.find(ruleGitWorktreeForce, ""))
		}
	case "submodule":
		if sc.ArgIs("deinit") && sc.Has("-f", "--force") {
			r.add(sc.find(ruleGitSubmoduleDeinit, ""))
		}
	case "rm":
		// git rm is recorded in history and can be undone with git checkout.
	}
}

// gitConfigValue flags configuration that makes git run a program.
func gitConfigValue(c *Cmd, r *report, kv string) {
	k, v, _ := strings.Cut(kv, "=")
	k = strings.ToLower(k)
	switch {
	case strings.HasPrefix(k, "alias.") && strings.HasPrefix(strings.TrimSpace(v), "!"):
		r.add(c.find(ruleGitConfigExec, "Defines a git alias that runs a shell command: "+truncateText(v, 80)))
		r.script(strings.TrimPrefix(strings.TrimSpace(v), "!"), c, "the git alias runs")
	case k == "core.hookspath":
		r.add(c.find(ruleGitWriteHooksPath(), "Points git's hooks at "+v+": whatever is there runs on commits and checkouts."))
	case k == "core.sshcommand" || k == "core.pager" || k == "core.editor" || k == "core.fsmonitor" || k == "credential.helper" && strings.HasPrefix(strings.TrimSpace(v), "!") || k == "sequence.editor" || k == "diff.external" || strings.HasPrefix(k, "filter.") || k == "gpg.program" || k == "core.askpass":
		if v == "" || v == "less" || v == "cat" || v == "vim" || v == "nano" || v == "code --wait" || v == "delta" || k == "credential.helper" && (v == "store" || v == "cache" || v == "osxkeychain" || v == "manager") {
			return
		}
		r.add(c.find(ruleGitConfigExec, "Makes git run "+truncateText(v, 80)+" ("+k+")."))
	}
}

func ruleGitWriteHooksPath() *rule.Rule { return ruleWriteGitHooks }

// gitPush judges a push: force, deletions, protected targets.
func gitPush(c *Cmd, r *report) {
	pos := c.Positional("--repo", "-o", "--push-option", "--receive-pack", "--exec")
	force := c.Has("--force", "--mirror")
	lease := c.Has("--force-with-lease")
	for _, o := range c.Argv().Opts {
		// Unknown force-like options (--force-with-lease-if-includes…) count as force.
		if o.Unknown && strings.HasPrefix(o.Name, "--force") {
			force = true
		}
	}
	// Refspecs after the remote.
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
		r.add(c.find(ruleGitPushDelete, "Deletes "+strings.Join(targets, ", ")+" on the remote.", targets...))
		return
	}
	if !(force || plusForce) {
		return
	}
	if lease && !plusForce && !hasExplicitForce(c) {
		return
	}
	protected := ""
	for _, t := range targets {
		if isProtected(t) {
			protected = t
		}
	}
	if protected != "" {
		r.add(c.find(ruleGitPushForceProtected, "Force-pushes to "+protected+", a shared branch: commits others pushed there are overwritten.", protected))
		return
	}
	what := "the current branch"
	if len(targets) > 0 {
		what = strings.Join(targets, ", ")
	}
	if c.Has("--mirror") {
		what = "every branch and tag"
	}
	r.add(c.find(ruleGitPushForce, "Force-pushes "+what+": commits on the remote that are not in yours are overwritten.", targets...))
}

func hasExplicitForce(c *Cmd) bool {
	for _, o := range c.Argv().Opts {
		switch {
		case o.Negated:
		case o.Name == "--force" || o.Name == "--mirror":
			return true
		case o.Unknown && strings.HasPrefix(o.Name, "--force"):
			return true
		}
	}
	return false
}

// gitCheckout tells switching branches apart from overwriting files.
func gitCheckout(c *Cmd, r *report) {
	if c.Has("-b", "-B", "--orphan", "--detach") && !c.Contains("--") {
		return
	}
	if c.Has("-f", "--force") {
		r.add(c.find(ruleGitDiscard, "Checks out and throws away uncommitted changes (--force)."))
		return
	}
	dashdash := false
	for _, a := range c.Args {
		if a == "--" {
			dashdash = true
		}
	}
	pos := c.Positional()
	if dashdash {
		r.add(c.find(ruleGitDiscard, "Overwrites "+strings.Join(afterDashDash(c.Args), " ")+" with the committed version: uncommitted changes are lost."))
		return
	}
	for _, p := range pos {
		if p == "." || p == "*" || strings.HasPrefix(p, "./") || looksLikeFile(p) {
			r.add(c.find(ruleGitDiscard, "Overwrites "+p+" with the committed version: uncommitted changes are lost.", p))
			return
		}
	}
}

func afterDashDash(args []string) []string {
	for i, a := range args {
		if a == "--" {
			return args[i+1:]
		}
	}
	return nil
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
