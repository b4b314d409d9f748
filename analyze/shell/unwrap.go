package shell

import (
	"path"
	"strings"

	"github.com/actionguard/actionguard/analyze/sql"
)

// unwrap peels wrappers off a command line (sudo, env, nice, timeout, …)
// and returns the command that really runs. Shells given a script (bash -c),
// eval, watch and su -c analyse their script as a nested one; inner is then
// true and c is the wrapper.
func (w *walker) unwrap(argv []string, dyn []bool, proc []stream, in stream, text string) (c *Cmd, inner bool) {
	sudo := w.sudo
	var steps []string
	cwd := ""             // a working directory a wrapper sets for the command
	var guardEnv []string // env ACTIONGUARD_DB=… CMD: carried to CMD's scripts
	for guard := 0; len(argv) > 0 && guard < 16; guard++ {
		name := progName(argv[0])
		if dyn[0] {
			break
		}
		w.runnerWrapper(argv, dyn, text)
		n := 0 // words to drop
		if spec, at := w.wrapperAt(name, argv, dyn); spec != nil {
			w.pidWrapper(argv, dyn, text, sudo)
			if len(envRunners[name]) > 0 {
				// SUDO_ASKPASS=./x sudo -A: the program it names runs too, as the user.
				w.envCommands(w.newCmd(argv, dyn, text, w.sudo))
			}
			wr := readWrapper(spec, argv[at:], dyn[at:])
			wr.next += at
			w.lockWrapper(name, argv[:min(wr.next, len(argv))], dyn[:min(wr.next, len(dyn))], text, sudo) // self_locks.go
			w.r.res.wrapperSecrets = append(w.r.res.wrapperSecrets, wr.secret...)
			if wr.writes {
				w.wrapperOutputs(argv[:min(wr.next, len(argv))], dyn[:min(wr.next, len(dyn))], text, sudo)
			}
			if wr.root {
				sudo = true
			}
			if wr.edit {
				files := argv[min(wr.next, len(argv)):]
				c := w.newCmd(append([]string{"sudoedit"}, files...), append([]bool{false}, dyn[min(wr.next, len(dyn)):]...), text, true)
				w.r.record(c)
				w.r.mutates()
				w.r.add(c.find(ruleSudo, "Edits "+strings.Join(files, " ")+" as root."))
				return c, true
			}
			if wr.noexec {
				return nil, false // sudo -l, command -v, taskset -p: runs no command
			}
			for _, a := range wr.assign {
				if k, v, _ := strings.Cut(a, "="); k == "HISTFILE" && v == "/dev/null" {
					w.r.add(ruleHistoryWipe.Find(text, "Runs a command with the shell history switched off.", ""))
				} else if k == "LD_PRELOAD" || k == "DYLD_INSERT_LIBRARIES" {
					w.r.add(rulePreload.Find(text, "", ""))
				} else if fn, ok := exportedFunction(k, v); ok {
					// env 'BASH_FUNC_ls%%=() { …; }' bash -c ls: the next
					// bash defines the function ls, which runs that body.
					w.r.script(fn, w.newCmd(argv, make([]bool, len(argv)), text, sudo), "the function "+strings.TrimSuffix(strings.TrimPrefix(k, "BASH_FUNC_"), "%%")+" passed to the next bash runs")
				} else if startupVars[k] {
					w.startupEnv(k, v, a, argv, dyn, proc, text)
				} else {
					w.envAssign(k, v, text)
				}
				if k, _, _ := strings.Cut(a, "="); guardVarName(k) {
					guardEnv = append(guardEnv, a)
				}
			}
			if wr.script && wr.next < len(argv) {
				// entr -s 'CMD', sudo -s -- CMD…: a shell runs the words
				// as one command line.
				c := w.newCmd(argv, dyn, text, sudo)
				w.r.record(c)
				// sudo -D DIR -s, sudo -i: the shell starts in DIR, or in
				// the target user's home.
				if dir := w.wrapperDir(name, wr); dir != "" {
					defer w.workIn(w.r.env.at(dir))()
				}
				w.wrapperScript(c, name, argv[wr.next:], dyn[wr.next:])
				return c, true
			}
			if len(wr.exec) > 0 {
				c := w.newCmd(argv, dyn, text, sudo)
				w.r.record(c)
				for _, script := range wr.exec {
					w.r.script(script, c, name+" runs")
				}
				return c, true
			}
			if wr.hasSplit {
				// env -S 'sh -c "rm -rf /"': the string is split into words
				// that env reads as its own arguments (options, NAME=VALUE,
				// then the command), before the words that followed.
				if wr.cwd != "" {
					cwd = w.wrapperCwd(name, wr.cwd)
				}
				rest := min(wr.next, len(argv))
				nargv := append(append([]string{argv[0]}, wr.split...), argv[rest:]...)
				ndyn := append(append([]bool{dyn[0]}, wr.splitDyn...), dyn[rest:]...)
				nproc := append(make([]stream, 1+len(wr.split)), proc[rest:]...)
				argv, dyn, proc = nargv, ndyn, nproc
				steps = append(steps, name)
				continue
			}
			if wr.next >= len(argv) {
				if wr.login {
					c := w.newCmd(argv, dyn, text, true)
					w.r.record(c)
					w.r.mutates()
					w.r.add(c.find(ruleRootShell, ""))
					return c, true
				}
				if name == "env" || name == "ssh-agent" {
					goto done // env alone prints the environment, ssh-agent -s its own
				}
				if name == "strace" || name == "ltrace" {
					// strace -p PID: attached to a process that runs already.
					c := w.newCmd(argv, dyn, text, sudo)
					w.r.record(c)
					attachHandler(c, w.r)
					return c, true
				}
				if c := w.wrapperShell(argv, dyn, in, text, sudo); c != nil {
					return c, true // chroot DIR: a shell reads the input (stdin_cmds.go)
				}
				return nil, false // the wrapper alone runs no command
			}
			if dir := w.wrapperDir(name, wr); dir != "" {
				cwd = dir
			}
			steps = append(steps, name)
			argv, dyn, proc = argv[wr.next:], dyn[wr.next:], proc[wr.next:]
			continue
		}
		switch name {
		case "busybox", "toybox", "script", "runuser", "sg", "doppler", "op", "aws-vault", "dotenv", "with-contenv", "direnv", "scl", "mise", "asdf", "rtx", "pipenv", "poetry", "uv", "npx", "pnpx", "bunx", "bundle":
			var ok bool
			// script -c CMD, runuser -c CMD: the command reads the
			// wrapper's standard input (curl … | script -qc bash).
			w.r.fl().scriptIn = in
			n, ok = w.wrapperArgs(name, argv, dyn)
			w.r.fl().scriptIn = stream{}
			if !ok {
				goto done
			}
			if n < 0 {
				return nil, false // the wrapper runs nothing (command -v, exec with no command…)
			}
			steps = append(steps, name)
		case "npm", "pnpm", "yarn", "bun":
			// npm exec PKG, npm x, pnpm dlx|exec, yarn dlx|exec, bun x: the
			// package managers' own npx, read as npx is.
			// The verb may follow the manager's own options (pnpm -C DIR
			// exec, npm --prefix DIR exec, yarn --cwd DIR dlx), read
			// with its spec.
			k := 1
			if len(argv) > 1 && strings.HasPrefix(argv[1], "-") {
				if av := parseArgv(SpecFor(name), argv[1:], dyn[1:]); len(av.OperandArg) > 0 {
					k = av.OperandArg[0] + 1
				}
			}
			if len(argv) > k+1 && !dyn[k] && packageRunVerb(name, argv[k]) {
				verb := argv[k]
				argv = append([]string{"npx"}, argv[k+1:]...)
				dyn, proc = append([]bool{false}, dyn[k+1:]...), append([]stream{{}}, proc[k+1:]...)
				steps = append(steps, name+" "+verb)
				continue
			}
		case "go":
			// go run ./cmd/actionguard mode off: the guard's own source
			// built and run is the guard, judged by what it is asked.
			if k := goRunsGuard(argv, dyn); k > 0 {
				argv, dyn, proc = append([]string{guardPackageName(argv[k])}, argv[k+1:]...), dyn[k:], proc[k:]
				steps = append(steps, "go run")
				continue
			}
		case "watch":
			av := parseArgv(SpecFor("watch"), argv[1:], dyn[1:])
			if len(av.OperandArg) == 0 {
				return nil, false
			}
			n = av.OperandArg[0] + 1
			c := w.newCmd(argv, dyn, text, sudo)
			if (&Cmd{Name: "watch", Args: argv[1:], Dynamic: dyn[1:]}).Has("--exec") {
				argv, dyn, proc = argv[n:], dyn[n:], proc[n:]
				steps = append(steps, name)
				continue
			}
			w.r.record(c)
			w.r.script(strings.Join(argv[n:], " "), c, "watch runs")
			return c, true
		case "xargs":
			if script, ok := xargsJobs(argv, dyn, proc, in); ok { // feed.go
				c := w.newCmd(argv[:1], dyn[:1], text, sudo)
				w.r.record(c)
				w.r.script(script, c, "xargs runs")
				return c, true
			}
			cmd, cdyn, src, ok := xargsCommand(argv, dyn, proc, in)
			if !ok {
				return nil, false
			}
			w.feedUnknown(cmd, cdyn, text, src)
			argv, dyn, proc = cmd, cdyn, fedStreams(cmd, cdyn, src)
			steps = append(steps, "xargs")
			continue
		case "rush":
			if c, ok := w.argFileLines(argv, dyn, text, sudo); ok { // stdin_cmds.go
				return c, true
			}
			if script, ok := rushScript(argv, dyn, in); ok { // feed_parallel.go
				// The words are judged in the commands it runs, not as
				// rush's own arguments.
				c := w.newCmd(argv[:1], dyn[:1], text, sudo)
				w.r.record(c)
				w.r.script(script, c, "rush runs")
				return c, true
			}
		case "parallel":
			if c, ok := w.argFileLines(argv, dyn, text, sudo); ok { // stdin_cmds.go
				return c, true
			}
			if script, tooMany, ok := parallelGroups(argv, dyn); ok { // feed_parallel.go
				c := w.newCmd(argv[:1], dyn[:1], text, sudo) // its words: in the commands it runs
				w.r.record(c)
				if tooMany {
					w.r.add(c.find(ruleTooComplex, "This command is too complex to check fully: parallel runs more than "+itoa(maxParallelJobs)+" commands put together from its argument groups, and only the first are judged."))
				}
				w.r.script(script, c, "parallel runs")
				return c, true
			}
			if script, ok := parallelJobsScript(argv, dyn, in); ok { // feed.go
				c := w.newCmd(argv[:1], dyn[:1], text, sudo)
				w.r.record(c)
				w.r.script(script, c, "parallel runs")
				return c, true
			}
			cmd, cdyn, ok := parallelCommand(argv, dyn, in)
			if !ok {
				return w.parallelLines(argv, dyn, in, text, sudo)
			}
			w.feedUnknown(cmd, cdyn, text, in)
			if len(cmd) == 1 && strings.ContainsAny(cmd[0], " ;|&\n") {
				c := w.newCmd(argv, dyn, text, sudo)
				w.r.record(c)
				w.r.script(cmd[0], c, "parallel runs")
				return c, true
			}
			argv, dyn, proc = cmd, cdyn, fedStreams(cmd, cdyn, in)
			steps = append(steps, "parallel")
			continue
		case "su":
			// su [-] [user] -c 'script'
			if script, ok := (&Cmd{Name: "su", Args: argv[1:], Dynamic: dyn[1:]}).Flag("--command", "--session-command"); ok {
				c := w.newCmd(argv, dyn, text, true)
				w.r.record(c)
				// The script reads su's standard input (echo … | su -c sh).
				w.r.fl().scriptIn = in
				w.r.script(script, c, "su runs")
				w.r.fl().scriptIn = stream{}
				return c, true
			}
			c := w.newCmd(argv, dyn, text, true)
			w.r.record(c)
			w.r.mutates()
			w.r.add(c.find(ruleRootShell, "Opens a shell as "+suUser(argv)+"."))
			return c, true
		case "eval":
			c := w.newCmd(argv, dyn, text, sudo)
			w.r.record(c)
			if anyTrue(dyn[1:]) && !envSetupOnly(proc[1:], dyn[1:]) {
				if s, ok := connectionIn(proc[1:]); ok {
					w.runsConnection(c, s)
				} else if streamOf(proc, streamNetwork) {
					w.r.add(c.find(ruleRemoteExec, "Runs code downloaded from the network without showing it first."))
				} else {
					w.r.add(c.find(ruleEvalDynamic, ""))
				}
				w.r.mutates()
			}
			if envSetupWords(argv[1:], dyn[1:], proc[1:]) {
				// eval "$(ssh-agent -s)": the variables a known tool sets up,
				// nothing else written beside them.
				return c, true
			}
			w.r.script(strings.Join(argv[1:], " "), c, "eval runs")
			return c, true
		case "source", ".":
			if len(argv) < 2 {
				return nil, false
			}
			c := w.newCmd(argv, dyn, text, sudo)
			w.r.record(c)
			w.sourced(c, argv[1], proc[1], in)
			return c, true
		}
		if n <= 0 || n > len(argv) {
			break
		}
		if n == len(argv) {
			return nil, false
		}
		argv, dyn, proc = argv[n:], dyn[n:], proc[n:]
	}
done:
	if len(argv) == 0 {
		return nil, false
	}
	if len(steps) > 0 {
		w.r.trace("unwrap " + strings.Join(steps, ", ") + " → " + truncateText(joinArgv(argv), 120))
	}
	c = w.newCmd(argv, dyn, text, sudo)
	c.cwdSet = cwd
	c.wrapEnv = guardEnv
	if dyn[0] && len(proc) > 0 && proc[0].kind == streamNetwork {
		c.nameNet = proc[0].what
	}
	if len(proc) > 0 {
		c.proc = proc[1:]
	}
	if sudo && !w.sudo {
		c.viaSudo = true
	}
	return c, false
}

