package shell

import (
	"path"
	"strings"

	"github.com/actionguard/actionguard/rule"
)

var ruleSelfLinkUnknown = &rule.Rule{
	ID: "shell.self.link-unknown", Category: rule.Configuration, Points: 90, AlwaysReview: true,
	Summary:     "Writes through a link made on the same command line whose target is only known when it runs: the write could land on the agent's settings or actionguard's own files.",
	Alternative: "write to the real path, or make the link in one call and look where it leads (readlink) before writing through it",
	Match:       []string{`ln -s "$(cat target)" out; cp report.txt out/report.txt`, `ln -sf "$T" cur && echo x > cur/notes.txt`},
	NoMatch:     []string{"ln -s build out; cp report.txt out/report.txt", `ln -s "$(cat target)" out`, `ln -s "$T" cur; cat cur/notes.txt`},
}

// Links made earlier on the same command line. A link whose target is a
// protected place gives it a harmless name: python3 -c 'os.symlink(…
// "~/.claude", "cl")'; cp evil.json cl/settings.json writes the agent's
// hook settings although no word names them. Links on disk are followed
// by resolve.go; a link the line itself makes is not on disk yet when the
// line is judged, so each command's writes are also judged through the
// links the commands before it make:
//
//   - a link whose target is known (ln -s, cp -s/-l, inline code's
//     symlink calls, an archive's link member): a write through it is a
//     write of the target;
//   - a link whose target is only known at run time (ln -s "$d" cl, code
//     that computes it): a write through it is a write of a path whose
//     start is unknown, judged by the rules for such paths
//     (self_unknown.go: cl/settings.json can be the agent's settings);
//     any other write through it waits for a person, since it can land
//     anywhere;
//   - a name that may be a link nobody showed (what cp -a, cp -P, cp -R,
//     mv and rsync -a copy or move keeps its links; an archive whose
//     members are not shown may carry links): with the disk in view the
//     copy's source says where its links lead; without it, a write below
//     that name is judged as a path whose start is unknown.

// linkKind is what the analysis knows of a line-made link.
type linkKind uint8

const (
	linkMade   linkKind = iota + 1 // a link: target says where it leads (it may hold run-time marks)
	linkMirror                     // a copy or move of target that keeps its links
	linkUnseen                     // an unpacked archive not shown: any name below may be a link
)

// lineLink is one name the line makes (or may make) lead elsewhere.
type lineLink struct {
	at     int    // the command (1-based index) that makes it
	name   string // the link's absolute path
	target string // where it leads, absolute; unknownPart marks run-time parts
	kind   linkKind
	how    string // in words, for messages: "a link to ~/.claude made by ln -s"
}

// linkUnknown is the target of a link known only at run time.
const linkUnknown = "/" + unknownPart

// maxLineLinks bounds the links one line is judged through.
const maxLineLinks = 64

// noteLink records a link made by what the walker judged (inline code, an
// archive): cmd commands after c see it.
func (r *report) noteLink(l lineLink) {
	if len(r.madeLinks) < maxLineLinks && l.name != "" && l.target != "" {
		r.madeLinks = append(r.madeLinks, l)
	}
}

// linksBefore lists the links the commands before the command at index
// before make (at most maxLineLinks), those the walker noted included.
func (r *report) linksBefore(before int) []lineLink {
	var out []lineLink
	for _, l := range r.madeLinks {
		if l.at < before {
			out = append(out, l)
		}
	}
	cmds := r.res.Commands
	if before-1 < len(cmds) {
		cmds = cmds[:max(before-1, 0)]
	}
	if !r.mayLink(before) {
		cmds = nil
	} else {
		cmds = cmds[r.firstLinker-1:] // none before it makes a link
	}
	for _, p := range cmds {
		if len(out) >= maxLineLinks {
			break
		}
		out = append(out, cmdLinks(p)...)
	}
	return out
}

