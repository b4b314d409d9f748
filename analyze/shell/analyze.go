package shell

import (
	"path"
	"strings"
	"sync"

	"github.com/actionguard/actionguard/rule"
	"mvdan.cc/sh/v3/syntax"
)

// Analyze reports what the shell command src would do. It never panics and
// never runs anything; input it cannot parse is scanned word by word and
// flagged in Result.ParseError so that the caller can fall back to asking.
func Analyze(src string, opt Options) *Result {
	res, r := analyze(src, opt)
	r.release()
	return res
}

// analyze is Analyze, with the report (and the work it spent) for tests.
// The report comes from reportPool: a caller that is done with it
// releases it.
func analyze(src string, opt Options) (*Result, *report) {
	return analyzeIn(src, opt, reportPool.Get().(*report))
}

// analyzeIn is analyze with r, fresh or used, as its report.
func analyzeIn(src string, opt Options, r *report) (*Result, *report) {
	// The result, the room for its first commands, its first command
	// and its first finding, and the analysis they point to are made
	// together: one allocation.
	both := &struct {
		res     Result
		cmdBuf  [2]*Cmd
		cmd     Cmd
		finding [1]rule.Finding
		env     analysis
	}{env: analysisOf(opt)}
	res := &both.res
	env := &both.env
	max := opt.MaxDepth
	if max <= 0 {
		max = DefaultMaxDepth
	}
	r.start(res, both.cmdBuf[:0], env, max, opt.Wrappers)
	r.cmdRoom, r.findRoom = &both.cmd, both.finding[:0]
	r.flow.root = env
	if len(opt.Files) > 0 {
		r.flow.sessionFiles(opt.Files, env)
	}
	r.flow.read = opt.ReadFile
	r.flow.list = opt.ListDir
	r.incoming = opt.Incoming
	r.tracked = opt.Tracked
	r.unsetDefaults = opt.unsetDefaults
	if len(src) > MaxBytes {
		res.ParseError = "the command is too large to analyse (" + itoa(len(src)) + " bytes; the limit is " + itoa(MaxBytes) + ")"
		r.lexical(src, nil, 0)
		return res, r
	}
	r.analyzeScriptAs(dialectScript(src, opt.Dialect), nil, 0, "")
	if opt.Dialect == DialectPOSIX {
		rereadForeign(src, res, opt)
	}
	r.reportBudget()
	r.selfScan()
	r.selfShadow()
	r.selfServerScan(src)
	r.reportDisk()
	res.ReadOnly = !r.writes && len(res.Commands) > 0 && res.ParseError == ""
	if r.sawDefault && !opt.unsetDefaults {
		// ${x:-default} of a variable the command line does not set may
		// take x's value (any text) as well as the default: judged again
		// with x unknown, and the stricter judgement holds.
		opt.unsetDefaults = true
		alt := Analyze(src, opt)
		mergeFindings(res, alt)
	}
	return res, r
}

// mergeFindings adds alt's findings that res does not have (by rule and
// evidence) and that x's own value makes worth stopping: a protected
// place reached (the agents' settings, actionguard's files) or a target
// that is blocked (the root, the home directory). A name merely known only
// when it runs (rm -rf ${BUILD:-build}, ${c:-ls} -la) is judged by its
// default, as the command's author wrote it to run.
func mergeFindings(res, alt *Result) {
	addFindings(res, alt, func(f rule.Finding) bool {
		return strings.HasPrefix(f.Rule, "shell.self.") || f.Points > blockPoints
	})
}

// addFindings adds alt's findings that keep accepts and that res does not
// have (by rule and evidence); a command that adds one does not only read.
func addFindings(res, alt *Result, keep func(rule.Finding) bool) {
	n := len(res.Findings)
	for _, f := range alt.Findings {
		if !keep(f) {
			continue
		}
		dup := false
		for _, g := range res.Findings[:n] {
			if g.Rule == f.Rule && g.Evidence == f.Evidence {
				dup = true
				break
			}
		}
		if !dup {
			res.Findings = append(res.Findings, f)
		}
	}
	if len(res.Findings) > n {
		res.ReadOnly = false
	}
}

// blockPoints is the weight past which a finding blocks on its own.
const blockPoints = 100

func cleanDir(d string) string {
	if d == "" || !strings.HasPrefix(d, "/") {
		return ""
	}
	return path.Clean(d)
}

var parserPool = sync.Pool{New: func() any {
	return syntax.NewParser(syntax.Variant(syntax.LangBash), syntax.KeepComments(false))
}}

