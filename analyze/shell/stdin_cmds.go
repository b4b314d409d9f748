package shell

// Programs that run what arrives on their standard input as commands
// without being a shell: GNU parallel with no command (each line is one),
// script (the shell it starts reads the pipe), ed (! runs a shell
// command), sqlite3, psql and duckdb (.shell, \!). Their specs say so
// (the header's stdin or stdin=N, and the options that give the commands
// instead, tagged cmds), so that curl … | parallel is judged as
// curl … | sh is. What a literal input says is left to the program's own
// analysis; input from the network, or decoded from a payload, is code
// nobody looked at.

// stdinCommands judges the standard input of a program whose spec says it
// runs it as commands.
func (w *walker) stdinCommands(c *Cmd, in stream) {
	if !readsStdinCommands(c) {
		return
	}
	switch in.kind {
	case streamNetwork:
		w.r.mutates()
		if w.runsConnection(c, in) {
			return
		}
		w.r.add(c.find(w.remoteRule(c), "Pipes "+describeStream(in)+" into "+c.Name+", which runs what it reads as commands: code from the network runs without being looked at."))
	case streamDecoded, streamUndecoded:
		w.r.mutates()
		w.r.add(c.find(ruleObfuscated, "Decodes a hidden payload and feeds it to "+c.Name+", which runs what it reads as commands."))
	}
}

// readsStdinCommands reports whether c, as written, reads its commands
// from standard input: its spec says the program does, it has no more
// operands than that allows, and no option gives the commands instead
// (an option of value "-" reads them from standard input, whatever the
// operands).
func readsStdinCommands(c *Cmd) bool {
	av := c.Argv()
	s := av.Spec()
	if s == nil || s.stdinMax == -1 {
		return false
	}
	byOption := false
	for _, o := range av.Opts {
		if o.Tags&TagCmds == 0 {
			continue
		}
		if o.Value != "-" && !isStdinPath(o.Value) {
			return false
		}
		byOption = true // awk -f -, make -f -, psql -f -: whatever the operands
	}
	return byOption || s.stdinMax >= 0 && len(av.Operands) <= s.stdinMax
}

// parallelLines judges GNU parallel given no command: each line of its
// standard input runs as a shell command line. It returns the command
// when it ran one, else nil (parallel --version).
func (w *walker) parallelLines(argv []string, dyn []bool, in stream, text string, sudo bool) (*Cmd, bool) {
	c := w.newCmd(argv, dyn, text, sudo)
	if !readsStdinCommands(c) || in.kind == streamNone {
		return nil, false
	}
	w.r.record(c)
	w.stdinCommands(c, in)
	if in.kind == streamLiteral || in.kind == streamDecoded {
		w.r.mutates()
		w.r.script(in.text, c, "parallel runs each line")
	}
	return c, true
}