// newCmd builds a Cmd of argv.
func (w *walker) newCmd(argv []string, dyn []bool, text string, sudo bool) *Cmd {
	c := w.r.takeCmd()
	*c = Cmd{Name: progName(argv[0]), Path: argv[0], Args: argv[1:], Dynamic: dyn[1:], Text: text, Sudo: sudo, Depth: w.depth, env: w.r.env}
	if dyn[0] {
		c.Path = "\x00" + argv[0]
		c.Name = argv[0]
		if base := literalBase(argv[0]); base != "" {
			// $HOME/bin/rm, "${D}/actionguard": only the directory is
			// unknown; the program is judged by its name as well.
			c.Name = progName(base)
		}
	}
	if c.Text == "" {
		c.Text = joinArgv(argv)
	}
	return c
}

// literalBase is the last element of a command word whose directory only
// is known at run time ($HOME/bin/rm: "rm"), or "" when the name itself is
// unknown ($CMD, /usr/bin/$X, a glob).
func literalBase(word string) string {
	i := strings.LastIndexByte(word, '/')
	if i < 0 {
		return ""
	}
	base := word[i+1:]
	if base == "" || strings.ContainsAny(base, "$`\x00*?[{\\") {
		return ""
	}
	return base
}

// namedByBase reports a command whose directory only is unknown: its name
// is literalBase's.
func namedByBase(c *Cmd) bool {
	base := literalBase(strings.TrimPrefix(c.Path, "\x00"))
	return base != "" && c.Name == progName(base)
}

