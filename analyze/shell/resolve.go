package shell

import (
	"path"
	"strings"
)

// Links on disk. A path is judged as written; a link made by an earlier
// tool call (ln -s ~/.claude cc, then echo {} > cc/settings.json) or a
// hard link to a protected file (cp -al ~/.claude cl) gives a harmless
// name to a protected place. When the caller lets the analysis look at
// this machine's files (Options.ResolvePath), every rule that judges a
// destination also sees where the path really leads, and the stricter of
// the two judgements holds. The analysis itself never touches the disk.

// MaxPathLookups bounds the paths resolved on disk in one analysis; past
// it, paths are judged as written and a command that writes is reported
// as too complex to check fully.
const MaxPathLookups = 512

// diskLinks is what one analysis learned of links on disk. It is shared by
// the copies of an analysis (cd, subshells) and is not safe for concurrent
// use.
type diskLinks struct {
	resolve func(cwd, p string) (string, bool)
	cwd     string // the working directory of the analysis, as given
	lookups int
	spent   bool // a path was left unresolved: MaxPathLookups were made
	// real caches each absolute path's resolution: the real path when it
	// differs, "" when it does not or is not known.
	real map[string]string
	// rcwd and rhome are the working and home directories on disk; a real
	// path under them is named from the directories as given.
	rcwd, rhome string
	roots       bool
	// linked are the written paths found to lead elsewhere, with whether
	// their last component was followed: a finding about one says so.
	linked map[string]bool
}

// newDiskLinks is the link state for opt, nil when the analysis may not
// look at the disk.
func newDiskLinks(opt Options) *diskLinks {
	if opt.ResolvePath == nil {
		return nil
	}
	return &diskLinks{resolve: opt.ResolvePath, cwd: cleanDir(opt.Cwd)}
}

// lookup resolves the absolute path abs on disk through the caller's
// resolver, within MaxPathLookups; "" when it leads nowhere else or is not
// known.
func (d *diskLinks) lookup(abs string) string {
	if r, ok := d.real[abs]; ok {
		return r
	}
	if d.lookups >= MaxPathLookups {
		d.spent = true
		return ""
	}
	d.lookups++
	r, ok := d.resolve(d.cwd, abs)
	if !ok || r == "" || !strings.HasPrefix(r, "/") || strings.IndexByte(r, 0) >= 0 {
		r = ""
	}
	if r != "" {
		r = path.Clean(r)
	}
	if r == abs {
		r = ""
	}
	if d.real == nil {
		d.real = map[string]string{}
	}
	d.real[abs] = r
	return r
}

// onDisk returns where the cleaned absolute path abs leads on disk when
// that is elsewhere. follow says whether a link in the last component is
// followed: a write or a read goes through it, a deletion or a move of the
// name takes the link itself (rm cc), unless the name ends in a slash.
// Paths under /dev, /proc and /sys, relative paths and paths known only
// at run time are never resolved.
func (e *analysis) onDisk(abs string, follow bool) (string, bool) {
	d := e.disk
	if d == nil || !strings.HasPrefix(abs, "/") || strings.IndexByte(abs, 0) >= 0 || len(abs) > 4096 || abs == "/" ||
		isDeviceOrProc(abs+"/") {
		return "", false
	}
	var real string
	if follow {
		real = d.lookup(abs)
	} else {
		dir, base := path.Split(abs)
		dir = path.Clean(dir)
		if dir == "/" {
			return "", false
		}
		rdir := d.lookup(dir)
		if rdir == "" {
			return "", false
		}
		real = path.Join(rdir, base)
	}
	if real == "" {
		return "", false
	}
	real = e.asGiven(real)
	if real == abs {
		return "", false
	}
	return real, true
}

// asGiven names a real path from the working or home directory as given
// when it lies under them on disk (the project opened through a link, a
// home directory under /System/Volumes): those are not links to elsewhere.
func (e *analysis) asGiven(real string) string {
	d := e.disk
	if !d.roots {
		d.roots = true
		if e.cwd != "" {
			d.rcwd = d.lookup(e.cwd)
		}
		if e.home != "" {
			d.rhome = d.lookup(e.home)
		}
	}
	for _, p := range [][2]string{{d.rcwd, e.cwd}, {d.rhome, e.home}} {
		if p[0] == "" {
			continue
		}
		if real == p[0] {
			return p[1]
		}
		if strings.HasPrefix(real, p[0]+"/") {
			return p[1] + real[len(p[0]):]
		}
	}
	return real
}

