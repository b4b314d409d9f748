package shell

import (
	"strings"

	"mvdan.cc/sh/v3/syntax"
)

// flowState is what one analysis tracks across every script it walks: the
// files the command line writes or downloads (they outlive any subshell),
// the shell state of the walker running now (nested scripts start from a
// copy of it) and the budgets that bound function calls and aliases.
type flowState struct {
	root       *analysis // the analysis of Options: the workspace and the starting directory
	cur        *shState
	downloaded map[string]string
	// fetchedDirs are the directories a command of the line filled from
	// the network (git clone URL DIR, an archive fetched and unpacked), by
	// absolute path, with where from (runners_elsewhere.go).
	fetchedDirs map[string]string
	// files are files whose content the analysis knows, by absolute path:
	// written by this command line or earlier in the session.
	files map[string]fileContent
	// read reads a file from disk (Options.ReadFile); reads counts the
	// files asked for, unread those it could not read.
	read   func(abs string) ([]byte, error)
	reads  int
	unread map[string]bool
	// list names a directory's files (Options.ListDir); lists counts its
	// calls.
	list  func(dir string) ([]string, error)
	lists int
	// missing are the files the read said do not exist.
	missing map[string]bool
	// fnWalks counts function bodies walked; callDepth is the depth of
	// function calls being walked.
	fnWalks, callDepth int
	aliasWalks         int
	loopWalks          int
	// fragment is set while a partial script (an edit's new text) is
	// analysed: it may not parse, which is then no parse error.
	fragment bool
	// scriptIn is the standard input of the next nested script (sh -c
	// reads the pipe it is fed), taken by the script that starts.
	scriptIn stream
	// nestedOut is the secret a nested script or command (bash -c, su -c,
	// ssh host cmd, eval) left on its standard output, which is the
	// standard output of the command that ran it.
	nestedOut stream
	// budget is the work the analysis has left.
	budget budget
	// traps are the trap bodies set by the scripts being walked, run when
	// the script that set them ends.
	traps []pendingTrap
	// intVars are the variables declared integer (declare -i): a value
	// assigned to them is evaluated as arithmetic (arith_eval.go).
	intVars map[string]bool
	top     shState // the first state, the command line's own
	topUsed bool
	// indexEmptied: git rm -r --cached . ran and no git add . since, so a
	// commit now deletes every file from the branch.
	indexEmptied bool
	// credRepos are the clones of a credential directory made on the
	// line (git clone ~/.password-store /tmp/p), by absolute path.
	credRepos map[string]string
	// out is what the line prepared to leave the machine: archives of
	// the project, remotes pointed at an address, credentials staged.
	out *outFlow
}

// pendingTrap is a trap's code, judged when the script that set it ends.
type pendingTrap struct {
	src string
	cmd *Cmd
}

// runTraps judges the traps set since the script started (from, the
// length of the list then) in the state the script leaves.
func (w *walker) runTraps(from int) {
	fl := w.r.fl()
	if len(fl.traps) <= from {
		return
	}
	traps := append([]pendingTrap(nil), fl.traps[from:]...)
	fl.traps = fl.traps[:from]
	w.activate()
	for _, t := range traps {
		w.r.script(t.src, t.cmd, "trap runs")
		w.activate()
	}
}

// Bounds on the work data flow adds.
const (
	maxFuncWalks = 64  // function bodies walked in one analysis
	maxCallDepth = 6   // nested function calls followed
	maxAliasUses = 64  // alias expansions in one analysis
	maxLoopItems = 16  // items of a for loop walked one by one
	maxLoopWalks = 256 // loop bodies walked item by item in one analysis
	maxFileBytes = 256 << 10
)

// fl returns the report's flow state.
func (r *report) fl() *flowState {
	if r.flow.root == nil {
		r.flow.root = r.env
	}
	return &r.flow
}

// state returns the walker's shell state, inheriting it on first use.
func (w *walker) state() *shState {
	if w.st == nil {
		w.st = w.r.inheritState(w.parent)
	}
	return w.st
}

// activate makes the walker's state the one the report's path logic and
// nested scripts see.
func (w *walker) activate() {
	st := w.state()
	w.r.env = st.env
	w.r.fl().cur = st
}

