package undo

import (
	"bytes"
	"context"
	"path/filepath"
	"strings"
	"testing"
)

func TestRunPutLikeRm(t *testing.T) {
	outside := t.TempDir()
	cases := []struct {
		name       string
		args       []string
		code       int
		stdout     string
		stderr     []string // substrings, in order
		gone, kept []string // workspace paths after the run
		trashed    int      // items in the trash
		rmOutside  bool     // rm removed the file outside the workspace
	}{
		{name: "files", args: []string{"--", "a", "b"}, gone: []string{"a", "b"}, trashed: 2},
		{name: "missing", args: []string{"--", "a", "nope"}, code: 1,
			stderr: []string{"rm: cannot remove 'nope': No such file or directory"}, gone: []string{"a"}, trashed: 1},
		{name: "missing -f", args: []string{"-f", "--", "nope", "a"}, gone: []string{"a"}, trashed: 1},
		{name: "not a directory", args: []string{"--", "a/x"}, code: 1, stderr: []string{"rm: cannot remove 'a/x': Not a directory"}, kept: []string{"a"}},
		{name: "directory without -r", args: []string{"--", "d", "a"}, code: 1,
			stderr: []string{"rm: cannot remove 'd': Is a directory"}, kept: []string{"d/x"}, gone: []string{"a"}, trashed: 1},
		{name: "-d", args: []string{"-d", "--", "empty", "d"}, code: 1,
			stderr: []string{"rm: cannot remove 'd': Directory not empty"}, gone: []string{"empty"}, kept: []string{"d/x"}, trashed: 1},
		{name: "-rv", args: []string{"-r", "-v", "--", "d", "a"}, stdout: "removed directory 'd'\nremoved 'a'\n", gone: []string{"d", "a"}, trashed: 2},
		{name: "options after operands", args: []string{"d", "-rf"}, gone: []string{"d"}, trashed: 1},
		{name: "dot", args: []string{"-rf", "--", ".", "a"}, code: 1,
			stderr: []string{"rm: refusing to remove '.' or '..' directory: skipping '.'"}, gone: []string{"a"}, trashed: 1},
		{name: "repeated", args: []string{"--", "a", "a"}, code: 1, stderr: []string{"rm: cannot remove 'a': No such file or directory"}, gone: []string{"a"}, trashed: 1},
		{name: "outside goes to rm", args: []string{"-f", "--", filepath.Join(outside, "o.txt"), "a"},
			stderr: []string{"is outside the workspace", "rm removes it, and the trash does not keep it"}, gone: []string{"a"}, trashed: 1, rmOutside: true},
		{name: "home refused", args: []string{"-rf", "--", "HOME", "a"}, code: 1,
			stderr: []string{"actionguard: refusing to remove", "is the home directory or holds it; nothing was removed for it"}, gone: []string{"a"}, trashed: 1},
		{name: "no operand", args: []string{}, code: 1, stderr: []string{"rm: missing operand"}},
		{name: "no operand -f", args: []string{"-f"}},
		{name: "interactive", args: []string{"-i", "a"}, code: 2, stderr: []string{"rm option '-i' is not supported by the trash (it asks questions)", "hint:"}, kept: []string{"a"}},
		{name: "unknown", args: []string{"--bogus", "a"}, code: 2, stderr: []string{"unrecognized option '--bogus'"}, kept: []string{"a"}},
		{name: "help", args: []string{"--help"}, stdout: TrashUsage},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			f := newFixture(t)
			write(t, f.ws, map[string]string{"a": "a", "b": "b", "d/x": "x"})
			write(t, outside, map[string]string{"o.txt": "o"})
			mkdirs(t, filepath.Join(f.ws, "empty"))
			t.Chdir(f.ws)
			args := make([]string, len(c.args))
			for i, a := range c.args {
				args[i] = strings.ReplaceAll(a, "HOME", f.home)
			}
			var stdout, stderr bytes.Buffer
			code := RunPut(args, &stdout, &stderr, f.state)
			if code != c.code {
				t.Errorf("exit %d, want %d; stderr:\n%s", code, c.code, stderr.String())
			}
			if stdout.String() != c.stdout {
				t.Errorf("stdout %q, want %q", stdout.String(), c.stdout)
			}
			rest := stderr.String()
			for _, s := range c.stderr {
				i := strings.Index(rest, s)
				if i < 0 {
					t.Errorf("stderr lacks %q:\n%s", s, stderr.String())
					break
				}
				rest = rest[i+len(s):]
			}
			if len(c.stderr) == 0 && stderr.Len() > 0 {
				t.Errorf("stderr: %s", stderr.String())
			}
			for _, p := range c.gone {
				if exists(filepath.Join(f.ws, p)) {
					t.Errorf("%s is still there", p)
				}
			}
			for _, p := range c.kept {
				if !exists(filepath.Join(f.ws, p)) {
					t.Errorf("%s is gone", p)
				}
			}
			list, _ := f.trash.List(context.Background())
			n := 0
			for _, b := range list {
				n += len(b.Items)
				if b.Command != "rm "+shellJoin(args) {
					t.Errorf("batch command %q", b.Command)
				}
			}
			if n != c.trashed {
				t.Errorf("%d items in the trash, want %d", n, c.trashed)
			}
			if exists(filepath.Join(outside, "o.txt")) == c.rmOutside {
				t.Errorf("outside file exists: %v", !c.rmOutside)
			}
			if !exists(f.home) {
				t.Fatal("the home directory is gone")
			}
		})
	}
}

