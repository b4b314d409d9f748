package shell

import "strings"

// Programs with a command channel: editors, debuggers and Tcl run commands
// given in their options or read from standard input; cmd.exe runs its
// command line. channels judges what they run as the commands themselves.

// vimNames are vim and the programs that are vim under another name.
var vimNames = map[string]bool{"vim": true, "vi": true, "nvim": true, "ex": true, "view": true, "gvim": true, "gview": true, "vimdiff": true, "nvi": true, "evim": true, "vimx": true, "elvis": true, "vile": true}

// channels judges the commands a program runs through its own command
// language. It reports whether it handled the program fully (the caller
// then skips the generic interpreter).
func (w *walker) channels(c *Cmd, in stream) bool {
	w.buildHooks(c)
	w.projectRunner(c)
	switch {
	case c.Name == "sed" || c.Name == "gsed":
		sedExecHandler(c, w.r)
	case vimNames[c.Name]:
		w.vim(c, in)
	case c.Name == "ed":
		if in.kind == streamLiteral || in.kind == streamDecoded {
			w.chanRuns(c, edRuns(in.text), "ed")
			w.emptiedByEditor(c, strings.Split(in.text, "\n"), c.Positional())
		}
	case c.Name == "less" || c.Name == "more":
		w.less(c)
	case c.Name == "emacs" || c.Name == "emacs-nox" || c.Name == "xemacs" || c.Name == "emacsclient":
		w.emacs(c)
	case c.Name == "gdb" || c.Name == "cgdb" || c.Name == "gdb-multiarch" || c.Name == "lldb":
		w.debugger(c, in)
	case c.Name == "expect" || c.Name == "tclsh" || c.Name == "wish" || c.Name == "jimsh":
		w.tcl(c, in)
		return true
	case c.Name == "cmd":
		if line, ok := cmdLine(c.Args); ok {
			home := c.env.home
			if home == "" {
				home = "~"
			}
			w.r.mutates()
			w.r.script(cmdScript(line, home), c, "cmd.exe runs")
			if raw, ok := cmdRawLine(c.Text); ok && raw != line {
				// The shell took the backslashes of C:\Users\dev\*; cmd.exe
				// on Windows gets them.
				w.r.script(cmdScript(raw, home), c, "cmd.exe runs")
			}
		}
	case c.Name == "start" && len(c.Args) > 0:
		// cmd's start (wine start, Git Bash's start): the program it
		// starts runs with the words after start's switches.
		if argv := startProgram(c.Args); len(argv) > 0 {
			w.r.mutates()
			w.r.command(argv, c, "start runs")
		}
	case winTools(c.Name):
		w.winTool(c)
	case notebookRunners[c.Name]:
		w.notebooks(c) // notebook.go
	case xtermNames[c.Name]:
		w.xterm(c)
	case c.Name == "make" || c.Name == "gmake":
		w.makeText(c, in)
	case c.Name == "docker" || c.Name == "podman" || c.Name == "nerdctl":
		w.containerMounts(c)
	case c.Name == "systemctl":
		w.systemdUnits(c)
	}
	return false
}

// chanRuns judges what a program runs through its command channel.
func (w *walker) chanRuns(c *Cmd, runs []chanRun, prog string) {
	r := w.r
	for _, run := range runs {
		r.mutates()
		switch {
		case !run.known:
			r.add(c.find(ruleEvalDynamic, "Runs, from inside "+prog+", a command only known when it runs, so it cannot be checked first."))
		case run.lang == "argv":
			r.command(strings.Split(run.text, "\x00"), c, prog+" runs")
		case run.lang == "shell":
			r.script(run.text, c, prog+" runs")
		default:
			w.inlineCode(c, run.lang, run.text)
		}
	}
}

