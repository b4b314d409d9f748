package shell

import (
	"strings"
	"testing"
)

// A developer's ordinary commands near the home directory: a change of
// mode, owner or ACL that leaves the owner's access (chmod 700 ~, chmod -R
// go-w ~/.config), a copy into a directory that holds the hook program
// (cp -r dist ~/tools/). They run; the same programs that take the owner's
// access away, or that land on the program, stay blocked.

// keepsAccessTemplate reports a template of metaTemplates that leaves
// the owner's access: a mode that keeps read and search, a group.
func keepsAccessTemplate(tpl string) bool {
	switch tpl {
	case "chmod 755 P", "chmod u+w P", "chown :nogroup P", "chgrp nogroup P", "chgrp -R 65534 P":
		return true
	}
	return false
}

// homeDB is a deployment whose database lies in the home directory
// itself (ACTIONGUARD_DB=~/db): the home directory holds one of
// actionguard's places directly.
var homeDB = Options{Cwd: "/home/dev/project", Home: "/home/dev", ControlPlane: []string{"/home/dev/db", "/home/dev/.local/state/actionguard"}}

func TestMetadataKeepsAccessAboveSettings(t *testing.T) {
	keep := []string{"chmod 700 P", "chmod 755 P", "chmod go-rwx P", "chmod -R go-w P", "chmod -R u=rwX,go= P", "chmod u+w P", "chmod o-rx P",
		"chgrp staff P", "chgrp -R 65534 P", "chown :nogroup P", "setfacl -m u:bob:rx P", "chmod g+s P", "sudo chmod 700 P", "chmod -R 750 P"}
	hide := []string{"chmod 000 P", "chmod -R a-r P", "chmod u-x P", "chmod 644 P", "chmod -R 600 P", "chown -R nobody P", "setfacl -m u::--- P",
		"chmod --reference=/etc/shadow P", "sudo chmod -R 000 P"}
	for _, opts := range []Options{selfOptions, homeDB} {
		for _, p := range []string{"~", "$HOME", "/home/dev", "~/.config", "$HOME/.config", "/home/dev/.config/", "~/.local", "~/.local/state", "${HOME}/.local/state"} {
			for _, tpl := range keep {
				cmd := strings.ReplaceAll(tpl, "P", p)
				if got := selfFindingsIn(cmd, opts); len(got) > 0 {
					t.Errorf("%s (db %v): %v, want none", cmd, opts.ControlPlane, got)
				}
			}
			for _, tpl := range hide {
				cmd := strings.ReplaceAll(tpl, "P", p)
				if len(selfFindingsIn(cmd, opts)) == 0 {
					t.Errorf("%s (db %v): no shell.self finding", cmd, opts.ControlPlane)
				}
			}
		}
		// The places themselves stay a person's, whatever the mode.
		for _, p := range []string{"~/.config/actionguard", "~/.local/state/actionguard", "~/.claude", "~/.claude/settings.json", "~/.config/actionguard/actionguard.yaml"} {
			for _, tpl := range keep {
				cmd := strings.ReplaceAll(tpl, "P", p)
				if len(selfFindingsIn(cmd, opts)) == 0 {
					t.Errorf("%s: no shell.self finding", cmd)
				}
			}
		}
	}
}

func selfFindingsIn(cmd string, opts Options) []string {
	var out []string
	for _, fd := range Analyze(cmd, opts).Findings {
		if strings.HasPrefix(fd.Rule, "shell.self.") {
			out = append(out, fd.Rule)
		}
	}
	return out
}

// A copy or a move into a directory that holds the hook program writes
// DIR/name-of-source: it reaches the program only when that name is the
// program's, or when the source's content is spread into the directory.
func TestCopyIntoProgramDirectory(t *testing.T) {
	opts := selfOptions
	opts.HookPrograms = func(bool) []string { return []string{"/home/dev/tools/ag-hook"} }
	for _, d := range []string{"~/tools", "~/tools/", "$HOME/tools", "/home/dev/tools/"} {
		for _, tpl := range []string{"cp -r dist D", "cp dist/app D", "cp -a build D", "mv mytool D", "install -m 755 mytool D", "rsync -a dist D",
			"cp -r dist D && ls D", "gcp -r dist D", "rsync -av --delete out D", "cp -r ../other/bin D"} {
			cmd := strings.ReplaceAll(tpl, "D", d)
			if got := selfFindingsIn(cmd, opts); len(got) > 0 {
				t.Errorf("%s: %v, want none", cmd, got)
			}
		}
		for _, tpl := range []string{"cp /bin/true D/ag-hook", "cp ag-hook D", "mv dist/ag-hook D", "cp -rT dist D", "cp -r dist/. D", "rsync -a dist/ D",
			"cp -r dist/* D", "mv D /tmp/old", "rm -rf D", "chmod 000 D", "cp -r --no-target-directory dist D", "install -m 755 x D/ag-hook"} {
			cmd := strings.ReplaceAll(tpl, "D", d)
			if len(selfFindingsIn(cmd, opts)) == 0 {
				t.Errorf("%s: no shell.self finding (found %v)", cmd, ruleIDs(Analyze(cmd, opts)))
			}
		}
	}
}