// cmdLinks are the names a command makes lead elsewhere: ln's links,
// cp's symbolic or hard links, and the copies and moves that keep links.
func cmdLinks(p *Cmd) []lineLink {
	name := p.Name
	if len(name) == 3 && name[0] == 'g' {
		name = name[1:] // gln, gcp, gmv
	}
	switch name {
	case "ln":
		return madeLinks(p, "made by ln")
	case "cp":
		if p.Has("-s", "--symbolic-link", "-l", "--link") {
			return madeLinks(p, "made by cp")
		}
		if p.Has("-L", "--dereference") || !p.Has("-a", "--archive", "-P", "--no-dereference", "-d", "-R", "-r", "--recursive") {
			return nil // a copy of what the links lead to
		}
		return mirrorLinks(p, "copied by cp")
	case "mv":
		return mirrorLinks(p, "moved by mv")
	case "rsync":
		if p.Has("-a", "--archive", "-l", "--links") && !p.Has("-L", "--copy-links") {
			return mirrorLinks(p, "copied by rsync")
		}
	}
	return nil
}

// madeLinks are ln's (and cp -s/-l's) links: DEST/name-of-target, or DEST
// itself, leading to each target.
func madeLinks(p *Cmd, how string) []lineLink {
	srcs, dest := moveOperands(p)
	if dest == "" && len(srcs) == 1 && p.Name != "cp" {
		dest = path.Base(srcs[0]) // ln -s TARGET: a link named after it, here
	}
	d, ok := p.Resolve(dest)
	if !ok || len(srcs) == 0 {
		return nil
	}
	var out []lineLink
	for _, s := range srcs {
		t := linkTargetOf(p, s, d)
		l := lineLink{at: p.index, target: t, kind: linkMade, how: "a link to " + s + " " + how}
		l.name = path.Join(d, path.Base(s))
		out = append(out, l)
		if len(srcs) == 1 {
			l.name = d
			out = append(out, l)
		}
	}
	return out
}

// linkTargetOf is where a link at (or in) the directory d to the target
// word s leads, as an absolute path: a relative target resolves from the
// link's own directory; a part known only at run time is marked.
func linkTargetOf(p *Cmd, s, d string) string {
	if t, ok := p.Resolve(s); ok {
		if !strings.HasPrefix(s, "/") && !strings.HasPrefix(s, "~") && !strings.HasPrefix(s, "$") {
			return path.Clean(path.Join(path.Dir(d), s))
		}
		return t
	}
	prefix, tail, ok := unknownSplit(s)
	if !ok {
		return linkUnknown
	}
	switch {
	case prefix == "":
		return "/" + unknownPart + tail // "$d", "$(…)/x": any place
	case strings.HasPrefix(prefix, "/") || strings.HasPrefix(prefix, "~") || strings.HasPrefix(s, "$HOME") || strings.HasPrefix(s, "${HOME}"):
		abs, _ := p.Resolve(prefix)
		if abs == "" {
			return linkUnknown
		}
		if strings.HasSuffix(prefix, "/") {
			abs += "/"
		}
		return abs + unknownPart + tail
	}
	return path.Join(path.Dir(d), prefix) + unknownPart + tail
}

// mirrorLinks are the copies and moves that keep the links of what they
// take: DEST/name-of-source and, with one source, DEST itself.
func mirrorLinks(p *Cmd, how string) []lineLink {
	srcs, dest := moveOperands(p)
	if dest == "" || len(srcs) == 0 || p.Name == "rsync" && remotePath(dest) {
		return nil
	}
	d, ok := p.Resolve(dest)
	if !ok {
		return nil
	}
	var out []lineLink
	for _, s := range srcs {
		if strings.HasPrefix(s, "-") || p.Name == "rsync" && remotePath(s) {
			continue
		}
		t, ok := p.Resolve(strings.TrimSuffix(s, "/"))
		if !ok {
			t = linkUnknown
		}
		l := lineLink{at: p.index, target: t, kind: linkMirror, how: s + " " + how}
		l.name = path.Join(d, path.Base(t))
		if p.Name != "rsync" || !strings.HasSuffix(s, "/") {
			out = append(out, l)
		}
		if len(srcs) == 1 {
			l.name = d
			out = append(out, l)
		}
	}
	return out
}

// linkedWrite is what a write of the path p (as written, followed into a
// link at its end unless follow is false) reaches through the links made
// before the command at index before: the protected place, with a note
// naming the link, or held when it goes through a link that can lead
// anywhere.
type linkedWrite struct {
	part controlPart
	note string // "cl is a link to ~/.claude made by ln -s earlier on this line"
	held bool   // through a link to a place known only at run time
}

