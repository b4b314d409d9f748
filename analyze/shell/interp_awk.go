package shell

import (
	"strings"
)

// awk analyses an awk program: system(), "cmd" | getline, print | "cmd",
// the coprocesses of gawk (|&), print > "file" and gawk's network files
// (/inet/tcp/…). Commands are worked out like other inline code: escapes
// (\162\155, \x6d), concatenation by juxtaposition, sprintf and variables
// (cmd = "…" in the program, -v cmd=… on the command line).
func (w *walker) awk(c *Cmd) {
	patternsOnce.Do(compilePatterns)
	// gawk reads abbreviated long options (--sou=… is --source=…): the
	// words go to awkProgram under the names the gawk spec gives them.
	args := canonicalLongs(SpecFor("gawk"), c.Args, c.Dynamic)
	prog, vars, ok := awkProgram(args)
	if !ok {
		// awk -f prog.awk: the program file's text, when this line, the
		// session or the disk tells it, is judged as the program.
		prog, ok = w.awkProgramFiles(c, args)
		vars = awkVars(args)
	}
	if !ok || prog == "" {
		return
	}
	if len(prog) > 256<<10 {
		prog = prog[:256<<10]
	}
	code := vars + prog
	s := &codeScan{w: w, c: c, lang: "awk", code: code, e: newEvaluator("awk", code)}
	s.awkCommands()
}

// awkProgram finds the program text of an awk command line and the -v
// assignments, written as awk statements to put before it. ok is false when
// the program comes from a file.
func awkProgram(args []string) (prog, vars string, ok bool) {
	var b strings.Builder
	for i := 0; i < len(args); i++ {
		a := args[i]
		value := func(flag string) (string, bool) {
			if a == flag {
				if i+1 < len(args) {
					i++
					return args[i], true
				}
				return "", false
			}
			if strings.HasPrefix(a, flag+"=") && strings.HasPrefix(flag, "--") {
				return a[len(flag)+1:], true
			}
			if !strings.HasPrefix(flag, "--") && strings.HasPrefix(a, flag) && len(a) > len(flag) {
				return a[len(flag):], true
			}
			return "", false
		}
		switch {
		case a == "--":
			if prog == "" && i+1 < len(args) {
				prog = args[i+1]
			}
			return prog, b.String(), true
		case strings.HasPrefix(a, "-f") || strings.HasPrefix(a, "--file") || strings.HasPrefix(a, "-E") || strings.HasPrefix(a, "--exec"):
			return "", "", false
		}
		if v, isV := value("-v"); isV {
			awkAssign(&b, v)
			continue
		}
		if v, isV := value("--assign"); isV {
			awkAssign(&b, v)
			continue
		}
		if v, isE := value("-e"); isE {
			prog += v + "\n"
			continue
		}
		if v, isE := value("--source"); isE {
			prog += v + "\n"
			continue
		}
		if a == "-F" || a == "--field-separator" || a == "-i" || a == "--include" || a == "-l" || a == "--load" {
			i++
			continue
		}
		if strings.HasPrefix(a, "-") && len(a) > 1 {
			continue
		}
		if prog != "" {
			break // the program came with -e: the rest are files
		}
		return a, b.String(), true
	}
	return prog, b.String(), true
}

// awkProgramFiles is the text of the program files an awk command line
// names (-f FILE, --file=FILE, -E FILE, --exec=FILE), joined as awk joins
// them; ok is false when one of them is not known.
func (w *walker) awkProgramFiles(c *Cmd, args []string) (string, bool) {
	var b strings.Builder
	for i := 0; i < len(args); i++ {
		name := ""
		a := args[i]
		switch {
		case a == "--":
			i = len(args)
			continue
		case a == "-f" || a == "--file" || a == "-E" || a == "--exec":
			if i+1 < len(args) {
				i++
				name = args[i]
			}
		case strings.HasPrefix(a, "--file=") || strings.HasPrefix(a, "--exec="):
			_, name, _ = strings.Cut(a, "=")
		case strings.HasPrefix(a, "-f") || strings.HasPrefix(a, "-E"):
			name = a[2:]
		default:
			continue
		}
		text, ok := w.knownFile(c, name)
		if !ok {
			return "", false
		}
		b.WriteString(text)
		b.WriteString("\n")
	}
	return b.String(), b.Len() > 0
}

