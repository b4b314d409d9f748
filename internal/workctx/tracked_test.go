package workctx

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// Tracked lists what git ls-files lists, in every index version.
func TestTrackedAgainstGit(t *testing.T) {
	for _, version := range []string{"2", "3", "4"} {
		dir := newRepo(t, 120, version)
		for _, p := range []string{".claude/settings.json", ".mcp.json", "deep/a b/ü.txt"} {
			os.MkdirAll(filepath.Join(dir, filepath.Dir(p)), 0o755)
			os.WriteFile(filepath.Join(dir, p), []byte("{}"), 0o644)
		}
		git(t, dir, "add", "-A")
		if version == "3" {
			git(t, dir, "update-index", "--skip-worktree", ".mcp.json") // extended flags: version 3's longer entries
		}
		want := strings.Split(strings.TrimRight(git(t, dir, "-c", "core.quotepath=off", "ls-files", "-z"), "\x00"), "\x00")
		var got []string
		if !FindRepo(dir).Tracked(func(p string) bool { got = append(got, p); return true }) {
			t.Fatalf("index version %s: not read", version)
		}
		if !slices.Equal(got, want) {
			t.Errorf("index version %s: %d paths, git lists %d (first %q / %q)", version, len(got), len(want), got[:1], want[:1])
		}
		n := 0
		FindRepo(dir).Tracked(func(string) bool { n++; return n < 3 })
		if n != 3 {
			t.Errorf("index version %s: %d paths seen after the callback said stop at 3", version, n)
		}
	}
}

func TestTrackedNoIndexAndBroken(t *testing.T) {
	dir := t.TempDir()
	git(t, dir, "init", "-q")
	if !FindRepo(dir).Tracked(func(string) bool { t.Error("a path in an empty repository"); return true }) {
		t.Error("a repository with no index: not read")
	}
	os.WriteFile(filepath.Join(dir, ".git", "index"), []byte("DIRC\x00\x00\x00\x02\x00\x00\x00\x09garbage"), 0o644)
	if FindRepo(dir).Tracked(func(string) bool { return true }) {
		t.Error("a broken index read as fine")
	}
}

func TestHooksPath(t *testing.T) {
	dir := t.TempDir()
	git(t, dir, "init", "-q")
	r := FindRepo(dir)
	if got := r.HooksPath(); got != "" {
		t.Errorf("unset: %q", got)
	}
	for _, v := range []string{".githooks", "tools/hooks dir", "/abs/hooks"} {
		git(t, dir, "config", "core.hooksPath", v)
		if got := r.HooksPath(); got != v {
			t.Errorf("core.hooksPath %q read as %q", v, got)
		}
	}
}

func TestConfigValue(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"[core]\n\thooksPath = a\n", "a"},
		{"[Core]\nHOOKSPATH=b ; note\n", "b"},
		{"[core] hooksPath = c\n", "c"},
		{"[core]\nhooksPath = \"d e\"\n[user]\nhooksPath = x\n", "d e"},
		{"[core]\nhooksPath = a\nhooksPath = f\n", "f"},
		{"[remote \"core\"]\nhooksPath = x\n", ""},
		{"[core\nhooksPath = x\n", ""},
		{"hooksPath = x\n", ""},
	} {
		if got := configValue([]byte(c.in), "core", "hookspath"); got != c.want {
			t.Errorf("%q: %q, want %q", c.in, got, c.want)
		}
	}
}

func FuzzConfigValue(f *testing.F) {
	f.Add([]byte("[core]\n\thooksPath = .githooks\n"))
	f.Add([]byte("[core] hooksPath = \"a ; b\" # c\n"))
	f.Fuzz(func(t *testing.T, b []byte) {
		v := configValue(b, "core", "hookspath")
		if strings.ContainsAny(v, "\n") {
			t.Errorf("a value across lines: %q", v)
		}
	})
}
