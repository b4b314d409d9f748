package shell

import (
	"fmt"
	"strings"
	"testing"
)

// Generated cases for what a deletion reaches: every spelling the program
// accepts, crossed with the paths and the wrappers, and for each class a
// benign twin that must keep running unattended.

var scopeOptions = Options{Cwd: "/home/dev/project", Home: "/home/dev"}

// maxPoints is the heaviest finding of src, and its rule.
func maxPoints(src string, opt Options) (int, string) {
	res := Analyze(src, opt)
	best, id := 0, ""
	for _, f := range res.Findings {
		if f.Points > best || f.Category.Dangerous() && best <= 100 {
			best, id = f.Points, f.Rule
			if f.Category.Dangerous() && best <= 100 {
				best = 101
			}
		}
	}
	return best, id
}

// Verdict floors as points: more than 25 interrupts (confirm), more than
// 70 needs an approval, more than 100 (or a dangerous category) blocks.
const (
	atLeastConfirm = 26
	atLeastApprove = 71
	atLeastBlock   = 101
	runsUnattended = 25
)

func wantAtLeast(t *testing.T, src string, opt Options, floor int) {
	t.Helper()
	if p, id := maxPoints(src, opt); p < floor {
		t.Errorf("%s: %d points (%s), want at least %d", src, p, id, floor)
	}
}

func wantRuns(t *testing.T, src string, opt Options) {
	t.Helper()
	if p, id := maxPoints(src, opt); p > runsUnattended {
		t.Errorf("%s: %d points (%s), want it to run unattended", src, p, id)
	}
}

// rm: the last of -f, -i, -I, --interactive decides; -I asks one question
// that one "y" answers. Every spelling of the recursive option, of force
// and of the interactive options.
func TestRmOptionSpellings(t *testing.T) {
	recursive := []string{"-r", "-R", "--recursive", "--rec", "--recur", "--recursiv"}
	noAsk := []string{"-f", "--force", "--forc", "-I", "--interactive=never", "--interactive=no", "--interactive=none", "--interactive=once", "--interactive=nev",
		"-i -f", "-i --force", "--interactive -f", "-I -f", "-f -I", ""}
	extra := []string{"", "--one-file-system", "--preserve-root=all", "--preserve-root", "-v", "--verbose", "--dir", "-d", "--no-preserve-root"}
	targets := map[string]int{"~/Documents": atLeastApprove, "~/.ssh": atLeastApprove, "/home/dev/.aws": atLeastApprove, "/etc": atLeastBlock, "~": atLeastBlock}
	n := 0
	for _, r := range recursive {
		for _, f := range noAsk {
			for _, x := range extra {
				for tgt, floor := range targets {
					src := strings.Join(strings.Fields(fmt.Sprintf("rm %s %s %s %s", r, f, x, tgt)), " ")
					wantAtLeast(t, src, scopeOptions, floor)
					n++
				}
			}
		}
	}
	// Clusters: -I anywhere in a cluster does not protect.
	for _, cl := range []string{"-Irf", "-rfI", "-fIr", "-RIf", "-Ir", "-rI"} {
		wantAtLeast(t, "rm "+cl+" ~/.ssh", scopeOptions, atLeastApprove)
	}
	// rm asks before each file when -i or --interactive[=always] is last
	// and nothing answers for it.
	for _, ask := range []string{"-ri", "-rfi", "-r -f -i", "-r --force --interactive", "-r -f --interactive=always", "-r -f --interactive=al", "-R --interactive=yes"} {
		wantRuns(t, "rm "+ask+" ~/Documents/old", scopeOptions)
	}
	// The answers given on standard input make -i no protection.
	wantAtLeast(t, "rm -ri ~/Documents <<< y", scopeOptions, atLeastApprove)
	t.Logf("%d rm spellings", n)
}