// awkVars is the -v assignments of an awk command line whose program
// comes from files, written as awk statements.
func awkVars(args []string) string {
	var b strings.Builder
	for i := 0; i < len(args); i++ {
		switch a := args[i]; {
		case (a == "-v" || a == "--assign") && i+1 < len(args):
			i++
			awkAssign(&b, args[i])
		case strings.HasPrefix(a, "--assign="):
			awkAssign(&b, strings.TrimPrefix(a, "--assign="))
		case strings.HasPrefix(a, "-v") && len(a) > 2:
			awkAssign(&b, a[2:])
		}
	}
	return b.String()
}

// awkAssign writes -v name=value as an awk assignment.
func awkAssign(b *strings.Builder, v string) {
	name, value, ok := strings.Cut(v, "=")
	if !ok || name == "" || !isIdentStart(name[0]) {
		return
	}
	for i := 0; i < len(name); i++ {
		if !isIdentChar(name[i]) {
			return
		}
	}
	b.WriteString(name + "=\"" + strings.ReplaceAll(value, `"`, `\"`) + "\"\n")
}

var reAwkSystem = lazyRegexp(`\bsystem\s*\(`)

// awkCommands finds the commands an awk program runs.
func (s *codeScan) awkCommands() {
	code := s.code
	r := s.w.r
	ranSomething := false
	for _, loc := range reAwkSystem.FindAllStringIndex(code, 16) {
		args, ok := s.argsAt(nameEnd(code, loc))
		if !ok {
			continue
		}
		if pos := positional(args); len(pos) == 0 || awkRecord(code, loc[1]) {
			r.add(s.c.find(ruleInlineExec, "The awk program runs commands built from its input."))
			r.mutates()
		} else {
			s.runScript(pos[0], "awk runs")
		}
		ranSomething = true
	}
	network := reAwkInet.MatchString(code)
	for _, p := range awkPipes(code) {
		var v val
		if p.getline {
			v = s.e.sub(code[p.exprStart:p.at]).expr1()
		} else {
			v, _ = s.e.arg(p.end)
		}
		if network && strings.Contains(v.text(), "/inet") {
			continue // reading from or writing to the connection itself
		}
		ranSomething = true
		if p.getline {
			s.runScript(v, "awk runs")
			continue
		}
		s.runScript(v, "awk pipes to")
		if prog := strings.Fields(shellText(v.text()) + " x")[0]; shells[progName(prog)] && !strings.Contains(v.text(), "-c") {
			// print … | "sh": what is printed is the script.
			s.runScript(awkPrinted(s, p), "awk pipes to "+prog)
		}
	}
	for _, at := range awkRedirects(code) {
		v, _ := s.e.arg(at)
		if v.kind == valStr && strings.HasPrefix(v.s, "/inet") {
			continue
		}
		if v.kind == valStr && v.known() {
			s.w.redirect(redirTarget{name: v.s}, false, nil)
			continue
		}
		r.mutates() // print > $1 writes a file too, whichever
		// A file named in part (ENVIRON["HOME"] "/.claude/" name): judged
		// by the part that is known.
		s.judgeFolded(v, pathWrites)
	}
	if network {
		if ranSomething {
			r.add(s.c.find(ruleReverseShell, "The awk program connects to another machine and runs commands for it (a reverse shell)."))
		} else {
			r.add(s.c.find(ruleInlineNetwork, "The awk program opens a network connection to another machine."))
		}
		r.mutates()
	}
}

var (
	reAwkInet  = lazyRegexp(`/inet[46]?/(?:tcp|udp)/`)
	reAwkPrint = lazyRegexp(`\bprintf?\b`)
)

// awkRedirects returns where the file of each print > file and print >>
// file starts: the first > outside strings and parentheses after a print
// or printf (print "{}" > f; print (a > b) compares).
func awkRedirects(code string) []int {
	var out []int
	for _, loc := range reAwkPrint.FindAllStringIndex(code, 32) {
		if inAwkString(code, loc[0]) {
			continue
		}
		depth := 0
	scan:
		for j := loc[1]; j < len(code); j++ {
			switch code[j] {
			case '"':
				j = skipAwkString(code, j)
			case '(':
				depth++
			case ')':
				if depth--; depth < 0 {
					break scan
				}
			case ';', '}', '\n', '|':
				if depth == 0 {
					break scan
				}
			case '>':
				if depth == 0 {
					if j+1 < len(code) && code[j+1] == '>' {
						j++
					}
					out = append(out, j+1)
					break scan
				}
			}
		}
	}
	return out
}

// awkRecord reports system($0)-like calls whose command is the input.
func awkRecord(code string, i int) bool {
	rest := strings.TrimLeft(code[i:], " \t")
	return strings.HasPrefix(rest, "$")
}

// awkPipe is one | or |& of an awk program.
type awkPipe struct {
	at        int // the |
	end       int // after | or |&
	getline   bool
	exprStart int // for "cmd" | getline: where the command's expression starts
}

