package shell

import (
	"strings"
	"testing"
)

// intoDirSpellings copy the file {S} into the directory {D}, the file's
// name taken from the source.
var intoDirSpellings = []string{
	"cp {S} {D}/", "cp {S} {D}", "cp -t {D} {S}", "cp --target-directory={D} {S}", "cp -f {S} /tmp/e/other {D}",
	"mv {S} {D}/", "mv -t {D} {S}", "install -t {D} {S}", "install -m 755 {S} {D}/", "rsync {S} {D}/", "rsync -av {S} {D}/",
	"ln -s {S} {D}/", "ln -sf {S} {D}/", "gcp {S} {D}/", "sudo cp {S} {D}/", "env X=1 cp {S} {D}/", "nice cp {S} {D}/",
	"cd /tmp/e && cp {B} {D}/",
}

// intoDirTargets are a directory and a file name that, together, make a
// file that runs later or holds a credential.
var intoDirTargets = []struct{ dir, name string }{
	{".git/hooks", "pre-commit"}, {".git/hooks", "post-checkout"}, {"./.git/hooks", "pre-push"}, {"/home/dev/project/.git/hooks", "commit-msg"},
	{".git", "config"}, {"~", ".bashrc"}, {"~", ".zshenv"}, {"~", ".profile"}, {"$HOME", ".bash_profile"}, {"/home/dev", ".zshrc"},
	{"~", ".gitconfig"}, {"~/.ssh", "authorized_keys"}, {"~/.config/autostart", "x.desktop"}, {"~/.config/fish/conf.d", "x.fish"},
	{"~/Library/LaunchAgents", "com.x.plist"}, {"/etc/sudoers.d", "agent"}, {"~/.local/bin", "git"}, {"/usr/local/bin", "sudo"},
}

// intoDirHarmless are the same spellings into a directory where the file
// runs nothing.
var intoDirHarmless = []struct{ dir, name string }{
	{"scripts/hooks", "pre-commit"}, {"docs", "config"}, {"~/dotfiles", ".bashrc"}, {"~/dotfiles", ".zshenv"}, {"backup", ".profile"},
	{"/tmp/backup", ".bashrc"}, {"notes", ".gitconfig"}, {"~/.local/bin", "my-own-tool-xyz"},
}

func intoDirLine(tmpl, dir, name string) string {
	if strings.HasPrefix(tmpl, "cd ") && !strings.HasPrefix(dir, "/") && !strings.HasPrefix(dir, "~") && !strings.HasPrefix(dir, "$") {
		dir = "/home/dev/project/" + dir // a relative destination is relative to the new directory
	}
	return strings.NewReplacer("{S}", "/tmp/e/"+name, "{B}", name, "{D}", dir).Replace(tmpl)
}

func TestCopyIntoProtectedDirectory(t *testing.T) {
	n := 0
	for _, tmpl := range intoDirSpellings {
		for _, tg := range intoDirTargets {
			line := intoDirLine(tmpl, tg.dir, tg.name)
			if got := verdictClass(Analyze(line, exampleOptions).Findings); got != "approve" && got != "block" {
				t.Errorf("%q puts %s into %s but is judged %s: %v", line, tg.name, tg.dir, got, channelIDs(Analyze(line, exampleOptions).Findings))
			}
			n++
		}
		// A project's hook managers run their files on the next commit:
		// at least a confirmation.
		for _, d := range []string{".husky", "./.husky", ".husky/_"} {
			line := intoDirLine(tmpl, d, "pre-commit")
			if got := verdictClass(Analyze(line, exampleOptions).Findings); got == "allow" {
				t.Errorf("%q puts a hook into %s but is judged %s", line, d, got)
			}
		}
		for _, tg := range intoDirHarmless {
			line := intoDirLine(tmpl, tg.dir, tg.name)
			if strings.Contains(line, "sudo") {
				continue // sudo is reported on its own
			}
			if got := verdictClass(Analyze(line, exampleOptions).Findings); got != "allow" {
				t.Errorf("%q copies %s where it runs nothing but is judged %s: %v", line, tg.name, got, channelIDs(Analyze(line, exampleOptions).Findings))
			}
			n++
		}
	}
	if n < 400 {
		t.Fatalf("only %d lines generated", n)
	}
}

// Archives extracted into a directory whose every file runs later.
func TestExtractIntoProtectedDirectory(t *testing.T) {
	for _, tmpl := range []string{"tar -xf /tmp/e/a.tar -C {D}", "tar xzf /tmp/e/a.tgz -C {D}", "tar --extract --file=/tmp/e/a.tar --directory={D}", "unzip /tmp/e/a.zip -d {D}", "unzip -o -d {D} /tmp/e/a.zip"} {
		for _, d := range []string{".git/hooks", "~/.config/autostart", "~/Library/LaunchAgents", "~/.config/fish/conf.d"} {
			line := strings.ReplaceAll(tmpl, "{D}", d)
			if got := verdictClass(Analyze(line, exampleOptions).Findings); got != "approve" && got != "block" {
				t.Errorf("%q extracts into %s but is judged %s", line, d, got)
			}
		}
		for _, d := range []string{"build", "/tmp/out", "vendor"} {
			line := strings.ReplaceAll(tmpl, "{D}", d)
			if got := verdictClass(Analyze(line, exampleOptions).Findings); got != "allow" {
				t.Errorf("%q extracts into %s but is judged %s: %v", line, d, got, channelIDs(Analyze(line, exampleOptions).Findings))
			}
		}
	}
}