// analyzeScriptAs parses src and walks it. parent is the command whose
// argument src was (bash -c, eval, ssh…), nil at the top; the nested script
// runs as root when parent does.
func (r *report) analyzeScriptAs(src string, parent *Cmd, depth int, why string) {
	if depth > r.max {
		r.add(ruleNestingTooDeep.Find(firstLine(src), "", ""))
		return
	}
	if why != "" {
		r.trace(why + ": " + truncateText(oneLine(src), 120))
	}
	fl := r.fl()
	in := fl.scriptIn
	fl.scriptIn = stream{}
	// The nested script runs in the shell state of the command that runs
	// it (a copy), and eval or source leave their changes behind.
	prevState, prevEnv := fl.cur, r.env
	w := r.newWalker()
	*w = walker{r: r, depth: depth, src: src, parent: parent, sudo: parent != nil && parent.Sudo, downloaded: fl.downloaded}
	w.st = r.inheritState(parent)
	defer func() {
		if prevState != nil && leaksState(parent) && w.st != prevState {
			prevState.adopt(w.st)
		}
		fl.cur = prevState
		r.env = prevEnv
		if prevState != nil {
			r.env = prevState.env
		}
	}()
	if argv, dyn, proc, ok := plainCommand(src); ok && !w.st.hasAlias(argv[0]) {
		// A plain command (words of letters, digits and a few marks, no
		// quotes, expansions, operators or globs) means what it says: skip
		// the parser, which allocates more than the rest of the analysis.
		text := src
		if src[0] == ' ' || src[len(src)-1] == ' ' || strings.Contains(src, "  ") {
			text = strings.Join(argv, " ") // else src is its words joined by one space
		}
		out, _ := w.run(argv, dyn, proc, in, text, "", nil)
		if parent == nil && depth == 0 {
			r.printedSecret(out, text)
		} else {
			fl.keepNestedOut(out)
		}
		return
	}
	p := parserPool.Get().(*syntax.Parser)
	f, err := p.Parse(strings.NewReader(src), "")
	parserPool.Put(p)
	if err != nil {
		if fl.fragment {
			r.trace("not a whole script (" + err.Error() + "); scanning word by word")
		} else {
			if r.res.ParseError == "" {
				r.res.ParseError = err.Error()
			}
			r.trace("parse error: " + err.Error() + "; scanning word by word")
		}
		r.lexical(src, parent, depth)
		return
	}
	w.calledOwn.file = f
	w.called = &w.calledOwn
	traps := len(fl.traps)
	for _, s := range f.Stmts {
		out := w.stmt(s, in)
		if parent == nil && depth == 0 {
			// What the statement leaves on standard output, the agent reads.
			r.printedSecret(out, w.nodeText(s))
		} else {
			fl.keepNestedOut(out)
		}
	}
	w.runTraps(traps)
}

// plainWords splits src into words when it is a plain simple command: only
// letters, digits, spaces and the marks . _ / - = : , @ % +, not starting
// with an assignment or a reserved word. Anything else goes to the parser.
func plainWords(src string) ([]string, bool) {
	n, ok := plainCount(src)
	if !ok {
		return nil, false
	}
	return plainSplit(src, make([]string, 0, n))
}

// wordsRoom3 and wordsRoom6 hold a short command's words, their marks
// (dynamic or not) and their process substitutions, made together; two
// sizes, so that the shortest commands (most) do not zero room for six.
type wordsRoom3 struct {
	words [3]string
	dyn   [3]bool
	proc  [3]stream
}

type wordsRoom6 struct {
	words [6]string
	dyn   [6]bool
	proc  [6]stream
}

// roomForWords returns empty slices with room for n words, their marks
// and their process substitutions: one allocation for a short command,
// three for a longer one.
func roomForWords(n int) ([]string, []bool, []stream) {
	switch {
	case n <= 3:
		room := new(wordsRoom3)
		return room.words[:0:n], room.dyn[:0:n], room.proc[:0:n]
	case n <= 6:
		room := new(wordsRoom6)
		return room.words[:0:n], room.dyn[:0:n], room.proc[:0:n]
	}
	return make([]string, 0, n), make([]bool, 0, n), make([]stream, 0, n)
}

// plainCommand is plainWords with the words' marks and process
// substitutions (all empty) that running the command takes.
func plainCommand(src string) ([]string, []bool, []stream, bool) {
	n, ok := plainCount(src)
	if !ok {
		return nil, nil, nil, false
	}
	words, dyn, proc := roomForWords(n)
	words, ok = plainSplit(src, words)
	if !ok {
		return nil, nil, nil, false
	}
	return words, dyn[:len(words)], proc[:len(words)], true
}

// plainCount reports whether src is a plain simple command's text (see
// plainWords), and how many words it holds at most.
func plainCount(src string) (int, bool) {
	if len(src) == 0 || len(src) > 512 {
		return 0, false
	}
	n := 0
	for i := 0; i < len(src); i++ {
		c := src[i]
		switch {
		case c >= 'a' && c <= 'z', c >= 'A' && c <= 'Z', c >= '0' && c <= '9':
		case c == '.' || c == '_' || c == '/' || c == '-' || c == '=' || c == ':' || c == ',' || c == '@' || c == '%' || c == '+':
		case c == ' ':
			if i > 0 && src[i-1] != ' ' {
				n++
			}
		default:
			return 0, false
		}
	}
	return n + 1, true
}

// plainSplit appends src's words to words, and reports whether they are a
// plain simple command (see plainWords).
func plainSplit(src string, words []string) ([]string, bool) {
	for f := range strings.SplitSeq(src, " ") {
		if f != "" {
			words = append(words, f)
		}
	}
	if len(words) == 0 || strings.IndexByte(words[0], '=') >= 0 {
		return nil, false
	}
	switch words[0] {
	case "if", "then", "else", "elif", "fi", "for", "while", "until", "do", "done", "case", "esac", "function", "select", "time", "coproc", "in",
		"export", "declare", "local", "readonly", "typeset", "nameref", "let":
		return nil, false
	}
	return words, true
}

// stream describes what flows into or out of a command.
type stream struct {
	kind streamKind
	text string // the content when known (a literal, a decoded payload, a heredoc)
	what string // a short description: "the output of curl https://…"
	cred string // the credential it carries, if any
	// item is what one word read from the stream stands for (xargs,
	// parallel): "./\x00found/*.pyc" for the output of find . -name '*.pyc'.
	item string
	// file is the absolute path of the one local file whose bytes the
	// stream is, when they are not known (cat x.sh, < x.sh): a shell that
	// reads it may still judge the file through Options.ReadFile.
	file string
	// inserted is the text a filter's literal program put into an
	// otherwise unknown output (filter_insert.go).
	inserted string
	// written is the absolute path of the file the stream reads when
	// this line or the session wrote it with content only known when it
	// runs (python3 gen.py > q.sql; psql < q.sql).
	written string
}

type streamKind uint8

const (
	streamNone      streamKind = iota
	streamUnknown              // something, content unknown
	streamLiteral              // known text (echo, printf, heredoc, here-string)
	streamDecoded              // text decoded from base64, hex… (obfuscated)
	streamNetwork              // content fetched from the network
	streamSecret               // content of a credential file or the environment
	streamUndecoded            // an encoded payload that could not be decoded here
)

