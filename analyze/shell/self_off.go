package shell

import (
	"path"
	"strings"

	"github.com/actionguard/actionguard/rule"
)

// Switching the guard off without naming it: the agent's settings made
// unreadable (chmod 000 ~/.claude, chmod -R a-r ~/.claude), given to
// another owner (chown -R nobody ~/.claude), denied by an ACL (setfacl -m
// u::--- ~/.claude), frozen or hidden by an attribute (chattr, chflags):
// the settings, or actionguard's own files, are still there, and the hook
// is not loaded. A change of mode, owner, ACL or attribute of a protected
// place, or of a directory that holds one, is judged as a change of the
// place (shell.self.write); so is one of the home directory (or a
// directory above it) that takes away its owner's access.

// metaPrograms change a file's mode, owner, ACL, attributes or flags, not
// its content.
var metaPrograms = map[string]bool{
	"chmod": true, "chown": true, "chgrp": true, "lchown": true, "setfacl": true, "chattr": true, "chflags": true,
	"gchmod": true, "gchown": true, "gchgrp": true, // GNU's names on macOS and BSD
}

// metaTarget is what a metadata program says it does, before the files it
// does it to: a mode ("000", "a-r", "-w"), an owner ("nobody:nogroup"), an
// ACL ("u::---"), attributes ("+i"), flags ("uchg"); "" when it takes them
// from another file (--reference) or a file of entries (setfacl -M).
type metaTarget struct {
	spec  string
	paths []string
}

// metaOf reads a metadata program's command line.
func metaOf(c *Cmd) metaTarget {
	name := strings.TrimPrefix(c.Name, "g")
	if name == "lchown" {
		name = "chown"
	}
	pos := c.Positional()
	switch name {
	case "chmod":
		if _, ok := c.Flag("--reference"); ok {
			return metaTarget{paths: pos}
		}
		if dash := dashMode(c); dash != "" {
			// chmod -w FILE, chmod -R -x FILE: the mode was read as an
			// option; every operand is a file.
			if len(pos) > 0 && isMode(pos[0]) {
				return metaTarget{spec: dash + "," + pos[0], paths: pos[1:]}
			}
			return metaTarget{spec: dash, paths: pos}
		}
		if len(pos) > 0 {
			return metaTarget{spec: pos[0], paths: pos[1:]}
		}
	case "chown", "chgrp":
		if _, ok := c.Flag("--reference"); ok {
			return metaTarget{paths: pos}
		}
		if len(pos) > 0 {
			return metaTarget{spec: pos[0], paths: pos[1:]}
		}
	case "setfacl":
		specs := c.FlagAll("-m", "--modify", "--set", "-x", "--remove")
		_, fromFile := c.Flag("-M", "--modify-file", "--set-file", "-X", "--remove-file")
		if c.Has("--restore") {
			return metaTarget{} // the files are named in the dump
		}
		t := metaTarget{spec: strings.Join(specs, ","), paths: pos}
		if fromFile || c.Has("-b", "--remove-all", "-k", "--remove-default") && len(specs) == 0 {
			t.spec = ""
		}
		return t
	case "chattr":
		// chattr +i FILE, chattr -R =a FILE: an attribute word starts
		// with +, - or =; the spec reads -i as an option.
		var files []string
		spec := ""
		for _, p := range pos {
			if p != "" && (p[0] == '+' || p[0] == '=') && spec == "" {
				spec = p
				continue
			}
			files = append(files, p)
		}
		return metaTarget{spec: spec, paths: files}
	case "chflags":
		if len(pos) > 0 {
			return metaTarget{spec: pos[0], paths: pos[1:]}
		}
	}
	return metaTarget{}
}

// metaChanges are the files a metadata program changes. Each is a tree:
// a directory's mode, owner or ACL decides who reads what it holds, so
// chmod 000 ~/.claude reaches ~/.claude/settings.json. A name known only
// when the command runs (what find -exec or xargs hands it) is not: find
// . -type f -exec chmod 644 {} + changes the files it finds, each judged
// by the rules for unknown paths.
//
// A wildcard (chmod g+w .[^.]* ..?*) matches the agents' directories
// among others: it reaches what they hold only with a change that takes
// the owner's access away.
func metaChanges(c *Cmd) []selfChange {
	t := metaOf(c)
	out := make([]selfChange, 0, len(t.paths))
	hides := -1
	for _, p := range t.paths {
		if p == "" {
			continue
		}
		tree := !strings.Contains(p, "\x00") && !strings.Contains(p, "{}")
		if tree && isGlobPath(p) {
			if hides < 0 {
				hides = 0
				if metaHides(c.Name, t.spec, "") {
					hides = 1
				}
			}
			tree = hides == 1
		}
		out = append(out, selfChange{p, tree})
	}
	return out
}

