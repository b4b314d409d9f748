package shell

import (
	"path"
	"strings"

	"github.com/actionguard/actionguard/rule"

	"mvdan.cc/sh/v3/syntax"
)

// A shell start-up file (~/.bashrc, ~/.profile, ~/.zshrc, fish's
// config.fish) runs in the session a person starts next, and so does the
// coding agent started from it. A line there that defeats the guard in
// that session is the control plane's, not an ordinary rc edit:
//
//   - PATH given a directory the agent controls (the working directory, a
//     relative or empty entry, scratch space such as /tmp): a program of
//     the agent's there is found before the real one, actionguard's hook
//     and the agent itself included;
//   - BASH_ENV or ENV: every non-interactive shell of the session, the
//     ones the agent's tool calls run in too, first runs that file;
//   - an alias or a function of an agent program (claude, codex, gemini,
//     cursor-agent, copilot) that starts it with its hooks off or its
//     settings elsewhere (judged as the nested-agent rule judges the
//     command it becomes).
//
// actionguard's own variables there were blocked before (reGuardVarSet).
// An alias for ll, export EDITOR=vim, a PATH entry for ~/.cargo/bin keep
// their verdict.

// startupAgents are the coding agents an alias or function may redefine.
var startupAgents = map[string]bool{"claude": true, "codex": true, "gemini": true, "cursor-agent": true, "copilot": true}

// startupCheck reads a start-up file's text: e places its paths, and
// hooksOff reports whether a body an agent program is defined as starts
// it without its hooks.
type startupCheck struct {
	e        *analysis
	hooksOff func(body string) bool
	// src is the file's text being read (see word).
	src string
}

// word is w as written in src, its quotes dropped: $PWD and $(pwd) stay
// as they are, where wordText makes every expansion "$".
func (sc startupCheck) word(w *syntax.Word) string {
	s, e := int(w.Pos().Offset()), int(w.End().Offset())
	if s < 0 || e > len(sc.src) || s > e {
		return wordText(w)
	}
	return strings.NewReplacer(`"`, "", `'`, "").Replace(sc.src[s:e])
}

// startupDefeats returns why text, written to the start-up file name,
// defeats the guard in the next session, or "".
func (w *walker) startupDefeats(text, name string, c *Cmd) string {
	sc := startupCheck{e: w.r.env, hooksOff: func(body string) bool { return w.agentHooksOff(body, c, name) }}
	return sc.defeats(text, name)
}

