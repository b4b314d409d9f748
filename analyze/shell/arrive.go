package shell

import (
	"path"
	"strings"

	"github.com/actionguard/actionguard/rule"
)

// Files that arrive. An archive unpacked, a patch applied or a git
// operation that brings another revision's files writes whatever it
// carries: the agents' settings or actionguard's policy can arrive that
// way without ever being named on the command line. The judgement is
// about what the operation can write:
//
//   - what it carries is known (a patch in a here-document; with
//     Options.ReadFile and Options.Incoming, the archive's members, the
//     patch file's headers, the names another revision changes): a member
//     that lands on a protected file is judged as writing that file (it
//     is blocked, as a cp onto it is);
//   - what it carries is not known (no local files, an archive fed from a
//     pipe or the network, a format not read here, a read that failed or
//     passed its bounds): unpacked or applied where the agents' settings
//     and actionguard's policy are read (the working directory or above
//     it, the home directory, a settings directory) or where names may
//     leave the destination (cpio, tar -P), a person decides. Elsewhere (a
//     subdirectory, a scratch directory) it runs: the unpacking programs
//     keep members inside the destination.
//
// A git operation whose incoming revisions are not read (a pull, a merge
// or a reset after a fetch, a revision not local, a submodule update)
// runs: a branch, a pull or a merge is a person's own history. When the
// repository tracks the agents' settings or actionguard's policy it is
// noted, naming them: the next session's hook reads what arrived (see
// arrive_pull.go).

// Incoming asks the caller what an operation would write on this machine
// (Options.Incoming): an archive's members, or the names that differ
// between two git revisions.
type Incoming struct {
	// Archive is the absolute path of an archive (tar, possibly
	// compressed, or zip) whose members are listed.
	Archive string
	// Repo is the absolute directory git runs in, for From and To.
	Repo string
	// From and To are git revisions: the paths that differ between them
	// are listed (every file of To when From is empty).
	From, To string
	// MergeBase compares To with the merge base of From and To (git diff
	// From...To): what a merge or a rebase brings in.
	MergeBase bool
}

// IncomingFile is one member of an archive, or one path of a revision.
type IncomingFile struct {
	Name string // slash-separated, as the archive or the revision names it
	Link string // the target of a symbolic link member, else ""
	Dir  bool   // a directory member
}

// MaxIncomingReads bounds the Incoming calls of one analysis.
const MaxIncomingReads = 4

// maxArriveNames bounds the paths judged for one operation; more are a
// listing that cannot be told.
const maxArriveNames = 20000

var ruleArriveUnseen = &rule.Rule{
	ID: "shell.arrive.unseen", Category: rule.Configuration, Points: 90, AlwaysReview: true,
	Summary:     "Unpacks an archive or applies a patch whose content is not shown where the agent's settings and actionguard's policy are read: it could replace them, so a person decides.",
	Alternative: "list the archive first (tar -tf, unzip -l) or unpack it into a new directory (tar -xf x.tar -C build/), then copy out what you need",
	Match: []string{"tar -xf x.tar", "tar xzf x.tgz", "unzip x.zip", "curl -sL https://example.com/x.tgz | tar -xz", "gunzip -c x.tgz | tar -x",
		"cpio -idm < x.cpio", "7z x x.7z", "python3 -m zipfile -e x.zip .", "git archive HEAD | tar -x -C ..", "git apply fix.diff", "patch -p1 < fix.diff"},
	NoMatch: []string{"tar -tf x.tar", "tar -xf x.tar -C build/", "unzip -l x.zip", "unzip x.zip -d vendor", "git apply --check fix.diff",
		"patch --dry-run -p1 < fix.diff", "tar -xOf x.tar a.txt", "7z l x.7z", "tar -xzf x.tgz -C /tmp/x"},
}

