package shell

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
	case "zip":
		if !c.Has("-m", "--move") || len(ops) < 2 {
			return
		}
		ops = ops[1:] // the archive first, then what is moved into it
	}
	if len(ops) == 0 {
		return
	}
	r.mutates()
	r.commandWords(append([]string{"rm", "-rf", "--"}, ops...), make([]bool, len(ops)+3), c, c.Name+" deletes")
}
