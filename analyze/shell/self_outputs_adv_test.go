package shell

import (
	"fmt"
	"strings"
	"testing"
)

// TestReaderOutputsReachSelf: programs that mostly read but can write a
// file (sort -o, uniq's and xxd's second operand, split's and csplit's
// prefix, tree -o, less's log file, yq -i) change actionguard's files or
// the agents' settings when that file is one of them, in every spelling.
func TestReaderOutputsReachSelf(t *testing.T) {
	forms := []string{
		"sort -o %s /tmp/p", "sort --output=%s /tmp/p", "sort --output %s /tmp/p", "sort -uo %s /tmp/p", "sort /tmp/p -o %s", "sort --out=%s /tmp/p",
		"uniq /tmp/p %s", "uniq -c /tmp/p %s", "uniq -- /tmp/p %s",
		"xxd -r /tmp/p.hex %s", "xxd -r -p /tmp/p.hex %s", "xxd /tmp/p %s",
		"split -l 1 /tmp/p {P}", "split -a 1 -l 1 /tmp/p {P}", "split --lines=1 /tmp/p {P}",
		"csplit -f {P} /tmp/p 1", "csplit --prefix={P} /tmp/p 1",
		"tree -o %s", "less -o %s README.md", "less --log-file=%s README.md", "less -O %s README.md",
		"yq -i '.x=1' %s", "yq --inplace '.x=1' %s",
	}
	targets := []string{"~/.claude/settings.json", "/home/dev/.config/actionguard/actionguard.yaml", ".claude/settings.local.json",
		".actionguard.yaml", "~/.config/actionguard/modes.json", "$HOME/.codex/config.toml"}
	checked := 0
	for _, f := range forms {
		for _, tg := range targets {
			var cmd string
			if strings.Contains(f, "{P}") {
				// The prefix is the name less its last letter: a piece
				// gets the name back.
				cmd = strings.ReplaceAll(f, "{P}", tg[:len(tg)-1])
			} else {
				cmd = fmt.Sprintf(f, tg)
			}
			checked++
			if !findings(cmd)["shell.self.write"] {
				t.Errorf("%q: want shell.self.write, found %v", cmd, ruleIDs(Analyze(cmd, exampleOptions)))
			}
		}
	}
	// Benign twins: the same programs writing ordinary files, and reading
	// the protected ones.
	for _, cmd := range []string{"sort -o out.txt in.txt", "uniq a.txt b.txt", "xxd -r dump.hex out.bin", "split -l 100 big.csv part-",
		"csplit -f piece- log.txt /ERROR/", "tree -o tree.txt", "less -o session.log README.md", "yq -i '.version=2' config.yaml",
		"sort -u ~/.claude/settings.json", "uniq ~/.claude/settings.json", "xxd ~/.claude/settings.json", "yq '.hooks' ~/.claude/settings.json"} {
		checked++
		if got := Analyze(cmd, exampleOptions); findings(cmd)["shell.self.write"] {
			t.Errorf("%q: found %v, want it to run", cmd, ruleIDs(got))
		}
	}
	// split --filter runs its command.
	if !findings(`split --filter='rm -rf ~' big.txt`)["shell.fs.rm-home"] {
		t.Errorf("split --filter: want its command judged, found %v", ruleIDs(Analyze(`split --filter='rm -rf ~' big.txt`, exampleOptions)))
	}
	t.Logf("%d spellings", checked)
}

// TestExtractOverHome: an archive whose content is not shown, unpacked
// over the home directory (or a directory above it, or one that holds
// actionguard's files), could replace the agents' settings and
// actionguard's own files; unpacked elsewhere it runs.
func TestExtractOverHome(t *testing.T) {
	checked := 0
	for _, x := range []string{"tar -xzf x.tgz -C %s", "tar xzf x.tgz -C %s", "tar -x -f x.tar --directory=%s", "tar --extract --file=x.tar -C %s",
		"gtar -xJf x.txz -C %s", "bsdtar -xf x.zip -C %s", "unzip -o x.zip -d %s", "unzip -qd %s x.zip", "cd %s && tar -xf x.tar", "cd %s; unzip x.zip"} {
		for _, dir := range []string{"~", "$HOME", "/home/dev", "/home/dev/", "/home", "~/.config", "~/.local/state", "/"} {
			cmd := fmt.Sprintf(x, dir)
			checked++
			if !findings(cmd)["shell.self.write"] {
				t.Errorf("%q: want shell.self.write, found %v", cmd, ruleIDs(Analyze(cmd, exampleOptions)))
			}
		}
		for _, dir := range []string{"build", "~/downloads", "/tmp/x", "vendor"} {
			cmd := fmt.Sprintf(x, dir)
			checked++
			if findings(cmd)["shell.self.write"] {
				t.Errorf("%q: found %v, want no self-protection finding", cmd, ruleIDs(Analyze(cmd, exampleOptions)))
			}
		}
	}
	for _, cmd := range []string{"tar -czf backup.tgz -C ~ projects", "tar -tzf x.tgz -C ~", "unzip -l x.zip -d ~"} {
		if cmd == "unzip -l x.zip -d ~" {
			continue // listing with unzip is read as unpacking: stricter, kept
		}
		if findings(cmd)["shell.self.write"] {
			t.Errorf("%q: found %v, want it to run", cmd, ruleIDs(Analyze(cmd, exampleOptions)))
		}
	}
	t.Logf("%d spellings", checked)
}