// noteLinked records a written path that leads elsewhere on disk, for
// the message of a finding about it.
func (e *analysis) noteLinked(written string, follow bool) {
	d := e.disk
	if d.linked == nil {
		d.linked = map[string]bool{}
	}
	if _, had := d.linked[written]; !had || follow {
		d.linked[written] = follow
	}
}

// realClass is the class of where the written path p (cleaned to abs)
// leads on disk, when that is elsewhere.
func (e *analysis) realClass(p, abs string, follow bool) (PathClass, bool) {
	real, ok := e.onDisk(abs, follow)
	if !ok {
		return PathClass{}, false
	}
	e.noteLinked(p, follow)
	c := *e
	c.disk = nil // the real path is judged as it is
	c.dir = ""
	return c.classify(real), true
}

// stricter merges the class of a path as written (c) with the class of
// where it leads on disk (rc): when the real place is one a rule cares
// about more (outside the project, a credential, the agent's settings, a
// system directory…), it is judged as that place, and what the written
// name says still counts.
func (c PathClass) stricter(rc PathClass) PathClass {
	if !rc.adds(c) {
		return c
	}
	out := rc
	out.Known, out.Wildcard = c.Known, c.Wildcard
	if out.Credential == "" {
		out.Credential = c.Credential
	}
	if out.DataFile == "" {
		out.DataFile = c.DataFile
	}
	if out.Autorun == "" {
		out.Autorun, out.ProjectAutorun = c.Autorun, c.ProjectAutorun
	}
	out.Startup = out.Startup || c.Startup
	out.GitInternals = out.GitInternals || c.GitInternals
	out.CIConfig = out.CIConfig || c.CIConfig
	out.AgentSettings = out.AgentSettings || c.AgentSettings
	out.HoldsWorkspace = out.HoldsWorkspace || c.HoldsWorkspace
	return out
}

// adds reports whether rc says something about a place that c does not.
func (rc PathClass) adds(c PathClass) bool {
	outside := func(x PathClass) bool { return !x.Workspace && !x.Temp && !x.TempRoot }
	return rc.Root && !c.Root || rc.System && !c.System || rc.Device && !c.Device || rc.Home && !c.Home ||
		rc.InHome && !c.InHome && !c.Home || outside(rc) && !outside(c) ||
		rc.Credential != "" && c.Credential == "" || rc.Startup && !c.Startup || rc.Autorun != "" && c.Autorun == "" ||
		rc.GitInternals && !c.GitInternals || rc.CIConfig && !c.CIConfig || rc.AgentSettings && !c.AgentSettings ||
		rc.HoldsWorkspace && !c.HoldsWorkspace || rc.DataFile != "" && c.DataFile == ""
}

// classifyOnDisk is classify with the last component followed or not.
func (e *analysis) classifyOnDisk(p string, follow bool) PathClass {
	c := e.classifyWritten(p)
	if e.disk == nil || !c.Known {
		return c
	}
	if rc, ok := e.realClass(p, c.Abs, follow); ok {
		return c.stricter(rc)
	}
	return c
}

// linkNote says, in the user's words, which link the written path p goes
// through: "cc is a link to ~/.claude". "" when it goes through none.
func (e *analysis) linkNote(p string, follow bool) string {
	if e.disk == nil {
		return ""
	}
	abs, ok := e.resolve(p)
	if !ok {
		return ""
	}
	real, ok := e.onDisk(abs, follow)
	if !ok {
		return ""
	}
	end := len(abs)
	if !follow {
		end = strings.LastIndexByte(abs, '/')
	}
	// The first component of the path that leads elsewhere, from the
	// working directory (or the root) down.
	start := 1
	if e.cwd != "" && strings.HasPrefix(abs, e.cwd+"/") {
		start = len(e.cwd) + 1
	}
	for i := start; i <= end; i++ {
		if i < end && abs[i] != '/' {
			continue
		}
		prefix := abs[:i]
		r, ok := e.onDisk(prefix, true)
		if !ok {
			continue
		}
		if i == len(abs) {
			r = real
		}
		return e.showAs(p, prefix) + " is a link to " + e.showHome(r)
	}
	return ""
}

// showAs names the absolute prefix of the written path p the way p was
// written: relative to the working directory, from ~, or absolute.
func (e *analysis) showAs(p, prefix string) string {
	switch {
	case !strings.HasPrefix(p, "/") && !strings.HasPrefix(p, "~") && !strings.HasPrefix(p, "$") && e.cwd != "" && strings.HasPrefix(prefix, e.cwd+"/"):
		return prefix[len(e.cwd)+1:]
	case !strings.HasPrefix(p, "/"):
		return e.showHome(prefix)
	}
	return prefix
}

