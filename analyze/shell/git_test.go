package shell

import (
	"strings"
	"testing"
)

// gitForm is one destructive git operation: the subcommand (with its own
// sub-subcommand words), alternative spellings of its options (each
// element one option, with its value when it takes one), the positional
// arguments and the paths after "--".
type gitForm struct {
	rule  string
	sub   string
	opts  [][]string
	pos   string
	paths string
}

var gitDestructive = []gitForm{
	{"shell.git.discard-changes", "checkout", [][]string{{"-f"}, {"--force"}}, "main", ""},
	{"shell.git.discard-changes", "checkout", [][]string{{"-f", "-b new"}, {"--force", "-b new"}, {"-fb new"}, {"-f", "--orphan new"}}, "", ""},
	{"shell.git.discard-changes", "checkout", [][]string{{}}, ".", ""},
	{"shell.git.discard-changes", "checkout", [][]string{{}}, "main src/", ""},
	{"shell.git.discard-changes", "checkout", [][]string{{}}, "", "."},
	{"shell.git.discard-changes", "checkout", [][]string{{}}, "HEAD", "path/file"},
	{"shell.git.discard-changes", "checkout", [][]string{{}, {"--ours"}, {"--theirs"}}, "HEAD~1", "src"},
	{"shell.git.discard-changes", "checkout", [][]string{{"--pathspec-from-file=list.txt"}, {"--pathspec-from-file list.txt"}}, "", ""},
	{"shell.git.discard-changes", "switch", [][]string{{"--discard-changes"}, {"-f"}, {"--force"}}, "main", ""},
	{"shell.git.discard-changes", "restore", [][]string{{}, {"--worktree"}, {"-W"}}, "file.txt", ""},
	{"shell.git.discard-changes", "restore", [][]string{{}, {"-s HEAD~3"}, {"--source=HEAD~3"}, {"--source HEAD~3"}, {"-sHEAD~3"}}, "", "."},
	{"shell.git.discard-changes", "restore", [][]string{{"--staged", "--worktree"}, {"-S", "-W"}, {"-SW"}, {"-WS"}, {"--staged", "-W", "--source=HEAD"}}, ".", ""},
	{"shell.git.discard-changes", "rm", [][]string{{"-f", "-r"}, {"-rf"}, {"-fr"}, {"--force", "-r"}, {"-r", "--force"}}, "src", ""},
	{"shell.git.discard-changes", "checkout-index", [][]string{{"-f", "-a"}, {"--force", "--all"}, {"-fa"}}, "", ""},
	{"shell.git.move-branch", "checkout", [][]string{{"-B main"}, {"-Bmain"}}, "", ""},
	{"shell.git.move-branch", "switch", [][]string{{"-C main"}, {"--force-create main"}, {"--force-create=main"}}, "", ""},
	{"shell.git.move-branch", "branch", [][]string{{"-f"}, {"--force"}}, "main HEAD~3", ""},
	{"shell.git.move-branch", "branch", [][]string{{"-M"}, {"-m", "-f"}, {"--move", "--force"}, {"-mf"}, {"-C"}, {"-c", "-f"}, {"--copy", "--force"}}, "old main", ""},
	{"shell.git.move-branch", "symbolic-ref", [][]string{{}, {"-m why"}}, "HEAD refs/heads/other", ""},
	{"shell.git.branch-force-delete", "branch", [][]string{{"-D"}, {"--delete", "--force"}, {"-d", "-f"}, {"-df"}, {"-fd"}, {"--delete", "-f"}, {"-d", "--force"}}, "feature", ""},
	{"shell.git.worktree-remove-force", "worktree remove", [][]string{{"--force"}, {"-f"}, {"-f", "-f"}, {"-ff"}, {"--force", "--force"}}, "../wt", ""},
	{"shell.git.push-force", "push", [][]string{{"--force"}, {"-f"}, {"-fu"}, {"-u", "--force"}, {"--force-with-lease-if-includes"}}, "origin feature", ""},
	{"shell.git.push-force", "push", [][]string{{}, {"-u"}}, "origin +feature", ""},
	{"shell.git.push-force-protected", "push", [][]string{{"--mirror"}, {"--all", "--force"}}, "origin", ""},
	{"shell.git.push-force-protected", "push", [][]string{{"--force"}, {"-f"}, {"--force-with-lease"}, {"--force-with-lease=main:abc123"}, {"--force-with-lease", "--force-if-includes"}}, "origin main", ""},
	{"shell.git.push-force-protected", "push", [][]string{{}, {"-u"}}, "origin +main", ""},
	{"shell.git.push-force-protected", "push", [][]string{{}}, "origin +HEAD:release/1.2", ""},
	{"shell.git.push-force-protected", "push", [][]string{{"--force"}}, "origin HEAD:refs/heads/master", ""},
	{"shell.git.push-delete", "push", [][]string{{"--delete"}, {"-d"}}, "origin old", ""},
	{"shell.git.push-delete", "push", [][]string{{}}, "origin :old", ""},
	{"shell.git.push-delete", "push", [][]string{{"--prune"}}, "origin", ""},
	{"shell.git.clean", "clean", [][]string{{"-f"}, {"--force"}, {"-fd"}, {"-df"}, {"-fdx"}, {"-ffdx"}, {"-f", "-d", "-x"}, {"--force", "-d", "-x"}, {"-xf"}, {"-X", "-f"}, {"-f", "-e keep"}}, "", ""},
	{"shell.git.clean", "clean", [][]string{{"-f"}, {"-fd"}}, "build/", ""},
	{"shell.git.reset-hard", "reset", [][]string{{"--hard"}}, "", ""},
	{"shell.git.reset-hard", "reset", [][]string{{"--hard"}, {"-q", "--hard"}}, "HEAD~1", ""},
	{"shell.git.reset-hard", "reset", [][]string{{"--hard"}}, "origin/main", ""},
	{"shell.git.reset-merge", "reset", [][]string{{"--merge"}}, "HEAD~1", ""},
	{"shell.git.stash-drop", "stash drop", [][]string{{}, {"-q"}}, "stash@{2}", ""},
	{"shell.git.stash-drop", "stash clear", [][]string{{}}, "", ""},
	{"shell.git.update-ref-delete", "update-ref", [][]string{{"-d"}, {"-d", "-m why"}}, "refs/heads/x", ""},
	{"shell.git.update-ref-delete", "tag", [][]string{{"-d"}, {"--delete"}}, "v1.0", ""},
	{"shell.git.update-ref-delete", "symbolic-ref", [][]string{{"-d"}, {"--delete"}}, "HEAD", ""},
	{"shell.git.reflog-expire", "reflog expire", [][]string{{"--expire=now", "--all"}, {"--expire-unreachable=now", "--all"}, {"--expire=all", "--all"}, {"--expire=5.minutes.ago"}}, "", ""},
	{"shell.git.reflog-expire", "reflog delete", [][]string{{}, {"--rewrite"}}, "HEAD@{1}", ""},
	{"shell.git.reflog-expire", "gc", [][]string{{"--prune=now"}, {"--prune=all"}, {"--aggressive", "--prune=now"}}, "", ""},
	{"shell.git.reflog-expire", "prune", [][]string{{}, {"--expire=now"}, {"--expire now"}, {"--verbose"}}, "", ""},
	{"shell.git.rewrite-history", "filter-branch", [][]string{{"--tree-filter 'rm -f secrets'"}, {"--index-filter 'git rm --cached x'", "--force"}}, "HEAD", ""},
	{"shell.git.rewrite-history", "filter-repo", [][]string{{"--path x", "--invert-paths"}, {"--force"}}, "", ""},
	{"shell.git.rewrite-history", "replace", [][]string{{"--graft"}}, "HEAD~1", ""},
	{"shell.git.rewrite-history", "replace", [][]string{{}, {"-f"}}, "abc123 def456", ""},
}

