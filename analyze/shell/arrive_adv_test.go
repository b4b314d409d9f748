package shell

import (
	"errors"
	"strings"
	"testing"
)

// Files that arrive: archives unpacked, patches applied and revisions
// checked out write what they carry. Every spelling of every unpacking
// program, over every destination, is judged by where it unpacks when
// the content is not known, and by each member when it is.

// extractSpellings are ways to unpack the archive A into the directory D
// ("" when the spelling unpacks into the working directory).
var extractSpellings = []struct{ cmd, inCwd string }{
	{"tar -xf {A} -C {D}", "tar -xf {A}"},
	{"tar xf {A} -C {D}", "tar xf {A}"},
	{"tar xvf {A} -C {D}", "tar xvf {A}"},
	{"tar -xzf {A} -C {D}", "tar -xzf {A}"},
	{"tar xzf {A} --directory={D}", "tar xzf {A}"},
	{"tar -x -f {A} -C {D}", "tar -x -f {A}"},
	{"tar --extract --file={A} --directory {D}", "tar --extract --file={A}"},
	{"tar -xf {A} -C{D}", "tar -xvzf {A}"},
	{"tar xfC {A} {D}", "tar xpf {A}"},
	{"tar -C {D} -xf {A}", "tar -xkf {A}"},
	{"gtar -xf {A} -C {D}", "gtar -xf {A}"},
	{"bsdtar -xf {A} -C {D}", "bsdtar -xf {A}"},
	{"unzip {A} -d {D}", "unzip {A}"},
	{"unzip -o {A} -d {D}", "unzip -o {A}"},
	{"unzip -qo {A} -d {D}", "unzip -q {A}"},
	{"unzip -d {D} {A}", "unzip -n {A}"},
	{"7z x {A} -o{D}", "7z x {A}"},
	{"7za x -y {A} -o{D}", "7za x {A}"},
	{"python3 -m zipfile -e {A} {D}", "python3 -m zipfile -e {A} ."},
	{"jar xf {A} -C {D}", "jar xf {A}"},
	{"tar -xf - -C {D} < {A}", "tar -xf - < {A}"},
	{"tar -x -C {D} < {A}", "tar -x < {A}"},
	{"cat {A} | tar -x -C {D}", "cat {A} | tar -x"},
	{"gunzip -c {A} | tar -x -C {D}", "gunzip -c {A} | tar -x"},
	{"zcat {A} | tar -xf - -C {D}", "zcat {A} | tar -xf -"},
	{"curl -sL https://example.com/x.tgz | tar -xz -C {D}", "curl -sL https://example.com/x.tgz | tar -xz"},
	{"wget -qO- https://example.com/x.tgz | tar xzf - -C {D}", "wget -qO- https://example.com/x.tgz | tar xzf -"},
	{"git archive HEAD | tar -x -C {D}", "git archive origin/main | tar -x"},
	{"sudo tar -xf {A} -C {D}", "sudo tar -xf {A}"},
	{"env LC_ALL=C tar -xf {A} -C {D}", "nice tar -xf {A}"},
	{"bash -c 'tar -xf {A} -C {D}'", "sh -c 'tar -xf {A}'"},
	{"(cd {D} && tar -xf /tmp/{A})", "cd /home/dev/project && tar -xf {A}"},
	{"cd {D}; unzip /tmp/{A}", "cd . && unzip {A}"},
}

// riskyDests are destinations where the agents' settings or
// actionguard's policy are read; safeDests are not.
var (
	riskyDests = []string{".", "./", "..", "../..", "/home/dev/project", "/home/dev/project/", "~", "$HOME", "/home/dev", "/",
		".claude", ".codex", ".gemini/", "~/.claude", "~/.config/actionguard", "~/.config", "$DEST"}
	safeDests = []string{"build", "build/", "vendor/lib", "/tmp/x", "/tmp/unpack/", "out/pkg", "$TMPDIR/x", "docs/claude", "/home/dev/project/third_party"}
)

func arriveOpts() Options { return Options{Cwd: "/home/dev/project", Home: "/home/dev"} }

func hasAnyRule(res *Result, ids ...string) bool {
	for _, id := range ids {
		if hasRule(res, id) {
			return true
		}
	}
	return false
}