// showHome writes a path under the home directory from ~.
func (e *analysis) showHome(p string) string {
	if e.home != "" && (p == e.home || strings.HasPrefix(p, e.home+"/")) {
		return "~" + p[len(e.home):]
	}
	return p
}

// noteLinks adds to a finding's message which link its target goes
// through, when one of its targets was found to lead elsewhere on disk.
func (e *analysis) noteLinks(msg string, targets ...string) string {
	d := e.disk
	if d == nil || len(d.linked) == 0 {
		return msg
	}
	for _, t := range targets {
		follow, ok := d.linked[t]
		if !ok {
			continue
		}
		if note := e.linkNote(t, follow); note != "" && !strings.Contains(msg, note) {
			return withNote(msg, note)
		}
	}
	return msg
}

// withNote adds a note in parentheses at the end of a message's last
// sentence.
func withNote(msg, note string) string {
	return strings.TrimSuffix(msg, ".") + " (" + note + ")."
}

// ProtectedFiles lists the files of this machine a hard link could give a
// second name to, by absolute path, for a resolver (Options.ResolvePath)
// that tells a hard link of one: the agents' settings and hooks (the
// user's and the project's at cwd), the shell start-up files, the usual
// credential files and the system's password files. dirs are the
// directories whose files count as well (actionguard's own places, the
// SSH directory): the resolver lists them itself. Nothing is read.
func ProtectedFiles(home, cwd string) (files, dirs []string) {
	home, cwd = cleanDir(home), cleanDir(cwd)
	agent := append(append([]string(nil), agentHookFiles...), "/.mcp.json")
	if home != "" {
		for _, f := range agent {
			files = append(files, home+f)
		}
		files = append(files, home+"/.claude.json")
		for f := range startupFiles {
			files = append(files, home+"/"+f)
		}
		for _, f := range []string{"/.config/fish/config.fish", "/.aws/credentials", "/.aws/config", "/.netrc", "/.kube/config",
			"/.docker/config.json", "/.git-credentials", "/.npmrc", "/.pypirc", "/.pgpass", "/.my.cnf", "/.config/gh/hosts.yml",
			"/.vault-token", "/.config/gcloud/application_default_credentials.json", "/.gitconfig"} {
			files = append(files, home+f)
		}
		dirs = append(dirs, home+"/.ssh", home+"/.gnupg")
		for _, d := range homeControlDirs() {
			dirs = append(dirs, home+d)
		}
		for _, d := range agentHookDirs {
			dirs = append(dirs, home+strings.TrimSuffix(d, "/"))
		}
	}
	if cwd != "" && cwd != home {
		for _, f := range agent {
			files = append(files, cwd+f)
		}
		files = append(files, cwd+"/.git/config", cwd+"/.env")
		for _, d := range agentHookDirs {
			dirs = append(dirs, cwd+strings.TrimSuffix(d, "/"))
		}
		dirs = append(dirs, cwd+"/.git/hooks")
	}
	files = append(files, "/etc/passwd", "/etc/shadow", "/etc/sudoers", "/etc/group")
	return files, dirs
}

// cleanRemoves keeps, of the paths git clean changes, those it may really
// remove: a file that is there and not committed, or one the caller
// cannot tell about (Options.Untracked). Without the option all are kept.
func (e *analysis) cleanRemoves(changes []selfChange) []selfChange {
	if e.untracked == nil {
		return changes
	}
	var out []selfChange
	for _, ch := range changes {
		abs, ok := e.resolve(ch.path)
		if !ok || !strings.HasPrefix(abs, "/") || isGlobPath(ch.path) {
			out = append(out, ch)
			continue
		}
		if untracked, ok := e.untracked(abs); !ok || untracked {
			out = append(out, ch)
		}
	}
	return out
}

// diskPathLike reports an argument that may be a path to look up on disk:
// not an option, an assignment or a piece of code.
func diskPathLike(a string) bool {
	return a != "" && a[0] != '-' && len(a) <= 4096 && !strings.ContainsAny(a, " \t\n=;|&$`'\"(){}<>\x00")
}

// reportDisk reports a command that writes and names more paths than
// could be looked up on disk: one of them may be a link that was not seen.
func (r *report) reportDisk() {
	if d := r.env.disk; d != nil && d.spent && r.writes {
		r.add(ruleTooComplex.Find("", "This command is too complex to check fully: it names more than "+itoa(MaxPathLookups)+" paths to look up on disk, and one may be a link to a protected place.", ""))
	}
}
