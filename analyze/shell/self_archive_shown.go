package shell

import (
	"path"
	"strings"
)

// An archive unpacked into the directory that holds the hook program
// (tar -xf tools.tar -C ~/tools, unzip -d ~/bin x.zip) writes the names its
// members carry, no other: when its index is read on disk (Options.Incoming,
// Go's archive readers) and no member lands on the program, the directory
// is not replaced whole and the unpacking runs. Members that land on it,
// and an archive not on disk, written on this line or fed from standard
// input, are judged as before: a write of the directory.

// archiveSpares reports an archive c unpacks whose members are all listed
// on disk and none of which lands on a program the hooks run.
func (r *report) archiveSpares(c *Cmd, env *analysis) bool {
	op, ok := arrivalOf(c)
	if !ok || op.kind != arriveArchive || op.source == "" || op.anywhere {
		return false
	}
	abs, ok := env.resolve(op.source)
	if !ok || !strings.HasPrefix(abs, "/") {
		return false
	}
	if _, written := r.flow.files[abs]; written || r.flow.downloaded[abs] != "" || r.lineMentions(c, path.Base(abs)) {
		return false // may not be what is on disk now
	}
	op.sourceAbs = abs
	files, known := r.arriving(op, env)
	if !known {
		return false
	}
	for _, d := range op.dests {
		for _, p := range arrivedPaths(files, op) {
			full := p.path
			if !strings.HasPrefix(full, "/") {
				full = selfJoin(d, full)
			}
			if env.programReach(full, p.tree).ok() || env.selfReachOnDisk(selfChange{full, p.tree}, true).ok() {
				return false
			}
		}
	}
	return true
}

// lineMentions reports another command of the line that names base, or
// may name it unseen (a word known only when it runs, inline code): it
// may write the file (cp, curl -o, code), so what is on disk now may not
// be what c reads.
func (r *report) lineMentions(c *Cmd, base string) bool {
	for _, p := range r.res.Commands {
		if p == c {
			continue
		}
		if strings.Contains(p.Text, base) || interpreters[p.Name] || strings.ContainsAny(p.Text, "$`") {
			return true
		}
		for _, a := range p.Args {
			if strings.Contains(a, base) {
				return true
			}
		}
	}
	return false
}