// scoped runs fn on a copy of the walker's state: a subshell, a pipe
// element, a background job. Nothing fn changes lasts.
func (w *walker) scoped(fn func()) {
	saved := w.state()
	w.st = saved.clone()
	w.activate()
	fn()
	w.st = saved
	w.activate()
}

// inheritState is the state a nested script starts in: a copy of the state
// of the command that runs it when that runs on this machine, in this
// shell's environment; a fresh one (the starting directory, nothing set)
// for a remote shell (ssh) or when there is no enclosing state.
func (r *report) inheritState(parent *Cmd) *shState {
	fl := r.fl()
	if fl.cur != nil && inheritsState(parent) {
		st := fl.cur.clone()
		if args, dyn, ok := shellScriptArgs(parent); ok {
			// sh -c 'script' name arg…: name is $0, the arguments $1…
			st.zero, st.zeroDyn, st.zeroKnown = "", false, false
			if len(args) > 0 {
				st.zero, st.zeroDyn, st.zeroKnown = args[0], dyn[0], true
				args, dyn = args[1:], dyn[1:]
			}
			st.setPos(args, dyn)
		}
		return st
	}
	root := fl.root
	if root == nil {
		root = r.env
	}
	if !fl.topUsed {
		// The command line's own state lives in the report.
		fl.topUsed = true
		fl.top = shState{env: root, work: &fl.budget}
		return &fl.top
	}
	st := newState(root)
	st.work = &fl.budget
	return st
}

// inheritsState reports whether a script run by parent sees the shell
// state it was run from.
func inheritsState(parent *Cmd) bool {
	if parent == nil {
		return true
	}
	switch parent.Name {
	case "ssh", "mosh", "autossh", "sshpass", "docker", "podman", "nerdctl", "kubectl", "oc", "lxc", "incus", "vagrant", "gcloud", "az", "aws", "multipass", "fly", "flyctl", "heroku", "railway", "render", "psql", "mysql":
		return false
	}
	return true
}

// leaksState reports whether what a script run by parent changes lasts
// after it: eval and source run in the same shell.
func leaksState(parent *Cmd) bool {
	return parent != nil && (parent.Name == "eval" || parent.Name == "source" || parent.Name == ".")
}

// adopt takes over the state o a nested script (eval, source) left.
func (st *shState) adopt(o *shState) {
	locals := st.locals
	*st = *o
	st.locals = locals
	st.shared = true
	st.changed = true
	o.shared = true
}

// andOr walks X && Y and X || Y. Y runs after X succeeded (&&) or failed
// (||); what follows may run after either, so what the two leave
// differently becomes unknown. A cd that may have failed before || leaves
// the directory unknown to Y.
func (w *walker) andOr(c *syntax.BinaryCmd, in stream) stream {
	before := w.state().env
	beforeAlts := w.st.dirAlts
	// tail: this list is the left side of an enclosing &&, so if it fails
	// what follows there does not run (cd a && cd b && rm x).
	tail := w.andLeft
	w.andLeft = false
	guard := isCd(c.X) || c.Op == syntax.AndStmt && isCdChain(c.X)
	if guard {
		// cd x && …: the right side only runs if the cd succeeded; what
		// comes after the whole list may run where it started.
		w.cdGuarded = true
	}
	if _, nested := c.X.Cmd.(*syntax.BinaryCmd); nested && c.Op == syntax.AndStmt {
		w.andLeft = true
	}
	w.stmt(c.X, in)
	w.andLeft = false
	// The right side of a list that is itself the left of && : a cd there
	// that fails stops the enclosing list too.
	w.cdGuarded = tail && c.Op == syntax.AndStmt && isCd(c.Y)
	afterX := w.state()
	w.st = afterX.clone()
	if c.Op == syntax.OrStmt && w.st.env.dir != before.dir {
		w.st.env = w.st.env.at(unknownDir)
	}
	out := w.stmt(c.Y, in)
	w.cdGuarded = false
	afterY := w.st
	if c.Op == syntax.AndStmt {
		// The chain goes on from Y (a && b && c), but what only Y set may
		// not have happened; the directory is taken as changed, like a
		// cd followed by ";".
		dir := afterY.env
		if afterY.changed {
			afterY.merge(afterX)
		}
		afterY.env = dir
		w.st = afterY
	} else {
		w.st = afterX
		if afterY.changed {
			afterX.merge(afterY)
		}
	}
	if guard && c.Op == syntax.AndStmt && !tail && !w.st.errexit && w.st.env.dir != before.dir {
		alts := append([]string(nil), w.st.dirAlts...)
		alts = append(alts, before.dir)
		w.setAlts(append(alts, beforeAlts...))
	}
	if guard && c.Op == syntax.OrStmt && isExit(c.Y) {
		// cd x || exit: what follows runs in x.
		w.st.env = afterX.env
		w.setAlts(beforeAlts)
	}
	w.activate()
	return out
}

