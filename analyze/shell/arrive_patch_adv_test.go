package shell

import (
	"errors"
	"strings"
	"testing"
)

// Patches and git operations that bring files: a patch is judged by the
// names its headers carry, whatever the strip level and whichever
// program applies it; another revision by the names it changes.

// patchHeaders writes a patch touching name in each of the formats the
// appliers read.
func patchHeaders(name string) []string {
	return []string{
		"diff --git a/" + name + " b/" + name + "\nindex 1..2 100644\n--- a/" + name + "\n+++ b/" + name + "\n@@ -1 +1 @@\n-{}\n+{\"hooks\":{}}\n",
		"--- a/" + name + "\t2026-01-01 00:00:00\n+++ b/" + name + "\t2026-01-01 00:00:00\n@@ -1 +1 @@\n-a\n+b\n",
		"--- " + name + ".orig\n+++ " + name + "\n@@ -1 +1 @@\n-a\n+b\n",
		"diff --git a/x.txt b/x.txt\nsimilarity index 100%\nrename from x.txt\nrename to " + name + "\n",
		"diff --git a/" + name + " b/" + name + "\nnew file mode 100644\n--- /dev/null\n+++ b/" + name + "\n@@ -0,0 +1 @@\n+{}\n",
		"Index: " + name + "\n===================================================================\n--- " + name + "\n+++ " + name + "\n@@ -1 +1 @@\n-a\n+b\n",
		"*** " + name + ".orig\tMon Jan  1 00:00:00 2026\n--- " + name + "\tMon Jan  1 00:00:00 2026\n***************\n*** 1 ****\n! a\n--- 1 ----\n! b\n",
		"From 1 Mon Sep 17 00:00:00 2001\nFrom: x <x@example.com>\nSubject: [PATCH] fix\n\n---\n diff --git a/" + name + " b/" + name + "\n--- a/" + name + "\n+++ b/" + name + "\n@@ -1 +1 @@\n-a\n+b\n",
		"diff --git \"a/" + name + "\" \"b/" + name + "\"\n--- \"a/" + name + "\"\n+++ \"b/" + name + "\"\n",
	}
}

// patchAppliers apply the patch file P (or the here-document).
var patchAppliers = []string{"git apply P", "git apply -v --index P", "git apply -p1 P", "git apply --reject P", "git apply < P", "git am P", "git am -3 < P",
	"patch -p1 < P", "patch -p0 < P", "patch < P", "patch -p1 -i P", "patch -Np1 --input=P", "patch -d . -p1 < P", "cat P | patch -p1", "cat P | git apply",
	"git -C . apply P", "patch -p2 < P", "git apply --directory=sub P"}

