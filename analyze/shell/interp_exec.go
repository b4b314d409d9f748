package shell

import (
	"regexp"
	"strings"
)

// codeScan is one analysis of inline code: the calls that run commands,
// evaluate code or delete files, each argument worked out by the evaluator.
type codeScan struct {
	w     *walker
	c     *Cmd
	lang  string
	code  string // canonical code (see canonical)
	e     *evaluator
	depth int
	// ranUnknown: the code runs a command it only gets when it runs.
	ranUnknown bool
}

// langNames name the languages in messages.
var langNames = map[string]string{
	"python": "Python", "node": "JavaScript", "perl": "Perl", "ruby": "Ruby", "php": "PHP", "lua": "Lua", "r": "R", "julia": "Julia",
	"osascript": "AppleScript", "jxa": "JavaScript for Automation", "powershell": "PowerShell", "awk": "awk",
}

func (s *codeScan) name() string {
	if n := langNames[s.lang]; n != "" {
		return n
	}
	return s.lang
}

// nameEnd returns the end of the function name a pattern matched (the
// pattern may have taken the "(" or the first character of the argument).
func nameEnd(code string, loc []int) int {
	j := loc[1]
	if j-2 > loc[0] && code[j-1] == 'q' && (code[j-2] == ' ' || code[j-2] == '\t') {
		j-- // Perl's system q{…}: the q starts the argument
	}
	for j > loc[0] && !isIdentChar(code[j-1]) {
		j--
	}
	return j
}

// funcName is the dotted name of the function called at [start, end):
// subprocess.run, Open3.capture2, os.system.
func funcName(code string, start, end int) string {
	for start > 0 && (isIdentChar(code[start-1]) || code[start-1] == '.' || code[start-1] == ':') {
		start--
	}
	return code[start:end]
}

// precededBy reports the non-space text just before i.
func precededBy(code string, i int, marks ...string) bool {
	before := strings.TrimRight(code[:i], " \t")
	for _, m := range marks {
		if strings.HasSuffix(before, m) {
			return true
		}
	}
	return false
}

// argsAt reads the arguments of a call whose name ends at i: in
// parentheses, or (Perl, Ruby, AppleScript, PowerShell) to the end of the
// statement. ok is false when no call follows (a function named, not called).
func (s *codeScan) argsAt(i int) ([]val, bool) {
	e := s.e.at(i)
	e.skipSpace()
	if e.i < len(e.code) && e.code[e.i] == '(' {
		return e.callArgs(), true
	}
	switch s.lang {
	case "perl", "ruby", "osascript", "powershell":
		if e.i < len(e.code) && e.code[e.i] != ';' && e.code[e.i] != '\n' && e.code[e.i] != '.' && e.code[e.i] != '=' && e.code[e.i] != ')' {
			return e.bareArgs(), true
		}
	}
	return nil, false
}

// evalPatterns find code that evaluates code of the same language.
var evalPatterns = map[string]*lazyRE{
	"python":     lazyRegexp(`\b(?:exec|eval|compile)\s*\(`),
	"node":       lazyRegexp(`\b(?:eval|Function|runInThisContext|runInNewContext|runInContext|compileFunction)\s*\(`),
	"jxa":        lazyRegexp(`\beval\s*\(`),
	"perl":       lazyRegexp(`\beval\s*[("'q$]`),
	"ruby":       lazyRegexp(`\b(?:eval|instance_eval|class_eval|module_eval)\b\s*[("'%$@\w]`),
	"php":        lazyRegexp(`\b(?:eval|assert|create_function)\s*\(`),
	"lua":        lazyRegexp(`\b(?:load|loadstring|dostring)\s*\(`),
	"r":          lazyRegexp(`\bparse\s*\(\s*text\s*=`),
	"osascript":  lazyRegexp(`\brun script\b`),
	"powershell": lazyRegexp(`(?i)(?:\bInvoke-Expression|\biex)\b`),
}

// evalObjects may own an eval: builtins.exec, vm.runInNewContext.
var evalObjects = []string{"builtins.", "__builtins__.", "vm.", "window.", "global.", "globalThis.", "Kernel.", "self.", "this.", "new "}