// walker walks one parsed script.
type walker struct {
	r      *report
	depth  int
	src    string
	parent *Cmd
	// st is the shell's state as the script runs: variables, functions,
	// aliases, positional parameters, the working directory.
	st   *shState
	sudo bool // the script runs as root (sudo bash -c …)
	// stdin is the standard input of the command being judged, for a
	// program that reads its program file from it (make -f /dev/stdin).
	stdin stream
	// downloaded are files a command of this command line fetched from the network.
	downloaded map[string]string
	// called are the functions this script calls by name (nil: none
	// known); calledOwn holds them for the walker that parsed the script.
	called    *calledSet
	calledOwn calledSet
	// cdGuarded is set while the cd on the left of && runs: what follows
	// only runs when it succeeded.
	cdGuarded bool
	// andLeft is set while the left side of && is itself an && or ||
	// list: if that list fails, the right side does not run.
	andLeft bool
	// substCred is the secret the last command substitution a word
	// expanded printed, for the assignment that stores it.
	substCred string
	// substNet describes the network data the last substitution a word
	// expanded printed (x=$(nc h p)), for the assignment that stores it.
	substNet string
	// pendingURL is the secret a URL among the arguments of the command
	// being run carries, handed from call to run.
	pendingURL urlSecret
	// procWriter is what the command whose words are being expanded
	// writes into a >(…) among them, when it is known (tee's input).
	procWriter stream
}

func (w *walker) stmts(list []*syntax.Stmt, in stream) stream {
	var out stream
	for _, s := range list {
		out = w.stmt(s, in)
	}
	return out
}

// stmt walks one statement with in as its standard input, and returns what
// it writes to standard output.
func (w *walker) stmt(s *syntax.Stmt, in stream) stream {
	if s == nil {
		return stream{}
	}
	if !w.r.fl().budget.stmt() {
		return stream{kind: streamUnknown}
	}
	w.activate()
	if s.Background {
		// cmd &: runs in a subshell of its own.
		var out stream
		w.scoped(func() { out = w.stmtBody(s, in) })
		return out
	}
	return w.stmtBody(s, in)
}