// gitGlobalPrefixes are spellings of the git program and of its options
// before the subcommand.
var gitGlobalPrefixes = []string{
	"git", "/usr/bin/git", `"git"`, `\git`, "git -C sub", "git -C ../other", "git --no-pager", "git -P", "git -p", "git -c x.y=z", "git -c user.name=dev -C sub",
	"git --git-dir=.git --work-tree=.", "git --git-dir .git --work-tree .", "git --no-optional-locks", "git --literal-pathspecs", "env LC_ALL=C git",
	"GIT_TRACE=1 git", "nice git", "command git", "git --namespace=x", "git -c core.quotepath=off --no-pager",
}

// optionOrders returns every order of the options.
func optionOrders(opts []string) [][]string {
	if len(opts) <= 1 {
		return [][]string{append([]string(nil), opts...)}
	}
	var out [][]string
	for i := range opts {
		rest := append(append([]string(nil), opts[:i]...), opts[i+1:]...)
		for _, p := range optionOrders(rest) {
			out = append(out, append([]string{opts[i]}, p...))
		}
	}
	return out
}

// spellings generates every command line of a form: each option spelling
// in every order, options before or after the positional arguments.
func (f gitForm) spellings() []string {
	var out []string
	for _, set := range f.opts {
		for _, perm := range optionOrders(set) {
			opts := strings.Join(perm, " ")
			orders := [][]string{{f.sub, opts, f.pos}}
			if f.pos != "" && opts != "" {
				orders = append(orders, []string{f.sub, f.pos, opts})
			}
			for _, o := range orders {
				parts := []string{}
				for _, p := range o {
					if p != "" {
						parts = append(parts, p)
					}
				}
				line := strings.Join(parts, " ")
				if f.paths != "" {
					line += " -- " + f.paths
				}
				out = append(out, line)
			}
		}
	}
	return out
}