// progName is the name a handler is registered under: the base name, with
// a leading backslash, an .exe suffix and a version suffix (python3.12)
// removed, lower-cased.
func progName(p string) string {
	n := baseName(p)
	if plainProgName(n) {
		return n // lower case, no suffix, no version: itself
	}
	n = strings.ToLower(n)
	// Windows runs git.exe, GIT.EXE, npm.cmd, deploy.bat and tool.com by
	// their names without the suffix, whatever their case.
	for _, ext := range []string{".exe", ".cmd", ".bat", ".com"} {
		if strings.HasSuffix(n, ext) && len(n) > len(ext) {
			n = n[:len(n)-len(ext)]
			break
		}
	}
	for _, pre := range []string{"python", "pip", "perl", "ruby", "php", "node", "lua"} {
		if strings.HasPrefix(n, pre) && len(n) > len(pre) && isVersion(n[len(pre):]) {
			return pre
		}
	}
	return n
}

// plainProgName reports whether n has only lower-case letters, '-', '_'
// and '+': progName leaves such a name as it is.
func plainProgName(n string) bool {
	for i := 0; i < len(n); i++ {
		if b := n[i]; !(b >= 'a' && b <= 'z' || b == '-' || b == '_' || b == '+') {
			return false
		}
	}
	return n != ""
}