// throughLinks judges the write of p through the line's links.
func (r *report) throughLinks(env *analysis, p string, before int, follow, tree bool) linkedWrite {
	if len(r.madeLinks) == 0 && !r.mayLink(before) {
		return linkedWrite{}
	}
	links := r.linksBefore(before)
	if len(links) == 0 || p == "" || len(p) > 4096 {
		return linkedWrite{}
	}
	abs, ok := env.resolve(p)
	if !ok || !strings.HasPrefix(abs, "/") {
		return linkedWrite{}
	}
	var notes []string
	moved := false
	for range 8 {
		l, rest, ok := linkOver(links, abs, follow)
		if !ok {
			break
		}
		if l.kind == linkUnseen {
			notes = append(notes, l.how+" into "+env.showHome(l.name)+" earlier on this line, and its members may be links")
		} else {
			notes = append(notes, env.showHome(l.name)+" is "+l.how+" earlier on this line")
		}
		switch {
		case l.kind == linkUnseen:
			return linkedWrite{part: unseenTails(env, rest), note: strings.Join(notes, "; ")}
		case strings.Contains(l.target, unknownPart):
			part := env.selfReachUnknown(strings.ReplaceAll(l.target, unknownPart, "\x00")+rest, true)
			return linkedWrite{part: part, note: strings.Join(notes, "; "), held: l.kind == linkMade && !part.ok()}
		case l.kind == linkMirror && env.disk == nil:
			// What was copied may hold links the analysis cannot see: any
			// component from the copy down may lead anywhere.
			if part := unseenTails(env, "/x"+rest); part.ok() {
				return linkedWrite{part: part, note: strings.Join(notes, "; ")}
			}
		}
		abs = l.target + rest
		moved = true
	}
	if !moved {
		return linkedWrite{}
	}
	part := env.selfReachOnDisk(selfChange{abs, tree}, follow)
	return linkedWrite{part: part, note: strings.Join(notes, "; ")}
}

// mayLink reports whether a command before the one at index before can
// make a link (a cheap test before the links are listed).
func (r *report) mayLink(before int) bool {
	cmds := r.res.Commands
	for r.firstLinker == 0 && r.linkScanned < len(cmds) {
		switch cmds[r.linkScanned].Name {
		case "ln", "gln", "cp", "gcp", "mv", "gmv", "rsync":
			r.firstLinker = r.linkScanned + 1
		}
		r.linkScanned++
	}
	return r.firstLinker != 0 && r.firstLinker < before
}

// linkOver finds the latest link the absolute path abs goes through, and
// what of abs lies below it ("" or "/…"). The link's own name counts when
// the write follows it (a symbolic link written is its target written);
// an unpacked archive's names count only below its destination.
func linkOver(links []lineLink, abs string, follow bool) (lineLink, string, bool) {
	for i := len(links) - 1; i >= 0; i-- {
		l := links[i]
		if l.name == "/" || l.name == l.target {
			continue
		}
		switch {
		case abs == l.name && follow && l.kind != linkUnseen:
			return l, "", true
		case strings.HasPrefix(abs, l.name+"/"):
			rest := abs[len(l.name):]
			if l.kind == linkUnseen && !strings.Contains(rest[1:], "/") {
				continue // a file of the archive itself, not below a link of it
			}
			return l, rest, true
		}
	}
	return lineLink{}, "", false
}

// unseenTails judges the path below a name that may be a link, rest
// ("/a/b/c"), for each component that may be the link: the tails "/b/c"
// and "/c" after an unknown start.
func unseenTails(env *analysis, rest string) controlPart {
	parts := strings.Split(strings.TrimPrefix(rest, "/"), "/")
	for i := 1; i < len(parts) && i < 16; i++ {
		if part := env.selfReachUnknown("/\x00/"+strings.Join(parts[i:], "/"), false); part.ok() {
			return part
		}
	}
	return controlPart{}
}

// linkedJudgement is the rule and message for a write through a
// line-made link: blocked when it reaches a protected place, held when it
// can land anywhere; ok is false for neither.
func linkedJudgement(who, shown string, lw linkedWrite) (writeJudgement, bool) {
	switch {
	case lw.part.ok():
		return writeJudgement{ruleSelfWrite, who + " changes " + lw.part.what + " (" + shown + "): " + lw.note + ". Changing it is a person's call."}, true
	case lw.held:
		return writeJudgement{ruleSelfLinkUnknown, who + " writes " + shown + " through a link whose target is only known when it runs (" + lw.note + "): it could land on the agent's settings or actionguard's own files, so a person decides."}, true
	}
	return writeJudgement{}, false
}

