package policy

import "strings"

// Entry is one item of the allow or deny list. Exactly one of Command and
// Tool is set.
//
// A Command pattern matches one whole simple command (see AllowsCommand);
// a Tool pattern matches a whole tool name. Verdict is "allow" for an allow
// entry and confirm, approve or block for a deny entry. Source is the
// "file:line" the entry was read from.
//
// Entries are compiled by Load and CheckFile; an Entry built by hand is
// compiled again on every call, and never matches if its pattern is invalid.
type Entry struct {
	Command string
	Tool    string
	Reason  string
	Verdict string
	Source  string

	m *matcher
}

func (e *Entry) matcher() *matcher {
	if e.m != nil {
		return e.m
	}
	var m *matcher
	var err *patternError
	switch {
	case e.Command != "":
		m, err = compileCommand(e.Command)
	case e.Tool != "":
		m, err = compileTool(e.Tool)
	}
	if err != nil {
		return nil
	}
	return m
}

func (e *Entry) matchesCommand(c *command) bool {
	if e.Command == "" {
		return false
	}
	m := e.matcher()
	return m != nil && m.matchArgv(c)
}

func (e *Entry) matchesTool(name string) bool {
	if e.Tool == "" {
		return false
	}
	m := e.matcher()
	return m != nil && m.matchTool(name)
}

// matchesToolFolded reports whether the entry's tool pattern, read
// without case, matches lower, a tool name in lower case.
func (e *Entry) matchesToolFolded(lower string) bool {
	if e.Tool == "" {
		return false
	}
	m := e.matcher()
	switch {
	case m == nil:
		return false
	case m.re != nil:
		return m.re.MatchString(lower)
	case m.tool.lit:
		return strings.ToLower(m.tool.pat) == lower
	}
	return globMatch(strings.ToLower(m.tool.pat), lower)
}

// AllowsCommand returns the first allow entry that matches the whole simple
// command argv, or nil.
//
// argv is one simple command as the shell analyzer resolved it: program
// first, wrappers (sudo, env, bash -c …) already unwrapped. The caller
// applies the allow list to every simple command of a shell action and
// allows the action only when each one is allowed, so that an entry for
// "git status" never lets "git status && rm -rf ~" through.
//
// Matching is anchored: each pattern word is a glob over exactly one argv
// word, and the argv has exactly as many words unless the pattern ends with
// **, which matches any further words. "re:" patterns are matched against
// the words joined by single spaces, anchored at both ends.
//
// The program word of a pattern without a slash matches the program's base
// name only when the program lives in a system directory ("git" matches
// /usr/bin/git, not ./git, which the agent may have written itself).
func (p *Policy) AllowsCommand(argv []string) *Entry {
	c := command{argv: argv}
	for i := range p.Allow {
		if e := &p.Allow[i]; e.matchesCommand(&c) {
			return e
		}
	}
	return nil
}

// DeniesCommand returns the deny entry that matches the whole simple command
// argv with the strictest verdict (the first one among equals), or nil.
// Matching is that of AllowsCommand, except that the program word matches the
// base name of a program anywhere ("terraform" matches ./bin/terraform).
func (p *Policy) DeniesCommand(argv []string) *Entry {
	c := command{argv: argv, deny: true}
	var best *Entry
	for i := range p.Deny {
		e := &p.Deny[i]
		if (best == nil || verdictRank(e.Verdict) > verdictRank(best.Verdict)) && e.matchesCommand(&c) {
			best = e
		}
	}
	return best
}

// AllowsTool returns the first allow entry whose tool pattern matches the
// whole tool name, or nil. It is meant for actions that are not shell
// commands: a shell tool (Bash) is allowed command by command, never by name.
func (p *Policy) AllowsTool(name string) *Entry {
	for i := range p.Allow {
		if e := &p.Allow[i]; e.matchesTool(name) {
			return e
		}
	}
	return nil
}

// DeniesTool returns the deny entry whose tool pattern matches the whole tool
// name with the strictest verdict (the first one among equals), or nil.
// A deny entry matches the name in any case: a server may look its tools
// up without case (DELETE_FILE runs delete_file), and a proxy that never
// saw the server's list cannot tell, so a name that differs from a denied
// one only in case is denied too. (Allow entries match as written: a
// stricter reading.)
func (p *Policy) DeniesTool(name string) *Entry {
	var best *Entry
	lower := strings.ToLower(name)
	for i := range p.Deny {
		e := &p.Deny[i]
		if (best == nil || verdictRank(e.Verdict) > verdictRank(best.Verdict)) && (e.matchesTool(name) || e.matchesToolFolded(lower)) {
			best = e
		}
	}
	return best
}

// DeniesCanonical is DeniesCommand with the command and each entry read
// through canon, the program's own reading of its words (abbreviated
// options written in full, clusters split, options sorted before the
// operands): a deny entry written "git push --force **" then also matches
// "git push origin main --forc". canonArgv is canon(argv). Entries that
// are regular expressions, or whose option words are globs, match as
// written only (DeniesCommand).
func (p *Policy) DeniesCanonical(canonArgv []string, canon func([]string) []string) *Entry {
	c := command{argv: canonArgv, deny: true}
	var best *Entry
	for i := range p.Deny {
		e := &p.Deny[i]
		if best != nil && verdictRank(e.Verdict) <= verdictRank(best.Verdict) {
			continue
		}
		if m := e.canonMatcher(canon); m != nil && m.matchArgv(&c) {
			best = e
		}
	}
	return best
}

// canonMatcher compiles the entry's words read through canon. It is not
// cached: entries are shared by concurrent checks, and deny lists are short.
func (e *Entry) canonMatcher(canon func([]string) []string) *matcher {
	if e.Command == "" || strings.HasPrefix(e.Command, regexPrefix) {
		return nil
	}
	words, err := splitPattern(e.Command)
	if err != nil || len(words) == 0 {
		return nil
	}
	argv := make([]string, 0, len(words))
	rest := false
	for i, w := range words {
		if w.starstar {
			rest = i == len(words)-1
			break
		}
		if !w.glob.lit && strings.HasPrefix(w.glob.pat, "-") {
			return nil // a glob over options cannot be read as options
		}
		argv = append(argv, w.glob.pat)
	}
	m := &matcher{rest: rest}
	for _, w := range canon(argv) {
		m.words = append(m.words, glob{pat: w, lit: !strings.ContainsAny(w, "*?[")})
	}
	return m
}