// stmtBody walks a statement in the walker's current state.
func (w *walker) stmtBody(s *syntax.Stmt, in stream) stream {
	startEnv := w.r.env // redirections are opened where the statement starts
	if in.kind == streamNone && w.st != nil && len(w.st.sockets) > 0 {
		if sock, ok := w.socketFd("0"); ok {
			in = socketStream(sock) // after exec 0<&5
		}
	}
	// Redirections first: here-documents and input files feed the command.
	var outFiles []redirTarget
	var outProcs []*syntax.ProcSubst
	for _, rd := range s.Redirs {
		switch rd.Op {
		case syntax.Hdoc, syntax.DashHdoc:
			if rd.Hdoc != nil {
				body, _ := w.wordString(rd.Hdoc, true)
				in = stream{kind: streamLiteral, text: body, what: "a here-document"}
				if net := w.netIn(rd.Hdoc); net != "" {
					in = netStream(net)
				}
			} else {
				in = stream{kind: streamLiteral, what: "an empty here-document"}
			}
		case syntax.WordHdoc:
			if rd.Word != nil {
				body, _ := w.wordString(rd.Word, true)
				in = stream{kind: streamLiteral, text: body, what: "a here-string"}
				if net := w.netIn(rd.Word); net != "" {
					in = netStream(net) // bash <<< "$line"
				}
			}
		case syntax.RdrIn, syntax.RdrInOut:
			if ps, ok := procSubstWord(rd.Word); ok && rd.Op == syntax.RdrIn {
				// < <(cmd): standard input is what cmd prints.
				in = w.substitution(ps.Stmts)
				if in.kind == streamNone {
					in = stream{kind: streamLiteral, what: "an empty process substitution"}
				}
				continue
			}
			if rd.Word != nil {
				if ps, ok := w.redirInput(rd.Word); ok && (rd.N == nil || rd.N.Value == "0") {
					in = ps
					continue
				}
				name, dyn := w.wordString(rd.Word, false)
				if isSocketDev(name) {
					// exec 5<>/dev/tcp/host/port: fd 5 is the connection.
					w.noteSocket(rd.N, name)
					if !loopbackDev(name) {
						w.r.add(ruleDevTCP.Find(oneLine(w.nodeText(s)), "Reads from a raw network connection to "+strings.TrimPrefix(strings.TrimPrefix(name, "/dev/tcp/"), "/dev/udp/")+".", name))
					}
					if rd.N == nil || rd.N.Value == "0" {
						in = socketStream(name)
					}
					continue
				}
				in = w.fileStream(name, dyn)
				w.r.selfInput(name, rd.Op == syntax.RdrInOut, w.nodeText(s))
			}
		case syntax.RdrOut, syntax.AppOut, syntax.RdrClob, syntax.AppClob, syntax.RdrAll, syntax.AppAll, syntax.RdrAllClob, syntax.AppAllClob:
			if ps, ok := outProcSubstWord(rd.Word); ok {
				// > >(cmd): cmd reads what the command prints, walked
				// once that is known.
				outProcs = append(outProcs, ps)
				continue
			}
			if rd.Word != nil {
				name, dyn := w.wordString(rd.Word, false)
				if isSocketDev(name) {
					w.noteSocket(rd.N, name)
				}
				outFiles = append(outFiles, redirTarget{name: name, dynamic: dyn, appendTo: rd.Op == syntax.AppOut || rd.Op == syntax.AppAll || rd.Op == syntax.AppClob || rd.Op == syntax.AppAllClob})
			}
		case syntax.DplOut, syntax.DplIn:
			if rd.Word != nil {
				name, _ := w.wordString(rd.Word, false)
				if sock, ok := w.socketFd(name); ok {
					// <&5, >&5, 0<&5: the connection an earlier exec opened.
					switch {
					case rd.Op == syntax.DplIn && (rd.N == nil || rd.N.Value == "0"):
						in = socketStream(sock)
						if bareExec(s) {
							w.noteFd("0", sock) // exec 0<&5: what follows reads the connection
						}
					case rd.Op == syntax.DplOut && (rd.N == nil || rd.N.Value == "1" || rd.N.Value == "2"):
						outFiles = append(outFiles, redirTarget{name: sock})
					default:
						w.noteSocket(rd.N, sock) // exec 6<&5: fd 6 is the connection too
					}
					continue
				}
				if isSocketDev(name) {
					outFiles = append(outFiles, redirTarget{name: name})
				}
			}
		}
	}
	var out stream
	bare := false
	switch c := s.Cmd.(type) {
	case nil:
		bare = true
	case *syntax.CallExpr:
		var cmd *Cmd
		out, cmd = w.call(c, in, s)
		if cmd == nil && len(c.Args) == 0 {
			bare = true
		} else if cmd != nil && (cmd.Name == ":" || cmd.Name == "true") && len(cmd.Args) == 0 {
			bare = true
		}
	case *syntax.BinaryCmd:
		switch c.Op {
		case syntax.Pipe, syntax.PipeAll:
			// Each side of a pipe runs in a subshell of its own.
			var mid stream
			w.scoped(func() { mid = w.stmt(c.X, in) })
			w.scoped(func() { out = w.stmt(c.Y, mid) })
		default:
			out = w.andOr(c, in)
		}
	case *syntax.Subshell:
		w.scoped(func() { out = w.stmts(c.Stmts, in) })
	case *syntax.Block:
		out = w.stmts(c.Stmts, in)
	case *syntax.IfClause:
		out = w.ifClause(c, in)
	case *syntax.WhileClause:
		before := w.state().clone()
		w.loopUnknowns(c)
		w.stmts(c.Cond, in)
		out = w.stmts(c.Do, in)
		body := w.state().clone()
		w.loopUnknowns(c)
		w.state().keepMaybe(before, body)
	case *syntax.ForClause:
		out = w.forClause(c, in)
	case *syntax.CaseClause:
		out = w.caseClause(c, in)
	case *syntax.FuncDecl:
		w.funcDecl(c)
	case *syntax.DeclClause:
		w.declClause(c)
	case *syntax.TimeClause:
		out = w.stmt(c.Stmt, in)
	case *syntax.CoprocClause:
		// The coprocess reads what later commands write to its file
		// descriptor (>&${COPROC[1]}): a shell there runs text only known
		// when it runs.
		cin := in
		if cin.kind == streamNone {
			cin = stream{kind: streamUnknown, what: "the output of the commands that write to the coprocess"}
		}
		w.scoped(func() { out = w.stmt(c.Stmt, cin) })
	case *syntax.TestClause:
		w.walkSubst(c)
	case *syntax.ArithmCmd:
		w.walkSubst(c)
	case *syntax.LetClause:
		w.walkSubst(c)
	}
	for _, ps := range outProcs {
		pin := out
		if pin.kind == streamNone {
			pin = stream{kind: streamUnknown, what: "the output of the command that writes into >(…)"}
		}
		w.substitutionIn(ps.Stmts, pin)
	}
	if len(outFiles) > 0 {
		w.r.env = startEnv
		for _, t := range outFiles {
			w.noteWrite(t, out)
			w.devNetSend(t, out, oneLine(w.nodeText(s))) // devnet_send.go
			w.selfSocketSend(t, out, oneLine(w.nodeText(s)))
			w.redirect(t, bare, s)
			if abs, ok := w.r.env.resolve(t.name); ok && !t.dynamic {
				w.hookWritten(abs, oneLine(w.nodeText(s)))
			}
			out = stream{}
		}
		w.activate()
	}
	return out
}

type redirTarget struct {
	name     string
	dynamic  bool
	appendTo bool
}

// walkSubst finds command substitutions inside arithmetic and test
// expressions: they run too.
func (w *walker) walkSubst(n syntax.Node) {
	if e, ok := n.(syntax.ArithmExpr); ok {
		w.arithNode(e) // arith_eval.go: values evaluated again
	}
	syntax.Walk(n, func(n syntax.Node) bool {
		switch x := n.(type) {
		case *syntax.ArithmExp, *syntax.ArithmCmd, *syntax.LetClause, *syntax.BinaryTest, *syntax.UnaryTest, *syntax.CStyleLoop:
			w.arithNode(x)
		case *syntax.BinaryArithm, *syntax.UnaryArithm:
			w.arithAssign(x.(syntax.ArithmExpr))
		case *syntax.CmdSubst:
			w.substitution(x.Stmts)
			return false
		case *syntax.ProcSubst:
			w.substitution(x.Stmts)
			return false
		}
		return true
	})
}

// fileStream is what reading the file name yields.
func (w *walker) fileStream(name string, dyn bool) stream {
	if procEnviron(name) {
		// /proc/$PPID/environ: some process's environment, its id known or not.
		return stream{kind: streamSecret, cred: "environment variables", what: name}
	}
	if dyn {
		return stream{kind: streamUnknown, what: "a file"}
	}
	if name == "/dev/null" {
		return stream{kind: streamLiteral, what: "/dev/null"}
	}
	cl := w.r.env.classify(name)
	if cl.Credential != "" {
		return stream{kind: streamSecret, cred: cl.Credential, what: name}
	}
	if src, ok := w.r.flow.downloaded[cl.Abs]; ok {
		return stream{kind: streamNetwork, what: "a file downloaded from " + src}
	}
	if fc, ok := w.r.flow.files[cl.Abs]; ok && fc.from == "" {
		// A file this command line (or the session) wrote; a file only on
		// disk is read when a shell runs it (stdinCode), not for every
		// reader.
		switch {
		case fc.partial:
		case fc.kind == streamLiteral || fc.kind == streamDecoded:
			return stream{kind: fc.kind, text: fc.text, what: name}
		case fc.kind == streamNetwork:
			return stream{kind: streamNetwork, what: fc.what}
		case fc.kind == streamSecret && !fc.disk:
			return stream{kind: streamSecret, cred: fc.cred, what: name}
		case fc.kind == streamUnknown:
			return stream{kind: streamUnknown, what: "the output of " + strings.TrimPrefix(fc.what, "the output of "), written: cl.Abs, inserted: fc.inserted}
		}
	}
	return stream{kind: streamUnknown, what: name, file: cl.Abs}
}