// evalCalls handles exec('…'), eval("…"), new Function('…'): code given
// as a literal is analysed as code of the same language; code only known
// when it runs needs a person to look.
func (s *codeScan) evalCalls(p *codePatterns) {
	re := evalPatterns[s.lang]
	if re == nil {
		return
	}
	r := s.w.r
	for _, loc := range re.FindAllStringIndex(s.code, 16) {
		end := nameEnd(s.code, loc)
		if loc[0] > 0 && s.code[loc[0]-1] == '.' && !precededBy(s.code, loc[0], evalObjects...) {
			continue // model.eval(), re.compile(…): a method of some object
		}
		if precededBy(s.code, loc[0], "def", "function", "sub", "$", "->", "::") {
			continue
		}
		var v val
		if s.lang == "r" {
			v, _ = s.e.arg(loc[1])
		} else {
			args, ok := s.argsAt(end)
			if !ok {
				continue
			}
			pos := positional(args)
			if len(pos) == 0 {
				continue
			}
			v = pos[0]
			if name := s.code[loc[0]:end]; name == "Function" || name == "create_function" {
				v = pos[len(pos)-1] // the body is the last argument
			}
		}
		text := v.text()
		known := v.kind == valStr && strings.Trim(strings.ReplaceAll(text, unknownPart, ""), " \t\n;") != ""
		switch {
		case known && v.anyHidden():
			r.add(s.c.find(ruleObfuscated, "Inline code decodes hidden code and runs it; decoded, it reads: "+truncateText(oneLine(shellText(text)), 120)))
		case !known && p.obfuscated.MatchString(s.code[loc[0]:]):
			r.add(s.c.find(ruleObfuscated, "Inline code decodes a hidden payload and runs it."))
			continue
		case !known:
			r.add(s.c.find(ruleInlineExec, "Inline "+s.name()+" code runs code it only gets when it runs ("+truncateText(oneLine(s.code[loc[0]:min(len(s.code), loc[0]+60)]), 60)+"), so it cannot be checked first."))
			continue
		}
		if !v.known() {
			r.add(s.c.find(ruleInlineExec, "Inline "+s.name()+" code runs code built from values only known when it runs: "+truncateText(oneLine(shellText(text)), 120)))
		}
		s.w.inlineCodeDepth(s.c, s.lang, strings.ReplaceAll(text, unknownPart, "__unknown__"), s.depth+1)
	}
}

// execCalls handles the calls that run a command.
func (s *codeScan) execCalls(p *codePatterns) {
	code := s.code
	lang := s.lang
	if lang == "node" {
		if strings.Contains(code, "spawn_sync") && (strings.Contains(code, "binding(") || strings.Contains(code, "_linkedBinding(")) {
			s.w.r.add(s.c.find(ruleInlineExec, "Inline JavaScript runs programs through Node's internal process binding, around child_process, so what runs cannot be checked first."))
		}
		if !strings.Contains(code, "child_process") && !strings.Contains(code, "execa") && !strings.Contains(code, "Bun.") && !strings.Contains(code, "Deno.") && !strings.Contains(code, "zx") && !reUnknownRequire.MatchString(code) {
			return
		}
	}
	for _, loc := range p.exec.FindAllStringIndex(code, 32) {
		end := nameEnd(code, loc)
		if lang == "python" && isPythonNonExec(code, loc[0]) {
			continue
		}
		if s.notACall(loc[0]) {
			continue
		}
		fn := funcName(code, loc[0], end)
		if lang == "osascript" {
			fn = "do shell script"
		}
		args, ok := s.argsAt(end)
		if !ok {
			continue
		}
		if lang == "node" && s.argvOption(fn, end, args) {
			continue
		}
		s.runCall(fn, args)
	}
	s.passedAround()
}

var reUnknownRequire = lazyRegexp(`\brequire\s*\(\s*[^'"\s)]`)