// linkedFinding adds the finding of a write of p by c through a line-made
// link, and reports whether it added one.
func (r *report) linkedFinding(c *Cmd, who, p string, lw linkedWrite) bool {
	shown := showChange(p)
	j, ok := linkedJudgement(who, shown, lw)
	if !ok {
		return false
	}
	r.mutates()
	r.add(c.find(j.rule, j.message, shown))
	return true
}

// redirectLinked judges an output redirection to name through the links
// the commands before it make; idx is the command it belongs to (0: a
// redirection alone, after every command so far).
func (r *report) redirectLinked(name string, idx int) bool {
	before := idx
	if before == 0 {
		before = len(r.res.Commands) + 1
	}
	j, ok := linkedJudgement("The redirection", name, r.throughLinks(r.env, name, before, true, false))
	if !ok {
		return false
	}
	r.mutates()
	f := j.rule.Find("> "+name, j.message, name)
	f.Cmd = idx
	r.add(f)
	return true
}

// selfLinked judges what c changes and writes through the links made
// earlier on the line: the paths selfChanges lists, and for any other
// program that writes, its operands.
func (r *report) selfLinked(c *Cmd, env *analysis, reader bool) bool {
	if c.index < 2 && len(r.madeLinks) == 0 {
		return false
	}
	if len(r.madeLinks) == 0 && !r.mayLink(c.index) {
		return false
	}
	who := c.Name
	if c.Name == "git" {
		who = "git " + gitVerb(c.Args)
	}
	if changes := selfChanges(c); changes != nil {
		for _, ch := range changes {
			follow := !takesName[c.Name] || strings.HasSuffix(ch.path, "/")
			if r.linkedFinding(c, who, ch.path, r.throughLinks(env, ch.path, c.index, follow, ch.tree)) {
				return true
			}
		}
		return false
	}
	if reader {
		return false
	}
	flags := selfFlagWords(c)
	for i, a := range c.Args {
		if i < 64 && flags>>i&1 == 1 || strings.HasPrefix(a, "-") {
			continue
		}
		if v, ok := strings.CutPrefix(a, "of="); ok && c.Name == "dd" {
			a = v
		}
		if r.linkedFinding(c, who, a, r.throughLinks(env, a, c.index, !takesName[c.Name], false)) {
			return true
		}
	}
	return false
}

// linkCalls are the calls of inline code that make a link, by the last
// segment of their name: their first argument is the target, their second
// the link (os.symlink, fs.symlinkSync, Perl's and PHP's symlink,
// File.symlink, FileUtils.ln_s, file.symlink in R).
var linkCalls = map[string]bool{"symlink": true, "symlinkSync": true, "link": true, "linkSync": true, "ensureSymlink": true,
	"ensureSymlinkSync": true, "ln": true, "ln_s": true, "ln_sf": true}

// linkMethods are the methods that make their object a link to their
// argument (Path.symlink_to, Pathname#make_symlink).
var linkMethods = map[string]bool{"symlink_to": true, "hardlink_to": true, "make_symlink": true, "make_link": true}

