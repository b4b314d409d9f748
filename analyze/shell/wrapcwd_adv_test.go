package shell

import (
	"strings"
	"testing"
)

// The directory a wrapper makes a command run in (env -C, env --chdir,
// sudo -D, sudo --chdir) or a cd before it: relative paths that a script
// or interpreter code the command runs deletes resolve there.

// cwdMoves move to @D before the command @C.
var cwdMoves = []string{"env -C @D @C", "env -C@D @C", "env --chdir=@D @C", "env --chdir @D @C", "env -i -C @D @C", "sudo -D @D @C", "sudo --chdir=@D @C", "sudo -u root -D @D @C",
	"cd @D && @C", "cd @D; @C", "pushd @D && @C", "(cd @D; @C)", "nice -n 5 env -C @D @C", "timeout 9 env --chdir=@D @C", "env -S '-C @D' @C"}

// relDeletes delete the relative path @P from interpreter code or a
// script.
var relDeletes = []string{
	`perl -MFile::Path=rmtree -e 'rmtree("@P")'`,
	`perl -MFile::Path=remove_tree -e 'remove_tree("@P")'`,
	`perl -MFile::Path -e 'File::Path::rmtree("@P")'`,
	`perl -e 'use File::Path qw(remove_tree); remove_tree("@P")'`,
	`perl -we 'use File::Path; rmtree "@P"'`,
	`python3 -c 'import shutil; shutil.rmtree("@P")'`,
	`python3 -c 'from shutil import rmtree; rmtree("@P", ignore_errors=True)'`,
	`node -e 'require("fs").rmSync("@P", {recursive: true, force: true})'`,
	`node -e 'const fs = require("fs"); fs.rmSync("@P", {recursive:true})'`,
	`ruby -e 'require "fileutils"; FileUtils.rm_rf("@P")'`,
	`ruby -rfileutils -e 'FileUtils.rm_r "@P"'`,
	`sh -c 'rm -rf @P'`,
	`bash -c "rm -fr @P"`,
	`rm -rf @P`,
}

func TestWrapperCwdReachesCode(t *testing.T) {
	n := 0
	for _, mv := range cwdMoves {
		for _, del := range relDeletes {
			for _, pair := range [][2]string{{"/", "usr"}, {"/", "etc"}, {"/usr", "lib"}, {"/home/dev", ".ssh"}} {
				src := strings.NewReplacer("@D", pair[0], "@C", strings.ReplaceAll(del, "@P", pair[1])).Replace(mv)
				wantAtLeast(t, src, scopeOptions, atLeastApprove)
				if pair[1] == "usr" || pair[1] == "etc" {
					wantAtLeast(t, src, scopeOptions, atLeastBlock)
				}
				n++
			}
		}
	}
	if n < 800 {
		t.Errorf("only %d cases", n)
	}
}

// The twins: the same moves before code that only reads, and deletes of
// build output inside the workspace.
func TestWrapperCwdBenign(t *testing.T) {
	reads := []string{`python3 -c 'print(open("etc/hostname").read())'`, `perl -e 'print -d "usr" ? "yes" : "no"'`, `ls usr`, `sh -c 'ls -la etc'`, `node -e 'console.log(require("fs").readdirSync("usr"))'`}
	for _, mv := range cwdMoves {
		if strings.HasPrefix(mv, "sudo") {
			continue // sudo is held whatever it runs
		}
		for _, r := range reads {
			src := strings.NewReplacer("@D", "/", "@C", r).Replace(mv)
			if p, id := maxPoints(src, scopeOptions); p > runsUnattended {
				t.Errorf("%q: %d points (%s), want it to run", src, p, id)
			}
		}
		for _, del := range []string{`rm -rf dist`, `sh -c 'rm -rf node_modules'`} {
			src := strings.NewReplacer("@D", "/home/dev/project", "@C", del).Replace(mv)
			if p, id := maxPoints(src, scopeOptions); p > runsUnattended {
				t.Errorf("%q: %d points (%s), want it to run", src, p, id)
			}
		}
	}
}

// sudo's login option (-i, --login and each abbreviation of it, clustered
// or apart, before or after -u) runs the command in the target user's home:
// Documents there is the user's, not the project's.
func TestSudoLoginRunsInTargetHome(t *testing.T) {
	logins := []string{"-i", "--login"}
	for n := len("--lo"); n < len("--login"); n++ {
		logins = append(logins, "--login"[:n]) // sudo takes unambiguous prefixes
	}
	n := 0
	for _, l := range logins {
		for _, form := range []string{"sudo @L -u dev @C", "sudo -u dev @L @C", "sudo @L @C", "sudo -n @L -u dev -- @C"} {
			for _, del := range []string{"rm -rf Documents", "sh -c 'rm -rf Pictures'", `python3 -c 'import shutil; shutil.rmtree("Documents")'`} {
				src := strings.NewReplacer("@L", l, "@C", del).Replace(form)
				wantAtLeast(t, src, scopeOptions, atLeastApprove)
				n++
			}
		}
	}
	// Clustered with -u, and with -n: -iu dev, -niu dev.
	wantAtLeast(t, "sudo -iu dev rm -rf Documents", scopeOptions, atLeastApprove)
	wantAtLeast(t, "sudo -niu dev rm -rf Documents", scopeOptions, atLeastApprove)
	// sudo -s and -i escape each word for the shell they start: a quoted
	// script stays one word.
	for _, src := range []string{"sudo -s sh -c 'rm -rf ~/Documents'", "sudo -s -- bash -c \"rm -rf ~/Pictures\"", `sudo -s python3 -c 'import shutil; shutil.rmtree("/home/dev/Documents")'`, "sudo -s rm -rf '/home/dev/My Documents'"} {
		wantAtLeast(t, src, scopeOptions, atLeastApprove)
	}
	if n < 60 {
		t.Errorf("only %d cases", n)
	}
	// The twins: without the login option the command stays in the
	// project, where deleting build output is routine for the user.
	for _, src := range []string{"sudo -u dev rm -rf dist", "sudo -u dev sh -c 'rm -rf node_modules'", "sudo -iu dev ls Documents", "sudo -i -u dev du -sh Documents"} {
		if p, id := maxPoints(src, scopeOptions); p > runsUnattended {
			t.Errorf("%q: %d points (%s), want it to run", src, p, id)
		}
	}
}
