package shell

import (
	"strings"

	"mvdan.cc/sh/v3/syntax"
)

// The working directory: cd, pushd and popd move it for the rest of the
// command line, so that "cd .. && rm -rf build" is judged where build
// resolves. A subshell, a pipe element or a background job keeps its own
// (see walker.scoped); a cd to a place only known at run time makes later
// relative paths of unknown location, never the workspace.

// changeDir applies cd, pushd or popd to the walker's state.
func (w *walker) changeDir(c *Cmd) {
	st := w.state()
	dy := dynamicOf(c)
	var args []string
	var dyns []bool
	for i, a := range c.Args {
		if len(a) > 1 && a[0] == '-' && c.Name != "pushd" && c.Name != "popd" && a != "--" {
			continue // -L, -P, -e, -@
		}
		if a == "--" {
			args = append(args, c.Args[i+1:]...)
			dyns = append(dyns, dy[i+1:]...)
			break
		}
		args = append(args, a)
		dyns = append(dyns, dy[i])
	}
	cur := st.env.dir
	if cur == "" {
		cur = st.env.cwd
	}
	switch c.Name {
	case "popd":
		if len(args) > 0 || len(st.dirStack) == 0 {
			if len(args) > 0 {
				w.moveTo(unknownDir)
			}
			return // popd with an empty stack fails and stays
		}
		top := st.dirStack[len(st.dirStack)-1]
		st.own()
		st.dirStack = st.dirStack[:len(st.dirStack)-1]
		w.moveTo(top)
		return
	case "pushd":
		if len(args) == 0 {
			if len(st.dirStack) == 0 {
				return
			}
			top := st.dirStack[len(st.dirStack)-1]
			st.own()
			st.dirStack[len(st.dirStack)-1] = dirOrUnknown(cur)
			w.moveTo(top)
			return
		}
		if strings.HasPrefix(args[0], "+") || strings.HasPrefix(args[0], "-") && args[0] != "-" {
			w.moveTo(unknownDir) // rotating the stack
			return
		}
		st.own()
		st.dirStack = append(st.dirStack, dirOrUnknown(cur))
	}
	target := ""
	switch {
	case len(args) == 0:
		target = "~"
	case args[0] == "-":
		old, ok := cdOldDir(c, st) // launder.go
		if !ok {
			w.moveTo(unknownDir)
			return
		}
		target = old
	case dyns[0]:
		w.moveTo(unknownDir)
		return
	default:
		target = args[0]
	}
	var alts []string
	if dirs, ok := cdpathDirs(c, st, target); ok {
		// CDPATH may take the directory from elsewhere: the first of its
		// directories that holds target, else target here. Each is where
		// the next commands may run.
		if len(dirs) == 0 {
			w.moveTo(unknownDir)
			return
		}
		target = dirs[0]
		for _, d := range dirs[1:] {
			if a, ok := st.env.resolve(d); ok {
				alts = append(alts, a)
			}
		}
	}
	abs, ok := st.env.resolve(target)
	if !ok || strings.HasPrefix(abs, unknownDir) {
		abs = unknownDir
	}
	// The directories it may also be in move along, and if this cd fails
	// the next commands run where it started.
	if !w.cdGuarded && !st.errexit && (c.Name == "cd" || c.Name == "pushd") {
		alts = append(alts, st.env.dir)
	}
	for _, a := range st.dirAlts {
		if a == unknownDir || strings.HasPrefix(target, "/") || strings.HasPrefix(target, "~") {
			continue
		}
		if moved, ok := st.env.at(a).resolve(target); ok {
			alts = append(alts, moved)
		}
	}
	w.moveTo(abs)
	w.setAlts(alts)
}

// setAlts records the other directories commands may run in (bounded;
// the directory in effect and unknown ones left out).
func (w *walker) setAlts(alts []string) {
	st := w.state()
	var out []string
	for _, a := range alts {
		if a == unknownDir || a == st.env.dir || st.env.dir == "" && a == st.env.cwd || a == "" && st.env.dir == st.env.cwd || len(out) >= 4 {
			continue
		}
		dup := false
		for _, o := range out {
			dup = dup || o == a
		}
		if !dup {
			out = append(out, a)
		}
	}
	st.dirAlts = out
	st.changed = true
}

