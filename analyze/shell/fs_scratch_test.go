package shell

import (
	"strings"
	"testing"
)

// tempDirs are spellings of the temporary directory, with the working
// directory of a project cloned inside each.
var tempDirs = []struct{ dir, cwd string }{
	{"/tmp", "/tmp/proj"},
	{"/var/tmp", "/var/tmp/proj"},
	{"/private/tmp", "/private/tmp/proj"},
	{"/dev/shm", "/dev/shm/proj"},
	{"/var/folders/x1/abc123/T", "/var/folders/x1/abc123/T/proj"},
	{"/private/var/folders/x1/abc123/T", "/private/var/folders/x1/abc123/T/proj"},
}

// TestScratchIsNotTheWorkspace: a project under a temporary directory is
// judged like a project anywhere else; the rest of the temporary
// directory stays scratch space.
func TestScratchIsNotTheWorkspace(t *testing.T) {
	for _, td := range tempDirs {
		opt := Options{Cwd: td.cwd, Home: "/home/dev"}
		want := map[string]string{
			"rm -rf src":                      "shell.fs.rm-recursive",
			"rm -rf ./src/":                   "shell.fs.rm-recursive",
			"rm -rf " + td.cwd + "/src":       "shell.fs.rm-recursive",
			"rm -rf " + td.cwd:                "shell.fs.rm-workspace",
			"rm -rf " + td.cwd + "/":          "shell.fs.rm-workspace",
			"rm -rf .":                        "shell.fs.rm-workspace",
			"rm -rf *":                        "shell.fs.rm-workspace",
			"rm -rf ..":                       "shell.fs.rm-workspace",
			"rm -rf ../proj":                  "shell.fs.rm-workspace",
			"rm -rf " + td.dir + "/*":         "shell.fs.rm-workspace",
			"rm -rf " + td.dir + "/p*":        "shell.fs.rm-workspace",
			"rm -rf .git":                     "shell.fs.rm-git",
			"find . -delete":                  "shell.fs.rm-workspace",
			"rm app.db":                       "shell.fs.rm-data-file",
			"truncate -s 0 app.db":            "shell.fs.rm-data-file",
			"rm -rf " + td.dir + "/other":     "",
			"rm -rf " + td.dir + "/other/x/y": "",
			"rm -rf build":                    "shell.fs.rm-build-output",
		}
		for line, id := range want {
			res := Analyze(line, opt)
			if id == "" {
				if hasDeletion(res) {
					t.Errorf("cwd %s: %s: scratch space, want no deletion finding, got %v", td.cwd, line, ruleIDs(res))
				}
				continue
			}
			if !hasRule(res, id) {
				t.Errorf("cwd %s: %s: want %s, got %v", td.cwd, line, id, ruleIDs(res))
			}
		}
		// From a working directory elsewhere, the same temporary paths are
		// scratch space.
		away := Options{Cwd: "/home/dev/project", Home: "/home/dev"}
		for _, line := range []string{"rm -rf " + td.cwd, "rm -rf " + td.cwd + "/src", "rm -f " + td.cwd + "/app.db", "truncate -s 0 " + td.cwd + "/app.db"} {
			if res := Analyze(line, away); hasDeletion(res) {
				t.Errorf("cwd %s: %s: scratch space, want no deletion finding, got %v", away.Cwd, line, ruleIDs(res))
			}
		}
	}
	// On macOS /tmp is /private/tmp, and /var is /private/var: either
	// spelling of the working directory is the same project.
	for _, cwd := range []string{"/tmp/proj", "/private/tmp/proj"} {
		opt := Options{Cwd: cwd, Home: "/Users/dev"}
		for line, id := range map[string]string{
			"rm -rf /private/tmp/proj": "shell.fs.rm-workspace", "rm -rf /tmp/proj": "shell.fs.rm-workspace",
			"rm -rf /private/tmp/proj/src": "shell.fs.rm-recursive", "rm -rf /tmp/proj/src": "shell.fs.rm-recursive",
			"find /tmp -name '*.go' -delete": "shell.fs.rm-workspace", "find /private/tmp -type f -delete": "shell.fs.rm-workspace",
			"rm -rf /tmp/pro?": "shell.fs.rm-workspace", "rm -rf /tmp/[p]roj": "shell.fs.rm-workspace", "rm -rf ../*": "shell.fs.rm-workspace",
			"find /tmp -delete": "shell.fs.rm-workspace",
		} {
			res := Analyze(line, opt)
			if !hasRule(res, id) {
				t.Errorf("cwd %s: %s: want %s, got %v", cwd, line, id, ruleIDs(res))
			}
			for _, f := range res.Findings {
				if strings.ContainsRune(f.Message, 0) || strings.Contains(f.Message, "build or cache") {
					t.Errorf("cwd %s: %s: message %q", cwd, line, f.Message)
				}
			}
		}
		for _, line := range []string{"rm -rf /tmp/proj2", "rm -rf /private/tmp/proj-old", "find /tmp/other -delete"} {
			if res := Analyze(line, opt); hasDeletion(res) {
				t.Errorf("cwd %s: %s: scratch space, want no deletion finding, got %v", cwd, line, ruleIDs(res))
			}
		}
	}
	// $TMPDIR is scratch when the project is elsewhere.
	for _, line := range []string{"rm -rf $TMPDIR/build", `rm -rf "${TMPDIR}/x"`, "rm -f $TMPDIR/a.db"} {
		if res := Analyze(line, exampleOptions); hasDeletion(res) {
			t.Errorf("%s: scratch space, want no deletion finding, got %v", line, ruleIDs(res))
		}
	}
	// A home directory under /tmp is a home directory.
	home := Options{Cwd: "/tmp/home/proj", Home: "/tmp/home"}
	for line, id := range map[string]string{"rm -rf ~/Documents": "shell.fs.rm-outside-workspace", "rm -rf /tmp/home": "shell.fs.rm-home", "rm ~/notes.txt": "shell.fs.rm-outside-file"} {
		if res := Analyze(line, home); !hasRule(res, id) {
			t.Errorf("home %s: %s: want %s, got %v", home.Home, line, id, ruleIDs(res))
		}
	}
	// The working directory /tmp itself is too broad to be a project.
	for _, line := range []string{"rm -rf proj", "rm -rf /tmp/build"} {
		if res := Analyze(line, Options{Cwd: "/tmp", Home: "/home/dev"}); hasDeletion(res) {
			t.Errorf("cwd /tmp: %s: want no deletion finding, got %v", line, ruleIDs(res))
		}
	}
}

