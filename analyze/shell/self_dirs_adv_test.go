package shell

import (
	"strings"
	"testing"
)

// The agents' settings reached without naming the file: a copy into their
// directory takes the name from the source, a glob carries any name it
// matches, and renaming, deleting or creating the directory takes the
// files along. Every protected directory × every spelling of it × every
// program that writes, moves, links, syncs, extracts, deletes or reverts
// must give a shell.self finding; the same commands on an ordinary
// directory must not.

// selfSettings are the protected settings: a directory and a file in it
// that holds the agent's hooks. home: only in the home directory.
var selfSettings = []struct {
	dir, file string
	home      bool
}{
	{".claude", "settings.json", false}, {".claude", "settings.local.json", false}, {".codex", "hooks.json", false},
	{".codex", "config.toml", false}, {".gemini", "settings.json", false}, {".cursor", "hooks.json", false},
	{".github/hooks", "actionguard.json", false}, {".copilot/hooks", "actionguard.json", true},
	{".config/actionguard", "actionguard.yaml", true}, {".local/state/actionguard", "actionguard.db", true},
}

// selfDirSpellings are the ways to name a directory d of the project (or,
// for home, of the home directory) on a command line.
func selfDirSpellings(d string, home bool) []string {
	if home {
		return []string{"~/" + d, "$HOME/" + d, "${HOME}/" + d, "/home/dev/" + d, "~/" + d + "/", "/home/dev/project/../" + d}
	}
	return []string{d, "./" + d, d + "/", "/home/dev/project/" + d, "~/" + d, "$HOME/" + d, "sub/../" + d}
}

// selfGlobs are wildcard spellings of a directory's last component.
func selfGlobs(d string) []string {
	dir, base := "", d
	if i := strings.LastIndex(d, "/"); i >= 0 {
		dir, base = d[:i+1], d[i+1:]
	}
	// The shell's wildcards do not match a leading dot: a glob of a dot
	// name spells the dot.
	out := []string{dir + base[:3] + "*", dir + base[:1] + "?" + base[2:], dir + base[:len(base)-1] + "[a-z]"}
	if base[0] == '.' {
		out = append(out, dir+".*")
	}
	return out
}

// selfReachTemplates are commands over a directory D (as spelled), the
// file F in it, and a glob G of D, that change F.
var selfReachTemplates = []string{
	// Copies and moves into D: the name comes from the source.
	"cp /tmp/e/F D/", "cp /tmp/e/F D", "cp -t D /tmp/e/F", "cp --target-directory=D /tmp/e/F", "cp /tmp/e/a.md /tmp/e/F D",
	"cp -f /tmp/e/F D/", "cp /tmp/e/* D/", "cp -r /tmp/e/* D", "mv /tmp/e/F D/", "mv /tmp/e/F D", "mv -t D /tmp/e/F", "mv -f /tmp/e/* D/",
	"mv --target-directory=D /tmp/e/F", "install -m 644 /tmp/e/F D/", "install -t D /tmp/e/F", "ln -sf /tmp/e/F D/", "ln -s /tmp/e/F D",
	"rsync /tmp/e/F D/", "rsync -a /tmp/e/ D/", "rsync -av --delete /tmp/e/ D", "cp /tmp/e/$NAME D/", "cp /tmp/e/F G/",
	// The directory created from elsewhere.
	"mv /tmp/e D", "cp -r /tmp/e D", "cp -a /tmp/e D/", "ln -s /tmp/e D", "ln -sfn /tmp/e D",
	// The directory renamed or deleted.
	"mv D D.off", "mv D /tmp/saved", "mv -f D /tmp/", "rm -rf D", "rm -r D/", "rm D/*", "rm -f D/F", "rm -rf G", "rm G/F", "rm -f D/*.*",
	"trash D", "trash-put D/F", "gio trash D", "find D -delete", "find D -type f -delete", "find D -name F -delete", "find D -exec rm {} +",
	"unlink D/F", "shred -u D/F",
	// Written through a glob.
	"echo '{}' > G/F", "tee G/F < /tmp/e/F", "sed -i s/a/b/ G/F", "truncate -s 0 D/*",
	// Extracted into it.
	"tar -xf /tmp/e.tar -C D", "tar xzf /tmp/e.tgz -C D", "tar --extract --file=/tmp/e.tar --directory=D", "unzip -o /tmp/e.zip -d D",
	// git's way.
	"git checkout -- D", "git checkout HEAD -- D/F", "git restore D", "git restore --source=HEAD~3 D/F", "git rm -r D", "git mv D D.off",
}

