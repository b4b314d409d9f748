package shell

// scratchCopy reports a copy (cp, rsync) into scratch space: /tmp and the
// like, neither the workspace nor the home directory nor above them, and
// no link to elsewhere on disk. A backup of the agent's settings there
// (cp -a .claude /tmp/claude-backup) reads them and changes no agent's
// settings; a move, which removes the source, is judged as before.
func scratchCopy(c *Cmd, name, dest string) bool {
	if name != "cp" && name != "rsync" {
		return false
	}
	cl := c.Class(dest)
	if !cl.Known || !cl.Temp || isGlobPath(dest) {
		return false
	}
	if real, ok := c.env.onDisk(cl.Abs, true); ok && real != cl.Abs {
		return false
	}
	return true
}
