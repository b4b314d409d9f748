package shell

import (
	"strings"
	"testing"
)

// An outsider's fourth round: wrappers of JavaScript projects, a shell's
// start-up file, and content destroyed without rm. Every spelling of each
// is generated around commands that destroy and commands that only build.

// jsWrappers run @C: NAME=VALUE words first for the cross-env ones, each
// operand a shell command for concurrently.
var jsWrappers = []string{
	"cross-env @C", "cross-env A=1 @C", "cross-env A=1 B='x y' @C", "npx cross-env NODE_ENV=test @C", "npx -y cross-env CI=1 @C",
	"cross-env-shell '@C'", "cross-env-shell A=1 '@C'", "npx cross-env-shell A=1 \"@C\"",
	"concurrently '@C'", "concurrently -k '@C' 'npm:dev'", "concurrently -n a,b -c red,blue 'npm:api' '@C'",
	"conc --kill-others-on-fail \"@C\"", "npx concurrently -c red '@C'", "npx concurrently --names=x --prefix-colors=red '@C'",
	"pnpm dlx concurrently -r '@C'", "npx concurrently -m 1 --restart-tries 2 '@C'",
}

func TestJSWrappersHoldWhatTheyRun(t *testing.T) {
	destructive := map[string]int{"rm -rf ~": atLeastBlock, "rm -rf /etc": atLeastBlock, "rm -rf ~/.ssh": atLeastApprove, "shred -u ~/.ssh/id_rsa": atLeastApprove}
	n := 0
	for _, w := range jsWrappers {
		for cmd, floor := range destructive {
			wantAtLeast(t, strings.ReplaceAll(w, "@C", cmd), scopeOptions, floor)
			n++
		}
	}
	// shx runs ShellJS's version of the Unix command it names.
	for _, w := range []string{"shx", "shx --silent", "npx shx", "npx -y shx --verbose", "pnpm dlx shx"} {
		for _, cmd := range []string{"rm -rf ~", "rm -r -f /home/dev/.ssh", "rm -fr ~/Documents"} {
			wantAtLeast(t, w+" "+cmd, scopeOptions, atLeastApprove)
			n++
		}
	}
	if n < 75 {
		t.Errorf("only %d cases", n)
	}
}

func TestJSWrappersBenign(t *testing.T) {
	for _, w := range jsWrappers {
		for _, cmd := range []string{"rm -rf dist", "tsc -p .", "jest --coverage", "vite build"} {
			wantRuns(t, strings.ReplaceAll(w, "@C", cmd), scopeOptions)
		}
	}
	for _, src := range []string{`npx concurrently "npm:watch-*"`, "concurrently 'npm:dev' 'yarn:api' 'pnpm:docs' 'bun:test'",
		"npx shx rm -rf dist", "npx shx cp -r public dist", "shx mkdir -p build", "cross-env NODE_ENV=production webpack"} {
		wantRuns(t, src, scopeOptions)
	}
}

// bash runs its --rcfile or --init-file before anything else: a text the
// line shows is judged as the commands it is.
func TestShellStartupFile(t *testing.T) {
	forms := []string{
		"bash --rcfile <(echo '@C') -i", "bash -i --rcfile <(echo '@C')", "bash --init-file <(echo '@C')",
		"bash --init-file <(printf '%s\\n' '@C') -i", "echo '@C' > rc.sh && bash --rcfile rc.sh -i",
		"echo '@C' > /tmp/rc; bash --init-file /tmp/rc", "printf '@C\\n' > .rc; bash --rcfile .rc -i -c true",
	}
	for _, f := range forms {
		for cmd, floor := range map[string]int{"rm -rf ~": atLeastBlock, "rm -rf ~/Documents": atLeastApprove} {
			wantAtLeast(t, strings.ReplaceAll(f, "@C", cmd), scopeOptions, floor)
		}
		for _, cmd := range []string{"export PS1=dev", "set -o vi", "cd src", "alias ll=ls"} {
			wantRuns(t, strings.ReplaceAll(f, "@C", cmd), scopeOptions)
		}
	}
}

// Content destroyed without rm: sed -n whose script prints nothing, ln -f
// from /dev/null.
func TestEmptiedWithoutRm(t *testing.T) {
	for _, f := range []string{"app.db", "data/prod.sqlite3", "~/Documents/thesis.docx"} {
		for _, form := range []string{"sed -ni '' @F", "sed -n -i '' @F", "sed --quiet --in-place '/x/d' @F", "sed -s -n -i -e '' @F",
			"ln -sf /dev/null @F", "ln -fs /dev/null @F", "ln --force -s /dev/null @F", "ln -f /dev/null @F"} {
			wantAtLeast(t, strings.ReplaceAll(form, "@F", f), scopeOptions, atLeastConfirm)
		}
	}
	for _, src := range []string{"sed -n '1,20p' app.db", "sed -ni '/TODO/p' notes.md", "sed -n -i 's/a/b/p' main.go", "sed -ni p config.ini",
		"ln -sf ../config/dev.yml config.yml", "ln -sfn build/current latest", "ln -s /dev/null app.db",
		": > app.log", "> ~/.cache/app/debug.log", "truncate -s0 ~/.cache/pip/log.txt", "cp /dev/null build/out.txt"} {
		wantRuns(t, src, scopeOptions)
	}
}
