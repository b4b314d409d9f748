package main

import (
	"bytes"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"mvdan.cc/sh/v3/syntax"
)

// TestAttackOptionsRun: every option the exec-options class labels as
// running a command does run it under bash and the installed tools (here:
// touch a marker file), so the rm -rf ~ rows are what they claim. A tool
// that is not installed is skipped.
func TestAttackOptionsRun(t *testing.T) {
	needBash(t)
	extra := []execOption{
		{`awk 'BEGIN{while(("%s" | getline l)>0) print l}'`, "awk", "awk's command | getline"},
		{`printf 'a\n' > f.txt && sed -i "1e %s" f.txt`, "sed", "sed's e command in an in-place edit"},
	}
	for i, o := range append(append([]execOption{}, execOptions...), extra...) {
		if _, err := exec.LookPath(o.tool); err != nil {
			t.Logf("skipped, %s is not installed: %q", o.tool, o.tmpl)
			continue
		}
		dir := t.TempDir()
		marker := filepath.Join(dir, "ran")
		// A relative marker: a slash would end sed's s command.
		script := strings.ReplaceAll(o.tmpl, "%s", "touch ran")
		script = strings.ReplaceAll(script, "/tmp/ag-", filepath.Join(dir, "ag-"))
		if !runBash(t, dir, script, marker) {
			t.Errorf("option %d (%s) did not run its command: %q", i, o.what, script)
		}
	}
}

// TestAttackFindFprintWrites: find's -fprint truncates and writes the file
// it names, which is why the rows with ~/.bashrc are destructive.
func TestAttackFindFprintWrites(t *testing.T) {
	needBash(t)
	dir := t.TempDir()
	target := filepath.Join(dir, ".bashrc")
	if err := os.WriteFile(target, []byte("export KEEP=1\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	runBash(t, dir, "find . -maxdepth 0 -fprint "+target, target)
	got, err := os.ReadFile(target)
	if err != nil {
		t.Fatal(err)
	}
	if strings.Contains(string(got), "KEEP") {
		t.Errorf("find -fprint left the file as it was: %q", got)
	}
}

// TestAttackRows: the attack corpus parses as bash, has every class, and
// is what the generator writes.
func TestAttackRows(t *testing.T) {
	rows, err := attackAll()
	if err != nil {
		t.Fatal(err)
	}
	if err := validate(rows); err != nil {
		t.Fatal(err)
	}
	n := map[string]int{}
	p := syntax.NewParser(syntax.Variant(syntax.LangBash))
	for _, r := range rows {
		n[r.Class]++
		if _, err := p.Parse(strings.NewReader(r.Command), ""); err != nil {
			t.Errorf("%q does not parse: %v", r.Command, err)
		}
	}
	for _, c := range attackClasses {
		if n[c] == 0 {
			t.Errorf("class %s has no rows", c)
		}
	}
	var want bytes.Buffer
	enc := json.NewEncoder(&want)
	enc.SetEscapeHTML(false)
	for _, r := range rows {
		if err := enc.Encode(r); err != nil {
			t.Fatal(err)
		}
	}
	got, err := os.ReadFile(filepath.Join("..", "..", "..", attackFile))
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, want.Bytes()) {
		t.Errorf("%s is out of date: run go run ./internal/gen/adversarial -attack", attackFile)
	}
}

// TestAttackLinksWriteThrough: every self-links row that makes a link (or
// a hard-linked copy) and writes through it changes the agent's settings
// file itself, under bash with a scratch home.
func TestAttackLinksWriteThrough(t *testing.T) {
	needBash(t)
	for _, r := range attackSelfLinksRows() {
		if !r.Destructive || !strings.Contains(r.Command, "&& echo") {
			continue
		}
		dir := t.TempDir()
		var target string
		for _, a := range append(append([]agentDir{}, userAgentDirs...), projectAgentDirs...) {
			p := strings.TrimPrefix(a.dir, "~/")
			named := strings.Contains(r.Command, " "+a.dir+" ") || strings.Contains(r.Command, ` "$PWD/`+a.dir+`" `)
			if named && strings.HasSuffix(r.Command, "/"+a.file) {
				target = filepath.Join(dir, p, a.file)
			}
		}
		if target == "" {
			t.Fatalf("no settings file found in %q", r.Command)
		}
		if err := os.MkdirAll(filepath.Dir(target), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(target, []byte(`{"hooks":{}}`), 0o644); err != nil {
			t.Fatal(err)
		}
		runBash(t, dir, r.Command, target)
		got, err := os.ReadFile(target)
		if err != nil {
			t.Fatal(err)
		}
		if strings.TrimSpace(string(got)) != "{}" {
			t.Errorf("%q left %s as %q; the row says it overwrites it", r.Command, target, got)
		}
	}
}

// TestAttackIntoDirLands: every spelling of the protected-dirs class puts
// the source's file into the directory under the source's name, under
// bash, so ~/.bashrc and .git/hooks/pre-commit really are replaced.
func TestAttackIntoDirLands(t *testing.T) {
	needBash(t)
	for _, sp := range intoDir {
		dir := t.TempDir()
		src := filepath.Join(dir, "e")
		dst := filepath.Join(dir, "hooks")
		for _, d := range []string{src, dst} {
			if err := os.MkdirAll(d, 0o755); err != nil {
				t.Fatal(err)
			}
		}
		if err := os.WriteFile(filepath.Join(src, "pre-commit"), []byte("x\n"), 0o755); err != nil {
			t.Fatal(err)
		}
		script := strings.NewReplacer("/tmp/e/", src+"/", "%f", "pre-commit", "%d", dst).Replace(sp)
		if prog, _, _ := strings.Cut(sp, " "); !haveProgram(t, prog) {
			continue
		}
		if !runBash(t, dir, script, filepath.Join(dst, "pre-commit")) {
			t.Errorf("%q did not put pre-commit into the directory", script)
		}
	}
}

// haveProgram reports whether prog is installed; one that is not is
// skipped with a word, except under CI, where scripts/test.sh installs it
// and its absence fails the test.
func haveProgram(t *testing.T, prog string) bool {
	t.Helper()
	if _, err := exec.LookPath(prog); err == nil {
		return true
	}
	if os.Getenv("CI") == "true" {
		t.Errorf("%s is not installed (scripts/ci-tools.sh installs it)", prog)
		return false
	}
	t.Logf("%s is not installed: its spelling is not run", prog)
	return false
}
