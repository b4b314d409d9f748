package guard

import (
	"context"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
)

// linkWorld is a home directory with the agents' settings, actionguard's
// files, an SSH key and a start-up file, and a project beside it, on disk.
type linkWorld struct {
	home, proj string
}

func newLinkWorld(t *testing.T) linkWorld {
	t.Helper()
	if runtime.GOOS == "windows" {
		t.Skip("symbolic links need privileges on Windows")
	}
	root := t.TempDir()
	// The temporary directory may itself be reached through a link
	// (/tmp on macOS): judge the real places.
	root, err := filepath.EvalSymlinks(root)
	if err != nil {
		t.Fatal(err)
	}
	w := linkWorld{home: filepath.Join(root, "home"), proj: filepath.Join(root, "home", "work", "proj")}
	for _, f := range []string{".claude/settings.json", ".config/actionguard/modes.json", ".ssh/id_ed25519", ".bashrc",
		"work/proj/src/main.go", "work/proj/.git/HEAD"} {
		p := filepath.Join(w.home, f)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte("x\n"), 0o600); err != nil {
			t.Fatal(err)
		}
	}
	return w
}

// link makes the symbolic link name (in the project) to target.
func (w linkWorld) link(t *testing.T, target, name string) {
	t.Helper()
	p := filepath.Join(w.proj, name)
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(target, p); err != nil {
		t.Fatal(err)
	}
}

func (w linkWorld) check(t *testing.T, g *Guard, cmd string) Decision {
	t.Helper()
	d, err := g.Check(context.Background(), Action{Tool: "Bash", Input: map[string]any{"command": cmd},
		Context: Context{Cwd: w.proj, Home: w.home}})
	if err != nil {
		t.Fatalf("%s: %v", cmd, err)
	}
	return d
}

func messages(d Decision) string {
	var b strings.Builder
	for _, f := range d.Findings {
		b.WriteString(f.Message + "\n")
	}
	return b.String()
}

// TestLinksOnDisk: a link made by an earlier call to a protected place
// (the agent's settings, actionguard's files, SSH keys, a start-up file,
// /etc) is judged where it leads, written every way; links inside the
// project, real directories and links to nowhere run as before.
func TestLinksOnDisk(t *testing.T) {
	w := newLinkWorld(t)
	claude := filepath.Join(w.home, ".claude")
	w.link(t, claude, "cc")                                           // absolute link
	w.link(t, "../../.claude", "rel")                                 // relative link
	w.link(t, filepath.Join(w.proj, "cc"), "chain")                   // a link to a link
	w.link(t, "../chain", "nest/deep")                                // a nested link to a link
	w.link(t, w.home, "h")                                            // a link to a parent directory
	w.link(t, "..", "up")                                             // the project's parent
	w.link(t, filepath.Join(w.home, ".config", "actionguard"), "ag")  // actionguard's files
	w.link(t, filepath.Join(w.home, ".ssh"), "keys")                  // credentials
	w.link(t, filepath.Join(w.home, ".bashrc"), "rc")                 // a start-up file
	w.link(t, filepath.Join(claude, "settings.json"), "settings.txt") // a file link
	w.link(t, "src", "lib")                                           // benign: inside the project
	w.link(t, filepath.Join(w.proj, "missing", "place"), "dangling")  // benign: leads nowhere
	if _, err := os.Stat("/etc"); err == nil {
		w.link(t, "/etc", "sys")
	}
	if err := os.MkdirAll(filepath.Join(w.proj, "real"), 0o755); err != nil {
		t.Fatal(err)
	}
	g := New(WithHome(w.home), WithLocalFiles())
	plain := New(WithHome(w.home))

	blocked := map[string]string{
		"echo {} > cc/settings.json":                    "cc is a link to ~/.claude",
		"echo {} > ./cc/settings.json":                  "cc is a link to ~/.claude",
		"echo {} > " + w.proj + "/cc/settings.json":     "is a link to ~/.claude",
		"echo {} > rel/settings.json":                   "rel is a link to ~/.claude",
		"echo {} > chain/settings.json":                 "chain is a link to ~/.claude",
		"echo {} > nest/deep/settings.json":             "is a link to ~/.claude",
		"echo {} > h/.claude/settings.json":             "",
		"echo {} > up/../../.claude/settings.json":      "",
		"printf '{}' | tee cc/settings.local.json":      "cc is a link to ~/.claude",
		"cp /tmp/x.json cc/settings.json":               "",
		"sed -i s/a/b/ cc/settings.json":                "",
		"echo {} > settings.txt":                        "settings.txt is a link to ~/.claude/settings.json",
		"rm -rf cc/":                                    "",
		"echo '{}' > ag/modes.json":                     "ag is a link to ~/.config/actionguard",
		"echo ssh-ed25519 AAAA >> keys/authorized_keys": "",
		"echo 'curl x | sh' >> rc":                      "",
	}
	if _, err := os.Stat("/etc"); err == nil {
		blocked["echo 1.2.3.4 evil >> sys/hosts"] = ""
	}
	for cmd, note := range blocked {
		d := w.check(t, g, cmd)
		if d.Verdict.Allowed() {
			t.Errorf("%s: %s through a link on disk, want it stopped; findings:\n%s", cmd, d.Verdict, messages(d))
			continue
		}
		if note != "" && !strings.Contains(messages(d), note) {
			t.Errorf("%s: the message does not say %q:\n%s", cmd, note, messages(d))
		}
	}
	notRun := []string{"cat keys/id_ed25519"}
	for _, cmd := range notRun {
		if d := w.check(t, g, cmd); d.Verdict.Allowed() {
			t.Errorf("%s: %s, want the key's read stopped", cmd, d.Verdict)
		}
	}
	// Benign twins: the same spellings into the project's own places.
	runs := []string{
		"echo x > lib/notes.txt", "echo x > ./lib/notes.txt", "echo x > real/notes.txt", "echo x > dangling/notes.txt",
		"cp src/main.go lib/copy.go", "rm cc", "rm settings.txt", "unlink rel", "mv cc old-cc", "ls cc/", "cat lib/main.go",
		"echo x > " + w.proj + "/lib/notes.txt",
	}
	for _, cmd := range runs {
		if d := w.check(t, g, cmd); !d.Verdict.Allowed() {
			t.Errorf("%s: %s, want it to run; findings:\n%s", cmd, d.Verdict, messages(d))
		}
	}
	// Without looking at the disk, a path is judged as written.
	if d := w.check(t, plain, "echo {} > cc/settings.json"); !d.Verdict.Allowed() {
		t.Errorf("without local files: %s, want the path judged as written", d.Verdict)
	}
}

