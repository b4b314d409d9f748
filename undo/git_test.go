package undo

import (
	"bytes"
	"context"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// gitRepo makes a repository in the fixture's workspace, with git's
// configuration kept out of the test.
func gitRepo(t *testing.T, f *fixture) {
	t.Helper()
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("git is not installed")
	}
	t.Setenv("GIT_CONFIG_NOSYSTEM", "1")
	t.Setenv("GIT_CONFIG_GLOBAL", filepath.Join(f.home, ".gitconfig-test"))
	for _, k := range []string{"GIT_AUTHOR_NAME", "GIT_COMMITTER_NAME"} {
		t.Setenv(k, "Test")
	}
	for _, k := range []string{"GIT_AUTHOR_EMAIL", "GIT_COMMITTER_EMAIL"} {
		t.Setenv(k, "test@example.com")
	}
	git(t, f.ws, "init", "-q", "-b", "main")
}

func git(t *testing.T, dir string, args ...string) string {
	t.Helper()
	cmd := exec.Command("git", args...)
	cmd.Dir = dir
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("git %s: %v\n%s", strings.Join(args, " "), err, out)
	}
	return strings.TrimSpace(string(out))
}

func TestGitSafetyRefKeepsWorkAcrossResetHard(t *testing.T) {
	f := newFixture(t)
	gitRepo(t, f)
	ctx := context.Background()
	write(t, f.ws, map[string]string{"a.txt": "one\n", "b.txt": "b\n"})
	git(t, f.ws, "add", ".")
	git(t, f.ws, "commit", "-q", "-m", "first")

	// Clean tree: the ref is HEAD.
	ref, err := GitSafetyRef(ctx, f.ws)
	if err != nil || !strings.HasPrefix(ref, SafetyRefPrefix) {
		t.Fatalf("GitSafetyRef = %q, %v", ref, err)
	}
	if got, head := git(t, f.ws, "rev-parse", ref), git(t, f.ws, "rev-parse", "HEAD"); got != head {
		t.Errorf("clean: ref %s, HEAD %s", got, head)
	}

	// Unstaged and staged changes, then a reset --hard through the
	// rewritten command's first step.
	write(t, f.ws, map[string]string{"a.txt": "two\n", "c.txt": "staged new\n"})
	git(t, f.ws, "add", "c.txt")
	var stderr bytes.Buffer
	t.Chdir(f.ws)
	code := RunGitSafetyRef(nil, &bytes.Buffer{}, &stderr)
	if code != 0 || !strings.Contains(stderr.String(), "git stash apply --index "+SafetyRefPrefix) {
		t.Fatalf("RunGitSafetyRef = %d, %s", code, stderr.String())
	}
	ref = strings.Fields(stderr.String()[strings.Index(stderr.String(), SafetyRefPrefix):])[0]
	ref = strings.TrimSuffix(ref, ";")
	git(t, f.ws, "reset", "-q", "--hard")
	if got := snapshot(t, f.ws); got["a.txt"] != "one\n" || got["c.txt"] != "" {
		t.Fatalf("the reset did not discard: %v", got)
	}
	git(t, f.ws, "stash", "apply", "-q", "--index", ref)
	if got := snapshot(t, f.ws); got["a.txt"] != "two\n" || got["c.txt"] != "staged new\n" {
		t.Fatalf("after stash apply: %v", got)
	}
	if staged := git(t, f.ws, "diff", "--cached", "--name-only"); staged != "c.txt" {
		t.Errorf("staged after apply: %q", staged)
	}
}

func TestGitSafetyRefWithoutCommit(t *testing.T) {
	f := newFixture(t)
	gitRepo(t, f)
	ctx := context.Background()
	if ref, err := GitSafetyRef(ctx, f.ws); ref != "" || err != nil {
		t.Fatalf("empty repository: %q, %v", ref, err)
	}
	write(t, f.ws, map[string]string{"new.txt": "n\n"})
	git(t, f.ws, "add", "new.txt")
	ref, err := GitSafetyRef(ctx, f.ws)
	if err != nil || ref == "" {
		t.Fatalf("staged in an unborn branch: %q, %v", ref, err)
	}
	if got := git(t, f.ws, "show", ref+":new.txt"); got != "n" {
		t.Errorf("the ref holds %q", got)
	}
	// Outside a repository: an error, so that the reset does not run.
	if _, err := GitSafetyRef(ctx, t.TempDir()); err == nil || !strings.Contains(err.Error(), "not a git repository") {
		t.Errorf("outside a repository: %v", err)
	}
}