func TestArrivePatches(t *testing.T) {
	for _, name := range protectedMembers {
		name = strings.TrimPrefix(name, "./")
		for _, text := range patchHeaders(name) {
			opt := arriveOpts()
			opt.ReadFile = func(abs string) ([]byte, error) {
				if abs == "/home/dev/project/fix.diff" {
					return []byte(text), nil
				}
				return nil, errors.New("no such file")
			}
			for _, a := range patchAppliers {
				cmd := strings.ReplaceAll(a, "P", "fix.diff")
				if res := Analyze(cmd, opt); !hasRule(res, "shell.self.write") {
					t.Errorf("%q applying %q: not blocked: %v", cmd, firstLine(text), ruleIDs(res))
				}
			}
			// The patch in a here-document: no local file needed.
			for _, a := range []string{"git apply", "patch -p1", "git am"} {
				cmd := a + " <<'EOF'\n" + text + "EOF\n"
				if res := Analyze(cmd, arriveOpts()); !hasRule(res, "shell.self.write") {
					t.Errorf("%q in a here-document: not blocked: %v", a, ruleIDs(res))
				}
			}
		}
	}
	for _, name := range plainMembers {
		for _, text := range patchHeaders(name) {
			opt := arriveOpts()
			opt.ReadFile = func(abs string) ([]byte, error) { return []byte(text), nil }
			for _, a := range patchAppliers {
				cmd := strings.ReplaceAll(a, "P", "fix.diff")
				if res := Analyze(cmd, opt); hasAnyRule(res, "shell.self.write", "shell.arrive.unseen") {
					t.Errorf("%q applying a patch of %s: stopped: %v", cmd, name, ruleIDs(res))
				}
			}
			if res := Analyze("git apply <<'EOF'\n"+text+"EOF\n", arriveOpts()); hasAnyRule(res, "shell.self.write", "shell.arrive.unseen") {
				t.Errorf("a here-document patch of %s: stopped: %v", name, ruleIDs(res))
			}
		}
	}
	// Not read: a person decides in the project, not in a scratch copy.
	for _, a := range patchAppliers {
		cmd := strings.ReplaceAll(a, "P", "fix.diff")
		if strings.Contains(a, "--directory=sub") {
			continue // into a subdirectory: judged as an archive there is
		}
		if res := Analyze(cmd, arriveOpts()); !hasRule(res, "shell.arrive.unseen") {
			t.Errorf("%q, its patch not read: unattended: %v", cmd, ruleIDs(res))
		}
	}
	for _, cmd := range []string{"patch -d /tmp/copy -p1 < fix.diff", "cd /tmp/copy && git apply /tmp/fix.diff", "patch -p1 -d build < fix.diff"} {
		if res := Analyze(cmd, arriveOpts()); hasAnyRule(res, "shell.self.write", "shell.arrive.unseen") {
			t.Errorf("%q into a scratch copy: stopped: %v", cmd, ruleIDs(res))
		}
	}
	// patch FILE: every hunk goes into FILE.
	for _, cmd := range []string{"patch .claude/settings.json < fix.diff", "patch -p0 .actionguard.yaml fix.diff", "patch ~/.codex/config.toml -i x.diff"} {
		if res := Analyze(cmd, arriveOpts()); !hasRule(res, "shell.self.write") {
			t.Errorf("%q: not blocked: %v", cmd, ruleIDs(res))
		}
	}
}

// TestArriveGit: another revision's files through every git command that
// writes them, judged by the names the revision changes.
func TestArriveGit(t *testing.T) {
	bad := []IncomingFile{{Name: "/home/dev/project/src/a.go"}, {Name: "/home/dev/project/.claude/settings.json"}}
	good := []IncomingFile{{Name: "/home/dev/project/src/a.go"}, {Name: "/home/dev/project/docs/claude.md"}}
	cmds := map[string][]string{
		"HEAD..R": {"git merge R", "git merge --no-ff -m 'merge' R", "git rebase R", "git rebase -i R", "git pull --rebase origin R",
			"git checkout R", "git switch R", "git checkout -f R", "git switch --detach R", "git checkout R -- .",
			"git restore --source R .", "git restore -s R -W .", "git reset --hard R", "git checkout -b x R", "git switch -c x R", "git -C . merge R"},
		"R^..R":                  {"git cherry-pick R", "git cherry-pick -n R", "git revert R", "git revert --no-edit R"},
		"stash@{0}^1..stash@{0}": {"git stash pop", "git stash apply", "git stash pop --index"},
		"stash@{2}^1..stash@{2}": {"git stash apply stash@{2}", "git stash pop 2"},
		"A..B":                   {"git cherry-pick A..B"},
	}
	for key, list := range cmds {
		for _, tmpl := range list {
			for _, tc := range []struct {
				files []IncomingFile
				block bool
			}{{bad, true}, {good, false}} {
				opt := arriveOpts()
				k := strings.ReplaceAll(key, "R", "feature")
				cmd := strings.ReplaceAll(tmpl, " R", " feature")
				if strings.HasPrefix(k, "HEAD..") {
					// origin/feature for a pull
					if strings.Contains(cmd, "pull") {
						k = "HEAD..origin/feature"
					}
				}
				opt.Incoming = fakeIncoming(map[string][]IncomingFile{"git:" + k: tc.files})
				res := Analyze(cmd, opt)
				if got := hasRule(res, "shell.self.write"); got != tc.block {
					t.Errorf("%q bringing %v: blocked %v, want %v: %v", cmd, tc.files, got, tc.block, ruleIDs(res))
				}
			}
		}
	}
	// A path given limits what arrives.
	opt := arriveOpts()
	opt.Incoming = fakeIncoming(map[string][]IncomingFile{"git:HEAD..feature": bad})
	if res := Analyze("git checkout feature -- src", opt); hasRule(res, "shell.self.write") {
		t.Errorf("git checkout feature -- src: blocked for a file outside src: %v", ruleIDs(res))
	}
	// Without local files, or when the revision is not read, git runs as
	// before: a branch, a pull or a merge is a person's own history.
	for _, cmd := range []string{"git merge feature", "git pull", "git pull --rebase", "git checkout main", "git switch main", "git rebase main",
		"git stash pop", "git cherry-pick abc123", "git checkout -b feature", "git merge --abort", "git rebase --continue"} {
		if res := Analyze(cmd, arriveOpts()); hasAnyRule(res, "shell.self.write", "shell.arrive.unseen") {
			t.Errorf("%q: stopped without reading the revision: %v", cmd, ruleIDs(res))
		}
		opt := arriveOpts()
		opt.Incoming = fakeIncoming(nil)
		if res := Analyze(cmd, opt); hasAnyRule(res, "shell.self.write", "shell.arrive.unseen") {
			t.Errorf("%q: stopped when the revision could not be read: %v", cmd, ruleIDs(res))
		}
	}
}

