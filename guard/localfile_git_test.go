package guard

import (
	"encoding/binary"
	"os"
	"os/exec"
	"path/filepath"
	"testing"
)

// TestGitCleanOnDisk: git clean -fdx is stopped as a change of the agent's
// settings only when the work tree really has an uncommitted settings file
// for it to remove; committed settings, or none, are judged as any clean.
func TestGitCleanOnDisk(t *testing.T) {
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("git is needed to make a repository")
	}
	w := newLinkWorld(t)
	run := func(args ...string) {
		t.Helper()
		c := exec.Command("git", args...)
		c.Dir = w.proj
		c.Env = append(os.Environ(), "HOME="+w.home, "GIT_CONFIG_NOSYSTEM=1")
		if out, err := c.CombinedOutput(); err != nil {
			t.Fatalf("git %v: %v: %s", args, err, out)
		}
	}
	if err := os.RemoveAll(filepath.Join(w.proj, ".git")); err != nil {
		t.Fatal(err)
	}
	run("init", "-q")
	write := func(rel string) {
		p := filepath.Join(w.proj, rel)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte("{}\n"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write(".claude/settings.json")
	run("add", ".claude/settings.json", "src/main.go")
	g := New(WithHome(w.home), WithLocalFiles())
	selfWrite := func(cmd string, g *Guard) bool {
		for _, f := range w.check(t, g, cmd).Findings {
			if f.Rule == "shell.self.write" {
				return true
			}
		}
		return false
	}
	for _, cmd := range []string{"git clean -fdx", "git clean -fd", "git clean -fX"} {
		if selfWrite(cmd, g) {
			t.Errorf("%s with the settings committed: judged a change of the agent's settings", cmd)
		}
		if !selfWrite(cmd, New(WithHome(w.home))) {
			t.Errorf("%s without looking at the disk: not judged a change of the agent's settings", cmd)
		}
	}
	write(".claude/settings.local.json")
	for _, cmd := range []string{"git clean -fdx", "git clean -fd", "git clean -fX", "git clean -f -d -x"} {
		if !selfWrite(cmd, g) {
			t.Errorf("%s with an uncommitted settings file: not judged a change of the agent's settings", cmd)
		}
	}
}

// TestIndexHas: an entry is found by its path and the length its flags
// give, in versions 2 and 3; anything else cannot tell.
func TestIndexHas(t *testing.T) {
	entry := func(name string, extended bool) []byte {
		b := make([]byte, 62)
		flags := uint16(len(name))
		if extended {
			flags |= 0x4000
		}
		binary.BigEndian.PutUint16(b[60:], flags)
		if extended {
			b = append(b, 0, 0)
		}
		return append(append(b, name...), 0, 0, 0)
	}
	index := func(v uint32, names ...string) []byte {
		b := []byte("DIRC\x00\x00\x00\x00\x00\x00\x00\x00")
		binary.BigEndian.PutUint32(b[4:], v)
		binary.BigEndian.PutUint32(b[8:], uint32(len(names)))
		for _, n := range names {
			b = append(b, entry(n, v == 3)...)
		}
		return b
	}
	for _, v := range []uint32{2, 3} {
		idx := index(v, ".claude/settings.json", "x/.claude/settings.local.json", "src/main.go")
		for rel, want := range map[string]bool{".claude/settings.json": true, "src/main.go": true, ".claude/settings.local.json": false, "main.go": false} {
			if got, ok := indexHas(idx, rel); !ok || got != want {
				t.Errorf("v%d %s: %v, %v; want %v", v, rel, got, ok, want)
			}
		}
	}
	for _, bad := range [][]byte{nil, []byte("DIRC"), index(4, "a"), []byte("PACK\x00\x00\x00\x02\x00\x00\x00\x00")} {
		if _, ok := indexHas(bad, "a"); ok {
			t.Errorf("%q: told", bad)
		}
	}
}

// FuzzIndexHas: any bytes are answered without a panic.
func FuzzIndexHas(f *testing.F) {
	f.Add([]byte("DIRC\x00\x00\x00\x02\x00\x00\x00\x01"), ".claude/settings.json")
	f.Add([]byte("DIRC\x00\x00\x00\x03\x00\x00\x00\x01\x40\x15.claude/settings.json\x00"), ".claude/settings.json")
	f.Fuzz(func(t *testing.T, idx []byte, rel string) {
		indexHas(idx, rel)
	})
}
