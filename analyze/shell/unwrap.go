package shell

import (
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
	for guard := 0; len(argv) > 0 && guard < 16; guard++ {
		name := progName(argv[0])
		if dyn[0] {
			break
		}
		n := 0 // words to drop
		switch name {
		case "sudo", "doas", "pkexec", "run0":
			sudo = true
			n = skipOptions(argv, 1, "-u", "-g", "-h", "-p", "-C", "-D", "-r", "-t", "-U", "-T", "--user", "--group", "--host", "--prompt", "--chdir", "--role", "--type", "--other-user", "--close-from", "--command-timeout")
			rest := argv[n:]
			if len(rest) == 0 || hasAny(argv[1:n], "-i", "-s", "--login", "--shell") && len(rest) == 0 {
				if hasAny(argv[1:n], "-i", "-s", "--login", "--shell") {
					c := w.newCmd(argv, dyn, text, true)
					w.r.record(c)
					w.r.mutates()
					w.r.add(c.find(ruleRootShell, ""))
					return c, true
				}
				if hasAny(argv[1:n], "-e", "--edit") {
					break
				}
				return nil, false // sudo -v, -k, -l: no command
			}
			if hasAny(argv[1:n], "-e", "--edit") {
				// sudoedit: editing files as root.
				c := w.newCmd(append([]string{"sudoedit"}, rest...), dyn[n-1:], text, true)
				w.r.record(c)
				w.r.mutates()
				w.r.add(c.find(ruleSudo, "Edits "+strings.Join(rest, " ")+" as root."))
				return c, true
			}
			steps = append(steps, name)
		case "env":
			i := 1
			for i < len(argv) {
				a := argv[i]
				switch {
				case a == "-i" || a == "-0" || a == "--ignore-environment" || a == "--null" || a == "-" || a == "-v" || a == "--debug":
					i++
				case a == "-u" || a == "-C" || a == "--unset" || a == "--chdir":
					i += 2
				case strings.HasPrefix(a, "--unset=") || strings.HasPrefix(a, "--chdir=") || strings.HasPrefix(a, "-u") && len(a) > 2:
					i++
				case a == "-S" || a == "--split-string":
					if i+1 < len(argv) {
						split := strings.Fields(argv[i+1])
						argv = append(append(argv[:i:i], split...), argv[i+2:]...)
						dyn = expandDyn(dyn, len(argv))
						proc = expandStreams(proc, len(argv))
						continue
					}
					i++
				case a == "--":
					i++
					goto envDone
				case strings.Contains(a, "=") && !strings.HasPrefix(a, "-"):
					if k, v, _ := strings.Cut(a, "="); k == "HISTFILE" && v == "/dev/null" {
						w.r.add(ruleHistoryWipe.Find(text, "Runs a command with the shell history switched off.", ""))
					} else if k == "LD_PRELOAD" || k == "DYLD_INSERT_LIBRARIES" {
						w.r.add(rulePreload.Find(text, "", ""))
					}
					i++
				default:
					goto envDone
				}
			}
		envDone:
			if i >= len(argv) {
				goto done // env alone prints the environment
			}
			n = i
			steps = append(steps, "env")
		case "nice":
			n = skipOptions(argv, 1, "-n", "--adjustment")
			if n < len(argv) && len(argv[n]) > 1 && argv[n][0] == '-' && isDigits(argv[n][1:]) {
				n++
			}
		case "nohup", "setsid", "unbuffer", "builtin", "caffeinate", "catchsegv", "proxychains", "proxychains4", "torsocks", "tsocks", "firejail", "time", "command", "exec", "busybox", "toybox", "stdbuf", "ionice", "chrt", "taskset", "strace", "ltrace", "flock", "chroot", "doppler", "op", "aws-vault", "dotenv", "with-contenv", "xvfb-run", "script", "faketime", "nsenter", "unshare", "systemd-run", "runuser", "sg", "scl", "mise", "asdf", "rtx", "direnv", "pipenv", "poetry", "uv", "npx", "pnpx", "bunx", "bundle", "dbus-run-session":
			var ok bool
			n, ok = w.wrapperArgs(name, argv)
			if !ok {
				goto done
			}
			if n < 0 {
				return nil, false // the wrapper runs nothing (command -v, exec with no command…)
			}
			steps = append(steps, name)
		case "timeout":
			n = skipOptions(argv, 1, "-s", "-k", "--signal", "--kill-after")
			if n < len(argv) {
				n++ // the duration
			}
			steps = append(steps, name)
		case "watch":
			n = skipOptions(argv, 1, "-n", "--interval", "-d", "-q", "--equexit", "--differences")
			if n >= len(argv) {
				return nil, false
			}
			c := w.newCmd(argv, dyn, text, sudo)
			if hasAny(argv[1:n], "-x", "--exec") {
				argv, dyn, proc = argv[n:], dyn[n:], proc[n:]
				steps = append(steps, name)
				continue
			}
			w.r.record(c)
			w.r.script(strings.Join(argv[n:], " "), c, "watch runs")
			return c, true
		case "xargs":
			n = skipOptions(argv, 1, "-I", "-i", "-n", "-P", "-d", "-a", "-L", "-l", "-s", "-E", "-e", "--max-args", "--max-procs", "--delimiter", "--arg-file", "--max-lines", "--max-chars", "--eof", "--replace", "--process-slot-var")
			if n >= len(argv) {
				argv = []string{"echo"}
				dyn = []bool{false}
				proc = []stream{{}}
				break
			}
			// The words read from standard input are appended (or replace the -I string).
			repl, hasRepl := flagValue(argv[1:n], "-I", "--replace", "-i")
			if hasRepl && repl == "" {
				repl = "{}"
			}
			argv, dyn, proc = argv[n:], dyn[n:], proc[n:]
			argv = append([]string(nil), argv...)
			dyn = append([]bool(nil), dyn...)
			item := stdinItem(in)
			itemDyn := in.item == ""
			replaced := false
			if hasRepl {
				for i := range argv {
					if strings.Contains(argv[i], repl) {
						argv[i] = strings.ReplaceAll(argv[i], repl, item)
						dyn[i] = itemDyn
						replaced = true
					}
				}
			}
			if !replaced {
				argv = append(argv, item)
				dyn = append(dyn, itemDyn)
			}
			proc = expandStreams(proc, len(argv))
			steps = append(steps, "xargs")
			n = 0
			continue
		case "parallel":
			n = skipOptions(argv, 1, "-j", "--jobs", "-S", "--sshlogin", "--joblog", "-a", "--arg-file", "--delay", "--timeout")
			end := len(argv)
			var args []string
			for i := n; i < len(argv); i++ {
				if argv[i] == ":::" || argv[i] == "::::" {
					end = i
					args = argv[i+1:]
					break
				}
			}
			if n >= end {
				return nil, false
			}
			cmd := append([]string(nil), argv[n:end]...)
			item := stdinItem(in)
			if len(args) > 0 {
				item = args[0]
			}
			found := false
			for i := range cmd {
				if strings.Contains(cmd[i], "{}") {
					cmd[i] = strings.ReplaceAll(cmd[i], "{}", item)
					found = true
				}
			}
			if !found {
				cmd = append(cmd, item)
			}
			if len(cmd) == 1 && strings.ContainsAny(cmd[0], " ;|&") {
				c := w.newCmd(argv, dyn, text, sudo)
				w.r.record(c)
				w.r.script(cmd[0], c, "parallel runs")
				return c, true
			}
			argv, dyn, proc = cmd, make([]bool, len(cmd)), make([]stream, len(cmd))
			steps = append(steps, "parallel")
			continue
		case "su":
			// su [-] [user] -c 'script'
			if script, ok := flagValue(argv[1:], "-c", "--command"); ok {
				c := w.newCmd(argv, dyn, text, true)
				w.r.record(c)
				w.r.script(script, c, "su runs")
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
				if streamOf(proc, streamNetwork) {
					w.r.add(c.find(ruleRemoteExec, "Runs code downloaded from the network without showing it first."))
				} else {
					w.r.add(c.find(ruleEvalDynamic, ""))
				}
				w.r.mutates()
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
	c := &Cmd{Name: progName(argv[0]), Path: argv[0], Args: argv[1:], Dynamic: dyn[1:], Text: text, Sudo: sudo, Depth: w.depth, env: w.r.env}
	if dyn[0] {
		c.Path = "\x00" + argv[0]
		c.Name = argv[0]
	}
	if c.Text == "" {
		c.Text = joinArgv(argv)
	}
	return c
}

// progName is the name a handler is registered under: the base name, with
// a leading backslash, an .exe suffix and a version suffix (python3.12)
// removed, lower-cased.
func progName(p string) string {
	n := strings.ToLower(baseName(p))
	n = strings.TrimSuffix(n, ".exe")
	for _, pre := range []string{"python", "pip", "perl", "ruby", "php", "node", "lua"} {
		if strings.HasPrefix(n, pre) && len(n) > len(pre) && isVersion(n[len(pre):]) {
			return pre
		}
	}
	return n
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
func (w *walker) wrapperArgs(name string, argv []string) (int, bool) {
	switch name {
	case "time":
		return skipOptions(argv, 1, "-f", "-o", "--format", "--output"), true
	case "command":
		if hasAny(argv[1:], "-v", "-V") {
			return -1, true
		}
		return skipOptions(argv, 1), true
	case "exec":
		n := skipOptions(argv, 1, "-a")
		if n >= len(argv) {
			return -1, true
		}
		return n, true
	case "builtin", "nohup", "setsid", "unbuffer", "caffeinate", "catchsegv", "torsocks", "tsocks", "dbus-run-session":
		return skipOptions(argv, 1), true
	case "proxychains", "proxychains4":
		return skipOptions(argv, 1, "-f"), true
	case "firejail":
		return skipOptions(argv, 1), true
	case "busybox", "toybox":
		if len(argv) > 1 && !strings.HasPrefix(argv[1], "-") {
			return 1, true
		}
		return 0, false
	case "stdbuf":
		return skipOptions(argv, 1, "-i", "-o", "-e", "--input", "--output", "--error"), true
	case "ionice":
		return skipOptions(argv, 1, "-c", "-n", "-p", "-P", "-u", "--class", "--classdata"), true
	case "chrt":
		n := skipOptions(argv, 1, "-T", "-P", "-D")
		if n < len(argv) && isDigits(argv[n]) {
			n++
		}
		return n, true
	case "taskset":
		if hasAny(argv[1:], "-p", "--pid") {
			return -1, true
		}
		n := skipOptions(argv, 1)
		if n < len(argv) {
			n++ // the mask or cpu list
		}
		return n, true
	case "strace", "ltrace":
		return skipOptions(argv, 1, "-o", "-e", "-p", "-s", "-P", "-a", "-E", "-u", "-I", "-b", "-X", "-O", "-S"), true
	case "flock":
		n := skipOptions(argv, 1, "-w", "-E", "--timeout", "--conflict-exit-code")
		if n < len(argv) {
			n++ // the lock file
		}
		if c, ok := flagValue(argv[1:], "-c", "--command"); ok {
			w.r.script(c, w.newCmd(argv, make([]bool, len(argv)), "", w.sudo), "flock runs")
			return -1, true
		}
		return n, true
	case "chroot":
		n := skipOptions(argv, 1, "--userspec", "--groups")
		if n < len(argv) {
			n++ // the new root
		}
		return n, true
	case "nsenter", "unshare":
		return skipOptions(argv, 1, "-t", "--target", "-S", "-G", "--setuid", "--setgid", "-w", "-r"), true
	case "systemd-run":
		return skipOptions(argv, 1, "-u", "--unit", "-p", "--property", "-E", "--setenv", "--uid", "--gid", "-M", "--machine", "--description", "--slice"), true
	case "runuser", "sg":
		n := skipOptions(argv, 1, "-u", "-g", "-G", "--user", "--group")
		if c, ok := flagValue(argv[1:], "-c", "--command"); ok {
			w.r.script(c, w.newCmd(argv, make([]bool, len(argv)), "", true), name+" runs")
			return -1, true
		}
		if name == "sg" && n < len(argv) {
			n++
		}
		return n, true
	case "xvfb-run", "faketime":
		n := skipOptions(argv, 1, "-a", "-n", "-s", "-f", "-e", "--server-args", "--server-num", "--error-file")
		if name == "faketime" && n < len(argv) {
			n++
		}
		return n, true
	case "script":
		if c, ok := flagValue(argv[1:], "-c", "--command"); ok {
			w.r.script(c, w.newCmd(argv, make([]bool, len(argv)), "", w.sudo), "script runs")
			return -1, true
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
			if c, ok := flagValue(argv[1:], "-c", "--call"); ok {
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

func hasAny(words []string, flags ...string) bool {
	for _, a := range words {
		for _, f := range flags {
			if a == f {
				return true
			}
			if len(f) == 2 && f[0] == '-' && isCluster(a) && strings.IndexByte(a[1:], f[1]) >= 0 {
				return true
			}
		}
	}
	return false
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

func expandStreams(s []stream, n int) []stream {
	out := make([]stream, n)
	copy(out, s)
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

// stdinItem stands for a word read from standard input (xargs, parallel).
func stdinItem(in stream) string {
	if in.item != "" {
		return in.item
	}
	if in.kind == streamLiteral {
		if f := strings.Fields(in.text); len(f) > 0 {
			return f[0]
		}
	}
	return "$(stdin)"
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
	case p.kind == streamNetwork:
		w.r.add(c.find(ruleRemoteExec, "Runs a script downloaded from the network without showing it first."))
		w.r.mutates()
	case p.kind == streamLiteral || p.kind == streamDecoded:
		w.r.script(p.text, c, "source runs")
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
	depth := 1
	sudo := false
	if parent != nil {
		depth = parent.Depth + 1
		sudo = parent.Sudo
	}
	if depth > r.max {
		r.add(ruleNestingTooDeep.Find(joinArgv(argv), "", ""))
		return
	}
	w := &walker{r: r, depth: depth, parent: parent, sudo: sudo}
	text := joinArgv(argv)
	if why != "" {
		r.trace(why + ": " + truncateText(text, 120))
	}
	w.run(argv, make([]bool, len(argv)), make([]stream, len(argv)), stream{}, text, "", nil)
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
