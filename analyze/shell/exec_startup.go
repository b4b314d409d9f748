package shell

import (
	"strings"

	"mvdan.cc/sh/v3/syntax"
)

// Scripts that run by indirection: a shell's start-up variables
// (PROMPT_COMMAND, BASH_ENV, ENV), a script read from /dev/stdin, a remote
// shell fed its script on standard input, and the scripts test and task
// runners run (package.json scripts, pytest's conftest.py and test files).

// isStdinPath reports whether a file name is the process's standard input.
func isStdinPath(p string) bool {
	switch p {
	case "/dev/stdin", "/dev/fd/0", "/proc/self/fd/0", "/proc/thread-self/fd/0":
		return true
	}
	return false
}

// procSubstWord returns the process substitution a word is made of alone.
func procSubstWord(w *syntax.Word) (*syntax.ProcSubst, bool) {
	if w == nil || len(w.Parts) != 1 {
		return nil, false
	}
	ps, ok := w.Parts[0].(*syntax.ProcSubst)
	return ps, ok && ps.Op == syntax.CmdIn
}

// startupVars are the variables whose value a shell runs: PROMPT_COMMAND
// before each prompt of an interactive shell, BASH_ENV (bash) and ENV (sh)
// as a file read when the shell starts.
var startupVars = map[string]bool{"PROMPT_COMMAND": true, "BASH_ENV": true, "ENV": true}

// startupVar judges the assignment of a start-up variable: what it makes a
// shell run, as soon as it is set (the next shell started runs it).
func (w *walker) startupVar(a *syntax.Assign) {
	name := a.Name.Value
	text := oneLine(w.nodeText(a))
	if ps, ok := procSubstWord(a.Value); ok {
		// BASH_ENV=<(echo '…'): the file is what the substitution prints.
		st := w.substitution(ps.Stmts)
		w.startupText(name, text, st)
		return
	}
	val, dyn := w.wordString(a.Value, false)
	w.startupValue(name, val, dyn, text)
}

// startupValue judges a start-up variable's value: PROMPT_COMMAND's is a
// script, BASH_ENV's and ENV's a file.
func (w *walker) startupValue(name, val string, dyn bool, text string) {
	if dyn || strings.TrimSpace(val) == "" {
		return
	}
	if name == "PROMPT_COMMAND" {
		w.startupText(name, text, stream{kind: streamLiteral, text: val})
		return
	}
	w.startupText(name, text, w.fileStream(val, false))
}

// startupEnv judges env NAME=VALUE cmd for a start-up variable; the
// value may be a process substitution.
func (w *walker) startupEnv(name, val, word string, argv []string, dyn []bool, proc []stream, text string) {
	for i := 1; i < len(argv) && i < len(proc); i++ {
		if argv[i] != word {
			continue
		}
		if p := proc[i]; p.kind != streamNone && name != "PROMPT_COMMAND" {
			w.startupText(name, text, p)
			return
		}
		w.startupValue(name, val, dyn[i] && !strings.HasPrefix(val, "/dev/fd/"), text)
		return
	}
}

func (w *walker) startupText(name, text string, st stream) {
	c := &Cmd{Name: name, Path: name, Text: text, Depth: w.depth, env: w.r.env}
	w.r.record(c)
	switch st.kind {
	case streamLiteral, streamDecoded:
		if strings.TrimSpace(st.text) != "" {
			w.r.script(st.text, c, name+" makes the next shell run")
		}
	case streamNetwork:
		w.r.add(c.find(ruleRemoteExec, "Makes the next shell run "+st.what+" without showing it first."))
	case streamUnknown:
		w.startupFile(c, name, st)
	}
}

// startupFile judges a start-up file (BASH_ENV, ENV) whose content the
// command line does not show: read from disk when the caller allows it,
// else a script nobody saw runs before the shell's own command. A file of
// the project (not scratch space) is the project's environment, as
// running it directly would be.
func (w *walker) startupFile(c *Cmd, name string, st stream) {
	if st.file == "" {
		w.r.add(c.find(ruleStartupFile, "Makes the next shell run "+st.what+" first ($"+name+"), a file whose content is only known when it runs."))
		return
	}
	if fc, ok := w.r.fl().file(st.file); ok {
		w.judgeFile(c, st.file, "shell", fc, "sources")
		return
	}
	cl := w.r.env.classify(st.file)
	if cl.Workspace && !cl.Temp && !cl.TempRoot {
		return
	}
	w.r.add(c.find(ruleStartupFile, "Makes the next shell run "+showPath(st.file)+" first ($"+name+"), a script whose content was not shown.", st.file))
}