// TestGitDestructiveSpellings: every spelling of every destructive git
// operation, behind every spelling of git and its global options, and
// through an alias, is reported with its rule.
func TestGitDestructiveSpellings(t *testing.T) {
	n := 0
	for _, f := range gitDestructive {
		for _, s := range f.spellings() {
			for _, pre := range gitGlobalPrefixes {
				line := pre + " " + s
				n++
				res := Analyze(line, exampleOptions)
				if !hasRule(res, f.rule) {
					t.Errorf("%s: want %s, got %v", line, f.rule, ruleIDs(res))
				}
				for _, fd := range res.Findings {
					if strings.Contains(fd.Message, "  ") || strings.ContainsRune(fd.Message, 0) || strings.Contains(fd.Message, " .") || !strings.HasSuffix(fd.Message, ".") {
						t.Errorf("%s: garbled message %q", line, fd.Message)
					}
				}
			}
			// The same through an alias given on the command line: whole,
			// and with the arguments given at the call.
			for _, line := range []string{
				"git -c alias.zz=" + shellQuote(s) + " zz",
				"git -c alias.zz=" + shellQuote(f.sub) + " zz " + strings.TrimPrefix(s, f.sub+" "),
				"GIT_CONFIG_COUNT=1 GIT_CONFIG_KEY_0=alias.zz GIT_CONFIG_VALUE_0=" + shellQuote(s) + " git zz",
				"git -c alias.yy=" + shellQuote(s) + " -c alias.zz=yy zz",
			} {
				n++
				if res := Analyze(line, exampleOptions); !hasRule(res, f.rule) {
					t.Errorf("%s: want %s, got %v", line, f.rule, ruleIDs(res))
				}
			}
			// A stored alias is judged when it is defined.
			line := "git config --global alias.zz " + shellQuote(s)
			n++
			if res := Analyze(line, exampleOptions); !hasRule(res, f.rule) {
				t.Errorf("%s: want %s, got %v", line, f.rule, ruleIDs(res))
			}
		}
	}
	t.Logf("%d destructive git command lines", n)
}

