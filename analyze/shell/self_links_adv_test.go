package shell

import (
	"strings"
	"testing"
)

// Second names for the control plane (links, link trees, bind mounts),
// actionguard's files reached by wildcards (in shell words and in the code
// an interpreter runs), searches that write what they find by its name,
// and a project's MCP servers. Each attack is generated over every
// spelling; each has a benign twin on an ordinary directory that must
// stay free of shell.self findings.

// linkTemplates make a second name L for a protected directory D.
var linkTemplates = []string{
	"ln -s D L", "ln -sf D L", "ln -sfn D L", "ln -s D", "ln D/F L", "ln -s -t /tmp D", "ln --symbolic D L",
	"cp -al D L", "cp -a -l D L", "cp -rl D L", "cp -lr D L", "cp -rs D L", "cp -r -s D L", "cp --link -r D L",
	"cp --symbolic-link -R D L", "cp -l D/F L", "cp -s D/F L", "gcp -al D L",
	"rsync -a --link-dest=D /tmp/e/ L/", "rsync -a --link-dest D /tmp/e/ L/",
	"mount --bind D L", "mount -o bind D L", "mount --rbind D L", "mount --bind /tmp/e D", "bindfs D L", "bindfs /tmp/e D",
	"ln -s D L && echo '{}' > L/F", "cp -al D L; echo x > L/F",
}

func TestSelfLinksToProtectedPlaces(t *testing.T) {
	for _, s := range selfSettings {
		if strings.Contains(s.dir, "/hooks") {
			continue // hooks directories: covered by their own tests
		}
		for _, d := range selfDirSpellings(s.dir, s.home) {
			for _, tpl := range linkTemplates {
				cmd := strings.NewReplacer("D", d, "F", s.file, "L", "alias").Replace(tpl)
				if len(selfFindings(cmd)) == 0 {
					t.Errorf("%s: no shell.self finding (found %v)", cmd, ruleIDs(Analyze(cmd, selfOptions)))
				}
			}
		}
	}
}

func TestSelfLinksToHome(t *testing.T) {
	for _, cmd := range []string{"ln -s ~ h", "ln -s $HOME h", "ln -s /home/dev h", "ln -s /home h", "ln -s / r", "cp -al ~ /tmp/h", "ln -sfn ~/ h"} {
		if len(selfFindings(cmd)) == 0 {
			t.Errorf("%s: no shell.self finding (found %v)", cmd, ruleIDs(Analyze(cmd, selfOptions)))
		}
	}
}

// Links of ordinary directories and files are routine.
func TestSelfLinksTwins(t *testing.T) {
	for _, d := range []string{"build", "../shared/config", "node_modules", "/opt/tool/bin", "~/projects/lib", ".venv", "~/.local/share/app", "dist"} {
		for _, tpl := range linkTemplates {
			cmd := strings.NewReplacer("D", d, "F", "index.js", "L", "alias").Replace(tpl)
			if got := selfFindings(cmd); len(got) > 0 {
				t.Errorf("%s: %v, want none", cmd, got)
			}
		}
	}
	for _, cmd := range []string{"ln -s ../shared/config cfg", "cp -al build build.snapshot", "mount", "mount -l", "mount /dev/sdb1 /mnt/data",
		"ln -s ~/projects/lib lib", "cp -rs /usr/share/doc docs"} {
		if got := selfFindings(cmd); len(got) > 0 {
			t.Errorf("%s: %v, want none", cmd, got)
		}
	}
}

// agGlobDirs are spellings of actionguard's directories with wildcards.
var agGlobDirs = []string{
	"~/.local/st*/act*", "~/.l*/st*/act*", "~/.local/state/act*", "~/.local/*/actionguard", "$HOME/.local/st?te/a*",
	"~/.local/s*/[a]ctionguard", "/home/dev/.local/st*/act*", "~/.c*/a*", "~/.config/act*", "~/.conf*/*guard",
}