// Keys and credentials destroyed by shred or deleted by rm, under every
// spelling of shred's options and the common wrappers.
func TestCredentialDestruction(t *testing.T) {
	shred := []string{"shred -u", "shred -uz", "shred -zu", "shred --rem", "shred --remove", "shred --remove=wipesync", "shred -n 3 -z -u", "shred --zero --remove --iterations=1",
		"rm", "rm -f", "rm --force", "unlink", "rm -I", "rm --interactive=never", "srm"}
	wrappers := []string{"", "sudo -- ", "sudo ", "doas ", "env -C/ ", "env -C / ", "nice -n5 ", "nice -n 5 ", "stdbuf -o0 -e0 ", "/usr/bin/time -o /tmp/t.txt ", "timeout 5 ",
		"nsenter -t 1 -m ", "unshare --user --map-root-user ", "ionice -c3 ", "nohup ", "command ", "exec "}
	targets := []string{"~/.ssh/id_ed25519", "~/.ssh/id_rsa", "/home/dev/.ssh/id_ecdsa", "~/.aws/credentials", "$HOME/.aws/credentials", "/home/dev/.kube/config", "~/.kube/config",
		"~/.gnupg/private-keys-v1.d/x.key", "~/.docker/config.json", "~/.netrc", "~/.git-credentials", "~/.config/gcloud/application_default_credentials.json"}
	n := 0
	for _, s := range shred {
		for _, w := range wrappers {
			for _, tgt := range targets {
				wantAtLeast(t, w+s+" "+tgt, scopeOptions, atLeastApprove)
				n++
			}
		}
	}
	// Inside other commands that run it.
	for _, tgt := range targets[:4] {
		for _, f := range []string{"sh -c 'shred -u %s'", "zsh -c 'shred -u %s'", "bash -lc 'shred -u %s'", "script -c 'shred -u %s' /tmp/log",
			"find . -maxdepth 0 -exec shred -u %s \\;", "xargs shred -u <<< %s", "cd ~/.ssh && shred -u %s"} {
			wantAtLeast(t, fmt.Sprintf(f, tgt), scopeOptions, atLeastApprove)
		}
	}
	for _, d := range []string{"~/.ssh", "~/.aws", "/home/dev/.kube", "~/.gnupg"} {
		wantAtLeast(t, "find "+d+" -type f -delete", scopeOptions, atLeastApprove)
		wantAtLeast(t, "find "+d+" -type f -exec shred -u {} +", scopeOptions, atLeastApprove)
		wantAtLeast(t, "rm -Irf "+d, scopeOptions, atLeastApprove)
	}
	wantAtLeast(t, "cd -- ~/.ssh && rm -f id_ed25519", scopeOptions, atLeastApprove)
	// Twins: what is not a secret, what is scratch, what the agent asks about.
	for _, src := range []string{"rm -f /tmp/id_rsa", "shred -u /tmp/scratch.bin", "rm -i ~/.ssh/id_rsa", "cp .env.example .env.test",
		"rm -f build/id_rsa.pub", "rm -f fixtures/known_hosts.old"} {
		wantRuns(t, src, scopeOptions)
	}
	t.Logf("%d credential deletions", n)
}

// A find that deletes every file of the tree it walks (the file type is
// no filter, -prune in another branch keeps only .git, a negated name
// keeps everything else), however the deletion is spelled.
func TestFindWholeTree(t *testing.T) {
	filters := []string{"", "-type f", "-mindepth 1", "! -name .", "-not -name .", "-not -path './.git/*'", "-name .git -prune -o -type f", "-path ./.git -prune -o", "-name '*'", "-type f -name '*'"}
	actions := []string{"-delete", "-exec rm -f {} +", "-exec rm {} \\;", "-execdir rm -f {} \\;", "-exec rm -rf {} +", "-exec shred -u {} +", "-exec unlink {} \\;",
		"-print | xargs rm -f", "-print0 | xargs -0 rm -f", "| xargs rm", "| xargs -r rm -f", "-print | xargs -n1 rm"}
	roots := map[string]int{".": atLeastApprove, "./": atLeastApprove, "/home/dev/project": atLeastApprove, "~": atLeastBlock, "/etc": atLeastBlock, "/usr": atLeastBlock}
	n := 0
	for _, f := range filters {
		for _, a := range actions {
			for root, floor := range roots {
				var src string
				if strings.HasPrefix(a, "|") {
					src = "find " + root + " " + f + " " + a
				} else {
					src = "find " + root + " " + f + " " + a
				}
				wantAtLeast(t, strings.Join(strings.Fields(src), " "), scopeOptions, floor)
				n++
			}
		}
	}
	// Twins: scratch and build trees, and what find only lists.
	for _, src := range []string{"find build -type f -delete", "find /tmp/x -delete", "find /tmp/x -type f -exec rm -f {} +", "find dist -type f | xargs rm -f",
		"find . -type f -name '*.pyc' -delete", "find . -name node_modules -prune -exec rm -rf {} +", "find . -name __pycache__ -type d -exec rm -rf {} +",
		"find . -type f -exec chmod 644 {} +", "find . -type f | xargs grep TODO", "find . -type f -print", "find . -name .git -prune -o -type f -print"} {
		wantRuns(t, src, scopeOptions)
	}
	t.Logf("%d whole-tree finds", n)
}