func shellQuote(s string) string { return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'" }

// gitBenign are everyday git commands, twins of the destructive ones.
var gitBenign = []string{
	"checkout -b feature", "checkout main", "checkout -b feature origin/feature", "checkout --orphan gh-pages", "checkout HEAD~1", "checkout -", "checkout --detach main",
	"checkout -p -- .", "switch main", "switch -c feature", "switch --create feature", "switch -", "switch --detach v1.0",
	"restore --staged file.txt", "restore -S .", "restore --staged -- .", "restore -p file.txt",
	"clean -n", "clean --dry-run", "clean -dn", "clean -fdn", "clean -nfdx", "clean -x", "clean -d", "clean -i",
	"stash", "stash list", "stash pop", "stash apply", "stash show -p", "stash push -m wip",
	"push", "push origin feature", "push -u origin feature", "push --force-with-lease", "push --force-with-lease origin feature", "push --tags", "push origin v1.0",
	"reset --soft HEAD~1", "reset --mixed HEAD", "reset HEAD file.txt", "reset --keep HEAD", "reset --keep", "reset",
	"branch -d feature", "branch feature", "branch -m old new", "branch -a", "branch -r -D origin/old", "branch --show-current", "branch -vv",
	"worktree remove ../wt", "worktree list", "worktree add ../wt feature", "worktree prune",
	"rm -r --cached .", "rm --cached -f secrets.env", "rm old.txt", "rm -r docs",
	"gc", "gc --aggressive", "gc --prune=2.weeks.ago", "prune -n", "prune --dry-run", "reflog", "reflog show", "reflog expire --expire=never --all",
	"tag v1.0", "tag -a v1.0 -m release", "update-ref refs/heads/x HEAD", "symbolic-ref HEAD", "symbolic-ref --short HEAD",
	"replace -l", "replace", "filter-repo --analyze", "rebase main", "rebase -i HEAD~3", "rebase -x 'go test ./...' main",
	"commit -m y", "commit -am 'fix: typo'", "config user.name dev", "config --get remote.origin.url", "config alias.st status", "config alias.co 'checkout -b'",
	"config --global core.editor vim", "config core.pager less", "config credential.helper store", "config --list", "config get core.pager",
	"fetch", "fetch --all --prune", "pull --rebase", "clone https://github.com/x/y", "clone git@github.com:x/y.git", "ls-remote origin",
	"status", "log --oneline", "diff HEAD", "show HEAD", "submodule update --init", "bisect start", "stash drop --help",
}

// gitFindingIDs are the rules a benign git command must not produce.
func gitFindingIDs(res *Result) []string {
	var out []string
	for _, f := range res.Findings {
		if strings.HasPrefix(f.Rule, "shell.git.") || f.Rule == "shell.fs.write-git-hooks" {
			out = append(out, f.Rule)
		}
	}
	return out
}

// TestGitBenignTwins: the everyday twins of the destructive operations,
// behind the same global options, produce no git finding.
func TestGitBenignTwins(t *testing.T) {
	for _, s := range gitBenign {
		if s == "stash drop --help" {
			continue // git prints help; kept out of the sweep below
		}
		for _, pre := range append(gitGlobalPrefixes, "git -c user.name=x -c user.email=x@y") {
			line := pre + " " + s
			if ids := gitFindingIDs(Analyze(line, exampleOptions)); len(ids) > 0 {
				t.Errorf("%s: want no git finding, got %v", line, ids)
			}
		}
		line := "git -c alias.zz=" + shellQuote(s) + " zz"
		if ids := gitFindingIDs(Analyze(line, exampleOptions)); len(ids) > 0 {
			t.Errorf("%s: want no git finding, got %v", line, ids)
		}
	}
}

// gitExecKeys are configuration keys that make git run a program.
var gitExecKeys = []string{
	"core.sshCommand", "core.pager", "core.editor", "core.fsmonitor", "core.askPass", "core.gitProxy", "sequence.editor", "diff.external", "gpg.program", "gpg.ssh.program",
	"uploadpack.packObjectsHook", "filter.lfs.clean", "filter.x.smudge", "filter.x.process", "diff.x.textconv", "diff.x.command", "merge.x.driver", "pager.log",
	"mergetool.x.cmd", "difftool.x.cmd", "interactive.diffFilter", "credential.helper", "credential.https://example.com.helper", "remote.origin.uploadpack", "alias.zz",
}

// TestGitConfigRunsPrograms: a program set through every configuration
// channel is reported, and its text is analysed as a shell command.
func TestGitConfigRunsPrograms(t *testing.T) {
	const payload = "rm -rf ~"
	for _, key := range gitExecKeys {
		v := payload
		if key == "alias.zz" || strings.HasPrefix(key, "credential.") {
			v = "!" + payload
		}
		q := shellQuote(v)
		for _, line := range []string{
			"git -c " + key + "=" + q + " status",
			"git -c " + shellQuote(key+"="+v) + " fetch",
			"git --no-pager -c " + key + "=" + q + " log",
			"P=" + q + " git --config-env=" + key + "=P log",
			"P=" + q + " git --config-env " + key + "=P log",
			"GIT_CONFIG_COUNT=1 GIT_CONFIG_KEY_0=" + key + " GIT_CONFIG_VALUE_0=" + q + " git status",
			"env GIT_CONFIG_COUNT=2 GIT_CONFIG_KEY_0=user.name GIT_CONFIG_VALUE_0=x GIT_CONFIG_KEY_1=" + key + " GIT_CONFIG_VALUE_1=" + q + " git status",
			`GIT_CONFIG_PARAMETERS="'` + key + `'='` + v + `'" git status`,
			"git config " + key + " " + q,
			"git config --global " + key + " " + q,
			"git config set --global " + key + " " + q,
			"git clone -c " + key + "=" + q + " https://example.com/r.git",
		} {
			res := Analyze(line, exampleOptions)
			if key != "remote.origin.uploadpack" || !strings.Contains(line, "clone") {
				if !hasRule(res, "shell.git.config-exec") {
					t.Errorf("%s: want shell.git.config-exec, got %v", line, ruleIDs(res))
				}
			}
			if strings.Contains(line, "--config-env") {
				continue // the value is read from the variable; judged as unknown
			}
			if !hasRule(res, "shell.fs.rm-home") {
				t.Errorf("%s: the program was not analysed (want shell.fs.rm-home), got %v", line, ruleIDs(res))
			}
		}
	}
}

// TestGitEnvironmentPrograms: variables naming a program git runs.
func TestGitEnvironmentPrograms(t *testing.T) {
	for _, name := range []string{"GIT_SSH_COMMAND", "GIT_EXTERNAL_DIFF", "GIT_EDITOR", "GIT_SEQUENCE_EDITOR", "EDITOR", "VISUAL", "GIT_PAGER", "PAGER"} {
		for _, line := range []string{
			name + "='rm -rf ~' git commit",
			"env " + name + "='rm -rf ~' git log",
			"env -i " + name + "='rm -rf ~' git rebase -i HEAD~3",
			"X=1 " + name + "='rm -rf ~' git -C sub fetch",
			"timeout 10 env " + name + "='rm -rf ~' git diff",
		} {
			res := Analyze(line, exampleOptions)
			if !hasRule(res, "shell.git.config-exec") || !hasRule(res, "shell.fs.rm-home") {
				t.Errorf("%s: want shell.git.config-exec and shell.fs.rm-home, got %v", line, ruleIDs(res))
			}
		}
		for _, line := range []string{name + "=vim git commit", name + "=less git log", name + "='code --wait' git commit", name + "='less -FRX' git log", name + "='delta --dark' git diff", "git log " + name + "='rm -rf ~'"} {
			if ids := gitFindingIDs(Analyze(line, exampleOptions)); len(ids) > 0 {
				t.Errorf("%s: want no git finding, got %v", line, ids)
			}
		}
	}
	for _, line := range []string{"GIT_SSH_COMMAND='ssh -oProxyCommand=evil' git fetch", "GIT_PAGER='delta --pager=evil' git log", "EDITOR='vim -c !evil' git commit", "GIT_EDITOR='vim +!evil' git commit",
		"git -c core.pager='less -R --lesskey-src=x' log", "git -c credential.helper='store; evil' fetch", "GIT_SSH=/tmp/evil git fetch", "GIT_ASKPASS=./steal git push", "GIT_PROXY_COMMAND=/tmp/p git fetch git://x/y", "GIT_EXEC_PATH=/tmp/bin git status", "X=$(cat f) GIT_SSH_COMMAND=$X git fetch"} {
		if res := Analyze(line, exampleOptions); !hasRule(res, "shell.git.config-exec") {
			t.Errorf("%s: want shell.git.config-exec, got %v", line, ruleIDs(res))
		}
	}
	for _, line := range []string{"GIT_CONFIG_GLOBAL=/tmp/evil.cfg git status", "GIT_CONFIG_SYSTEM=./x git log", "git --exec-path=/tmp/bin lfs pull"} {
		if res := Analyze(line, exampleOptions); !hasRule(res, "shell.git.config-exec") {
			t.Errorf("%s: want shell.git.config-exec, got %v", line, ruleIDs(res))
		}
	}
	if ids := gitFindingIDs(Analyze("GIT_CONFIG_GLOBAL=/dev/null git status", exampleOptions)); len(ids) > 0 {
		t.Errorf("GIT_CONFIG_GLOBAL=/dev/null: want no git finding, got %v", ids)
	}
	// Writing git's configuration files directly is writing its settings.
	for _, line := range []string{"echo '[core] hooksPath = /tmp/h' >> .git/config", "cp evil.cfg .git/config", "sed -i 's/x/y/' ~/.gitconfig", "tee -a ~/.config/git/config < x"} {
		if res := Analyze(line, exampleOptions); !hasRule(res, "shell.fs.write-git-hooks") {
			t.Errorf("%s: want shell.fs.write-git-hooks, got %v", line, ruleIDs(res))
		}
	}
	if res := Analyze("git diff --output=$HOME/.bashrc", exampleOptions); !hasRule(res, "shell.fs.write-startup") {
		t.Errorf("git diff --output=~/.bashrc: want shell.fs.write-startup, got %v", ruleIDs(res))
	}
	if res := Analyze("git push origin '+refs/heads/*:refs/heads/*'", exampleOptions); !hasRule(res, "shell.git.push-force-protected") {
		t.Errorf("wildcard force push: want shell.git.push-force-protected, got %v", ruleIDs(res))
	}
	if res := Analyze("GIT_TEMPLATE_DIR=/tmp/t git init", exampleOptions); !hasRule(res, "shell.fs.write-git-hooks") {
		t.Errorf("GIT_TEMPLATE_DIR: want shell.fs.write-git-hooks, got %v", ruleIDs(res))
	}
}

// TestGitRunsCommands: git subcommands and addresses that run a shell
// command hand it to the analysis.
func TestGitRunsCommands(t *testing.T) {
	for _, line := range []string{
		"git rebase --exec 'rm -rf ~' main", "git rebase -x 'rm -rf ~' main", "git rebase --exec='rm -rf ~' main",
		"git submodule foreach 'rm -rf ~'", "git bisect run rm -rf ~", "git difftool -x 'rm -rf ~'", "git difftool --extcmd='rm -rf ~'",
		"git filter-branch --tree-filter 'rm -rf ~' HEAD", "git clone 'ext::sh -c rm% -rf% ~' repo", "git fetch 'ext::sh -c rm% -rf% ~'",
		"git remote add evil 'ext::sh -c rm% -rf% ~'", "git clone -u 'rm -rf ~' ../repo", "git clone --upload-pack='rm -rf ~' ../repo",
		"git fetch --upload-pack 'rm -rf ~' ../repo", "git ls-remote --upload-pack='rm -rf ~' ../repo", "git push --receive-pack='rm -rf ~' ../repo",
		"git -c alias.p='!rm -rf' p ~", "git -c alias.p='!rm' p -rf ~", "git config alias.p '!rm -rf ~'",
		"git -c 'url.ext::sh -c rm% -rf% ~.insteadOf=https://github.com/' clone https://github.com/x/y",
		"git -c remote.origin.url='ext::sh -c rm% -rf% ~' fetch origin", "git grep -O'rm -rf ~' x", "git grep --open-files-in-pager='rm -rf ~' x",
		"git send-email --to-cmd='rm -rf ~' 0001.patch", "git -c alias.x='-c core.pager=\"rm -rf ~\" log' x",
		"git rebase -i --exec 'rm -rf ~' --exec 'make' main", "git submodule foreach --recursive 'rm -rf ~'",
	} {
		if res := Analyze(line, exampleOptions); !hasRule(res, "shell.fs.rm-home") {
			t.Errorf("%s: want shell.fs.rm-home, got %v", line, ruleIDs(res))
		}
	}
}

// TestGitAliasCannotShadowBuiltins: git ignores an alias named like one of
// its own commands, so such an alias neither hides nor adds anything.
func TestGitAliasCannotShadowBuiltins(t *testing.T) {
	res := Analyze("git -c alias.status='push --force' status", exampleOptions)
	if ids := gitFindingIDs(res); len(ids) > 0 {
		t.Errorf("an alias named status is ignored by git; got %v", ids)
	}
	res = Analyze("git -c alias.log='status' reset --hard", exampleOptions)
	if !hasRule(res, "shell.git.reset-hard") {
		t.Errorf("want shell.git.reset-hard, got %v", ruleIDs(res))
	}
	// An alias loop ends.
	res = Analyze("git -c alias.a=b -c alias.b=a a", exampleOptions)
	_ = res
}

// TestGitMessages: messages name what is lost in the user's words.
func TestGitMessages(t *testing.T) {
	for line, want := range map[string]string{
		"git clean -ffdx":                         "nested repositories",
		"git clean -fX":                           "ignored file",
		"git reset --hard origin/main":            "moves the current branch to origin/main",
		"git push --force-with-lease origin main": "rewritten",
		"git restore -s HEAD~3 -- src":            "the version in HEAD~3",
		"git stash drop stash@{2}":                "stash@{2}",
		"git branch -D feature":                   "feature",
		"git checkout -B main":                    "main",
		"git push --mirror":                       "every branch and tag",
	} {
		res := Analyze(line, exampleOptions)
		found := false
		for _, f := range res.Findings {
			if strings.Contains(f.Message, want) {
				found = true
			}
		}
		if !found {
			t.Errorf("%s: no message mentions %q: %v", line, want, res.Findings)
		}
	}
}

// BenchmarkCheckGit: everyday and hostile git command lines.
func BenchmarkCheckGit(b *testing.B) {
	lines := []string{"git status", "git commit -m 'fix: x=y'", "git push --force-with-lease origin feature", "git -c user.name=x -C sub log --oneline -5",
		"GIT_SSH_COMMAND='ssh -i key' git fetch", "git -c alias.p='push --force' p origin main", "git checkout -- .", "git clean -ffdx"}
	for i := 0; i < b.N; i++ {
		Analyze(lines[i%len(lines)], exampleOptions)
	}
}