// selfWrappers run a command unchanged.
var selfWrappers = []string{"%s", "sudo %s", "bash -c '%s'", "env X=1 %s", "command %s", "true && %s", "cd /home/dev/project && %s"}

func selfExpand(tmpl, d, f, g string) string {
	r := strings.NewReplacer("D", d, "F", f, "G", g)
	return r.Replace(tmpl)
}

func selfFindings(cmd string) []string {
	var out []string
	for _, fd := range Analyze(cmd, selfOptions).Findings {
		if strings.HasPrefix(fd.Rule, "shell.self.") {
			out = append(out, fd.Rule)
		}
	}
	return out
}

// wantNoSelf fails t when cmd has a shell.self finding.
func wantNoSelf(t *testing.T, cmd string) {
	t.Helper()
	if got := selfFindings(cmd); len(got) > 0 {
		t.Errorf("%s: %v, want none", cmd, got)
	}
}

func TestSelfReachedThroughDirectories(t *testing.T) {
	n := 0
	for _, s := range selfSettings {
		globs := selfGlobs(s.dir)
		for _, d := range selfDirSpellings(s.dir, s.home) {
			for k, tmpl := range selfReachTemplates {
				if s.home && strings.HasPrefix(tmpl, "git ") {
					continue // the home directory is not the repository
				}
				g := globs[k%len(globs)]
				if s.home {
					g = "~/" + g
				}
				cmd := selfExpand(tmpl, strings.TrimSuffix(d, "/"), s.file, g)
				if strings.Contains(tmpl, "D/") || strings.HasSuffix(tmpl, " D") {
					cmd = selfExpand(tmpl, d, s.file, g)
					cmd = strings.ReplaceAll(cmd, "//", "/")
				}
				wrap := selfWrappers[n%len(selfWrappers)]
				if strings.Contains(cmd, "'") && strings.Contains(wrap, "'") {
					wrap = "%s"
				}
				cmd = strings.Replace(wrap, "%s", cmd, 1)
				n++
				if len(selfFindings(cmd)) == 0 {
					t.Errorf("%s: no shell.self finding (found %v)", cmd, ruleIDs(Analyze(cmd, selfOptions)))
				}
			}
		}
	}
	t.Logf("%d commands", n)
}