// vim reads vim's command-line options: -c CMD, +CMD, --cmd CMD, -S FILE
// (a file given by a process substitution), and in ex mode (-e, -E, -es,
// ex) the commands on standard input. vim does not read its options with
// getopt (-s takes a file except in ex mode), so they are read here. Out
// of ex mode, vim reads its keys from a standard input that is not a
// terminal unless the operand - makes it the text to edit.
func (w *walker) vim(c *Cmd, in stream) {
	exMode := c.Name == "ex"
	stdinText := false // vim -: the input is the buffer
	var cmds, files []string
	for i := 0; i < len(c.Args); i++ {
		a := c.Args[i]
		if a == "--" {
			break
		}
		next := func() (string, int, bool) {
			if i+1 < len(c.Args) {
				i++
				return c.Args[i], i, true
			}
			return "", -1, false
		}
		switch {
		case a == "-c" || a == "--cmd" || a == "--remote-send":
			if v, _, ok := next(); ok {
				cmds = append(cmds, strings.TrimSuffix(strings.ReplaceAll(v, "<CR>", "\n"), "\n"))
			}
		case a == "--remote-expr":
			if v, _, ok := next(); ok {
				w.chanRuns(c, vimCalls(v, nil), c.Name)
			}
		case a == "-S" || a == "-u" || a == "-U":
			// A script or vimrc given by a process substitution: its lines are commands.
			v, at, ok := next()
			if ok && strings.HasPrefix(v, "-") && a == "-S" {
				i-- // -S alone sources Session.vim
				continue
			}
			if ok && at < len(c.proc) && (c.proc[at].kind == streamLiteral || c.proc[at].kind == streamDecoded) {
				cmds = append(cmds, strings.Split(c.proc[at].text, "\n")...)
			}
			if ok {
				w.runFile(c, w.runFileStream(c, at, v, in), a) // stdin_cmds.go
			}
		case a == "-e" || a == "-E" || a == "-es" || a == "-Es":
			exMode = true
		case a == "-s":
			if !exMode {
				// a file of normal-mode keys, : commands among them
				if v, at, ok := next(); ok {
					w.runFile(c, w.runFileStream(c, at, v, in), a)
				}
			}
		case a == "-":
			stdinText = !exMode
		case a == "-T" || a == "-i" || a == "-w" || a == "-W" || a == "-t" || a == "-q" || a == "--servername" || a == "--startuptime" || a == "--log" || a == "--listen":
			next()
		case len(a) > 1 && a[0] == '+':
			cmd := a[1:]
			if cmd != "" && cmd[0] != '/' && !isDigits(cmd) {
				cmds = append(cmds, cmd)
			}
		case !strings.HasPrefix(a, "-") && !strings.HasPrefix(a, "+"):
			files = append(files, a)
		}
	}
	for j := range c.Args {
		if c.Args[j] == "--" {
			files = append(files, c.Args[j+1:]...)
			break
		}
	}
	if exMode && (in.kind == streamLiteral || in.kind == streamDecoded) {
		cmds = append(cmds, strings.Split(in.text, "\n")...)
	}
	if !stdinText {
		w.stdinKeys(c, in)
	}
	for _, cmd := range cmds {
		w.chanRuns(c, exRuns(cmd), c.Name)
	}
	w.emptiedByEditor(c, cmds, files)
}

// debugger reads gdb's -ex and -iex commands and lldb's -o, -O, -k and -K
// commands, and runs the program given after --args (gdb) or -- (lldb).
func (w *walker) debugger(c *Cmd, in stream) {
	lldb := c.Name == "lldb"
	var argv []string
	for i := 0; i < len(c.Args); i++ {
		a := c.Args[i]
		if (a == "--args" || a == "-args") && !lldb {
			argv = c.Args[i+1:]
			break
		}
		if a == "--" && lldb {
			argv = c.Args[i+1:]
			break
		}
		name, val, attached := strings.Cut(a, "=")
		switch name {
		case "-ex", "--ex", "-eval-command", "--eval-command", "-iex", "--iex", "-init-eval-command", "--init-eval-command",
			"-o", "--one-line", "-O", "--one-line-before-file", "-k", "--one-line-on-crash", "-K", "-s", "--source", "-S", "--source-before-file", "-x", "--command", "-ix", "--init-command":
			if !attached {
				if i+1 >= len(c.Args) {
					continue
				}
				i++
				val = c.Args[i]
			}
			switch {
			case name == "-x" || name == "--command" || name == "-ix" || name == "--init-command" || name == "-s" || name == "--source" || name == "-S" || name == "--source-before-file":
				// A command file: known when a process substitution gives
				// it, or when it is standard input (gdb -x /dev/stdin).
				if (val == "-" || isStdinPath(val)) && (in.kind == streamLiteral || in.kind == streamDecoded) {
					for _, line := range strings.Split(in.text, "\n") {
						w.chanRuns(c, gdbRuns(line), c.Name)
					}
				} else if i < len(c.proc) && (c.proc[i].kind == streamLiteral || c.proc[i].kind == streamDecoded) {
					for _, line := range strings.Split(c.proc[i].text, "\n") {
						w.chanRuns(c, gdbRuns(line), c.Name)
					}
				} else if text, ok := w.knownFile(c, val); ok {
					// A command file written earlier or on disk.
					for _, line := range strings.Split(text, "\n") {
						w.chanRuns(c, gdbRuns(line), c.Name)
					}
				}
			case lldb == (name == "-o" || name == "--one-line" || name == "-O" || name == "--one-line-before-file" || name == "-k" || name == "--one-line-on-crash" || name == "-K"):
				w.chanRuns(c, gdbRuns(val), c.Name)
			}
		}
	}
	if len(argv) > 0 {
		w.r.mutates()
		w.r.command(argv, c, c.Name+" runs the program it debugs")
	}
}

