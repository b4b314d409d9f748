package shell

import "strings"

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
	if !stdinShellLines[c.Name] {
		return
	}
	switch {
	case in.kind == streamLiteral || in.kind == streamDecoded:
		// Each line is a shell command: judged as the script it is
		// (echo 'actionguard mode off' | script -q /dev/null).
		w.r.mutates()
		w.r.script(in.text, c, c.Name+" runs each line it reads")
	case in.kind == streamUnknown && in.file != "":
		// parallel < cmds.txt, cat cmds.txt | rush: the file's lines.
		w.linesFile(c, in.file)
	}
}

// linesFile judges a file whose lines c runs as shell commands: written by
// this line or the session, or on disk where files may be read.
func (w *walker) linesFile(c *Cmd, name string) {
	abs, ok := c.Resolve(name)
	if !ok {
		return
	}
	if fc, ok := w.r.fl().file(abs); ok {
		w.judgeFile(c, name, "shell", fc, "runs each line of")
	}
}

// knownFile is the text of a file a program reads as its script when it
// is known: written by this line or the session, or on disk where files
// may be read.
func (w *walker) knownFile(c *Cmd, name string) (string, bool) {
	if name == "" || strings.ContainsAny(name, "$`") {
		return "", false
	}
	abs, ok := c.Resolve(name)
	if !ok {
		return "", false
	}
	fc, ok := w.r.fl().file(abs)
	if !ok || fc.kind != streamLiteral && fc.kind != streamDecoded {
		return "", false
	}
	return fc.text, true
}

// argFileLines judges parallel or rush given no command and files of
// command lines (parallel :::: FILE, parallel -a FILE, rush -i FILE): each
// line of each file runs. It returns the command when it judged one.
func (w *walker) argFileLines(argv []string, dyn []bool, text string, sudo bool) (*Cmd, bool) {
	end := len(argv)
	for i := 1; i < len(argv); i++ {
		if strings.HasPrefix(argv[i], ":::") {
			end = i
			break
		}
	}
	av := parseArgv(SpecFor(argv[0]), argv[1:end], dyn[1:end])
	if len(av.OperandArg) > 0 {
		return nil, false // a command: the items are its arguments
	}
	var files []string
	for _, o := range av.Opts {
		if o.Tags&TagNoExec != 0 {
			return nil, false
		}
		if o.HasValue && (o.Name == "--arg-file" || o.Name == "--infile") {
			files = append(files, o.Value)
		}
	}
	sep := ""
	for i := end; i < len(argv); i++ {
		switch {
		case strings.HasPrefix(argv[i], ":::"):
			sep = argv[i]
		case strings.HasPrefix(sep, "::::"):
			files = append(files, argv[i])
		}
	}
	if len(files) == 0 {
		return nil, false
	}
	c := w.newCmd(argv, dyn, text, sudo)
	w.r.record(c)
	w.r.mutates()
	for _, f := range files {
		w.linesFile(c, f)
	}
	return c, true
}

// stdinShellLines are the programs whose standard input, when they read
// it for commands, is shell command lines: script starts a shell that
// reads the pipe, parallel and rush with no command run each line. (The
// database shells and ed have their own readers.)
var stdinShellLines = map[string]bool{"script": true, "rush": true, "parallel": true}

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
// its spec tags runs: gdb -x, lldb -s, emacs -l, make -f, sqlite3 -init,
// gradle --init-script, cmake -P) and, when its spec says runsops, its
// operands (tmux source-file FILE, gnuplot FILE): a process substitution
// that downloads, standard input fed from the network (-x /dev/stdin, -),
// a URL, a file downloaded earlier on the line.
func (w *walker) runFiles(c *Cmd, in stream) {
	av := c.Argv()
	stdinRead := readsStdinCommands(c) // stdinCommands judges those
	if s := av.Spec(); s != nil && s.attrs&attrRunsOps != 0 {
		for k, op := range av.Operands {
			at := -1
			if k < len(av.OperandArg) {
				at = av.OperandArg[k]
			}
			how := "the file " + op
			switch {
			case op == "-" || isStdinPath(op):
				how = "its standard input"
			case at >= 0 && at < len(c.proc) && c.proc[at].kind != streamNone:
				how = "a process substitution"
			}
			w.runFile(c, w.runFileStream(c, at, op, in), how)
		}
	}
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
	if runsURL(name) {
		// gradle --init-script URL, tmux source-file URL: the program
		// fetches the file it runs.
		return stream{kind: streamNetwork, what: "the download " + name}
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
	return c, true
}

// runsURL reports whether a file a program runs is named by a URL it
// fetches (http, https, ftp).
func runsURL(name string) bool {
	l := strings.ToLower(name)
	return strings.HasPrefix(l, "http://") || strings.HasPrefix(l, "https://") || strings.HasPrefix(l, "ftp://")
}
