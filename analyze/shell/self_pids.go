package shell

import (
	"regexp"
	"slices"
	"strings"

	"github.com/actionguard/actionguard/rule"
)

// Process ids found at run time. A command aimed at a process by its id
// (kill, a debugger or tracer attached with -p, renice, nsenter -t,
// /proc/PID/mem) names no program: which process it hits is decided by
// where the id comes from. When the same command line looks up
// actionguard's own processes (pgrep actionguard, pidof actionguard-hook,
// ps | grep '[a]ctionguard', its pid file, the server's port), an id held
// in a variable, a substitution or a loop is taken to be one of them:
// p=$(pgrep actionguard); strace -p $p is an attach to the guard, for p
// in $(pgrep -f actionguard); do kill $p; done stops it. A signal sent to
// an id the line does not look up at all (kill -9 $PID, kill "$1") could
// be aimed at anything, the guard included: a person says yes first.

var ruleKillUnknown = &rule.Rule{
	ID: "shell.process.kill-unknown", Category: rule.System, Points: svcConfirm,
	Summary:     "Sends a signal to a process whose id is only known when the command runs: it could be any process, actionguard's own included.",
	Alternative: "find the process first (pgrep -a NAME) and kill it by the id shown, or by a name that is yours (pkill -f 'node server.js')",
	Match:       []string{"kill -9 $PID", "kill $p", `kill -9 "$1"`, "kill -STOP ${pid}", "kill `cat /tmp/x`"},
	NoMatch: []string{"kill 4242", "kill $!", "kill %1", "kill -9 $(pidof myapp)", "for p in $(pgrep -f worker); do kill $p; done",
		"kill $(cat app.pid)", "kill -0 $PID", "kill -l", "p=$(pgrep myapp); kill $p", "kill $$"},
}

// pidTarget is what a command does to a process it names by id: "signal"
// (kill and its kin), "attach" (debuggers, tracers, memory readers,
// namespace entry), or "" when it names none by a dynamic id.
func pidTarget(c *Cmd) string {
	dyn := func(w string) bool { return strings.ContainsAny(w, "$`\u2026") }
	optDyn := func(names ...string) bool {
		for _, o := range c.Argv().Opts {
			name, val, eq := strings.Cut(o.Spelled, "=")
			for _, n := range names {
				if name == n && (eq && dyn(val) || o.HasValue && dyn(o.Value)) {
					return true
				}
				// -p$PID, -p`pgrep x`: the value glued to a short option.
				if len(n) == 2 && n[1] != '-' && strings.HasPrefix(o.Spelled, n) && dyn(o.Spelled[2:]) {
					return true
				}
			}
		}
		return false
	}
	anyDyn := func() bool {
		for i, a := range c.Args {
			if dyn(a) || i < len(c.Dynamic) && c.Dynamic[i] && !strings.HasPrefix(a, "-") {
				return true
			}
		}
		return false
	}
	for _, a := range c.Args {
		// cat /proc/$p/mem, dd if=/proc/$p/mem: the process's memory,
		// environment or root seen through /proc.
		if i := strings.Index(a, "/proc/"); i >= 0 {
			rest := a[i+len("/proc/"):]
			if j := strings.IndexByte(rest, '/'); j > 0 && dyn(rest[:j]) && rest[:j] != "$$" && rest[:j] != "self" {
				switch strings.SplitN(rest[j+1:], "/", 2)[0] {
				case "mem", "maps", "environ", "root", "cwd", "fd", "cmdline", "exe", "map_files":
					return "attach"
				}
			}
		}
	}
	switch c.Name {
	case "kill", "skill", "snice":
		if c.Has("-l", "-L", "--list", "--table") || killSignalZero(c) {
			return ""
		}
		for _, p := range c.Positional() {
			if dyn(p) && !ownJob(p) {
				return "signal"
			}
		}
	case "taskkill":
		// taskkill /PID $p /F: Windows' options start with a slash and
		// are case-blind.
		for i, a := range c.Args {
			if (strings.EqualFold(a, "/pid") || strings.EqualFold(a, "-pid")) && i+1 < len(c.Args) && dyn(c.Args[i+1]) {
				return "signal"
			}
		}
	case "stop-process", "spps", "debug-process":
		if optDyn("-Id", "-id") || anyDyn() {
			return "signal"
		}
	case "gdb", "lldb", "strace", "ltrace", "gcore", "pstack", "eu-stack", "perf", "bpftrace", "dtrace", "dtruss", "frida", "frida-trace",
		"py-spy", "rbspy", "pmap", "gdbserver", "criu", "pwdx", "procdump", "memdump":
		if optDyn("-p", "--pid", "--attach-pid", "-pid", "--process", "--attach", "-t", "--tree") || anyDyn() {
			return "attach"
		}
	case "nsenter":
		if optDyn("-t", "--target") {
			return "attach"
		}
	case "renice", "prlimit", "taskset", "ionice", "chrt", "cpulimit", "choom", "sysctl-pid":
		if optDyn("-p", "--pid") || anyDyn() {
			return "signal"
		}
	}
	return ""
}

