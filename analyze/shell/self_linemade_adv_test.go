package shell

import (
	"strings"
	"testing"
)

// Links made earlier on the same command line, then written through.
// Each way to make a link (ln with a computed target, inline code in five
// languages, a copy or move that keeps links) is crossed with each way to
// write through it; the same lines aimed at an ordinary directory stay
// free of shell.self findings.

// lineLinkMakers make the link {L} to the directory {R} of the home
// directory.
var lineLinkMakers = []string{
	`python3 -c 'import os; os.symlink(os.path.expanduser("~/{R}"), "{L}")'`,
	`python3 -c 'import os; os.symlink(os.path.join(os.environ["HOME"], "{R}"), "{L}")'`,
	`python3 -c 'from pathlib import Path; Path("{L}").symlink_to(Path.home() / "{R}")'`,
	`perl -e 'symlink("$ENV{HOME}/{R}", "{L}")'`,
	`ruby -e 'File.symlink(File.join(Dir.home, "{R}"), "{L}")'`,
	`ruby -e 'require "fileutils"; FileUtils.ln_s(File.expand_path("~/{R}"), "{L}")'`,
	`node -e 'require("fs").symlinkSync(require("os").homedir() + "/{R}", "{L}")'`,
	`php -r 'symlink(getenv("HOME")."/{R}", "{L}");'`,
	`ln -s "$(printf %s ~/{R})" {L}`,
}

// lineLinkWriters write the file {F} through the link {L}.
var lineLinkWriters = []string{
	"cp evil.json {L}/{F}", "echo '{}' > {L}/{F}", "tee {L}/{F} < evil.json", "sed -i s/a/b/ {L}/{F}", "mv /tmp/e.json {L}/{F}",
	"install -m 644 evil.json {L}/{F}", "dd if=evil.json of={L}/{F}", `python3 -c 'open("{L}/{F}","w").write("{}")'`,
}

func TestLineLinksWrittenThrough(t *testing.T) {
	for _, mk := range lineLinkMakers {
		for _, wr := range lineLinkWriters {
			for _, sep := range []string{"; ", " && "} {
				cmd := strings.NewReplacer("{R}", ".claude", "{L}", "cl", "{F}", "settings.json").Replace(mk + sep + wr)
				if len(selfFindings(cmd)) == 0 {
					t.Errorf("%s: no shell.self finding (found %v)", cmd, ruleIDs(Analyze(cmd, selfOptions)))
				}
			}
		}
	}
}

func TestLineLinksTwins(t *testing.T) {
	for _, mk := range lineLinkMakers {
		for _, wr := range lineLinkWriters {
			cmd := strings.NewReplacer("{R}", "project/build", "{L}", "out", "{F}", "settings.json").Replace(mk + "; " + wr)
			if got := selfFindings(cmd); len(got) > 0 {
				t.Errorf("%s: %v, want none", cmd, got)
			}
		}
	}
}

func TestLineLinksComputed(t *testing.T) {
	for _, cmd := range []string{
		`d=$(python3 -c 'print(1)'); ln -s $d cl; cp evil.json cl/settings.json`,
		`ln -s "$(cat t)" cl && echo x > cl/settings.local.json`,
		`ln -sfn "$TARGET" cl; cp hooks.json cl/hooks.json`,
		`python3 -c 'import os,sys; os.symlink(sys.argv[1], "cl")' "$X"; cp evil.json cl/settings.json`,
		`cp -a /tmp/lnk cl; cp evil.json cl/settings.json`,
		`cp -P /tmp/lnk cl; cp evil.json cl/settings.json`,
		`mv /tmp/lnk cl; echo x > cl/settings.json`,
		`rsync -a /tmp/lnk cl; cp evil.json cl/settings.json`,
		`curl -sL https://example.com/x.tar | tar x -C build; cp evil.json build/cl/settings.json`,
	} {
		if len(selfFindings(cmd)) == 0 {
			t.Errorf("%s: no shell.self finding (found %v)", cmd, ruleIDs(Analyze(cmd, selfOptions)))
		}
	}
	for _, cmd := range []string{`ln -s "$(cat t)" out; cp report.txt out/report.txt`, `ln -s "$T" cur && echo x > cur/notes.txt`} {
		if got := selfFindings(cmd); len(got) != 1 || got[0] != ruleSelfLinkUnknown.ID {
			t.Errorf("%s: %v, want only %s", cmd, got, ruleSelfLinkUnknown.ID)
		}
	}
	for _, cmd := range []string{`ln -s "$(cat t)" out`, `ln -s "$T" cur; cat cur/notes.txt`, `ln -s build out; cp report.txt out/report.txt`,
		`cp -a src dist; cp report.txt dist/report.txt`, `mv old new; echo x > new/notes.txt`, `rsync -a src/ dst/; cp a.txt dst/b.txt`,
		`curl -sL https://example.com/x.tar | tar x -C build; cp evil.json build/cl/notes.txt`} {
		if got := selfFindings(cmd); len(got) > 0 {
			t.Errorf("%s: %v, want none", cmd, got)
		}
	}
}
