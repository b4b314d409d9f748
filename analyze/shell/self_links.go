package shell

import (
	"path"
	"strings"
)

// Aliases of the control plane. A link to the agent's settings directory
// (ln -s ~/.claude cc), a tree of hard links (cp -al ~/.claude cl) or of
// symbolic links (cp -rs), rsync's --link-dest and a bind mount make a
// second name for the protected files: a write through that name lands in
// the original while the path written is harmless. Making such an alias
// has no routine use for an agent, so the source of a link is judged as a
// change of the place it names, as its destination is.

// linkSources lists the sources a command makes a link to: ln's, cp's with
// -l/-s (--link, --symbolic-link), rsync's --link-dest directories.
func linkSources(c *Cmd) []selfChange {
	name := c.Name
	if name == "gcp" {
		name = "cp"
	}
	var out []selfChange
	switch {
	case name == "ln" || name == "cp" && c.Has("-l", "--link", "-s", "--symbolic-link"):
		pos := c.Positional()
		if _, hasT := c.Flag("-t", "--target-directory"); !hasT && len(pos) > 0 {
			pos = pos[:len(pos)-1]
		}
		if name == "ln" && len(c.Positional()) == 1 {
			pos = c.Positional() // ln -s ~/.claude: a link named after it, here
		}
		for _, s := range pos {
			out = append(out, selfChange{s, true})
		}
	case name == "rsync":
		for _, d := range c.FlagAll("--link-dest") {
			out = append(out, selfChange{d, true})
		}
	}
	return out
}

// mountChanges: mount --bind/--rbind/-o bind, bindfs and the like put a
// directory in place of another (or show one under a second name): both
// the source and the mount point are changed places.
func mountChanges(c *Cmd) []selfChange {
	if c.Name == "mount" && c.Has("-l", "--list", "-a", "--all", "-V", "--version", "-h", "--help") {
		return nil
	}
	var out []selfChange
	for _, a := range c.Positional() {
		out = append(out, selfChange{a, true})
	}
	return out
}

// findWriters are the programs that write the file find's -exec gives
// them as their last argument (cp x {}), or any of their arguments.
var findWriters = map[string]bool{"cp": true, "install": true, "ln": true, "rsync": true, "dd": true, "tee": true, "truncate": true,
	"sed": true, "perl": true, "chmod": true, "chown": true, "touch": true, "gcp": true}

// findRunsWrite reports find … -exec cp /tmp/x {} \; (or tee {}, sed -i
// … {}): a program that writes each path found.
func findRunsWrite(c *Cmd) bool {
	// find's actions are not options of its spec: read as written.
	args := c.Args
	for i := 0; i+1 < len(args); i++ {
		switch args[i] {
		case "-exec", "-execdir", "-ok", "-okdir":
		default:
			continue
		}
		prog := path.Base(args[i+1])
		if !findWriters[prog] {
			continue
		}
		for j := i + 2; j < len(args) && args[j] != ";" && args[j] != "+"; j++ {
			if strings.Contains(args[j], "{}") {
				return true
			}
		}
	}
	return false
}

// agFileNames are the names of actionguard's files inside its
// directories: a search by one of them anywhere under the home directory
// reaches the file (find ~ -name modes.json -exec cp …).
var agFileNames = []string{"modes.json", "trust.json", "learned.json", "audit.key", "actionguard.db", "actionguard.db-wal",
	"actionguard.db-shm", "actionguard.yaml", "fingerprint.key", "tokens.secret"}

// agFileName reports whether the pattern can name one of actionguard's
// files.
func agFileName(pat string) bool {
	for _, n := range agFileNames {
		if selfComponent(strings.ToLower(pat), n) {
			return true
		}
	}
	return false
}

// agPlace reports a place of actionguard's own (not an agent's settings).
func agPlace(pl selfPlace) bool { return pl.what == "actionguard's own files" }

// controlGlob judges a path with a wildcard against actionguard's own
// places, as the shell would expand it (~/.local/st*/act*/audit.k*): the
// part it reaches, a key when its name can be one.
func (e *analysis) controlGlob(p string) controlPart {
	if !strings.ContainsAny(p, "*?[") || len(p) > 4096 {
		return controlPart{}
	}
	abs, _ := e.resolve(p)
	parts := selfParts(abs)
	home := e.homeParts()
	for _, pl := range e.places() {
		if !agPlace(pl) {
			continue
		}
		for i := range parts {
			if pl.root && i > 0 || pl.home && (len(home) == 0 || i != len(home) || !selfPrefix(parts[:i], home)) {
				continue
			}
			if selfAligned(parts[i:], pl.parts, false) != reachPlace || len(parts)-i < len(pl.parts) {
				continue
			}
			if len(parts)-i == len(pl.parts) {
				return controlPart{what: pl.what} // the directory itself
			}
			return e.globPart(parts[len(parts)-1])
		}
	}
	return controlPart{}
}

// globPart is the part of actionguard's files a pattern's last component
// can name: a key when any key, token secret or the database matches.
func (e *analysis) globPart(base string) controlPart {
	part := controlPart{what: "actionguard's own files"}
	if isSecretName(base) || strings.Contains(base, ".db") {
		part.key = true
	}
	for _, n := range []string{"audit.key", "fingerprint.key", "tokens.secret", "actionguard.db", "actionguard.db-wal", "sessions", "x.db"} {
		if strings.ContainsAny(base, "*?[") && selfComponent(base, n) {
			part.key = true
		}
	}
	return part
}

// mentionsGlob finds, in code run by an interpreter, a path pattern that
// reaches actionguard's own directories by a wildcard
// (glob.glob(os.path.expanduser('~/.local/st*/act*/*.db*'))): each piece
// of text between quotes or spaces that starts at .local or .config.
func (e *analysis) mentionsGlob(text string) controlPart {
	if !strings.ContainsAny(text, "*?[") {
		return controlPart{}
	}
	if len(text) > 1<<20 {
		text = text[:1<<20]
	}
	for _, w := range strings.FieldsFunc(text, func(r rune) bool {
		return r == '\'' || r == '"' || r == '`' || r == ' ' || r == '\t' || r == '\n' || r == '(' || r == ')' || r == ',' || r == '='
	}) {
		if !strings.ContainsAny(w, "*?[") || !strings.Contains(w, "/") {
			continue
		}
		parts := selfParts(w)
		for i, c := range parts {
			if !strings.HasPrefix(c, ".") || c == "." || c == ".." {
				continue
			}
			for _, pl := range selfPlacesOnce() {
				if agPlace(pl) && len(parts)-i >= len(pl.parts) && selfAligned(parts[i:], pl.parts, false) == reachPlace {
					return controlPart{what: "actionguard's own files"}
				}
			}
		}
	}
	return controlPart{}
}

// linkHome is the home directory (or a directory above it) made a link
// to: ln -s ~ h names every protected place a second time.
func (e *analysis) linkHome(c *Cmd) string {
	if e.home == "" {
		return ""
	}
	for _, s := range linkSources(c) {
		if isGlobPath(s.path) {
			continue
		}
		if abs, _ := e.resolve(s.path); abs != "" && selfHomeOrAbove(abs, e.home) {
			return s.path
		}
	}
	return ""
}
