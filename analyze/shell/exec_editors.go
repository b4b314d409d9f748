package shell

import (
	"strings"
)

// Editors as file writers and command runners beyond their ! commands:
// ex commands that delete every line and write the file back (vim -es -c
// '%d|x' file, ed's ,d then w) empty the file; Emacs runs the Lisp of
// --eval, -l, -f and --script, whose shell-command, call-process,
// delete-directory and delete-file are the commands they are.

// exEmptiesFile reports whether a sequence of ex command lines deletes
// every line of the buffer and then writes it.
func exEmptiesFile(lines []string) bool {
	emptied := false
	for _, line := range lines {
		for n := 0; line != "" && n < maxChanRuns; n++ {
			cmd, rest := cutBar(line)
			line = rest
			s := strings.TrimLeft(cmd, " \t:")
			body := strings.TrimLeft(skipExRange(s), " \t")
			rng := strings.TrimSpace(s[:len(s)-len(skipExRange(s))])
			name, after := exName(body)
			for isExModifier(name) {
				// silent %d, keepjumps 1,$d: the range follows the modifier.
				s = strings.TrimLeft(strings.TrimPrefix(after, "!"), " \t")
				body = strings.TrimLeft(skipExRange(s), " \t")
				rng = strings.TrimSpace(s[:len(s)-len(skipExRange(s))])
				name, after = exName(body)
			}
			switch {
			case isAbbrev(name, "d", "delete") && wholeRange(rng):
				emptied = true
			case isAbbrev(name, "g", "global") && globalDeletesAll(after):
				emptied = true
			case isAbbrev(name, "norm", "normal") && strings.Contains(after, "ggdG"):
				emptied = true
			case emptied && (isAbbrev(name, "w", "write") || isAbbrev(name, "wq", "wq") || isAbbrev(name, "x", "xit") ||
				isAbbrev(name, "up", "update") || isAbbrev(name, "exi", "exit") || name == "wqa" || name == "xa" || name == "wa"):
				if t := strings.TrimLeft(strings.TrimPrefix(after, "!"), " \t"); t == "" || name == "wq" || name == "x" {
					return true // written back to the file itself
				}
			}
		}
	}
	return false
}

// wholeRange reports an ex range that covers every line: %, 1,$, 0,$,
// and ed's , alone.
func wholeRange(r string) bool {
	switch strings.ReplaceAll(r, " ", "") {
	case "%", "1,$", "0,$", ",", ",$", ";$", "1;$":
		return r != ",$" && r != ";$"
	}
	return false
}

// globalDeletesAll reports :g/^/d and its spellings: a pattern every line
// matches, then d.
func globalDeletesAll(after string) bool {
	if after == "" {
		return false
	}
	sep := after[0]
	if sep == '!' {
		return false // :g! deletes the lines that do not match
	}
	rest := after[1:]
	end := strings.IndexByte(rest, sep)
	if end < 0 {
		return false
	}
	pat, cmd := rest[:end], strings.TrimSpace(rest[end+1:])
	switch pat {
	case "^", "$", "", ".*", "^.*", "^.*$", "\\_.*":
	default:
		return false
	}
	name, _ := exName(cmd)
	return isAbbrev(name, "d", "delete")
}

// emptiedByEditor judges files an editor's ex commands empty and write.
func (w *walker) emptiedByEditor(c *Cmd, lines, files []string) {
	if !exEmptiesFile(lines) {
		return
	}
	w.r.mutates()
	for _, f := range files {
		writeTarget(c, w.r, f, writeTruncate)
	}
}