// tcl reads a Tcl script from expect -c, a script file given by a process
// substitution, or standard input.
func (w *walker) tcl(c *Cmd, in stream) {
	w.r.mutates()
	var scripts []string
	file := false
	for i := 0; i < len(c.Args); i++ {
		a := c.Args[i]
		switch {
		case a == "-c" && c.Name == "expect":
			if i+1 < len(c.Args) {
				i++
				scripts = append(scripts, c.Args[i])
			}
			continue
		case a == "-f" && c.Name == "expect":
			if i+1 < len(c.Args) {
				i++
				if i < len(c.proc) && (c.proc[i].kind == streamLiteral || c.proc[i].kind == streamDecoded) {
					scripts = append(scripts, c.proc[i].text)
				} else if text, ok := w.knownFile(c, c.Args[i]); ok {
					scripts = append(scripts, text)
				}
				w.runFile(c, w.runFileStream(c, i, c.Args[i], in), a) // stdin_cmds.go
				// expect -f - (or /dev/stdin) reads its script from the pipe.
				file = c.Args[i] != "-" && !isStdinPath(c.Args[i])
			}
			continue
		case a == "--":
		case strings.HasPrefix(a, "-") && a != "-":
			continue
		}
		if a == "--" {
			continue
		}
		// The first operand is the script file (- for standard input).
		if a != "-" {
			file = true
			if i < len(c.proc) && (c.proc[i].kind == streamLiteral || c.proc[i].kind == streamDecoded) {
				scripts = append(scripts, c.proc[i].text)
			} else if text, ok := w.knownFile(c, a); ok {
				scripts = append(scripts, text)
			}
			w.runFile(c, w.runFileStream(c, i, a, in), "its script file")
		}
		break
	}
	if !file && len(scripts) == 0 || c.Name == "expect" && !file {
		switch in.kind {
		case streamLiteral, streamDecoded:
			scripts = append(scripts, in.text)
		case streamNetwork:
			w.r.add(c.find(w.remoteRule(c), "Pipes "+in.what+" straight into "+c.Name+": code from the network runs without being looked at."))
		}
	}
	for _, s := range scripts {
		w.chanRuns(c, tclRuns(s), c.Name)
	}
}

// xtermNames are terminals that accept -display.
var xtermNames = map[string]bool{"xterm": true, "uxterm": true, "rxvt": true, "urxvt": true, "aterm": true, "mrxvt": true, "eterm": true}

// xterm: a terminal opened on another machine's display hands a shell on
// this machine to whoever sits at that display.
func (w *walker) xterm(c *Cmd) {
	display := ""
	for i := 0; i < len(c.Args); i++ {
		if a := c.Args[i]; (a == "-display" || a == "--display" || a == "-d") && i+1 < len(c.Args) {
			display = c.Args[i+1]
		}
	}
	if display == "" {
		if v, ok := w.state().lookup("DISPLAY"); ok && len(v.vals) == 1 && !v.dyn {
			display = v.vals[0]
		}
	}
	host, _, ok := strings.Cut(display, ":")
	if !ok || host == "" || host == "unix" || host == "localhost" || host == "127.0.0.1" || host == "::1" {
		return
	}
	w.r.mutates()
	w.r.add(c.find(ruleReverseShell, "Opens a terminal on the display of "+host+": whoever sits there gets a shell on this machine.", host))
}