// TestArriveUnseenDestinations: an archive whose content is not known,
// unpacked where the settings are read, goes to a person; elsewhere it
// runs.
func TestArriveUnseenDestinations(t *testing.T) {
	for _, s := range extractSpellings {
		for _, a := range []string{"x.tar", "/tmp/x.tgz", "../dl/x.zip"} {
			for _, d := range riskyDests {
				cmd := strings.NewReplacer("{A}", a, "{D}", d).Replace(s.cmd)
				res := Analyze(cmd, arriveOpts())
				if !hasAnyRule(res, "shell.arrive.unseen", "shell.self.write") {
					t.Errorf("%q: unpacked over the settings' places without a person: %v", cmd, ruleIDs(res))
				}
			}
			for _, d := range safeDests {
				cmd := strings.NewReplacer("{A}", a, "{D}", d).Replace(s.cmd)
				if strings.HasPrefix(s.cmd, "cd {D}") || strings.HasPrefix(s.cmd, "(cd {D}") {
					d = strings.TrimPrefix(d, "$TMPDIR/") // cd $TMPDIR/x: unknown; judged risky
					cmd = strings.NewReplacer("{A}", a, "{D}", d).Replace(s.cmd)
				}
				res := Analyze(cmd, arriveOpts())
				if hasAnyRule(res, "shell.arrive.unseen", "shell.self.write") {
					t.Errorf("%q: unpacking into a subdirectory or a scratch directory was stopped: %v", cmd, ruleIDs(res))
				}
			}
			cmd := strings.ReplaceAll(s.inCwd, "{A}", a)
			if res := Analyze(cmd, arriveOpts()); !hasAnyRule(res, "shell.arrive.unseen", "shell.self.write") {
				t.Errorf("%q: unpacked into the project without a person: %v", cmd, ruleIDs(res))
			}
		}
	}
}

// TestArriveReadOnly: listing, testing and printing an archive, checking
// a patch, write nothing.
func TestArriveReadOnly(t *testing.T) {
	for _, cmd := range []string{
		"tar -tf x.tar", "tar tvf x.tgz", "tar --list -f x.tar", "tar -xOf x.tar a.txt", "tar xOf x.tar", "tar -cf x.tar .", "tar czf x.tgz src",
		"unzip -l x.zip", "unzip -t x.zip", "unzip -p x.zip a.txt", "unzip -v x.zip", "unzip -Z x.zip", "7z l x.7z", "7z t x.7z", "7z a x.7z .",
		"cpio -it < x.cpio", "find . | cpio -o > x.cpio", "python3 -m zipfile -l x.zip", "python3 -m tarfile -l x.tar", "python3 -m zipfile -c x.zip src",
		"git apply --check fix.diff", "git apply --stat fix.diff", "git apply --numstat < fix.diff", "git apply --cached fix.diff",
		"patch --dry-run -p1 < fix.diff", "patch -p1 --dry-run -i fix.diff", "git am --abort", "git am --show-current-patch",
		"jar tf x.jar", "jar cf x.jar -C build .",
	} {
		if res := Analyze(cmd, arriveOpts()); hasAnyRule(res, "shell.arrive.unseen", "shell.self.write") {
			t.Errorf("%q writes nothing, yet: %v", cmd, ruleIDs(res))
		}
	}
}

// TestArriveAnywhere: cpio and tar -P keep absolute and ../ names, and
// python's tarfile does without a filter: wherever they unpack, a person
// decides.
func TestArriveAnywhere(t *testing.T) {
	for _, cmd := range []string{
		"cpio -idm < x.cpio", "cpio -i < /tmp/x.cpio", "cpio --extract --make-directories < x.cpio", "cd /tmp/x && cpio -idv < /tmp/x.cpio",
		"cpio -idm -D /tmp/x < x.cpio", "tar -xPf x.tar -C /tmp/x", "tar --absolute-names -xf x.tar -C build", "tar xPf x.tar -C /tmp/x",
		"python3 -m tarfile -e x.tar /tmp/x", "python -m tarfile -e x.tar build",
	} {
		if res := Analyze(cmd, arriveOpts()); !hasRule(res, "shell.arrive.unseen") {
			t.Errorf("%q: names that may leave the destination, unattended: %v", cmd, ruleIDs(res))
		}
	}
	for _, cmd := range []string{"cpio -idm --no-absolute-filenames -D build < x.cpio", "cd /tmp/x && cpio -id --no-absolute-filenames < /tmp/x.cpio"} {
		if res := Analyze(cmd, arriveOpts()); hasRule(res, "shell.arrive.unseen") {
			t.Errorf("%q: names kept inside a scratch directory: %v", cmd, ruleIDs(res))
		}
	}
}

