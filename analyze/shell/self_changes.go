package shell

import (
	"path"
	"strings"
)

// selfChanges lists the paths a command changes, for the programs that
// copy, move, link, sync, extract, delete or revert files, and the places
// a program fetches, checks out or installs files into (dest_into.go);
// nil for any other. A command whose changed paths cannot be told (a
// destination known only at run time) lists what it can.
func selfChanges(c *Cmd) []selfChange {
	if into, _ := intoChanges(c); len(into) > 0 {
		return append(into, namedChanges(c)...)
	}
	return namedChanges(c)
}

// namedChanges are selfChanges' paths by the program's name.
func namedChanges(c *Cmd) []selfChange {
	switch c.Name {
	case "cp", "mv", "install", "ln", "rsync", "gcp", "gmv":
		return append(copyChanges(c), linkSources(c)...)
	case "mount", "bindfs", "mount_nullfs":
		return mountChanges(c)
	case "rm", "unlink", "shred", "srm", "trash", "trash-put", "gio":
		return deleteChanges(c)
	case "find":
		return findChanges(c)
	case "tar", "bsdtar", "gtar":
		if c.Has("-x", "--extract", "--get") || tarClusterExtract(c) {
			if d, ok := c.Flag("-C", "--directory"); ok {
				return []selfChange{{d, true}}
			}
		}
	case "unzip":
		if d, ok := c.Flag("-d"); ok {
			return []selfChange{{d, true}}
		}
	case "git":
		return gitChanges(c)
	case "go":
		return goCleanChanges(c)
	case "sort", "uniq", "xxd", "split", "csplit", "tree", "less", "yq":
		return outputChanges(c)
	}
	if metaPrograms[c.Name] {
		return metaChanges(c) // self_off.go
	}
	return nil
}

// outputChanges are the files a program that mostly reads writes: sort
// -o, uniq's and xxd's second operand, the pieces split and csplit name
// after a prefix, tree -o, less's log file, the files yq -i edits.
func outputChanges(c *Cmd) []selfChange {
	var out []selfChange
	pos := c.Positional()
	add := func(p string) {
		if p != "" && p != "-" {
			out = append(out, selfChange{p, false})
		}
	}
	switch c.Name {
	case "sort":
		for _, v := range c.FlagAll("-o", "--output") {
			add(v)
		}
	case "uniq", "xxd":
		if len(pos) >= 2 {
			add(pos[1])
		}
	case "split":
		prefix := "x"
		if len(pos) >= 2 {
			prefix = pos[1]
		}
		add(prefix + "*")
	case "csplit":
		prefix, _ := c.Flag("-f", "--prefix")
		if prefix == "" {
			prefix = "xx"
		}
		add(prefix + "*")
	case "tree":
		for _, v := range c.FlagAll("-o") {
			add(v)
		}
	case "less":
		for _, v := range c.FlagAll("-o", "--log-file", "-O", "--LOG-FILE") {
			add(v)
		}
	case "yq":
		if c.Has("-i", "--inplace") {
			for _, p := range pos[min(1, len(pos)):] {
				add(p)
			}
		}
	}
	return out
}

// copyChanges: cp, mv, install, ln and rsync write DEST/name-of-source when
// DEST is a directory, or DEST itself (a new name) when it is not yet one;
// mv also takes its sources away.
func copyChanges(c *Cmd) []selfChange {
	out := copyWrites(c)
	if c.Name == "mv" || c.Name == "gmv" {
		for _, s := range copySources(c) {
			out = append(out, selfChange{s, true})
		}
	}
	return out
}

// copySources are the sources of cp, mv, install, ln and rsync (every
// operand but the destination, or all of them with -t).
func copySources(c *Cmd) []string {
	pos := c.Positional()
	if _, hasT := c.Flag("-t", "--target-directory"); hasT {
		return pos
	}
	if len(pos) < 2 {
		return nil
	}
	return pos[:len(pos)-1]
}

