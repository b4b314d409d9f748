package guard

import (
	"slices"
	"strings"

	"github.com/actionguard/actionguard/analyze/shell"
	"github.com/actionguard/actionguard/rule"
)

// A tool that runs a command (mcp__docker__exec, ssh_exec, kubectl_exec,
// run_in_container, a code runner) may take it under any key that names
// one — "cmd", "argv", "script", "entrypoint", "commands", "code" with a
// "language" — as a string, a list of words (argv), a list of lines, or
// nested ({"exec": {"cmd": […]}}); a tool named for running commands may
// put it under a key of its own choosing. The call does what that command
// does, where the call says it runs: in a container, a pod or on another
// host, and it is judged as the docker exec, kubectl exec or ssh line that
// would run it there. The design's rule: a key names what its value is.

// maxCommandDepth bounds how deeply a command is looked for in the input.
const maxCommandDepth = 4

// maxCommandParts bounds the words and lines read from one call.
const maxCommandParts = 512

// toolCommand is what a call runs: the command line its input spells and
// where it runs. ok is false when the input names no command.
type toolCommand struct {
	line  string // the command line, as the shell reads it
	where string // "in container web", "on host prod1": "" on this machine
	named bool   // found under a key that names a command (not by the tool's name alone)
	// split: a program and its arguments came under two keys ({"command":
	// "git", "args": […]}), which a shell tool's one command key misses.
	split bool
	// code: part of it is a program in a language other than a shell's,
	// which the shell's reading of "python3 -c …" does not see all of: it
	// is judged on top of what the tool does, never instead of it.
	code bool
}

// commandKind is how a key's value is read.
type commandKind int

const (
	notCommand   commandKind = iota
	commandLine              // a command line, or a list of words (argv)
	commandLines             // a list of command lines
	commandCode              // source code in the call's language
)

// commandKeyKind returns how a key of a tool's input names its value.
func commandKeyKind(key string) commandKind {
	switch foldKey(key) {
	case "command", "cmd", "cmdline", "commandline", "shell", "shellcommand", "exec", "execute", "run", "entrypoint",
		"argv", "args", "arguments", "cmdargs", "commandargs", "bash", "sh", "powershell", "pwsh":
		return commandLine
	case "commands", "cmds", "script", "scripts", "lines", "steps", "shellscript", "bashscript":
		return commandLines
	case "code", "sourcecode", "snippet":
		return commandCode
	}
	return notCommand
}

// foldKey is a key without case, "_" or "-": Command_Line, command-line
// and commandLine are one key.
func foldKey(k string) string {
	if len(k) > 64 {
		return ""
	}
	var b strings.Builder
	for i := 0; i < len(k); i++ {
		c := k[i]
		switch {
		case c == '_' || c == '-' || c == ' ' || c == '.':
		case c >= 'A' && c <= 'Z':
			b.WriteByte(c + 'a' - 'A')
		default:
			b.WriteByte(c)
		}
	}
	return b.String()
}

// runsCommands reports a tool whose name says it runs commands: a shell,
// a terminal, an exec into a container or onto a host.
func runsCommands(tool string) bool {
	words := SplitName(tool)
	for _, w := range words {
		switch w {
		case "shell", "terminal", "bash", "sh", "zsh", "pwsh", "powershell", "command", "commands", "cmd", "exec", "ssh", "console", "repl":
			return true
		}
	}
	return hasWord(words, "run", "execute") && hasWord(words, "container", "pod", "remote", "host", "script", "code", "python", "node", "javascript")
}

// findToolCommand reads the command a tool call runs, or ok false.
func findToolCommand(a *Action) (toolCommand, bool) {
	if len(a.Input) == 0 || a.editorVerb() {
		return toolCommand{}, false
	}
	lang := callLanguage(a)
	var sc commandScan
	sc.collect(a.Input, lang, 0)
	parts := sc.parts
	tc := toolCommand{named: len(parts) > 0, split: sc.split, code: sc.code}
	if len(parts) == 0 && runsCommands(a.Tool) {
		// Named for running commands: its one free-text argument is the
		// command, whatever its key ({"input": "rm -rf /"}).
		if s, ok := soleFreeString(a.Input); ok {
			parts = append(parts, s)
		}
	}
	if len(parts) == 0 {
		return toolCommand{}, false
	}
	tc.line = strings.Join(parts, "\n")
	tc.line, tc.where = placed(a.Input, tc.line, runsCommands(a.Tool))
	return tc, true
}

// commandScan is what collect found: the commands, and how they came.
type commandScan struct {
	parts       []string
	split, code bool
}