// execReferences name a function that runs commands; one that is not
// called where it is named is handed to other code (map(os.system, cmds),
// cmds.forEach(cp.execSync)), which runs commands it is given.
var execReferences = map[string]*lazyRE{
	"python": lazyRegexp(`\b(?:os\.(?:system|popen|exec[lv]p?e?|spawn[lv]p?e?|posix_spawnp?)|subprocess\.(?:run|call|check_call|check_output|Popen|getoutput|getstatusoutput)|pty\.spawn|commands\.getoutput)\b`),
	"node":   lazyRegexp(`\.(?:execSync|exec|spawn|spawnSync|execFile|execFileSync|fork)\b`),
}

// passedAround reports exec functions named without being called.
func (s *codeScan) passedAround() {
	re := execReferences[s.lang]
	if re == nil {
		return
	}
	code := s.code
	for _, loc := range re.FindAllStringIndex(code, 16) {
		rest := strings.TrimLeft(code[loc[1]:], " \t")
		if strings.HasPrefix(rest, "(") || strings.HasPrefix(rest, ".") || strings.HasPrefix(rest, "=") || strings.HasPrefix(rest, ":") || rest == "" && loc[0] == 0 {
			continue
		}
		before := strings.TrimRight(code[:loc[0]], " \t")
		if s.lang == "node" {
			// the object the function belongs to
			j := len(before)
			for j > 0 && (isIdentChar(before[j-1]) || before[j-1] == '.' || before[j-1] == ')' || before[j-1] == '(' || before[j-1] == '\'' || before[j-1] == '"') {
				j--
			}
			before = strings.TrimRight(before[:j], " \t")
		}
		if strings.HasSuffix(before, "=") || strings.HasSuffix(before, "import") || strings.HasSuffix(before, "as") {
			continue // an alias or an import: its calls are found as calls
		}
		s.w.r.add(s.c.find(ruleInlineExec, "Inline "+s.name()+" code hands a function that runs commands ("+strings.TrimPrefix(code[loc[0]:loc[1]], ".")+") to other code, so the commands it runs cannot be checked first."))
		s.w.r.mutates()
		return
	}
}

// notACall reports a name that is not the function the pattern means: a
// method of another object ($pdo->exec), a variable ($system), a
// definition (def system).
func (s *codeScan) notACall(at int) bool {
	code := s.code
	switch s.lang {
	case "perl":
		return at > 0 && strings.IndexByte("$@%&", code[at-1]) >= 0 || precededBy(code, at, "->", "sub")
	case "php":
		return at > 0 && code[at-1] == '$' || precededBy(code, at, "->", "::", "function")
	case "ruby":
		return at > 0 && (code[at-1] == '$' || code[at-1] == '@' || code[at-1] == ':') || precededBy(code, at, "def")
	case "python":
		return precededBy(code, at, "def")
	case "node", "jxa":
		return precededBy(code, at, "function")
	}
	return false
}

// argvForms are functions that take a program and its arguments, not a
// command line for a shell.
var argvForms = map[string]bool{
	"spawn": true, "spawnSync": true, "execFile": true, "execFileSync": true, "execa": true, "execaSync": true, "fork": true,
	"execv": true, "execvp": true, "execve": true, "execvpe": true, "execl": true, "execlp": true, "execle": true, "execlpe": true,
	"spawnv": true, "spawnvp": true, "spawnve": true, "spawnvpe": true, "spawnl": true, "spawnlp": true, "spawnle": true, "spawnlpe": true,
	"posix_spawn": true, "posix_spawnp": true, "create_subprocess_exec": true, "system2": true, "pcntl_exec": true,
}