// copyWrites are the paths cp, mv, install, ln and rsync write: for each
// source DEST/name-of-source when DEST is or may be a directory (a
// trailing slash, -t, several sources, a name without an extension such
// as ~, . or .git/hooks), and DEST itself when it may be a new name. This
// is the one place the destinations of a copy are computed: the rules for
// the agents' settings and the rules for the files that run later (start-
// up files, git hooks, credentials, system paths) read it alike.
func copyWrites(c *Cmd) []selfChange {
	name := c.Name
	if name == "gcp" || name == "gmv" {
		name = name[1:] // GNU's names on macOS and BSD
	}
	if name == "install" && c.Has("-d", "--directory") {
		return nil // creates empty directories
	}
	pos := c.Positional() // the specs say which options take a value
	dest, hasT := c.Flag("-t", "--target-directory")
	if !hasT {
		if len(pos) < 2 {
			return nil
		}
		dest, pos = pos[len(pos)-1], pos[:len(pos)-1]
	}
	if name == "rsync" && c.Has("-n", "--dry-run", "--list-only") {
		return nil // lists what it would do
	}
	if dest == "" || name == "rsync" && remotePath(dest) || scratchCopy(c, name, dest) {
		return nil
	}
	// Whether a source may be a directory whose whole content lands: mv
	// and ln take directories as they are, cp and rsync when recursive.
	tree := name == "mv" || name == "ln" ||
		name == "cp" && c.Has("-r", "-R", "--recursive", "-a", "--archive") ||
		name == "rsync" && c.Has("-r", "--recursive", "-a", "--archive")
	var out []selfChange
	into := hasT || len(pos) > 1
	for _, s := range pos {
		into = into || isGlobPath(s)
	}
	for _, s := range pos {
		if name == "rsync" && strings.HasSuffix(s, "/") {
			// rsync src/ dest: the content of src, whatever its names.
			out = append(out, selfChange{selfJoin(dest, selfAny), true})
			continue
		}
		if isGlobPath(s) {
			into = true
		}
		if into || strings.HasSuffix(dest, "/") || !fileLike(dest) {
			out = append(out, selfChange{selfJoin(dest, selfBase(s, false)), tree || isGlobPath(s)})
		}
	}
	if !into || c.Has("-T", "--no-target-directory") {
		// The destination may not exist yet: it becomes the source.
		out = append(out, selfChange{dest, tree})
	}
	return out
}

// copiedInto reports the destination operand of a copy or a move that
// goes into it: cp -r dist ~/tools/ writes ~/tools/dist, judged on its
// own, and leaves the rest of ~/tools (a hook program there) as it is. A
// directory that holds a program exists, so it never becomes the copy;
// with -T (cp -rT dist ~/tools), rsync dist/ or cp -r dist/. the
// source's names land in it, and ln
// -sfn can replace a link to it: both stay judged whole.
func copiedInto(c *Cmd, p string) bool {
	switch strings.TrimPrefix(c.Name, "g") {
	case "cp", "mv", "install", "rsync":
	default:
		return false
	}
	if c.Has("-T", "--no-target-directory") {
		return false
	}
	pos := c.Positional()
	if _, hasT := c.Flag("-t", "--target-directory"); hasT || len(pos) < 2 {
		return false
	}
	for _, s := range pos[:len(pos)-1] {
		if spreadsContent(c, s) {
			return false
		}
	}
	return pos[len(pos)-1] == p
}