func isVersion(s string) bool {
	for i := 0; i < len(s); i++ {
		if !(s[i] >= '0' && s[i] <= '9' || s[i] == '.') {
			return false
		}
	}
	return s != ""
}

func isDigits(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return s != ""
}

// wrapperArgs returns how many leading words of a wrapper command to drop to
// reach the wrapped command; -1 when the wrapper runs nothing; ok false when
// the word is not used as a wrapper here.
func (w *walker) wrapperArgs(name string, argv []string, dyn []bool) (int, bool) {
	switch name {
	case "busybox", "toybox":
		if len(argv) > 1 && !strings.HasPrefix(argv[1], "-") {
			return 1, true
		}
		return 0, false
	case "script", "runuser", "sg":
		// script -c, runuser -c, sg group -c: the option's value is a script.
		spec := SpecFor(name)
		av := parseArgv(spec, argv[1:], dyn[1:])
		for _, o := range av.Opts {
			if o.Tags&TagExec != 0 && o.HasValue {
				w.r.script(o.Value, w.newCmd(argv, make([]bool, len(argv)), "", w.sudo || name == "runuser"), name+" runs")
				return -1, true
			}
		}
		switch {
		case name == "script":
			return 0, false // an interactive shell recorded to a file
		case name == "sg" && len(sgOperands(argv, av.OperandArg)) > 1:
			at := sgOperands(argv, av.OperandArg)[1] + 1
			if (argv[at] == "-c" || argv[at] == "--command") && at+1 < len(argv) {
				w.r.script(argv[at+1], w.newCmd(argv, make([]bool, len(argv)), "", w.sudo), "sg runs")
				return -1, true // sg group -c command
			}
			// sg group command: like -c, the command is one string that
			// /bin/sh runs; words after it are joined as a shell would read
			// them, so nothing they say is missed.
			w.r.script(strings.Join(argv[at:], " "), w.newCmd(argv, make([]bool, len(argv)), "", w.sudo), "sg runs")
			return -1, true
		case name == "runuser":
			if _, ok := (&Cmd{Name: name, Args: argv[1:], Dynamic: dyn[1:]}).Flag("--user"); ok && len(av.OperandArg) > 0 {
				return av.OperandArg[0] + 1, true // runuser -u user [--] command…
			}
		}
		return 0, false
	case "doppler", "op", "aws-vault", "dotenv", "with-contenv", "direnv", "scl", "mise", "asdf", "rtx", "pipenv", "poetry", "uv", "bundle", "npx", "pnpx", "bunx":
		// Secret injectors and tool runners: "doppler run -- cmd", "op run -- cmd",
		// "aws-vault exec prof -- cmd", "poetry run cmd", "uv run cmd", "bundle exec cmd", "npx pkg".
		sub := ""
		if len(argv) > 1 {
			sub = argv[1]
		}
		if (name == "doppler" || name == "op") && sub == "run" {
			if script, ok := flagValue(argv[2:], "--command"); ok {
				w.r.script(script, w.newCmd(argv, make([]bool, len(argv)), "", w.sudo), name+" run executes")
				return -1, true
			}
		}
		switch {
		case (name == "doppler" || name == "op") && sub == "run",
			name == "aws-vault" && sub == "exec",
			name == "dotenv" || name == "with-contenv",
			name == "direnv" && sub == "exec",
			name == "mise" && (sub == "exec" || sub == "x"),
			(name == "asdf" || name == "rtx") && sub == "exec",
			(name == "pipenv" || name == "poetry" || name == "uv") && sub == "run",
			name == "bundle" && sub == "exec",
			name == "scl" && sub == "enable":
			for i := 2; i < len(argv); i++ {
				if argv[i] == "--" {
					return i + 1, true
				}
			}
			if name == "aws-vault" || name == "direnv" || name == "scl" {
				n := skipOptions(argv, 2)
				if n < len(argv) {
					n++ // profile, directory or collection
				}
				return n, true
			}
			if name == "dotenv" || name == "with-contenv" {
				return skipOptions(argv, 1, "-e", "-f"), true
			}
			return skipOptions(argv, 2, "--with", "-p", "--python", "--project"), true
		case name == "npx" || name == "pnpx" || name == "bunx":
			n := skipOptions(argv, 1, "-p", "--package", "-c", "--call")
			// Only npx's own options, before the package: the program's
			// options after it are its own (npx concurrently -c red CMD).
			if c, ok := flagValue(argv[1:n], "-c", "--call"); ok {
				w.r.script(c, w.newCmd(argv, make([]bool, len(argv)), "", w.sudo), name+" runs")
				return -1, true
			}
			return n, true
		}
		return 0, false
	}
	return 0, false
}