// awkPipes finds the pipes of an awk program outside strings and regular
// expressions.
func awkPipes(code string) []awkPipe {
	var pipes []awkPipe
	prev := byte(0) // the last significant character
	for i := 0; i < len(code) && len(pipes) < 32; i++ {
		c := code[i]
		switch {
		case c == '"':
			i = skipAwkString(code, i)
			prev = '"'
			continue
		case c == '/' && awkRegexStart(prev):
			j := i + 1
			for j < len(code) && code[j] != '/' && code[j] != '\n' {
				if code[j] == '\\' {
					j++
				}
				j++
			}
			i = j
			prev = '/'
			continue
		case c == '|' && i+1 < len(code) && code[i+1] == '|':
			i++
			prev = '|'
			continue
		case c == '|':
			end := i + 1
			if end < len(code) && code[end] == '&' {
				end++
			}
			rest := strings.TrimLeft(code[end:], " \t")
			p := awkPipe{at: i, end: end}
			if strings.HasPrefix(rest, "getline") {
				p.getline = true
				p.exprStart = awkExprStart(code, i)
			}
			pipes = append(pipes, p)
			prev = '|'
			i = end - 1
			continue
		case c == '#':
			for i < len(code) && code[i] != '\n' {
				i++
			}
			prev = '\n'
			continue
		}
		if c != ' ' && c != '\t' {
			prev = c
		}
	}
	return pipes
}

func skipAwkString(code string, i int) int {
	for j := i + 1; j < len(code); j++ {
		if code[j] == '\\' {
			j++
			continue
		}
		if code[j] == '"' {
			return j
		}
	}
	return len(code)
}

// awkRegexStart reports whether a / after prev starts a regular expression.
func awkRegexStart(prev byte) bool {
	return prev == 0 || strings.IndexByte("(,{;!~&|\n}=", prev) >= 0
}

// awkExprStart walks back from a | to the start of the expression before
// it: the previous ;, {, } or newline, or an unmatched (.
func awkExprStart(code string, i int) int {
	depth := 0
	for j := i - 1; j >= 0; j-- {
		switch code[j] {
		case '"':
			k := j - 1
			for k >= 0 && !(code[k] == '"' && (k == 0 || code[k-1] != '\\')) {
				k--
			}
			if k < 0 {
				return 0
			}
			j = k
		case ')':
			depth++
		case '(':
			if depth == 0 {
				return j + 1
			}
			depth--
		case ';', '{', '}', '\n':
			if depth == 0 {
				return j + 1
			}
		}
	}
	return 0
}

// inAwkString reports whether i is inside a string literal.
func inAwkString(code string, i int) bool {
	in := false
	for j := 0; j < i && j < len(code); j++ {
		if code[j] == '\\' && in {
			j++
			continue
		}
		if code[j] == '"' {
			in = !in
		}
	}
	return in
}

// awkPrinted is what the print or printf statement before a pipe prints.
func awkPrinted(s *codeScan, p awkPipe) val {
	start := awkExprStart(s.code, p.at)
	stmt := strings.TrimSpace(s.code[start:p.at])
	for _, kw := range []string{"printf", "print"} {
		if rest, ok := strings.CutPrefix(stmt, kw); ok {
			rest = strings.TrimSpace(rest)
			if rest == "" {
				return unknownVal() // print alone prints the input record
			}
			if kw == "printf" {
				args := positional(s.e.sub(rest).argList(rest))
				if len(args) > 0 {
					return formatValue(args[0], args[1:])
				}
				return unknownVal()
			}
			return s.e.sub(rest).expr1()
		}
	}
	return unknownVal()
}

// canonicalLongs returns args with each abbreviated long option spec
// resolves written in full (--sou=x → --source=x, --ass x → --assign x);
// every other word as it was.
func canonicalLongs(spec *Spec, args []string, dyn []bool) []string {
	if spec == nil || !strings.Contains(strings.Join(args, " "), "--") {
		return args
	}
	av := parseArgv(spec, args, dyn)
	out := args
	for _, o := range av.Opts {
		if o.Unknown || o.Ambiguous || o.Arg < 0 || o.Arg >= len(args) || !strings.HasPrefix(o.Spelled, "--") || o.Spelled == o.Name {
			continue
		}
		if &out[0] == &args[0] {
			out = append([]string(nil), args...)
		}
		if o.HasValue && o.ValueArg < 0 {
			out[o.Arg] = o.Name + "=" + o.Value
		} else {
			out[o.Arg] = o.Name
		}
	}
	return out
}