// ifClause walks every branch from the state before it; afterwards what
// the branches leave differently is unknown.
func (w *walker) ifClause(ic *syntax.IfClause, in stream) stream {
	w.stmts(ic.Cond, in)
	base := w.state()
	w.st = base.clone()
	w.activate()
	out := w.stmts(ic.Then, in)
	thenSt := w.st
	w.st = base.clone()
	w.activate()
	if e := ic.Else; e != nil {
		if len(e.Cond) > 0 {
			w.ifClause(e, in)
		} else {
			w.stmts(e.Then, in)
		}
	}
	elseSt := w.st
	if thenSt.changed || elseSt.changed {
		thenSt.merge(elseSt)
	}
	w.st = thenSt
	w.activate()
	return out
}

func (w *walker) caseClause(c *syntax.CaseClause, in stream) stream {
	w.wordString(c.Word, false)
	base := w.state()
	var ends []*shState
	var out stream
	for _, it := range c.Items {
		w.st = base.clone()
		w.activate()
		out = w.stmts(it.Stmts, in)
		ends = append(ends, w.st)
	}
	w.st = base
	if len(ends) > 0 {
		base.merge(ends...)
	}
	w.activate()
	return out
}

// forClause walks the body once per item (a bounded number), the loop
// variable taking each; an unknown list walks it once with the variable
// unknown.
func (w *walker) forClause(c *syntax.ForClause, in stream) stream {
	var out stream
	wi, ok := c.Loop.(*syntax.WordIter)
	if !ok || wi.Name == nil {
		w.loopUnknowns(c)
		if ok {
			for _, word := range wi.Items {
				w.wordFields(word)
			}
		} else {
			w.walkSubst(c.Loop)
		}
		out = w.stmts(c.Do, in)
		w.loopUnknowns(c)
		return out
	}
	var items []string
	var dyns []bool
	net := ""
	for _, word := range wi.Items {
		fields, d, s := w.wordFields(word)
		for _, f := range fields {
			items = append(items, f)
			dyns = append(dyns, d)
		}
		if s.kind == streamNetwork {
			net = s.what // for c in $(nc h p): each item comes from the network
		} else if n := w.netIn(word); n != "" {
			net = n
		}
	}
	if !wi.InPos.IsValid() && len(wi.Items) == 0 {
		// for x; do …: the positional parameters.
		st := w.state()
		if st.posKnown {
			items, dyns = st.pos, st.posDyn
		} else {
			items, dyns = []string{"$@"}, []bool{true}
		}
	}
	name := wi.Name.Value
	if len(items) == 0 {
		return out
	}
	rest := len(items) > maxLoopItems
	if rest {
		items, dyns = items[:maxLoopItems], dyns[:maxLoopItems]
	}
	fl := w.r.fl()
	if fl.loopWalks+len(items) > maxLoopWalks {
		// Loops inside loops: past the budget, one pass with the variable
		// unknown stands for them all.
		items, dyns, rest = nil, nil, true
	}
	fl.loopWalks += len(items) + 1
	for i, it := range items {
		w.state().setScalar(name, it, i < len(dyns) && dyns[i])
		if net != "" {
			w.state().markNet(name, net)
		}
		out = w.stmts(c.Do, in)
	}
	if rest {
		w.loopUnknowns(c)
		w.state().setScalar(name, "$"+name, true)
		if net != "" {
			w.state().markNet(name, net)
		}
		out = w.stmts(c.Do, in)
	}
	return out
}

