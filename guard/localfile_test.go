package guard

import (
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"testing"

	"github.com/actionguard/actionguard/analyze/shell"
)

// TestReadScript: the reader gives a regular file's first bytes, and
// nothing for what is not a script — never blocking, never reading more
// than the limit.
func TestReadScript(t *testing.T) {
	dir := t.TempDir()
	write := func(name, text string) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	small := write("small.sh", "rm -rf ~\n")
	if b, err := readScript(small); err != nil || string(b) != "rm -rf ~\n" {
		t.Errorf("small script: %q, %v", b, err)
	}
	big := write("big.sh", strings.Repeat("echo x\n", shell.MaxScriptBytes))
	if b, err := readScript(big); err != nil || len(b) != shell.MaxScriptBytes+1 {
		t.Errorf("big script: %d bytes, %v; want %d", len(b), err, shell.MaxScriptBytes+1)
	}
	bin := write("app", "\x7fELF\x02\x01\x01\x00"+strings.Repeat("x", 4096))
	if _, err := readScript(bin); err == nil {
		t.Error("a compiled program was read as a script")
	}
	if _, err := readScript(dir); err == nil {
		t.Error("a directory was read")
	}
	if _, err := readScript(filepath.Join(dir, "missing")); err == nil {
		t.Error("a missing file was read")
	}
	if _, err := os.Stat("/dev/zero"); err == nil {
		link := filepath.Join(dir, "zero.sh")
		if err := os.Symlink("/dev/zero", link); err == nil {
			if _, err := readScript(link); err == nil {
				t.Error("a link to /dev/zero was read")
			}
		}
	}
	if p := filepath.Join(dir, "fifo.sh"); mkfifoForTest(p) == nil {
		if _, err := readScript(p); err == nil {
			t.Error("a FIFO was read")
		}
	}
	target := write("target.sh", "echo linked\n")
	link := filepath.Join(dir, "link.sh")
	if err := os.Symlink(target, link); err == nil {
		if b, err := readScript(link); err != nil || string(b) != "echo linked\n" {
			t.Errorf("a link to a script: %q, %v", b, err)
		}
	}
}

// TestListFiles: a directory's regular files and links are named,
// bounded; a subdirectory, a FIFO and what is not a directory are not.
func TestListFiles(t *testing.T) {
	dir := t.TempDir()
	for _, name := range []string{"main.go", "helper.go"} {
		if err := os.WriteFile(filepath.Join(dir, name), []byte("package main\n"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.Mkdir(filepath.Join(dir, "sub.go"), 0o755); err != nil {
		t.Fatal(err)
	}
	want := "helper.go,main.go"
	if err := os.Symlink(filepath.Join(dir, "main.go"), filepath.Join(dir, "link.go")); err == nil {
		want = "helper.go,link.go,main.go"
	}
	_ = mkfifoForTest(filepath.Join(dir, "fifo.go"))
	names, err := listFiles(dir)
	if err != nil {
		t.Fatal(err)
	}
	got := strings.Join(sortedCopy(names), ",")
	if got != want {
		t.Errorf("listFiles = %s; want %s", got, want)
	}
	if _, err := listFiles(filepath.Join(dir, "main.go")); err == nil {
		t.Error("a file was listed as a directory")
	}
	if _, err := listFiles(filepath.Join(dir, "missing")); err == nil {
		t.Error("a missing directory was listed")
	}
	many := t.TempDir()
	for i := 0; i < shell.MaxDirNames+20; i++ {
		if err := os.WriteFile(filepath.Join(many, "f"+strconv.Itoa(i)+".go"), nil, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if names, err := listFiles(many); err != nil || len(names) > shell.MaxDirNames {
		t.Errorf("listFiles of a large directory: %d names, %v; want at most %d", len(names), err, shell.MaxDirNames)
	}
}

func sortedCopy(s []string) []string {
	out := append([]string(nil), s...)
	sort.Strings(out)
	return out
}
