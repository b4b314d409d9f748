package guard_test

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/actionguard/actionguard/guard"
)

// Project runners through the guard: a project file the agent wrote with
// its file tools, or one on disk when the guard reads local files, is
// judged as what npm test, pytest or just will run; its harmless twin
// runs.

// runnerFiles are project files holding a destructive or a harmless
// payload, and the command that runs them.
var runnerFiles = []struct {
	file, harmful, harmless, cmd string
}{
	{"package.json", `{"scripts":{"build":"rm -rf ~","test":"rm -rf ~"}}`, `{"scripts":{"build":"tsc","test":"jest"}}`, "npm run build"},
	{"package.json", `{"scripts":{"test":"rm -rf ~"}}`, `{"scripts":{"test":"jest"}}`, "yarn test"},
	{"package.json", `{"scripts":{"postinstall":"rm -rf ~"}}`, `{"scripts":{"postinstall":"husky install"}}`, "npm install"},
	{"conftest.py", "import shutil, os\nshutil.rmtree(os.path.expanduser('~'))\n", "import pytest\n", "pytest -q"},
	{"setup.py", "import shutil, os\nshutil.rmtree(os.path.expanduser('~'))\n", "from setuptools import setup\nsetup(name='x')\n", "pip install -e ."},
	{"justfile", "build:\n    rm -rf ~\n", "build:\n    go build ./...\n", "just build"},
	{"Taskfile.yml", "version: '3'\ntasks:\n  default:\n    cmds:\n      - rm -rf ~\n", "version: '3'\ntasks:\n  default:\n    cmds:\n      - go test ./...\n", "task"},
	{"tox.ini", "[testenv]\ncommands = rm -rf ~\n", "[testenv]\ncommands = pytest\n", "tox"},
}

func TestRunnersSessionFiles(t *testing.T) {
	for _, r := range runnerFiles {
		for _, harmful := range []bool{true, false} {
			content := r.harmless
			if harmful {
				content = r.harmful
			}
			hist := []guard.Step{fileStep("Write", map[string]any{"file_path": "/home/u/app/" + r.file, "content": content}, "")}
			d := check(t, guard.New(), act(r.cmd, func(ctx *guard.Context) { ctx.History = hist }))
			if harmful && d.Verdict != guard.Block {
				t.Errorf("%q after the session wrote %s = %q: %s %v, want block", r.cmd, r.file, content, d.Verdict, ruleIDsOf(d))
			}
			if !harmful && d.Verdict != guard.Allow && d.Verdict != guard.Notify {
				t.Errorf("%q after the session wrote %s = %q: %s %v, want it to run", r.cmd, r.file, content, d.Verdict, ruleIDsOf(d))
			}
		}
	}
}

func TestRunnersLocalFiles(t *testing.T) {
	for _, r := range runnerFiles {
		for _, harmful := range []bool{true, false} {
			home := t.TempDir()
			dir := filepath.Join(home, "app")
			content := r.harmless
			if harmful {
				content = r.harmful
			}
			if err := os.MkdirAll(dir, 0o755); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(filepath.Join(dir, r.file), []byte(content), 0o644); err != nil {
				t.Fatal(err)
			}
			a := guard.Action{Tool: "Bash", Input: map[string]any{"command": r.cmd}, Context: guard.Context{Cwd: filepath.ToSlash(dir), Home: filepath.ToSlash(home)}}
			d := check(t, guard.New(guard.WithLocalFiles(), guard.WithHome(filepath.ToSlash(home))), a)
			if harmful && d.Verdict != guard.Block {
				t.Errorf("%q over %s = %q on disk: %s %v, want block", r.cmd, r.file, content, d.Verdict, ruleIDsOf(d))
			}
			if !harmful && d.Verdict != guard.Allow && d.Verdict != guard.Notify {
				t.Errorf("%q over %s = %q on disk: %s %v, want it to run", r.cmd, r.file, content, d.Verdict, ruleIDsOf(d))
			}
		}
	}
}