// pidWrapper records a wrapper that is aimed at a process by an id as
// well as running a program of its own (nsenter -t $p sh, prlimit --pid $p,
// perf trace -p $p, taskset -p 1 $p, ionice -p $p, chrt -p 0 $p): the
// program it runs is judged as usual, and the id by selfPidScan, which
// would not see the wrapper once it is peeled off.
func (w *walker) pidWrapper(argv []string, dyn []bool, text string, sudo bool) {
	if !slices.Contains(dyn[1:], true) && !slices.ContainsFunc(argv[1:], func(a string) bool { return strings.ContainsAny(a, "$`\u2026") }) {
		return
	}
	if c := w.newCmd(argv, dyn, text, sudo); pidTarget(c) != "" {
		w.r.record(c)
	}
}

// killSignalZero reports kill -0 / kill -s 0: a check that the process
// exists, no signal.
func killSignalZero(c *Cmd) bool {
	for i, a := range c.Args {
		if a == "-0" || a == "-SIG0" || (a == "-s" || a == "--signal") && i+1 < len(c.Args) && (c.Args[i+1] == "0" || c.Args[i+1] == "SIG0") {
			return true
		}
	}
	return false
}

// ownJob reports an id the shell itself knows: the last background job
// ($!), the shell itself ($$), a job number (%1).
func ownJob(p string) bool {
	p = strings.Trim(p, `"'`)
	return p == "$!" || p == "${!}" || p == "$$" || strings.HasPrefix(p, "%")
}

// findsSelfPid reports a command that looks up the id of one of
// actionguard's processes beyond findsSelfProcess's forms: a grep pattern
// that matches its name however it is spelled ('[a]ctionguard'), its pid
// file, Get-Process actionguard.
func (e *analysis) findsSelfPid(c *Cmd) bool {
	if e.findsSelfProcess(c) {
		return true
	}
	switch c.Name {
	case "grep", "egrep", "fgrep", "rg", "ag", "ack", "awk", "gawk", "mawk", "sed", "findstr", "select-string", "sls", "where", "where-object":
		for _, p := range c.Positional() {
			if grepNamesSelf(strings.Trim(p, `"'/`)) {
				return true
			}
		}
	case "get-process", "gps", "ps", "tasklist", "wmic", "get-ciminstance", "get-wmiobject":
		return namesSelfProcess(c.Text)
	}
	for _, a := range c.Args {
		if !hasSuffixLower(a, ".pid") {
			continue
		}
		if strings.Contains(strings.ToLower(a), "actionguard") {
			return true
		}
	}
	return false
}

// grepNamesSelf reports a search pattern that picks actionguard's
// processes out of a process list by most of its name, however it is
// spelled ('[a]ctionguard', 'action.?guard'); a pattern that matches a
// letter or two of it ('[node]', 'guard') is about other programs.
func grepNamesSelf(pat string) bool {
	if pat == "" {
		return false
	}
	if namesSelfProcess(pat) {
		return true
	}
	if literalPattern(pat) {
		// A pattern with no operator (TODO, main, fix_bug) matches only
		// its own letters: compiling it for every grep costs more than
		// the rest of the command's analysis.
		return literalNamesSelf(pat)
	}
	return compiledNamesSelf(pat)
}