func (w *walker) funcDecl(f *syntax.FuncDecl) {
	if f.Name == nil {
		w.stmt(f.Body, stream{})
		return
	}
	if isForkBomb(f) {
		w.r.add(ruleForkBomb.Find(oneLine(w.nodeText(f)), "", ""))
		return
	}
	w.shadowFuncDecl(f) // self_shadow.go
	name := f.Name.Value
	w.state().setFunc(name, fnDef{decl: f, src: w.src})
	if w.called.has(name) {
		// Called by name in this script: the body is analysed there, with
		// the call's arguments.
		return
	}
	// Never called by name here (a trap, a call built at run time, or
	// none): analyse the body once with unknown arguments.
	w.callFunc(name, []fnDef{{decl: f, src: w.src}}, nil, nil, false, stream{})
}

// isForkBomb recognises a function that pipes itself into itself in the
// background, the shape of :(){ :|:& };:.
func isForkBomb(f *syntax.FuncDecl) bool {
	name := f.Name.Value
	selfCalls, background := 0, false
	syntax.Walk(f.Body, func(n syntax.Node) bool {
		switch x := n.(type) {
		case *syntax.Stmt:
			if x.Background {
				background = true
			}
		case *syntax.CallExpr:
			if len(x.Args) > 0 && x.Args[0].Lit() == name {
				selfCalls++
			}
		}
		return true
	})
	return selfCalls >= 2 || (selfCalls >= 1 && background)
}

func (w *walker) declClause(d *syntax.DeclClause) {
	w.declInteger(d) // arith_eval.go
	variant := d.Variant.Value
	array, nameref := false, variant == "nameref"
	for _, a := range d.Args {
		if a.Name == nil && a.Value != nil {
			if f := a.Value.Lit(); strings.HasPrefix(f, "-") {
				array = array || strings.ContainsAny(f, "aA")
				nameref = nameref || strings.IndexByte(f, 'n') >= 0
			}
		}
	}
	assoc := false
	exported := variant == "export"
	for _, a := range d.Args {
		if a.Name == nil && a.Value != nil {
			if f := a.Value.Lit(); strings.HasPrefix(f, "-") && strings.IndexByte(f, 'A') > 0 {
				assoc = true
			}
			if f := a.Value.Lit(); (variant == "declare" || variant == "typeset") && strings.HasPrefix(f, "-") && strings.IndexByte(f, 'x') > 0 {
				exported = true // declare -x
			}
		}
	}
	if nameref {
		// declare -n r=x: r stands for the variable x.
		for _, a := range d.Args {
			if a.Name == nil {
				continue
			}
			if variant == "local" || len(w.state().locals) > 0 {
				w.st.local(a.Name.Value)
			}
			target, dyn := "", true
			if a.Value != nil {
				target, dyn = w.wordString(a.Value, false)
			}
			if dyn || !isName(target) || target == a.Name.Value {
				w.state().setVar(a.Name.Value, shVar{vals: []string{"$" + a.Name.Value}, dyn: true})
				continue
			}
			w.state().setVar(a.Name.Value, shVar{ref: target})
		}
		return
	}
	if assoc {
		for _, a := range d.Args {
			if a.Name == nil || a.Naked && a.Name == nil {
				continue
			}
			if variant == "local" || len(w.state().locals) > 0 {
				w.st.local(a.Name.Value)
			}
			w.assignAssoc(a)
		}
		return
	}
	for _, a := range d.Args {
		if a.Name != nil && (variant == "local" || (variant == "declare" || variant == "typeset") && len(w.state().locals) > 0) {
			w.st.local(a.Name.Value)
		}
		if a.Naked && a.Name != nil && array {
			w.state().setVar(a.Name.Value, shVar{array: true})
			continue
		}
		if a.Naked {
			if a.Name != nil && exported {
				w.envExported(a.Name.Value, oneLine(w.nodeText(d))) // env_elsewhere.go
				w.gitEnvExported(a.Name.Value, oneLine(w.nodeText(d)))
			}
			continue
		}
		w.assign(a, exported)
		if exported && a.Name != nil {
			w.gitEnvExported(a.Name.Value, oneLine(w.nodeText(d)))
		}
	}
}

