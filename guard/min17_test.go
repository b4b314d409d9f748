package guard

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestCurrentBranchHead: the branch is read from .git/HEAD of the
// repository at or above the directory; a detached HEAD, an oversized or
// odd HEAD, a relative directory or no repository cannot tell.
func TestCurrentBranchHead(t *testing.T) {
	root, err := filepath.EvalSymlinks(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	repo := filepath.Join(root, "repo")
	if err := os.MkdirAll(filepath.Join(repo, ".git"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.MkdirAll(filepath.Join(repo, "src", "deep"), 0o755); err != nil {
		t.Fatal(err)
	}
	head := filepath.Join(repo, ".git", "HEAD")
	slash := filepath.ToSlash(repo)
	for _, c := range []struct {
		content, want string
		ok            bool
	}{
		{"ref: refs/heads/main\n", "main", true},
		{"ref: refs/heads/feature/x", "feature/x", true},
		{"ref: refs/heads/release/2.4\r\n", "release/2.4", true},
		{"0123456789abcdef0123456789abcdef01234567\n", "", false},
		{"", "", false},
		{"ref: refs/heads/\n", "", false},
		{"ref: refs/tags/v1\n", "", false},
		{"ref: refs/heads/" + strings.Repeat("x", maxHeadBytes) + "\n", "", false},
	} {
		if err := os.WriteFile(head, []byte(c.content), 0o644); err != nil {
			t.Fatal(err)
		}
		for _, dir := range []string{slash, slash + "/src", slash + "/src/deep"} {
			got, ok := currentBranch(dir)
			if got != c.want || ok != c.ok {
				t.Errorf("HEAD %.40q from %s: %q, %v; want %q, %v", c.content, dir, got, ok, c.want, c.ok)
			}
		}
	}
	for _, dir := range []string{"", "repo", "relative/dir", filepath.ToSlash(root), "/dev/null", "/proc/self", slash + "\x00"} {
		if got, ok := currentBranch(dir); ok {
			t.Errorf("currentBranch(%q) = %q: want no answer", dir, got)
		}
	}
	if err := os.Remove(head); err != nil {
		t.Fatal(err)
	}
	if err := os.Mkdir(head, 0o755); err != nil {
		t.Fatal(err)
	}
	if got, ok := currentBranch(slash); ok {
		t.Errorf("a directory HEAD: %q, want no answer", got)
	}
}

// TestPushReadsCheckedOutBranch: a force push that names no branch is
// judged by the branch checked out where it runs: a feature branch keeps
// the confirm, main needs an approval, and so does a push where the
// branch cannot be read.
func TestPushReadsCheckedOutBranch(t *testing.T) {
	w := newLinkWorld(t)
	head := filepath.Join(w.proj, ".git", "HEAD")
	local := New(WithHome(w.home), WithLocalFiles())
	remote := New(WithHome(w.home))
	for _, cmd := range []string{"git push -f", "git push --force origin", "git push -f origin HEAD", "git push origin +HEAD", "cd src && git push -f"} {
		for _, c := range []struct {
			branch string
			want   Verdict
		}{{"feature/x", Confirm}, {"main", Approve}, {"release/3.1", Approve}, {"", Approve}} {
			content := "0123456789abcdef0123456789abcdef01234567\n"
			if c.branch != "" {
				content = "ref: refs/heads/" + c.branch + "\n"
			}
			if err := os.WriteFile(head, []byte(content), 0o644); err != nil {
				t.Fatal(err)
			}
			if d := w.check(t, local, cmd); d.Verdict != c.want {
				t.Errorf("%s on %q: %s, want %s", cmd, c.branch, d.Verdict, c.want)
			}
			if d := w.check(t, remote, cmd); d.Verdict != Approve {
				t.Errorf("%s without reading the disk: %s, want approve", cmd, d.Verdict)
			}
		}
		if err := os.WriteFile(head, []byte("ref: refs/heads/feature/x\n"), 0o644); err != nil {
			t.Fatal(err)
		}
		if d := w.check(t, local, "git checkout main && "+cmd); d.Verdict != Approve {
			t.Errorf("git checkout main && %s: %s, want approve", cmd, d.Verdict)
		}
	}
}