// arrive judges c when it unpacks, applies or checks out files; in is its
// standard input.
func (w *walker) arrive(c *Cmd, in stream) {
	if c.Name == "git" && gitUpdatesRemoteRefs(c) {
		defer func() { w.r.fetched = true }()
	}
	op, ok := arrivalOf(c)
	if !ok {
		return
	}
	r := w.r
	env := r.env
	if c.env != nil {
		env = c.env
	}
	env = env.in(c.Cwd)
	if op.source == "" && op.kind != arriveGit {
		// Standard input: a literal (a here-document), a local file
		// (< x.tar, cat x.tar |), or something not known.
		if in.kind == streamLiteral || in.kind == streamDecoded {
			op.text, op.hasText = in.text, true
		} else if in.file != "" {
			op.sourceAbs = in.file
		}
	} else if op.source != "" {
		if abs, ok := env.resolve(op.source); ok && strings.HasPrefix(abs, "/") {
			op.sourceAbs = abs
		}
	}
	if op.into != "" {
		// patch FILE: every hunk goes into FILE.
		if part := env.controlOf(op.into); part.ok() {
			r.mutates()
			r.add(c.find(ruleSelfWrite, op.tool+" changes "+op.into+", "+part.what+": changing it is a person's call.", op.into))
		}
		return
	}
	if op.kind == arriveGit {
		for i, o := range op.only {
			if abs, ok := env.resolve(o); ok {
				op.only[i] = abs
			}
		}
	}
	if op.kind == arriveArchive && op.sourceAbs != "" {
		// An archive this command line (or the session) wrote or
		// downloaded is not what is on disk now: list its source when it
		// was copied, else its content is not known.
		if f, ok := r.flow.files[op.sourceAbs]; ok {
			op.sourceAbs = f.from
		}
		if w.downloaded[op.sourceAbs] != "" || r.flow.downloaded[op.sourceAbs] != "" {
			op.sourceAbs = ""
		}
	}
	files, known := r.arriving(op, env)
	if op.kind == arriveGit {
		if known {
			r.judgeArrived(c, op, env, files)
		}
		// See the package comment above: a revision not read runs, noted
		// when the repository tracks what the next session's hook reads.
		why := op.remote
		switch {
		case why != "":
		case !known:
			why = "a revision not read here (" + op.revs + ")"
		case r.fetched:
			why = "commits fetched just before (" + op.revs + ")"
		}
		if why != "" && !r.selfWritten(c) {
			r.pullSettings(c, op, env, why)
		}
		return
	}
	if known {
		if !r.arrivedLinks(c, op, env, files) { // self_linemade.go
			r.judgeArrived(c, op, env, files)
		}
		return
	}
	if op.kind == arriveArchive {
		r.noteUnseenLinks(c, op, env) // self_linemade.go
	}
	if r.selfWritten(c) {
		return // already blocked as a write of what it carries
	}
	for _, d := range op.dests {
		// Into a protected place itself (7z x a.7z -o ~/.claude, unrar x
		// a.rar ~/.config/actionguard/): whatever the archive holds
		// lands on the agent's settings or actionguard's files, which is
		// a write of them, not a question for a person at the hook.
		if abs, ok := env.resolve(d); ok && env.selfRootDir(selfParts(abs), env.homeParts()) {
			continue // the project or the home directory: a person decides, below
		}
		if part := env.selfReach(selfChange{selfJoin(d, selfAny), false}); part.ok() {
			r.mutates()
			what := "an archive whose content is not shown"
			if op.kind == arrivePatch {
				what = "a patch whose content is not shown"
			}
			r.add(c.find(ruleSelfWrite, op.tool+" "+op.verb+" "+what+" into "+showDest(d)+", among "+part.what+": changing it is a person's call.", d))
			return
		}
	}
	if op.kind == arriveArchive {
		r.arrivePersist(c, op, env)
	}
	for _, d := range op.dests {
		if why := r.arriveDestRisky(env, d, op.anywhere); why != "" {
			r.mutates()
			what := "an archive whose content is not shown"
			if op.kind == arrivePatch {
				what = "a patch whose content is not shown"
			}
			r.add(c.find(ruleArriveUnseen, op.tool+" "+op.verb+" "+what+" "+why+": it could replace the agent's settings or actionguard's policy, so a person decides.", d))
			return
		}
	}
}

