package shell

import (
	"errors"
	"strings"
	"testing"
)

// A pull, or a merge after a fetch, into a repository that tracks what the
// next session's hook reads is noted, naming what it tracks; the same in a
// repository that tracks none of it runs as before.

const pullRoot = "/home/dev/project"

// pullOptions reads a repository at pullRoot that tracks files, with
// core.hooksPath hooks; a revision named "nosuch" is not local, every
// other one brings nothing.
func pullOptions(files []string, hooks string, readable bool) Options {
	opt := Options{Cwd: pullRoot, Home: "/home/dev"}
	opt.Tracked = func(dir string) (TrackedFiles, bool) {
		if dir != pullRoot && !strings.HasPrefix(dir, pullRoot+"/") {
			return TrackedFiles{}, false
		}
		return TrackedFiles{Root: pullRoot, HooksPath: hooks, Each: func(f func(string) bool) bool {
			if !readable {
				return false
			}
			for _, p := range append([]string{"go.mod", "main.go", "docs/a.md", ".gitignore", "internal/x/y.go"}, files...) {
				if !f(p) {
					break
				}
			}
			return true
		}}, true
	}
	opt.Incoming = func(q Incoming) ([]IncomingFile, error) {
		if strings.Contains(q.To, "nosuch") {
			return nil, errors.New("unknown revision")
		}
		return nil, nil
	}
	return opt
}

// pullForms bring commits whose files are not read here.
var pullForms = []string{
	"pull", "pull --rebase", "pull origin main", "pull --ff-only origin main:main", "pull https://example.com/x.git main", "pull --no-edit upstream",
	"fetch && git merge origin/main", "fetch origin; git rebase origin/main", "remote update && git reset --hard origin/main",
	"fetch --all && git checkout origin/main", "fetch origin main && git merge FETCH_HEAD", "merge nosuch", "rebase nosuch",
	"cherry-pick nosuch", "checkout nosuch", "switch nosuch", "reset --hard nosuch",
}

// pullQuiet are their twins that bring nothing new, or only what was read.
var pullQuiet = []string{
	"fetch", "fetch --all --prune", "merge feature", "rebase main", "log origin/main", "diff HEAD...@{u}", "status", "remote -v",
	"submodule update --init", "submodule status", "pull --help", "merge --abort", "rebase --continue",
}

// trackedSettings are files a repository may track that the agents or
// actionguard read; each with what it must be named as.
var trackedSettingFiles = []string{
	".claude/settings.json", ".claude/settings.local.json", ".claude/hooks/guard.sh", ".cursor/hooks.json", ".codex/config.toml",
	".codex/hooks.json", ".gemini/settings.json", ".mcp.json", ".vscode/settings.json", ".vscode/tasks.json", ".cursor/mcp.json",
	".github/hooks/pre-tool.json", ".actionguard.yaml", "actionguard.yaml", "app/.claude/settings.json", "app/.mcp.json",
}

func pullWrappers() []string {
	var out []string
	for _, p := range gitGlobalPrefixes {
		if !strings.Contains(p, "../other") {
			out = append(out, p)
		}
	}
	return append(out, "sudo -u dev git", "timeout 60 git", "env -i PATH=/usr/bin git", "nohup git")
}

func pullNote(res *Result) (string, bool) {
	for _, f := range res.Findings {
		if f.Rule == ruleGitPullSettings.ID {
			return f.Message, true
		}
	}
	return "", false
}

func TestPullIntoTrackedSettings(t *testing.T) {
	n := 0
	for _, file := range trackedSettingFiles {
		opt := pullOptions([]string{file}, "", true)
		for _, form := range pullForms {
			for _, pre := range pullWrappers() {
				src := pre + " " + strings.ReplaceAll(form, "&& git ", "&& "+pre+" ")
				n++
				msg, ok := pullNote(Analyze(src, opt))
				if !ok {
					t.Errorf("%q in a repository tracking %s: not noted", src, file)
					continue
				}
				if !strings.Contains(msg, file) || !strings.Contains(msg, "next session's hook") {
					t.Errorf("%q: the note does not name %s and the next session: %s", src, file, msg)
				}
			}
		}
	}
	if n < 2000 {
		t.Errorf("only %d cases", n)
	}
}