// isCd reports whether s is a cd (or pushd) command, possibly behind
// builtin or command.
func isCd(s *syntax.Stmt) bool {
	ce, ok := s.Cmd.(*syntax.CallExpr)
	if !ok || len(ce.Args) == 0 {
		return false
	}
	name := ce.Args[0].Lit()
	if (name == "builtin" || name == "command") && len(ce.Args) > 1 {
		name = ce.Args[1].Lit()
	}
	return name == "cd" || name == "pushd"
}

// isCdChain reports whether s is an && list with a cd (or pushd, popd) in
// it: cd / && cd - , pushd ~ && popd.
func isCdChain(s *syntax.Stmt) bool {
	b, ok := s.Cmd.(*syntax.BinaryCmd)
	if !ok || b.Op != syntax.AndStmt {
		return false
	}
	return isCd(b.X) || isCd(b.Y) || isPopd(b.Y) || isCdChain(b.X)
}

func isPopd(s *syntax.Stmt) bool {
	ce, ok := s.Cmd.(*syntax.CallExpr)
	return ok && len(ce.Args) > 0 && ce.Args[0].Lit() == "popd"
}

// isExit reports whether s ends the script (exit, return).
func isExit(s *syntax.Stmt) bool {
	switch x := s.Cmd.(type) {
	case *syntax.CallExpr:
		if len(x.Args) > 0 {
			n := x.Args[0].Lit()
			return n == "exit" || n == "return"
		}
	case *syntax.Block:
		if len(x.Stmts) > 0 {
			return isExit(x.Stmts[len(x.Stmts)-1])
		}
	}
	return false
}

// altJudge judges c again in each directory it may also run in (see
// shState.dirAlts): the handlers that judge paths report what the command
// does there.
func (w *walker) altJudge(c *Cmd) {
	st := w.state()
	if len(st.dirAlts) == 0 {
		return
	}
	hs := handlers()[c.Name]
	if len(hs) == 0 {
		return
	}
	for _, a := range st.dirAlts {
		alt := *c
		alt.env = c.env.at(a)
		alt.Cwd = alt.env.absDir()
		for _, h := range hs {
			h(&alt, w.r)
		}
	}
}

func dirOrUnknown(d string) string {
	if d == "" {
		return unknownDir
	}
	return d
}

// moveTo makes dir the working directory (see analysis.dir), remembering
// the one left as $OLDPWD.
func (w *walker) moveTo(dir string) {
	st := w.state()
	st.oldDir = st.env.absDir()
	st.env = st.env.at(dir)
	st.changed = true
	w.activate()
}

// cdpathDirs lists where cd target may go when CDPATH is set (assigned
// for this cd, exported or set earlier in the line): each of its
// directories joined with target, then target itself. ok is false when
// CDPATH plays no part (unset or empty, or a target that starts with /,
// ., ~ or an expansion); dirs is empty when CDPATH is only known when
// the command runs.
func cdpathDirs(c *Cmd, st *shState, target string) (dirs []string, ok bool) {
	if target == "" || strings.HasPrefix(target, "/") || strings.HasPrefix(target, "~") || strings.HasPrefix(target, "$") || strings.HasPrefix(target, ".") {
		return nil, false
	}
	val, dyn := "", false
	if ev, set := commandEnv(c)["CDPATH"]; set {
		val, dyn = ev.value, ev.dynamic
	} else if v, set := st.lookup("CDPATH"); set && !v.unset {
		val, dyn = strings.Join(v.vals, " "), v.dyn
	}
	if dyn {
		return nil, true
	}
	if val == "" {
		return nil, false
	}
	seen := map[string]bool{}
	for _, e := range append(strings.Split(val, ":"), "") {
		d := target
		if e != "" {
			d = strings.TrimSuffix(e, "/") + "/" + target
		}
		if !seen[d] && len(dirs) < 8 {
			seen[d] = true
			dirs = append(dirs, d)
		}
	}
	return dirs, true
}