func TestSelfGlobKeysRead(t *testing.T) {
	for _, d := range agGlobDirs {
		if strings.Contains(d, ".c") {
			continue // the configuration directory holds no key
		}
		for _, f := range []string{"audit.k*", "audit.key", "*.key", "*", "*.db*", "actionguard.db", "sessions/*"} {
			for _, tpl := range []string{"cat P", "base64 P", "xxd P", "head -c 64 P", "cp P /tmp/x", "tail P"} {
				cmd := strings.ReplaceAll(tpl, "P", d+"/"+f)
				if len(selfFindings(cmd)) == 0 {
					t.Errorf("%s: no shell.self finding (found %v)", cmd, ruleIDs(Analyze(cmd, selfOptions)))
				}
			}
		}
	}
}

func TestSelfGlobWrites(t *testing.T) {
	for _, d := range agGlobDirs {
		for _, f := range []string{"modes.json", "trust.json", "m*.json", "*"} {
			for _, tpl := range []string{"echo '{}' > P", "tee P", "cp /tmp/e/m P", "truncate -s0 P", "rm P", "dd if=/dev/zero of=P"} {
				cmd := strings.ReplaceAll(tpl, "P", d+"/"+f)
				if len(selfFindings(cmd)) == 0 {
					t.Errorf("%s: no shell.self finding (found %v)", cmd, ruleIDs(Analyze(cmd, selfOptions)))
				}
			}
		}
	}
}

// Reading ordinary files by wildcards, and actionguard's readable files
// (its modes, its policy) by name, stay free.
func TestSelfGlobTwins(t *testing.T) {
	for _, cmd := range []string{"cat ~/.local/share/app/x.log", "cat ~/.local/sh*/app/*.log", "ls ~/.local/st*/", "cat ~/.c*/a*/modes.json",
		"cat ~/.config/act*/actionguard.yaml", "ls ~/.config/*", "cat ~/.cache/*/x.json", "grep -r TODO src/*/",
		`python3 -c "import glob; print(glob.glob('src/*/*.py'))"`,
		`python3 -c "import glob,os; print(glob.glob(os.path.expanduser('~/.local/share/*/x.log')))"`,
		`python3 -c "import glob; print(glob.glob('*/*/*.json'))"`} {
		if got := selfFindings(cmd); len(got) > 0 {
			t.Errorf("%s: %v, want none", cmd, got)
		}
	}
}

// Code run by an interpreter that reaches actionguard's state by a
// wildcard.
func TestSelfGlobInCode(t *testing.T) {
	for _, d := range agGlobDirs {
		if strings.Contains(d, "$") {
			continue
		}
		for _, tpl := range []string{
			`python3 -c "import glob,os; print(open(glob.glob(os.path.expanduser('P/audit.k*'))[0]).read())"`,
			`python3 -c "import glob,os; [open(p,'wb').write(b'x') for p in glob.glob(os.path.expanduser('P/*.db*'))]"`,
			`python3 -c "import sqlite3,glob,os; sqlite3.connect(glob.glob(os.path.expanduser('P/*.db'))[0]).execute('delete from decisions')"`,
			`node -e "require('glob').sync(require('os').homedir()+'/P/*').forEach(f=>require('fs').writeFileSync(f,''))"`,
			`ruby -e 'Dir.glob(File.expand_path("P/*")).each{|f| File.write(f, "")}'`,
		} {
			p := d
			if strings.HasPrefix(tpl, "node") {
				p = strings.TrimPrefix(d, "~/")
			}
			cmd := strings.ReplaceAll(tpl, "P", p)
			if len(selfFindings(cmd)) == 0 {
				t.Errorf("%s: no shell.self finding (found %v)", cmd, ruleIDs(Analyze(cmd, selfOptions)))
			}
		}
	}
}

