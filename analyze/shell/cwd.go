package shell

import "strings"

// The working directory: cd, pushd and popd move it for the rest of the
// command line, so that "cd .. && rm -rf build" is judged where build
// resolves. A subshell, a pipe element or a background job keeps its own
// (see walker.scoped); a cd to a place only known at run time makes later
// relative paths of unknown location, never the workspace.

// changeDir applies cd, pushd or popd to the walker's state.
func (w *walker) changeDir(c *Cmd) {
	st := w.state()
	var args []string
	var dyns []bool
	for i, a := range c.Args {
		if len(a) > 1 && a[0] == '-' && c.Name != "pushd" && c.Name != "popd" && a != "--" {
			continue // -L, -P, -e, -@
		}
		if a == "--" {
			args = append(args, c.Args[i+1:]...)
			dyns = append(dyns, c.Dynamic[i+1:]...)
			break
		}
		args = append(args, a)
		dyns = append(dyns, c.Dynamic[i])
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
		if st.oldDir == "" {
			w.moveTo(unknownDir)
			return
		}
		target = st.oldDir
	case dyns[0]:
		w.moveTo(unknownDir)
		return
	default:
		target = args[0]
	}
	if cdpath, ok := st.lookup("CDPATH"); ok && !cdpath.unset && !(len(cdpath.vals) == 1 && cdpath.vals[0] == "") {
		if !strings.HasPrefix(target, "/") && !strings.HasPrefix(target, "~") && !strings.HasPrefix(target, "$") && !strings.HasPrefix(target, ".") {
			// CDPATH may take the directory from elsewhere.
			w.moveTo(unknownDir)
			return
		}
	}
	abs, ok := st.env.resolve(target)
	if !ok || strings.HasPrefix(abs, unknownDir) {
		w.moveTo(unknownDir)
		return
	}
	w.moveTo(abs)
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
