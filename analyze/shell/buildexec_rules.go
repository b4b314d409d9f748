package shell

import (
	"strings"

	"github.com/actionguard/actionguard/rule"
)

// Rules about commands that run by indirection: a file a shell sources
// first, a data filter that is an interpreter, a build or hook file whose
// commands run later (buildhooks.go), an editor's commands (exec_editors.go).

var buildExecRules = []*rule.Rule{ruleStartupFile, ruleFilterInterpreter, ruleBuildRunsUnknown, ruleWriteProjectHookRead}

var (
	ruleStartupFile = &rule.Rule{
		ID: "shell.exec.startup-file", Category: rule.Execution, Points: 75,
		Summary:     "Makes a shell source a script nobody saw first ($BASH_ENV, $ENV): it runs before the shell's own command.",
		Alternative: "show the script and run it directly",
		Match:       []string{"BASH_ENV=/tmp/e/x bash -c true", "ENV=/tmp/e/x sh -i -c true", "export BASH_ENV=/tmp/x; bash -c make"},
		NoMatch:     []string{"BASH_ENV=.ci/env.sh bash -c 'go test ./...'", "bash -c true", "ENV=production make deploy-check"},
	}
	ruleFilterInterpreter = &rule.Rule{
		ID: "shell.exec.filter-interpreter", Category: rule.Execution, Points: 75,
		Summary:     "Names a shell or interpreter as the program a tool feeds its data to: the data runs as a script.",
		Alternative: "name a compressor (gzip, zstd, pigz)",
		Match:       []string{"sort --compress-program=sh /etc/passwd", "tar -I python3 -cf x.tar src", "sort --compress-prog=bash big.txt"},
		NoMatch:     []string{"sort --compress-program=gzip big.txt", "tar -I zstd -cf a.tar.zst src", "tar --use-compress-program=pigz -cf a.tgz src"},
	}
)

// filterOptions are the options whose program reads the tool's data on
// its standard input (a compressor), by program and canonical option.
var filterOptions = map[string]bool{
	"sort --compress-program": true, "tar --use-compress-program": true, "gtar --use-compress-program": true, "bsdtar --use-compress-program": true,
}

// readsScriptOnStdin reports whether a command line is a shell or an
// interpreter that reads its script from standard input: sh, bash -s,
// python3 -, perl.
func readsScriptOnStdin(cmd string) bool {
	f := strings.Fields(cmd)
	if len(f) == 0 {
		return false
	}
	name := progName(f[0])
	if shells[name] {
		return remoteShellReadsStdin(f)
	}
	if !interpreters[name] && name != "awk" {
		return false
	}
	for _, a := range f[1:] {
		if a == "-" || a == "--" {
			return true
		}
		if !strings.HasPrefix(a, "-") {
			return false // a script file, or a program's own operand
		}
		if a == "-c" || a == "-e" || a == "-E" || a == "-r" || a == "--eval" || a == "-p" || a == "--print" || a == "-m" {
			return false
		}
	}
	return true
}