// spreadsContent reports a source whose content, not itself, is copied:
// rsync src/, cp -r src/. (whatever names it holds land in the
// destination).
func spreadsContent(c *Cmd, s string) bool {
	s = strings.ReplaceAll(s, `\`, "/")
	return s == "." || strings.HasSuffix(s, "/.") || strings.HasSuffix(s, "/") && strings.TrimPrefix(c.Name, "g") == "rsync"
}

// remotePath reports rsync's host:path and rsync:// destinations.
func remotePath(p string) bool {
	if strings.Contains(p, "://") {
		return true
	}
	i := strings.IndexByte(p, ':')
	return i > 0 && !strings.Contains(p[:i], "/")
}

// deleteChanges: each named path goes, with what it holds when the
// deletion is recursive (trash takes directories whole).
func deleteChanges(c *Cmd) []selfChange {
	if c.Name == "gio" {
		p := c.Positional()
		if len(p) == 0 || p[0] != "trash" && p[0] != "remove" && p[0] != "move" {
			return nil
		}
		var out []selfChange
		for _, a := range p[1:] {
			out = append(out, selfChange{a, true})
		}
		return out
	}
	tree := c.Name == "trash" || c.Name == "trash-put" || c.Name == "rm" && c.Has("-r", "-R", "--recursive", "-d", "--dir")
	var out []selfChange
	for _, a := range c.Positional() {
		out = append(out, selfChange{a, tree})
	}
	return out
}

// findChanges: find … -delete (or -exec, whose command gets {}) changes
// what it finds under its roots: the names -name matches at any depth,
// else the roots whole.
func findChanges(c *Cmd) []selfChange {
	if !c.Has("-delete") && !findRunsDelete(c) && !findRunsWrite(c) {
		return nil // find … -exec grep: reads what it finds
	}
	q := parseFind(c)
	var out []selfChange
	for _, p := range c.FlagAll("-path", "-wholename", "-ipath", "-iwholename") {
		// -path './.claude/*': the pattern is the path as find prints it.
		out = append(out, selfChange{p, true})
	}
	for _, r := range q.roots {
		switch {
		case q.name != "" && q.name != "." && q.name != ".." && !strings.Contains(q.name, "/") && !strings.ContainsAny(q.name, "$`"):
			out = append(out, selfChange{selfJoin(r, selfDeep+"/"+q.name), true})
		default:
			// Unfiltered, or filtered by age, size or type: the root is
			// judged whole (a search of the project is not aimed at its
			// settings; one of .claude is).
			out = append(out, selfChange{r, true})
		}
	}
	return out
}

// findTakers are the programs find's -exec runs to take away what it
// found.
var findTakers = map[string]bool{"rm": true, "rmdir": true, "unlink": true, "shred": true, "srm": true, "mv": true, "trash": true, "trash-put": true, "gio": true}

// findRunsDelete reports find … -exec rm (-execdir, -ok, -okdir; the
// program by its base name).
func findRunsDelete(c *Cmd) bool {
	// find's actions are not options of its spec: read as written.
	args := c.Args
	for i := 0; i+1 < len(args); i++ {
		switch args[i] {
		case "-exec", "-execdir", "-ok", "-okdir":
			prog := args[i+1]
			if j := strings.LastIndexByte(prog, '/'); j >= 0 {
				prog = prog[j+1:]
			}
			if findTakers[prog] {
				return true
			}
		}
	}
	return false
}

// tarClusterExtract reports tar's old-style first word (xzf, xvf).
func tarClusterExtract(c *Cmd) bool {
	w := c.Sub(0)
	return strings.Contains(w, "x") && len(w) <= 8 && strings.Trim(w, "xzjJvfpoOkmwaSU") == ""
}

