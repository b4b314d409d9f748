package shell

import (
	"strings"
	"testing"
)

// Editors, pagers and options that run commands or empty files: every
// spelling of the dangerous form beside the same program used plainly.

func TestEditorsEmptyFiles(t *testing.T) {
	empties := []string{"%d", "1,$d", "%delete", "g/^/d", "%d _", "silent %d", "g/.*/d"}
	writes := []string{"x", "wq", "w", "wq!", "x!", "up"}
	precious := []string{"~/.bashrc", "~/.ssh/authorized_keys", "~/.zshrc", "$HOME/.profile", "~/.aws/credentials"}
	n := 0
	for i, e := range empties {
		for j, wr := range writes {
			f := precious[(i+j)%len(precious)]
			for _, line := range []string{
				"vim -es -c " + shellQuote(e+"|"+wr) + " " + f,
				"vim -c " + shellQuote(e) + " -c " + shellQuote(wr) + " " + f,
				"ex -s +" + shellQuote(e) + " +" + shellQuote(wr) + " " + f,
				"nvim --headless -c " + shellQuote(e) + " -c " + shellQuote(wr) + " -- " + f,
				"vi -e -s " + f + " <<< " + shellQuote(e+"\n"+wr),
			} {
				if got := verdictClass(Analyze(line, exampleOptions).Findings); got != "approve" && got != "block" {
					t.Errorf("%q empties %s but is judged %s: %v", line, f, got, channelIDs(Analyze(line, exampleOptions).Findings))
				}
				n++
			}
			twin := "vim -es -c " + shellQuote("%s/foo/bar/g|"+wr) + " " + f
			if got := verdictClass(Analyze(twin, exampleOptions).Findings); got == "approve" || got == "block" {
				t.Errorf("%q edits %s but is judged %s: %v", twin, f, got, channelIDs(Analyze(twin, exampleOptions).Findings))
			}
		}
	}
	for _, script := range []string{",d\nw", "1,$d\nw", "%d\nw", ",d\nwq", "g/^/d\nw"} {
		for _, f := range precious {
			for _, line := range []string{
				"ed -s " + f + " <<< " + shellQuote(script),
				"printf '%s\\n' " + strings.Join(shellQuoteAll(strings.Split(script, "\n")), " ") + " | ed -s " + f,
				"ed " + f + " <<'EOF'\n" + script + "\nEOF",
			} {
				if got := verdictClass(Analyze(line, exampleOptions).Findings); got != "approve" && got != "block" {
					t.Errorf("%q empties %s but is judged %s: %v", line, f, got, channelIDs(Analyze(line, exampleOptions).Findings))
				}
				n++
			}
		}
	}
	for _, line := range []string{"ed -s notes.txt <<< ',p'", "ed -s notes.txt <<< $'1d\\nw'", "vim -es -c '1d|x' notes.md", "vim -es -c '%d' ~/.bashrc", "vim -c '%d' -c 'q!' ~/.bashrc"} {
		if got := verdictClass(Analyze(line, exampleOptions).Findings); got == "approve" || got == "block" {
			t.Errorf("%q does not empty a precious file but is judged %s: %v", line, got, channelIDs(Analyze(line, exampleOptions).Findings))
		}
	}
	t.Logf("%d emptying editor lines checked", n)
}

func TestEmacsLisp(t *testing.T) {
	forms := []string{
		`(shell-command "rm -rf ~")`, `(shell-command-to-string "rm -rf ~")`, `(async-shell-command "rm -rf ~")`,
		`(call-process "rm" nil nil nil "-rf" "/home/dev")`, `(call-process-shell-command "rm -rf ~")`,
		`(start-process "x" nil "rm" "-rf" "/home/dev")`, `(process-lines "rm" "-rf" "/home/dev")`,
		`(make-process :name "x" :command '("sh" "-c" "rm -rf ~"))`, `(delete-directory "~" t)`, `(delete-directory "~/" 'recursive)`,
		`(delete-directory (expand-file-name "~") t)`, `(delete-directory (getenv "HOME") t)`, `(progn (message "x") (shell-command "rm -rf ~"))`,
		`(let ((d "~")) (shell-command "rm -rf ~"))`, `(delete-file "~/.ssh/id_rsa")`,
	}
	flags := []string{"--batch --eval %s", "-batch -eval %s", "-Q --batch --eval=%s", "--batch -q --execute %s", "-nw --eval %s"}
	n := 0
	for i, f := range forms {
		for j, fl := range flags {
			if (i+j)%2 == 1 {
				continue
			}
			line := "emacs " + strings.ReplaceAll(fl, "%s", shellQuote(f))
			if strings.Contains(fl, "=%s") {
				line = "emacs " + strings.ReplaceAll(fl, "=%s", "="+shellQuote(f))
			}
			if got := verdictClass(Analyze(line, exampleOptions).Findings); got != "approve" && got != "block" {
				t.Errorf("%q deletes the home directory or a key but is judged %s: %v", line, got, channelIDs(Analyze(line, exampleOptions).Findings))
			}
			n++
		}
	}
	for _, line := range []string{
		"emacsclient -e " + shellQuote(`(shell-command "rm -rf ~")`),
		"printf '(shell-command \"rm -rf ~\")' > x.el && emacs --batch -l x.el",
		"printf '(delete-directory \"~\" t)' > x.el && emacs --script x.el",
		"emacs --batch -l <(echo '(shell-command \"rm -rf ~\")')",
	} {
		if got := verdictClass(Analyze(line, exampleOptions).Findings); got != "block" {
			t.Errorf("%q deletes the home directory but is judged %s: %v", line, got, channelIDs(Analyze(line, exampleOptions).Findings))
		}
	}
	for _, line := range []string{
		`emacs --batch --eval '(message "hi")'`, `emacs --batch -l org --eval '(org-babel-tangle-file "README.org")'`,
		`emacs --batch --eval '(delete-directory "build" t)'`, `emacs --batch --eval '(shell-command "ls -la")'`, `emacs -nw main.go`,
		`emacs --batch --eval '(princ "shell-command \"rm -rf ~\" is dangerous")'`, "emacsclient -n README.md",
	} {
		if got := verdictClass(Analyze(line, exampleOptions).Findings); got != "allow" {
			t.Errorf("%q is ordinary but is judged %s: %v", line, got, channelIDs(Analyze(line, exampleOptions).Findings))
		}
	}
	t.Logf("%d Emacs lines checked", n)
}

