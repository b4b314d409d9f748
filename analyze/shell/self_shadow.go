package shell

import (
	"path"
	"strings"

	"github.com/actionguard/actionguard/rule"

	"mvdan.cc/sh/v3/syntax"
)

// A coding agent started as "claude" or "codex", and actionguard started
// as "actionguard", are found by their names. A line that makes such a
// name run a program from a directory the agent can write (a PATH entry
// in scratch space or the workspace, an alias or a function whose body
// runs a file there) lets the agent swap in a copy of itself that runs
// without its hooks, or a stand-in for actionguard's own command. Such a
// line is held for a person (shell.self.shadow); when the same line also
// puts a program of that name there (cp, ln, install, a redirect, -o, a
// global install whose programs' names it does not show), it is blocked
// (shell.self.disable). The same lines in a shell start-up file are judged
// by self_startup.go. An alias for ll, a PATH entry for ~/go/bin, an alias
// of claude to claude with options keep their verdict.

var ruleSelfShadow = &rule.Rule{
	ID: "shell.self.shadow", Category: rule.SecurityBypass, Points: 90,
	Summary:     "Makes a coding agent's or actionguard's name run a program from a directory the agent can write: a copy that runs without the hooks could stand in for it.",
	Alternative: selfAlternative,
	Match:       []string{"alias claude=/tmp/x/claude", "codex() { ./bin/codex \"$@\"; }", "alias actionguard=/tmp/x/ag"},
	NoMatch:     []string{"alias ll='ls -la'", "alias claude='claude --model opus'", "alias gs='git status'"},
}

// shadowName reports a program name whose stand-in defeats the guard.
func shadowName(base string) bool {
	return startupAgents[base] || base == "actionguard" || base == "actionguard-hook"
}

// shadowState is what one analysis gathers for the pass: the directories
// the line puts on PATH that the agent can write, the files it places,
// the directories a global install fills with names it does not show,
// and the aliases and functions it gives guarded names.
type shadowState struct {
	pathDirs []string
	placed   []string
	spread   []string
	defs     []shadowDef
	prefixes []string
	listed   int
}

// shadowPrefix records npm's, pnpm's or yarn's global prefix set for
// good (npm config set prefix DIR) to a directory the agent can write;
// the line's global installs there count as installs of names it does
// not show.
func (r *report) shadowPrefix(c *Cmd) {
	if c.Name != "npm" && c.Name != "pnpm" && c.Name != "yarn" {
		return
	}
	pos := c.Positional()
	if len(pos) > 0 && pos[0] == "config" {
		pos = pos[1:]
	}
	if len(pos) < 2 || pos[0] != "set" {
		return
	}
	k, v, ok := strings.Cut(pos[1], "=")
	if !ok && len(pos) > 2 {
		v = pos[2]
	}
	switch k {
	case "prefix", "global-dir", "global-bin-dir", "global-folder":
	default:
		return
	}
	abs, known := r.env.in(c.Cwd).resolve(v)
	if known && r.agentWrites(abs) {
		r.shadow.prefixes = append(r.shadow.prefixes, abs)
		r.shadow.spread = append(r.shadow.spread, abs)
	}
}

// shadowDef is an alias or function name defined to run target (its
// first word, as written) by the text def.
type shadowDef struct {
	name, target, def string
}

// shadowPath records the entries of a PATH value that are directories
// the agent can write.
func (r *report) shadowPath(val string) {
	for _, dir := range strings.Split(val, ":") {
		if strings.Contains(dir, "$") {
			continue
		}
		if dir == "" {
			dir = "."
		}
		abs, ok := r.env.resolve(dir)
		if !ok || !r.agentWrites(abs) {
			continue
		}
		r.shadow.pathDirs = append(r.shadow.pathDirs, abs)
	}
}

// agentWrites reports an absolute directory the agent can fill: scratch
// space or the workspace.
func (r *report) agentWrites(abs string) bool {
	if !strings.HasPrefix(abs, "/") {
		return true // relative to a working directory not known
	}
	cl := r.env.classify(abs)
	return cl.Known && (cl.Temp || r.env.inWorkspace(cl.Abs))
}

// shadowDefine records an alias or a function of a guarded name.
func (r *report) shadowDefine(name, target, def string) {
	if shadowName(name) && target != "" {
		r.shadow.defs = append(r.shadow.defs, shadowDef{name, target, def})
	}
}

// shadowPlaces records what c puts on disk, for the pass.
func (r *report) shadowPlaces(c *Cmd) {
	for _, w := range copyWrites(c) {
		r.shadowPlaced(w.path)
	}
	into, spread := intoChanges(c)
	for i, ch := range into {
		if spread[i] {
			r.shadow.spread = append(r.shadow.spread, ch.path)
		}
	}
	for _, ch := range namedChanges(c) {
		r.shadowPlaced(ch.path) // a file, or a directory of that name
	}
	for _, o := range c.FlagAll("-o", "--output", "-O", "--output-document") {
		r.shadowPlaced(o)
	}
	switch c.Name {
	case "cp", "mv", "install", "ln", "rsync", "gcp", "gmv":
		// copyWrites leaves out copies into scratch space: here they count.
		pos := c.Positional()
		dest, hasT := c.Flag("-t", "--target-directory")
		if !hasT && len(pos) > 1 {
			dest, pos = pos[len(pos)-1], pos[:len(pos)-1]
		}
		r.shadowPlaced(dest)
		for _, s := range pos {
			r.shadowPlaced(selfJoin(dest, path.Base(s)))
		}
	}
}

// shadowPlaced records a file the line writes.
func (r *report) shadowPlaced(p string) {
	if shadowName(path.Base(p)) {
		r.shadow.placed = append(r.shadow.placed, p)
	}
}