// gitChanges: the git commands that delete, move away or revert files in
// the working tree.
//
//   - git stash -u/--include-untracked takes untracked files away (an
//     agent's settings file not yet committed); -a/--all ignored ones too
//     (.claude/settings.local.json is git-ignored where Claude Code
//     created it). Plain git stash reverts tracked files to their
//     committed content, a person's: no change of the settings.
//   - git clean -x/-X removes ignored files, -d untracked directories (a
//     .claude not yet committed); without them (and without a path) it
//     removes untracked files in tracked directories only, which leaves
//     a committed settings directory's ignored local file alone.
//   - git checkout/restore/rm/mv of the settings' paths revert, delete or
//     move them.
func gitChanges(c *Cmd) []selfChange {
	verb := gitVerb(c.Args)
	switch verb {
	case "stash", "clean", "archive", "checkout", "restore", "rm", "mv":
	default:
		return nil // the verbs below are the only ones that change files
	}
	args := gitVerbArgs(c.Args)
	if gitAsksHelp(args, nil) {
		return nil // git.go: it prints the command's help
	}
	sub := ""
	if verb == "stash" && len(args) > 0 && !strings.HasPrefix(args[0], "-") {
		sub, args = args[0], args[1:]
	}
	paths, flags := gitPathspec(args, verb)
	switch verb {
	case "stash":
		if sub != "" && sub != "push" && sub != "save" {
			return nil // list, show, pop, apply, drop …
		}
		if !flags["-u"] && !flags["--include-untracked"] && !flags["-a"] && !flags["--all"] {
			return nil
		}
		if sub == "save" {
			paths = nil // save's words are the message
		}
	case "clean":
		if flags["-n"] || flags["--dry-run"] {
			return nil
		}
		if len(paths) == 0 && !flags["-x"] && !flags["-X"] && !flags["-d"] {
			return nil
		}
	case "archive":
		// git archive HEAD .claude | tar x: the committed settings
		// brought back over the current ones. Its words after the
		// revision are the paths.
		if len(paths) > 0 {
			paths = paths[1:]
		}
		var out []selfChange
		for _, p := range paths {
			out = append(out, selfChange{p, true})
		}
		return out
	case "checkout", "restore", "rm", "mv":
		if verb == "restore" && (flags["--staged"] || flags["-S"]) && !flags["--worktree"] && !flags["-W"] {
			return nil // only the index
		}
		var out []selfChange
		for _, p := range paths {
			if p == "." || p == "./" || p == ":/" || p == "*" {
				if verb == "rm" && !flags["--cached"] {
					// git rm -r .: every tracked file goes, the project's
					// settings with them.
					out = append(out, projectSettings...)
				}
				continue
			}
			out = append(out, selfChange{p, true})
		}
		return out
	default:
		return nil
	}
	if len(paths) == 0 {
		// The whole working tree, where the project's settings are.
		return projectSettings
	}
	var out []selfChange
	for _, p := range paths {
		out = append(out, selfChange{p, true})
	}
	return out
}

// projectSettings are the project's agent settings and policy, for a git
// command over the whole working tree.
var projectSettings = []selfChange{{".claude/settings.local.json", false}, {".claude/settings.json", false}, {".github/hooks", true},
	{".codex/hooks.json", false}, {".gemini/settings.json", false}, {".cursor/hooks.json", false}}

// gitVerbArgs are the words after git's subcommand.
func gitVerbArgs(args []string) []string {
	for i := 0; i < len(args); i++ {
		switch a := args[i]; {
		case a == "-C" || a == "-c" || a == "--git-dir" || a == "--work-tree" || a == "--namespace":
			i++
		case strings.HasPrefix(a, "-"):
		default:
			return args[i+1:]
		}
	}
	return nil
}

// gitPathspec splits a git subcommand's words into paths and flags
// (single-letter clusters spread: -fdx is -f -d -x).
//
// The flag set is made on the first flag: most git commands give none, and
// a nil map reads as empty.
func gitPathspec(args []string, verb string) ([]string, map[string]bool) {
	var flags map[string]bool
	var paths []string
	// The options whose value is the next word, as a switch: a map
	// literal here was made anew on every git command.
	valued := func(k string) bool {
		switch k {
		case "-m", "--message", "-e", "--exclude", "-s", "--source", "--pathspec-from-file", "-b", "-B":
			return true
		}
		return false
	}
	dashdash := false
	for i := 0; i < len(args); i++ {
		a := args[i]
		switch {
		case dashdash:
			paths = append(paths, a)
		case a == "--":
			dashdash = true
		case strings.HasPrefix(a, "--"):
			k, _, _ := strings.Cut(a, "=")
			flags = setFlag(flags, k)
			if valued(k) && !strings.Contains(a, "=") {
				i++
			}
		case strings.HasPrefix(a, "-") && len(a) > 1:
			for _, ch := range a[1:] {
				flags = setFlag(flags, shortFlag(ch))
			}
			if valued(a) {
				i++
			}
		default:
			paths = append(paths, a)
		}
	}
	if verb == "checkout" && !dashdash && len(paths) > 0 && !strings.ContainsAny(paths[0], "/.*") {
		paths = paths[1:] // git checkout BRANCH [paths]
	}
	return paths, flags
}