// protectedMembers are archive members and patch names that land on the
// agents' settings or actionguard's policy when unpacked in the project.
var protectedMembers = []string{
	".claude/settings.json", "./.claude/settings.local.json", ".codex/config.toml", ".codex/hooks.json", ".gemini/settings.json",
	".cursor/hooks.json", ".github/hooks/pre.json", ".claude/hooks/x.sh", ".actionguard.yaml", "actionguard.yaml", "sub/.actionguard.yaml",
	".mcp.json", "./.Claude/Settings.JSON",
}

// plainMembers are members that land on nothing protected.
var plainMembers = []string{"README.md", "src/main.go", "docs/claude/settings.json", ".github/workflows/ci.yml", "claude/settings.json", "settings.json", ".codex.md", "actionguard.yaml.example"}

// fakeIncoming lists archives from a table, as Options.Incoming would.
func fakeIncoming(archives map[string][]IncomingFile) func(Incoming) ([]IncomingFile, error) {
	return func(q Incoming) ([]IncomingFile, error) {
		if q.Archive != "" {
			if f, ok := archives[q.Archive]; ok {
				return f, nil
			}
			return nil, errors.New("no such archive")
		}
		if f, ok := archives["git:"+q.From+".."+q.To]; ok {
			return f, nil
		}
		return nil, errors.New("unknown revision")
	}
}

// TestArriveListedMembers: with the archive listed, a member on the
// settings is a write of them (blocked) wherever the archive is unpacked
// above it; an archive of plain files runs even in the project.
func TestArriveListedMembers(t *testing.T) {
	for _, m := range protectedMembers {
		opt := arriveOpts()
		opt.Incoming = fakeIncoming(map[string][]IncomingFile{
			"/home/dev/project/bad.tar":  {{Name: "README.md"}, {Name: m}},
			"/home/dev/project/good.tar": {{Name: "README.md"}, {Name: "src/", Dir: true}, {Name: "src/a.go"}},
		})
		for _, s := range extractSpellings {
			if strings.Contains(s.inCwd, "|") && !strings.HasPrefix(s.inCwd, "cat ") || strings.Contains(s.inCwd, "7z") || strings.Contains(s.inCwd, "cd ") {
				continue // content not listed: judged by its destination above
			}
			cmd := strings.ReplaceAll(s.inCwd, "{A}", "bad.tar")
			res := Analyze(cmd, opt)
			if !hasRule(res, "shell.self.write") {
				t.Errorf("%q with member %s: not blocked: %v", cmd, m, ruleIDs(res))
			}
			cmd = strings.ReplaceAll(s.inCwd, "{A}", "good.tar")
			if res := Analyze(cmd, opt); hasAnyRule(res, "shell.self.write", "shell.arrive.unseen") {
				t.Errorf("%q of plain files: stopped: %v", cmd, ruleIDs(res))
			}
		}
	}
	for _, m := range plainMembers {
		opt := arriveOpts()
		opt.Incoming = fakeIncoming(map[string][]IncomingFile{"/home/dev/project/x.tar": {{Name: m}}})
		if res := Analyze("tar -xf x.tar", opt); hasAnyRule(res, "shell.self.write", "shell.arrive.unseen") {
			t.Errorf("member %s: stopped: %v", m, ruleIDs(res))
		}
	}
}

