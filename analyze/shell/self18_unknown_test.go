package shell

import (
	"strings"
	"testing"
)

// self18Unknowns are the spellings of a part known only at run time.
var self18Unknowns = []string{"$x", "${x}", "${x#/}", "\"$x\"", "$(cat n)", "`cat n`", "$1"}

// self18Homes are the spellings of the home directory.
var self18Homes = []string{"~", "$HOME", "${HOME}"}

// self18Writers write the path P (P is replaced by the target).
var self18Writers = []string{"tee P", "tee -a P", "echo x > P", "echo x >> P", "chmod 0 P", "touch P", "truncate -s0 P", "cp evil P", "mv evil P", "ln -sf evil P", "install -m 644 evil P"}

// quoteTarget spells a target as written, bare or double-quoted.
func quoteTarget(p string, quoted bool) string {
	if quoted && !strings.HasPrefix(p, "~") {
		return `"` + p + `"`
	}
	return p
}

// TestSelf18UnknownWrites: a write whose target has a part known only at
// run time is a write to the protected place that part can complete,
// however the home directory, the unknown part and the writing program are
// spelled; the same writes into ordinary directories are not.
func TestSelf18UnknownWrites(t *testing.T) {
	attacks := []string{
		"H/.claude/U", "H/.claude/settingsU.json", "H/.cU/settings.json", "H/U/settings.json", "H/U/.claude/settings.json",
		"H/.claude/hooks/U", "H/.claude/U/pre.sh", "H/.config/actionguard/U", "H/.config/U/policy.yaml", "H/.local/state/actionguard/U",
		"H/.local/U/actionguard/modes.json", "H/U/actionguard/policy.yaml", "H/U", "H/.cUe.json", ".claude/U", ".claude/settingsU.json",
		"./.cU/settings.local.json", ".github/hooks/U", "H/.codex/U", ".mcp.Ujson", "H/.gemini/U",
	}
	benign := []string{
		"H/project/U", "H/Downloads/U", "/tmp/U", "./build/U", "U.log", "H/notes/U.txt", "build/U/settings.json", "H/src/app/U.go", "docs/U.md",
	}
	n := 0
	for _, home := range self18Homes {
		for _, u := range self18Unknowns {
			for _, w := range self18Writers {
				for _, quoted := range []bool{false, true} {
					for _, a := range attacks {
						p := strings.ReplaceAll(strings.ReplaceAll(a, "H", home), "U", u)
						cmd := strings.Replace(w, "P", quoteTarget(p, quoted), 1)
						if len(selfFindings(cmd)) == 0 {
							t.Errorf("%s: not judged a change of the control plane", cmd)
						}
						n++
					}
					for _, b := range benign {
						p := strings.ReplaceAll(strings.ReplaceAll(b, "H", home), "U", u)
						cmd := strings.Replace(w, "P", quoteTarget(p, quoted), 1)
						if got := selfFindings(cmd); len(got) > 0 {
							t.Errorf("%s: %v, an ordinary file", cmd, got)
						}
						n++
					}
				}
			}
		}
	}
	t.Logf("%d commands", n)
}

// TestSelf18UnknownReads: reading a file of actionguard's directories whose
// name is known only at run time is the read of its keys; listing the
// agent's settings directory and reading unknown names elsewhere are not.
func TestSelf18UnknownReads(t *testing.T) {
	readers := []string{"cat P", "head -c 100 P", "base64 P", "cp P /tmp/out", "grep -h . P", "xxd P", "python3 read.py P"}
	attacks := []string{"H/.config/actionguard/U", "H/.local/state/actionguard/U", "H/.local/state/actionguard/keys/U", "H/.config/actionguard/Ukey"}
	benign := []string{"H/Downloads/U", "H/project/U.txt", "/tmp/U", "./U"}
	for _, home := range self18Homes {
		for _, u := range self18Unknowns {
			for _, r := range readers {
				for _, a := range attacks {
					cmd := strings.Replace(r, "P", strings.ReplaceAll(strings.ReplaceAll(a, "H", home), "U", u), 1)
					if got := selfFindings(cmd); len(got) == 0 {
						t.Errorf("%s: not judged a read of actionguard's keys", cmd)
					}
				}
				for _, b := range benign {
					cmd := strings.Replace(r, "P", strings.ReplaceAll(strings.ReplaceAll(b, "H", home), "U", u), 1)
					if got := selfFindings(cmd); len(got) > 0 {
						t.Errorf("%s: %v, an ordinary file", cmd, got)
					}
				}
			}
		}
	}
	for _, cmd := range []string{"ls ~/.claude/", "ls -la ~/.claude", "cat ~/.claude/$x", "mkdir ~/$d", "git clone https://example.com/r.git ~/$d", "echo x > $out.log", "tee $f"} {
		if got := selfFindings(cmd); len(got) > 0 {
			t.Errorf("%s: %v", cmd, got)
		}
	}
}

// TestSelf18UnknownSplit: the literal prefix and tail around the parts
// known only at run time.
func TestSelf18UnknownSplit(t *testing.T) {
	for _, c := range []struct{ in, prefix, tail string }{
		{"~/.claude/$x", "~/.claude/", ""},
		{"~/.claude/settings${s}.json", "~/.claude/settings", ".json"},
		{`"$HOME/.config/actionguard/$f"`, "", ""}, // $HOME is a part too; controlVar and resolve judge it
		{"~/.c$x/settings.json", "~/.c", "/settings.json"},
		{"~/$(echo a)/b$c/d", "~/", "/d"},
		{"~/`x`/y", "~/", "/y"},
		{"a$", "", ""},
	} {
		p, tl, ok := unknownSplit(c.in)
		if c.in == "a$" {
			if ok {
				t.Errorf("%q: a lone dollar is not a part known at run time", c.in)
			}
			continue
		}
		if c.prefix == "" && c.tail == "" {
			continue
		}
		if !ok || p != c.prefix || tl != c.tail {
			t.Errorf("%q: %q %q %v, want %q %q", c.in, p, tl, ok, c.prefix, c.tail)
		}
	}
}