// loopUnknowns marks what a loop body changes (variables it assigns, the
// directory it moves to, the positional parameters) as unknown: the body
// runs any number of times, so each pass may see what an earlier one left.
func (w *walker) loopUnknowns(loop syntax.Node) {
	st := w.state()
	var temps map[*syntax.Assign]bool // VAR=x cmd: only for that command
	syntax.Walk(loop, func(n syntax.Node) bool {
		switch x := n.(type) {
		case *syntax.Assign:
			if x.Name != nil && !temps[x] {
				st.setVar(x.Name.Value, shVar{vals: []string{"$" + x.Name.Value}, dyn: true})
			}
		case *syntax.CallExpr:
			if len(x.Args) == 0 {
				return true
			}
			for _, a := range x.Assigns {
				if temps == nil {
					temps = map[*syntax.Assign]bool{}
				}
				temps[a] = true
			}
			switch x.Args[0].Lit() {
			case "cd", "pushd", "popd":
				st.env = st.env.at(unknownDir)
				st.changed = true
			case "set", "shift":
				st.posKnown, st.pos, st.posDyn = false, nil, nil
				st.changed = true
			case "read", "mapfile", "readarray", "printf", "unset":
				for _, a := range x.Args[1:] {
					if l := a.Lit(); isName(l) {
						st.setVar(l, shVar{vals: []string{"$" + l}, dyn: true})
					}
				}
			}
		case *syntax.CmdSubst, *syntax.ProcSubst, *syntax.Subshell:
			return false
		}
		return true
	})
	w.activate()
}

// isName reports whether s is a valid shell variable name.
func isName(s string) bool {
	if s == "" {
		return false
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		if !(c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || i > 0 && c >= '0' && c <= '9') {
			return false
		}
	}
	return true
}

// calledSet is the functions a script calls by name, read from its
// syntax tree the first time a function declaration asks: most command
// lines declare none, and the walk over the tree would be wasted.
type calledSet struct {
	file  *syntax.File
	names map[string]int
	read  bool
}

// has reports whether the script calls name as a command word.
func (s *calledSet) has(name string) bool {
	if s == nil || s.file == nil {
		return false
	}
	if !s.read {
		s.names, s.read = calledFunctions(s.file), true
	}
	_, ok := s.names[name]
	return ok
}

// calledFunctions maps the names used as a command word in the script to
// the offset of their last use. A function called this way is analysed at
// its calls rather than where it is declared.
func calledFunctions(f *syntax.File) map[string]int {
	var m map[string]int
	syntax.Walk(f, func(n syntax.Node) bool {
		if ce, ok := n.(*syntax.CallExpr); ok && len(ce.Args) > 0 {
			if name := ce.Args[0].Lit(); name != "" {
				if m == nil {
					m = map[string]int{}
				}
				m[name] = int(ce.Pos().Offset())
			}
		}
		return true
	})
	return m
}

// callFunc walks the body of a function the script calls, with args as
// its positional parameters (unknown when known is false). Local variables
// come back when it returns.
func (w *walker) callFunc(name string, defs []fnDef, args []string, dyn []bool, known bool, in stream) stream {
	fl := w.r.fl()
	if fl.callDepth >= maxCallDepth || fl.fnWalks >= maxFuncWalks {
		w.r.add(ruleNestingTooDeep.Find(name, "Calls the function "+name+" through more layers (or more times) than can be followed, so what it does cannot be checked.", ""))
		w.r.mutates()
		return stream{kind: streamUnknown}
	}
	st := w.state()
	savedPos, savedDyn, savedKnown := st.pos, st.posDyn, st.posKnown
	if known {
		st.setPos(args, dyn)
	} else {
		st.posKnown, st.pos, st.posDyn = false, nil, nil
	}
	st.locals = append(st.locals, map[string]*shVar{})
	fl.callDepth++
	var out stream
	for _, d := range defs {
		fl.fnWalks++
		fw := &walker{r: w.r, depth: w.depth, src: d.src, parent: w.parent, st: st, sudo: w.sudo, downloaded: w.downloaded, called: w.called}
		if d.src != w.src {
			fw.called = nil
		}
		out = fw.stmt(d.decl.Body, in)
		st = fw.st
	}
	fl.callDepth--
	w.st = st
	var frame map[string]*shVar
	if n := len(st.locals); n > 0 {
		frame = st.locals[n-1]
		st.locals = st.locals[:n-1]
	}
	for k, v := range frame {
		if v != nil {
			st.setVar(k, *v)
		} else {
			st.own()
			delete(st.vars, k)
		}
	}
	st.pos, st.posDyn, st.posKnown = savedPos, savedDyn, savedKnown
	w.activate()
	return out
}

