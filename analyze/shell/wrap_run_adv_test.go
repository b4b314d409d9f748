package shell

import (
	"strings"
	"testing"
)

// Programs that run another command (sandboxes, containers, profilers,
// session keepers), programs that hand words to a shell, and options that
// name a program: every spelling of each, around commands that destroy
// and commands that only build or read.

// runWrappers run the command that follows them as it is.
var runWrappers = []string{
	"flatpak-spawn --host", "flatpak-spawn --host --directory=/tmp", "flatpak-spawn --clear-env --env=A=1 --host",
	"proot", "proot -r rootfs -b /dev", "proot --rootfs=rootfs -0", "proot -w /tmp",
	"fakeroot", "fakeroot -u --", "fakeroot --unknown-is-real", "fakeroot-tcp", "fakeroot -l /usr/lib/libfakeroot.so",
	"dtach -n /tmp/s", "dtach -c /tmp/s -z", "dtach -A /tmp/s -r winch", "dtach -N /tmp/s -E",
	"bwrap --bind / /", "bwrap --ro-bind / / --dev /dev --proc /proc", "bwrap --dev-bind / / --setenv A B --unshare-all",
	"bwrap --overlay /a /b /c --tmpfs /tmp", "bwrap --symlink usr/lib /lib --die-with-parent",
	"toolbox run", "toolbox run -c dev", "toolbox run --container dev --release 40", "toolbox -y run -d fedora",
	"distrobox enter box --", "distrobox enter -n box --", "distrobox enter --name box -e", "distrobox-enter box --", "distrobox enter -nw -T box --",
	"perf record -o /tmp/p.data --", "perf record -g", "perf record --call-graph dwarf -F 99", "perf stat -e cycles", "perf stat -r 3 --", "perf trace -s", "perf --no-pager stat",
	"entr -r", "entr -n", "entr -cz",
}

// runWrappersAsRoot run the command as root (or another user).
var runWrappersAsRoot = []string{"machinectl shell .host", "machinectl shell root@.host", "machinectl --quiet shell --uid=0 .host", "machinectl shell -q dev@.host"}

// lineRunners hand @C to a shell as one command line.
var lineRunners = []string{
	"entr -s '@C'", "entr -rs '@C'", "entr -s -r '@C'", "hyperfine '@C'", "hyperfine --runs 1 '@C'", "hyperfine -N '@C'",
	"hyperfine -w 3 'true' '@C'", "hyperfine --prepare '@C' true", "hyperfine -p '@C' true", "hyperfine --cleanup='@C' true",
	"capsh -- -c '@C'", "capsh --shell=/bin/sh -- -c '@C'", "capsh --caps=cap_sys_admin+ep -- -c '@C'",
	"perf stat --pre '@C' true", "perf stat --post='@C' true",
}

func TestRunWrappersHoldWhatTheyRun(t *testing.T) {
	destructive := map[string]int{"rm -rf ~": atLeastBlock, "chmod -R 777 /": atLeastBlock, "rm -rf /etc": atLeastBlock, "rm -rf ~/.ssh": atLeastApprove}
	n := 0
	for _, w := range append(append([]string{}, runWrappers...), runWrappersAsRoot...) {
		for cmd, floor := range destructive {
			wantAtLeast(t, w+" "+cmd, scopeOptions, floor)
			n++
		}
	}
	for _, w := range append(lineRunners, "sudo -s -- '@C'", "sudo -i '@C'", "sudo --shell -- '@C'", "sudo -s -u root -- '@C'") {
		for cmd, floor := range destructive {
			wantAtLeast(t, strings.ReplaceAll(w, "@C", cmd), scopeOptions, floor)
			n++
		}
	}
	if n < 250 {
		t.Errorf("only %d cases", n)
	}
}

// The twins: the same wrappers around a build, a test run and a listing.
func TestRunWrappersBenign(t *testing.T) {
	for _, w := range runWrappers {
		for _, cmd := range []string{"ls -la", "go build ./...", "make test", "npm run dev"} {
			wantRuns(t, w+" "+cmd, scopeOptions)
		}
	}
	for _, w := range lineRunners {
		for _, cmd := range []string{"make build", "go test ./...", "ls -la"} {
			wantRuns(t, strings.ReplaceAll(w, "@C", cmd), scopeOptions)
		}
	}
	for _, src := range []string{"capsh --print", "capsh --decode=0x3", "dtach -a /tmp/s", "perf record -p 1234 -o perf.data", "perf stat -a sleep 1", "hyperfine --export-json out.json 'make'"} {
		wantRuns(t, src, scopeOptions)
	}
}

