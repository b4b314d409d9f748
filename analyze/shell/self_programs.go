package shell

import (
	"path"
	"strings"
)

// The programs the agents' hooks run. An agent that finds its hook
// failing (the program gone, not executable, a directory it cannot
// enter) may take the failure for no objection and run the call, so the
// program is the guard: deleting it (rm, go clean -i, a package manager's
// uninstall), moving it away, writing over it (cp /bin/true …, go install
// of another program under its name, truncate) or changing its mode is
// blocked, and so are deleting, moving and hiding a directory that holds
// it (rm -rf ~/go/bin, mv ~/.local/bin …, chmod 000 ~/go/bin). Running
// and reading it stay allowed. Its path is known by name
// (actionguard, actionguard-hook, actionguard-mcp, see isSelfProgram) and,
// through Options.HookPrograms, from what the hook itself runs as and
// what the agents' settings name (an installation under another name).

// hookPrograms asks Options.HookPrograms once for each kind of list.
type hookPrograms struct {
	list              func(outside bool) []string
	inside, all       [][]string // each program's selfParts
	askedIn, askedAll bool
}

// newHookPrograms is nil when no list is given.
func newHookPrograms(list func(bool) []string) *hookPrograms {
	if list == nil {
		return nil
	}
	return &hookPrograms{list: list}
}

// get returns the programs' components; outside asks for the full list.
func (h *hookPrograms) get(outside bool) [][]string {
	split := func(ps []string) [][]string {
		out := make([][]string, 0, len(ps))
		for _, p := range ps {
			if parts := selfParts(strings.ReplaceAll(p, `\`, "/")); len(parts) > 0 {
				out = append(out, parts)
			}
		}
		return out
	}
	if outside {
		if !h.askedAll {
			h.askedAll, h.all = true, split(h.list(true))
		}
		return h.all
	}
	if !h.askedIn {
		h.askedIn, h.inside = true, split(h.list(false))
	}
	return h.inside
}

// programReach says whether a change of the path p (a glob matching as
// the shell would) reaches a program the hooks run: names it, or, with
// holder, is a directory that holds it (below the home directory when the
// program is there: the home directory itself is judged on its own).
func (e *analysis) programReach(p string, holder bool) controlPart {
	if e.programs == nil || p == "" || len(p) > 4096 || strings.Contains(p, "\x00") {
		return controlPart{}
	}
	abs, ok := e.resolve(p)
	if !ok || !strings.HasPrefix(abs, "/") {
		return controlPart{}
	}
	parts := selfParts(abs)
	if len(parts) == 0 {
		return controlPart{}
	}
	home := e.homeParts()
	for _, prog := range e.programs.get(!e.inWorkspace(abs)) {
		switch {
		case len(parts) == len(prog) && selfPrefix(parts, prog):
			return controlPart{what: "the program the agent's hooks run (" + "/" + strings.Join(prog, "/") + ")"}
		case holder && len(parts) < len(prog) && selfPrefix(parts, prog[:len(parts)]) && !homeOrAbove(parts, home):
			return controlPart{what: "a directory that holds the program the agent's hooks run (" + "/" + strings.Join(prog, "/") + ")"}
		}
	}
	return controlPart{}
}

// homeOrAbove reports the components of the home directory or of a
// directory above it.
func homeOrAbove(parts, home []string) bool {
	return len(home) > 0 && len(parts) <= len(home) && selfPrefix(parts, home[:len(parts)])
}

// unknownProgram says whether a change of p, a path whose start is known
// only at run time (rm "$(go env GOBIN)/actionguard-hook", ln -sf /bin/true
// $BIN/actionguard-hook, go build -o "$(go env GOPATH)/bin/" of a package
// of that name), may reach a program the hooks run: its last component is
// one of their names, and its start can be where that program lives — not
// a directory of the workspace ($PWD, ./build/$x).
func (e *analysis) unknownProgram(p string) controlPart {
	if len(p) > 4096 || workspaceVar(p) {
		return controlPart{}
	}
	prefix, tail, ok := unknownSplit(p)
	if !ok || tail == "" || tail[0] != '/' && tail[0] != '\\' {
		return controlPart{}
	}
	if prefix != "" {
		abs, ok := e.resolve(prefix + "x")
		if !ok || !strings.HasPrefix(abs, "/") || e.inWorkspace(strings.TrimSuffix(abs, "x")) {
			return controlPart{}
		}
	}
	name := path.Base(strings.ReplaceAll(tail, "\\", "/"))
	if name == "" || strings.ContainsAny(name, "*?[") {
		return controlPart{}
	}
	what := controlPart{what: "the program the agent's hooks run (" + name + ", in a directory known only when the command runs)"}
	if isSelfProgram(name) {
		return what
	}
	if e.programs == nil {
		return controlPart{}
	}
	for _, prog := range e.programs.get(true) {
		if strings.EqualFold(prog[len(prog)-1], name) {
			return what
		}
	}
	return controlPart{}
}

// workspaceVar reports a path that starts with the working directory in a
// variable or a substitution ($PWD/bin/actionguard, "$(pwd)/actionguard").
func workspaceVar(p string) bool {
	p = strings.TrimLeft(p, `"'`)
	for _, w := range []string{"$PWD", "${PWD}", "$(pwd)", "`pwd`"} {
		if strings.HasPrefix(p, w) {
			return true
		}
	}
	return false
}