// runCall analyses a call that runs a command, given its arguments.
func (s *codeScan) runCall(fn string, args []val) {
	pos := positional(args)
	short := lastSegment(fn)
	why := "inline " + strings.ToLower(s.name()) + " runs"
	if len(pos) == 0 {
		s.unknownCommand("")
		return
	}
	if s.lang == "python" && strings.HasPrefix(short, "spawn") && len(pos) >= 2 {
		pos = pos[1:] // os.spawnv(os.P_WAIT, path, args): the mode first
	}
	if n := perlIPCHandles(short); s.lang == "perl" && n > 0 {
		if len(pos) <= n {
			return // open3 without a command
		}
		pos = pos[n:] // open3(IN, OUT, ERR, cmd…): the handles first
	}
	if s.lang == "perl" && len(pos) >= 2 && (pos[0].kind == valList || perlIPCHandles(short) > 0) {
		s.runArgv(perlFlatten(pos), why) // exec qw(rm -rf), $dir; open3(…, "rm", "-rf", $dir)
		return
	}
	if short == "create_subprocess_exec" && len(pos) >= 2 && s.lang == "python" {
		s.runArgv(pos, why) // asyncio.create_subprocess_exec(program, *args)
		return
	}
	if s.lang == "node" && short == "fork" && s.forkScript(pos, why) {
		return
	}
	if s.lang == "python" && strings.HasPrefix(short, "posix_spawn") && len(pos) >= 2 && pos[1].kind == valList {
		s.runArgv(pos[1].list, why)
		return
	}
	first := pos[0]
	switch {
	case first.kind == valList && s.lang == "php":
		for _, cmd := range first.list {
			s.runScript(cmd, why) // array_map('system', [...]): each is a command
		}
	case first.kind == valList:
		s.runArgv(first.list, why)
	case argvForms[short] && len(pos) >= 2:
		argv := []val{first}
		switch {
		case pos[1].kind == valList && s.lang == "python" && len(pos[1].list) > 0:
			argv = append(argv, pos[1].list[1:]...) // the list starts with argv[0]
		case pos[1].kind == valList:
			argv = append(argv, pos[1].list...)
		case s.lang == "python" && len(pos) >= 3:
			argv = append(argv, pos[2:]...) // os.execl(path, arg0, arg1…)
		default:
			argv = pos
		}
		s.runArgv(argv, why)
	case argvForms[short] && first.kind == valStr && s.lang != "php" && !strings.ContainsAny(first.text(), " \t;|&$`<>()"):
		s.runArgv([]val{first}, why) // a program name alone
	case (s.lang == "perl" || s.lang == "ruby") && len(pos) >= 2 && (short == "system" || short == "exec" || short == "spawn" || strings.Contains(fn, "Open3") || short == "popen"):
		if short == "popen" && pos[len(pos)-1].kind == valStr && len(pos[len(pos)-1].s) <= 3 {
			s.runScript(first, why) // IO.popen('cmd', 'r')
			return
		}
		s.runArgv(pos, why)
	default:
		if osaAdmin(s) {
			first = val{kind: valStr, s: "sudo " + first.text(), hidden: first.hidden}
		}
		s.runScript(first, why)
	}
}

// osaAdmin reports AppleScript's "with administrator privileges": the
// command runs as root.
func osaAdmin(s *codeScan) bool {
	return s.lang == "osascript" && strings.Contains(s.code, "administrator privileges")
}

// unknownCommand reports a command whose text is only known at run time.
func (s *codeScan) unknownCommand(known string) {
	msg := ""
	if known != "" {
		msg = "Inline " + s.name() + " code runs a command built from values only known when it runs: " + truncateText(oneLine(known), 120)
	} else {
		msg = "Inline " + s.name() + " code runs a command whose text is only known when it runs, so it cannot be checked first."
	}
	s.w.r.add(s.c.find(ruleInlineExec, msg))
	s.w.r.mutates()
	s.ranUnknown = true
}

// hiddenCommand reports a command spelled in disguise.
func (s *codeScan) hiddenCommand(text string) {
	s.w.r.add(s.c.find(ruleObfuscated, "Inline code spells the command it runs in disguise (character codes, escapes or an encoding); decoded, it reads: "+truncateText(oneLine(text), 120)))
}

// runScript analyses a command line run by a shell.
func (s *codeScan) runScript(v val, why string) {
	if v.kind == valList {
		s.runArgv(v.list, why)
		return
	}
	text := v.text()
	if strings.Trim(strings.ReplaceAll(text, unknownPart, ""), " \t\n;") == "" {
		s.unknownCommand("")
		return
	}
	st := shellText(text)
	if v.anyHidden() {
		s.hiddenCommand(st)
	}
	if !v.known() {
		s.unknownCommand(st)
	}
	s.w.r.script(st, s.c, why)
	s.w.r.mutates()
}