// StartupContentWrite judges text a file tool writes into the start-up
// file p (Write's content, Edit's new text) as the same write from the
// shell is: a line that defeats the guard in the next session is blocked.
func StartupContentWrite(p, text string, opt Options) []rule.Finding {
	base := path.Base(strings.ReplaceAll(p, `\`, "/"))
	if !startupFiles[base] {
		return nil
	}
	sc := startupCheck{e: newAnalysis(opt), hooksOff: func(body string) bool {
		for _, f := range Analyze(body+` "$@"`, opt).Findings {
			if f.Rule == ruleSelfNested.ID {
				return true
			}
		}
		return false
	}}
	why := sc.defeats(text, p)
	if why == "" {
		return nil
	}
	return []rule.Finding{ruleSelfDisable.Find("write "+p, why, "")}
}

// defeats is startupDefeats for any caller.
func (sc startupCheck) defeats(text, name string) string {
	for _, fs := range fishSets(text) {
		if why := sc.guardVar(fs[0], fs[1], name); why != "" {
			return why
		}
	}
	f, err := syntax.NewParser().Parse(strings.NewReader(text), "")
	if err != nil {
		return ""
	}
	sc.src = text
	why := ""
	syntax.Walk(f, func(n syntax.Node) bool {
		if why != "" {
			return false
		}
		switch n := n.(type) {
		case *syntax.Assign:
			if n.Name != nil && n.Value != nil {
				why = sc.guardVar(n.Name.Value, sc.word(n.Value), name)
			}
		case *syntax.CallExpr:
			why = sc.call(n, name)
		case *syntax.FuncDecl:
			if n.Name != nil && shadowName(n.Name.Value) {
				why = sc.agent(n.Name.Value, funcBody(text, n), name)
			}
		}
		return why == ""
	})
	return why
}

// call judges export NAME=VALUE (as its words, for spellings the
// parser keeps as arguments) and alias NAME=BODY.
func (sc startupCheck) call(n *syntax.CallExpr, name string) string {
	if len(n.Args) < 2 {
		return ""
	}
	switch n.Args[0].Lit() {
	case "alias":
		for _, a := range n.Args[1:] {
			k, body, ok := strings.Cut(sc.word(a), "=")
			if ok && shadowName(k) {
				if why := sc.agent(k, body, name); why != "" {
					return why
				}
			}
		}
	case "export", "declare", "typeset", "setenv":
		for _, a := range n.Args[1:] {
			if k, v, ok := strings.Cut(sc.word(a), "="); ok {
				if why := sc.guardVar(k, v, name); why != "" {
					return why
				}
			}
		}
	}
	return ""
}

// guardVar judges one variable the file sets.
func (sc startupCheck) guardVar(k, v, name string) string {
	switch k {
	case "BASH_ENV", "ENV":
		return "Sets " + k + " in " + name + ": every shell of the next session, the agent's own commands among them, first runs that file."
	case "PATH":
		for _, dir := range strings.FieldsFunc(v, func(r rune) bool { return r == ':' || r == ' ' }) {
			if sc.agentControlsDir(dir) {
				return "Puts " + dir + " on PATH in " + name + ": a program placed there would be found before the real one in the next session, actionguard's hook and the agent included."
			}
		}
		if strings.HasPrefix(v, ":") || strings.HasSuffix(v, ":") || strings.Contains(v, "::") {
			return "Puts the working directory on PATH in " + name + " (an empty entry): a program placed there would be found before the real one in the next session."
		}
	}
	return ""
}

// agentControlsDir reports a PATH entry the agent can fill: relative (the
// directory a shell starts in), the working directory or below, or
// scratch space. Variables other than $HOME are not judged here.
func (sc startupCheck) agentControlsDir(dir string) bool {
	dir = strings.Trim(dir, `"'`)
	for _, h := range []string{"$HOME", "${HOME}"} {
		if rest, ok := strings.CutPrefix(dir, h); ok {
			dir = "~" + rest
		}
	}
	for _, wd := range []string{"$PWD", "${PWD}", "$(pwd)", "`pwd`"} {
		if strings.HasPrefix(dir, wd) {
			return true // the directory each shell starts in
		}
	}
	switch {
	case dir == "" || dir == "$PATH" || dir == "${PATH}":
		return false
	case strings.Contains(dir, "$"):
		return false
	case !strings.HasPrefix(dir, "/") && !strings.HasPrefix(dir, "~"):
		return true // ., bin, ./node_modules/.bin
	}
	cl := sc.e.in(sc.e.cwd).classify(dir)
	return cl.Known && (cl.Temp || sc.e.inWorkspace(cl.Abs))
}

// agent judges what an alias or a function of an agent program runs: a
// nested-agent finding for its body (hooks off, settings elsewhere)
// makes the definition the control plane's.
func (sc startupCheck) agent(agent, body, name string) string {
	if t := firstField(strings.Trim(strings.TrimSpace(body), `"'`)); strings.Contains(t, "/") && sc.agentControlsDir(path.Dir(t)) {
		return "Makes " + agent + " run " + t + " in " + name + ", a program in a directory the agent can write: the next session would start that copy, without actionguard's hooks."
	}
	if !startupAgents[agent] || !sc.hooksOff(body) {
		return ""
	}
	return "Redefines " + agent + " in " + name + " so that the next session starts it without actionguard's hooks or with its settings elsewhere."
}

// agentHooksOff walks body as a call of the program it defines and
// reports a nested-agent finding. Other findings of the body are dropped:
// the definition runs nothing until it is used, and is judged as before.
func (w *walker) agentHooksOff(body string, c *Cmd, name string) bool {
	before := len(w.r.res.Findings)
	w.r.script(body+` "$@"`, c, name+" defines a coding agent")
	hit := false
	for _, f := range w.r.res.Findings[before:] {
		hit = hit || f.Rule == ruleSelfNested.ID
	}
	w.r.res.Findings = w.r.res.Findings[:before]
	return hit
}

// funcBody is the source of a function's body.
func funcBody(src string, fd *syntax.FuncDecl) string {
	s, e := int(fd.Body.Pos().Offset()), int(fd.Body.End().Offset())
	if s < 0 || e > len(src) || s > e {
		return ""
	}
	return strings.TrimSuffix(strings.TrimPrefix(strings.TrimSpace(src[s:e]), "{"), "}")
}

// fishSets are fish's set -gx NAME VALUE… and fish_add_path DIR lines, as
// name and value (PATH entries joined by ':').
func fishSets(text string) [][2]string {
	var out [][2]string
	for _, line := range strings.Split(text, "\n") {
		fs := strings.Fields(line)
		switch {
		case len(fs) > 1 && fs[0] == "fish_add_path":
			out = append(out, [2]string{"PATH", strings.Join(nonFlags(fs[1:]), ":")})
		case len(fs) > 2 && fs[0] == "set":
			rest := nonFlags(fs[1:])
			if len(rest) > 0 && len(rest) < len(fs)-1 {
				out = append(out, [2]string{rest[0], strings.Join(rest[1:], ":")})
			}
		}
	}
	return out
}

// nonFlags drops the words that start with "-".
func nonFlags(ws []string) []string {
	var out []string
	for _, x := range ws {
		if !strings.HasPrefix(x, "-") {
			out = append(out, x)
		}
	}
	return out
}