func TestGitCleanMovesToTrash(t *testing.T) {
	f := newFixture(t)
	gitRepo(t, f)
	ctx := context.Background()
	write(t, f.ws, map[string]string{"tracked.txt": "t", ".gitignore": "*.log\n"})
	git(t, f.ws, "add", ".")
	git(t, f.ws, "commit", "-q", "-m", "first")
	write(t, f.ws, map[string]string{"untracked.txt": "u", "dir/x": "x", "debug.log": "l", "weird\nname": "w", "é.txt": "e"})
	want := snapshot(t, f.ws)

	var stdout, stderr bytes.Buffer
	t.Chdir(f.ws)
	code := RunGitClean([]string{"--", "-fdx"}, &stdout, &stderr, f.state)
	if code != 0 {
		t.Fatalf("RunGitClean = %d: %s", code, stderr.String())
	}
	wantOut := "Removing debug.log\nRemoving dir/\nRemoving untracked.txt\nRemoving \"weird\\nname\"\nRemoving \"\\303\\251.txt\"\n"
	if stdout.String() != wantOut {
		t.Errorf("stdout:\n%s\nwant\n%s", stdout.String(), wantOut)
	}
	if got := git(t, f.ws, "status", "--porcelain", "--ignored"); got != "" {
		t.Fatalf("git clean left %q", got)
	}
	list, err := f.trash.List(ctx)
	if err != nil || len(list) != 1 || list[0].Source != SourceGitClean || list[0].Command != "git clean -fdx" || len(list[0].Items) != 5 {
		t.Fatalf("List = %+v, %v", list, err)
	}
	if _, err := f.trash.Undo(ctx); err != nil {
		t.Fatal(err)
	}
	got := snapshot(t, f.ws)
	delete(got, ".git")
	for k := range got {
		if strings.HasPrefix(k, ".git/") {
			delete(got, k)
		}
	}
	for k := range want {
		if strings.HasPrefix(k, ".git") && k != ".gitignore" {
			delete(want, k)
		}
	}
	if !equalMaps(got, want) {
		t.Fatalf("after undo:\n%v\nwant\n%v", got, want)
	}

	// A dry run is git clean's own.
	stdout.Reset()
	code = RunGitClean([]string{"--", "-n"}, &stdout, &stderr, f.state)
	if code != 0 || !strings.Contains(stdout.String(), "Would remove untracked.txt") {
		t.Errorf("dry run = %d, %q", code, stdout.String())
	}
}

func TestParseCleanOutput(t *testing.T) {
	out := "Would remove a b\nWould remove dir/\nWould skip repository sub/n\nWould remove \"q\\\"uote\"\nWould remove \"\\303\\251\"\n"
	got, err := ParseCleanOutput(out)
	if err != nil {
		t.Fatal(err)
	}
	want := []CleanEntry{
		{Path: "a b", Shown: "a b"},
		{Path: "dir", Shown: "dir/"},
		{Path: "sub/n", Shown: "sub/n", Skipped: true},
		{Path: `q"uote`, Shown: `"q\"uote"`},
		{Path: "é", Shown: `"\303\251"`},
	}
	if len(got) != len(want) {
		t.Fatalf("got %+v", got)
	}
	for i := range want {
		if got[i] != want[i] {
			t.Errorf("entry %d = %+v, want %+v", i, got[i], want[i])
		}
	}
	for _, bad := range []string{"Removing x\n", "Would remove \n", "Would remove \"unterminated\n"} {
		if _, err := ParseCleanOutput(bad); err == nil {
			t.Errorf("ParseCleanOutput(%q) accepted", bad)
		}
	}
}

func TestParseCleanArgs(t *testing.T) {
	c, err := ParseCleanArgs([]string{"-ffdx", "-e", "*.keep", "--exclude=tmp", "src", "-q", "--", "-n"})
	if err != nil {
		t.Fatal(err)
	}
	if c.Force != 2 || !c.Dirs || !c.Ignored || !c.Quiet || c.DryRun || len(c.Excludes) != 2 || strings.Join(c.Paths, ",") != "src,-n" {
		t.Errorf("ParseCleanArgs = %+v", c)
	}
	for _, bad := range [][]string{{"-fz"}, {"--force-yes"}, {"-e"}, {"--exclude"}} {
		if _, err := ParseCleanArgs(bad); err == nil {
			t.Errorf("ParseCleanArgs(%q) accepted", bad)
		}
	}
}
