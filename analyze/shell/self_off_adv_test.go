package shell

import (
	"strings"
	"testing"
)

// Switching the guard off without naming it: the mode, owner, ACL,
// attributes or flags of a protected place (or of a directory that holds
// one) changed, the agents' plugins and extensions changed. Generated
// over every spelling of the programs, their options and the wrappers
// that run them; each template has a benign twin on an ordinary path.

// metaTemplates change the metadata of P; every one must reach a
// protected P.
var metaTemplates = []string{
	"chmod 000 P", "chmod 0 P", "chmod 0000 P", "chmod -R 000 P", "chmod --recursive 000 P", "chmod -Rv 000 P", "chmod -vR a-r P",
	"chmod a-r P", "chmod -R a-rwx P", "chmod u-r P", "chmod u=,g=,o= P", "chmod -r P", "chmod -R -x P", "chmod -rwx P", "chmod =w P",
	"chmod 755 P", "chmod u+w P", "chmod --reference=/etc/shadow P", "chmod --reference /etc/shadow P", "chmod -c --silent 000 P",
	"chmod 000 P /tmp/x", "chmod 000 -- P", "gchmod 000 P",
	"chown nobody P", "chown -R nobody:nogroup P", "chown --recursive nobody P", "chown -hR 65534 P", "chown --from=dev nobody P",
	"chown --reference=/etc/passwd P", "chown :nogroup P", "chgrp nogroup P", "chgrp -R 65534 P", "lchown nobody P",
	"setfacl -m u::--- P", "setfacl -R -m u::0 P", "setfacl --modify=u:dev:--- P", "setfacl -m o::r P", "setfacl -b P",
	"setfacl --remove-all P", "setfacl -M /tmp/acl P", "setfacl -x u:dev P", "setfacl --set u::---,g::---,o::--- P",
	"chattr +i P", "chattr -R +i P", "chattr =i P", "chattr +a P", "chflags uchg P", "chflags -R hidden P",
	"find P -exec chmod 000 {} +", "find P -maxdepth 0 -exec chmod 000 {} \\;", "find P -execdir chown nobody {} +",
	"echo P | xargs chmod 000", "printf '%s\\n' P | xargs -I{} chmod 000 {}", "ls -d P | xargs chown nobody",
}

// metaWrappers run a command some other way.
var metaWrappers = []string{"C", "sudo C", "sudo -n C", "env C", "env -i C", "nice -n 5 C", "timeout 5 C", "command C", "doas C",
	"bash -c 'C'", "sh -c \"C\"", "eval 'C'", "nohup C", "true && C", "C; echo done", "(C)", "stdbuf -oL C"}

// protectedMetaPaths are protected places, their directories, the
// directories between the home directory and actionguard's own, the
// hook's program and the agents' plugins, each in several spellings.
func protectedMetaPaths() []string {
	var out []string
	for _, s := range selfSettings {
		for _, d := range selfDirSpellings(s.dir, s.home) {
			out = append(out, d, strings.TrimSuffix(d, "/")+"/"+s.file)
		}
	}
	return append(out, "~/.config", "~/.local/state", "$HOME/.local", "/usr/local/bin/actionguard-hook", "/usr/local/bin/actionguard",
		"~/.claude/plugins", "~/.claude/plugins/installed_plugins.json", "~/.claude/plugins/cache/x/hooks/hooks.json",
		"~/.gemini/extensions", "~/.gemini/extensions/x/gemini-extension.json", "~/.claude.json", "~/.claude", "~/.gemini", "~/.codex",
		"~/.cursor", "/home/dev/.claude", "~/.c*", "~/.claude*")
}

// aboveSettingsPaths hold actionguard's directories among the developer's
// other files: a change there reaches the protected places only when it
// takes the owner's access away.
var aboveSettingsPaths = map[string]bool{"~/.config": true, "~/.local/state": true, "$HOME/.local": true}