// TestSelfReachTwins: the same commands over ordinary directories and
// files keep running without a shell.self finding.
func TestSelfReachTwins(t *testing.T) {
	n := 0
	for _, d := range []string{"docs", "build", "config", "out", ".vscode", ".claude/commands", ".github/workflows", "/tmp/stage", "~/notes"} {
		for _, f := range []string{"notes.md", "app.json"} {
			for _, tmpl := range selfReachTemplates {
				if strings.Contains(tmpl, "$NAME") || strings.Contains(tmpl, "/tmp/e/*") || strings.Contains(tmpl, "/tmp/e/ ") || strings.Contains(tmpl, "/tmp/e D") || strings.HasPrefix(tmpl, "rsync -av --delete /tmp/e/") {
					if strings.HasPrefix(d, ".claude") || strings.HasPrefix(d, ".github") {
						continue // the content of an unknown directory could hold hooks
					}
				}
				g := selfGlobs(d)[0]
				if strings.HasPrefix(d, ".") && !strings.Contains(d, "/") {
					g = "." + d[1:3] + "x*" // a glob that cannot match an agent's directory
				}
				cmd := selfExpand(tmpl, d, f, g)
				n++
				if got := selfFindings(cmd); len(got) > 0 {
					t.Errorf("%s: %v", cmd, got)
				}
			}
		}
	}
	for _, cmd := range []string{
		"cp /tmp/e/notes.md docs/", "mv docs docs.old", "rm build/*", "git stash", "git stash pop", "git stash list", "git stash -m wip",
		"cp /tmp/e/settings.json config/", "cp /tmp/e/settings.local.json /tmp/f/", "mv /tmp/build out", "cp notes.md .claude/",
		"cp /tmp/e/*.md .claude/", "cp review.md .claude/commands/", "mkdir -p .claude/commands", "git checkout main", "git checkout -b feature/x",
		"git restore src/main.go", "git clean -f", "git clean -n -dx", "find . -name '*.pyc' -delete",
		"find /tmp -mtime +1 -delete", "tar -xzf x.tgz -C /tmp/x", "tar -xzf x.tgz -C build", "rsync -av src/ build/", "cp -r /tmp/e/. build",
		"rm -rf node_modules/.cache", "ls -la .claude", "cat .claude/settings.json", "cp .claude/settings.json /tmp/backup.json",
		"rm -rf /tmp/*", "rm -rf build/.c*", "mv /mnt/usb/[^l]* /home/dev/stuff/", "find . ! -name . -prune -name '*.old' -exec mv {} ../old/ \\;",
		"find . -iname \"$q*\" -exec grep x {} \\;", "find /srv -type d -exec printf x \\;", "sed 's|/[^/]*$||' list.txt", "awk '/inet /{sub(/[^0-9]*/,\"\")}' f", "rm -rf ./*", "cat ~/.claude.json", "echo hi > notes.txt", "git add .claude",
		"mv /tmp/e/*.md docs/", "rsync -an --delete /tmp/empty/ ~/", "rsync --dry-run -a /tmp/e/ .claude/", "ln -s ../shared/config.json config.json", "unzip x.zip -d vendor",
	} {
		n++
		if got := selfFindings(cmd); len(got) > 0 {
			t.Errorf("%s: %v", cmd, got)
		}
	}
	t.Logf("%d commands", n)
}

// TestSelfGitReach: git commands that take the settings files away, as
// real git does: stash -u takes untracked files (settings not committed
// yet), -a ignored ones too; clean -d removes an untracked .claude and -x
// the ignored settings.local.json.
func TestSelfGitReach(t *testing.T) {
	block := []string{"git stash -u", "git stash --include-untracked", "git stash push -u", "git stash save -u wip", "git stash -a", "git stash --all",
		"git stash push --include-untracked -- .claude", "git clean -fdx", "git clean -fX", "git clean -f -x", "git clean -fd", "git clean -ffdx",
		"git clean -f .claude", "git -C /home/dev/project clean -xdf", "git stash push -a -m wip"}
	pass := []string{"git stash", "git stash push -m wip", "git stash pop", "git stash apply", "git stash drop", "git stash show -p",
		"git stash push -u -- src", "git clean -f", "git clean -n", "git clean -ndx", "git clean -f src/gen", "git checkout .", "git checkout main"}
	for _, cmd := range block {
		if len(selfFindings(cmd)) == 0 {
			t.Errorf("%s: no shell.self finding (found %v)", cmd, ruleIDs(Analyze(cmd, selfOptions)))
		}
	}
	for _, cmd := range pass {
		if got := selfFindings(cmd); len(got) > 0 {
			t.Errorf("%s: %v", cmd, got)
		}
	}
}

// TestSelfReachMessage: the finding names the path that changes, in
// words, with the name taken from the source.
func TestSelfReachMessage(t *testing.T) {
	res := Analyze("cp /tmp/e/settings.local.json .claude/", selfOptions)
	for _, fd := range res.Findings {
		if fd.Rule == ruleSelfWrite.ID {
			if !strings.Contains(fd.Message, ".claude/settings.local.json") || !strings.Contains(fd.Message, "hook settings") {
				t.Errorf("message %q does not name the settings file", fd.Message)
			}
			return
		}
	}
	t.Fatalf("no %s finding: %v", ruleSelfWrite.ID, ruleIDs(res))
}