// runArgv analyses a program run with its arguments (no shell between).
func (s *codeScan) runArgv(argv []val, why string) {
	if len(argv) == 0 || len(argv) > 256 {
		s.unknownCommand("")
		return
	}
	words := make([]string, len(argv))
	dyn := make([]bool, len(argv))
	hidden := false
	for i, a := range argv {
		if a.kind == valList {
			words[i], dyn[i] = "$ARG", true
			continue
		}
		words[i] = shellText(a.text())
		dyn[i] = !a.known()
		hidden = hidden || a.anyHidden()
	}
	text := joinArgv(words)
	if hidden {
		s.hiddenCommand(text)
	}
	if dyn[0] {
		s.unknownCommand(text)
		return
	}
	for _, d := range dyn[1:] {
		if d {
			// An argument only known when the code runs: a path, an option, a script for sh -c.
			s.unknownCommand(text)
			break
		}
	}
	s.w.r.commandWords(words, dyn, s.c, why)
	s.w.r.mutates()
}

// commandWords analyses argv as a simple command nested under parent;
// dyn marks the words only known at run time.
func (r *report) commandWords(argv []string, dyn []bool, parent *Cmd, why string) {
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
	// The command reads the input its runner passes it (docker exec -i).
	in := r.fl().scriptIn
	r.fl().scriptIn = stream{}
	out, _ := w.run(argv, dyn, make([]stream, len(argv)), in, text, "", nil)
	r.fl().keepNestedOut(out)
}

var (
	reBacktick   = lazyRegexp("`((?:[^`\\\\]|\\\\.)*)`")
	reQuoteExec  = lazyRegexp(`(?:\bqx|%x)\s*[({\[<'/|!#]`)
	rePerlOpen   = lazyRegexp(`\bopen\s*[(\s]`)
	reRubyPipeIO = lazyRegexp(`\b(?:Kernel\.)?open\s*[(\s]|\bIO\.(?:read|readlines|write|foreach|binread|binwrite)\s*\(|\bURI\.open\s*\(`)
)

// quotedCommands handles commands in backticks, qx{…}, %x(…) (Perl, Ruby,
// PHP), Perl's open with a pipe and Ruby's open("|cmd"), and
// JavaScript's shell templates ($`…`).
func (s *codeScan) quotedCommands() {
	if s.lang == "node" {
		s.jsShellTemplates()
		return
	}
	switch s.lang {
	case "perl", "ruby", "php":
	default:
		return
	}
	code := s.code
	why := "inline " + strings.ToLower(s.name()) + " runs"
	syn := syntaxOf(s.lang)
	for _, m := range reBacktick.get().FindAllStringSubmatchIndex(code, 16) {
		s.runScript(s.e.decodeInterpolated(code[m[2]:m[3]], syn), why)
	}
	for _, loc := range reQuoteExec.FindAllStringIndex(code, 16) {
		open := code[loc[1]-1]
		closeC, _ := quotePair(open)
		var end int
		if closeC == open {
			end = strings.IndexByte(code[loc[1]:], closeC)
			if end >= 0 {
				end += loc[1]
			}
		} else {
			end = matchClose(code, loc[1]-1, open, closeC)
		}
		if end < 0 {
			s.unknownCommand("")
			continue
		}
		body := code[loc[1]:end]
		if open == '\'' {
			s.runScript(val{kind: valStr, s: body}, why)
			continue
		}
		s.runScript(s.e.decodeInterpolated(body, syn), why)
	}
	if s.lang == "perl" {
		for _, call := range s.perlOpenCalls() {
			pos := call.pos
			switch {
			case len(pos) == 2 && pos[1].kind == valStr:
				t := strings.TrimSpace(pos[1].s)
				if strings.HasPrefix(t, "|") || strings.HasSuffix(t, "|") {
					v := pos[1]
					v.s = strings.Trim(strings.TrimSpace(t), "|")
					s.runScript(v, why)
					if strings.HasPrefix(t, "|") {
						s.perlPrintsTo(call.at, v.s, why)
					}
				}
			case len(pos) >= 3 && pos[1].kind == valStr && (strings.TrimSpace(pos[1].s) == "-|" || strings.TrimSpace(pos[1].s) == "|-"):
				if len(pos) == 3 {
					s.runScript(pos[2], why)
				} else {
					s.runArgv(pos[2:], why)
				}
				if strings.TrimSpace(pos[1].s) == "|-" {
					s.perlPrintsTo(call.at, pos[2].text(), why)
				}
			case len(pos) >= 2 && pos[1].kind == valStr && !pos[1].known() && strings.Contains(pos[1].s, "|"):
				s.unknownCommand(shellText(pos[1].s))
			}
		}
	}
	if s.lang == "ruby" {
		for _, loc := range reRubyPipeIO.FindAllStringIndex(code, 16) {
			if s.notACall(loc[0]) || loc[0] > 0 && code[loc[0]-1] == '.' && !strings.HasPrefix(code[loc[0]:], "IO.") && !strings.HasPrefix(code[loc[0]:], "Kernel.") {
				continue
			}
			args, ok := s.argsAt(nameEnd(code, loc))
			if !ok {
				continue
			}
			if pos := positional(args); len(pos) > 0 && pos[0].kind == valStr && strings.HasPrefix(pos[0].s, "|") {
				v := pos[0]
				v.s = strings.TrimPrefix(v.s, "|")
				s.runScript(v, why)
			}
		}
	}
}