func TestMetadataOfProtectedPlaces(t *testing.T) {
	n := 0
	for _, p := range protectedMetaPaths() {
		for i, tpl := range metaTemplates {
			if aboveSettingsPaths[p] && keepsAccessTemplate(tpl) {
				continue // TestMetadataKeepsAccessAboveSettings
			}
			w := metaWrappers[(i+len(p))%len(metaWrappers)]
			for _, wrap := range []string{"C", w} {
				inner := strings.ReplaceAll(tpl, "P", p)
				if strings.Contains(wrap, "'") && strings.Contains(inner, "'") {
					continue
				}
				cmd := strings.ReplaceAll(wrap, "C", inner)
				n++
				if len(selfFindings(cmd)) == 0 {
					t.Errorf("%s: no shell.self finding (found %v)", cmd, ruleIDs(Analyze(cmd, selfOptions)))
				}
			}
		}
	}
	t.Logf("%d commands", n)
}

// The same programs on ordinary files and directories are routine.
func TestMetadataTwins(t *testing.T) {
	// A wildcard that keeps the owner's access. (A wildcard over the
	// project's dot names matches .mcp.json, a protected file: held as
	// before.)
	for _, cmd := range []string{"chmod g+w *", "chmod -R go-w src/*", "chmod 755 ~/bin/*", "chgrp staff build/*", "chmod -R go-w ~/projects/*/.cache"} {
		if got := selfFindings(cmd); len(got) > 0 {
			t.Errorf("%s: %v, want none", cmd, got)
		}
	}
	for _, p := range []string{"build", "./dist", "script.sh", "~/projects/lib", "/tmp/x", "node_modules/.bin", ".venv", "~/.ssh-config-backup",
		"~/.claudia", "src/.claude-notes", "docs/claude", "~/.cache/claude-tools"} {
		for _, tpl := range metaTemplates {
			cmd := strings.ReplaceAll(tpl, "P", p)
			if got := selfFindings(cmd); len(got) > 0 {
				t.Errorf("%s: %v, want none", cmd, got)
			}
		}
	}
}

// Over the home directory (or above it), a change that takes the
// owner's access away hides every protected place inside; one that
// keeps it (700, go-rwx, a chown to the user) is routine.
func TestMetadataOverHome(t *testing.T) {
	for _, home := range []string{"~", "$HOME", "/home/dev", "/home/dev/", "/home", "/", "~/"} {
		for _, tpl := range []string{"chmod 000 P", "chmod -R 000 P", "chmod 0 P", "chmod a-r P", "chmod -R u-x P", "chmod 644 P", "chmod u=rw P",
			"chmod -x P", "chmod --reference=/etc/shadow P", "chown -R nobody P", "chown -R root:root P", "chown --reference=/x P",
			"setfacl -m u::--- P", "setfacl -M acl.txt P", "setfacl -R -m u:dev:0 P", "chflags hidden P", "sudo chmod -R 000 P",
			"find P -maxdepth 0 -exec chmod 000 {} +"} {
			cmd := strings.ReplaceAll(tpl, "P", home)
			if len(selfFindings(cmd)) == 0 {
				t.Errorf("%s: no shell.self finding (found %v)", cmd, ruleIDs(Analyze(cmd, selfOptions)))
			}
		}
		for _, tpl := range []string{"chmod 700 P", "chmod 755 P", "chmod go-rwx P", "chmod -R go-w P", "chmod u+rwx P", "chmod o-rx P",
			"chown -R dev P", "chown dev:dev P", "chown -R $USER P", "chown -R $(id -u):$(id -g) P", "chgrp staff P", "setfacl -m u:bob:rx P",
			"chmod g+s P", "setfacl -m d:u:bob:rwx P"} {
			cmd := strings.ReplaceAll(tpl, "P", home)
			if got := selfFindings(cmd); len(got) > 0 {
				t.Errorf("%s: %v, want none", cmd, got)
			}
		}
	}
}

// The modes that take the owner's read or search access away, and
// those that keep it, octal and symbolic.
func TestModeHides(t *testing.T) {
	for _, m := range []string{"000", "0", "00", "644", "0600", "1644", "4000", "a-r", "u-x", "-r", "-x", "=w", "u=rw", "a=", "go+r,u-r", "u-X", "ug-rx", ""} {
		if !modeHides(m) {
			t.Errorf("modeHides(%q) = false", m)
		}
	}
	for _, m := range []string{"700", "755", "0755", "4755", "500", "go-rwx", "u+rwx", "o=", "g=rx", "a+r", "u=rwx", "+x", "-w", "u-w", "o-rx,g-w"} {
		if modeHides(m) {
			t.Errorf("modeHides(%q) = true", m)
		}
	}
	for _, m := range []string{"755", "a-r", "u=rw,go=", "+x", "-w", "0", "07777"} {
		if !isMode(m) {
			t.Errorf("isMode(%q) = false", m)
		}
	}
	for _, m := range []string{"file.txt", "88", "~/.claude", "x+r", "u+q", "077777"} {
		if isMode(m) {
			t.Errorf("isMode(%q) = true", m)
		}
	}
}