// GIT_WORK_TREE set earlier in the line, in every way a shell keeps a
// variable for the commands after it, before a git verb that writes the
// work tree.
func TestGitWorkTreeSetEarlier(t *testing.T) {
	sets := []string{"export GIT_WORK_TREE=@W@; ", "declare -x GIT_WORK_TREE=@W@; ", "typeset -x GIT_WORK_TREE=@W@ && ", "set -a; GIT_WORK_TREE=@W@; ",
		"GIT_WORK_TREE=@W@; export GIT_WORK_TREE; ", "export GIT_DIR=/tmp/r/.git GIT_WORK_TREE=@W@; "}
	verbs := []string{"git reset --hard", "git checkout -- .", "git checkout HEAD -- settings.json", "git stash pop", "git restore .", "git read-tree -u -m HEAD"}
	for _, w := range []string{"~/.claude", "$HOME/.claude", "/home/dev/.config/actionguard", "~"} {
		for _, s := range sets {
			for _, v := range verbs {
				cmd := strings.ReplaceAll(s, "@W@", w) + v
				if len(selfFindings(cmd)) == 0 {
					t.Errorf("%s: no shell.self finding (found %v)", cmd, ruleIDs(Analyze(cmd, selfOptions)))
				}
				twin := strings.ReplaceAll(s, "@W@", "/tmp/wt") + v
				if got := selfFindings(twin); len(got) > 0 {
					t.Errorf("%s: %v, want none", twin, got)
				}
			}
			if cmd := strings.ReplaceAll(s, "@W@", w) + "git status"; len(selfFindings(cmd)) > 0 {
				t.Errorf("%s: %v, want none", cmd, selfFindings(cmd))
			}
		}
	}
}

// PowerShell's Set-Acl and file attributes, cmd's attrib: over the agents'
// settings or actionguard's files they are blocked as setfacl and chattr
// are; over the project's files they are not a shell.self finding.
func TestWindowsACLAndAttributes(t *testing.T) {
	tpls := []string{`pwsh -c "Set-Acl -Path @P@ -AclObject $acl"`, `powershell -Command "Set-Acl @P@ $a"`, `pwsh -c "Set-Acl -LiteralPath @P@ -AclObject (Get-Acl x)"`,
		`pwsh -c "Set-ItemProperty -Path @P@ -Name IsReadOnly -Value $true"`, `pwsh -c "Set-ItemProperty @P@ -Name Attributes -Value Hidden"`,
		"attrib +r @P@", "attrib +h +s @P@", "attrib +r @P@ /s /d", "cmd /c attrib +r @P@"}
	for _, p := range []string{`$env:USERPROFILE\.claude`, "~/.claude/settings.json", "~/.config/actionguard", `C:\Users\dev\.claude\settings.json`} {
		for _, tpl := range tpls {
			if strings.HasPrefix(tpl, "attrib") || strings.HasPrefix(tpl, "cmd") {
				if strings.HasPrefix(p, "$env") {
					continue
				}
			}
			cmd := strings.ReplaceAll(tpl, "@P@", p)
			if len(selfFindings(cmd)) == 0 {
				t.Errorf("%s: no shell.self finding (found %v)", cmd, ruleIDs(Analyze(cmd, selfOptions)))
			}
		}
	}
	for _, p := range []string{`build\x.txt`, "dist/app.exe", `src\gen`} {
		for _, tpl := range tpls {
			cmd := strings.ReplaceAll(tpl, "@P@", p)
			if got := selfFindings(cmd); len(got) > 0 {
				t.Errorf("%s: %v, want none", cmd, got)
			}
		}
	}
}
