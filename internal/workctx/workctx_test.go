package workctx

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

func git(t testing.TB, dir string, args ...string) string {
	t.Helper()
	cmd := exec.Command("git", args...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "GIT_AUTHOR_NAME=t", "GIT_AUTHOR_EMAIL=t@example.com", "GIT_COMMITTER_NAME=t", "GIT_COMMITTER_EMAIL=t@example.com")
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("git %v: %v\n%s", args, err, out)
	}
	return string(out)
}

// newRepo makes a repository with files files, committed, whose index is
// written well after the files (so that no entry is racily clean).
func newRepo(t testing.TB, files int, version string) string {
	t.Helper()
	dir := t.TempDir()
	git(t, dir, "init", "-q", "-b", "main")
	if version != "" {
		git(t, dir, "config", "index.version", version)
	}
	past := time.Now().Add(-time.Hour)
	for i := range files {
		p := filepath.Join(dir, fmt.Sprintf("d%02d/sub/f%05d.txt", i%50, i))
		os.MkdirAll(filepath.Dir(p), 0o755)
		os.WriteFile(p, []byte(fmt.Sprintf("file %d\n", i)), 0o644)
		os.Chtimes(p, past, past)
	}
	git(t, dir, "add", "-A")
	git(t, dir, "commit", "-qm", "init")
	old := time.Now().Add(-time.Minute)
	os.Chtimes(filepath.Join(dir, ".git", "logs", "HEAD"), old, old)
	git(t, dir, "update-index", "--refresh")
	os.Chtimes(filepath.Join(dir, ".git", "logs", "HEAD"), time.Now(), time.Now())
	return dir
}

func porcelainDirty(t testing.TB, dir string) bool {
	return strings.TrimSpace(git(t, dir, "status", "--porcelain", "--untracked-files=no")) != ""
}

func TestDirtyAgainstGit(t *testing.T) {
	for _, version := range []string{"2", "3", "4"} {
		for _, c := range []struct {
			name   string
			change func(t *testing.T, dir string)
		}{
			{"clean", func(*testing.T, string) {}},
			{"content changed, same size", func(t *testing.T, dir string) {
				os.WriteFile(filepath.Join(dir, "d07/sub/f00007.txt"), []byte("FILE 7\n"), 0o644)
			}},
			{"size changed", func(t *testing.T, dir string) {
				os.WriteFile(filepath.Join(dir, "d09/sub/f00059.txt"), []byte("longer now\n"), 0o644)
			}},
			{"deleted", func(t *testing.T, dir string) { os.Remove(filepath.Join(dir, "d03/sub/f00053.txt")) }},
			{"made executable", func(t *testing.T, dir string) { os.Chmod(filepath.Join(dir, "d01/sub/f00001.txt"), 0o755) }},
			{"staged", func(t *testing.T, dir string) {
				os.WriteFile(filepath.Join(dir, "d02/sub/f00002.txt"), []byte("staged change\n"), 0o644)
				git(t, dir, "add", "-A")
			}},
			{"untracked only", func(t *testing.T, dir string) { os.WriteFile(filepath.Join(dir, "new.txt"), []byte("x"), 0o644) }},
		} {
			t.Run("v"+version+"/"+c.name, func(t *testing.T) {
				dir := newRepo(t, 60, version)
				c.change(t, dir)
				r := FindRepo(filepath.Join(dir, "d05", "sub"))
				if r == nil || r.Root != dir {
					t.Fatalf("FindRepo: %+v", r)
				}
				dirty, known := r.Dirty(context.Background(), time.Second)
				if want := porcelainDirty(t, dir); !known || dirty != want {
					t.Errorf("Dirty = %v (known %v), git status says %v", dirty, known, want)
				}
			})
		}
	}
}

func TestBranchAndWorktree(t *testing.T) {
	dir := newRepo(t, 3, "")
	r := FindRepo(dir)
	if b, det := r.Branch(); b != "main" || det {
		t.Errorf("branch %q detached %v", b, det)
	}
	wt := filepath.Join(t.TempDir(), "wt")
	git(t, dir, "worktree", "add", "-q", "-b", "prod-hotfix", wt)
	r = FindRepo(wt)
	if r == nil || r.Root != wt {
		t.Fatalf("worktree: %+v", r)
	}
	if b, _ := r.Branch(); b != "prod-hotfix" {
		t.Errorf("worktree branch %q", b)
	}
	if dirty, known := r.Dirty(context.Background(), time.Second); !known || dirty {
		t.Errorf("fresh worktree: dirty %v known %v", dirty, known)
	}
	git(t, dir, "checkout", "-q", "--detach")
	if b, det := FindRepo(dir).Branch(); len(b) != 7 || !det {
		t.Errorf("detached: %q %v", b, det)
	}
	if FindRepo(t.TempDir()) != nil {
		t.Error("a repository found in an empty directory")
	}
}