// An option that names a program run from a temporary directory asks;
// an installed program, or a name looked up in PATH, runs.
func TestProgramOptionsFromTemp(t *testing.T) {
	forms := []string{"scp -S @P f x:y", "scp -S@P f x:y", "sort --compress-program=@P -o x y", "sort --compress-prog @P -o x y", "sort --compress=@P x",
		"wget --use-askpass=@P https://example.com/", "wget --use-ask @P https://example.com/", "EDITOR=@P crontab -e", "PAGER=@P man ls"}
	for _, f := range forms {
		for _, p := range []string{"/tmp/evil", "/var/tmp/x/run", "/dev/shm/p", "/tmp/../tmp/evil"} {
			wantAtLeast(t, strings.ReplaceAll(f, "@P", p), scopeOptions, atLeastConfirm)
		}
		for _, p := range []string{"gzip", "/usr/bin/ssh-askpass", "/usr/bin/ssh", "zstd", "less"} {
			if strings.HasPrefix(f, "EDITOR") {
				continue // crontab -e replaces the crontab: asked anyway
			}
			wantRuns(t, strings.ReplaceAll(f, "@P", p), scopeOptions)
		}
	}
}

// chown of a credential to another user: that user reads it, and ssh
// refuses a key another user owns. Taking it back (the user's own name)
// runs.
func TestChownCredentials(t *testing.T) {
	flags := []string{"", "-R ", "--recursive ", "--recu ", "-Rv ", "-h ", "--from=dev "}
	targets := []string{"~/.ssh", "~/.ssh/id_rsa", "/home/dev/.ssh/id_ed25519", "~/.aws/credentials", "~/.ssh/authorized_keys"}
	for _, f := range flags {
		for _, tg := range targets {
			for _, owner := range []string{"nobody", "www-data:www-data", "1001", "nobody:"} {
				wantAtLeast(t, "chown "+f+owner+" "+tg, scopeOptions, atLeastConfirm)
			}
			for _, owner := range []string{"dev", "dev:dev", "$USER", "$USER:$USER", ":staff", "$(id -u)", "$(whoami):staff"} {
				wantRuns(t, "chown "+f+owner+" "+tg, scopeOptions)
			}
		}
		wantRuns(t, "chown "+f+"nobody build", scopeOptions)
		wantRuns(t, "chown "+f+"1001:1001 ./data", scopeOptions)
	}
}

// go run of actionguard's own program is actionguard.
func TestGoRunOfTheGuard(t *testing.T) {
	pkgs := []string{"./cmd/actionguard", "./cmd/actionguard/", "github.com/actionguard/actionguard/cmd/actionguard@latest", "-C ../ag ./cmd/actionguard",
		"-tags x ./cmd/actionguard", "-race ./cmd/actionguard", "../actionguard/cmd/actionguard@v0.1.0"}
	for _, p := range pkgs {
		for _, verb := range []string{"mode off", "mode learning", "approvals approve ap-1", "tokens create x", "trust revoke"} {
			wantAtLeast(t, "go run "+p+" "+verb, scopeOptions, atLeastBlock)
		}
		if !strings.Contains(p, "@") { // a module fetched from the network asks anyway
			wantRuns(t, "go run "+p+" check -- ls", scopeOptions)
			wantRuns(t, "go run "+p+" explain -- git status", scopeOptions)
		}
	}
	wantAtLeast(t, "go run ./cmd/actionguard-hook claude-code", scopeOptions, atLeastBlock)
	wantRuns(t, "go run ./cmd/server", scopeOptions)
}