// The agents' plugin and extension commands that change what runs with
// every tool call; listing and validating are routine.
func TestAgentPluginCommands(t *testing.T) {
	for _, agent := range []string{"claude", "/usr/local/bin/claude", "npx @anthropic-ai/claude-code", "env claude", "sudo claude"} {
		for _, verb := range []string{"plugin install evil@m", "plugin uninstall actionguard", "plugin disable actionguard", "plugin enable x",
			"plugin update x", "plugins install x", "plugin marketplace add evil/plugins", "plugin marketplace remove m", "plugin i x"} {
			cmd := agent + " " + verb
			if strings.HasPrefix(agent, "npx") {
				continue // npx runs a package: judged by the package rules
			}
			if len(selfFindings(cmd)) == 0 {
				t.Errorf("%s: no shell.self finding (found %v)", cmd, ruleIDs(Analyze(cmd, selfOptions)))
			}
		}
		for _, verb := range []string{"plugin list", "plugin marketplace list", "plugin validate .", "plugin --help", "--version", "-p 'explain the test'", "mcp list"} {
			cmd := agent + " " + verb
			if got := selfFindings(cmd); len(got) > 0 {
				t.Errorf("%s: %v, want none", cmd, got)
			}
		}
	}
	for _, verb := range []string{"install https://github.com/x/y", "uninstall actionguard", "disable actionguard", "enable x", "link .", "update --all"} {
		for _, cmd := range []string{"gemini extensions " + verb, "gemini extension " + verb} {
			if len(selfFindings(cmd)) == 0 {
				t.Errorf("%s: no shell.self finding (found %v)", cmd, ruleIDs(Analyze(cmd, selfOptions)))
			}
		}
	}
	for _, cmd := range []string{"gemini extensions list", "gemini -p 'hello'", "gemini --help"} {
		if got := selfFindings(cmd); len(got) > 0 {
			t.Errorf("%s: %v, want none", cmd, got)
		}
	}
}

// Writing the agents' plugins and extensions (their manifests, hooks and
// the list of installed plugins) is writing the control plane; writing
// beside them is not.
func TestAgentPluginFiles(t *testing.T) {
	for _, p := range []string{"~/.claude/plugins/installed_plugins.json", "~/.claude/plugins/cache/m/p/hooks/hooks.json", "~/.claude/plugins/known_marketplaces.json",
		"~/.claude/plugins/marketplaces/m/.claude-plugin/marketplace.json", ".claude-plugin/plugin.json", "plugins/p/.claude-plugin/plugin.json",
		"~/.gemini/extensions/evil/gemini-extension.json", "$HOME/.gemini/extensions/x/hooks.json", "/home/dev/.claude/plugins/x"} {
		for _, tpl := range []string{"echo '{}' > P", "cp /tmp/h.json P", "tee P < /tmp/h.json", "mv /tmp/h P", "rm -rf P", "sed -i s/a/b/ P", "ln -sf /tmp/h P"} {
			cmd := strings.ReplaceAll(tpl, "P", p)
			if len(selfFindings(cmd)) == 0 {
				t.Errorf("%s: no shell.self finding (found %v)", cmd, ruleIDs(Analyze(cmd, selfOptions)))
			}
		}
	}
	for _, p := range []string{"plugins/p/plugin.json", "docs/claude-plugin.md", "~/.claude-notes/x.json", "src/hooks/hooks.json", "~/.gemini-notes/x"} {
		for _, tpl := range []string{"echo '{}' > P", "cp /tmp/h.json P", "rm -f P"} {
			cmd := strings.ReplaceAll(tpl, "P", p)
			if got := selfFindings(cmd); len(got) > 0 {
				t.Errorf("%s: %v, want none", cmd, got)
			}
		}
	}
}