func hasDeletion(res *Result) bool {
	for _, f := range res.Findings {
		if strings.HasPrefix(f.Rule, "shell.fs.") && f.Rule != "shell.fs.rm-build-output" {
			return true
		}
	}
	return false
}

// dataFiles are files whose content does not come back, and the kind
// each message names.
var dataFiles = map[string]string{
	"app.db": "database", "data/users.sqlite3": "database", "prod.sqlite": "database", "legacy.mdb": "database", "dump.rdb": "database",
	"report.docx": "document", "notes.odt": "document", "budget.xlsx": "spreadsheet", "server.key": "private key", "certs/tls.pem": "private key",
	"wallet.dat": "wallet", "vault.kdbx": "password vault", ".git/HEAD": "git", ".git/index": "git",
}

// dataDestroyers are the spellings that destroy a file's content in place.
var dataDestroyers = []string{
	"truncate -s 0 %s", "truncate -s0 %s", "truncate --size=0 %s", "truncate --size 0 %s", "truncate -s 0K %s", "truncate -r /dev/null %s", "truncate --reference=/dev/null %s",
	"> %s", ": > %s", "true > %s", "cp /dev/null %s", "dd if=/dev/zero of=%s", "dd if=/dev/urandom of=%s bs=1M count=1", "echo > %s", "cat /dev/null > %s",
	"shred %s", "shred -u %s", "shred -z %s", "shred --remove %s", "shred -n 3 -z -u %s", "shred --iterations=3 %s", "sudo truncate -s 0 %s", "bash -c 'truncate -s 0 %s'",
	"echo %s | xargs truncate -s 0", "find . -name %s -exec truncate -s 0 {} +", "printf '' | tee %s", "echo | tee -p %s", "cp /dev/zero %s", "install /dev/null %s",
}

