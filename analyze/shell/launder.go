package shell

import (
	"path"
	"strings"
)

// Deletes laundered through a name: an earlier command of the line makes
// a harmless-looking name mean another place (mv ~/Documents /tmp/trash,
// ln -s ~/Documents node_modules, mount --bind ~ build), and the delete
// names only the harmless one. The delete is judged as deleting the place
// the name now means. A move or a bind mount carries the place whatever
// the delete is written as; a symbolic link only when the delete goes
// through it (LINK/, LINK/*, LINK/x): rm -rf LINK removes the link alone.

// nameAlias is one "this name now means that place" of the line.
type nameAlias struct {
	name, target string // absolute paths
	how          string // "moved there by mv", "a link to it made by ln -s", "bind-mounted there"
	link         bool   // a symbolic link: only paths through it reach the target
}

// lineAliases reads the moves, symbolic links and bind mounts of the
// commands before c.
func lineAliases(r *report, c *Cmd) []nameAlias {
	var out []nameAlias
	for _, p := range cmdsBefore(r, c) {
		switch p.Name {
		case "mv", "gmv":
			srcs, dest := moveOperands(p)
			if dest == "" {
				continue
			}
			_, into := p.Flag("-t", "--target-directory")
			d, ok := p.Resolve(dest)
			if !ok {
				continue
			}
			for _, s := range srcs {
				a, ok := p.Resolve(s)
				if !ok || a == d {
					continue
				}
				// Into DEST/NAME when DEST is a directory (always with -t),
				// else DEST itself: the more precise name first.
				how := "where mv moved " + s
				out = append(out, nameAlias{name: path.Join(d, path.Base(a)), target: a, how: how})
				if !into {
					out = append(out, nameAlias{name: d, target: a, how: how})
				}
			}
		case "ln", "gln":
			if !p.Has("-s", "--symbolic") {
				continue
			}
			srcs, dest := moveOperands(p)
			if len(srcs) != 1 {
				continue
			}
			target := srcs[0]
			if dest == "" {
				dest = path.Base(target)
			}
			l, ok := p.Resolve(dest)
			if !ok {
				continue
			}
			if !strings.HasPrefix(target, "/") && !strings.HasPrefix(target, "~") && !strings.HasPrefix(target, "$") {
				target = path.Join(path.Dir(l), target) // a relative link resolves from its own directory
			}
			t, ok := p.Resolve(target)
			if !ok || t == l {
				continue
			}
			how := "a link to " + srcs[0] + " made by ln -s"
			out = append(out, nameAlias{name: path.Join(l, path.Base(t)), target: t, how: how, link: true}, nameAlias{name: l, target: t, how: how, link: true})
		case "mount", "bindfs", "mount_nullfs":
			if p.Name == "mount" && !p.Has("--bind", "-B", "--rbind", "-R") && !strings.Contains(","+strings.Join(p.FlagAll("-o", "--options"), ",")+",", ",bind,") && !strings.Contains(","+strings.Join(p.FlagAll("-o", "--options"), ",")+",", ",rbind,") {
				continue
			}
			pos := p.Positional()
			if len(pos) < 2 {
				continue
			}
			s, ok1 := p.Resolve(pos[len(pos)-2])
			d, ok2 := p.Resolve(pos[len(pos)-1])
			if ok1 && ok2 && s != d {
				out = append(out, nameAlias{name: d, target: s, how: "bind-mounted from " + pos[len(pos)-2]})
			}
		}
	}
	return out
}

// moveOperands returns the sources and the destination of mv or ln
// (-t DIR, or the last operand).
func moveOperands(c *Cmd) (srcs []string, dest string) {
	pos := c.Positional()
	if t, ok := c.Flag("-t", "--target-directory"); ok {
		return pos, t
	}
	if len(pos) < 2 {
		return pos, ""
	}
	return pos[:len(pos)-1], pos[len(pos)-1]
}

// aliasedPath returns the place operand o means once the line's aliases
// apply, and the alias, or ok false.
func aliasedPath(c *Cmd, aliases []nameAlias, o string) (string, nameAlias, bool) {
	abs, ok := c.Resolve(o)
	if !ok {
		return "", nameAlias{}, false
	}
	through := strings.HasSuffix(o, "/") || strings.HasSuffix(o, "/.")
	for _, a := range aliases {
		switch {
		case abs == a.name && (!a.link || through):
			return a.target, a, true
		case strings.HasPrefix(abs, a.name+"/"):
			return a.target + abs[len(a.name):], a, true
		}
	}
	return "", nameAlias{}, false
}