// noteLinkCall judges a link inline code makes and notes it for the
// commands (and the code) after it: a link to a protected place, or to
// the home directory or above, is a second name for it and blocked, as
// ln -s is; any other link is followed by the writes after it.
func (s *codeScan) noteLinkCall(fn string, pc *pathCall, pos []val, start int) {
	short := lastSegment(fn)
	var target, name val
	switch {
	case pc.method && linkMethods[short] && len(pos) >= 1:
		target, name = pos[0], s.receiver(start-1)
	case !pc.method && linkCalls[short] && len(pos) >= 2:
		target, name = pos[0], pos[1]
	default:
		return
	}
	if name.kind != valStr || name.s == "" || strings.Contains(name.s, unknownPart) {
		return // a link whose name is not known: a write names it, judged as written
	}
	r := s.w.r
	env := r.env
	if s.c.env != nil {
		env = s.c.env.in(s.c.Cwd)
	}
	at, ok := env.resolve(name.s)
	if !ok || !strings.HasPrefix(at, "/") {
		return
	}
	t := linkUnknown
	if target.kind == valStr && target.s != "" {
		t = codeLinkTarget(env, target.s, at)
	}
	who := "Inline " + s.name() + " code"
	shown := showChange(strings.ReplaceAll(target.text(), unknownPart, "…"))
	if !strings.Contains(t, unknownPart) {
		part := env.selfReach(selfChange{t, true})
		if !part.ok() && env.home != "" && selfHomeOrAbove(t, env.home) {
			part.what = "the home directory that holds the agent's settings and actionguard's own files"
		}
		if part.ok() {
			r.mutates()
			r.add(s.c.find(ruleSelfWrite, who+" makes "+showChange(name.s)+" a link to "+shown+", "+part.what+": a write through it would not be seen as theirs, and changing them is a person's call.", shown))
			return
		}
	}
	r.noteLink(lineLink{at: s.c.index, name: at, target: t, kind: linkMade, how: "a link to " + shown + " made by inline " + s.name() + " code"})
}

// codeLinkTarget is the absolute target of a link at the absolute path at
// to the folded text t: relative to the link's directory, run-time parts
// kept as marks.
func codeLinkTarget(env *analysis, t, at string) string {
	switch {
	case strings.HasPrefix(t, unknownPart):
		return "/" + t
	case strings.Contains(t, unknownPart):
		i := strings.Index(t, unknownPart)
		prefix := t[:i]
		abs, ok := env.resolve(prefix)
		if !ok {
			return linkUnknown
		}
		if !strings.HasPrefix(prefix, "/") && !strings.HasPrefix(prefix, "~") {
			abs = path.Join(path.Dir(at), prefix)
		}
		if strings.HasSuffix(prefix, "/") {
			abs += "/"
		}
		return abs + t[i:]
	case strings.HasPrefix(t, "/") || strings.HasPrefix(t, "~"):
		abs, ok := env.resolve(t)
		if !ok {
			return linkUnknown
		}
		return abs
	}
	return path.Clean(path.Join(path.Dir(at), t))
}

// arrivedLinks judges the link members of an archive whose members are
// known: a link to a protected place (or to the home directory or above)
// is a second name for it, blocked as ln -s is; the others are noted for
// the commands after it. It reports whether it blocked.
func (r *report) arrivedLinks(c *Cmd, op arrival, env *analysis, files []IncomingFile) bool {
	if op.kind != arriveArchive {
		return false
	}
	for _, d := range op.dests {
		dir, ok := env.resolve(d)
		if !ok {
			continue
		}
		for _, f := range files {
			if f.Link == "" {
				continue
			}
			name, placed := op.placed(path.Clean("/" + strings.ReplaceAll(f.Name, "\\", "/"))[1:])
			if !placed {
				continue
			}
			at := path.Join(dir, name)
			t := f.Link
			if !strings.HasPrefix(t, "/") {
				t = path.Join(path.Dir(at), t)
			}
			t = path.Clean(t)
			part := env.selfReach(selfChange{t, true})
			if !part.ok() && env.home != "" && selfHomeOrAbove(t, env.home) {
				part.what = "the home directory that holds the agent's settings and actionguard's own files"
			}
			if part.ok() {
				r.mutates()
				r.add(c.find(ruleSelfWrite, op.tool+" "+op.verb+" "+f.Name+", a link to "+env.showHome(t)+", into "+showDest(d)+": it is "+part.what+", and a write through the link would not be seen as theirs. Changing them is a person's call.", f.Name))
				return true
			}
			r.noteLink(lineLink{at: c.index, name: at, target: t, kind: linkMade, how: "a link to " + env.showHome(t) + " unpacked by " + op.tool})
		}
	}
	return false
}

// noteUnseenLinks notes the destinations of an archive whose members are
// not shown: any name below them may be a link, to anywhere.
func (r *report) noteUnseenLinks(c *Cmd, op arrival, env *analysis) {
	for _, d := range op.dests {
		if dir, ok := env.resolve(d); ok && strings.HasPrefix(dir, "/") {
			r.noteLink(lineLink{at: c.index, name: dir, target: linkUnknown, kind: linkUnseen, how: "an archive whose content is not shown was unpacked by " + op.tool})
		}
	}
}