// metaHides reports whether the metadata change spec of the program name
// can take the owner's access away (home: the user's home directory, for
// an owner's name).
func metaHides(name, spec, home string) bool {
	switch strings.TrimPrefix(name, "g") {
	case "chmod":
		return modeHides(spec)
	case "chown", "lchown":
		return ownerOther(spec, home)
	case "setfacl":
		return aclHides(spec)
	case "chattr":
		return true // +i, +a: the settings cannot be changed back, nor the state written
	case "chflags":
		// hidden, uchg, schg: the directory disappears from listings or
		// cannot be written, and actionguard's state with it.
		return spec == "" || strings.Contains(spec, "chg") || strings.Contains(spec, "hidden")
	}
	return false
}

// dashMode is chmod's mode given as options (-w, -rx, -R -x): the letters
// of the unknown one-letter options that are permissions, as "-rx"; "".
func dashMode(c *Cmd) string {
	var b strings.Builder
	for _, o := range c.Argv().Opts {
		if o.Unknown && len(o.Spelled) == 2 && o.Spelled[0] == '-' && strings.IndexByte("rwxXst", o.Spelled[1]) >= 0 {
			b.WriteByte(o.Spelled[1])
		}
	}
	if b.Len() == 0 {
		return ""
	}
	return "-" + b.String()
}

// isMode reports a chmod mode: octal digits, or symbolic clauses
// ([ugoa]*[-+=][rwxXst]* or a copy of u, g, o), comma-separated.
func isMode(s string) bool {
	if s == "" {
		return false
	}
	if strings.Trim(s, "01234567") == "" {
		return len(s) <= 5
	}
	for clause := range strings.SplitSeq(s, ",") {
		who := strings.TrimLeft(clause, "ugoa")
		if who == "" || strings.IndexByte("+-=", who[0]) < 0 {
			return false
		}
		for _, ch := range who {
			if !strings.ContainsRune("+-=rwxXstugo", ch) {
				return false
			}
		}
	}
	return true
}

// modeHides reports whether the chmod mode mode takes the owner's read or
// search access away (what keeps the agent from reading its settings); an
// unknown mode ("", one taken from another file) may.
func modeHides(mode string) bool {
	if mode == "" {
		return true
	}
	if strings.Trim(mode, "01234567") == "" {
		// The owner's digit is the third from the right (0 when missing:
		// chmod 0 ~ is chmod 000 ~).
		owner := byte('0')
		if len(mode) >= 3 {
			owner = mode[len(mode)-3]
		}
		d := owner - '0'
		return d&4 == 0 || d&1 == 0
	}
	for clause := range strings.SplitSeq(mode, ",") {
		who := clause[:len(clause)-len(strings.TrimLeft(clause, "ugoa"))]
		if who != "" && !strings.ContainsAny(who, "ua") {
			continue // group and others only
		}
		rest := clause[len(who):]
		for len(rest) > 0 {
			op := rest[0]
			perms := rest[1:]
			if i := strings.IndexAny(perms, "+-="); i >= 0 {
				perms, rest = perms[:i], perms[i:]
			} else {
				rest = ""
			}
			switch op {
			case '-':
				if strings.ContainsAny(perms, "rxX") {
					return true
				}
			case '=':
				if !strings.Contains(perms, "r") || !strings.ContainsAny(perms, "xX") {
					return true // u=rw takes a directory's search away; u=g is not read
				}
			}
		}
	}
	return false
}

// aclHides reports whether setfacl's entries can take an owner's access
// away: an entry whose permissions lack read or search (u::---,
// user:me:0, m::-), or an unknown set of entries ("", from a file).
func aclHides(spec string) bool {
	if spec == "" {
		return true
	}
	for entry := range strings.SplitSeq(spec, ",") {
		i := strings.LastIndexByte(entry, ':')
		if i < 0 {
			continue // -x u:name: removing an entry grants nothing away from the owner
		}
		perms := strings.TrimSpace(entry[i+1:])
		if perms == "" {
			continue
		}
		if strings.Trim(perms, "01234567") == "" {
			d := perms[len(perms)-1] - '0'
			if d&4 == 0 || d&1 == 0 {
				return true
			}
			continue
		}
		if !strings.Contains(perms, "r") || !strings.ContainsAny(perms, "xX") {
			return true
		}
	}
	return false
}