// Every file of a kind of source: confirm in the project, approve when
// the root holds the project (the home directory).
func TestFindAllOfKind(t *testing.T) {
	kinds := []string{"*.go", "*.py", "*.ts", "*.tsx", "*.js", "*.java", "*.rs", "*.c", "*.rb", "*.PY", "*.Go"}
	tests := []string{"-name '%s'", "-iname '%s'", "-type f -name '%s'", "-name \"%s\" -type f"}
	actions := []string{"-delete", "-exec rm -f {} +", "-exec rm {} \\;", "| xargs rm", "-print0 | xargs -0 rm -f"}
	n := 0
	for _, k := range kinds {
		for _, tst := range tests {
			for _, a := range actions {
				expr := fmt.Sprintf(tst, k)
				wantAtLeast(t, "find . "+expr+" "+a, scopeOptions, atLeastConfirm)
				wantAtLeast(t, "find src "+expr+" "+a, scopeOptions, atLeastConfirm)
				wantAtLeast(t, "find ~ "+expr+" "+a, scopeOptions, atLeastApprove)
				wantAtLeast(t, "find /home/dev "+expr+" "+a, scopeOptions, atLeastApprove)
				n += 4
			}
		}
	}
	// In-place edits whose script deletes every line.
	for _, src := range []string{"sed -i d src/*.go", "sed -i '1,$d' src/*.go", "sed -i -e d src/*.py", "sed --in-place 's/.*//' src/*.ts", "sed -i 's|.*||g' lib/*.rb",
		"perl -i -pe 's/.*//s' src/*.go", "perl -pi -e 's/.*//s' src/*.go", "perl -i.bak -pe '$_ = \"\"' src/*.py", "perl -i -ne '' src/*.go"} {
		wantAtLeast(t, src, scopeOptions, atLeastConfirm)
	}
	// Twins.
	for _, ext := range []string{"*.pyc", "*.o", "*.class", "*.log", "*.orig", "*.rej", "*.tmp", "*~", ".DS_Store"} {
		wantRuns(t, "find . -name '"+ext+"' -delete", scopeOptions)
		wantRuns(t, "find . -name '"+ext+"' | xargs rm -f", scopeOptions)
	}
	for _, src := range []string{"sed -i s/foo/bar/ src/*.go", "sed -i '/^$/d' src/*.go", "perl -i -pe 's/foo/bar/' src/*.go", "perl -i -ne 'print unless /DEBUG/' src/*.go",
		"sed -n 1p src/main.go", "find build -name '*.go' -delete"} {
		wantRuns(t, src, scopeOptions)
	}
	t.Logf("%d source-kind deletions", n)
}

// A glob is expanded against the well-known names, never the machine's
// file system: rm -rf /e*c is rm -rf /etc.
func TestGlobsReachSystemDirs(t *testing.T) {
	n := 0
	for _, d := range []string{"etc", "usr", "bin", "var", "boot", "lib", "sbin", "home", "root", "opt"} {
		globs := []string{
			d[:1] + "*",
			d[:1] + "*" + d[len(d)-1:],
			strings.Repeat("?", len(d)),
			"[" + d[:1] + "]" + d[1:],
			d[:1] + "?" + d[2:],
			d[:len(d)-1] + "[a-z]",
			d + "*",
		}
		for _, g := range globs {
			for _, opt := range []string{"-rf", "-fr", "-r -f", "--recursive --force", "-Rf"} {
				wantAtLeast(t, "rm "+opt+" /"+g, scopeOptions, atLeastBlock)
				n++
			}
			// The same glob in the project or in scratch space is no
			// system directory.
			wantRuns(t, "rm -rf /tmp/x/"+g, scopeOptions)
		}
	}
	for _, g := range []string{"/usr/l?b", "/usr/b*", "/var/l?g", "/*/", "/*"} {
		wantAtLeast(t, "rm -rf "+g, scopeOptions, atLeastBlock)
	}
	for _, g := range []string{"~/.s?h", "~/.ss*", "~/.[s]sh", "~/.a?s", "~/.k*e"} {
		wantAtLeast(t, "rm -rf "+g, scopeOptions, atLeastApprove)
	}
	t.Logf("%d system globs", n)
}

