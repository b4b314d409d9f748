package shell

import (
	"fmt"
	"strings"
	"testing"
)

// TestAttachedShortNoCluster: for every spec whose short options never
// cluster and that says attached, every single-letter option
// that takes a value reads the same attached (cmake -P/x, -DX=1) as
// detached (-P /x), as the programs read them.
func TestAttachedShortNoCluster(t *testing.T) {
	checked := 0
	for _, e := range specs().tab.entries {
		attrs := " " + e.attrs + " "
		if !strings.Contains(attrs, " attached ") {
			continue
		}
		s := SpecFor(e.key)
		if s == nil {
			continue
		}
		for _, o := range s.Options() {
			for _, n := range o.Names {
				if len(n) != 2 || n[0] != '-' || o.valueOf(n) != valueRequired {
					continue
				}
				const val = "zq9/x=1"
				att := parseArgv(s, []string{n + val}, nil)
				det := parseArgv(s, []string{n, val}, nil)
				if len(att.Opts) != 1 || len(det.Opts) != 1 {
					t.Errorf("%s: %q gives %d options, %q %d", e.key, n+val, len(att.Opts), n+" "+val, len(det.Opts))
					continue
				}
				a, d := att.Opts[0], det.Opts[0]
				if a.Unknown || a.Name != d.Name || a.Value != d.Value || a.Tags != d.Tags {
					t.Errorf("%s: %q reads as %+v, %q as %+v", e.key, n+val, a, n+" "+val, d)
				}
				checked++
			}
		}
	}
	if checked < 15 {
		t.Fatalf("only %d attached options checked: the nocluster specs lost their valued options", checked)
	}
}

// TestInPlaceEditThenRun: a file edited in place (sed -i, perl -pi, ruby
// -pi, gawk -i inplace, every spelling) and then run or read by its
// runner holds what only the edit shows: a person confirms. The same
// edit then shown, or a runner after an edit of another file, runs.
func TestInPlaceEditThenRun(t *testing.T) {
	edits := []string{`sed -i 's/a/b/' %s`, `sed -i.bak -e 's/a/b/' %s`, `sed --in-pl 's/a/b/' %s`, `sed -ni 'p' %s`,
		`perl -pi -e 's/a/b/' %s`, `perl -i.orig -pe 's/a/b/' %s`, `ruby -pi -e 'gsub(/a/, "b")' %s`, `gawk -i inplace '{print}' %s`}
	runs := []struct{ file, run string }{{"x.sh", "bash x.sh"}, {"x.sh", "sh ./x.sh"}, {"Makefile", "make"}, {"package.json", "npm test"},
		{"package.json", "yarn build"}, {"justfile", "just"}, {"tox.ini", "tox"}, {"deno.json", "deno task dev"}}
	opt := Options{Cwd: "/home/dev/project", Home: "/home/dev"}
	for _, e := range edits {
		for _, r := range runs {
			line := fmt.Sprintf(e, r.file) + " && " + r.run
			if v, id := maxPoints(line, opt); v < 26 {
				t.Errorf("%q: %d points (%s), want a person to confirm", line, v, id)
			}
			for _, twin := range []string{fmt.Sprintf(e, r.file) + " && git diff " + r.file, fmt.Sprintf(e, "README.md") + " && " + r.run} {
				if v, id := maxPoints(twin, opt); v >= 26 {
					t.Errorf("%q: %d points (%s), want it to run", twin, v, id)
				}
			}
		}
	}
}

// TestPipesRunAsScripts: a named pipe made on the line, or an open file
// descriptor, run by a shell (as its script or its standard input) runs
// what another process writes there; made and only read, it runs.
func TestPipesRunAsScripts(t *testing.T) {
	opt := Options{Cwd: "/home/dev/project", Home: "/home/dev"}
	for _, sh := range []string{"bash", "sh", "zsh", "dash"} {
		for _, mk := range []string{"mkfifo %s", "mkfifo -m 600 %s", "mknod %s p"} {
			for _, p := range []string{"p", "/tmp/f"} {
				made := fmt.Sprintf(mk, p)
				for _, run := range []string{sh + " " + p, sh + " < " + p} {
					line := made + "; " + run
					if v, id := maxPoints(line, opt); v < 26 {
						t.Errorf("%q: %d points (%s), want a person to confirm", line, v, id)
					}
				}
				if v, id := maxPoints(made+"; cat "+p+" > out.txt", opt); v >= 26 {
					t.Errorf("%q: %d points (%s), want it to run", made+"; cat "+p, v, id)
				}
			}
		}
		for _, fd := range []string{"/dev/fd/3", "/dev/fd/9", "/proc/self/fd/4", "/proc/4242/fd/5"} {
			for _, run := range []string{sh + " " + fd, sh + " < " + fd} {
				if v, id := maxPoints(run, opt); v < 26 {
					t.Errorf("%q: %d points (%s), want a person to confirm", run, v, id)
				}
			}
		}
		if v, id := maxPoints(sh+" /dev/fd/0 <<< 'ls'", opt); v >= 26 {
			t.Errorf("%s /dev/fd/0: %d points (%s), want it to run", sh, v, id)
		}
	}
}