// ownerOther reports whether chown's or chgrp's owner names someone
// other than the user whose home is home: a literal name that is not the
// home's last component, "root" for /root, or the user's own id spelled
// through a variable or a substitution ($USER, $(id -u), `whoami`).
func ownerOther(spec, home string) bool {
	if spec == "" {
		return true // taken from another file
	}
	if strings.ContainsAny(spec, "$`") {
		return false // the user's own name, by the only means a script has
	}
	user, _, _ := strings.Cut(spec, ":")
	user, _, _ = strings.Cut(user, ".")
	if user == "" {
		return false // :group only: the owner keeps the files
	}
	self := path.Base(home)
	return home == "" || !strings.EqualFold(user, self)
}

// selfHidden judges a metadata program over the home directory or a
// directory above it: such a change reaches every protected place inside
// when it takes the owner's access away. A finding was added when it returns true.
func (r *report) selfHidden(c *Cmd, env *analysis) bool {
	if !metaPrograms[c.Name] {
		return false
	}
	t := metaOf(c)
	name := strings.TrimPrefix(c.Name, "g")
	for _, p := range t.paths {
		abs, ok := env.resolve(p)
		if !ok || abs == "" {
			continue
		}
		if env.home == "" || !selfHomeOrAbove(abs, env.home) {
			// The project's own settings are judged as places; a change of
			// the project directory (find . -type f -exec chmod 644 {} +
			// reads as chmod 644 .) leaves the user's hooks in place.
			continue
		}
		hides := name != "chattr" && metaHides(name, t.spec, env.home)
		if !hides {
			continue
		}
		r.mutates()
		shown := showChange(p)
		r.add(c.find(ruleSelfWrite, c.Name+" takes the owner's access to "+shown+" away, which holds the agent's settings and actionguard's own files: the guard would no longer be loaded, so it is a person's call.", shown))
		return true
	}
	return false
}

// agentPlugins names the agents' plugins and extensions: their hooks and
// MCP servers run with the agent's every tool call, so installing,
// changing or switching one off changes what guards the agent.
const agentPlugins = "the agent's plugins and extensions (their hooks run on every tool call)"

// pluginPlace reports a path (cleaned, absolute, lower case) among the
// agents' plugins and extensions: Claude Code's ~/.claude/plugins (the
// installed plugins, their manifests and hooks/hooks.json) and a
// plugin's .claude-plugin manifest directory anywhere, Gemini CLI's
// ~/.gemini/extensions.
func pluginPlace(abs, home string) bool {
	if home != "" {
		if rest, ok := strings.CutPrefix(abs, home); ok {
			for _, d := range []string{"/.claude/plugins", "/.gemini/extensions"} {
				if t, ok := strings.CutPrefix(rest, d); ok && (t == "" || t[0] == '/') {
					return true
				}
			}
		}
	}
	return strings.Contains(abs+"/", "/.claude-plugin/")
}

var ruleSelfPlugin = &rule.Rule{
	ID: "shell.self.plugin", Category: rule.SecurityBypass, Points: 120,
	Summary:     "Installs, removes, switches on or off a plugin or extension of the coding agent: its hooks run with every tool call and could switch the safety checks off.",
	Alternative: selfAlternative,
	Match: []string{"claude plugin install evil@market", "claude plugin disable actionguard", "claude plugin marketplace add evil/plugins",
		"claude plugins enable foo", "gemini extensions install https://github.com/x/y", "gemini extensions disable actionguard", "gemini extensions link ."},
	NoMatch: []string{"claude plugin list", "claude plugin marketplace list", "claude plugin validate .", "gemini extensions list", "claude --version", "claude -p 'fix the test'"},
}

// pluginReads are the plugin and extension commands that only read.
var pluginReads = map[string]bool{"list": true, "ls": true, "validate": true, "help": true, "": true, "show": true, "info": true}

// selfPluginHandler judges the agents' own plugin and extension
// commands: claude plugin|plugins …, gemini extensions|extension ….
func selfPluginHandler(c *Cmd, r *report) {
	if infraHelp(c) {
		return
	}
	pos := c.Positional()
	if len(pos) == 0 {
		return
	}
	switch {
	case c.Name == "claude" && (pos[0] == "plugin" || pos[0] == "plugins"):
	case c.Name == "gemini" && (pos[0] == "extensions" || pos[0] == "extension"):
	default:
		return
	}
	verb := ""
	if len(pos) > 1 {
		verb = pos[1]
	}
	if verb == "marketplace" || verb == "marketplaces" {
		verb = ""
		if len(pos) > 2 {
			verb = pos[2]
		}
	}
	if pluginReads[verb] {
		return
	}
	r.mutates()
	r.add(c.find(ruleSelfPlugin, c.Name+" "+strings.Join(pos[:min(len(pos), 2)], " ")+" changes "+agentPlugins+": a person's call."))
}