// skipOptions returns the index of the first word at or after i that is not
// an option of the wrapper; valued lists options that take a separate value.
func skipOptions(argv []string, i int, valued ...string) int {
	for i < len(argv) {
		a := argv[i]
		if a == "--" {
			return i + 1
		}
		if len(a) < 2 || a[0] != '-' {
			return i
		}
		i++
		for _, v := range valued {
			if a == v {
				i++
				break
			}
		}
	}
	// A valued option at the end ("sudo -C") has no value to skip.
	return min(i, len(argv))
}

func flagValue(words []string, flags ...string) (string, bool) {
	for i, a := range words {
		for _, f := range flags {
			if a == f {
				if i+1 < len(words) {
					return words[i+1], true
				}
				return "", true
			}
			if strings.HasPrefix(f, "--") && strings.HasPrefix(a, f+"=") {
				return a[len(f)+1:], true
			}
		}
	}
	return "", false
}

func anyTrue(b []bool) bool {
	for _, x := range b {
		if x {
			return true
		}
	}
	return false
}

func streamOf(ss []stream, k streamKind) bool {
	for _, s := range ss {
		if s.kind == k {
			return true
		}
	}
	return false
}

func expandDyn(d []bool, n int) []bool {
	out := make([]bool, n)
	copy(out, d)
	return out
}