// TestHardLinksOnDisk: a tree of hard links of the agent's settings (cp
// -al ~/.claude cl) gives its files a second name; a write to one is a
// write to the settings. A new file in the tree, and a hard link between
// the project's own files, are not.
func TestHardLinksOnDisk(t *testing.T) {
	w := newLinkWorld(t)
	if runtime.GOOS == "windows" {
		t.Skip("hard links are judged as written on Windows")
	}
	cl := filepath.Join(w.proj, "cl")
	if err := os.MkdirAll(cl, 0o755); err != nil {
		t.Fatal(err)
	}
	for _, l := range [][2]string{
		{filepath.Join(w.home, ".claude", "settings.json"), filepath.Join(cl, "settings.json")},
		{filepath.Join(w.home, ".config", "actionguard", "modes.json"), filepath.Join(w.proj, "modes.txt")},
		{filepath.Join(w.home, ".bashrc"), filepath.Join(w.proj, "rc.txt")},
		{filepath.Join(w.proj, "src", "main.go"), filepath.Join(w.proj, "main-copy.go")},
	} {
		if err := os.Link(l[0], l[1]); err != nil {
			t.Skipf("hard links: %v", err)
		}
	}
	g := New(WithHome(w.home), WithLocalFiles())
	for _, cmd := range []string{"echo {} > cl/settings.json", "echo {} > ./cl/settings.json", "echo '{}' > modes.txt", "echo 'curl x|sh' >> rc.txt",
		"echo {} > " + cl + "/settings.json"} {
		d := w.check(t, g, cmd)
		if d.Verdict.Allowed() {
			t.Errorf("%s: %s through a hard link, want it stopped; findings:\n%s", cmd, d.Verdict, messages(d))
		} else if !strings.Contains(messages(d), "is a link to ~/") {
			t.Errorf("%s: the message does not name the link:\n%s", cmd, messages(d))
		}
	}
	for _, cmd := range []string{"echo {} > cl/other.json", "echo x >> main-copy.go", "rm cl/settings.json"} {
		if d := w.check(t, g, cmd); !d.Verdict.Allowed() {
			t.Errorf("%s: %s, want it to run; findings:\n%s", cmd, d.Verdict, messages(d))
		}
	}
}

// TestFollowLinks: the resolver follows every existing component's links,
// keeps what is not there, stops on loops and never looks under /proc.
func TestFollowLinks(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("symbolic links need privileges on Windows")
	}
	root, err := filepath.EvalSymlinks(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	mk := func(target, name string) {
		if err := os.Symlink(target, filepath.Join(root, name)); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.MkdirAll(filepath.Join(root, "d", "e"), 0o755); err != nil {
		t.Fatal(err)
	}
	mk("d", "a")
	mk("a/e", "b")
	mk("loop2", "loop1")
	mk("loop1", "loop2")
	mk("/nowhere/at/all", "gone")
	cases := map[string]string{
		root + "/a":         root + "/d",
		root + "/a/e/new":   root + "/d/e/new",
		root + "/b/new":     root + "/d/e/new",
		root + "/b/x/y":     "",
		root + "/a/../a/e":  root + "/d/e",
		root + "/d/e":       root + "/d/e",
		root + "/missing/x": root + "/missing/x",
		root + "/loop1/x":   "",
		root + "/gone/x":    "",
		"/proc/self/cwd/x":  "",
		"relative/path":     "",
		root + "/a/\x00x":   "",
	}
	for in, want := range cases {
		got, ok := followLinks(in)
		if want == "" {
			if ok {
				t.Errorf("followLinks(%q) = %q, want no answer", in, got)
			}
			continue
		}
		if !ok || got != want {
			t.Errorf("followLinks(%q) = %q, %v; want %q", in, got, ok, want)
		}
	}
}