// TestArriveGitRemovesAll: git rm over the whole tree takes the project's
// settings with it; --cached only the index.
func TestArriveGitRemovesAll(t *testing.T) {
	for _, cmd := range []string{"git rm -r -q .", "git rm -rf .", "git rm -r ./", "git rm -r ':/'", "git rm -r -q -- ."} {
		if res := Analyze(cmd, arriveOpts()); !hasRule(res, "shell.self.write") {
			t.Errorf("%q: not blocked: %v", cmd, ruleIDs(res))
		}
	}
	for _, cmd := range []string{"git rm -r --cached .", "git rm -r --cached -q .", "git rm -r src", "git rm old.txt"} {
		if res := Analyze(cmd, arriveOpts()); hasRule(res, "shell.self.write") {
			t.Errorf("%q: blocked: %v", cmd, ruleIDs(res))
		}
	}
}

// TestArriveWrapped: the same patch and archive under every wrapper.
func TestArriveWrapped(t *testing.T) {
	patch := "<<'EOF'\n--- a/.claude/settings.json\n+++ b/.claude/settings.json\n@@ -1 +1 @@\n-a\n+b\nEOF\n"
	for _, w := range []string{"", "sudo ", "env ", "nice -n 5 ", "timeout 60 ", "command ", "exec ", "busybox ", "nohup ", "time "} {
		for _, a := range []string{"git apply ", "patch -p1 ", "git am "} {
			if w == "busybox " && a != "patch -p1 " {
				continue
			}
			cmd := w + a + patch
			if res := Analyze(cmd, arriveOpts()); !hasRule(res, "shell.self.write") {
				t.Errorf("%q: not blocked: %v", cmd, ruleIDs(res))
			}
		}
		for _, a := range []string{"tar -xf x.tar", "unzip x.zip", "cpio -idm < x.cpio"} {
			if w == "exec " || w == "time " && strings.Contains(a, "<") {
				continue
			}
			cmd := w + a
			if res := Analyze(cmd, arriveOpts()); !hasAnyRule(res, "shell.arrive.unseen", "shell.self.write") {
				t.Errorf("%q: unattended: %v", cmd, ruleIDs(res))
			}
		}
	}
}
