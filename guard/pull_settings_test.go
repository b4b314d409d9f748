package guard

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestPullSettingsOnDisk: with the machine's files, a pull (or a merge
// after a fetch) into a repository whose index tracks the agent's settings
// runs with a notice naming them; into a repository that tracks none of
// them it runs as before. The index is read as git writes it, in every
// version, and core.hooksPath from the repository's config.
func TestPullSettingsOnDisk(t *testing.T) {
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("git is needed to make a repository")
	}
	root, err := filepath.EvalSymlinks(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	home := filepath.Join(root, "home")
	run := func(dir string, args ...string) {
		t.Helper()
		c := exec.Command("git", args...)
		c.Dir = dir
		c.Env = append(os.Environ(), "HOME="+home, "GIT_CONFIG_NOSYSTEM=1", "GIT_AUTHOR_NAME=a", "GIT_AUTHOR_EMAIL=a@b", "GIT_COMMITTER_NAME=a", "GIT_COMMITTER_EMAIL=a@b")
		if out, err := c.CombinedOutput(); err != nil {
			t.Fatalf("git %v: %v: %s", args, err, out)
		}
	}
	repo := func(name, version string, files ...string) string {
		dir := filepath.Join(home, "work", name)
		if err := os.MkdirAll(dir, 0o755); err != nil {
			t.Fatal(err)
		}
		run(dir, "init", "-q")
		run(dir, "config", "index.version", version)
		for _, f := range append([]string{"src/main.go", "README.md"}, files...) {
			p := filepath.Join(dir, f)
			os.MkdirAll(filepath.Dir(p), 0o755)
			if err := os.WriteFile(p, []byte("x\n"), 0o644); err != nil {
				t.Fatal(err)
			}
		}
		run(dir, "add", "-A")
		run(dir, "commit", "-qm", "init")
		return dir
	}
	g := New(WithHome(home), WithLocalFiles())
	check := func(dir, cmd string) Decision {
		t.Helper()
		d, err := g.Check(context.Background(), Action{Tool: "Bash", Input: map[string]any{"command": cmd}, Context: Context{Cwd: dir, Home: home}})
		if err != nil {
			t.Fatalf("%s: %v", cmd, err)
		}
		return d
	}
	noted := func(d Decision) bool {
		for _, f := range d.Findings {
			if f.Rule == "shell.git.pull-settings" {
				return true
			}
		}
		return false
	}
	cmds := []string{"git pull", "git pull --rebase origin main", "git fetch origin && git merge origin/main", "git fetch && git reset --hard origin/main"}
	for _, version := range []string{"2", "3", "4"} {
		for _, file := range []string{".claude/settings.json", ".mcp.json", ".cursor/hooks.json", ".vscode/settings.json", ".actionguard.yaml"} {
			dir := repo("v"+version+strings.NewReplacer("/", "_", ".", "_").Replace(file), version, file)
			for _, cmd := range cmds {
				d := check(dir, cmd)
				if !noted(d) || !d.Verdict.Allowed() && !strings.Contains(cmd, "reset --hard") {
					t.Errorf("index v%s tracking %s: %s: %s, noted %v", version, file, cmd, d.Verdict, noted(d))
				}
				if noted(d) && !strings.Contains(messages(d), file) {
					t.Errorf("%s: the notice does not name %s: %s", cmd, file, messages(d))
				}
			}
		}
		plain := repo("plain"+version, version, "docs/claude/settings.json", ".github/workflows/ci.yml")
		for _, cmd := range cmds {
			if d := check(plain, cmd); noted(d) || !strings.Contains(cmd, "reset --hard") && d.Verdict != Allow {
				t.Errorf("index v%s tracking no settings: %s: %s (%s)", version, cmd, d.Verdict, messages(d))
			}
		}
	}
	hooks := repo("hookspath", "2", "tools/githooks/pre-commit")
	if d := check(hooks, "git pull"); noted(d) {
		t.Errorf("tools/githooks without core.hooksPath: noted: %s", messages(d))
	}
	run(hooks, "config", "core.hooksPath", "tools/githooks")
	if d := check(hooks, "git pull"); !noted(d) || !strings.Contains(messages(d), "core.hooksPath") {
		t.Errorf("tools/githooks as core.hooksPath: %s", messages(d))
	}
}