// assign records a variable's value (a scalar, an array, an element, an
// append), and notices assignments that switch off the shell history.
func (w *walker) assign(a *syntax.Assign, export bool) {
	if a.Name == nil {
		if a.Value != nil {
			w.wordString(a.Value, false)
		}
		return
	}
	st := w.state()
	name := st.refTarget(a.Name.Value)
	if old, ok := st.lookup(name); ok && old.assoc && (a.Index != nil || a.Array != nil) {
		w.assignAssoc(a)
		return
	}
	if a.Array != nil {
		var vals []string
		dyn := false
		for _, e := range a.Array.Elems {
			if e.Value == nil {
				continue
			}
			if e.Index != nil {
				w.walkSubst(e.Index)
			}
			fields, d, _ := w.wordFields(e.Value)
			dyn = dyn || d || e.Index != nil && !isLitIndex(e.Index)
			vals = append(vals, fields...)
		}
		if a.Append {
			if old, ok := st.lookup(name); ok && !old.unset {
				vals = append(append([]string(nil), old.vals...), vals...)
				dyn = dyn || old.dyn
			} else if !ok {
				dyn = true
			}
		}
		st.setVar(name, shVar{vals: vals, array: true, dyn: dyn})
		return
	}
	val, dyn := "", false
	w.substCred, w.substNet = "", ""
	if a.Value != nil {
		if startupVars[name] {
			w.startupVar(a)
		}
		val, dyn = w.wordString(a.Value, false)
		w.intAssign(a) // arith_eval.go: declare -i n; n=value
	}
	if net := w.substNet; (net != "" || w.r.fl().budget.netVars) && a.Index == nil {
		if net == "" {
			net = w.netIn(a.Value)
		}
		if net != "" {
			// x=$(nc h p), cmd="$line": the value comes from the network.
			defer st.markNet(name, net)
		}
	}
	cred := w.substCred
	if cred == "" && a.Value != nil && a.Index == nil {
		// k=${a[*]}, k="$t": the value of a variable that holds a secret.
		if v := w.secretVarIn(a.Value); v != "" && !strings.HasPrefix(v, secretVarPrefix) {
			cred = v
		}
	}
	if cred != "" && a.Index == nil && !a.Append {
		// t=$(gh auth token): $t is the token wherever it goes next.
		defer func() {
			if v, ok := st.lookup(name); ok {
				v.cred = cred
				st.setVar(name, v)
			}
		}()
	}
	if export && a.Index == nil && !a.Append && !hasCmdSubst(a.Value) {
		// Exported (export X=v, X=v cmd): the programs started from now
		// on read it. A plain X=v stays the shell's until exported.
		w.envAssign(name, val, oneLine(w.nodeText(a))) // env_elsewhere.go
	}
	switch name {
	case "HISTFILE", "HISTSIZE", "HISTFILESIZE", "SAVEHIST":
		if val == "/dev/null" || val == "0" || val == "" {
			w.r.add(ruleHistoryWipe.Find(oneLine(w.nodeText(a)), "Switches off the shell history, so that what runs next leaves no trace.", ""))
		}
	case "PATH":
		// A PATH that starts with a writable directory can hijack every later command.
		w.r.shadowPath(val) // self_shadow.go
		if strings.HasPrefix(val, "/tmp") || strings.HasPrefix(val, ".:") || strings.HasPrefix(val, ":") {
			w.r.add(rulePathHijack.Find(oneLine(w.nodeText(a)), "", ""))
		}
	case "LD_PRELOAD", "LD_LIBRARY_PATH", "DYLD_INSERT_LIBRARIES":
		if export || val != "" {
			w.r.add(rulePreload.Find(oneLine(w.nodeText(a)), "", ""))
		}
	}
	old, had := st.lookup(name)
	if a.Index != nil {
		w.walkSubst(a.Index)
		// a[i]=v: one element.
		i, ok := arithLit(a.Index)
		if ok && !had && i >= 0 && i <= 4096 {
			// a[i]=v on a new name makes an array; a[0] may be a
			// value from the environment until it is set.
			old, had = shVar{array: true, dyn: i > 0}, true
		}
		if !ok || i < 0 || i > 4096 || !had || old.dyn {
			st.setVar(name, shVar{vals: []string{"$" + name}, dyn: true, array: true})
			return
		}
		vals := append([]string(nil), old.vals...)
		for len(vals) <= i {
			vals = append(vals, "")
		}
		vals[i] = val
		st.setVar(name, shVar{vals: vals, array: true, dyn: dyn})
		return
	}
	if a.Append {
		switch {
		case had && old.unset:
		case had && len(old.vals) > 0:
			val = old.vals[0] + val
			dyn = dyn || old.dyn
		case !had:
			val, dyn = "$"+name+val, true
		}
		if had && old.array {
			vals := append([]string(nil), old.vals...)
			if len(vals) == 0 {
				vals = []string{val}
			} else {
				vals[0] = val
			}
			st.setVar(name, shVar{vals: vals, array: true, dyn: dyn})
			return
		}
	}
	if dyn && a.Value != nil && w.r.fl().budget.maybes {
		if m := w.maybeOfWord(a.Value); len(m) > 0 {
			// y=$x where x may hold known values: so may y.
			st.setUnknown(name, m)
			return
		}
	}
	st.setScalar(name, val, dyn)
}

func isLitIndex(e syntax.ArithmExpr) bool {
	_, ok := arithLit(e)
	return ok
}

// nodeText returns the source text of a node of this walker's script.
func (w *walker) nodeText(n syntax.Node) string {
	s, e := int(n.Pos().Offset()), int(n.End().Offset())
	if s < 0 || e > len(w.src) || s > e {
		return ""
	}
	return w.src[s:e]
}

