package shell

import (
	"strings"
	"testing"
)

// TestPackageRunVerbAfterOptions: a package manager's npx-like verb
// (npm exec, pnpm exec|dlx, yarn dlx|exec, bun x) runs its command
// whatever options of the manager come first, each spelled as the
// manager's spec reads it.
func TestPackageRunVerbAfterOptions(t *testing.T) {
	verbs := map[string][]string{"npm": {"exec", "x"}, "pnpm": {"exec", "dlx"}, "yarn": {"exec", "dlx"}, "bun": {"x"}}
	opts := []string{"", "-C /tmp/x", "--dir /tmp/x", "--dir=/tmp/x", "--cwd /tmp/x", "--prefix /tmp/x", "--filter web", "-F web",
		"-w pkg", "--workspace=pkg", "--loglevel silent", "-C /tmp/x --filter web", "--silent"}
	for _, cmd := range []string{"rm -rf ~", "rimraf /home"} {
		want := verdictClass(Analyze(cmd, exampleOptions).Findings)
		for mgr, vs := range verbs {
			for _, v := range vs {
				for _, o := range opts {
					line := strings.Join(strings.Fields(mgr+" "+o+" "+v+" "+cmd), " ")
					if got := verdictClass(Analyze(line, exampleOptions).Findings); rank(got) < rank(want) {
						t.Errorf("%s = %s, want at least %s", line, got, want)
					}
				}
			}
		}
	}
	for _, line := range []string{"pnpm -C packages/web exec vitest", "npm --prefix app exec -- eslint .", "yarn --cwd web dlx prettier --check .", "pnpm --filter web run build"} {
		if got := verdictClass(Analyze(line, exampleOptions).Findings); got != "allow" {
			t.Errorf("%s = %s, want allow", line, got)
		}
	}
}

// TestHatchRunRunsItsCommand: hatch run runs its words as a command when
// they name no script; a script's name, an environment prefix and -- are
// read as hatch reads them.
func TestHatchRunRunsItsCommand(t *testing.T) {
	for _, cmd := range []string{"rm -rf ~", "rm -rf /home", "python -c 'import shutil; shutil.rmtree(\"/home\")'"} {
		want := verdictClass(Analyze(cmd, exampleOptions).Findings)
		for _, pre := range []string{"hatch run ", "hatch run -- ", "hatch run default:"} {
			line := pre + cmd
			if got := verdictClass(Analyze(line, exampleOptions).Findings); rank(got) < rank(want) {
				t.Errorf("%s = %s, want at least %s", line, got, want)
			}
		}
	}
	for _, line := range []string{"hatch run test", "hatch run test:cov", "hatch run lint:fmt", "hatch build", "hatch run pytest -x"} {
		if got := verdictClass(Analyze(line, exampleOptions).Findings); got != "allow" {
			t.Errorf("%s = %s, want allow", line, got)
		}
	}
}
