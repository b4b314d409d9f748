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
	if readsStdinCommands(c) {
		w.stdinKeys(c, in)
	}
}

// stdinKeys judges a standard input that c runs as its commands (or as
// the keys typed into it: vim, whose : commands run).
func (w *walker) stdinKeys(c *Cmd, in stream) {
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
	elsewhere := false
	for _, o := range av.Opts {
		if o.Tags&TagCmds == 0 {
			continue
		}
		if o.Value == "-" || isStdinPath(o.Value) {
			return true // awk -f -, make -f -, gdb -batch -x /dev/stdin: whatever the operands
		}
		elsewhere = true // psql -c, gdb -batch: the commands come from there
	}
	return !elsewhere && s.stdinMax >= 0 && len(av.Operands) <= s.stdinMax
}

// runFiles judges the files c's options name for it to run (the options
// its spec tags runs: gdb -x, lldb -s, emacs -l, make -f, sqlite3 -init):
// a process substitution that downloads, standard input fed from the
// network (-x /dev/stdin), a file downloaded earlier on the line.
func (w *walker) runFiles(c *Cmd, in stream) {
	av := c.Argv()
	stdinRead := readsStdinCommands(c) // stdinCommands judges those
	for _, o := range av.Opts {
		if o.Unknown || o.Tags&TagRuns == 0 || !o.HasValue || o.Negated {
			continue
		}
		if stdinRead && o.Tags&TagCmds != 0 && (o.Value == "-" || isStdinPath(o.Value)) {
			continue
		}
		at := o.ValueArg
		if at < 0 {
			at = o.Arg
		}
		w.runFile(c, w.runFileStream(c, at, o.Value, in), o.Spelled)
	}
}

// runFileStream is what a program reads from the file named by its word
// at: a process substitution's output, its standard input (-, /dev/stdin),
// or the file (fileStream).
func (w *walker) runFileStream(c *Cmd, at int, name string, in stream) stream {
	if at >= 0 && at < len(c.proc) && c.proc[at].kind != streamNone {
		return c.proc[at]
	}
	if name == "-" || isStdinPath(name) {
		return in
	}
	return w.fileStream(name, at >= 0 && at < len(c.Dynamic) && c.Dynamic[at])
}

// runFile judges a file c runs as its commands (named by its option how):
// content from the network or a decoded payload is code nobody looked at.
// What a known text says is left to the program's own analysis.
func (w *walker) runFile(c *Cmd, s stream, how string) {
	switch s.kind {
	case streamNetwork:
		w.r.mutates()
		if w.runsConnection(c, s) {
			return
		}
		w.r.add(c.find(w.remoteRule(c), c.Name+" runs "+describeStream(s)+" as its commands ("+how+"): code from the network runs without being looked at."))
	case streamDecoded, streamUndecoded:
		w.r.mutates()
		w.r.add(c.find(ruleObfuscated, "Decodes a hidden payload and has "+c.Name+" run it as its commands ("+how+")."))
	}
}

// passIn reports whether the command c runs inside (a container, a pod)
// reads c's standard input: an option tagged passin says so (docker
// exec -i, kubectl exec -i).
func passIn(c *Cmd) bool {
	for _, o := range c.Argv().Opts {
		if o.Tags&TagPassIn != 0 && !o.Unknown && !o.Negated && o.Value != "false" {
			return true
		}
	}
	return false
}

// wrapperShell judges a wrapper given no command whose spec says it then
// starts a shell that reads standard input (chroot DIR, nsenter -t 1 -a,
// unshare -r: the header's stdin=N). It returns the command when it
// judged one.
func (w *walker) wrapperShell(argv []string, dyn []bool, in stream, text string, sudo bool) *Cmd {
	if in.kind == streamNone {
		return nil
	}
	c := w.newCmd(argv, dyn, text, sudo)
	if !readsStdinCommands(c) {
		return nil
	}
	w.r.record(c)
	w.r.mutates()
	w.stdinCommands(c, in)
	if in.kind == streamLiteral || in.kind == streamDecoded {
		w.r.script(in.text, c, c.Name+" starts a shell that runs")
	}
	return c
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