// setFlag adds k to flags, making the set when it is nil.
func setFlag(flags map[string]bool, k string) map[string]bool {
	if flags == nil {
		flags = make(map[string]bool, 4)
	}
	flags[k] = true
	return flags
}

// shortFlag is "-" followed by ch: for an ASCII letter or digit a slice of
// dashedASCII, so that naming a cluster's letters allocates nothing.
func shortFlag(ch rune) string {
	if ch >= '0' && ch <= 'z' {
		i := 2 * int(ch-'0')
		return dashedASCII[i : i+2]
	}
	return "-" + string(ch)
}

// dashedASCII holds "-c" for each byte c from '0' to 'z', in order.
const dashedASCII = "-0-1-2-3-4-5-6-7-8-9-:-;-<-=->-?-@-A-B-C-D-E-F-G-H-I-J-K-L-M-N-O-P-Q-R-S-T-U-V-W-X-Y-Z-[-\\-]-^-_-`-a-b-c-d-e-f-g-h-i-j-k-l-m-n-o-p-q-r-s-t-u-v-w-x-y-z"

// selfGlobWriters are programs whose arguments are the files they
// change: a wildcard among them changes whatever it matches.
var selfGlobWriters = map[string]bool{"tee": true, "truncate": true, "touch": true, "chmod": true, "chown": true, "chgrp": true, "chattr": true, "setfacl": true, "dd": true}

// selfChanged judges the paths a command changes against the control
// plane: what a copy, a move, a deletion or a glob reaches beyond the
// names written on its command line.
func (r *report) selfChanged(c *Cmd) bool {
	if c.Name == "actionguard" || c.Name == "actionguard-hook" {
		return false
	}
	// The places a program writes into come first: they take names from
	// its source, and are not a directory deleted, moved or hidden whole.
	changes, spread := intoChanges(c)
	nInto := len(changes)
	changes = append(changes, namedChanges(c)...)
	if len(changes) == 0 && selfGlobWriters[c.Name] {
		for _, a := range c.Positional() {
			if isGlobPath(a) || strings.ContainsAny(a, "$`") {
				changes = append(changes, selfChange{a, false})
			}
		}
	}
	env := r.env
	if c.env != nil {
		env = c.env.in(c.Cwd) // cd .claude && rm *
	}
	if c.Name == "git" && gitVerb(c.Args) == "clean" {
		changes = env.cleanRemoves(changes)
	}
	if h := env.linkHome(c); h != "" {
		r.mutates()
		r.add(c.find(ruleSelfWrite, c.Name+" makes a second name for "+h+", the home directory that holds the agent's settings and actionguard's own files: a write through it would not be seen as theirs.", h))
		return true
	}
	if extractsArchive(c) {
		dests := changes
		if len(dests) == 0 {
			dests = []selfChange{{".", true}} // where the command runs
		}
		for _, ch := range dests {
			if abs, ok := env.resolve(ch.path); ok && env.home != "" && (abs == env.home || strings.HasPrefix(env.home, abs+"/") || abs == "/" || env.controlAncestor(abs)) {
				// What the archive holds is not shown: over the home
				// directory it can replace the agents' settings and
				// actionguard's own files.
				r.mutates()
				shown := showChange(ch.path)
				r.add(c.find(ruleSelfWrite, c.Name+" unpacks an archive whose content is not shown into "+shown+", which holds the agent's settings and actionguard's own files: it could replace them, so a person decides.", shown))
				return true
			}
		}
	}
	if r.selfHidden(c, env) {
		return true
	}
	keeps := keepsAccess(c, env)
	for i, ch := range changes {
		if keeps && ch.tree && env.aboveSettings(ch.path) {
			// chmod 700 ~, chmod -R go-w ~/.config: the owner keeps
			// their access to everything below.
			ch.tree = false
		}
		follow := !takesName[c.Name] || strings.HasSuffix(ch.path, "/")
		part := env.selfReachOnDisk(ch, follow)
		if !part.ok() && i >= nInto && ch.tree && takesWhole(c, env) && !copiedInto(c, ch.path) && !(extractsArchive(c) && r.archiveSpares(c, env)) {
			// rm -rf ~/go/bin, mv ~/.local/bin …, chmod 000 ~/go/bin.
			part = env.programReach(ch.path, true)
		}
		if !part.ok() && i < nInto && spread[i] {
			// cargo install --root ~/go, pip install --prefix ~/go: names
			// the source gives, in a directory that holds the program the
			// hooks run, may be its name.
			part = env.programReach(ch.path, true)
		}
		if !part.ok() {
			// tee ~/.claude/$x, ln -sf x ~/.c$n/settings.json: a part
			// known only at run time may name the place.
			part = env.selfReachUnknown(ch.path, selfGlobWriters[c.Name] || ch.path != "" && !ch.tree)
		}
		if !part.ok() {
			// rm "$(go env GOBIN)/actionguard-hook": the name of a program
			// the hooks run, in a directory known only when it runs.
			part = env.unknownProgram(ch.path)
		}
		if !part.ok() && isGlobPath(ch.path) {
			// split -l 1 x .actionguard.yam: a wildcard over the names
			// of actionguard's own files.
			part = env.controlGlob(ch.path)
			if !part.ok() && globNamesPolicy(path.Base(ch.path)) {
				part = controlPart{what: "a policy file of actionguard"}
			}
		}
		if part.ok() {
			r.mutates()
			shown := showChange(ch.path)
			who := c.Name
			if c.Name == "git" {
				who = "git " + gitVerb(c.Args)
			}
			r.add(c.find(ruleSelfWrite, who+" changes "+part.what+" ("+shown+"): changing it is a person's call.", shown))
			return true
		}
	}
	return false
}