// emacs judges the Lisp an Emacs command runs: --eval expressions, files
// given to -l, --load and --script (when this command line or the session
// wrote them, or a process substitution prints them) and -f functions
// (shell-command, by name, asks for its command: nothing known).
func (w *walker) emacs(c *Cmd) {
	var code []string
	av := c.Argv()
	if c.Name == "emacsclient" {
		// emacsclient -e: every operand is an expression.
		if c.Has("--eval") {
			code = append(code, av.Operands...)
		}
		av = &Argv{}
	}
	for _, o := range av.Opts {
		if !o.HasValue {
			continue
		}
		dyn := o.ValueArg >= 0 && o.ValueArg < len(c.Dynamic) && c.Dynamic[o.ValueArg]
		switch strings.TrimLeft(o.Name, "-") {
		case "eval", "execute":
			if dyn {
				w.r.add(c.find(ruleEvalDynamic, "Runs Emacs Lisp that is only known when it runs, so what it does cannot be checked."))
				continue
			}
			code = append(code, o.Value)
		case "l", "load", "script", "x":
			if at := o.ValueArg; at >= 0 && at < len(c.proc) && (c.proc[at].kind == streamLiteral || c.proc[at].kind == streamDecoded) {
				code = append(code, c.proc[at].text)
				continue
			}
			if abs, ok := c.Resolve(o.Value); ok {
				if fc, had := w.r.fl().files[abs]; had && fc.from == "" && (fc.kind == streamLiteral || fc.kind == streamDecoded) {
					code = append(code, fc.text)
				}
			}
		}
	}
	for _, src := range code {
		w.chanRuns(c, lispRuns(src), "Emacs")
	}
}

// lispRuns returns what Emacs Lisp runs and deletes: shell-command and
// its kin run a shell command line; call-process, start-process,
// process-lines and make-process :command a program with arguments;
// delete-directory (recursive when its second argument is not nil) and
// delete-file remove files.
func lispRuns(code string) []chanRun {
	var out []chanRun
	forms := lispForms(code, 0)
	for _, f := range forms {
		if len(out) >= maxChanRuns {
			break
		}
		out = append(out, lispForm(f)...)
	}
	if len(out) > maxChanRuns {
		out = out[:maxChanRuns]
	}
	return out
}

// lispNode is a parsed Lisp datum: a symbol, a string or a list.
type lispNode struct {
	sym    string
	str    string
	isStr  bool
	list   []lispNode
	isList bool
}

// lispForms reads the data of code; it stops at what it cannot read.
func lispForms(code string, depth int) []lispNode {
	var out []lispNode
	i := 0
	for i < len(code) && len(out) < 4096 {
		n, next, ok := lispRead(code, i, depth)
		if !ok {
			break
		}
		out = append(out, n)
		i = next
	}
	return out
}

// lispRead reads one datum at code[i:].
func lispRead(code string, i, depth int) (lispNode, int, bool) {
	for i < len(code) {
		ch := code[i]
		switch {
		case ch == ' ' || ch == '\t' || ch == '\n' || ch == '\r':
			i++
			continue
		case ch == ';':
			nl := strings.IndexByte(code[i:], '\n')
			if nl < 0 {
				return lispNode{}, len(code), false
			}
			i += nl + 1
			continue
		case ch == '\'' || ch == '`' || ch == ',' || ch == '#' && i+1 < len(code) && code[i+1] == '\'':
			if ch == '#' {
				i++
			}
			i++ // quote marks: the datum itself
			continue
		}
		break
	}
	if i >= len(code) || depth > 64 {
		return lispNode{}, i, false
	}
	switch ch := code[i]; ch {
	case '(', '[':
		closer := byte(')')
		if ch == '[' {
			closer = ']'
		}
		n := lispNode{isList: true}
		i++
		for {
			for i < len(code) && strings.IndexByte(" \t\r\n", code[i]) >= 0 {
				i++
			}
			if i >= len(code) {
				return n, i, true // an unclosed form: what was read
			}
			if code[i] == closer {
				return n, i + 1, true
			}
			if code[i] == ')' || code[i] == ']' {
				return n, i + 1, true
			}
			el, next, ok := lispRead(code, i, depth+1)
			if !ok || next <= i {
				return n, len(code), true
			}
			n.list = append(n.list, el)
			i = next
		}
	case ')', ']':
		return lispNode{}, i + 1, false
	case '"':
		str, next := quotedString(code, i)
		return lispNode{str: str, isStr: true}, next, true
	}
	j := i
	for j < len(code) && strings.IndexByte(" \t\r\n()[]\";'", code[j]) < 0 {
		if code[j] == '\\' {
			j++
		}
		j++
	}
	if j > len(code) {
		j = len(code)
	}
	return lispNode{sym: code[i:j]}, j, true
}

