package guard

import (
	"path"
	"strings"

	"github.com/actionguard/actionguard/analyze/shell"
)

// A tool named for a command-line program (mcp__k8s__kubectl,
// mcp__redis__run, docker_exec, helm) takes that program's command line
// as its input: a list of arguments ({"args": ["delete", "namespace",
// "prod"]}) or a command without the program's name ({"command":
// "FLUSHALL"}). It does what the program would, and is judged as the
// shell command that runs it: the shell's rules for kubectl, redis-cli,
// docker, git… decide, whatever the tool is called.

// programAliases are the words of a tool's or a server's name that name a
// program by another name than its own.
func programAliases(w string) (string, bool) {
	switch w {
	case "redis":
		return "redis-cli", true
	case "valkey":
		return "valkey-cli", true
	case "k8s", "kubernetes", "kube":
		return "kubectl", true
	case "mongo", "mongodb":
		return "mongosh", true
	case "openshift":
		return "oc", true
	case "github":
		return "gh", true
	case "gitlab":
		return "glab", true
	}
	return "", false
}

// programWords are words of a name that are never a program's here,
// though a spec may carry them: the verbs and nouns every tool uses.
func programWords(k string) bool {
	switch k {
	case "run", "exec", "execute", "call", "get", "list", "find", "cat", "kill", "rm", "command", "cmd",
		"shell", "tool", "tools", "server", "mcp", "query", "search", "read", "write", "file", "test", "time",
		"watch", "open", "install", "which", "env", "top", "info":
		return true
	}
	return false
}

// toolProgram returns the program a tool's name (or its MCP server's)
// names, or "".
func toolProgram(tool string) string {
	if tool == "" || len(tool) > 128 {
		return ""
	}
	words := SplitName(tool)
	// The words of the server's name and the last word of the tool's:
	// mcp__redis__run, mcp__k8s__kubectl, kubectl, docker_exec.
	var cands []string
	if rest, ok := strings.CutPrefix(strings.ToLower(tool), "mcp__"); ok {
		server, name, _ := strings.Cut(rest, "__")
		cands = append(cands, SplitName(server)...)
		cands = append(cands, SplitName(name)...)
	} else {
		cands = words
	}
	for _, w := range cands {
		if p, ok := programAliases(w); ok {
			return p
		}
	}
	for _, w := range cands {
		if len(w) < 2 || programWords(w) {
			continue
		}
		if shell.SpecFor(w) != nil {
			return w
		}
	}
	return ""
}

// programCommand is the command line a program-named tool runs: its
// argument list after the program's name. ok is false for any other call.
func programCommand(a *Action) (string, bool) {
	var list []any
	for _, k := range []string{"args", "argv", "arguments", "cmd_args", "command_args", "cmd", "command"} {
		if l, ok := a.Input[k].([]any); ok && len(l) > 0 {
			list = l
			break
		}
	}
	if list == nil || len(list) > 256 {
		return "", false
	}
	prog := toolProgram(a.Tool)
	if prog == "" {
		// A runner given a program and its arguments ({"program": "rm",
		// "args": […]}, {"argv": ["rm", …]}) runs that command line.
		if !runnerName(a.Tool) {
			return "", false
		}
		name := ""
		for _, k := range []string{"program", "executable", "binary", "bin", "exe", "file", "path"} {
			if s, ok := a.Input[k].(string); ok && strings.TrimSpace(s) != "" {
				name = strings.TrimSpace(s)
				break
			}
		}
		if name == "" {
			first, ok := list[0].(string)
			if !ok {
				return "", false
			}
			name, list = strings.TrimSpace(first), list[1:]
		}
		// Only a program the shell knows, or one named by its path: a
		// test runner's {"args": ["--verbose"]} is not a command line.
		if name == "" || len(name) > 256 || shell.SpecFor(path.Base(strings.ReplaceAll(name, `\`, "/"))) == nil && !strings.ContainsAny(name, `/\`) {
			return "", false
		}
		prog = quoteWord(name)
	}
	words, ok := quotedWords(list)
	return prog + words, ok
}

// quotedWords is a list of words, each quoted and after a space; ok is
// false when one is not a string.
func quotedWords(list []any) (string, bool) {
	var b strings.Builder
	for _, v := range list {
		s, ok := v.(string)
		if !ok {
			return "", false
		}
		b.WriteString(" " + quoteWord(s))
	}
	return b.String(), true
}

// programPrefixed is cmd with the tool's program before it, when the tool
// is named for a program and cmd does not begin with a program the shell
// knows ({"command": "FLUSHALL"} to mcp__redis__run is redis-cli
// FLUSHALL); otherwise cmd as it is.
func (e *evaluation) programPrefixed(cmd string) string {
	switch lowerToolName(e.a.Tool) {
	case "", "bash", "shell", "sh", "zsh", "powershell", "pwsh", "cmd", "run_shell_command", "exec_command", "execute_command",
		"run_command", "terminal", "local_shell", "container.exec", "shell_command", "write_stdin", "write_bash":
		return cmd
	}
	first, _, _ := strings.Cut(strings.TrimSpace(cmd), " ")
	if first == "" || strings.ContainsAny(first, "/\\$=`'\"(;&|<>") || shell.SpecFor(first) != nil {
		return cmd
	}
	prog := toolProgram(e.a.Tool)
	if prog == "" || strings.EqualFold(first, prog) {
		return cmd
	}
	if e.trace {
		e.step("tool", e.a.Tool+" is named for "+prog+": its command is judged as "+truncate(prog+" "+cmd, 160), 0)
	}
	return prog + " " + cmd
}

// toolProgramCall judges a program-named tool's argument list as the
// command line it runs.
func (e *evaluation) toolProgramCall(cmd string) {
	e.kind, e.d.Kind = KindShell, KindShell
	if e.trace {
		e.step("tool", e.a.Tool+" runs a program's command line: judged as "+truncate(cmd, 160), 0)
	}
	e.shellCommand(cmd)
}

// runnerName reports a tool named for running a process (run, exec,
// spawn, launch, a shell or a process server).
func runnerName(tool string) bool {
	for _, w := range SplitName(tool) {
		switch w {
		case "run", "exec", "execute", "spawn", "launch", "shell", "command", "process", "subprocess", "popen", "system", "terminal", "cli":
			return true
		}
	}
	return false
}
