package chain

import (
	"strings"

	"github.com/actionguard/actionguard/analyze/shell"
	"github.com/actionguard/actionguard/analyze/sql"
	"github.com/actionguard/actionguard/analyze/tools"
)

// family is what kind of tool a call uses, read from its name (the
// agents' own tools) or, for a shell, from a command in its input.
type family uint8

const (
	famOther family = iota // MCP and other named tools
	famShell
	famRead  // a file tool that reads: Read, Grep, read_file, view, …
	famWeb   // WebFetch, WebSearch and the like: a request leaves the machine
	famLocal // the agents' tools that write files, list them or act inside the agent
)

// familyOf returns the call's family and, for a shell, its command.
func familyOf(tool string, in map[string]any) (family, string) {
	var buf [32]byte
	lt := lowerBytes(tool, buf[:0])
	// Map lookups with string(lt) do not allocate.
	switch {
	case tab().readTools[string(lt)]:
		return famRead, ""
	case tab().webTools[string(lt)]:
		return famWeb, ""
	case tab().localTools[string(lt)]:
		return famLocal, ""
	}
	sh := tab().shellTools[string(lt)]
	cmd := commandOf(in, string(lt) == "write_stdin" || string(lt) == "write_bash")
	if sh || cmd != "" && len(in) <= 4 {
		if _, ok := in["command"]; ok || sh {
			return famShell, cmd
		}
	}
	return famOther, ""
}

// lowerBytes appends s in lower case (ASCII) to buf.
func lowerBytes(s string, buf []byte) []byte {
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c >= 'A' && c <= 'Z' {
			c += 'a' - 'A'
		}
		buf = append(buf, c)
	}
	return buf
}

// commandOf returns the shell command in a call's input: the command
// field (a string, or argv such as Codex's ["bash", "-lc", "…"]), or the
// keys typed into a running shell (stdin).
func commandOf(in map[string]any, stdin bool) string {
	for _, k := range []string{"command", "cmd", "script", "commandLine"} {
		switch v := in[k].(type) {
		case string:
			return v
		case []any:
			return argvCommand(v)
		}
	}
	if stdin {
		return firstString(in, "chars", "input")
	}
	return ""
}

// argvCommand turns an argv into a command line: a shell's -c script as
// it is, other words joined.
func argvCommand(v []any) string {
	words := make([]string, 0, len(v))
	for _, w := range v {
		s, ok := w.(string)
		if !ok {
			return ""
		}
		words = append(words, s)
	}
	if len(words) == 3 && (words[1] == "-c" || words[1] == "-lc") {
		switch shortName(words[0]) {
		case "bash", "sh", "zsh", "dash":
			return words[2]
		}
	}
	return strings.Join(words, " ")
}

// ending reads what the current call does that can end a chain.
func (a *analysis) ending(cur *Call) ending {
	e := ending{tool: cur.Tool}
	fam, cmd := familyOf(cur.Tool, cur.Input)
	switch fam {
	case famRead, famLocal:
		return e
	case famWeb:
		e.send = webDestination(cur.Tool, cur.Input)
		e.payloadOf = func() string { return payloadOf(cur.Input, true) }
	case famShell:
		cmds := cur.Commands
		if cmds == nil && cmd != "" {
			cmds = shell.Analyze(clip(cmd, shell.MaxBytes), a.sopt).Commands
		}
		a.shellEnding(&e, cmds, cmd)
		e.payloadOf = func() string { return clip(cmd, maxPayload) }
	default:
		a.toolEnding(&e, cur)
		e.payloadOf = func() string { return payloadOf(cur.Input, false) }
	}
	if e.send != "" || e.maybeSend {
		e.needs |= needSecret
		if a.cwd != "" {
			e.needs |= needOutside // without a working directory nothing is outside
		}
	}
	if len(e.runs) > 0 {
		e.needs |= needDownload
	}
	if e.install != "" || e.maybeInstall {
		e.needs |= needEscalation
	}
	if e.deletes {
		e.needs |= needProduction
	}
	return e
}

// toolEnding reads an MCP or other named tool: it sends when its input
// names a URL or a recipient, or its name says it sends, posts or pays; an
// MCP tool deletes when its name says so or its SQL deletes or drops.
func (a *analysis) toolEnding(e *ending, cur *Call) {
	lt := strings.ToLower(cur.Tool)
	eff := tools.Prepare(cur.Tool, cur.Input).Effect()
	if dest, ok := inputDestination(cur.Input, eff != tools.EffectRead); ok {
		if !loopback(dest) {
			e.send = dest
		}
	} else {
		switch eff {
		case tools.EffectSend, tools.EffectPost, tools.EffectPayment:
			e.send = vendorOf(cur.Tool)
		}
	}
	if isMCP(lt) && (eff == tools.EffectDelete || sqlDeletes(cur.Input)) {
		e.deletes = true
	}
}

// isMCP reports whether a tool name is an MCP server's tool (mcp__server__tool).
func isMCP(lt string) bool {
	return len(lt) > 4 && strings.HasPrefix(lt, "mcp") && strings.IndexByte("_:.", lt[3]) >= 0
}

// sqlDeletes reports whether the input's SQL deletes rows or drops or
// truncates something (analyze/sql's findings).
func sqlDeletes(in map[string]any) bool {
	q := firstString(in, "sql", "query", "statement")
	if q == "" {
		return false
	}
	for _, f := range sql.Analyze(clip(q, sql.MaxBytes)).Findings {
		for _, p := range []string{"sql.delete.", "sql.drop.", "sql.truncate.", "sql.ddl.drop-"} {
			if strings.HasPrefix(f.Rule, p) {
				return true
			}
		}
	}
	return false
}