// lispShellCalls run their first argument as a shell command line.
var lispShellCalls = map[string]bool{"shell-command": true, "shell-command-to-string": true, "async-shell-command": true,
	"call-process-shell-command": true, "process-file-shell-command": true, "start-process-shell-command": true, "start-file-process-shell-command": true,
	"compile": true, "dired-do-shell-command": true, "dired-do-async-shell-command": true, "eshell-command": true}

// lispForm returns what one form and the forms inside it run.
func lispForm(n lispNode) []chanRun {
	if !n.isList || len(n.list) == 0 {
		return nil
	}
	var out []chanRun
	head := n.list[0].sym
	args := n.list[1:]
	str := func(k int) (string, bool) {
		if k < len(args) {
			return lispString(args[k], 0)
		}
		return "", false
	}
	switch {
	case lispShellCalls[head]:
		// (start-process-shell-command NAME BUFFER COMMAND): the third.
		k := 0
		if strings.HasPrefix(head, "start-") {
			k = 2
		}
		if s, ok := str(k); ok {
			out = appendShell(out, s)
		} else if k < len(args) {
			out = append(out, chanRun{lang: "shell"})
		}
	case head == "call-process" || head == "process-file" || head == "start-process" || head == "start-file-process" || head == "process-lines" || head == "call-process-region":
		// (call-process PROGRAM INFILE DESTINATION DISPLAY ARGS…),
		// (start-process NAME BUFFER PROGRAM ARGS…), (process-lines PROGRAM ARGS…).
		prog, from := 0, 4
		switch head {
		case "start-process", "start-file-process":
			prog, from = 2, 3
		case "process-lines":
			prog, from = 0, 1
		case "call-process-region":
			prog, from = 2, 6
		}
		out = append(out, lispArgv(args, prog, from))
	case head == "make-process" || head == "make-pipe-process":
		for k := 0; k+1 < len(args); k++ {
			if args[k].sym == ":command" && args[k+1].isList {
				out = append(out, lispArgv(args[k+1].list, 0, 1))
			}
		}
	case head == "delete-directory" || head == "delete-file" || head == "f-delete" || head == "dired-delete-file":
		if len(args) == 0 {
			break
		}
		recursive := head == "delete-directory" && len(args) > 1 && args[1].sym != "nil" ||
			head == "f-delete" && len(args) > 1 && args[1].sym != "nil" || head == "dired-delete-file" && len(args) > 1 && args[1].sym != "nil"
		flag := "-f"
		if recursive {
			flag = "-rf"
		}
		if p, ok := lispString(args[0], 0); ok {
			out = append(out, chanRun{lang: "shell", text: "rm " + flag + " -- " + lispPathWord(p), known: true})
		} else if inner := lispPathExpr(args[0]); inner != "" {
			out = append(out, chanRun{lang: "shell", text: "rm " + flag + " -- " + inner, known: true})
		} else if recursive {
			out = append(out, chanRun{lang: "shell"})
		}
	}
	for _, a := range n.list {
		if len(out) >= maxChanRuns {
			break
		}
		out = append(out, lispForm(a)...)
	}
	return out
}

// lispArgv makes a run of a program and its arguments from a form's
// arguments: the program at prog, the arguments from from on.
func lispArgv(args []lispNode, prog, from int) chanRun {
	if prog >= len(args) || !args[prog].isStr {
		return chanRun{lang: "shell"}
	}
	words := []string{args[prog].str}
	for k := from; k < len(args); k++ {
		switch {
		case args[k].isStr:
			words = append(words, args[k].str)
		case args[k].sym == "nil" || args[k].sym == "t":
		default:
			words = append(words, "\x00unknown")
		}
	}
	return chanRun{lang: "argv", text: strings.Join(words, "\x00"), known: true}
}