// envSetupPrograms print shell code to set up the environment; eval of
// their output is the documented way to use them.
var envSetupPrograms = map[string]bool{
	"ssh-agent": true, "direnv": true, "pyenv": true, "rbenv": true, "nodenv": true, "goenv": true, "jenv": true, "plenv": true, "brew": true,
	"conda": true, "starship": true, "zoxide": true, "fnm": true, "mise": true, "rtx": true, "thefuck": true, "opam": true, "dircolors": true,
	"keychain": true, "gpg-agent": true, "luarocks": true, "register-python-argcomplete": true, "kubectl": true, "helm": true, "gh": true,
	"rustup": true, "aws-vault": true, "nvm": true, "asdf": true, "atuin": true, "mcfly": true, "oh-my-posh": true, "gcloud": true, "docker-machine": true, "minikube": true,
	"pipenv": true, "poetry": true, "uv": true, "npm": true, "pnpm": true, "deno": true, "op": true, "tmuxifier": true, "hub": true, "jump": true,
}

// envSetupOnly reports whether every dynamic argument comes from the output
// of an environment set-up program (eval "$(ssh-agent -s)").
func envSetupOnly(proc []stream, dyn []bool) bool {
	found := false
	for i, d := range dyn {
		if !d {
			continue
		}
		if i >= len(proc) || !strings.HasPrefix(proc[i].what, "the output of ") {
			return false
		}
		if !envSetupPrograms[strings.TrimPrefix(proc[i].what, "the output of ")] {
			return false
		}
		found = true
	}
	return found
}

// envSetupWords reports whether eval's words are only the output of
// programs that print shell set-up (envSetupOnly), each word a
// substitution alone.
func envSetupWords(argv []string, dyn []bool, proc []stream) bool {
	for i, a := range argv {
		if !dyn[i] || a != "$(…)" {
			return false
		}
	}
	return envSetupOnly(proc, dyn)
}

func suUser(argv []string) string {
	for _, a := range argv[1:] {
		if !strings.HasPrefix(a, "-") {
			return a
		}
	}
	return "root"
}

// sourced handles "source file" and ". file": the file's commands run in
// this shell.
func (w *walker) sourced(c *Cmd, file string, p stream, in stream) {
	switch {
	case w.runsConnection(c, p):
	case p.kind == streamNetwork:
		w.r.add(c.find(ruleRemoteExec, "Runs a script downloaded from the network without showing it first."))
		w.r.mutates()
	case p.kind == streamLiteral || p.kind == streamDecoded:
		w.r.script(p.text, c, "source runs")
	case isStdinPath(file):
		// . /dev/stdin <<< '…': the script is what arrives on standard input.
		w.r.mutates()
		w.stdinCode(c, in, "shell")
	case w.downloaded[w.r.env.mustAbs(file)] != "":
		w.r.add(c.find(ruleRemoteExec, "Runs a script that was just downloaded from "+w.downloaded[w.r.env.mustAbs(file)]+"."))
		w.r.mutates()
	default:
		cl := c.Class(file)
		if cl.Credential == "environment file" {
			return // loading .env for local use is fine (seed 001: local credential use)
		}
		w.r.mutates()
	}
}

