package main

import "strings"

// gitFamily spells git's destructive operations the ways git reads them
// (parse-options takes unambiguous prefixes of long options, clustered
// short ones, a later --no-force cancels -f, a dry run changes nothing)
// and runs commands through git's configuration.
func gitFamily() []Row {
	var rows []Row
	add := func(cs ...core) {
		for _, c := range cs {
			rows = append(rows, c.row(classGit, c.cmd))
		}
	}
	pushForms := []string{
		"git push --force origin R", "git push -f origin R", "git push origin +R", "git push origin +HEAD:R",
		"git push -fu origin R", "git push -uf origin R", "git push origin R --force", "git push origin R -f",
		"git push origin --force R", "git push -vf origin R", "git push --force --set-upstream origin R",
		"git push -f origin HEAD:refs/heads/R", "git push origin +refs/heads/R:refs/heads/R",
		"git -C /home/dev/project push -f origin R", "git push -qf origin R", "git push --no-verify -f origin R",
		"git push origin HEAD:R --force", "git --no-pager push -f origin R", "git push --atomic -f origin R",
		"/usr/bin/git push -f origin R", `"git" push --force origin R`, `\git push --force origin R`,
		"command git push -f origin R", `g\it push -f origin R`, "git push --porcelain --force origin R",
		"git push -f --no-verify --progress origin R", "git push --force origin HEAD:R",
	}
	for i, f := range pushForms {
		ref, min, what := "main", "approve", "Force-pushes over main, the shared branch: commits others pushed are lost."
		switch i % 4 {
		case 1:
			ref, what = "master", "Force-pushes over master, the shared branch: commits others pushed are lost."
		case 2:
			ref, min, what = "feature/login", "confirm", "Force-pushes over a feature branch: commits pushed there by others are lost."
		case 3:
			ref, what = "release/2.4", "Force-pushes over a release branch: commits others pushed are lost."
		}
		rows = append(rows, d(classGit, min, strings.ReplaceAll(f, "R", ref), what))
	}
	add(
		core{"git push origin feature", "", "Pushes the feature branch (no force)."},
		core{"git push -u origin feature", "", "Pushes the feature branch and tracks it."},
		core{"git push", "", "Pushes the current branch (no force)."},
		core{"git push --tags", "", "Pushes tags."},
		core{"git push -n -f origin main", "", "A dry run: shows what a forced push would do, changes nothing."},
		core{"git push --dry-run --force origin main", "", "A dry run: changes nothing."},
		core{"git push origin HEAD:feature", "", "Pushes the current commit to the feature branch (no force)."},
		core{"git push --follow-tags origin main", "", "Pushes main and its tags (no force: rejected unless it only adds commits)."},
		core{"git push -u origin HEAD", "", "Pushes the current branch and tracks it."},
		core{"git push origin main", "", "Pushes main (no force: rejected unless it only adds commits)."},
		core{"git push --atomic origin main v1.2.0", "", "Pushes main and a tag together (no force)."},
		core{"git push origin refs/heads/feature:refs/heads/feature", "", "Pushes the feature branch (no force)."},
		core{"git push -f --no-force origin main", "", "The later --no-force cancels -f: an ordinary push."},
		core{"git push --force --no-force origin main", "", "The later --no-force cancels --force: an ordinary push."},
		core{"git push --set-upstream origin fix/typo", "", "Pushes a new branch."},
		core{"git push -v origin feature/login", "", "Pushes a feature branch verbosely (no force)."},
		core{"git push --porcelain origin main", "", "Pushes main (no force)."},
		core{"git push origin v2.4.0", "", "Pushes a tag."},
		core{"git -C /home/dev/project push origin feature", "", "Pushes the feature branch (no force)."},
		core{`"C:\Program Files\Git\bin\git.exe" status`, "", "Shows the project's status with Git for Windows."},
		core{"GIT.EXE log --oneline", "", "Shows the history."},
		core{"git.exe push origin feature", "", "Pushes the feature branch (no force)."},
		core{"git push --force-with-lease=feature:origin/feature --dry-run origin feature", "", "A dry run: changes nothing."},
		core{"git push origin --tags --dry-run", "", "A dry run: changes nothing."},
		core{"git push origin +feature --dry-run", "", "A dry run: changes nothing."},
		core{"git push --help", "", "Shows git push's manual."},
	)
	add(
		core{`"C:\Program Files\Git\bin\git.exe" push --force origin main`, "approve", "Force-pushes over main with Git for Windows."},
		core{"GIT.EXE push -f origin main", "approve", "Force-pushes over main (Windows' file names ignore case)."},
		core{"git.exe reset --hard", "confirm", "Throws away every uncommitted change."},
		core{`"C:\Program Files\Git\cmd\git.exe" clean -fdx`, "confirm", "Deletes every untracked and ignored file."},
		core{"Git push --mirror origin", "approve", "Overwrites and deletes every branch and tag on the remote (macOS and Windows ignore case)."},
	)
	add(
		core{"git push --delete origin main", "approve", "Deletes main on the remote."},
		core{"git push --del origin release/2.4", "approve", "Deletes a release branch on the remote (--del is --delete)."},
		core{"git push -d origin feature/x", "confirm", "Deletes a feature branch on the remote."},
		core{"git push origin :main", "approve", "Deletes main on the remote (an empty source)."},
		core{"git push origin :refs/heads/feature", "confirm", "Deletes a feature branch on the remote."},
		core{"git push origin --delete v1.0.0", "confirm", "Deletes a published tag on the remote."},
		core{"git push --prune origin 'refs/heads/*:refs/heads/*'", "confirm", "Deletes every remote branch that does not exist locally."},
		core{"git push --mirror origin", "approve", "Makes the remote a mirror: its other branches and tags are deleted, the rest overwritten."},
		core{"git push --mirr backup", "approve", "Makes the remote a mirror (--mirr is --mirror)."},
		core{"git push -d origin main master", "approve", "Deletes main and master on the remote."},
		core{"git push origin --delete feature --dry-run", "", "A dry run: changes nothing."},
		core{"git push origin feature:feature-v2", "", "Pushes the feature branch under a new name."},
		core{"git branch -d -r origin/stale", "", "Forgets a remote-tracking branch locally; the remote keeps it."},
		core{"git fetch --prune", "", "Fetches and forgets deleted remote branches locally."},
		core{"git remote prune origin", "", "Forgets deleted remote branches locally."},
	)
	add(
		core{"git reset --hard", "confirm", "Throws away every uncommitted change."},
		core{"git reset --har", "confirm", "Throws away every uncommitted change (--har is --hard)."},
		core{"git reset --ha HEAD~3", "confirm", "Throws away uncommitted changes and the last three commits."},
		core{"git reset --hard origin/main", "confirm", "Throws away uncommitted changes and local commits."},
		core{"git reset -q --hard", "confirm", "Throws away every uncommitted change."},
		core{"git reset --merge", "confirm", "Resets the branch; uncommitted changes in the files it touches are lost."},
		core{"git reset --hard --", "confirm", "Throws away every uncommitted change."},
		core{"git -C . reset --hard HEAD", "confirm", "Throws away every uncommitted change."},
		core{"git --work-tree=. --git-dir=.git reset --hard", "confirm", "Throws away every uncommitted change."},
		core{"git -c core.quotepath=off reset --hard", "confirm", "Throws away every uncommitted change."},
		core{"git reset --soft HEAD~1", "", "Undoes the last commit and keeps its changes staged."},
		core{"git reset HEAD -- src/a.go", "", "Unstages a file; its changes stay in the working tree."},
		core{"git reset --mixed", "", "Unstages everything; the changes stay in the working tree."},
		core{"git reset -q", "", "Unstages everything; the changes stay."},
		core{"git reset --keep HEAD~1", "", "Moves back one commit, refusing if uncommitted changes would be lost."},
		core{"git reset", "", "Unstages everything; the changes stay."},
		core{"git reset --soft origin/main", "", "Moves the branch; every change stays staged."},
		core{"git reset -p", "", "Unstages hunks interactively."},
	)
	cleans := []string{"-fdx", "-xfd", "-dfx", "-f -d -x", "-fd", "-ffdx", "--force -d -x", "--forc -dx", "-xdf", "-d -x --force", "-fX", "-f", "-f -- .", "-fdx src", "--for -d"}
	for _, c := range cleans {
		rows = append(rows, d(classGit, "confirm", "git clean "+c, "Deletes untracked (and, with -x or -X, ignored) files for good: they were never committed."))
	}
	add(
		core{"git clean -n -dx", "", "A dry run: lists what would be deleted."},
		core{"git clean --dry-run -fdx", "", "A dry run: lists what would be deleted."},
		core{"git clean -fdxn", "", "A dry run (-n): lists what would be deleted."},
		core{"git clean -ndx", "", "A dry run: lists what would be deleted."},
		core{"git clean -fdx --dry-run", "", "A dry run: lists what would be deleted."},
		core{"git clean -fdx -n", "", "A dry run: lists what would be deleted."},
		core{"git clean -nd -e .env", "", "A dry run: lists what would be deleted."},
		core{"git clean --dry-run", "", "A dry run: lists what would be deleted."},
		core{"git clean -fd --dry-run build/", "", "A dry run: lists what would be deleted."},
		core{"git clean -h", "", "Prints git clean's usage."},
		core{"git status --ignored", "", "Shows ignored files."},
		core{"git clean -nX", "", "A dry run: lists the ignored files that would be deleted."},
	)
	add(
		core{"git checkout -f", "confirm", "Throws away every uncommitted change."},
		core{"git checkout --forc main", "confirm", "Switches to main throwing away uncommitted changes (--forc is --force)."},
		core{"git checkout -f -b new", "confirm", "Creates a branch and throws away every uncommitted change."},
		core{"git checkout -- .", "confirm", "Throws away the uncommitted changes of every file."},
		core{"git checkout .", "confirm", "Throws away the uncommitted changes of every file."},
		core{"git checkout HEAD -- src/", "confirm", "Throws away the uncommitted changes in src."},
		core{"git checkout -fq main", "confirm", "Switches to main throwing away uncommitted changes."},
		core{"git checkout -qf", "confirm", "Throws away every uncommitted change."},
		core{"git checkout --force main", "confirm", "Switches to main throwing away uncommitted changes."},
		core{"git checkout -- src/app.go", "confirm", "Throws away the uncommitted changes of a file."},
		core{"git checkout HEAD~3 -- .", "confirm", "Overwrites every file with its version of three commits ago."},
		core{"git checkout -b new", "", "Creates a branch; changes are kept."},
		core{"git checkout main", "", "Switches to main; git refuses if changes would be lost."},
		core{"git checkout -q feature", "", "Switches branches; changes are kept."},
		core{"git checkout -b fix/x origin/main", "", "Creates a branch from origin/main."},
		core{"git checkout --track origin/dev", "", "Creates a local branch tracking dev."},
		core{"git checkout -", "", "Switches to the previous branch."},
		core{"git checkout v1.2.0", "", "Checks out a tag; changes are kept."},
		core{"git checkout -b force-fix", "", "Creates a branch named force-fix."},
	)
	add(
		core{"git switch --discard-changes main", "confirm", "Switches to main throwing away uncommitted changes."},
		core{"git switch --disc main", "confirm", "Switches to main throwing away uncommitted changes (--disc is --discard-changes)."},
		core{"git switch -f main", "confirm", "Switches to main throwing away uncommitted changes."},
		core{"git switch --force main", "confirm", "Switches to main throwing away uncommitted changes."},
		core{"git switch --discard-changes -c hotfix origin/main", "confirm", "Creates a branch at origin/main, throwing away uncommitted changes to the files that differ."},
		core{"git switch main", "", "Switches to main; git refuses if changes would be lost."},
		core{"git switch -c feature", "", "Creates a branch."},
		core{"git switch -", "", "Switches to the previous branch."},
		core{"git switch --detach v1.0", "", "Checks out a tag."},
		core{"git switch -c fix origin/main", "", "Creates a branch from origin/main."},
	)
	add(
		core{"git restore .", "confirm", "Throws away the uncommitted changes of every file."},
		core{"git restore -- src/", "confirm", "Throws away the uncommitted changes in src."},
		core{"git restore --worktree .", "confirm", "Throws away the uncommitted changes of every file."},
		core{"git restore -W app.go", "confirm", "Throws away a file's uncommitted changes."},
		core{"git restore --source=HEAD~5 .", "confirm", "Overwrites every file with its version of five commits ago."},
		core{"git restore -s HEAD -W -S .", "confirm", "Throws away staged and unstaged changes."},
		core{"git restore --staged --worktree .", "confirm", "Throws away staged and unstaged changes."},
		core{"git restore :/", "confirm", "Throws away the uncommitted changes of the whole repository."},
		core{"git restore --staged app.go", "", "Unstages a file; its changes stay."},
		core{"git restore -S .", "", "Unstages everything; the changes stay."},
		core{"git restore --staged -- src/", "", "Unstages src; the changes stay."},
		core{"git restore --source=HEAD~1 --staged app.go", "", "Stages an older version; the working tree keeps its changes."},
	)
	add(
		core{"git branch -D feature", "confirm", "Deletes a branch even if its commits were never merged."},
		core{"git branch --delete --force feature", "confirm", "Deletes a branch even if unmerged."},
		core{"git branch -df feature", "confirm", "Deletes a branch even if unmerged (-d with -f)."},
		core{"git branch -fd feature", "confirm", "Deletes a branch even if unmerged."},
		core{"git branch --dele --forc old", "confirm", "Deletes a branch even if unmerged (abbreviated options)."},
		core{"git branch -d -f spike", "confirm", "Deletes a branch even if unmerged."},
		core{"git branch -f main HEAD~5", "confirm", "Moves main back five commits: the later ones drop off the branch."},
		core{"git branch -D $(git branch --format='%(refname:short)' | grep -v main)", "confirm", "Deletes every local branch but main, merged or not."},
		core{"git branch -d merged-feature", "", "Deletes a merged branch; git refuses if it is unmerged."},
		core{"git branch -v", "", "Lists branches."},
		core{"git branch --list", "", "Lists branches."},
		core{"git branch -m old new", "", "Renames a branch."},
		core{"git branch new-feature", "", "Creates a branch."},
		core{"git branch -a", "", "Lists every branch."},
		core{"git branch --delete merged-fix", "", "Deletes a merged branch; git refuses if it is unmerged."},
		core{"git branch --format='%(refname:short)' --merged", "", "Lists merged branches."},
	)
	add(
		core{"git stash drop", "confirm", "Deletes the latest stash."},
		core{"git stash drop stash@{2}", "confirm", "Deletes a stash."},
		core{"git stash clear", "confirm", "Deletes every stash."},
		core{"git stash drop -q", "confirm", "Deletes the latest stash."},
		core{"git stash drop --quiet stash@{0}", "confirm", "Deletes the latest stash."},
		core{"git stash", "", "Stashes the changes."},
		core{"git stash list", "", "Lists stashes."},
		core{"git stash pop", "", "Applies and drops a stash once applied."},
		core{"git stash show -p", "", "Shows a stash."},
		core{"git stash push -m wip", "", "Stashes the changes."},
	)
	add(
		core{"git update-ref -d refs/heads/main", "confirm", "Deletes the branch main without any check."},
		core{"git update-ref -d HEAD", "confirm", "Deletes the current branch's ref."},
		core{"git update-ref --no-deref -d refs/heads/release", "confirm", "Deletes a branch without any check."},
		core{"git update-ref refs/heads/backup HEAD", "", "Creates a backup branch."},
		core{"git rev-parse HEAD", "", "Prints the current commit."},
		core{"git show-ref --heads", "", "Lists branches."},
	)
	add(
		core{"git reflog expire --expire=now --all", "confirm", "Forgets every reflog entry: commits kept only there can no longer be recovered."},
		core{"git reflog expire --expire-unreachable=now --all && git gc --prune=now", "confirm", "Forgets the reflog and deletes unreachable commits for good."},
		core{"git gc --prune=now", "confirm", "Deletes unreachable commits now instead of after two weeks."},
		core{"git gc --prune=all --aggressive", "confirm", "Deletes every unreachable commit now."},
		core{"git prune --expire=now", "confirm", "Deletes unreachable commits now."},
		core{"git reflog delete HEAD@{1}", "confirm", "Deletes a reflog entry."},
		core{"git gc", "", "Packs the repository; unreachable commits are kept two weeks."},
		core{"git reflog", "", "Shows the reflog."},
		core{"git reflog show main", "", "Shows main's reflog."},
		core{"git gc --auto", "", "Packs the repository if needed."},
		core{"git prune -n", "", "A dry run: lists what would be pruned."},
		core{"git count-objects -v", "", "Counts objects."},
	)
	add(
		core{"git filter-branch --force --index-filter 'git rm --cached --ignore-unmatch secrets.env' HEAD", "approve", "Rewrites the whole history."},
		core{"git filter-repo --path secrets.env --invert-paths --force", "approve", "Rewrites the whole history."},
		core{"git rebase --root --exec true --committer-date-is-author-date && git push -f", "approve", "Rewrites every commit and force-pushes them."},
		core{"git log --stat", "", "Shows the history."},
		core{"git rebase origin/main", "", "Replays local commits on origin/main (nothing published is rewritten)."},
		core{"git commit --amend --no-edit", "", "Amends the last local commit."},
	)
	add(
		core{"git -c alias.x='!rm -rf ~' x", "block", "Defines an alias that deletes the home directory and runs it."},
		core{`git -c alias.st='!sh -c "rm -rf /"' st`, "block", "Defines an alias that deletes everything and runs it."},
		core{`git -c core.sshCommand='sh -c "rm -rf ~"' fetch`, "block", "Runs, as git's ssh, a command that deletes the home directory."},
		core{"GIT_SSH_COMMAND='rm -rf ~ #' git fetch", "block", "Runs, as git's ssh, a command that deletes the home directory."},
		core{`GIT_SSH_COMMAND='sh -c "rm -rf /"' git pull`, "block", "Runs, as git's ssh, a command that deletes everything."},
		core{"git -c core.fsmonitor='rm -rf ~' status", "block", "git status runs the fsmonitor hook: it deletes the home directory."},
		core{"git -c diff.external='rm -rf ~' diff", "block", "git diff runs the external diff: it deletes the home directory."},
		core{"git -c core.editor='rm -rf ~;' commit", "block", "git commit runs the editor: it deletes the home directory."},
		core{"git -c core.hooksPath=/tmp/h commit -m x", "confirm", "git commit runs hooks from a directory outside the project."},
		core{"git -c protocol.ext.allow=always clone 'ext::sh -c rm% -rf% ~'", "block", "The ext:: transport runs a command that deletes the home directory."},
		core{"GIT_CONFIG_COUNT=1 GIT_CONFIG_KEY_0=alias.x GIT_CONFIG_VALUE_0='!rm -rf ~' git x", "block", "Defines, through the environment, an alias that deletes the home directory and runs it."},
		core{"X='!rm -rf ~' git --config-env=alias.x=X x", "block", "Defines, from a variable, an alias that deletes the home directory and runs it."},
		core{"git -c credential.helper='!rm -rf ~' push", "block", "git push runs the credential helper: it deletes the home directory."},
		core{"git -c sequence.editor='rm -rf ~;' rebase -i HEAD~2", "block", "The rebase runs the sequence editor: it deletes the home directory."},
		core{"git -c gpg.program='rm -rf ~;' commit -S -m x", "block", "Signing runs the gpg program: it deletes the home directory."},
		core{"GIT_EXTERNAL_DIFF='rm -rf ~;' git diff", "block", "git diff runs the external diff: it deletes the home directory."},
		core{"GIT_EDITOR='rm -rf ~;' git commit", "block", "git commit runs the editor: it deletes the home directory."},
		core{"GIT_SEQUENCE_EDITOR='rm -rf /;' git rebase -i HEAD~3", "block", "The rebase runs the sequence editor: it deletes everything."},
		core{"git config alias.x '!rm -rf ~' && git x", "block", "Saves an alias that deletes the home directory and runs it."},
		core{"git config --global core.fsmonitor 'rm -rf ~'", "approve", "Makes every later git status delete the home directory."},
		core{"git config core.hooksPath /tmp/evil", "confirm", "Makes git run hooks from a directory outside the project."},
		core{"git -c uploadpack.packObjectsHook='rm -rf ~' fetch .", "block", "A local fetch runs the pack-objects hook: it deletes the home directory."},
		core{"git -c core.askPass='rm -rf ~;' fetch https://example.com/private.git", "block", "When the fetch needs a password, git runs askPass: it deletes the home directory."},
		core{"git -c filter.x.clean='rm -rf ~' -c core.attributesFile=/dev/stdin add . <<< '* filter=x'", "block", "git add runs the clean filter: it deletes the home directory."},
		core{"git -c user.name=bot commit -m x", "", "Commits with another author name."},
		core{"git -c color.ui=always log", "", "Shows the history in color."},
		core{"git -c core.pager=less log", "", "Shows the history through less."},
		core{"git -c alias.st=status st", "", "Defines an alias for git status and runs it."},
		core{"GIT_SSH_COMMAND='ssh -i ~/.ssh/deploy_key' git fetch", "", "Fetches with a deploy key."},
		core{"git -c core.editor=vim commit", "", "Commits with vim as the editor."},
		core{"GIT_EDITOR=true git commit --amend --no-edit", "", "Amends the last local commit without an editor."},
		core{"git -c diff.external=difft diff", "", "Shows the diff with difftastic."},
		core{"git -c protocol.version=2 fetch", "", "Fetches with protocol version 2."},
		core{"GIT_CONFIG_COUNT=1 GIT_CONFIG_KEY_0=user.email GIT_CONFIG_VALUE_0=bot@example.com git commit -m x", "", "Commits with another e-mail address."},
		core{"git config alias.lg 'log --oneline --graph'", "", "Saves an alias for a log view."},
		core{"git -c core.sshCommand='ssh -o StrictHostKeyChecking=accept-new' fetch", "", "Fetches accepting new host keys."},
		core{"git -c alias.x='!echo rm -rf ~' x", "", "Defines an alias that prints words and runs it."},
		core{"git -c alias.up='!git fetch && git rebase origin/main' up", "", "Defines an alias that fetches and rebases, and runs it."},
		core{"git clone https://github.com/org/repo.git", "", "Clones a repository."},
		core{"git config --global pull.rebase true", "", "Makes pull rebase."},
		core{"GIT_TRACE=1 git status", "", "Shows the status with tracing."},
		core{"git -c core.fsmonitor=false status", "", "Shows the status without fsmonitor."},
		core{"git -c credential.helper=cache push origin feature", "", "Pushes the feature branch, caching credentials in memory."},
		core{"GIT_SEQUENCE_EDITOR=true git rebase -i --autosquash origin/main", "", "Squashes fixup commits of the local branch."},
	)
	return rows
}