// TestDataFileDestruction: emptying, overwriting or shredding a data file
// is judged as deleting it, with a message that says the content is gone.
func TestDataFileDestruction(t *testing.T) {
	for file, kind := range dataFiles {
		for _, form := range dataDestroyers {
			line := strings.ReplaceAll(form, "%s", file)
			if strings.Contains(form, "find .") {
				if kind == "git" {
					continue // find -name HEAD finds more than .git/HEAD
				}
				line = strings.ReplaceAll(form, "%s", path0(file))
			}
			res := Analyze(line, exampleOptions)
			ok := false
			for _, f := range res.Findings {
				if f.Rule == "shell.fs.rm-data-file" || f.Rule == "shell.fs.rm-git" {
					ok = true
					if kind != "git" && !strings.Contains(f.Message, kind) {
						t.Errorf("%s: the message does not name the %s: %q", line, kind, f.Message)
					}
					if strings.ContainsRune(f.Message, 0) {
						t.Errorf("%s: the message holds a placeholder: %q", line, f.Message)
					}
				}
			}
			if !ok {
				t.Errorf("%s: want shell.fs.rm-data-file, got %v", line, ruleIDs(res))
			}
		}
	}
	// Appending, copying aside, reading and scratch copies are not destruction.
	for _, line := range []string{"echo x >> app.db", "cp app.db app.db.bak", "sqlite3 app.db .tables", "truncate -s 10M disk.img", "truncate -s +1M app.db",
		"dd if=app.db of=/tmp/app.db", "> /tmp/app.db", "shred -u /tmp/x.db", "echo x | tee -a app.db", "tee out.txt < app.db", "cat .git/HEAD", "rm .git/index.lock", "rm report.pdf", "find . -name '*.pdf' -delete"} {
		for _, f := range Analyze(line, exampleOptions).Findings {
			if f.Rule == "shell.fs.rm-data-file" || f.Rule == "shell.fs.rm-git" {
				t.Errorf("%s: want no data-file finding, got %s: %s", line, f.Rule, f.Message)
			}
		}
	}
}

func path0(file string) string {
	if i := strings.LastIndexByte(file, '/'); i >= 0 {
		return file[i+1:]
	}
	return file
}

// TestMessagesReadable: no message shows the analysis' placeholders.
func TestMessagesReadable(t *testing.T) {
	for _, line := range []string{
		"find / -name x -delete", "find / -name '*.log' -exec rm -rf {} +", "find . -name '*.pyc' | xargs rm -f", "find ~ -type f -delete", "find /etc -name '*.bak' -delete",
		"find . -name '*.db' -delete", "find / -type f | xargs shred -u", "cat list | xargs rm -rf", "find . -type d -name old | xargs rm -r", "find /var/log -mtime +3 -exec truncate -s 0 {} +",
		"find . -name '*.sqlite' -exec dd if=/dev/zero of={} \\;", "find . -name '*.db' -exec truncate -s 0 {} +", "find . -name '*.db' | xargs shred -u",
	} {
		res := Analyze(line, exampleOptions)
		if len(res.Findings) == 0 {
			t.Errorf("%s: want a finding", line)
		}
		for _, f := range res.Findings {
			if strings.ContainsRune(f.Message, 0) || strings.Contains(f.Message, "\ufffd") || strings.Contains(f.Message, "found/") || strings.Contains(f.Message, "matching the files") {
				t.Errorf("%s: unreadable message %q", line, f.Message)
			}
		}
	}
	if got := showPath("/\x00found/*.log"); got != "the files named *.log that find lists under /" {
		t.Errorf("showPath: %q", got)
	}
	if got := showPath("./\x00found"); got != "every file find lists under the current directory" {
		t.Errorf("showPath: %q", got)
	}
}