func TestRunPutWithoutTrashFallsBackToRm(t *testing.T) {
	f := newFixture(t)
	write(t, f.ws, map[string]string{"a": "a"})
	t.Chdir(f.ws)
	var stdout, stderr bytes.Buffer
	if code := RunPut([]string{"--", "a"}, &stdout, &stderr, ""); code != 0 {
		t.Fatalf("exit %d: %s", code, stderr.String())
	}
	if !strings.Contains(stderr.String(), "the trash is not available") || exists(filepath.Join(f.ws, "a")) {
		t.Fatalf("stderr %q; a exists: %v", stderr.String(), exists(filepath.Join(f.ws, "a")))
	}
}

func TestRunPutOptions(t *testing.T) {
	f := newFixture(t)
	other := filepath.Join(t.TempDir(), "state")
	write(t, f.ws, map[string]string{"sub/a": "a"})
	t.Chdir(t.TempDir())
	var stdout, stderr bytes.Buffer
	args := []string{"--cwd", filepath.Join(f.ws, "sub"), "--workspace=" + f.ws, "--state-dir", other, "--command", "rm a", "--retention", "1h", "--", "a"}
	if code := RunPut(args, &stdout, &stderr, f.state); code != 0 {
		t.Fatalf("exit %d: %s", code, stderr.String())
	}
	tr, _ := Open(other, Options{})
	list, err := tr.List(context.Background())
	if err != nil || len(list) != 1 || list[0].Command != "rm a" || list[0].Cwd != filepath.Join(f.ws, "sub") {
		t.Fatalf("List = %+v, %v", list, err)
	}
	if code := RunPut([]string{"--retention", "soon", "--", "a"}, &stdout, &stderr, f.state); code != 2 {
		t.Errorf("a bad --retention: exit %d", code)
	}
}

func TestRunTrash(t *testing.T) {
	var stdout, stderr bytes.Buffer
	if code := RunTrash(nil, &stdout, &stderr, ""); code != 2 || !strings.Contains(stderr.String(), "usage:") {
		t.Errorf("no arguments: %d %q", code, stderr.String())
	}
	stderr.Reset()
	if code := RunTrash([]string{"list"}, &stdout, &stderr, ""); code != 2 || !strings.Contains(stderr.String(), `unknown command "list"`) {
		t.Errorf("list: %d %q", code, stderr.String())
	}
	stderr.Reset()
	if code := RunTrash([]string{"git-safety-ref", "extra"}, &stdout, &stderr, ""); code != 2 {
		t.Errorf("git-safety-ref extra: %d %q", code, stderr.String())
	}
	dir := t.TempDir()
	t.Chdir(dir)
	stderr.Reset()
	if code := RunTrash([]string{"git-safety-ref"}, &stdout, &stderr, ""); code != 1 || !strings.Contains(stderr.String(), "the reset did not run") {
		t.Errorf("git-safety-ref outside a repository: %d %q", code, stderr.String())
	}
	stderr.Reset()
	if code := RunTrash([]string{"git-clean", "--", "-fz"}, &stdout, &stderr, dir); code != 2 {
		t.Errorf("git-clean -fz: %d %q", code, stderr.String())
	}
}

func TestRmQuote(t *testing.T) {
	for in, want := range map[string]string{"a": "'a'", "sp ace": "'sp ace'", "it's": `"it's"`, "a\nb": `$'a\nb'`} {
		if got := rmQuote(in); got != want {
			t.Errorf("rmQuote(%q) = %s, want %s", in, got, want)
		}
	}
}
