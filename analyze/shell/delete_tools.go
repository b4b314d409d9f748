package shell

import "strings"

// Programs that delete as a side effect or under another name: rimraf and
// its kin (npx rimraf dir), tar --remove-files, zip -m. What they delete is
// judged as rm -rf of the same operands would be.

// deleteToolHandler judges a program that deletes its operands recursively.
func deleteToolHandler(c *Cmd, r *report) {
	if svcHelp(c) {
		return
	}
	ops := c.Argv().Operands
	switch c.Name {
	case "tar", "bsdtar", "gtar":
		if !c.Has("--remove-files") {
			return
		}
	case "gio":
		// gio remove FILE… and gio trash FILE…; gio trash --empty, --list
		// and --restore delete nothing of the user's files.
		if sub := c.Argv().Sub; len(sub) == 0 || sub[0] != "remove" && sub[0] != "trash" || c.Has("--empty", "--list", "--restore") {
			return
		}
	case "zip":
		if !c.Has("-m", "--move") || len(ops) < 2 {
			return
		}
		ops = ops[1:] // the archive first, then what is moved into it
	}
	if desktopDelete[c.Name] {
		ops = desktopDeleteOperands(c, r, ops)
	}
	if len(ops) == 0 {
		return
	}
	r.mutates()
	r.commandWords(append([]string{"rm", "-rf", "--"}, ops...), make([]bool, len(ops)+3), c, c.Name+" deletes")
}

// desktopDelete are the desktop's delete and trash commands. What they are
// given whole (the home, the project, a folder outside it) is judged as rm
// -rf judges it; a file inside the project is an ordinary delete (to the
// trash, where it can be restored).
var desktopDelete = map[string]bool{"gio": true, "gvfs-rm": true, "gvfs-trash": true, "trash-put": true, "trash": true}

// desktopDeleteOperands returns the operands judged as rm -rf judges them,
// and judges the others, files inside the project, as rm -f does when the
// command deletes rather than moves to the trash.
func desktopDeleteOperands(c *Cmd, r *report, ops []string) []string {
	whole := ops[:0:0]
	var inner []string
	for _, op := range ops {
		cl := c.Class(op)
		// A link inside the project is taken by its name, not what it
		// leads to: the name as written decides.
		if cl.Known && (cl.Workspace || namedInside(op)) && !cl.WorkspaceRoot && !cl.HoldsWorkspace {
			inner = append(inner, op)
			continue
		}
		whole = append(whole, op)
	}
	if len(ops) > 0 {
		r.mutates() // it deletes or moves to the trash
	}
	trash := c.Name != "gvfs-rm" && (c.Name != "gio" || c.Sub(0) == "trash")
	if len(inner) > 0 && !trash {
		r.commandWords(append([]string{"rm", "-f", "--"}, inner...), make([]bool, len(inner)+3), c, c.Name+" deletes")
	}
	return whole
}

// namedInside reports a relative path that names something inside the
// working directory as written (no "..", no home or variable).
func namedInside(op string) bool {
	if op == "" || op == "." || strings.HasPrefix(op, "/") || strings.HasPrefix(op, "~") || strings.Contains(op, "$") {
		return false
	}
	for _, part := range strings.Split(op, "/") {
		if part == ".." {
			return false
		}
	}
	return true
}