// keepsAccess reports a metadata change that leaves the owner's access
// (chmod 700 ~/.config, chown -R me ~/.local): it hides nothing a
// directory holds.
func keepsAccess(c *Cmd, env *analysis) bool {
	return metaPrograms[c.Name] && !metaHides(c.Name, metaOf(c).spec, env.home)
}

// aboveSettings reports the home directory, a directory above it, or one
// between it and actionguard's own directories (~/.config, ~/.local,
// ~/.local/state): places that hold the protected ones among the
// developer's other files.
func (e *analysis) aboveSettings(p string) bool {
	abs, ok := e.resolve(p)
	return ok && e.home != "" && (selfHomeOrAbove(abs, e.home) || e.controlAncestor(abs))
}

// takesWhole reports whether c's changes of a directory take what it
// holds away: a deletion or a move, or a change of mode, owner or
// attributes that hides it (chmod 755 keeps it).
func takesWhole(c *Cmd, env *analysis) bool {
	return !keepsAccess(c, env)
}

// extractsArchive reports whether c unpacks an archive (tar -x, unzip).
func extractsArchive(c *Cmd) bool {
	switch c.Name {
	case "tar", "bsdtar", "gtar":
		return c.Has("-x", "--extract", "--get") || tarClusterExtract(c)
	case "unzip":
		return true
	}
	return false
}

// globNamesPolicy reports whether the wildcard pattern base, with at
// least three letters before its first wildcard, can name a policy file of
// actionguard (a project's .actionguard.yaml or actionguard.yaml), whatever
// the case.
func globNamesPolicy(base string) bool {
	base = strings.ToLower(base)
	if i := strings.IndexAny(base, "*?["); i < 3 {
		return false // too little of a name to aim at one (*, docs/*.*)
	}
	for _, n := range []string{"actionguard.yaml", ".actionguard.yaml"} {
		if ok, err := path.Match(base, n); ok && err == nil {
			return true
		}
	}
	return false
}

// takesName are the programs that act on a name itself: deleting or
// moving a link takes the link, not what it names (rm cc, mv cc x).
var takesName = map[string]bool{"rm": true, "unlink": true, "trash": true, "trash-put": true, "gio": true, "mv": true, "gmv": true}

// fileLike reports a name with an extension (policy-copy.yaml, not
// .claude): the destination of a copy, not a directory it goes into.
func fileLike(p string) bool {
	b := path.Base(p)
	if strings.HasSuffix(b, ".d") {
		return false // conf.d, sudoers.d, profile.d: directories by convention
	}
	return strings.LastIndexByte(b, '.') > 0
}