// lispPathWord writes a file name as a shell word: Emacs expands ~ and
// ~/… as the home directory.
func lispPathWord(p string) string {
	if p == "~" || strings.HasPrefix(p, "~/") {
		return "~" + shellSingleQuote(p[1:])
	}
	return shellSingleQuote(p)
}

// lispPathExpr reads (expand-file-name "x" DIR), (getenv "HOME") and
// user-emacs-directory style names of a path; "" when it is not one of
// them.
func lispPathExpr(n lispNode) string {
	if n.sym == "default-directory" {
		return "."
	}
	if !n.isList || len(n.list) < 2 {
		return ""
	}
	switch n.list[0].sym {
	case "expand-file-name", "file-truename", "abbreviate-file-name", "file-name-as-directory", "directory-file-name":
		if n.list[1].isStr {
			p := n.list[1].str
			if len(n.list) > 2 && n.list[2].isStr && !strings.HasPrefix(p, "/") && !strings.HasPrefix(p, "~") {
				d := strings.TrimSuffix(n.list[2].str, "/")
				return lispPathWord(d + "/" + p)
			}
			return lispPathWord(p)
		}
	case "getenv":
		if n.list[1].isStr && n.list[1].str == "HOME" {
			return "~"
		}
	}
	return ""
}

// shellSingleQuote quotes s as one shell word ("" stays empty).
func shellSingleQuote(s string) string {
	if s == "" {
		return ""
	}
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}

// lessRuns returns what less's start-up commands run: +CMD and ++CMD
// (every file) on the command line or in $LESS; a ! command runs a shell
// command line, |X CMD pipes the text to one.
func lessRuns(words []string) []chanRun {
	var out []chanRun
	for _, a := range words {
		if a == "--" {
			break
		}
		if !strings.HasPrefix(a, "+") {
			continue
		}
		cmd := strings.TrimPrefix(strings.TrimPrefix(a, "+"), "+")
		// A numeric prefix (+5!cmd) is a count.
		cmd = strings.TrimLeft(cmd, "0123456789")
		switch {
		case strings.HasPrefix(cmd, "!"):
			out = appendShell(out, cmd[1:])
		case strings.HasPrefix(cmd, "|") && len(cmd) > 2:
			out = appendShell(out, cmd[2:])
		}
		if len(out) >= maxChanRuns {
			break
		}
	}
	return out
}

// less judges the commands less (and more, which is less on many systems)
// runs when it starts.
func (w *walker) less(c *Cmd) {
	words := c.Args
	if v, ok := commandEnv(c)["LESS"]; ok && !v.dynamic {
		// An option of $LESS is a word; a + command runs to a $ or the end.
		opts, cmd, _ := strings.Cut(" "+v.value, " +")
		var env []string
		if cmd != "" {
			cmd, _, _ = strings.Cut(cmd, "$")
			env = append(env, "+"+cmd)
		}
		words = append(append(strings.Fields(opts), env...), words...)
	}
	w.chanRuns(c, lessRuns(words), c.Name)
}

// lispString evaluates a string-valued form made of literals: a string,
// (concat …), (format "%s…" …) with %s only.
func lispString(n lispNode, depth int) (string, bool) {
	if n.isStr {
		return n.str, true
	}
	if !n.isList || len(n.list) == 0 || depth > 8 {
		return "", false
	}
	var parts []string
	for _, a := range n.list[1:] {
		s, ok := lispString(a, depth+1)
		if !ok {
			return "", false
		}
		parts = append(parts, s)
	}
	switch n.list[0].sym {
	case "concat":
		return strings.Join(parts, ""), true
	case "format", "format-message":
		if len(parts) == 0 || strings.Count(parts[0], "%") != strings.Count(parts[0], "%s") || strings.Count(parts[0], "%s") != len(parts)-1 {
			return "", false
		}
		out := parts[0]
		for _, p := range parts[1:] {
			out = strings.Replace(out, "%s", p, 1)
		}
		return out, true
	}
	return "", false
}
