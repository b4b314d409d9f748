package undo

import (
	"bufio"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"mvdan.cc/sh/v3/syntax"
)

type rewriteCase struct {
	line             int
	cmd, want, what  string
	hasWant, hasWhat bool
}

func readRewriteCases(t *testing.T) []rewriteCase {
	t.Helper()
	f, err := os.Open("testdata/rewrite.txt")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var cases []rewriteCase
	sc := bufio.NewScanner(f)
	for n := 1; sc.Scan(); n++ {
		line := sc.Text()
		key, val, ok := strings.Cut(line, ": ")
		if !ok {
			key, val, ok = strings.Cut(line, ":")
		}
		if line == "" || strings.HasPrefix(line, "#") || !ok {
			continue
		}
		switch key {
		case "cmd":
			cases = append(cases, rewriteCase{line: n, cmd: val})
		case "want":
			c := &cases[len(cases)-1]
			c.want, c.hasWant = val, true
		case "what":
			c := &cases[len(cases)-1]
			c.what, c.hasWhat = val, true
		default:
			t.Fatalf("testdata/rewrite.txt:%d: unknown key %q", n, key)
		}
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return cases
}

var tableOptions = RewriteOptions{Cwd: "/home/u/app/src", Workspace: "/home/u/app", Home: "/home/u"}

func TestRewriteTable(t *testing.T) {
	cases := readRewriteCases(t)
	if len(cases) < 50 {
		t.Fatalf("only %d cases", len(cases))
	}
	for _, c := range cases {
		if !c.hasWant {
			t.Fatalf("testdata/rewrite.txt:%d: no want", c.line)
		}
		got, what, ok := Rewrite(c.cmd, "/opt/ag/bin/actionguard", tableOptions)
		if c.want == "-" {
			if ok {
				t.Errorf("testdata/rewrite.txt:%d: %s\n rewritten to %s", c.line, c.cmd, got)
			}
			continue
		}
		if !ok {
			t.Errorf("testdata/rewrite.txt:%d: %s\n not rewritten", c.line, c.cmd)
			continue
		}
		if got != c.want {
			t.Errorf("testdata/rewrite.txt:%d: %s\n got  %s\n want %s", c.line, c.cmd, got, c.want)
		}
		if c.hasWhat && what != c.what {
			t.Errorf("testdata/rewrite.txt:%d: what\n got  %s\n want %s", c.line, what, c.what)
		}
		// The rewritten command is one statement of valid bash.
		f, err := syntax.NewParser(syntax.Variant(syntax.LangBash)).Parse(strings.NewReader(got), "")
		if err != nil || len(f.Stmts) != 1 {
			t.Errorf("testdata/rewrite.txt:%d: the rewrite does not parse: %v", c.line, err)
		}
	}
}

func TestRewriteOptions(t *testing.T) {
	opts := RewriteOptions{Cwd: "/w", StateDir: "/state dir", Buffer: 5 * time.Minute, Retention: 48 * time.Hour}
	got, what, ok := Rewrite("rm x", "/opt/action guard/actionguard", opts)
	want := "'/opt/action guard/actionguard' trash put --state-dir '/state dir' --retention 48h0m0s --workspace /w --command 'rm x' -- x"
	if !ok || got != want {
		t.Errorf("Rewrite = %s, want %s", got, want)
	}
	if !strings.Contains(what, "within 5 min") {
		t.Errorf("what = %s", what)
	}
	for _, o := range []RewriteOptions{{}, {Cwd: "relative"}, {Cwd: "/"}} {
		if got, _, ok := Rewrite("rm x", "/ag", o); ok {
			t.Errorf("Rewrite with %+v = %s", o, got)
		}
	}
	if _, _, ok := Rewrite("rm x", "", RewriteOptions{Cwd: "/w"}); ok {
		t.Error("rewritten without self")
	}
	if _, _, ok := Rewrite("rm "+strings.Repeat("x", maxRewrite), "/ag", RewriteOptions{Cwd: "/w"}); ok {
		t.Error("a huge command was rewritten")
	}
}

// TestRewriteShellMeaning runs both commands under bash in a directory of
// awkward names, with rm and the trash replaced by scripts that print
// their operands, and checks that the rewrite gives the same operands.
func TestRewriteShellMeaning(t *testing.T) {
	bash, err := exec.LookPath("bash")
	if err != nil {
		t.Skip("no bash")
	}
	ws := t.TempDir()
	for _, name := range []string{"a.o", "b.o", "c.txt", "-rf", "sp ace.o", "it's.o", "q\"uote.o", "d[1].o", "x1.bak", "x2.bak", ".hidden.o"} {
		if err := os.WriteFile(filepath.Join(ws, name), nil, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	os.Mkdir(filepath.Join(ws, "sub dir"), 0o755)
	os.WriteFile(filepath.Join(ws, "sub dir", "f.o"), nil, 0o644)
	bin := t.TempDir()
	// Both print their operands (what follows the last "--", or every
	// argument that is not an option), one a line.
	script := "#!/bin/sh\nseen=0\nfor a in \"$@\"; do if [ \"$a\" = -- ]; then seen=1; fi; done\nif [ $seen = 1 ]; then while [ \"$1\" != -- ]; do shift; done; shift; printf '%s\\n' \"$@\"; exit; fi\nfor a in \"$@\"; do case \"$a\" in -?*) ;; *) printf '%s\\n' \"$a\";; esac; done\n"
	for _, name := range []string{"rm", "self"} {
		if err := os.WriteFile(filepath.Join(bin, name), []byte(script), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	run := func(cmd string) []string {
		c := exec.Command(bash, "-c", cmd)
		c.Dir = ws
		c.Env = append(os.Environ(), "PATH="+bin+":"+os.Getenv("PATH"))
		out, err := c.CombinedOutput()
		if err != nil {
			t.Fatalf("%s: %v\n%s", cmd, err, out)
		}
		return strings.Split(strings.TrimSpace(string(out)), "\n")
	}
	for _, cmd := range []string{
		"rm *.o",
		"rm -f -- *.o c.txt",
		"rm 'sp ace'.o it\\'s.o \"q\\\"uote.o\"",
		"rm d\\[1\\].o x[0-9].bak",
		"rm -r 'sub dir'/*.o",
		"rm x?.bak",
		"rm nothing-matches-*.zz",
		"rm '*.o'",
		"rm -- -rf",
	} {
		got, _, ok := Rewrite(cmd, filepath.Join(bin, "self"), RewriteOptions{Cwd: ws})
		if !ok {
			t.Errorf("%s: not rewritten", cmd)
			continue
		}
		orig, rewritten := run(cmd), run(got)
		if !slices.Equal(orig, rewritten) {
			t.Errorf("%s\n rm gets    %q\n trash gets %q\n (%s)", cmd, orig, rewritten, got)
		}
	}
}

func BenchmarkRewrite(b *testing.B) {
	for _, cmd := range []string{"rm -rf build dist", "npm test", "git clean -fdx", "rm -rf build/*.o && make"} {
		b.Run(cmd, func(b *testing.B) {
			for b.Loop() {
				Rewrite(cmd, "/usr/local/bin/actionguard", tableOptions)
			}
		})
	}
}