// makeText judges make -f <(…), make -f - with the Makefile on standard
// input, and make --eval TEXT: the recipe lines are what runs.
func (w *walker) makeText(c *Cmd, in stream) {
	if c.Has("--dry-run", "--just-print", "--recon", "-n", "--question", "-q") {
		return
	}
	var texts []string
	for _, o := range c.Argv().Opts {
		switch o.Name {
		case "--file":
			if !o.HasValue {
				continue
			}
			at := o.ValueArg
			if at < 0 {
				at = o.Arg
			}
			switch {
			case o.Value == "-" && (in.kind == streamLiteral || in.kind == streamDecoded):
				texts = append(texts, in.text)
			case at < len(c.proc) && (c.proc[at].kind == streamLiteral || c.proc[at].kind == streamDecoded) && strings.HasPrefix(o.Value, "/dev/fd/"):
				texts = append(texts, c.proc[at].text)
			}
		case "--eval":
			if o.HasValue {
				texts = append(texts, strings.ReplaceAll(o.Value, `\n`, "\n"))
			}
		}
	}
	if v, ok := w.state().lookup("MAKEFLAGS"); ok && !v.array {
		// MAKEFLAGS='--eval=$(shell …)' make: make reads its options
		// from the variable too.
		texts = append(texts, strings.Join(v.vals, " "))
	}
	w.makeOverrides(c)
	for _, t := range texts {
		w.makeShellCalls(c, t)
		rec := makeRecipes(inlineRecipes(t))
		if strings.TrimSpace(rec) == "" {
			continue
		}
		w.r.mutates()
		w.r.script(rec, c, "make runs the recipes of the Makefile it is given")
	}
}

// makeOverrides judges the variables set on make's command line (make
// CC='rm -rf ~;' all, make SHELL='sh -c "…"'): the Makefile puts them into
// the recipes it runs (and SHELL runs every recipe), so a value that reads
// as a command line is judged as one. A single word (CC=clang, PREFIX=/usr)
// is a name or a path, not a command line.
func (w *walker) makeOverrides(c *Cmd) {
	for i, a := range c.Args {
		name, value, ok := strings.Cut(a, "=")
		if !ok || !isName(strings.TrimSuffix(strings.TrimSuffix(name, ":"), "+")) || !strings.ContainsAny(value, " \t;&|`$()<>") {
			continue
		}
		if i < len(c.Dynamic) && c.Dynamic[i] && !strings.ContainsAny(strings.ReplaceAll(value, "$(…)", ""), " \t;&|") {
			continue // VERSION="$(git describe)": a value, not a command line
		}
		w.r.mutates()
		w.r.script(value, c, "make puts "+name+" into the recipes it runs")
		w.makeShellCalls(c, value)
	}
}

// makeShellCalls judges the commands make runs while it reads Makefile text
// (an --eval, a variable given on its command line, MAKEFLAGS): those of
// $(shell …) calls and of "VAR != command" assignments.
func (w *walker) makeShellCalls(c *Cmd, text string) {
	for _, cmd := range makeShellCommands(text) {
		w.r.mutates()
		w.r.script(cmd, c, "make runs the command of $(shell …) when it reads its text")
	}
}

// makeShellCommands returns the commands of the $(shell …) and ${shell …}
// calls in Makefile text, and of its "VAR != command" assignments.
func makeShellCommands(text string) []string {
	var out []string
	for i := 0; i+8 < len(text) && len(out) < 64; i++ {
		if text[i] != '$' || text[i+1] != '(' && text[i+1] != '{' || !strings.HasPrefix(text[i+2:], "shell") || text[i+7] != ' ' && text[i+7] != '\t' {
			continue
		}
		closeB := byte(')')
		if text[i+1] == '{' {
			closeB = '}'
		}
		end := matchClose(text, i+1, text[i+1], closeB)
		if end < 0 {
			out = append(out, text[i+8:]) // unclosed: make reads to the end
			break
		}
		out = append(out, text[i+8:end])
		i = end
	}
	for _, line := range strings.Split(text, "\n") {
		if k := strings.Index(line, "!="); k > 0 && !strings.HasPrefix(line, "\t") && isName(strings.TrimSpace(line[:k])) {
			out = append(out, strings.TrimSpace(line[k+2:]))
		}
	}
	return out
}

// inlineRecipes moves the recipe written on a rule's line ("x: ; cmd")
// to a recipe line of its own.
func inlineRecipes(text string) string {
	lines := strings.Split(text, "\n")
	for i, l := range lines {
		if strings.HasPrefix(l, "\t") {
			continue
		}
		colon := strings.IndexByte(l, ':')
		if colon < 0 || strings.HasPrefix(l[colon:], ":=") {
			continue
		}
		if semi := strings.IndexByte(l[colon:], ';'); semi >= 0 {
			lines[i] = l[:colon+semi] + "\n\t" + strings.TrimSpace(l[colon+semi+1:])
		}
	}
	return strings.Join(lines, "\n")
}