// arrivePersist judges an archive whose members are not shown unpacked
// into a directory that holds, or is, a place whose files run by
// themselves later (persistPlaces): it is a write of that place.
func (r *report) arrivePersist(c *Cmd, op arrival, env *analysis) {
	for _, d := range op.dests {
		abs, ok := env.resolve(d)
		if !ok {
			continue
		}
		below, when, ok := persistBelow(abs, env.home)
		if !ok {
			continue
		}
		r.mutates()
		where := "into " + showDest(d)
		if below != "" {
			where += ", which holds " + strings.TrimSuffix(showDest(d), "/") + below
		}
		r.add(c.find(ruleWriteAutorun, op.tool+" "+op.verb+" an archive whose content is not shown "+where+" ("+when+"): what it puts there runs outside this session.", d))
		return
	}
}

// arriveDestRisky says, in words, why unseen content unpacked into dest
// can replace the agents' settings or actionguard's policy, or "".
func (r *report) arriveDestRisky(env *analysis, dest string, anywhere bool) string {
	if anywhere {
		return "whose member names may leave " + showDest(dest) + " (absolute or ../ names are kept)"
	}
	abs, ok := env.resolve(dest)
	if !ok {
		return "into " + dest + ", a directory known only when it runs"
	}
	session := r.flow.root.cwd
	if session == "" {
		session = "."
	}
	home := env.home
	switch {
	case abs == session || abs == "/" || strings.HasPrefix(session, abs+"/") || abs == "." || strings.HasPrefix(abs, "../") || abs == "..":
		return "into " + showDest(dest) + ", the working directory or above it, where the project's agent settings and policy are read"
	case home != "" && (abs == home || strings.HasPrefix(home, abs+"/")) || env.controlAncestor(abs):
		return "into " + showDest(dest) + ", which holds the agent's settings and actionguard's own files"
	}
	for _, leaf := range []string{"settings.json", "config.toml", "hooks.json", "hooks/x", "x.yaml"} {
		if env.controlPlane(abs + "/" + leaf).ok() {
			return "into " + showDest(dest) + ", a directory of the agent's settings or actionguard's files"
		}
	}
	return ""
}

func showDest(d string) string {
	if d == "." || d == "" {
		return "the working directory"
	}
	return d
}

// arriving lists the paths op writes, relative to its destination (or
// absolute); known is false when they cannot be told.
func (r *report) arriving(op arrival, env *analysis) ([]IncomingFile, bool) {
	switch op.kind {
	case arrivePatch:
		text, ok := op.text, op.hasText
		if !ok && op.sourceAbs != "" && r.flow.read != nil {
			fc, read := r.flow.file(op.sourceAbs)
			if read && !fc.partial && (fc.kind == streamLiteral || fc.kind == streamDecoded) {
				text, ok = fc.text, true
			}
		}
		for _, m := range op.more {
			if !ok {
				break
			}
			abs, resolved := env.resolve(m)
			if !resolved || r.flow.read == nil {
				ok = false
				break
			}
			fc, read := r.flow.file(abs)
			ok = read && !fc.partial && (fc.kind == streamLiteral || fc.kind == streamDecoded)
			text += "\n" + fc.text
		}
		if !ok {
			return nil, false
		}
		names, ok := PatchPaths(text)
		if !ok {
			return nil, false
		}
		files := make([]IncomingFile, len(names))
		for i, n := range names {
			files[i] = IncomingFile{Name: n}
		}
		return files, true
	case arriveArchive:
		if op.noList || op.renamed || op.sourceAbs == "" || r.incoming == nil || r.incomingReads >= MaxIncomingReads {
			return nil, false
		}
		r.incomingReads++
		files, err := r.incoming(Incoming{Archive: op.sourceAbs})
		if err != nil || len(files) > maxArriveNames {
			return nil, false
		}
		return files, true
	case arriveGit:
		if r.incoming == nil {
			return nil, false
		}
		repo := env.absDir()
		if repo == "" {
			return nil, false
		}
		var all []IncomingFile
		for _, q := range op.git {
			if r.incomingReads >= MaxIncomingReads {
				return nil, false
			}
			r.incomingReads++
			q.Repo = repo
			files, err := r.incoming(q)
			if err != nil {
				if q.From == "" && strings.HasSuffix(q.To, "^3") {
					continue // a stash without untracked files
				}
				return nil, false
			}
			all = append(all, files...)
			if len(all) > maxArriveNames {
				return nil, false
			}
		}
		return all, true
	}
	return nil, false
}