// remoteShellReadsStdin reports whether a remote command is a shell that
// reads its script from standard input (bash, sh -s, bash -l).
func remoteShellReadsStdin(words []string) bool {
	if len(words) == 0 {
		return false
	}
	fields := strings.Fields(strings.Join(words, " "))
	for len(fields) > 0 && (fields[0] == "sudo" || fields[0] == "exec" || fields[0] == "env" || fields[0] == "command" || strings.HasPrefix(fields[0], "-")) {
		fields = fields[1:]
	}
	if len(fields) == 0 || !shells[progName(fields[0])] {
		return false
	}
	for _, f := range fields[1:] {
		if f == "-s" || strings.HasPrefix(f, "-") && !strings.Contains(f, "c") && !strings.HasPrefix(f, "--") && strings.Contains(f, "s") {
			return true // bash -s [args…]: the commands come from standard input, the words after are $1…
		}
		if strings.HasPrefix(f, "-") && !strings.Contains(f, "c") && !strings.HasPrefix(f, "--") {
			continue
		}
		if strings.HasPrefix(f, "--") || f == "-" {
			continue
		}
		return false // bash -c …, bash script.sh
	}
	return true
}

// systemdUnitDirs are where systemctl finds unit files.
var systemdUnitDirs = []string{"~/.config/systemd/user", "/etc/systemd/system", "/etc/systemd/user", "/run/systemd/system", "/usr/lib/systemd/system", "/lib/systemd/system", "/usr/local/lib/systemd/system"}

// systemdUnits judges systemctl start (restart, enable --now…) of a unit
// whose file was written on this command line or earlier in the session:
// its Exec lines are what runs.
func (w *walker) systemdUnits(c *Cmd) {
	fl := w.r.fl()
	if len(fl.files) == 0 {
		return
	}
	pos := c.Positional()
	if len(pos) < 2 {
		return
	}
	switch pos[0] {
	case "start", "restart", "reload-or-restart", "try-restart", "reload", "isolate":
	case "enable", "reenable":
	default:
		return
	}
	enable := pos[0] == "enable" || pos[0] == "reenable"
	now := !enable || c.Has("--now")
	for _, unit := range pos[1:] {
		if !strings.Contains(unit, ".") {
			unit += ".service"
		}
		for _, d := range systemdUnitDirs {
			abs, ok := c.Resolve(d + "/" + unit)
			if !ok {
				continue
			}
			fc, had := fl.files[abs]
			if !had {
				continue
			}
			if enable && w.unitPersists(c, unit, fc) {
				// A unit written on this command line and enabled starts
				// at every boot or login, long after this session.
				when := "boot"
				if c.Has("--user") {
					when = "login"
				}
				w.r.add(c.find(ruleWriteAutorun, "Enables "+unit+", a service written on this command line: it starts at every "+when+", outside this session.", unit))
			}
			if !now {
				break
			}
			if fc.kind == streamLiteral || fc.kind == streamDecoded {
				fc.text = unitExecLines(fc.text)
			}
			w.judgeFile(c, unit, "shell", fc, "starts the unit")
			break
		}
	}
}

// unitExecLines returns the commands of a unit file's Exec lines, their
// prefixes (- @ + ! :) removed.
func unitExecLines(text string) string {
	var out []string
	for _, line := range strings.Split(text, "\n") {
		k, v, ok := strings.Cut(strings.TrimSpace(line), "=")
		if !ok || !strings.HasPrefix(k, "Exec") {
			continue
		}
		v = strings.TrimLeft(strings.TrimSpace(v), "-@+!:")
		if v != "" {
			out = append(out, v)
		}
	}
	return strings.Join(out, "\n")
}

// unitPersists reports whether an enabled unit's Exec lines run more than
// read-only commands of note: a service that only lists or prints is
// judged by what it runs; one that changes things, or whose commands are
// not known, keeps doing so at every start.
func (w *walker) unitPersists(c *Cmd, unit string, fc fileContent) bool {
	if fc.kind != streamLiteral && fc.kind != streamDecoded {
		return true
	}
	wrote := w.r.writes
	w.r.writes = false
	v := w.judgeShellAutorun(unitExecLines(fc.text), c, "systemd starts "+unit)
	mutated := w.r.writes
	w.r.writes = wrote || mutated
	return v == autorunDanger || v == autorunUnknown && mutated
}