// hasAlias reports whether name is an alias defined earlier.
func (st *shState) hasAlias(name string) bool {
	_, ok := st.aliases[name]
	return ok
}

// expandAlias expands an alias used as the command word: its text takes
// the place of the word and the command is read again. Bash only expands
// aliases in scripts with expand_aliases set, and not on the line that
// defines them; a defined alias is taken as used all the same.
func (w *walker) expandAlias(ce *syntax.CallExpr, in stream, s *syntax.Stmt) (stream, *Cmd, bool) {
	st := w.state()
	if len(st.aliases) == 0 || len(ce.Args) == 0 || len(ce.Args[0].Parts) != 1 {
		return stream{}, nil, false
	}
	lit, ok := ce.Args[0].Parts[0].(*syntax.Lit)
	if !ok {
		return stream{}, nil, false
	}
	val, ok := st.aliases[lit.Value]
	if !ok {
		return stream{}, nil, false
	}
	fl := w.r.fl()
	if fl.aliasWalks >= maxAliasUses {
		w.r.add(ruleNestingTooDeep.Find(lit.Value, "Uses aliases more times than can be followed, so what runs cannot be checked.", ""))
		return stream{}, nil, true
	}
	fl.aliasWalks++
	if strings.HasPrefix(val, "\x00") {
		val = "$ALIAS" // an alias whose text is only known at run time
	}
	start, end := int(ce.Pos().Offset()), int(ce.End().Offset())
	argStart, argEnd := int(ce.Args[0].Pos().Offset()), int(ce.Args[0].End().Offset())
	if start < 0 || end > len(w.src) || argStart < start || argEnd > end {
		return stream{}, nil, false
	}
	text := w.src[start:argStart] + val + w.src[argEnd:end]
	p := parserPool.Get().(*syntax.Parser)
	f, err := p.Parse(strings.NewReader(text), "")
	parserPool.Put(p)
	w.r.trace("alias " + lit.Value + " → " + truncateText(oneLine(text), 120))
	if err != nil {
		w.r.lexical(text, w.parent, w.depth)
		return stream{kind: streamUnknown}, nil, true
	}
	// The alias is not expanded again inside its own text (alias ls='ls -F').
	inner := st.clone()
	inner.own()
	delete(inner.aliases, lit.Value)
	aw := &walker{r: w.r, depth: w.depth, src: text, parent: w.parent, st: inner, sudo: w.sudo, downloaded: w.downloaded}
	aw.calledOwn.file = f
	aw.called = &aw.calledOwn
	var out stream
	for _, stmt := range f.Stmts {
		out = aw.stmt(stmt, in)
	}
	// What the alias's commands changed lasts, except its own removal.
	if aw.st.changed {
		if _, had := aw.st.aliases[lit.Value]; !had {
			aw.st.setAlias(lit.Value, val)
		}
		aw.st.locals = st.locals
		w.st = aw.st
	}
	w.activate()
	var last *Cmd
	if n := len(w.r.res.Commands); n > 0 {
		last = w.r.res.Commands[n-1]
	}
	return out, last, true
}

// shellScriptArgs returns the words after a shell's -c script: $0, then
// what it receives as $1… (sh -c 'rm -rf "$1"' _ dir); ok is false for
// other commands.
func shellScriptArgs(c *Cmd) ([]string, []bool, bool) {
	if c == nil || !shells[c.Name] {
		return nil, nil, false
	}
	hasC := false
	for i := 0; i < len(c.Args); i++ {
		a := c.Args[i]
		switch {
		case a == "-o" || a == "+o" || a == "-O" || a == "+O" || a == "--rcfile" || a == "--init-file":
			i++
		case a == "--":
			return nil, nil, false
		case len(a) > 1 && (a[0] == '-' || a[0] == '+'):
			if a[0] == '-' && a[1] != '-' && strings.IndexByte(a[1:], 'c') >= 0 {
				hasC = true
			}
		case hasC:
			// a is the script; then $0, then $1…
			return c.Args[i+1:], dynamicOf(c)[i+1:], true
		default:
			return nil, nil, false
		}
	}
	return nil, nil, false
}

// keepNestedOut keeps the first secret a nested script's statement
// leaves on standard output, for the command that ran the script.
func (fl *flowState) keepNestedOut(out stream) {
	if out.kind == streamSecret && fl.nestedOut.kind != streamSecret {
		fl.nestedOut = out
	}
}