// TestMovesOfUserFiles: the user's settings and folders moved into
// scratch space, under every spelling of mv's target option, and a
// document moved or copied over another, wait for a person; moves that
// keep them run.
func TestMovesOfUserFiles(t *testing.T) {
	opt := Options{Cwd: "/home/dev/project", Home: "/home/dev"}
	srcs := []string{"~/.bashrc", "~/.zshrc", "~/.gitconfig", "~/.config", "~/.vimrc", "~/.local", "/home/dev/.tmux.conf", "~/Documents"}
	for _, s := range srcs {
		for _, tmpl := range []string{"mv %s /tmp/", "mv %s /tmp/x", "mv %s /var/tmp/", "mv -t /tmp %s", "mv --target-directory=/tmp %s",
			"mv --targ /tmp %s", "mv -ft/tmp %s", "gmv %s /tmp/"} {
			line := fmt.Sprintf(tmpl, s)
			if v, id := maxPoints(line, opt); v < 26 {
				t.Errorf("%q: %d points (%s), want a person to confirm", line, v, id)
			}
		}
	}
	for _, doc := range []string{"~/Documents/b.docx", "~/Desktop/budget.xlsx", "/home/dev/Documents/contract.pdf"} {
		for _, tmpl := range []string{"mv ~/Documents/a.docx %s", "mv -f new.docx %s", "cp a.docx %s", "cp --remove-destination a.docx %s", "install -m 644 a.docx %s"} {
			line := fmt.Sprintf(tmpl, doc)
			if v, id := maxPoints(line, opt); v < 26 {
				t.Errorf("%q: %d points (%s), want a person to confirm", line, v, id)
			}
		}
		for _, tmpl := range []string{"mv -n a.docx %s", "cp -b a.docx %s", "cp --no-clobber a.docx %s", "cp %s /tmp/copy.docx"} {
			line := fmt.Sprintf(tmpl, doc)
			if v, id := maxPoints(line, opt); v >= 26 {
				t.Errorf("%q: %d points (%s), want it to run", line, v, id)
			}
		}
	}
	for _, twin := range []string{"mv build/out.txt /tmp/", "mv ~/Downloads/x.log /tmp/", "cp ~/.bashrc /tmp/bashrc", "mv report.docx report-old.docx"} {
		if v, id := maxPoints(twin, opt); v >= 26 {
			t.Errorf("%q: %d points (%s), want it to run", twin, v, id)
		}
	}
}

// TestToldToRun: a build tool handed a command on the line (mvn exec:exec
// properties, sbt eval, rake -e, bazel --run_under) runs that command:
// each payload is judged as itself.
func TestToldToRun(t *testing.T) {
	opt := Options{Cwd: "/home/dev/project", Home: "/home/dev"}
	shapes := []string{
		`mvn exec:exec -Dexec.executable=sh -Dexec.args='-c "%s"'`, `mvn exec:exec -D exec.executable=sh "-Dexec.args=-c '%s'"`,
		`mvnw -B exec:exec@run -Dexec.executable=bash -Dexec.args="-c '%s'"`, `sbt 'eval sys.process.Process(Seq("sh", "-c", "%s")).!'`,
		`sbt ';compile;eval "%s".!!'`, `rake -e 'system("%s")'`, `rake -p '%%x(%s)'`, `bazel run --run_under='%s' //x`, `bazel test --run_under "%s" //...`,
	}
	for _, s := range shapes {
		line := fmt.Sprintf(s, "rm -rf ~")
		if v, id := maxPoints(line, opt); v <= 100 {
			t.Errorf("%q: %d points (%s), want it blocked as rm -rf ~", line, v, id)
		}
		twin := fmt.Sprintf(s, "ls -la")
		if v, id := maxPoints(twin, opt); v >= 26 {
			t.Errorf("%q: %d points (%s), want it to run", twin, v, id)
		}
	}
}

// TestGitServers: git's servers handing repositories to the network wait
// for a person; bound to the loopback interface on the project, they run.
func TestGitServers(t *testing.T) {
	opt := Options{Cwd: "/home/dev/project", Home: "/home/dev"}
	for _, line := range []string{"git daemon --enable=receive-pack --base-path=/home/dev", "git daemon --enable=receive-pack .", "git daemon --export-all --base-path=/",
		"git daemon --export-all --user-path", "git -C /tmp daemon --enable=receive-pack --export-all", "git daemon --export-all --enable=receive-pack --listen=0.0.0.0 .",
		"git instaweb", "git instaweb -d python", "git http-backend"} {
		if v, id := maxPoints(line, opt); v < 26 {
			t.Errorf("%q: %d points (%s), want a person to confirm", line, v, id)
		}
	}
	for _, line := range []string{"git daemon --listen=127.0.0.1 --export-all .", "git daemon --listen=localhost --enable=receive-pack .", "git instaweb --local",
		"git instaweb -l", "git instaweb --stop", "git daemon -h"} {
		if v, id := maxPoints(line, opt); v >= 26 {
			t.Errorf("%q: %d points (%s), want it to run", line, v, id)
		}
	}
}