// judgeArrived judges each path that arrives as a write of it.
func (r *report) judgeArrived(c *Cmd, op arrival, env *analysis, files []IncomingFile) {
	for _, d := range op.dests {
		for _, p := range arrivedPaths(files, op) {
			full := p.path
			if !strings.HasPrefix(full, "/") {
				full = selfJoin(d, full)
			}
			part := env.selfReachOnDisk(selfChange{full, p.tree}, true)
			if !part.ok() {
				continue
			}
			r.mutates()
			from := "from " + op.source
			if op.source == "" {
				from = "from its input"
			}
			if op.kind == arriveGit {
				from = "from " + op.revs
			}
			r.add(c.find(ruleSelfWrite, op.tool+" "+op.verb+" "+p.name+" "+from+" into "+showDest(d)+": it is "+part.what+", and changing it is a person's call.", full))
			return
		}
	}
}

// arrivedPath is where one member lands, relative to the destination
// unless absolute.
type arrivedPath struct {
	path string
	name string // as the archive names it, for the message
	tree bool   // a link: what is below it is replaced too
}

// arrivedPaths computes where op's members land: leading components
// stripped, absolute names kept only where the program keeps them, a
// member written through a link member taken where the link leads, and
// for a patch every strip level (patch -p is judged whatever it is).
func arrivedPaths(files []IncomingFile, op arrival) []arrivedPath {
	links := map[string]string{} // a link member's path → where it leads, as a path
	var out []arrivedPath
	for _, f := range files {
		if len(out) >= maxArriveNames {
			break
		}
		name := strings.ReplaceAll(f.Name, "\\", "/")
		if name == "" || strings.IndexByte(name, 0) >= 0 {
			continue
		}
		if !op.selects(name) {
			continue
		}
		abs := strings.HasPrefix(name, "/")
		rel, ok := op.placed(strings.TrimLeft(name, "/"))
		if !ok {
			continue
		}
		p := path.Clean(rel)
		if abs && op.anywhere {
			p = path.Clean("/" + rel)
		}
		p = throughLinks(p, links)
		if op.kind == arrivePatch {
			// Every strip level: patch -p0 … -pN, git apply -p1.
			parts := strings.Split(p, "/")
			for k := range parts {
				q := strings.Join(parts[k:], "/")
				out = append(out, arrivedPath{path: q, name: f.Name})
			}
			if abs {
				out = append(out, arrivedPath{path: path.Clean(name), name: f.Name})
			}
			continue
		}
		if f.Link != "" {
			target := f.Link
			if !strings.HasPrefix(target, "/") {
				target = path.Join(path.Dir(p), target)
			}
			links[p] = path.Clean(target)
			out = append(out, arrivedPath{path: p, name: f.Name, tree: true})
			continue
		}
		if f.Dir {
			continue
		}
		out = append(out, arrivedPath{path: p, name: f.Name})
	}
	return out
}

// throughLinks replaces a leading link member of p with where it leads
// (a few levels: a link through a link).
func throughLinks(p string, links map[string]string) string {
	if len(links) == 0 {
		return p
	}
	for range 8 {
		changed := false
		for i := len(p); i > 0; i = strings.LastIndexByte(p[:i], '/') {
			if t, ok := links[p[:i]]; ok && i < len(p) {
				p = path.Clean(t + p[i:])
				changed = true
				break
			}
		}
		if !changed {
			return p
		}
	}
	return p
}