func TestPullIntoPlainRepositoryRuns(t *testing.T) {
	plain := pullOptions([]string{"README.md", "cmd/x/main.go", ".github/workflows/ci.yml", ".editorconfig", "src/claude/settings.json", "x/.vscode-test.js"}, "", true)
	for _, form := range append(append([]string{}, pullForms...), pullQuiet...) {
		for _, pre := range pullWrappers() {
			src := pre + " " + form
			res := Analyze(src, plain)
			if msg, ok := pullNote(res); ok {
				t.Errorf("%q in a repository tracking no settings: noted: %s", src, msg)
			}
		}
	}
	// The quiet twins stay quiet in a repository that tracks settings.
	tracking := pullOptions([]string{".claude/settings.json", ".mcp.json"}, "", true)
	for _, form := range pullQuiet {
		for _, pre := range pullWrappers() {
			if msg, ok := pullNote(Analyze(pre+" "+form, tracking)); ok {
				t.Errorf("%q brings nothing unread: noted: %s", pre+" "+form, msg)
			}
		}
	}
}

func TestPullNotesStayNotes(t *testing.T) {
	opt := pullOptions([]string{".claude/settings.json"}, "", true)
	for _, form := range pullForms {
		if p, id := maxPoints("git "+form, opt); p >= atLeastConfirm && id == ruleGitPullSettings.ID {
			t.Errorf("%q: the note weighs %d points: a pull must still run", form, p)
		}
	}
}

func TestPullHooksPath(t *testing.T) {
	for _, hooks := range []string{".githooks", "tools/hooks", "./tools/hooks/", pullRoot + "/ci/hooks"} {
		rel := strings.TrimPrefix(strings.Trim(strings.TrimPrefix(hooks, "./"), "/"), strings.TrimPrefix(pullRoot, "/")+"/")
		opt := pullOptions([]string{rel + "/pre-commit"}, hooks, true)
		msg, ok := pullNote(Analyze("git pull", opt))
		if !ok || !strings.Contains(msg, "core.hooksPath") {
			t.Errorf("core.hooksPath %s, tracked %s/pre-commit: %q, %v", hooks, rel, msg, ok)
		}
		// The same file with no hooksPath set is an ordinary file.
		if msg, ok := pullNote(Analyze("git pull", pullOptions([]string{rel + "/pre-commit"}, "", true))); ok && !strings.HasPrefix(rel, ".") {
			t.Errorf("%s/pre-commit without core.hooksPath: noted: %s", rel, msg)
		}
	}
}

func TestPullIndexNotRead(t *testing.T) {
	opt := pullOptions(nil, "", false)
	for _, form := range pullForms {
		if _, ok := pullNote(Analyze("git "+form, opt)); !ok {
			t.Errorf("%q with an index that cannot be read: not noted", form)
		}
	}
	// Outside any repository known here (git -C elsewhere): noted as one that may.
	if _, ok := pullNote(Analyze("git -C /srv/other pull", pullOptions(nil, "", true))); !ok {
		t.Error("a pull into a repository not read: not noted")
	}
}

func TestPullNamesAtMostThree(t *testing.T) {
	opt := pullOptions(trackedSettingFiles, "", true)
	msg, ok := pullNote(Analyze("git pull", opt))
	if !ok || !strings.Contains(msg, " and more") || strings.Count(msg, ", ") > 4 {
		t.Errorf("many tracked settings: %q", msg)
	}
}

func TestSubmoduleUpdateRemote(t *testing.T) {
	gm := "[submodule \"lib\"]\n\tpath = vendor/lib\n\turl = https://example.com/lib.git\n"
	read := func(abs string) ([]byte, error) {
		if abs == pullRoot+"/.gitmodules" {
			return []byte(gm), nil
		}
		return nil, errors.New("no such file")
	}
	for _, c := range []struct {
		subFiles []string
		noted    bool
	}{{[]string{"README.md"}, false}, {[]string{".claude/settings.json"}, true}, {[]string{"x/.mcp.json"}, true}} {
		opt := Options{Cwd: pullRoot, Home: "/home/dev", ReadFile: read}
		opt.Tracked = func(dir string) (TrackedFiles, bool) {
			root := pullRoot
			files := []string{".gitmodules", "main.go"}
			if strings.HasPrefix(dir, pullRoot+"/vendor/lib") {
				root, files = pullRoot+"/vendor/lib", c.subFiles
			}
			return TrackedFiles{Root: root, Each: func(f func(string) bool) bool {
				for _, p := range files {
					f(p)
				}
				return true
			}}, true
		}
		for _, pre := range pullWrappers() {
			if strings.Contains(pre, "-C sub") {
				continue
			}
			src := pre + " submodule update --remote --merge"
			msg, ok := pullNote(Analyze(src, opt))
			if ok != c.noted || ok && !strings.Contains(msg, "vendor/lib") {
				t.Errorf("%q, the submodule tracking %v: noted %v (%s)", src, c.subFiles, ok, msg)
			}
		}
	}
}
