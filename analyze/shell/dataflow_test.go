package shell

import (
	"bufio"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// flowOptions is where the data-flow, working-directory, written-script
// and scheduling cases run.
var flowOptions = Options{Cwd: "/home/u/proj", Home: "/home/u"}

// positive returns the ids of the findings that carry points.
func positive(res *Result) []string {
	var ids []string
	for _, f := range res.Findings {
		if f.Points > 0 {
			ids = append(ids, f.Rule)
		}
	}
	return ids
}

// TestFlowCases runs testdata/flow/*.txt: each case names the rule the
// command must report, or "allow" for a benign twin that must report
// nothing with points.
func TestFlowCases(t *testing.T) {
	files, err := filepath.Glob("testdata/flow/*.txt")
	if err != nil || len(files) == 0 {
		t.Fatalf("no cases: %v", err)
	}
	n := 0
	for _, file := range files {
		f, err := os.Open(file)
		if err != nil {
			t.Fatal(err)
		}
		sc := bufio.NewScanner(f)
		line := 0
		for sc.Scan() {
			line++
			text := sc.Text()
			if text == "" || strings.HasPrefix(text, "#") {
				continue
			}
			want, src, ok := strings.Cut(text, "\t")
			if !ok {
				t.Fatalf("%s:%d: no tab between the rule and the command", file, line)
			}
			src = strings.ReplaceAll(src, `\n`, "\n")
			res := Analyze(src, flowOptions)
			n++
			if want == "allow" {
				if ids := positive(res); len(ids) > 0 || res.ParseError != "" {
					t.Errorf("%s:%d: %q should stay allowed; got %v %s", file, line, src, ids, res.ParseError)
				}
				continue
			}
			if !hasRule(res, want) {
				t.Errorf("%s:%d: %q: want %s, got %v %s", file, line, src, want, ruleIDs(res), res.ParseError)
			}
		}
		f.Close()
	}
	if n < 100 {
		t.Errorf("only %d cases", n)
	}
}

// TestCmdCwd checks the working directory recorded on each command.
func TestCmdCwd(t *testing.T) {
	for _, c := range []struct {
		src  string
		opt  Options
		want []string // Cwd of each command, in order
	}{
		{"ls; cd /tmp && ls; cd -; ls", flowOptions, []string{"/home/u/proj", "/home/u/proj", "/tmp", "/tmp", "/home/u/proj"}},
		{"(cd /; ls); ls", flowOptions, []string{"/home/u/proj", "/", "/home/u/proj"}},
		{`cd "$D"; ls`, flowOptions, []string{"/home/u/proj", ""}},
		{"cd src; ls", Options{Home: "/home/u"}, []string{"", ""}},
		{"cd ~; ls", flowOptions, []string{"/home/u/proj", "/home/u"}},
		{"pushd /etc; popd; ls", flowOptions, []string{"/home/u/proj", "/etc", "/home/u/proj"}},
	} {
		res := Analyze(c.src, c.opt)
		var got []string
		for _, cmd := range res.Commands {
			got = append(got, cmd.Cwd)
		}
		if strings.Join(got, "|") != strings.Join(c.want, "|") {
			t.Errorf("%q: Cwd %q, want %q", c.src, got, c.want)
		}
	}
	// Resolve and Class follow the command's directory.
	res := Analyze("cd /etc && cat passwd", flowOptions)
	last := res.Commands[len(res.Commands)-1]
	if abs, ok := last.Resolve("passwd"); abs != "/etc/passwd" || !ok {
		t.Errorf("Resolve in /etc: %q %v", abs, ok)
	}
	if cl := last.Class("passwd"); !cl.System || cl.Workspace {
		t.Errorf("Class in /etc: %+v", cl)
	}
	res = Analyze(`cd "$X" && cat f`, flowOptions)
	last = res.Commands[len(res.Commands)-1]
	if _, ok := last.Resolve("f"); ok {
		t.Errorf("a path after cd to an unknown directory resolved as known")
	}
	if cl := last.Class("f"); cl.Workspace {
		t.Errorf("a path after cd to an unknown directory is in the workspace: %+v", cl)
	}
}

// TestSplitIFS checks field splitting against what bash does.
func TestSplitIFS(t *testing.T) {
	for _, c := range []struct {
		s, ifs string
		want   string
	}{
		{"a b  c", defaultIFS, "a|b|c"},
		{"  a b ", defaultIFS, "a|b"},
		{"a,,b", ",", "a||b"},
		{",a", ",", "|a"},
		{"a,", ",", "a"},
		{"a , b", " ,", "a|b"},
		{"a b", "", "a b"},
		{"", defaultIFS, ""},
	} {
		parts, _, _ := splitIFS(c.s, c.ifs)
		if got := strings.Join(parts, "|"); got != c.want {
			t.Errorf("splitIFS(%q, %q) = %q, want %q", c.s, c.ifs, got, c.want)
		}
	}
}

// quoteWord quotes s for the shell.
func quoteWord(s string) string {
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}

// flowSpellings are ways to run the command argv through data flow. simple
// ones need words without spaces or quotes.
var flowSpellings = []struct {
	name   string
	simple bool
	spell  func(argv []string) string
}{
	{"array", false, func(a []string) string {
		q := make([]string, len(a))
		for i, w := range a {
			q[i] = quoteWord(w)
		}
		return "a=(" + strings.Join(q, " ") + `); "${a[@]}"`
	}},
	{"set", false, func(a []string) string {
		q := make([]string, len(a))
		for i, w := range a {
			q[i] = quoteWord(w)
		}
		return "set -- " + strings.Join(q, " ") + `; "$@"`
	}},
	{"function", false, func(a []string) string {
		q := make([]string, len(a))
		for i, w := range a {
			q[i] = quoteWord(w)
		}
		return `f(){ "$1" "${@:2}"; }; f ` + strings.Join(q, " ")
	}},
	{"printf-v", false, func(a []string) string {
		var b strings.Builder
		var refs []string
		for i, w := range a {
			b.WriteString("printf -v v" + itoa(i) + " %s " + quoteWord(w) + "; ")
			refs = append(refs, `"$v`+itoa(i)+`"`)
		}
		return b.String() + strings.Join(refs, " ")
	}},
	{"read", true, func(a []string) string { return "read -ra a <<< " + quoteWord(strings.Join(a, " ")) + `; "${a[@]}"` }},
	{"ifs", true, func(a []string) string { return "IFS=,; x=" + quoteWord(strings.Join(a, ",")) + "; $x" }},
	{"alias", true, func(a []string) string { return "alias z=" + quoteWord(strings.Join(a, " ")) + "; z" }},
	{"var", true, func(a []string) string { return "x=" + quoteWord(strings.Join(a, " ")) + "; $x" }},
	{"pipe-read", true, func(a []string) string {
		return "echo " + quoteWord(strings.Join(a, " ")) + ` | while read -r c r; do $c $r; done`
	}},
}

// TestDataFlowGenerated runs rm -rf / and a harmless twin through every
// spelling and every pair of spellings (the inner one run by eval or
// bash -c through the outer).
func TestDataFlowGenerated(t *testing.T) {
	bad, good := []string{"rm", "-rf", "/"}, []string{"ls", "-la", "/"}
	check := func(name, src string, dangerous bool) {
		t.Helper()
		res := Analyze(src, flowOptions)
		if dangerous && !hasRule(res, "shell.fs.rm-root") {
			t.Errorf("%s: %q: want shell.fs.rm-root, got %v %s", name, src, ruleIDs(res), res.ParseError)
		}
		if !dangerous {
			if ids := positive(res); len(ids) > 0 {
				t.Errorf("%s: %q: harmless, got %v", name, src, ids)
			}
		}
	}
	n := 0
	for _, in := range flowSpellings {
		check(in.name, in.spell(bad), true)
		check(in.name, in.spell(good), false)
		n += 2
		for _, out := range flowSpellings {
			if out.simple {
				continue
			}
			for _, runner := range []string{"eval", "bash -c"} {
				r := strings.Fields(runner)
				name := in.name + " in " + runner + " in " + out.name
				check(name, out.spell(append(r, in.spell(bad))), true)
				check(name, out.spell(append(r, in.spell(good))), false)
				n += 2
			}
		}
	}
	if n < 100 {
		t.Errorf("only %d generated cases", n)
	}
}

// TestCdUnknownWorkspace: without Options.Cwd, relative paths are in the
// unnamed workspace until a cd leaves it.
func TestCdUnknownWorkspace(t *testing.T) {
	opt := Options{Home: "/home/u"}
	for _, c := range []struct{ src, want string }{
		{"cd .. && rm -rf build", "shell.fs.rm-outside-workspace"},
		{"cd a/../.. && rm -rf build", "shell.fs.rm-outside-workspace"},
		{"cd build && rm -rf dist", "shell.fs.rm-build-output"},
		{"cd src/.. && rm -rf dist", "shell.fs.rm-build-output"},
		{`cd "$X" && rm -rf build`, "shell.fs.rm-dynamic"},
		{"cd /etc && rm -rf ssh", "shell.fs.rm-system-file"},
	} {
		if res := Analyze(c.src, opt); !hasRule(res, c.want) {
			t.Errorf("%q: want %s, got %v", c.src, c.want, ruleIDs(res))
		}
	}
}
