package guard

import (
	"archive/tar"
	"archive/zip"
	"bytes"
	"compress/gzip"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// Files that arrive, on disk: real archives, patches and a git repository
// built in a temporary directory, unpacked or applied in a project through
// the guard with local files.

type member struct {
	name, link string
	dir        bool
}

func tarBytes(t testing.TB, ms []member) []byte {
	t.Helper()
	var b bytes.Buffer
	tw := tar.NewWriter(&b)
	for _, m := range ms {
		h := &tar.Header{Name: m.name, Mode: 0o644, Typeflag: tar.TypeReg, Size: 3}
		switch {
		case m.link != "":
			h.Typeflag, h.Linkname, h.Size = tar.TypeSymlink, m.link, 0
		case m.dir:
			h.Typeflag, h.Size, h.Mode = tar.TypeDir, 0, 0o755
		}
		if err := tw.WriteHeader(h); err != nil {
			t.Fatal(err)
		}
		if h.Size > 0 {
			tw.Write([]byte("{}\n"))
		}
	}
	if err := tw.Close(); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

func gzipBytes(t testing.TB, data []byte) []byte {
	var b bytes.Buffer
	zw := gzip.NewWriter(&b)
	zw.Write(data)
	zw.Close()
	return b.Bytes()
}

func zipBytes(t testing.TB, ms []member) []byte {
	t.Helper()
	var b bytes.Buffer
	zw := zip.NewWriter(&b)
	for _, m := range ms {
		h := &zip.FileHeader{Name: m.name, Method: zip.Deflate}
		content := "{}\n"
		switch {
		case m.link != "":
			h.SetMode(os.ModeSymlink | 0o777)
			content = m.link
		case m.dir:
			h.Name = strings.TrimSuffix(m.name, "/") + "/"
			h.SetMode(os.ModeDir | 0o755)
			content = ""
		}
		w, err := zw.CreateHeader(h)
		if err != nil {
			t.Fatal(err)
		}
		w.Write([]byte(content))
	}
	if err := zw.Close(); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

// arriveWorld is a project (a git repository when git is there) in a
// home directory.
type arriveWorld struct{ home, proj string }

func newArriveWorld(t *testing.T) arriveWorld {
	t.Helper()
	root, err := filepath.EvalSymlinks(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	w := arriveWorld{home: filepath.ToSlash(filepath.Join(root, "home")), proj: filepath.ToSlash(filepath.Join(root, "home", "proj"))}
	if err := os.MkdirAll(filepath.Join(w.proj, "src"), 0o755); err != nil {
		t.Fatal(err)
	}
	return w
}

func (w arriveWorld) write(t testing.TB, name string, data []byte) {
	t.Helper()
	p := filepath.Join(w.proj, filepath.FromSlash(name))
	os.MkdirAll(filepath.Dir(p), 0o755)
	if err := os.WriteFile(p, data, 0o644); err != nil {
		t.Fatal(err)
	}
}

func (w arriveWorld) verdict(t testing.TB, cmd string) (Verdict, []string) {
	t.Helper()
	g := New(WithLocalFiles(), WithHome(w.home), WithControlPlane())
	d, err := g.Check(t.Context(), Action{Tool: "Bash", Input: map[string]any{"command": cmd},
		Context: Context{Application: AppCodingAgent, Cwd: w.proj, Home: w.home}})
	if err != nil {
		t.Fatal(err)
	}
	var rules []string
	for _, f := range d.Findings {
		rules = append(rules, f.Rule)
	}
	return d.Verdict, rules
}

// TestArriveArchivesOnDisk: each archive format × each member that lands
// on the settings is blocked; the same archive of plain files runs, in
// every spelling that reads the file.
func TestArriveArchivesOnDisk(t *testing.T) {
	w := newArriveWorld(t)
	bad := [][]member{
		{{name: "README.md"}, {name: ".claude/settings.json"}},
		{{name: "./.actionguard.yaml"}},
		{{name: "pkg/", dir: true}, {name: ".codex/config.toml"}},
		{{name: "l", link: ".."}, {name: "l/proj/.gemini/settings.json"}},
		{{name: ".mcp.json"}},
	}
	good := []member{{name: "README.md"}, {name: "src/", dir: true}, {name: "src/a.go"}, {name: "docs/claude/settings.json"}}
	formats := []struct {
		ext  string
		make func(testing.TB, []member) []byte
	}{
		{"tar", tarBytes},
		{"tgz", func(t testing.TB, ms []member) []byte { return gzipBytes(t, tarBytes(t, ms)) }},
		{"zip", zipBytes},
	}
	spell := map[string][]string{
		"tar": {"tar -xf A", "tar xvf A", "tar -x -f A", "tar --extract --file=A", "tar -xf - < A", "cat A | tar -x", "bsdtar -xf A", "tar xf A -C .", "tar -xf A -C ../proj"},
		"tgz": {"tar -xzf A", "tar xzf A", "tar -xf A", "tar -x -z -f A", "gtar -xzvf A", "tar -xz < A"},
		"zip": {"unzip A", "unzip -o A", "unzip -qo A", "unzip A -d .", "python3 -m zipfile -e A .", "jar xf A", "bsdtar -xf A"},
	}
	for i, ms := range bad {
		for _, f := range formats {
			name := "bad" + string(rune('0'+i)) + "." + f.ext
			w.write(t, name, f.make(t, ms))
			for _, s := range spell[f.ext] {
				cmd := strings.ReplaceAll(s, "A", name)
				if v, rules := w.verdict(t, cmd); v != Block {
					t.Errorf("%q (%v): %s %v, want block", cmd, ms, v, rules)
				}
			}
		}
	}
	for _, f := range formats {
		name := "good." + f.ext
		w.write(t, name, f.make(t, good))
		for _, s := range spell[f.ext] {
			cmd := strings.ReplaceAll(s, "A", name)
			if v, rules := w.verdict(t, cmd); !v.Allowed() {
				t.Errorf("%q of plain files: %s %v, want it to run", cmd, v, rules)
			}
		}
	}
	// Not an archive, missing, or not listed here: a person decides in
	// the project; in a scratch directory it runs.
	w.write(t, "notes.tar", []byte("just text, not an archive\n"))
	for _, cmd := range []string{"tar -xf notes.tar", "tar -xf missing.tar", "unzip missing.zip", "7z x good.zip", "curl -sL https://example.com/x.tgz | tar -xz"} {
		if v, rules := w.verdict(t, cmd); v != Approve {
			t.Errorf("%q: %s %v, want approve", cmd, v, rules)
		}
	}
	for _, cmd := range []string{"tar -xf notes.tar -C /tmp/x", "tar -xf bad0.tar -C build --strip-components=1", "unzip -l bad0.zip", "tar -tf bad0.tar"} {
		if v, rules := w.verdict(t, cmd); !v.Allowed() {
			t.Errorf("%q: %s %v, want it to run", cmd, v, rules)
		}
	}
}

// TestArrivePatchesOnDisk: a patch file naming the settings is blocked
// by every applier; a patch of the sources runs.
func TestArrivePatchesOnDisk(t *testing.T) {
	w := newArriveWorld(t)
	w.write(t, "bad.diff", []byte("diff --git a/.claude/settings.json b/.claude/settings.json\nnew file mode 100644\n--- /dev/null\n+++ b/.claude/settings.json\n@@ -0,0 +1 @@\n+{}\n"))
	w.write(t, "good.diff", []byte("--- a/src/a.go\n+++ b/src/a.go\n@@ -1 +1 @@\n-a\n+b\n"))
	for _, s := range []string{"git apply P", "git apply --index P", "patch -p1 < P", "patch -p1 -i P", "patch < P", "git am P", "cat P | patch -p1"} {
		if v, rules := w.verdict(t, strings.ReplaceAll(s, "P", "bad.diff")); v != Block {
			t.Errorf("%q of the settings: %s %v, want block", s, v, rules)
		}
		if v, rules := w.verdict(t, strings.ReplaceAll(s, "P", "good.diff")); !v.Allowed() {
			t.Errorf("%q of the sources: %s %v, want it to run", s, v, rules)
		}
	}
}

// TestArriveGitOnDisk: a branch, a commit or a stash that changes the
// settings is blocked when merged, checked out, picked or applied; one
// that changes the sources runs.
func TestArriveGitOnDisk(t *testing.T) {
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("git is not installed")
	}
	w := newArriveWorld(t)
	git := func(args ...string) string {
		t.Helper()
		cmd := exec.Command("git", append([]string{"-C", w.proj, "-c", "user.name=t", "-c", "user.email=t@example.com", "-c", "commit.gpgsign=false", "-c", "init.defaultBranch=main"}, args...)...)
		cmd.Env = append(os.Environ(), "GIT_CONFIG_NOSYSTEM=1", "HOME="+w.home)
		out, err := cmd.CombinedOutput()
		if err != nil {
			t.Fatalf("git %v: %v\n%s", args, err, out)
		}
		return strings.TrimSpace(string(out))
	}
	git("init", "-q")
	w.write(t, "src/a.go", []byte("package a\n"))
	git("add", ".")
	git("commit", "-qm", "one")
	git("checkout", "-qb", "evil")
	w.write(t, ".claude/settings.json", []byte("{}\n"))
	git("add", ".")
	git("commit", "-qm", "settings")
	evil := git("rev-parse", "HEAD")
	git("checkout", "-q", "main")
	git("checkout", "-qb", "feature")
	w.write(t, "src/b.go", []byte("package a\n"))
	git("add", ".")
	git("commit", "-qm", "b")
	feature := git("rev-parse", "HEAD")
	git("checkout", "-q", "main")
	w.write(t, ".actionguard.yaml", []byte("mode: learning\n"))
	git("stash", "push", "-q", "-u")

	for _, s := range []string{"git merge R", "git merge --no-ff R", "git rebase R", "git checkout R", "git switch R", "git checkout R -- .",
		"git restore --source R .", "git reset --hard R", "git cherry-pick C", "git revert C", "git checkout -b x R"} {
		cmd := strings.NewReplacer("R", "evil", "C", evil).Replace(s)
		if v, rules := w.verdict(t, cmd); v != Block {
			t.Errorf("%q: %s %v, want block", cmd, v, rules)
		}
		cmd = strings.NewReplacer("R", "feature", "C", feature).Replace(s)
		if v, rules := w.verdict(t, cmd); v == Block {
			t.Errorf("%q: %s %v, want it not blocked", cmd, v, rules)
		}
	}
	for _, cmd := range []string{"git stash pop", "git stash apply", "git stash apply stash@{0}"} {
		if v, rules := w.verdict(t, cmd); v != Block {
			t.Errorf("%q of an untracked policy file: %s %v, want block", cmd, v, rules)
		}
	}
	for _, cmd := range []string{"git merge no-such-branch", "git checkout src/a.go", "git switch -c fresh"} {
		if v, rules := w.verdict(t, cmd); v == Block {
			t.Errorf("%q: %s %v, want it not blocked", cmd, v, rules)
		}
	}
}

// TestListArchiveBounds: members past the bound, a compressed stream that
// inflates past it, and what is no archive are errors, never a list.
func TestListArchiveBounds(t *testing.T) {
	var many []member
	for i := 0; i <= maxArchiveMembers; i++ {
		many = append(many, member{name: "f" + strings.Repeat("x", i%7)})
	}
	data := tarBytes(t, many)
	if _, err := listArchive(bytes.NewReader(data), int64(len(data))); err == nil {
		t.Error("an archive past the member bound was listed")
	}
	zdata := zipBytes(t, many)
	if _, err := listArchive(bytes.NewReader(zdata), int64(len(zdata))); err == nil {
		t.Error("a zip past the member bound was listed")
	}
	big := gzipBytes(t, make([]byte, maxArchiveInflate+1<<20))
	if _, err := listArchive(bytes.NewReader(big), int64(len(big))); err == nil {
		t.Error("a stream past the inflate bound was listed")
	}
	for _, junk := range [][]byte{nil, []byte("hello"), bytes.Repeat([]byte{0}, 1024), []byte("PK\x03\x04garbage")} {
		if _, err := listArchive(bytes.NewReader(junk), int64(len(junk))); err == nil {
			t.Errorf("%q was listed as an archive", junk)
		}
	}
	dir := t.TempDir()
	if _, err := listArchiveFile(filepath.ToSlash(dir)); err == nil {
		t.Error("a directory was listed")
	}
	if p := filepath.Join(dir, "fifo.tar"); mkfifoForTest(p) == nil {
		if _, err := listArchiveFile(filepath.ToSlash(p)); err == nil {
			t.Error("a FIFO was listed")
		}
	}
}

// FuzzListArchive: any bytes give a list or an error, never a panic or a
// hang, and a list never passes the member bound.
func FuzzListArchive(f *testing.F) {
	f.Add(tarBytes(f, []member{{name: ".claude/settings.json"}, {name: "l", link: "../.."}}))
	f.Add(gzipBytes(f, tarBytes(f, []member{{name: "a"}})))
	f.Add(zipBytes(f, []member{{name: "a/", dir: true}, {name: "l", link: "/etc"}}))
	f.Add([]byte("BZh91AY&SY"))
	f.Fuzz(func(t *testing.T, data []byte) {
		files, err := listArchive(bytes.NewReader(data), int64(len(data)))
		if err == nil && len(files) > maxArchiveMembers {
			t.Fatalf("%d members listed", len(files))
		}
	})
}