func TestDirtyBudget(t *testing.T) {
	dir := newRepo(t, 2000, "")
	if _, known := FindRepo(dir).Dirty(context.Background(), time.Nanosecond); known {
		t.Error("known within a nanosecond")
	}
}

func TestProduction(t *testing.T) {
	home := t.TempDir()
	env := func(kv ...string) func(string) string {
		return func(k string) string {
			for i := 0; i+1 < len(kv); i += 2 {
				if kv[i] == k {
					return kv[i+1]
				}
			}
			return ""
		}
	}
	if got := Production("", env("NODE_ENV", "production"), home); got != "NODE_ENV is production" {
		t.Errorf("NODE_ENV: %q", got)
	}
	if got := Production("", env("NODE_ENV", "development", "APP_ENV", "reproduce"), home); got != "" {
		t.Errorf("development: %q", got)
	}
	os.MkdirAll(filepath.Join(home, ".kube"), 0o700)
	os.WriteFile(filepath.Join(home, ".kube", "config"), []byte("apiVersion: v1\ncurrent-context: prod-eu\nkind: Config\n"), 0o600)
	if got := Production("", env(), home); got != "kubectl's current context is prod-eu" {
		t.Errorf("kube: %q", got)
	}
	cwd := t.TempDir()
	os.MkdirAll(filepath.Join(cwd, ".terraform"), 0o755)
	os.WriteFile(filepath.Join(cwd, ".terraform", "environment"), []byte("production"), 0o644)
	if got := Production(cwd, env(), t.TempDir()); got != "the terraform workspace is production" {
		t.Errorf("terraform: %q", got)
	}
}

func TestLastUserMessage(t *testing.T) {
	p := filepath.Join(t.TempDir(), "t.jsonl")
	lines := []string{
		`{"type":"user","message":{"role":"user","content":"Delete all test files"}}`,
		`{"type":"assistant","message":{"role":"assistant","content":[{"type":"tool_use","name":"Bash","input":{"command":"ls"}}]}}`,
		`{"type":"user","message":{"role":"user","content":[{"type":"tool_result","content":"a b c"}]}}`,
		`{"type":"user","isMeta":true,"message":{"role":"user","content":"Caveat: meta"}}`,
		`{"type":"user","message":{"role":"user","content":"<command-name>/clear</command-name>"}}`,
		`not json`,
	}
	os.WriteFile(p, []byte(strings.Join(lines, "\n")+"\n"), 0o600)
	if got, err := LastUserMessage(p); err != nil || got != "Delete all test files" {
		t.Errorf("got %q, %v", got, err)
	}
	if got, err := LastUserMessage(filepath.Join(t.TempDir(), "none")); got != "" || err != nil {
		t.Errorf("missing: %q %v", got, err)
	}
}

func FuzzIndex(f *testing.F) {
	dir := newRepo(f, 5, "4")
	if b, err := os.ReadFile(filepath.Join(dir, ".git", "index")); err == nil {
		f.Add(b)
	}
	f.Add([]byte("DIRC\x00\x00\x00\x02\x00\x00\x00\x01"))
	f.Fuzz(func(t *testing.T, b []byte) {
		walkIndex(b, func(*indexEntry) bool { return true })
	})
}

func FuzzUserWords(f *testing.F) {
	f.Add([]byte(`{"type":"user","message":{"content":"hi"}}`))
	f.Add([]byte(`{"type":"user","message":{"content":[{"type":"text","text":"x"}]}}`))
	f.Fuzz(func(t *testing.T, b []byte) { userWords(b) })
}

func BenchmarkDirtyClean10k(b *testing.B) {
	r := FindRepo(newRepo(b, 10000, ""))
	b.ResetTimer()
	for b.Loop() {
		if d, k := r.Dirty(context.Background(), time.Second); d || !k {
			b.Fatal("not clean")
		}
	}
}

func BenchmarkProduction(b *testing.B) {
	home := b.TempDir()
	get := func(string) string { return "" }
	for b.Loop() {
		Production(home, get, home)
	}
}