// call walks a simple command.
func (w *walker) call(ce *syntax.CallExpr, in stream, s *syntax.Stmt) (stream, *Cmd) {
	if len(ce.Args) == 0 {
		for _, a := range ce.Assigns {
			w.assign(a, false)
		}
		return stream{}, nil
	}
	if out, c, ok := w.expandAlias(ce, in, s); ok {
		return out, c
	}
	// VAR=value cmd: the assignments only apply to the command, and its
	// arguments are expanded before they apply.
	type tempVar struct {
		name string
		old  shVar
		had  bool
	}
	var temps []tempVar
	var pending []*syntax.Assign
	for _, a := range ce.Assigns {
		if a.Value != nil {
			v, _ := w.wordString(a.Value, false)
			if a.Name != nil {
				switch a.Name.Value {
				case "HISTFILE":
					if v == "/dev/null" {
						w.r.add(ruleHistoryWipe.Find(oneLine(w.nodeText(ce)), "Runs a command with the shell history switched off.", ""))
					}
				case "LD_PRELOAD", "DYLD_INSERT_LIBRARIES":
					w.r.add(rulePreload.Find(oneLine(w.nodeText(ce)), "", ""))
				}
			}
		}
		if a.Name != nil {
			pending = append(pending, a)
		}
	}
	// Sized for a field per word (most words are one), grown for more.
	argv, dyn, proc := roomForWords(len(ce.Args)) // proc: process substitutions, by argument
	var secret string
	var us urlSecret
	// tee copies its standard input into each >(…) it names.
	prevWriter := w.procWriter
	w.procWriter = stream{}
	if progName(ce.Args[0].Lit()) == "tee" {
		w.procWriter = in
	}
	defer func() { w.procWriter = prevWriter }()
	for _, word := range ce.Args {
		start := len(argv)
		var d bool
		var st stream
		argv, d, st = w.appendWordFields(argv, word)
		fields := argv[start:]
		from := len(proc)
		for range fields {
			dyn = append(dyn, d)
			proc = append(proc, st)
			if st.kind == streamSecret {
				secret = st.cred
			}
		}
		if secret == "" {
			secret = w.secretVarIn(word)
		}
		if us.cred == "" && secret != "" {
			us = w.urlSecretIn(word, fields, st)
		}
		w.netFields(word, proc, from)
	}
	if len(argv) == 0 {
		// $empty VAR=x: the assignments stay.
		for _, a := range pending {
			w.assign(a, false)
		}
		return stream{}, nil
	}
	if len(pending) > 0 {
		st := w.state()
		for _, a := range pending {
			old, had := st.lookup(a.Name.Value)
			temps = append(temps, tempVar{a.Name.Value, old, had})
			w.assign(a, true)
		}
		defer func() {
			for i := len(temps) - 1; i >= 0; i-- {
				t := temps[i]
				if t.had {
					w.st.setVar(t.name, t.old)
				} else {
					w.st.own()
					delete(w.st.vars, t.name)
				}
			}
		}()
	}
	text := oneLine(w.nodeText(ce))
	if len(text) > 400 {
		text = truncateText(text, 400)
	}
	w.pendingURL = us
	out, c := w.run(argv, dyn, proc, in, text, secret, s)
	if w.r.fl().budget.maybes {
		w.maybeJudge(ce, argv, c)
	}
	return out, c
}

// run analyses one simple command given as words: it unwraps wrappers,
// records the command and calls the handlers for its program.
func (w *walker) run(argv []string, dyn []bool, proc []stream, in stream, text, secret string, s *syntax.Stmt) (stream, *Cmd) {
	// A secret that a script or command the command runs (bash -c, su -c,
	// ssh host cmd, eval, sudo) leaves on standard output, the command
	// leaves on its own: bash -c 'gh auth token' prints the token.
	fl := w.r.fl()
	outer := fl.nestedOut
	fl.nestedOut = stream{}
	nf := len(w.r.res.Findings)
	out, c := w.runCmd(argv, dyn, proc, in, text, secret, s)
	w.netCommandLine(c, argv, dyn, proc, text, nf) // net_cmdline.go
	if nested := fl.nestedOut; nested.kind == streamSecret && out.kind != streamSecret && c != nil {
		out = nested
	}
	fl.nestedOut = outer
	return out, c
}

// runCmd is run without the nested scripts' output.
func (w *walker) runCmd(argv []string, dyn []bool, proc []stream, in stream, text, secret string, s *syntax.Stmt) (stream, *Cmd) {
	us := w.pendingURL
	w.pendingURL = urlSecret{}
	prevEnv, prevState := w.r.env, w.r.fl().cur
	w.activate()
	defer func() { w.r.env, w.r.flow.cur = prevEnv, prevState }()
	if w.downloaded == nil {
		w.downloaded = w.r.flow.downloaded
	}
	w.scheduledWrapper(argv, dyn, text)
	if out, ok := w.commandV(argv, dyn); ok {
		return out, nil
	}
	c, inner := w.unwrap(argv, dyn, proc, in, text)
	if c == nil {
		return stream{}, nil
	}
	if inner {
		// The wrapper already analysed a nested script or command.
		w.sourcedWritten(c)
		return stream{kind: streamUnknown}, c
	}
	w.r.record(c)
	defer w.wrapperEnv(c.wrapEnv)() // self_wrapenv.go
	if c.cwdSet != "" {
		// env -C dir, sudo -D dir: the command, and any script or code it
		// runs, works in dir; the shell that started it stays where it is.
		defer w.workIn(c.env)()
	}
	if !dynamicName(c) && w.globProgram(c) {
		return stream{kind: streamUnknown}, c
	}
	if dynamicName(c) && c.nameNet != "" {
		// while read c; do $c; done <&5: each line read runs as a command.
		if !w.runsConnection(c, netStream(c.nameNet)) {
			w.r.add(c.find(ruleRemoteExec, "Runs as commands the lines of "+c.nameNet+" without showing them first."))
		}
	}
	if dynamicName(c) {
		w.r.add(c.find(ruleDynamicCommand, "Runs a command whose name is only known when it runs ("+truncateText(strings.TrimPrefix(c.Path, "\x00"), 60)+"), so what it does cannot be checked."))
		w.r.mutates()
		if !namedByBase(c) {
			return stream{kind: streamUnknown}, c
		}
	}
	if defs, ok := w.state().funcs[c.Name]; ok && c.Path == c.Name && argv[0] == c.Path && len(argv) == len(c.Args)+1 {
		// (command f, sudo f, env f run a program named f, not the function.)
		// Calling a function of this script: its body runs with the call's
		// arguments as $1, $2…
		return w.callFunc(c.Name, defs, c.Args, c.Dynamic, true, in), c
	}
	if out, ok := w.builtin(c, in); ok {
		return secretOutput(c, secret, out), c
	}
	if flowSecret(secret) {
		if secretCarriers[c.Name] && !toOwnService(c, secret) {
			w.r.add(c.find(ruleCredentialExfil, "Sends "+describeFlowSecret(secret)+" to another machine with "+c.Name+".", c.Name))
		}
	} else if secret != "" && (isNetworkSender(c) || secretCarriers[c.Name]) {
		w.r.add(c.find(ruleCredentialExfil, "Sends the content of your "+secret+" to another machine.", c.Name))
	}
	prevIn := w.stdin
	w.stdin = in
	defer func() { w.stdin = prevIn }()
	w.secretInURL(c, us)
	w.runsWritten(c, in)
	w.runsMakefile(c)
	w.launchedFiles(c) // launched.go
	fl := w.r.fl()
	serveInterpreter(c, w.r)
	out := w.dispatch(c, in, s)
	w.execOptions(c)
	w.terminalCommands(c)
	w.altJudge(c)
	if fl.downloaded == nil {
		fl.downloaded = w.downloaded // the first download of the command line
	}
	w.scheduled(c, in)
	w.notedWrites(c, in)
	w.plistEdited(c)    // launched.go
	w.archivedSecret(c) // after notedWrites, which forgets what zip's operands held
	w.hookWrites(c)
	return secretOutput(c, secret, w.readsWritten(c, out)), c
}