// collect appends the commands under the command keys of in.
func (sc *commandScan) collect(in map[string]any, lang string, depth int) {
	if depth > maxCommandDepth {
		return
	}
	keys := make([]string, 0, len(in))
	for k := range in {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	var used [2]string
	if line, progKey, argsKey, ok := programWithArgs(in); ok {
		sc.parts = append(sc.parts, line)
		used = [2]string{progKey, argsKey}
		sc.split = true
	}
	for _, k := range keys {
		if len(sc.parts) >= maxCommandParts {
			return
		}
		v := in[k]
		if k == used[0] || k == used[1] {
			continue
		}
		switch commandKeyKind(k) {
		case commandLine:
			if sub, ok := v.(map[string]any); ok {
				sc.collect(sub, lang, depth+1)
				continue
			}
			if s, ok := v.(string); ok && shellNameKey(k) && !strings.ContainsAny(strings.TrimSpace(s), " \t\n;|&") {
				continue // {"shell": "/bin/bash"}: which shell runs the command, not a command
			}
			if s, ok := commandValue(v, false); ok {
				sc.parts = append(sc.parts, s)
			}
		case commandLines:
			if s, ok := commandValue(v, true); ok {
				sc.parts = append(sc.parts, s)
			}
		case commandCode:
			if s, ok := v.(string); ok && strings.TrimSpace(s) != "" && lang != "" && len(s) <= MaxTextBytes {
				sc.parts = append(sc.parts, codeCommand(lang, s))
				sc.code = sc.code || lang != "sh"
			}
		default:
			if sub, ok := v.(map[string]any); ok && execObject(k) {
				sc.collect(sub, lang, depth+1)
			}
		}
	}
}

// shellNameKey reports a key that may name the shell a command runs in
// rather than the command.
func shellNameKey(k string) bool {
	switch foldKey(k) {
	case "shell", "bash", "sh", "powershell", "pwsh":
		return true
	}
	return false
}

// programWithArgs reads a program and its arguments given apart
// ({"command": "git", "args": ["push", "--force"]}, {"program": "rm",
// "argv": […]}): the command line they make, and the keys of the program
// and of the arguments, which are read no further.
func programWithArgs(in map[string]any) (line, progKey, argsKey string, ok bool) {
	prog := ""
	for _, k := range []string{"command", "cmd", "program", "executable", "binary", "bin", "exe"} {
		if s, ok := in[k].(string); ok && strings.TrimSpace(s) != "" && !strings.ContainsAny(strings.TrimSpace(s), " \t\n;|&") {
			prog, progKey = strings.TrimSpace(s), k
			break
		}
	}
	if prog == "" || len(prog) > 256 {
		return "", "", "", false
	}
	for _, k := range []string{"args", "argv", "arguments", "cmd_args", "command_args"} {
		list, ok := in[k].([]any)
		if !ok || len(list) > maxCommandParts {
			continue
		}
		words, ok := quotedWords(list)
		if !ok {
			return "", "", "", false
		}
		return shellWord(prog) + words, progKey, k, true
	}
	return "", "", "", false
}

// execObject reports a key whose object holds how something runs
// ({"process": {"args": […]}}, {"container": {"command": …}}).
func execObject(k string) bool {
	switch foldKey(k) {
	case "process", "task", "job", "container", "spec", "config", "options", "params", "parameters", "input", "request", "step", "action":
		return true
	}
	return false
}

// commandValue reads a command from a string, a list of words (argv) or,
// when lines is set, a list of command lines (each a string or an argv).
func commandValue(v any, lines bool) (string, bool) {
	switch v := v.(type) {
	case string:
		if strings.TrimSpace(v) == "" || len(v) > MaxTextBytes {
			return "", false
		}
		return v, true
	case []any:
		if len(v) == 0 || len(v) > maxCommandParts {
			return "", false
		}
		if lines {
			out := make([]string, 0, len(v))
			for _, item := range v {
				if s, ok := commandValue(item, false); ok {
					out = append(out, s)
				}
			}
			return strings.Join(out, "\n"), len(out) > 0
		}
		words := make([]string, 0, len(v))
		for _, w := range v {
			s, ok := w.(string)
			if !ok {
				return "", false
			}
			words = append(words, shellWord(s))
		}
		// An argument list that starts with an option is a program's
		// arguments without the program (a test runner's ["-k", "x"]):
		// the tool's program reads them, not a shell.
		if first, _ := v[0].(string); strings.HasPrefix(strings.TrimSpace(first), "-") || strings.TrimSpace(first) == "" {
			return "", false
		}
		return strings.Join(words, " "), true
	}
	return "", false
}

// soleFreeString is the one string argument of a call that is not where
// or how it runs (a container, a directory, a time-out), or ok false.
func soleFreeString(in map[string]any) (string, bool) {
	found := ""
	for k, v := range in {
		s, ok := v.(string)
		if !ok || strings.TrimSpace(s) == "" || placeKey(k) != "" || settingKey(k) {
			continue
		}
		if found != "" {
			return "", false
		}
		found = s
	}
	return found, found != ""
}

// settingKey reports a key that says how a command runs, not what.
func settingKey(k string) bool {
	switch foldKey(k) {
	case "cwd", "dir", "directory", "workdir", "workingdir", "workingdirectory", "timeout", "description", "desc", "user",
		"language", "lang", "runtime", "interpreter", "kernel", "namespace", "ns", "context", "env", "shellname", "name", "id", "sessionid", "session":
		return true
	}
	return false
}

// execInto says where a tool named for a program's exec runs its
// command when the call does not say which container, pod or host:
// mcp__docker__container_exec runs it "in a container"; "" for a tool
// not named so.
func execInto(tool string) string {
	words := SplitName(tool)
	if hasWord(words, "ssh") {
		return "on another host"
	}
	if !hasWord(words, "exec", "attach") {
		return ""
	}
	switch toolProgram(tool) {
	case "docker", "podman", "nerdctl":
		return "in a container"
	case "kubectl", "oc":
		return "in a pod"
	}
	return ""
}

// startsWithProgram reports a command line whose first word is a program
// the shell knows, or a path to one.
func startsWithProgram(line string) bool {
	words := strings.Fields(line)
	if len(words) == 0 {
		return false
	}
	first := strings.Trim(words[0], "'\"")
	switch first {
	case "sh", "bash", "zsh", "dash", "ash", "ksh", "fish", "busybox", "env", "true", "false", "cd", "exec", "sudo", "command", "eval", "source", ".":
		return true
	}
	return strings.ContainsAny(first, "/\\") || shell.SpecFor(first) != nil
}

// placeKey returns what a key says the command runs in: "container",
// "pod" or "host"; "" for any other key.
func placeKey(k string) string {
	switch foldKey(k) {
	case "container", "containerid", "containername", "containerref":
		return "container"
	case "pod", "podname", "podid":
		return "pod"
	case "host", "hostname", "remote", "remotehost", "sshhost", "targethost", "server":
		return "host"
	}
	return ""
}

// placed is line as it runs where the input says: "docker exec web sh -c
// '…'" for a container, "kubectl exec pod -- sh -c '…'" for a pod, "ssh
// host '…'" for another host; where says so in words. A host is read
// only from a tool named for running commands: a "server" key elsewhere
// is not where a command runs.
func placed(in map[string]any, line string, runner bool) (string, string) {
	keys := make([]string, 0, len(in))
	for k := range in {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	ns := ""
	for _, k := range keys {
		if f := foldKey(k); f == "namespace" || f == "ns" {
			ns, _ = in[k].(string)
		}
	}
	for _, k := range keys {
		name, ok := in[k].(string)
		name = strings.TrimSpace(name)
		if !ok || name == "" || len(name) > 256 {
			continue
		}
		inner := "sh -c " + quoteWord(line)
		switch placeKey(k) {
		case "container":
			return "docker exec " + quoteWord(name) + " " + inner, "in container " + name
		case "pod":
			nsFlag := ""
			if ns = strings.TrimSpace(ns); ns != "" && len(ns) <= 256 {
				nsFlag = "-n " + quoteWord(ns) + " "
			}
			return "kubectl exec " + nsFlag + quoteWord(name) + " -- " + inner, "in pod " + name
		case "host":
			if runner {
				return "ssh " + quoteWord(name) + " " + quoteWord(line), "on host " + name
			}
		}
	}
	return line, ""
}

// callLanguage is the language a call's code is written in: its
// "language" argument, else a language its tool's name says
// (run_python); "" when neither says.
func callLanguage(a *Action) string {
	for k, v := range a.Input {
		switch foldKey(k) {
		case "language", "lang", "runtime", "interpreter", "kernel":
			if s, ok := v.(string); ok {
				if l := interpreterOf(s); l != "" {
					return l
				}
			}
		}
	}
	for _, w := range SplitName(a.Tool) {
		if l := interpreterOf(w); l != "" {
			return l
		}
	}
	return ""
}

// interpreterOf is the program that runs code of a language, "sh" for a
// shell's, or "".
func interpreterOf(lang string) string {
	l := strings.ToLower(strings.TrimSpace(lang))
	l = strings.TrimSuffix(strings.TrimSuffix(l, "3"), "2")
	switch l {
	case "bash", "sh", "shell", "zsh", "posix", "console", "terminal":
		return "sh"
	case "python", "py", "ipython":
		return "python3"
	case "javascript", "js", "node", "nodejs", "typescript", "ts":
		return "node"
	case "ruby", "rb":
		return "ruby"
	case "perl", "pl":
		return "perl"
	case "php":
		return "php"
	case "powershell", "pwsh", "ps1":
		return "pwsh"
	case "r", "rscript":
		return "Rscript"
	case "lua":
		return "lua"
	}
	return ""
}

// codeCommand is the command line that runs code with the interpreter.
func codeCommand(interp, code string) string {
	switch interp {
	case "sh":
		return code
	case "php":
		return "php -r " + quoteWord(code)
	case "pwsh":
		return "pwsh -Command " + quoteWord(code)
	case "python3":
		return "python3 -c " + quoteWord(code)
	}
	return interp + " -e " + quoteWord(code)
}

// toolRunsCommand judges a call that runs a command as that command,
// where it runs, and reports whether it did. With shellKind (the call
// was read as a shell command already) only a call placed in a
// container, a pod or on another host is; otherwise also a tool named
// for running commands that no program's name claims (mcp__k8s__kubectl's
// arguments are kubectl's: programCommand). A command found under a key
// of any other tool is judged on top of what the tool itself does
// (toolCommandFindings).
func (e *evaluation) toolRunsCommand(shellKind bool) bool {
	if shellKind && plainShellCall(e.a.Input) {
		return false // the shell path judges it: nothing here to find
	}
	tc, ok := findToolCommand(e.a)
	if !ok {
		return false
	}
	switch {
	case tc.code:
		return false // judged on top of the tool's own verdict: toolCommandFindings
	case tc.where != "":
	case shellKind:
		if !tc.split {
			return false
		}
	case !runsCommands(e.a.Tool):
		return false
	default:
		into := execInto(e.a.Tool)
		if toolProgram(e.a.Tool) != "" && (into == "" || !startsWithProgram(tc.line)) {
			// The program's own arguments (mcp__kube__exec's ["delete",
			// "namespace", "prod"] are kubectl's): programCommand.
			return false
		}
		if into != "" {
			tc.where = into
		}
	}
	e.kind, e.d.Kind = KindShell, KindShell
	if e.trace {
		e.step("tool", e.a.Tool+" runs a command"+whereSuffix(tc.where)+": judged as "+truncate(tc.line, 160), 0)
	}
	from := len(e.findings)
	e.shellCommand(tc.line)
	if tc.where != "" {
		for i := from; i < len(e.findings); i++ {
			e.findings[i].Message = strings.TrimSuffix(e.findings[i].Message, ".") + " (" + rule.Printable(truncate(tc.where, 80)) + ")."
		}
	}
	return true
}

// plainShellCall reports a shell call whose input is its command, one
// string, beside settings with scalar values (description, timeout,
// cwd…) and nothing else. toolRunsCommand looks, for a shell call, for a
// place (a container, a pod, a host) or a command split over two keys:
// neither can be in such an input, so the scan is not needed — the
// shell tools' every call would otherwise pay for it.
func plainShellCall(in map[string]any) bool {
	if _, ok := in["command"].(string); !ok {
		return false
	}
	for k, v := range in {
		if k == "command" {
			continue
		}
		switch v.(type) {
		case float64, bool, nil:
			// run_in_background: true, timeout: 120000 — no command is a
			// number or a truth value.
		case string:
			if !settingKey(k) || placeKey(k) != "" {
				return false
			}
		default:
			return false
		}
	}
	return true
}

func whereSuffix(where string) string {
	if where == "" {
		return ""
	}
	return " " + where
}

// toolCommandFindings adds the shell's findings on a command that a tool
// not named for running commands carries under a command key
// ({"commands": ["rm -rf ~"]}): what the tool does still counts, and so
// does what the command would.
func (e *evaluation) toolCommandFindings() {
	tc, ok := findToolCommand(e.a)
	if !ok || !tc.named {
		return
	}
	res := shell.Analyze(tc.line, e.shellOptions())
	if e.trace && len(res.Findings) > 0 {
		e.step("tool", e.a.Tool+" carries a command: "+truncate(tc.line, 160), 0)
	}
	// (A value the shell cannot parse is the tool's business: a browser
	// tool's "script" is JavaScript.)
	e.findings = append(e.findings, res.Findings...)
}