// A program file given on standard input is judged as the file.
func TestProgramOnStdin(t *testing.T) {
	feeds := []string{"@R <<< $'@T'", "printf '@T' | @R", "@R <<'EOF'\n@N\nEOF"}
	type prog struct{ run, text, nl string }
	progs := func(body string) []prog {
		return []prog{
			{"make -f /dev/stdin", `x:\n\t` + body, "x:\n\t" + body},
			{"make -f -", `x:\n\t` + body, "x:\n\t" + body},
			{"make --file=/dev/stdin", `x:\n\t` + body, "x:\n\t" + body},
			{"make -f /dev/fd/0", `x:\n\t` + body, "x:\n\t" + body},
			{"just --justfile /dev/stdin x", `x:\n  ` + body, "x:\n  " + body},
		}
	}
	for _, f := range feeds {
		for _, p := range progs("rm -rf ~") {
			src := strings.NewReplacer("@R", p.run, "@T", p.text, "@N", p.nl).Replace(f)
			wantAtLeast(t, src, scopeOptions, atLeastBlock)
		}
		for _, p := range progs("go build ./...") {
			src := strings.NewReplacer("@R", p.run, "@T", p.text, "@N", p.nl).Replace(f)
			wantRuns(t, src, scopeOptions)
		}
	}
	wantAtLeast(t, `go run /dev/stdin <<< 'package main;import "os";func main(){os.RemoveAll(os.Getenv("HOME"))}'`, scopeOptions, atLeastBlock)
	wantAtLeast(t, `go run /dev/stdin <<< 'package main;import "os/exec";func main(){exec.Command("rm","-rf","/etc").Run()}'`, scopeOptions, atLeastBlock)
	wantRuns(t, `go run /dev/stdin <<< 'package main;import "fmt";func main(){fmt.Println(1)}'`, scopeOptions)
}

// xargs reads its items from a process substitution attached to its
// option, and its program from its input.
func TestXargsArgFileAndProgram(t *testing.T) {
	for _, f := range []string{"xargs --arg-file=<(@P) rm -rf", "xargs -a<(@P) rm -rf", "xargs --arg-f=<(@P) rm -rf", "xargs -a <(@P) rm -rf",
		"xargs --arg-file <(@P) rm -rf", "xargs -r --arg-file=<(@P) rm -rf", "xargs -n1 -a<(@P) rm -rf"} {
		wantAtLeast(t, strings.ReplaceAll(f, "@P", "echo ~"), scopeOptions, atLeastBlock)
		wantAtLeast(t, strings.ReplaceAll(f, "@P", "echo /etc"), scopeOptions, atLeastBlock)
		wantRuns(t, strings.ReplaceAll(f, "@P", "echo dist"), scopeOptions)
	}
	for _, r := range []string{"{}", "%", "X"} {
		wantAtLeast(t, "echo rm | xargs -I"+r+" "+r+" -rf ~", scopeOptions, atLeastBlock)
		wantAtLeast(t, "echo rm | xargs -I "+r+" "+r+" -rf /etc", scopeOptions, atLeastBlock)
		wantAtLeast(t, "cat list | xargs -I"+r+" "+r+" mode off", scopeOptions, atLeastConfirm)
		wantAtLeast(t, "xargs -I"+r+" "+r+" -rf ~ < list", scopeOptions, atLeastConfirm)
		wantRuns(t, "echo ls | xargs -I"+r+" "+r+" -la", scopeOptions)
	}
}

// Decoders in a row decode again; the guard's server reads a path with
// its escapes decoded.
func TestDecodedAgain(t *testing.T) {
	for _, cmd := range []string{"rm -rf ~", "rm -rf /etc", "chmod -R 777 /"} {
		wantAtLeast(t, "echo '"+cmd+"' | rev | rev | sh", scopeOptions, atLeastBlock)
		wantAtLeast(t, "echo '"+cmd+"' | rev | rev | rev | rev | bash", scopeOptions, atLeastBlock)
		rev := []rune(cmd)
		for i, j := 0, len(rev)-1; i < j; i, j = i+1, j-1 {
			rev[i], rev[j] = rev[j], rev[i]
		}
		wantAtLeast(t, "echo '"+string(rev)+"' | rev | sh", scopeOptions, atLeastBlock)
	}
	wantRuns(t, "echo 'ls -la' | rev | rev", scopeOptions)
	paths := []string{"/%761/approvals/ap-1/approve", "/v%31/approvals/ap-1/reject", "/%76%31/%61pprovals/ap-1/approve", "/v1/approvals/ap-1/%61pprove", "/v1/%61pprovals/batch"}
	for _, p := range paths {
		for _, host := range []string{"http://127.0.0.1:8750", "http://localhost:8750"} {
			for _, m := range []string{"-X POST", "--request POST", "-d '{}'", "-XPOST"} {
				wantAtLeast(t, "curl "+m+" '"+host+p+"'", scopeOptions, atLeastBlock)
			}
		}
	}
	wantRuns(t, "curl 'http://127.0.0.1:8750/%761/approvals'", scopeOptions)
	wantRuns(t, "curl -X POST 'http://127.0.0.1:3000/%761/items' -d '{}'", scopeOptions)
	wantRuns(t, "curl 'https://example.com/search?q=50%25%20off'", scopeOptions)
}