// deletions handles calls that delete files: the target worked out, then
// judged like rm of the same path.
func (s *codeScan) deletions(p *codePatterns) {
	code := s.code
	lang := s.lang
	if lang == "powershell" {
		return // PowerShell deletes are commands, not calls: see powershell
	}
	for _, pair := range []struct {
		re        *lazyRE
		recursive bool
	}{{p.delRecursive, true}, {p.del, false}} {
		for _, loc := range pair.re.FindAllStringIndex(code, 16) {
			if lang == "node" && !pair.recursive && !strings.Contains(code, "fs") {
				continue
			}
			if lang == "python" && !pair.recursive && !isPythonDelete(code, loc) {
				continue
			}
			if s.notACall(loc[0]) {
				continue
			}
			args, ok := s.argsAt(nameEnd(code, loc))
			if !ok {
				if lang == "osascript" {
					args = []val{unknownVal()}
				} else {
					continue
				}
			}
			pos := positional(args)
			var target val
			if len(pos) > 0 {
				target = pos[0]
			}
			flags := "-f"
			if pair.recursive || lang == "node" && strings.Contains(code[loc[1]:min(len(code), loc[1]+200)], "recursive") {
				flags = "-rf"
			}
			if lang == "r" && (pair.recursive || keywordGiven(args, "recursive")) {
				flags = "-rf"
			}
			targets := []val{target}
			if target.kind == valList {
				targets = target.list
			}
			for _, t := range targets {
				text := t.text()
				s.w.r.mutates()
				unknown := t.kind == valNone || t.kind == valList || strings.Trim(strings.ReplaceAll(text, unknownPart, ""), " /") == "" && !strings.HasPrefix(text, "/")
				if flags == "-rf" && !t.known() && !pinnedPrefix(text) {
					// A tree whose path is computed when the code runs
					// (pwd.getpwuid(…).pw_dir, sys.argv[1]) may be any tree.
					s.w.r.add(s.c.find(ruleInlineDeleteTree, "Inline "+s.name()+" code deletes a directory tree whose path is only known when it runs ("+truncateText(oneLine(shellText(text)), 80)+"): it could be your home directory or the whole project."))
				}
				if unknown {
					if flags != "-rf" {
						s.w.r.add(s.c.find(ruleInlineDelete, ""))
					}
					continue
				}
				s.w.r.commandWords([]string{"rm", flags, shellText(text)}, []bool{false, false, !t.known()}, s.c, "inline "+strings.ToLower(s.name())+" deletes")
			}
		}
	}
}