// launderHandler judges a delete (rm, shred, find … -delete) whose
// operands an earlier move, link or bind mount of the line made mean
// another place: the delete's own handler runs again on that place.
func launderHandler(c *Cmd, r *report) {
	if c.index < 2 {
		return
	}
	aliases := lineAliases(r, c)
	if len(aliases) == 0 {
		return
	}
	args := append([]string(nil), c.Args...)
	var notes []string
	for _, o := range c.Positional() {
		t, a, ok := aliasedPath(c, aliases, o)
		if !ok {
			continue
		}
		if strings.HasSuffix(o, "/") && !strings.HasSuffix(t, "/") {
			t += "/"
		}
		for i, x := range args {
			if x == o {
				args[i] = t
			}
		}
		notes = append(notes, o+" is "+showPath(t)+" ("+a.how+" earlier on this line)")
	}
	if len(notes) == 0 {
		return
	}
	nc := *c
	nc.Args, nc.argv = args, nil
	n := len(r.res.Findings)
	switch c.Name {
	case "find":
		findHandler(&nc, r)
	default:
		rmHandler(&nc, r)
	}
	for i := n; i < len(r.res.Findings); i++ {
		r.res.Findings[i].Message = strings.TrimSuffix(r.res.Findings[i].Message, ".") + ": " + strings.Join(notes, "; ") + "."
	}
}

// archiveDeleteHandler: 7z a -sdel ARCHIVE FILES… deletes the files once
// they are packed, as rm -rf would.
func archiveDeleteHandler(c *Cmd, r *report) {
	if c.Sub(0) != "a" && c.Sub(0) != "u" || !c.Has("-sdel") {
		return
	}
	pos := c.Positional()
	if len(pos) < 3 {
		return
	}
	nc := *c
	nc.Name, nc.Path = "rm", "rm"
	nc.Args = append([]string{"-rf", "--"}, pos[2:]...)
	nc.Dynamic = make([]bool, len(nc.Args))
	nc.argv = nil
	n := len(r.res.Findings)
	rmHandler(&nc, r)
	for i := n; i < len(r.res.Findings); i++ {
		r.res.Findings[i].Message = strings.TrimSuffix(r.res.Findings[i].Message, ".") + " (" + c.Name + " -sdel deletes what it packed into " + pos[1] + ")."
	}
}

// findEveryFile returns the command find -exec runs for each file an
// unfiltered find lists, with {} standing for every file under root, when
// the program empties or overwrites what it is given (truncate -s0 {},
// cp /dev/null {}, sh -c ': > "$1"' _ {}): run on each file, it empties
// them all, which the root itself standing for {} does not show. nil for
// any other program.
func findEveryFile(inner []string, root string, filtered bool) []string {
	if filtered || len(inner) == 0 || !containsWord(inner[1:], "{}") {
		return nil
	}
	switch prog := baseName(inner[0]); {
	case prog == "truncate", prog == "cp", prog == "dd", prog == "tee", shells[prog]:
	default:
		return nil
	}
	every := strings.TrimRight(root, "/") + "/\x00found"
	out := make([]string, len(inner))
	for i, a := range inner {
		out[i] = strings.ReplaceAll(a, "{}", every)
	}
	return out
}

// cdOldDir returns where cd - goes: $OLDPWD as assigned for this cd or
// earlier in the line (OLDPWD=/ cd -), else the directory the line left
// last; ok is false when that is unknown.
func cdOldDir(c *Cmd, st *shState) (string, bool) {
	if ev, set := commandEnv(c)["OLDPWD"]; set {
		return ev.value, !ev.dynamic && ev.value != ""
	}
	if v, set := st.lookup("OLDPWD"); set && !v.unset {
		if v.dyn || len(v.vals) == 0 || v.vals[0] == "" {
			return "", false
		}
		return v.vals[0], true
	}
	return st.oldDir, st.oldDir != ""
}

// everyFileInHome reports whether a path takes every file of one of the
// user's own data directories outside the project (see userDataDir).
func everyFileInHome(cl PathClass, home string) bool {
	dir, every := everyFileIn(cl.Abs)
	return every && cl.InHome && !cl.Workspace && userDataDir(dir, home)
}

// userDataNames are the directories of a home where people keep what they
// made (the desktop's own folders, the synchronised ones) and the
// credential directories.
var userDataNames = []string{"Documents", "Desktop", "Pictures", "Music", "Videos", "Movies", "Dropbox", "OneDrive", "Google Drive", "iCloud Drive",
	".ssh", ".gnupg", ".aws", ".kube", ".password-store", ".docker", ".azure"}

// userDataDir reports whether dir is, or lies in, one of userDataNames
// under the home: emptying every file there loses the user's own work.
// Other directories of the home (notes, caches, checkouts) are judged
// file by file.
func userDataDir(dir, home string) bool {
	if home == "" || !strings.HasPrefix(dir, home+"/") {
		return false
	}
	first, _, _ := strings.Cut(dir[len(home)+1:], "/")
	for _, n := range userDataNames {
		if strings.EqualFold(first, n) {
			return true
		}
	}
	return false
}

// everyFileIn reports whether a path takes every file of a directory (DIR/*
// or every file find lists under DIR) and returns the directory.
func everyFileIn(abs string) (string, bool) {
	switch {
	case strings.HasSuffix(abs, "/*"):
		return strings.TrimSuffix(abs, "/*"), true
	case strings.HasSuffix(abs, "/\x00found"):
		return strings.TrimSuffix(abs, "/\x00found"), true
	case strings.HasSuffix(abs, "/\x00found/*"):
		return strings.TrimSuffix(abs, "/\x00found/*"), true
	}
	return "", false
}