// wrapperCwd is the directory a wrapper's option makes the wrapped command
// run in (env -C dir, sudo -D dir): absolute, or unknownDir.
func (w *walker) wrapperCwd(name, dir string) string {
	w.r.trace(name + " runs it in " + dir)
	if abs, ok := w.r.env.resolve(dir); ok && strings.HasPrefix(abs, "/") {
		return abs
	}
	return unknownDir
}

// wrapperDir is the working directory a wrapper gives its command (sudo -D
// DIR, env -C DIR, sudo -i), or "" when it keeps the shell's.
func (w *walker) wrapperDir(name string, wr wrapRead) string {
	switch {
	case wr.cwd != "":
		return w.wrapperCwd(name, wr.cwd)
	case wr.homeCwd:
		return w.loginCwd(name, wr.user)
	}
	return ""
}

// loginCwd is where a login wrapper (sudo -i, sudo -iu USER) runs its
// command: the target user's home. Root's is /root; the user's own when the
// name is the last element of the home directory; another user's is only
// known when the command runs.
func (w *walker) loginCwd(name, user string) string {
	home := w.r.env.home
	switch {
	case user == "" || user == "root" || user == "0" || user == "#0":
		w.r.trace(name + " runs it in root's home")
		return "/root"
	case home != "" && path.Base(home) == user:
		w.r.trace(name + " runs it in " + home)
		return home
	}
	w.r.trace(name + " runs it in " + user + "'s home")
	return unknownDir
}

// script analyses src as a shell script nested under parent.
func (r *report) script(src string, parent *Cmd, why string) {
	depth := 1
	if parent != nil {
		depth = parent.Depth + 1
	}
	r.analyzeScriptAs(src, parent, depth, why)
}

// command analyses argv as a simple command nested under parent.
func (r *report) command(argv []string, parent *Cmd, why string) {
	if len(argv) == 0 {
		return
	}
	r.commandWords(argv, make([]bool, len(argv)), parent, why)
}

// sql analyses query with the SQL analyzer and reports its findings about parent.
func (r *report) sql(query string, parent *Cmd) {
	res := sql.Analyze(query)
	for _, f := range res.Findings {
		if parent != nil {
			f.Evidence = truncateText(oneLine(parent.Text), 200)
			f.Cmd = parent.index
		}
		r.add(f)
	}
	if res.Err != nil {
		r.mutates()
		return
	}
	for _, s := range res.Statements {
		if !s.ReadOnly {
			r.mutates()
			break
		}
	}
}

// mustAbs is resolve without the flag.
func (e *analysis) mustAbs(p string) string {
	a, _ := e.resolve(p)
	return a
}

// packageRunVerb reports whether sub is the verb with which the package
// manager name runs a package's program as npx does.
func packageRunVerb(name, sub string) bool {
	switch sub {
	case "exec":
		return true
	case "x":
		return name == "npm" || name == "bun"
	case "dlx":
		return name == "pnpm" || name == "yarn"
	}
	return false
}

// exportedFunction returns the body of a function a variable exports to
// the next bash (BASH_FUNC_NAME%%=() { …; }, and the older NAME=() { …; }).
func exportedFunction(name, val string) (string, bool) {
	body, ok := strings.CutPrefix(strings.TrimLeft(val, " \t"), "()")
	if !ok {
		return "", false
	}
	if !strings.HasPrefix(name, "BASH_FUNC_") && !isName(name) {
		return "", false
	}
	return body, strings.TrimSpace(body) != ""
}

// sgOperands are the places of sg's operands after its "-" (sg - GROUP
// [COMMAND]: a login environment, not a group named "-").
func sgOperands(argv []string, ops []int) []int {
	if len(ops) > 0 && ops[0]+1 < len(argv) && argv[ops[0]+1] == "-" {
		return ops[1:]
	}
	return ops
}