// vendorOf names where a tool sends when its input does not say: the MCP
// server ("slack" in mcp__slack__post_message), else the tool.
func vendorOf(tool string) string {
	if lt := strings.ToLower(tool); isMCP(lt) {
		rest := strings.TrimLeft(lt[4:], "_:.")
		if i := strings.IndexAny(rest, "_:."); i > 0 {
			return rest[:i]
		}
	}
	return tool
}

// webDestination is where a web tool's request goes ("" for a loopback
// address): the host of its URL, or the search engine.
func webDestination(tool string, in map[string]any) string {
	if tab().searchTools[strings.ToLower(tool)] {
		return "a web search"
	}
	u := firstString(in, "url", "uri", "endpoint")
	if u == "" {
		u = firstURL(in)
	}
	if u == "" {
		return tool
	}
	h := hostOr(u, tool)
	if loopback(h) {
		return ""
	}
	return h
}

// start reads what an earlier step did that a chain in want can start with.
func (a *analysis) start(h *Step, want need) start {
	var st start
	fam, cmd := familyOf(h.Tool, h.Input)
	obs := clip(h.Observation, maxObservation)
	switch fam {
	case famRead:
		if want&(needSecret|needOutside) != 0 {
			a.readStart(&st, h.Input, obs, want)
		}
	case famShell:
		src := clip(cmd, maxCommand)
		if want&^needProduction != 0 && a.parse > 0 && mayStart(src, obs, want) {
			a.parse -= len(src)
			a.shellStart(&st, src, obs, want)
		}
		if want&needProduction != 0 && hasProdWord(src) {
			st.production = oneLine(src)
		}
	default:
		if want&needProduction != 0 {
			st.production = productionIn(h.Tool, h.Input)
		}
	}
	if want&needSecret != 0 && st.secret == "" && strings.Contains(obs, "[REDACTED:private_key]") {
		// A private key in the agent's context, whatever file held it.
		st.secret, st.secretPath = "showed a private key", firstPath(h.Input)
	}
	if want&needProduction != 0 && st.production == "" && len(obs) <= 256 && hasProdWord(obs) {
		// A short output naming production: a context, an environment.
		st.production = oneLine(obs)
	}
	return st
}

// readStart reads a file tool's read: a credential, or a file outside the
// workspace (one of its paths, for tools that read several).
func (a *analysis) readStart(st *start, in map[string]any, obs string, want need) {
	for _, p := range readPaths(in) {
		if a.inWorkspace(p) && !credentialHint(p) {
			continue // a workspace file that is no credential: the common case, decided without classifying
		}
		cl := shell.ClassifyPath(p, a.sopt)
		if cl.Credential != "" {
			if want&needSecret != 0 && st.secret == "" && shown(cl.Credential, obs) {
				st.secret, st.secretPath = "read your "+cl.Credential+" ("+p+")", p
			}
			continue
		}
		if want&needOutside != 0 && st.outside == "" && a.outside(cl) && !failedRead(obs) {
			st.outside = p
		}
	}
}

// readPaths returns the paths a file tool reads: its file, its search
// root, the files of its glob with the wildcards dropped (Grep over
// ".env*" reads .env).
func readPaths(in map[string]any) []string {
	var ps []string
	for _, k := range []string{"file_path", "path", "absolute_path", "notebook_path", "file", "filename", "target_file"} {
		if s, ok := in[k].(string); ok && s != "" {
			ps = append(ps, s)
		}
	}
	if l, ok := in["paths"].([]any); ok {
		for i, v := range l {
			if s, ok := v.(string); ok && s != "" && i < 64 {
				ps = append(ps, s)
			}
		}
	}
	for _, k := range []string{"glob", "include"} {
		if g, ok := in[k].(string); ok && g != "" {
			// "**/.env*" → ".env": what the files are, not where.
			if g = strings.TrimLeft(strings.NewReplacer("*", "", "?", "").Replace(g), "/"); g != "" && !strings.HasSuffix(g, "/") {
				ps = append(ps, g)
			}
		}
	}
	return ps
}

// firstPath is the file a step names, for a finding's target.
func firstPath(in map[string]any) string {
	if ps := readPaths(in); len(ps) > 0 {
		return ps[0]
	}
	return ""
}

// shown reports whether reading a credential of this kind put a secret in
// the agent's context, judging by what the step returned (redacted). An
// output that is not known may have held it. Keys and password files count
// unless the read failed; a credential file for local use (.env, .netrc,
// cloud configuration) counts only when the output held a secret, which
// the redaction marks.
func shown(kind, obs string) bool {
	if obs == "" || secretMark(obs) != "" {
		return true
	}
	if failedRead(obs) {
		return false
	}
	switch kind {
	case "SSH key", "private key", "GPG keys", "system password file":
		return true
	}
	return false
}

// failedRead reports whether an output's first line says the read did
// not happen.
func failedRead(obs string) bool {
	head := clip(obs, 256)
	if i := strings.IndexByte(head, '\n'); i >= 0 {
		head = head[:i]
	}
	head = strings.ToLower(head)
	for _, s := range []string{"no such file", "does not exist", "permission denied", "not found", "enoent", "eacces", "is a directory", "cannot open", "failed to read"} {
		if strings.Contains(head, s) {
			return true
		}
	}
	return false
}

// productionIn returns where a tool call's input (or name) names
// production, or "".
func productionIn(tool string, in map[string]any) string {
	if hasProdWord(tool) {
		return tool
	}
	found := ""
	walkStrings(in, func(_, s string) bool {
		if hasProdWord(s) {
			found = oneLine(s)
			return false
		}
		return true
	})
	return found
}