// pinnedPrefix reports a path whose known beginning keeps it inside a
// named directory of the project or under /tmp ("build/" + name), whatever
// the unknown rest.
func pinnedPrefix(text string) bool {
	i := strings.Index(text, unknownPart)
	if i < 0 {
		return true
	}
	prefix := text[:i]
	j := strings.LastIndexByte(prefix, '/')
	if j < 0 {
		return false
	}
	dir := prefix[:j]
	for _, tmp := range []string{"/tmp", "/var/tmp"} {
		if dir == tmp || strings.HasPrefix(dir, tmp+"/") {
			return !strings.Contains(dir, "..")
		}
	}
	if dir == "" || strings.HasPrefix(dir, "/") || strings.HasPrefix(dir, "~") || strings.HasPrefix(dir, "$") {
		return false
	}
	for _, part := range strings.Split(dir, "/") {
		if part == "" || part == "." || part == ".." {
			return false
		}
	}
	return true
}

// perlOpenCall is a call of Perl's open: where it is, its arguments.
type perlOpenCall struct {
	at  int
	pos []val
}

// perlOpenCalls returns the calls of Perl's open in the code.
func (s *codeScan) perlOpenCalls() []perlOpenCall {
	var out []perlOpenCall
	for _, loc := range rePerlOpen.FindAllStringIndex(s.code, 32) {
		if s.notACall(loc[0]) {
			continue
		}
		if args, ok := s.argsAt(loc[0] + 4); ok {
			out = append(out, perlOpenCall{loc[0], positional(args)})
		}
	}
	return out
}

var rePerlOpenHandle = lazyRegexp(`^open\s*\(?\s*(?:my\s+|our\s+|local\s+)?(\$\w+|\*?\w+)\s*,`)

// perlPrintsTo judges what Perl code prints to a shell it opened with a
// pipe (open(my $f, "|-", "sh"); print $f "…"): the shell runs it.
func (s *codeScan) perlPrintsTo(at int, cmd, why string) {
	words := strings.Fields(cmd)
	if len(words) == 0 || !shells[progName(words[0])] || len(words) > 1 && strings.Contains(cmd, "-c") {
		return
	}
	m := rePerlOpenHandle.get().FindStringSubmatch(s.code[at:])
	if m == nil {
		return
	}
	h := strings.TrimPrefix(m[1], "*")
	re, err := regexp.Compile(`\b(?:print|printf|say)\s*\{?\s*` + regexp.QuoteMeta(h) + `\b\s*\}?\s*`)
	if err != nil {
		return
	}
	var script []string
	known := true
	for _, loc := range re.FindAllStringIndex(s.code, 16) {
		for _, v := range s.e.at(loc[1]).bareArgs() {
			script = append(script, v.text())
			known = known && v.known()
		}
	}
	if len(script) == 0 {
		return
	}
	s.runScript(val{kind: valStr, s: strings.Join(script, "")}, why+" (printed to "+words[0]+")")
	if !known {
		s.unknownCommand(shellText(strings.Join(script, "")))
	}
}

var reArgvOption = lazyRegexp(`\b(args|cmd)\s*:\s*\[`)

// argvOption handles new Deno.Command(prog, {args: […]}), Deno.run({cmd:
// […]}) and Bun.spawn({cmd: […]}): the words are in an options object.
func (s *codeScan) argvOption(fn string, end int, args []val) bool {
	if !strings.HasPrefix(fn, "Deno.") && !strings.HasPrefix(fn, "Bun.") {
		return false
	}
	open := strings.IndexByte(s.code[end:], '(')
	if open < 0 {
		return false
	}
	open += end
	closeAt := matchClose(s.code, open, '(', ')')
	if closeAt < 0 {
		return false
	}
	m := reArgvOption.get().FindStringSubmatchIndex(s.code[open:closeAt])
	if m == nil {
		return false
	}
	key := s.code[open+m[2] : open+m[3]]
	list, _ := s.e.arg(open + m[1] - 1)
	if list.kind != valList {
		return false
	}
	why := "inline " + strings.ToLower(s.name()) + " runs"
	pos := positional(args)
	switch {
	case key == "args" && strings.HasSuffix(fn, "Command") && len(pos) > 0:
		s.runArgv(append([]val{pos[0]}, list.list...), why)
	case key == "cmd":
		s.runArgv(list.list, why)
	default:
		return false
	}
	return true
}
