package main

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"github.com/actionguard/actionguard/internal/testwait"
)

// runBash runs script with bash in dir and reports whether marker exists
// afterwards. The scripts only ever touch marker.
func runBash(t *testing.T, dir, script, marker string) bool {
	t.Helper()
	ctx, cancel := scriptContext(t)
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

// scriptContext bounds a script that waits for input it never gets (its
// standard input is empty) or hangs: it is stopped near the test binary's
// deadline (internal/testwait), not after a fixed few seconds. A bound of
// 20 s killed python3 (a pyenv shim, itself a few scripts) on a machine at
// load 60, and the template was reported as not running its command
// (docs/benchmarks.md): a slow run is no failure.
func scriptContext(t *testing.T) (context.Context, context.CancelFunc) {
	return context.WithDeadline(context.Background(), testwait.Deadline(t))
}

// works reports whether script exits 0 here: a wrapper this machine does
// not allow (no user namespaces, no scheduling class) or an interpreter
// that does not start is skipped, not failed.
func works(t *testing.T, script string) bool {
	t.Helper()
	ctx, cancel := scriptContext(t)
	defer cancel()
	cmd := exec.CommandContext(ctx, "bash", "-c", script)
	cmd.Dir = t.TempDir()
	cmd.Stdin = strings.NewReader("")
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Logf("skipped, it does not work here: %q: %v\n%s", script, err, out)
		return false
	}
	return true
}

// dependsOnHost reports whether a wrapper needs something a machine may
// refuse: user namespaces, a scheduling class, a CPU, no-new-privs.
func dependsOnHost(tmpl string) bool {
	for _, p := range []string{"unshare", "chrt", "ionice", "taskset", "setpriv"} {
		if strings.Contains(tmpl, p) {
			return true
		}
	}
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
	// Whether an interpreter starts here is asked once per interpreter,
	// not once per template (python3 has 13, perl 9, node 8): each ask
	// is a process start.
	starts := map[string]bool{}
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
		ok, asked := starts[prog]
		if !asked {
			_, err := exec.LookPath(prog)
			ok = err == nil && works(t, prog+" --version")
			starts[prog] = ok
		}
		if !ok {
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

// TestScriptsRun: every way the corpus writes a script writes one that
// every runner runs, and the checks only read it.
func TestScriptsRun(t *testing.T) {
	needBash(t)
	for i, w := range scriptWriters {
		for j, r := range scriptRunners {
			script := r("s.sh")
			if strings.Contains(script, "&") || strings.HasPrefix(script, "at ") {
				// Detached or scheduled: it runs later, not before bash returns.
				continue
			}
			if strings.HasPrefix(script, "zsh") {
				if _, err := exec.LookPath("zsh"); err != nil {
					continue
				}
			}
			dir := t.TempDir()
			marker := filepath.Join(dir, "ran")
			cmd := joinScript(w("touch "+marker, "s.sh"), script, " && ")
			if !runBash(t, dir, cmd, marker) {
				t.Errorf("writer %d, runner %d: the script does not run: %q", i, j, cmd)
			}
		}
		for j, c := range scriptChecks {
			check := c("s.sh")
			if prog := strings.Fields(check)[0]; prog != "bash" && prog != "sh" {
				if _, err := exec.LookPath(prog); err != nil {
					continue
				}
			}
			dir := t.TempDir()
			marker := filepath.Join(dir, "ran")
			cmd := joinScript(w("touch "+marker, "s.sh"), check, " && ")
			if runBash(t, dir, cmd, marker) {
				t.Errorf("writer %d, check %d runs the script it should only read: %q", i, j, cmd)
			}
		}
	}
}

// TestWrappersRun: the wrappers that need neither root, a network, a
// terminal nor a scheduler run the command they are given.
func TestWrappersRun(t *testing.T) {
	needBash(t)
	checked := 0
	for _, w := range wrappers {
		if w.root || w.applets {
			continue
		}
		words := strings.Fields(w.tmpl)
		prog := words[0]
		switch strings.Trim(prog, `\'`) {
		case "ssh", "watch", "at", "systemd-run", "systemd-inhibit", "dbus-run-session", "xvfb-run", "firejail",
			"proxychains4", "torsocks", "caffeinate", "sg", "gdb", "valgrind", "ltrace", "strace", "unshare", "faketime", "chronic":
			// A network, a session bus, a display, a sandbox or a
			// tracer this machine may not allow.
			continue
		}
		if strings.Contains(w.tmpl, "&") || strings.Contains(w.tmpl, "setsid -f") || strings.Contains(w.tmpl, "--fork") {
			continue
		}
		if strings.Contains(w.tmpl, "env -P") && runtime.GOOS != "darwin" {
			// BSD env's -P; GNU env has none.
			continue
		}
		if p := strings.Trim(prog, `\'`); !strings.Contains(p, "=") && p != "command" && p != "exec" && p != "builtin" && p != "eval" && p != "time" {
			if _, err := exec.LookPath(p); err != nil {
				continue
			}
		}
		if dependsOnHost(w.tmpl) && !works(t, w.apply("true")) {
			continue
		}
		dir := t.TempDir()
		marker := filepath.Join(dir, "ran")
		cmd := w.apply("touch " + marker)
		if !runBash(t, dir, cmd, marker) {
			t.Errorf("the wrapper %q does not run its command: %q", w.tmpl, cmd)
		}
		checked++
	}
	t.Logf("%d of %d wrappers checked", checked, len(wrappers))
}

// TestRuntimeDeletersRun: every consumer the corpus pipes paths into
// deletes them, and every reader leaves them.
func TestRuntimeDeletersRun(t *testing.T) {
	needBash(t)
	try := func(consumer string) (deleted bool) {
		dir := t.TempDir()
		victim := filepath.Join(dir, "victim")
		if err := os.MkdirAll(filepath.Join(victim, "sub"), 0o755); err != nil {
			t.Fatal(err)
		}
		ctx, cancel := scriptContext(t)
		defer cancel()
		cmd := exec.CommandContext(ctx, "bash", "-c", "echo "+victim+" | "+consumer)
		cmd.Dir = dir
		out, err := cmd.CombinedOutput()
		if _, statErr := os.Stat(victim); os.IsNotExist(statErr) {
			return true
		}
		t.Logf("%s: %v\n%s", consumer, err, out)
		return false
	}
	for _, c := range runtimeDeleters {
		if strings.Contains(c, "sudo") || strings.Contains(c, "xargs -o") {
			// Needs root, or a terminal to reopen.
			continue
		}
		if strings.HasPrefix(c, "parallel") {
			if _, err := exec.LookPath("parallel"); err != nil {
				continue
			}
		}
		if !try(c) {
			t.Errorf("%q does not delete the path it reads", c)
		}
	}
	for _, c := range runtimeReaders {
		if strings.HasPrefix(c, "parallel") {
			if _, err := exec.LookPath("parallel"); err != nil {
				continue
			}
		}
		if try(c) {
			t.Errorf("%q deletes the path it should only read", c)
		}
	}
}

// TestCombinedChainsRun: the two-deep wrapper stacks run their command.
func TestCombinedChainsRun(t *testing.T) {
	needBash(t)
	for _, chain := range combinedChains() {
		if strings.Contains(chain, "setsid -f") {
			continue // detached
		}
		if dependsOnHost(chain) && !works(t, chain+" true") {
			continue
		}
		dir := t.TempDir()
		marker := filepath.Join(dir, "ran")
		cmd := chain + " touch " + marker
		if !runBash(t, dir, cmd, marker) {
			t.Errorf("%q does not run its command", cmd)
		}
	}
}
