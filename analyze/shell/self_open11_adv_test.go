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