// dynamicName reports whether the program name is not a known literal.
func dynamicName(c *Cmd) bool {
	// A NUL marks a part only known at run time: "\x00found" (a path find
	// prints), "\x00unknown".
	return c.Path == "" || strings.ContainsAny(c.Path, "$`\x00")
}

// record adds c to the result's commands.
func (r *report) record(c *Cmd) {
	if len(r.res.Commands) >= 10000 {
		return
	}
	if r.res.Commands == nil {
		r.res.Commands = r.cmdBuf[:0] // most command lines run one or two
	}
	r.res.Commands = append(r.res.Commands, c)
	c.index = len(r.res.Commands)
	c.env = r.env
	c.Cwd = r.env.absDir()
	if c.cwdSet != "" {
		c.Cwd = c.cwdSet
		c.env = r.env.at(c.cwdSet)
		if c.cwdSet == unknownDir {
			c.Cwd = ""
		}
	}
}

// workIn makes env (an analysis at another directory) the walker's until the
// function it returns is called: a command, and any script or code it runs,
// works there while the shell that started it stays where it is.
func (w *walker) workIn(env *analysis) (restore func()) {
	saved := w.state()
	w.st = saved.clone()
	w.st.env, w.st.dirAlts = env, nil
	w.activate()
	return func() {
		w.st = saved
		w.activate()
	}
}

// substitution walks the statements of $(…) or <(…) and returns what they
// print. They run in a subshell: what they change does not last.
func (w *walker) substitution(stmts []*syntax.Stmt) stream {
	return w.substitutionIn(stmts, stream{})
}

// substitutionIn walks a substitution whose commands read in.
func (w *walker) substitutionIn(stmts []*syntax.Stmt, in stream) stream {
	if w.depth+1 > w.r.max {
		w.r.add(ruleNestingTooDeep.Find("$(…)", "", ""))
		return stream{kind: streamUnknown}
	}
	sub := &walker{r: w.r, depth: w.depth + 1, src: w.src, parent: w.parent, st: w.state().clone(), called: w.called, downloaded: w.downloaded, sudo: w.sudo}
	if len(stmts) == 1 && stmts[0].Cmd == nil && len(stmts[0].Redirs) == 1 && stmts[0].Redirs[0].Op == syntax.RdrIn && stmts[0].Redirs[0].N == nil {
		// $(< file) is bash's $(cat file): the file's content.
		rd := stmts[0].Redirs[0]
		cat := &syntax.Word{Parts: []syntax.WordPart{&syntax.Lit{ValuePos: rd.OpPos, ValueEnd: rd.OpPos, Value: "cat"}}}
		stmts = []*syntax.Stmt{{Position: stmts[0].Position, Cmd: &syntax.CallExpr{Args: []*syntax.Word{cat, rd.Word}}}}
	}
	out := sub.stmts(stmts, in)
	w.activate()
	return out
}

// outProcSubstWord returns the >(…) a word is made of alone.
func outProcSubstWord(w *syntax.Word) (*syntax.ProcSubst, bool) {
	if w == nil || len(w.Parts) != 1 {
		return nil, false
	}
	ps, ok := w.Parts[0].(*syntax.ProcSubst)
	return ps, ok && ps.Op == syntax.CmdOut
}

// procSubst walks a process substitution. What runs in >(…) reads what
// the command writes into it: tee's standard input for tee, the
// command's own output (not known here) for any other, so that
// tee >(sh) and cmd > >(bash) run that text as code.
func (w *walker) procSubst(p *syntax.ProcSubst) stream {
	if p.Op != syntax.CmdOut {
		return w.substitution(p.Stmts)
	}
	in := w.procWriter
	if in.kind == streamNone {
		in = stream{kind: streamUnknown, what: "the output of the command that writes into >(…)"}
	}
	return w.substitutionIn(p.Stmts, in)
}

func firstLine(s string) string {
	if i := strings.IndexByte(s, '\n'); i >= 0 {
		s = s[:i] + " …"
	}
	return truncateText(s, 200)
}

func oneLine(s string) string {
	if !strings.ContainsAny(s, "\n\r\t") {
		return s
	}
	return strings.Join(strings.Fields(s), " ")
}

func truncateText(s string, n int) string {
	if len(s) <= n {
		return s
	}
	cut := n
	for cut > 0 && (s[cut]&0xC0) == 0x80 {
		cut--
	}
	return s[:cut] + "…"
}

func itoa(n int) string {
	if n == 0 {
		return "0"
	}
	neg := n < 0
	if neg {
		n = -n
	}
	var b [24]byte
	i := len(b)
	for n > 0 {
		i--
		b[i] = byte('0' + n%10)
		n /= 10
	}
	if neg {
		i--
		b[i] = '-'
	}
	return string(b[i:])
}
