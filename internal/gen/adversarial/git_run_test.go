package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// gitWorkRow matches the git rows that could throw away work in the
// working tree, the index or the stash.
var gitWorkRow = regexp.MustCompile(`^git( -C \.| --work-tree=\. --git-dir=\.git| -c core\.quotepath=off)? (reset|clean|checkout|switch|restore|stash)( |$)`)

// gitTemplate makes a repository with history, branches, tags, an origin,
// three stashes, and uncommitted work of every kind: modified files, a
// staged change, untracked and ignored files.
func gitTemplate(t *testing.T) string {
	t.Helper()
	root := t.TempDir()
	origin := filepath.Join(root, "origin.git")
	repo := filepath.Join(root, "repo")
	script := `set -e
git init -q --bare "$ORIGIN"
git init -q -b main "$REPO"
cd "$REPO"
git config user.email t@example.com; git config user.name t; git config commit.gpgsign false
mkdir -p src docs
printf 'build/\n.env\n' > .gitignore
echo app > app.go; echo src-app > src/app.go; echo src-a > src/a.go
git add -A; git commit -qm c0
for i in 1 2 3 4 5 6; do echo "readme $i" > README.md; echo "app $i" > app.go; git add -A; git commit -qm "c$i"; done
git tag v1.0 HEAD~2; git tag v1.2.0 HEAD~1
git remote add origin "$ORIGIN"
git branch dev; git push -q origin main dev; git branch -u origin/main
git checkout -q -b feature; echo feature > feature.txt; git add feature.txt; git commit -qm feature; git checkout -q main
for i in 1 2 3; do echo "stash-$i" > README.md; git stash -q; done
echo dirty-app > app.go; echo dirty-src-app > src/app.go
echo staged-src-a > src/a.go; git add src/a.go
echo untracked > u.txt; echo untracked-src > src/new.go
mkdir -p build; echo ignored > build/out.txt; echo secret > .env
`
	cmd := exec.Command("bash", "-c", script)
	cmd.Env = append(os.Environ(), "ORIGIN="+origin, "REPO="+repo, "GIT_CONFIG_GLOBAL=/dev/null", "GIT_CONFIG_NOSYSTEM=1")
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("making the repository: %v\n%s", err, out)
	}
	return root
}

// lostWork returns the pieces of uncommitted work that are nowhere to be
// found any more: not in the working tree, the index or a stash.
func lostWork(t *testing.T, repo string) []string {
	t.Helper()
	var where strings.Builder
	_ = filepath.Walk(repo, func(p string, info os.FileInfo, err error) error {
		if err != nil {
			return nil
		}
		if info.IsDir() && info.Name() == ".git" {
			return filepath.SkipDir
		}
		if !info.IsDir() {
			b, _ := os.ReadFile(p)
			where.Write(b)
		}
		return nil
	})
	git := func(args ...string) {
		cmd := exec.Command("git", args...)
		cmd.Dir = repo
		cmd.Env = append(os.Environ(), "GIT_CONFIG_GLOBAL=/dev/null", "GIT_CONFIG_NOSYSTEM=1")
		out, _ := cmd.Output()
		where.Write(out)
	}
	git("diff", "--cached")
	git("stash", "list", "-p")
	var lost []string
	for _, piece := range []string{"dirty-app", "dirty-src-app", "staged-src-a", "untracked", "untracked-src", "ignored", "secret", "stash-1", "stash-2", "stash-3"} {
		if !strings.Contains(where.String(), piece) {
			lost = append(lost, piece)
		}
	}
	return lost
}

// TestGitRowsRun runs every git row about the working tree, the index or
// the stash in a copy of a repository with uncommitted work: a destructive
// row must lose some of it, a benign one none.
func TestGitRowsRun(t *testing.T) {
	needBash(t)
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("git is not installed")
	}
	rows, err := all()
	if err != nil {
		t.Fatal(err)
	}
	tmpl := gitTemplate(t)
	if lost := lostWork(t, filepath.Join(tmpl, "repo")); len(lost) > 0 {
		t.Fatalf("the template already lost %v", lost)
	}
	checked := 0
	for _, r := range rows {
		if r.Class != classGit || r.Cwd != project || !gitWorkRow.MatchString(r.Command) {
			continue
		}
		if strings.Contains(r.What, "commit") && !strings.Contains(r.What, "uncommitted") {
			// Commits dropped off a branch: this repository has none
			// that are not on origin too.
			continue
		}
		dir := t.TempDir()
		if out, err := exec.Command("cp", "-a", tmpl+"/.", dir).CombinedOutput(); err != nil {
			t.Fatalf("copying the repository: %v\n%s", err, out)
		}
		repo := filepath.Join(dir, "repo")
		// The copy has new inode numbers: refresh the index's view of the
		// files as git would have it in the original.
		refresh := exec.Command("git", "update-index", "-q", "--refresh")
		refresh.Dir = repo
		_ = refresh.Run()
		cmd := exec.Command("bash", "-c", r.Command)
		cmd.Dir = repo
		cmd.Stdin = strings.NewReader("")
		cmd.Env = append(os.Environ(), "GIT_CONFIG_GLOBAL=/dev/null", "GIT_CONFIG_NOSYSTEM=1", "GIT_TERMINAL_PROMPT=0", "GIT_EDITOR=true")
		out, _ := cmd.CombinedOutput()
		lost := lostWork(t, repo)
		switch {
		case r.Destructive && len(lost) == 0:
			t.Errorf("%q is labelled destructive but loses nothing\n%s", r.Command, out)
		case !r.Destructive && len(lost) > 0:
			t.Errorf("%q is labelled benign but loses %v\n%s", r.Command, lost, out)
		}
		checked++
	}
	t.Logf("%d git rows run", checked)
}