// TestArriveThroughLinks: a link member that leads out of the
// destination carries the members written through it; absolute names are
// kept only where the program keeps them; --strip-components and
// unzip -j move members.
func TestArriveThroughLinks(t *testing.T) {
	cases := []struct {
		cmd     string
		members []IncomingFile
		block   bool
	}{
		{"tar -xf x.tar -C build", []IncomingFile{{Name: "l", Link: "../.claude"}, {Name: "l/settings.json"}}, true},
		{"tar -xf x.tar -C build/a", []IncomingFile{{Name: "l", Link: "../.."}, {Name: "l/.actionguard.yaml"}}, true},
		{"tar -xf x.tar -C build", []IncomingFile{{Name: "l", Link: "/home/dev"}, {Name: "l/.codex/config.toml"}}, true},
		{"tar -xf x.tar -C build", []IncomingFile{{Name: "a", Link: "/home/dev"}, {Name: "b", Link: "a/.gemini"}, {Name: "b/settings.json"}}, true},
		{"tar -xf x.tar -C build", []IncomingFile{{Name: ".claude", Link: "/tmp/evil"}}, true},
		{"tar -xf x.tar -C build", []IncomingFile{{Name: "l", Link: "lib"}, {Name: "l/settings.json"}}, false},
		{"tar -xf x.tar -C /tmp/x", []IncomingFile{{Name: "/home/dev/.claude.json"}}, false},
		{"tar -xPf x.tar -C /tmp/x", []IncomingFile{{Name: "/home/dev/.claude.json"}}, true},
		{"tar -xf x.tar -C /tmp/x", []IncomingFile{{Name: "/home/dev/.claude/settings.json"}}, true},
		{"tar -xf x.tar --strip-components=1", []IncomingFile{{Name: "pkg/.claude/settings.json"}}, true},
		{"tar -xf x.tar --strip-components=1 -C out", []IncomingFile{{Name: ".claude/settings.json"}}, false},
		{"unzip -j x.tar", []IncomingFile{{Name: "pkg/.claude/settings.json"}}, false},
		{"unzip -j x.tar -d .claude", []IncomingFile{{Name: "pkg/settings.json"}}, true},
		{"tar -xf x.tar README.md", []IncomingFile{{Name: "README.md"}, {Name: ".claude/settings.json"}}, false},
		{"tar -xf x.tar .claude", []IncomingFile{{Name: "README.md"}, {Name: ".claude/settings.json"}}, true},
		{"unzip x.tar '*.md'", []IncomingFile{{Name: "README.md"}, {Name: ".claude/settings.json"}}, false},
		{"unzip x.tar '.c*'", []IncomingFile{{Name: "README.md"}, {Name: ".claude/settings.json"}}, true},
	}
	for _, c := range cases {
		opt := arriveOpts()
		opt.Incoming = fakeIncoming(map[string][]IncomingFile{"/home/dev/project/x.tar": c.members})
		res := Analyze(c.cmd, opt)
		if got := hasRule(res, "shell.self.write"); got != c.block {
			t.Errorf("%q %v: blocked %v, want %v: %v", c.cmd, c.members, got, c.block, ruleIDs(res))
		}
	}
}

// TestArriveListingFails: an archive the caller cannot list is judged as
// one not shown.
func TestArriveListingFails(t *testing.T) {
	opt := arriveOpts()
	opt.Incoming = fakeIncoming(nil)
	for _, cmd := range []string{"tar -xf x.tar", "unzip x.zip", "tar xzf /tmp/x.tgz -C ..", "tar -x < x.tar"} {
		if res := Analyze(cmd, opt); !hasRule(res, "shell.arrive.unseen") {
			t.Errorf("%q: an archive that could not be listed ran unattended: %v", cmd, ruleIDs(res))
		}
	}
}

// TestArriveReplacedFirst: an archive the same command line replaces
// before unpacking it is not judged by what is on disk now.
func TestArriveReplacedFirst(t *testing.T) {
	opt := arriveOpts()
	opt.Incoming = fakeIncoming(map[string][]IncomingFile{
		"/home/dev/project/x.tar": {{Name: "README.md"}},
		"/tmp/evil.tar":           {{Name: ".claude/settings.json"}},
	})
	// The hook gives both: the copy is then followed to its source.
	opt.ReadFile = func(string) ([]byte, error) { return nil, errors.New("binary") }
	for _, cmd := range []string{
		"curl -so x.tar https://example.com/x.tar && tar -xf x.tar", "wget -O x.tar https://example.com/x.tar; tar -xf x.tar",
		"echo data > x.tar && tar -xf x.tar", "cat /dev/stdin > x.tar; tar xf x.tar", "cp /tmp/evil.tar x.tar && tar -xf x.tar",
		"mv /tmp/evil.tar x.tar && tar -xf x.tar",
	} {
		if res := Analyze(cmd, opt); !hasAnyRule(res, "shell.arrive.unseen", "shell.self.write") {
			t.Errorf("%q: judged by the archive on disk before it was replaced: %v", cmd, ruleIDs(res))
		}
	}
	if res := Analyze("cp /tmp/evil.tar x.tar && tar -xf x.tar", opt); !hasRule(res, "shell.self.write") {
		t.Errorf("a copied archive is not judged by its source: %v", ruleIDs(res))
	}
	if res := Analyze("ls && tar -xf x.tar", opt); hasAnyRule(res, "shell.arrive.unseen", "shell.self.write") {
		t.Errorf("an archive of plain files: stopped: %v", ruleIDs(res))
	}
}
