package shell

import (
	"path"
	"strings"

	"github.com/actionguard/actionguard/rule"
)

// Programs named to run by another program: the value of an option that
// names a program (scp -S, sort --compress-program, wget --use-askpass),
// the operands of a program that runs each as a shell command (hyperfine),
// and the shell capsh starts after "--".

var execProgramRules = []*rule.Rule{ruleTempProgram}

var ruleTempProgram = &rule.Rule{
	ID: "shell.exec.temp-program", Category: rule.Execution, Points: 40,
	Summary:     "Makes a program run another program from a temporary directory, where anyone on the machine, or an earlier download, may have put it.",
	Alternative: "name an installed program, or the project's own script",
	Match:       []string{"sort --compress-program=/tmp/evil -o x y", "scp -S /tmp/evil f x:y", "wget --use-askpass=/tmp/evil https://example.com/"},
	NoMatch:     []string{"sort --compress-program=gzip -o x y", "wget --use-askpass=/usr/bin/ssh-askpass https://example.com/", "scp -S /usr/bin/ssh f x:y"},
}

// tempProgram reports the program a command line given to c as a value
// starts, when it lies in a temporary directory.
func (w *walker) tempProgram(c *Cmd, line, given string) {
	prog, _, _ := strings.Cut(strings.TrimSpace(line), " ")
	prog = strings.Trim(prog, `'"`)
	if prog == "" || !strings.ContainsRune(prog, '/') {
		return // a name looked up in PATH
	}
	abs, ok := c.Resolve(prog)
	if !ok || tempRoot(path.Clean(abs)) == "" {
		return
	}
	w.r.add(c.find(ruleTempProgram, "Runs "+prog+", a program in a temporary directory, as "+given+".", prog))
}

// scriptOperands judges the operands of a program that runs each of them
// as a shell command (hyperfine 'make build' 'make build -j8').
func (w *walker) scriptOperands(c *Cmd) {
	av := c.Argv()
	s := av.Spec()
	if s == nil || s.attrs&attrScript == 0 {
		return
	}
	for i, op := range av.Operands {
		if at := av.OperandArg[i]; at < len(c.Dynamic) && c.Dynamic[at] {
			w.r.add(c.find(ruleDynamicCommand, "Runs a command given to "+c.Name+" that is only known when it runs, so what it does cannot be checked."))
			continue
		}
		if strings.TrimSpace(op) == "" {
			continue
		}
		w.r.mutates()
		w.r.script(scriptShorthand(c.Name, op), c, c.Name+" runs")
	}
}

// scriptShorthand is the shell command an operand of a script runner
// stands for: concurrently reads "npm:watch-*" (yarn:, pnpm:, bun:) as
// running the package's scripts of that name, not as a program named so.
func scriptShorthand(prog, op string) string {
	if prog != "concurrently" && prog != "conc" {
		return op
	}
	pm, name, ok := strings.Cut(op, ":")
	if !ok || strings.ContainsAny(name, " \t'") {
		return op
	}
	switch pm {
	case "npm", "yarn", "pnpm", "bun":
		return pm + " run '" + name + "'"
	}
	return op
}

// capshShell judges the shell capsh starts with the words after "--"
// (capsh -- -c CMD is bash -c CMD; --shell=PATH names another shell).
func (w *walker) capshShell(c *Cmd) {
	av := c.Argv()
	if av.optsDone < 0 || av.optsDone > len(c.Args) || av.optsDone == 0 || c.Args[av.optsDone-1] != "--" {
		return
	}
	shell := "/bin/bash"
	if v, ok := c.Flag("--shell"); ok && v != "" {
		shell = v
	}
	rest := c.Args[av.optsDone:]
	if len(rest) == 0 {
		return // an interactive shell
	}
	if anyTrue(c.Dynamic[av.optsDone:]) {
		w.r.add(c.find(ruleDynamicCommand, "Runs a shell command given to capsh that is only known when it runs, so what it does cannot be checked."))
	}
	w.r.mutates()
	w.r.script(joinArgv(append([]string{shell}, rest...)), c, "capsh runs")
}