// compiledNamesSelf reports a search pattern, compiled as the search
// compiles it (case folded), that matches most of actionguard's name.
func compiledNamesSelf(pat string) bool {
	re, err := regexp.Compile("(?i)" + pat)
	if err != nil {
		return false
	}
	for _, m := range re.FindAllStringIndex("actionguard", -1) {
		if m[1]-m[0] >= len("actionguard")-3 {
			return true
		}
	}
	return false
}

// literalPattern reports a search pattern of ASCII letters, digits and
// marks that no regular expression syntax gives a meaning to.
func literalPattern(pat string) bool {
	for i := 0; i < len(pat); i++ {
		c := pat[i]
		switch {
		case c >= 'a' && c <= 'z', c >= 'A' && c <= 'Z', c >= '0' && c <= '9':
		case c == '_' || c == '-' || c == '/' || c == ':' || c == ',' || c == '=' || c == '@' || c == '%' || c == ' ':
		default:
			return false
		}
	}
	return true
}

// literalNamesSelf is grepNamesSelf for a literal pattern: it names
// actionguard when it is, in any case, at least all but three of its
// letters in a row.
func literalNamesSelf(pat string) bool {
	const name = "actionguard"
	if len(pat) < len(name)-3 || len(pat) > len(name) {
		return false
	}
	for i := 0; i+len(pat) <= len(name); i++ {
		if strings.EqualFold(pat, name[i:i+len(pat)]) {
			return true
		}
	}
	return false
}

// findsPid reports a command whose output is process ids of any program:
// what makes an id in a variable a known one.
func findsPid(c *Cmd) bool {
	switch c.Name {
	case "pgrep", "pidof", "ps", "jobs", "fuser", "lsof", "ss", "netstat", "pidstat", "get-process", "gps", "tasklist", "docker", "podman",
		"systemctl", "launchctl", "supervisorctl", "pm2", "read", "mapfile", "readarray", "pstree":
		return true
	case "cat", "head", "tail", "<":
		for _, p := range c.Positional() {
			if b := strings.ToLower(baseOf(p)); strings.Contains(b, "pid") || strings.HasSuffix(b, ".lock") {
				return true
			}
		}
	}
	return false
}

// reCodeSignal is inline code that signals, stops or attaches to a
// process, in each language's spelling.
var reCodeSignal = lazyRegexp(`(?i)\b(?:os\.kill|killpg|kill\s*\(|\.kill\b|\.terminate\s*\(|\.suspend\s*\(|send_signal|process\.kill|Process\.kill|Stop-Process|taskkill|pkill|killall|ptrace|TerminateProcess|signal\.SIG(?:KILL|TERM|STOP|INT))`)

// selfPidScan judges, over the commands of one line, the commands aimed
// at a process by an id found at run time (see the top of the file). It
// reports whether it added a finding.
func (r *report) selfPidScan() bool {
	cmds := r.res.Commands
	self, finder := false, false
	for _, c := range cmds {
		if c.Name == "actionguard" || c.Name == "actionguard-hook" {
			continue
		}
		if r.env.findsSelfPid(c) {
			self = true
		}
		if findsPid(c) {
			finder = true
		}
	}
	for _, c := range cmds {
		if interpreters[c.Name] && (namesSelfProcess(c.Text) || self && strings.ContainsAny(c.Text, "$`\u2026")) && reCodeSignal.MatchString(c.Text) {
			r.mutates()
			r.add(c.find(ruleSelfServerStop, "Inline "+c.Name+" code signals or attaches to actionguard's own processes: held actions would have no approval page, and its port would be free for an impostor.", c.Name))
			return true
		}
		kind := pidTarget(c)
		switch {
		case kind == "":
		case self && kind == "attach":
			r.mutates()
			r.add(c.find(ruleSelfAttach, c.Name+" is given the id of one of actionguard's own processes: it could read its keys, change its answers or stop it. Debugging actionguard is a person's call.", c.Name))
			return true
		case self:
			r.mutates()
			r.add(c.find(ruleSelfServerStop, c.Name+" is given the ids of actionguard's own processes: held actions would have no approval page, and its port would be free for an impostor.", c.Name))
			return true
		case !finder && (c.Name == "kill" || c.Name == "taskkill" || c.Name == "stop-process" || c.Name == "spps"):
			r.mutates()
			r.add(c.find(ruleKillUnknown, c.Name+" signals a process whose id is only known when it runs: it could be any process, actionguard's own included.", c.Name))
		}
	}
	return false
}