func TestPerlBareCalls(t *testing.T) {
	for _, code := range []string{
		"rmtree glob q(~)", "rmtree glob(q(~))", "remove_tree glob q{~}", "File::Path::rmtree glob q[~]", "rmtree glob \"~\"",
		"rmtree $ENV{HOME}", "system q(rm -rf ~)", "system \"rm -rf ~\" or die", "exec qq(rm -rf ~)", "rmtree glob q(~) if 1",
	} {
		for _, pre := range []string{"perl -MFile::Path=rmtree -e ", "perl -MFile::Path -e ", "perl -e " + shellQuote("use File::Path qw(rmtree remove_tree); ") + "\""} {
			line := pre + shellQuote(code)
			if strings.HasSuffix(pre, "\"") {
				line = "perl -e " + shellQuote("use File::Path qw(rmtree remove_tree); "+code)
			}
			if got := verdictClass(Analyze(line, exampleOptions).Findings); got != "block" {
				t.Errorf("%q deletes the home directory but is judged %s: %v", line, got, channelIDs(Analyze(line, exampleOptions).Findings))
			}
		}
	}
	for _, line := range []string{
		`perl -MFile::Path=rmtree -e "rmtree q(build)"`, `perl -e 'print "rmtree glob q(~)\n"'`, `perl -e 'my @f = glob q(*.txt); print "@f"'`,
		`perl -e 'system "ls -la"'`, `perl -ne 'print if /unlink/' src.pl`,
	} {
		if got := verdictClass(Analyze(line, exampleOptions).Findings); got != "allow" {
			t.Errorf("%q is ordinary but is judged %s: %v", line, got, channelIDs(Analyze(line, exampleOptions).Findings))
		}
	}
}

func TestExecOptionsIndirect(t *testing.T) {
	bad := []string{
		"BASH_ENV=/tmp/e/x bash -c true", "ENV=/tmp/e/x sh -i -c true", "env BASH_ENV=/tmp/e/x bash -c make", "export BASH_ENV=/var/tmp/x; bash -c true",
		"BASH_ENV=~/Downloads/x bash -c 'go test'", "BASH_ENV=$HOME/.cache/x bash script.sh",
		"sort --compress-program=sh /etc/passwd", "sort --compress-program sh data.txt", "sort --compress-prog=bash big.txt", "sort --compress-program=python3 x",
		"sort --compress-program=perl x", "tar -I sh -cf x.tar src", "tar --use-compress-program=bash -cf x.tar src",
		`less +"!rm -rf ~" README.md`, `less ++"!rm -rf ~" a b`, `more +"!rm -rf ~" x`, `LESS='+!rm -rf ~' less README.md`, `man -P 'less +"!rm -rf ~"' ls`,
		`less "+|xrm -rf ~" README.md`,
	}
	for _, f := range []string{"~/.bashrc", "~/.ssh/authorized_keys", "~/.zshrc", "~/.profile"} {
		for _, a := range []string{"-fprint %s", "-fprint0 %s", "-fprintf %s '%%p\\n'", "-fls %s"} {
			bad = append(bad, "find . -maxdepth 0 "+strings.ReplaceAll(a, "%s", f))
		}
	}
	for _, line := range bad {
		if got := verdictClass(Analyze(line, exampleOptions).Findings); got != "approve" && got != "block" {
			t.Errorf("%q runs or overwrites something hidden but is judged %s: %v", line, got, channelIDs(Analyze(line, exampleOptions).Findings))
		}
	}
	for _, line := range []string{
		"BASH_ENV=.ci/env.sh bash -c 'go test ./...'", "ENV=production make check", "sort --compress-program=gzip big.txt", "sort --compress-program=zstd x",
		"tar -I zstd -cf a.tar.zst src", "find . -name '*.go' -fprint /tmp/list", "find . -type f -fprint0 files.txt", "less +G README.md", "less +/TODO main.go",
		"more +10 README.md", "LESS=-R less README.md", "sort --compress-program='gzip -1' big.txt",
	} {
		if got := verdictClass(Analyze(line, exampleOptions).Findings); got != "allow" {
			t.Errorf("%q is ordinary but is judged %s: %v", line, got, channelIDs(Analyze(line, exampleOptions).Findings))
		}
	}
}

func shellQuoteAll(ws []string) []string {
	out := make([]string, len(ws))
	for i, w := range ws {
		out[i] = shellQuote(w)
	}
	return out
}