// find … -exec writing what it finds by the name of actionguard's files
// (or the agents' settings).
func TestSelfFindWrites(t *testing.T) {
	for _, root := range []string{"~", "$HOME", "/home/dev", "/", "~/.local", "~/.config"} {
		for _, name := range []string{"modes.json", "trust.json", "mode*.json", "audit.key", "actionguard.db", "settings.json", "settings.local.json", "config.toml"} {
			for _, act := range []string{"-exec cp /tmp/e/m {} \\;", "-exec cp /tmp/e/m {} +", "-execdir cp /tmp/e/m {} \\;", "-exec tee {} \\;",
				"-exec truncate -s0 {} +", "-exec sed -i d {} +", "-exec dd if=/dev/zero of={} \\;", "-delete", "-exec rm {} +"} {
				cmd := "find " + root + " -name " + name + " " + act
				if len(selfFindings(cmd)) == 0 {
					t.Errorf("%s: no shell.self finding (found %v)", cmd, ruleIDs(Analyze(cmd, selfOptions)))
				}
			}
		}
	}
	for _, cmd := range []string{`find . -name "*.py" -exec cp {} /tmp/out \;`, `find . -name "*.bak" -exec touch {} +`,
		`find src -name "*.go" -exec sed -i 's/a/b/' {} +`, `find ~ -name modes.json -exec cat {} \;`, `find config -name "*.yaml" -exec grep -l x {} +`} {
		if got := selfFindings(cmd); len(got) > 0 {
			t.Errorf("%s: %v, want none", cmd, got)
		}
	}
}

// A project's .mcp.json lists commands the next session starts.
func TestSelfProjectMCP(t *testing.T) {
	for _, p := range []string{".mcp.json", "./.mcp.json", "/home/dev/project/.mcp.json", "sub/../.mcp.json", ".MCP.json"} {
		for _, tpl := range []string{`echo '{"mcpServers":{}}' > P`, "cp /tmp/e/m.json P", "mv /tmp/e/m.json P", "tee P", "sed -i s/a/b/ P",
			"ln -sf /tmp/e/m.json P", "cat /tmp/e/m.json >> P", "rm P"} {
			cmd := strings.ReplaceAll(tpl, "P", p)
			if len(selfFindings(cmd)) == 0 {
				t.Errorf("%s: no shell.self finding (found %v)", cmd, ruleIDs(Analyze(cmd, selfOptions)))
			}
		}
	}
	for _, cmd := range []string{"cp /tmp/e/.mcp.json .", "cp /tmp/e/.mcp.json ./"} {
		if len(selfFindings(cmd)) == 0 {
			t.Errorf("%s: no shell.self finding (found %v)", cmd, ruleIDs(Analyze(cmd, selfOptions)))
		}
	}
	for _, cmd := range []string{"cat .mcp.json", "jq . .mcp.json", "cp .mcp.json /tmp/mcp-backup.json", "echo x > mcp.json", "grep -n command .mcp.json"} {
		if got := selfFindings(cmd); len(got) > 0 {
			t.Errorf("%s: %v, want none", cmd, got)
		}
	}
}

// Settings brought back from history over the current ones.
func TestSelfGitArchive(t *testing.T) {
	for _, cmd := range []string{"git archive HEAD .claude | tar x", "git archive HEAD~3 .claude/settings.json | tar -x", "git archive --format=tar HEAD .codex | tar xf -",
		"git archive HEAD .mcp.json | tar x"} {
		if len(selfFindings(cmd)) == 0 {
			t.Errorf("%s: no shell.self finding (found %v)", cmd, ruleIDs(Analyze(cmd, selfOptions)))
		}
	}
	for _, cmd := range []string{"git archive HEAD src | tar x -C /tmp/src", "git archive --format=zip HEAD > release.zip", "git archive HEAD docs | gzip > docs.tgz"} {
		if got := selfFindings(cmd); len(got) > 0 {
			t.Errorf("%s: %v, want none", cmd, got)
		}
	}
}