// rsync --delete from nothing onto a tree empties the tree; into scratch
// space it mirrors a copy.
func TestRsyncDeleteScope(t *testing.T) {
	spellings := []string{"--delete", "--del", "--delete-before", "--delete-during", "--delete-after", "--delete-delay", "--delete-excluded", "--delete-aft"}
	dests := map[string]int{"/etc/": atLeastBlock, "/etc": atLeastBlock, "~": atLeastBlock, "~/": atLeastBlock, "/home/dev/": atLeastBlock, "/": atLeastBlock, "/usr/": atLeastBlock, "./": atLeastApprove}
	n := 0
	for _, s := range spellings {
		for _, src := range []string{"/tmp/e/", "/tmp/empty/", "/dev/null", "$(mktemp -d)/"} {
			for d, floor := range dests {
				if strings.Contains(src, "$") {
					continue
				}
				wantAtLeast(t, "rsync -a "+s+" "+src+" "+d, scopeOptions, floor)
				wantAtLeast(t, "mkdir -p /tmp/e && rsync -a "+s+" "+src+" "+d, scopeOptions, floor)
				n += 2
			}
		}
		for _, src := range []string{"build/", "dist/", "./out/", "public/"} {
			for _, d := range []string{"/tmp/preview/", "/tmp/build-copy/", "/var/tmp/site/"} {
				wantRuns(t, "rsync -a "+s+" "+src+" "+d, scopeOptions)
			}
		}
	}
	t.Logf("%d rsync deletions", n)
}

// chown and chmod -R of / are blocked whatever the spelling.
func TestChownRoot(t *testing.T) {
	for _, prog := range []string{"chown -R nobody", "chown --recursive nobody:nogroup", "chgrp -R staff", "chmod -R 700", "chmod --recursive go-rwx", "chown -R --no-preserve-root nobody", "chown -hR 0:0", "sudo chown -R dev"} {
		wantAtLeast(t, prog+" /", scopeOptions, atLeastBlock)
	}
	for _, src := range []string{"chown -R dev ./data", "chown dev:dev build", "chmod -R u+w src"} {
		wantRuns(t, src, scopeOptions)
	}
}

// The benign twins: emptying logs and build outputs, caches the tools
// rebuild, read-only disk tools, a mistyped file named -rf, directories
// resolved after cd -, pushd/popd and ../ from a subdirectory.
func TestDeleteScopeTwinsRun(t *testing.T) {
	for _, src := range []string{
		"sgdisk --print /dev/sda", "sgdisk -p /dev/sda", "sgdisk -v /dev/nvme0n1", "sgdisk --pretend --zap-all /dev/sda", "fdisk -l", "fdisk -l /dev/sda", "parted -l", "parted /dev/sda print",
		"sfdisk -l /dev/sda", "sfdisk -d /dev/sda", "blkid", "lsblk", "wipefs /dev/sda", "wipefs -n -a /dev/sda", "dd if=/dev/sda of=/dev/null bs=1M count=1",
		"rm -rf -- ./-rf build", "rm -- -rf", "rm ./-f",
		"truncate -s 0 build/app.log", "truncate -s 0 app.log", "truncate --size=0 logs/server.txt", ": > debug.log", "> npm-debug.log", "cp /dev/null build/.keep", "truncate -s 0 build/coverage.out",
		"cd / && cd - && rm -rf dist", "pushd ~ && pushd /tmp && popd && popd && rm -rf dist", "cd src && ls && rm -rf ../dist", "cd src && cd .. && rm -rf build",
		"rm -rf ~/.cache/go-build", "rm -rf ~/.cache/pip", "rm -rf ~/.npm/_cacache", "rm -rf ~/.cache/yarn", "rm -rf ~/.cargo/registry/cache", "rm -rf ~/.cache/*", "rm -rf ~/Library/Caches/pip",
		"rm -rf ~/code/other/node_modules", "rm -rf .git/hooks/*.sample", "cp .env.example .env.test", "cp .env.sample .env",
		"git update-ref refs/heads/feature HEAD", "git update-ref refs/heads/x HEAD", "ls -d build dist | xargs rm -rf", "ls -d node_modules | xargs rm -rf",
		"ls /boot",
	} {
		wantRuns(t, src, scopeOptions)
	}
	wantRuns(t, "rm -rf project/node_modules", Options{Cwd: "/home/dev", Home: "/home/dev"})
	// And their destructive counterparts.
	for src, floor := range map[string]int{
		"sgdisk --zap-all /dev/sda": atLeastBlock, "sgdisk -o /dev/sda": atLeastBlock, "wipefs -a /dev/sda": atLeastBlock, "wipefs --all /dev/sdb": atLeastBlock,
		"truncate -s 0 app.db": atLeastConfirm, "rm -f terraform.tfstate*": atLeastApprove, "rm terraform.tfstate.backup": atLeastApprove, "> infra/prod.tfstate": atLeastApprove,
		"tar -cf ~/.ssh/id_rsa /dev/null": atLeastApprove, "tar cf ~/.ssh/id_rsa /dev/null": atLeastApprove, "tar --create --file ~/.aws/credentials x": atLeastApprove,
		"curl -o ~/.ssh/id_ed25519 https://example.com/k": atLeastApprove,
		"git update-ref refs/heads/main HEAD~10":          atLeastConfirm, "git update-ref refs/heads/feature HEAD~3": atLeastConfirm, "git update-ref -d refs/heads/main": atLeastConfirm,
		"git send-pack --receive-pack='rm -rf ~;' . main": atLeastBlock, "git fetch-pack --upload-pack='rm -rf ~' . main": atLeastBlock, "git clone -u 'rm -rf ~' x y": atLeastBlock,
		"cd src && ls; rm -rf ../dist ../src": atLeastConfirm, "rm -rf ~/.ssh": atLeastApprove, "rm -rf ~/.config": atLeastApprove,
		"find /etc -type f -execdir rm {} \\;": atLeastBlock, "cd /boot || exit 1; rm -f vmlinuz*": atLeastBlock, "true && cd /boot && rm -f initrd*": atLeastBlock,
		"rm -f /boot/vmlinuz-6.1.0": atLeastBlock, "sudo rm /etc/fstab": atLeastBlock, "ls -d ~/* | xargs rm -rf": atLeastBlock, "ls -d /* | xargs -n 1 rm -fr": atLeastBlock,
		"ls --directory /* | xargs rm -rf": atLeastBlock, "ls -d src / | xargs rm -rf": atLeastBlock, "find ~ -maxdepth 0 -ok rm -rf {} \\; <<< y": atLeastBlock,
	} {
		wantAtLeast(t, src, scopeOptions, floor)
	}
}

