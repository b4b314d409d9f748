package main

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"time"
)

// runBash runs script with bash in dir and reports whether marker exists
// afterwards. The scripts only ever touch marker.
func runBash(t *testing.T, dir, script, marker string) bool {
	t.Helper()
	// A generous bound against a script that waits for input it never
	// gets; it is not an assertion on speed.
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	cmd := exec.CommandContext(ctx, "bash", "-c", script)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "HOME="+dir)
	cmd.Stdin = strings.NewReader("")
	out, err := cmd.CombinedOutput()
	if _, statErr := os.Stat(marker); statErr == nil {
		return true
	}
	t.Logf("%q: %v\n%s", script, err, out)
	return false
}

func needBash(t *testing.T) {
	t.Helper()
	if testing.Short() {
		t.Skip("runs every encoding with bash and the installed interpreters")
	}
	if runtime.GOOS == "windows" {
		t.Skip("the encodings are checked with bash on Unix")
	}
	if _, err := exec.LookPath("bash"); err != nil {
		t.Skip("bash is not installed")
	}
}

// TestEncodersRun: every data-flow encoding really runs the command it
// hides (here: touch a marker file), so a row labelled destructive
// because of what it hides is destructive.
func TestEncodersRun(t *testing.T) {
	needBash(t)
	for i, e := range encoders {
		dir := t.TempDir()
		marker := filepath.Join(dir, "ran")
		script := e.run([]string{"touch", "-m", marker})
		if strings.Contains(script, "xxd") {
			if _, err := exec.LookPath("xxd"); err != nil {
				continue
			}
		}
		if !runBash(t, dir, script, marker) {
			t.Errorf("encoder %d does not run what it hides: %q", i, script)
		}
		if e.show == nil {
			continue
		}
		dir = t.TempDir()
		marker = filepath.Join(dir, "ran")
		show := e.show([]string{"touch", "-m", marker})
		if runBash(t, dir, show, marker) {
			t.Errorf("encoder %d's twin runs what it only should print: %q", i, show)
		}
	}
}

// TestInterpretersRun: the templates that run a command from another
// language run it, for the interpreters installed here.
func TestInterpretersRun(t *testing.T) {
	needBash(t)
	ran := 0
	for _, tmpl := range interpTmpls {
		prog := strings.Fields(string(tmpl))[0]
		if prog == "echo" {
			// echo … | interpreter
			f := strings.Fields(string(tmpl))
			prog = f[len(f)-1]
		}
		if prog == "vim" || prog == "gdb" || prog == "expect" || prog == "ed" {
			// Interactive tools: they may wait on a terminal.
			continue
		}
		if _, err := exec.LookPath(prog); err != nil {
			continue
		}
		dir := t.TempDir()
		marker := filepath.Join(dir, "ran")
		script := tmpl.apply("touch " + marker)
		if !runBash(t, dir, script, marker) {
			t.Errorf("%s does not run the command it is given: %q", tmpl, script)
		}
		ran++
	}
	t.Logf("%d of %d templates checked", ran, len(interpTmpls))
}