// shadowFuncDecl records a function of a guarded name, with the first
// word its body runs.
func (w *walker) shadowFuncDecl(f *syntax.FuncDecl) {
	if f.Name == nil || !shadowName(f.Name.Value) {
		return
	}
	w.r.shadowDefine(f.Name.Value, bodyFirstWord(f.Body), oneLine(w.nodeText(f)))
}

// bodyFirstWord is the first word of the first command of a body.
func bodyFirstWord(s *syntax.Stmt) string {
	for s != nil {
		switch c := s.Cmd.(type) {
		case *syntax.Block:
			if len(c.Stmts) == 0 {
				return ""
			}
			s = c.Stmts[0]
		case *syntax.Subshell:
			if len(c.Stmts) == 0 {
				return ""
			}
			s = c.Stmts[0]
		case *syntax.CallExpr:
			if len(c.Args) == 0 {
				return ""
			}
			return wordText(c.Args[0])
		default:
			return ""
		}
	}
	return ""
}

// selfShadow is the pass over what the line gathered (see shadowState).
func (r *report) selfShadow() {
	for _, c := range r.res.Commands {
		if c.Name == "alias" {
			for _, a := range c.Args {
				if k, body, ok := strings.Cut(a, "="); ok {
					r.shadowDefine(k, firstField(strings.Trim(body, `"'`)), "alias "+a)
				}
			}
		}
		r.shadowPrefix(c)
	}
	for _, p := range r.shadow.prefixes {
		r.mutates()
		r.add(ruleSelfShadow.Find(p, "Moves the global install prefix to "+p+", which the agent can write: later global installs, the coding agent's own updates among them, would land where the agent can replace them.", p))
	}
	if len(r.shadow.defs) == 0 && len(r.shadow.pathDirs) == 0 {
		return
	}
	// What the line places is read only when a name or a PATH entry
	// needs it: most lines define neither.
	for _, c := range r.res.Commands {
		r.shadowPlaces(c)
	}
	for _, d := range r.shadow.defs {
		r.judgeShadowDef(d)
	}
	for _, dir := range r.shadow.pathDirs {
		if what := r.placedIn(dir); what != "" {
			r.mutates()
			r.add(ruleSelfDisable.Find(dir, "Puts "+dir+" on PATH, and "+what+": the agent or actionguard started by name would be that program, without the hooks.", dir))
		}
	}
}

// judgeShadowDef judges one alias or function of a guarded name.
func (r *report) judgeShadowDef(d shadowDef) {
	t := strings.Trim(d.target, `"'`)
	if !strings.Contains(t, "/") || strings.Contains(t, "$") {
		return // another program found by name, or one known only at run time
	}
	abs, ok := r.env.resolve(t)
	if !ok {
		return
	}
	if r.placedAt(abs) || strings.HasPrefix(r.placedIn(path.Dir(abs)), "installs") {
		r.mutates()
		r.add(ruleSelfDisable.Find(d.def, "Makes "+d.name+" run "+t+", which the same line puts there: a copy that runs without actionguard's hooks.", t))
		return
	}
	if r.agentWrites(path.Dir(abs)) {
		r.mutates()
		r.add(ruleSelfShadow.Find(d.def, "Makes "+d.name+" run "+t+", in a directory the agent can write: a copy that runs without actionguard's hooks could stand in for it.", t))
	}
}

// placedIn says what the line puts into dir under a guarded name, or
// what dir already holds under one, or "".
func (r *report) placedIn(dir string) string {
	for _, p := range r.shadow.placed {
		if abs, ok := r.env.resolve(p); ok && path.Dir(abs) == dir {
			return "the line puts a program named " + path.Base(abs) + " there"
		}
	}
	for _, s := range r.shadow.spread {
		if abs, ok := r.env.resolve(s); ok && (abs == dir || path.Join(abs, "bin") == dir) {
			return "the line installs programs there whose names it does not show (claude or actionguard among the possible)"
		}
	}
	if r.flow.list == nil || r.shadow.listed >= maxShadowLists || !strings.HasPrefix(dir, "/") {
		return ""
	}
	r.shadow.listed++
	names, err := r.flow.list(dir)
	if err != nil {
		return ""
	}
	for _, n := range names {
		if shadowName(n) {
			return "that directory holds a program named " + n
		}
	}
	return ""
}

// maxShadowLists bounds the directories one line has listed for the pass.
const maxShadowLists = 4

// placedAt reports that the line puts a file at abs.
func (r *report) placedAt(abs string) bool {
	for _, p := range r.shadow.placed {
		if a, ok := r.env.resolve(p); ok && a == abs {
			return true
		}
	}
	return false
}

// agentDirs are the directories of the coding agents' own files, in the
// home directory and in a project.
var agentDirs = []string{".claude", ".codex", ".gemini", ".cursor", ".copilot", ".github/hooks"}

// hooksIntoAgent reports a core.hooksPath value that is (or is inside) a
// coding agent's directory or one of actionguard's: git would run their
// files as hooks (settings.json as a "pre-commit" is not, but a file the
// agent writes there is), and the project's own hooks stop running.
func hooksIntoAgent(env *analysis, v string) bool {
	abs, ok := env.resolve(strings.Trim(v, `"'`))
	if !ok {
		return false
	}
	if env.controlOf(abs).ok() {
		return true
	}
	for _, base := range []string{env.home, env.cwd} {
		if base == "" {
			continue
		}
		for _, d := range agentDirs {
			if p := path.Join(base, d); abs == p || strings.HasPrefix(abs, p+"/") {
				return true
			}
		}
	}
	return false
}