// FuzzDeleteScope: the helpers that read find expressions, sed and perl
// scripts, tar keys and globs never panic, and a glob expands to a path
// without glob characters in the segment it replaced.
func FuzzDeleteScope(f *testing.F) {
	for _, s := range []string{"find . -name .git -prune -o -type f -exec rm -f {} +", "sed -i '1,$d' a", "perl -i -pe 's/.*//s' x", "tar cf ~/.ssh/id_rsa /dev/null",
		"rm -rf /e*c", "rm -rf ~/.s*", "find ( -o ) -delete", "s/", "perl -i -e", "tar f"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, src string) {
		if len(src) > 512 {
			return
		}
		words := strings.Fields(src)
		_ = findBranches(words)
		_, _ = findFilter(words)
		_ = sedEmpties(src)
		_ = substEmpties(src)
		_, _ = tarOldStyleArchive(words)
		_ = sourceKind(src)
		out := expandKnownGlob(src, "/home/dev")
		if out != src && !strings.HasPrefix(src, "/") {
			t.Fatalf("expandKnownGlob(%q) = %q: only absolute paths expand", src, out)
		}
		Analyze(src, scopeOptions)
	})
}

// TestFindOkAnswered: find -ok/-okdir ask on standard input, which the
// agent supplies however it likes; the command they run is judged.
func TestFindOkAnswered(t *testing.T) {
	for _, action := range []string{"-ok", "-okdir", "-exec", "-execdir"} {
		for _, feed := range []string{"yes | %s", "%s < answers.txt", "%s <<< y", "%s", "printf 'y\\ny\\n' | %s"} {
			for _, inner := range []string{"rm -rf ~ \\;", "rm -rf ~ +", "sh -c 'rm -rf ~' \\;"} {
				cmd := fmt.Sprintf(feed, "find . -maxdepth 0 "+action+" "+inner)
				if !findings(cmd)["shell.fs.rm-home"] {
					t.Errorf("%q: want shell.fs.rm-home, found %v", cmd, ruleIDs(Analyze(cmd, exampleOptions)))
				}
			}
		}
	}
	// The benign twin: asking before a harmless command stays harmless.
	for _, cmd := range []string{"find . -name '*.go' -ok gofmt -l {} \\;", "yes | find . -name '*.txt' -okdir wc -l {} \\;"} {
		if got := Analyze(cmd, exampleOptions); len(got.Findings) > 0 {
			t.Errorf("%q: found %v, want a harmless command to run", cmd, ruleIDs(got))
		}
	}
}
