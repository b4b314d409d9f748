package shell

import (
	"path"
	"slices"
	"strings"
	"sync"
	"sync/atomic"

	"github.com/actionguard/actionguard/internal/dirs"
)

// actionguard's control plane on disk: what a guarded tool call may read
// but never change. The defaults are named from the home directory (the
// places policy.Load and store.DefaultPath use when nothing else is set);
// Options.ControlPlane adds the places a deployment configured
// ($ACTIONGUARD_CONFIG, $ACTIONGUARD_DB, $XDG_STATE_HOME, …).

// controlPart says what part of the control plane a path is.
type controlPart struct {
	what string // in words: "actionguard's policy", "the agent's hook settings", …
	key  bool   // a key or a token secret: reading it is blocked too
}

func (p controlPart) ok() bool { return p.what != "" }

// newAnalysis is the analysis for opt: where the command runs and which
// places are actionguard's own.
func newAnalysis(opt Options) *analysis {
	e := analysisOf(opt)
	return &e
}

// analysisOf is newAnalysis's analysis as a value, for a caller that
// makes its room together with other things (see analyze).
func analysisOf(opt Options) analysis {
	b := placesOf(opt)
	return analysis{cwd: b.cwd, home: b.home, control: b.control, controlBases: b.controlBases, inControl: b.inControl,
		homeLower: b.homeLower, controlLower: b.controlLower, controlBaseSet: b.controlBaseSet, placeList: b.placeList, homeSplit: b.homeSplit, disk: newDiskLinks(opt), untracked: opt.Untracked, branch: opt.GitBranch, port: opt.ServerPort,
		programs: newHookPrograms(opt.HookPrograms)}
}

// places is what newAnalysis derives from the working directory, the home
// and the configured control plane; the last one is kept, since a stream
// of actions mostly repeats them. Its slices are shared: never modified.
type places struct {
	optCwd, optHome string
	optControl      []string
	cwd, home       string
	control         []string
	controlBases    []string // path.Base of each of control, in lower case, that no control hint is part of
	homeLower       string   // home in lower case
	controlLower    []string // each of control in lower case
	controlBaseSet  *foldSet // controlBases, looked for in one pass
	placeList       []selfPlace
	homeSplit       []string
	inControl       bool
}

var lastPlaces atomic.Pointer[places]

func placesOf(opt Options) *places {
	if b := lastPlaces.Load(); b != nil && b.optCwd == opt.Cwd && b.optHome == opt.Home && slices.Equal(b.optControl, opt.ControlPlane) {
		return b
	}
	b := &places{optCwd: opt.Cwd, optHome: opt.Home, optControl: slices.Clone(opt.ControlPlane), cwd: cleanDir(opt.Cwd), home: cleanDir(opt.Home)}
	for _, p := range opt.ControlPlane {
		if p = cleanDir(p); p != "" && p != "/" {
			b.control = append(b.control, p)
			b.controlLower = append(b.controlLower, strings.ToLower(p))
			// A base that holds one of controlHints needs no look of its
			// own: an argument holding it holds the hint, which mayControl
			// reads first (the default places' "actionguard" is one).
			if base := strings.ToLower(path.Base(p)); !controlHintIn(base) {
				b.controlBases = append(b.controlBases, base)
			}
		}
	}
	if len(b.control) > 0 {
		b.placeList = placesWith(b.control)
	}
	if len(b.controlBases) > 0 {
		b.controlBaseSet = newLowerSet(b.controlBases...)
	}
	b.homeLower = strings.ToLower(b.home)
	if b.home != "" {
		b.homeSplit = selfParts(b.home)
	}
	if b.cwd != "" {
		// Working inside the control plane: every relative path is in it.
		e := &analysis{cwd: b.cwd, home: b.home, control: b.control, homeLower: b.homeLower, controlLower: b.controlLower}
		b.inControl = e.controlPlane(b.cwd).ok()
	}
	lastPlaces.Store(b)
	return b
}

// homeControlDirs gives actionguard's directories under the home directory
// on every system, in lower case: the user's policy and chosen modes, and
// the state (database, spool, sessions, approvals, trust, trash, keys).
var homeControlDirs = sync.OnceValue(func() []string {
	var out []string
	for _, d := range dirs.HomePlaces() {
		out = append(out, "/"+strings.ToLower(d))
	}
	return out
})

// agentHookFiles are the agents' settings files that hold actionguard's
// hooks, by the end of their path (user and project scope alike).
var agentHookFiles = []string{
	"/.claude/settings.json", "/.claude/settings.local.json", "/.codex/hooks.json", "/.codex/config.toml",
	"/.gemini/settings.json", "/.cursor/hooks.json",
}

// agentMCPFiles list the MCP servers of other agents and editors, per
// project or user: each names commands the agent starts.
var agentMCPFiles = []string{"/.cursor/mcp.json", "/.vscode/mcp.json", "/.roo/mcp.json", "/.kiro/settings/mcp.json", "/.amazonq/mcp.json", "/.gemini/mcp.json"}

// agentHookDirs are directories whose files are an agent's hooks.
var agentHookDirs = []string{"/.copilot/hooks/", "/.github/hooks/", "/.claude/hooks/", "/.codex/hooks/", "/.gemini/hooks/", "/.cursor/hooks/"}

// winSameName is the name Windows opens for abs: it drops the dots and
// spaces that end a name (settings.json. is settings.json) and a file's
// stream suffix (settings.json::$DATA, settings.json:x). A name no other
// system would call the same file is judged as that file: a write to
// ~/.claude/settings.json. is the agent's settings there.
func winSameName(abs string) string {
	if !strings.Contains(abs, ":") && !strings.Contains(abs, "./") && !strings.Contains(abs, " /") &&
		!strings.HasSuffix(abs, ".") && !strings.HasSuffix(abs, " ") {
		return abs // the common case, without a split
	}
	parts := strings.Split(abs, "/")
	changed := false
	for i, p := range parts {
		q := p
		if k := strings.IndexByte(q, ':'); k > 0 && !(i <= 1 && k == 1) {
			q = q[:k] // a stream; not the drive letter of c:/…
		}
		if t := strings.TrimRight(q, ". "); t != "" && q != "." && q != ".." {
			q = t
		}
		if q != p {
			parts[i], changed = q, true
		}
	}
	if !changed {
		return abs
	}
	return strings.Join(parts, "/")
}

// controlPlane says whether the cleaned absolute path abs is part of
// actionguard's control plane.
func (e *analysis) controlPlane(abs string) controlPart {
	if abs == "" {
		return controlPart{}
	}
	relative := !strings.HasPrefix(abs, "/")
	if relative {
		abs = "/" + abs // a relative path with no known working directory: judge its tail
	}
	// Compared without case: macOS and Windows file systems ignore it
	// (~/.Config/ActionGuard is the policy's directory there).
	abs = winSameName(strings.ToLower(abs))
	home := e.lowerHome()
	if home == "" {
		home = "/\x00home"
	}
	base := path.Base(abs)
	in := func(lowerDir string) bool {
		return abs == lowerDir || strings.HasPrefix(abs, lowerDir) && abs[len(lowerDir)] == '/'
	}
	part := controlPart{}
	if rest, ok := strings.CutPrefix(abs, home); ok {
		for _, d := range homeControlDirs() {
			if t, ok := strings.CutPrefix(rest, d); ok && (t == "" || t[0] == '/') {
				part.what = stateWhat(abs, abs[:len(home)+len(d)])
			}
		}
	}
	for i, p := range e.control {
		// A configured file also covers its companions (actionguard.db-wal,
		// actionguard.db.spool): they share its name as a prefix.
		lower := e.lowerControl(i)
		if in(lower) || len(abs) > len(p) && strings.HasPrefix(abs, lower) && (abs[len(p)] == '-' || abs[len(p)] == '.') {
			part.what = stateWhat(abs, p)
			if !(strings.HasPrefix(abs, lower) && len(abs) > len(lower) && abs[len(lower)] == '/') && configuredDatabase(p) {
				// $ACTIONGUARD_DB under any name (…/h/db, its -wal and
				// .spool): the tokens' hashes, read as the default one is.
				part.what = "actionguard's database"
			}
		}
	}
	if part.what == "" && strings.Contains(abs, "/actionguard") {
		for _, d := range homeControlDirs() {
			if strings.Contains(abs, d+"/") || strings.HasSuffix(abs, d) {
				// Another home, or the user's reached through a link (ln -s ~ /tmp/h).
				part.what = stateWhat(abs, abs)
			}
		}
	}
	if part.what == "" && !relative && !e.inWorkspace(abs) && isSelfProgram(base) {
		// The installed binaries the agents' hooks run: replaced, every
		// check would pass.
		part.what = "actionguard's own program"
	}
	if part.what == "" {
		switch {
		case base == "actionguard.yaml" || base == ".actionguard.yaml":
			part.what = "a policy file of actionguard"
		case base == "actionguard.db" || strings.HasPrefix(base, "actionguard.db-") || strings.HasPrefix(base, "actionguard.db."):
			part.what = "actionguard's database"
		case strings.Contains(abs, "/actionguard/") && (base == "modes.json" || base == "trust.json" || base == "learned.json"):
			part.what = "actionguard's state"
		}
		for _, f := range agentHookFiles {
			if strings.HasSuffix(abs, f) {
				part.what = "the agent's hook settings"
			}
		}
		for _, d := range agentHookDirs {
			if containsSlashed(abs, d) {
				part.what = "the agent's hook settings"
			}
		}
		if base == ".mcp.json" {
			part.what = projectMCP
		}
		for _, f := range agentMCPFiles {
			if strings.HasSuffix(abs, f) {
				part.what = projectMCP
			}
		}
		if containsSlashed(abs, "/.claude/agents/") {
			part.what = "the agent's subagents (their permission modes and hooks)"
		}
		if !relative {
			for _, pl := range systemPlacesOnce() {
				if in(pl) {
					part.what = agentHooks
				}
			}
		}
		if pluginPlace(abs, home) {
			part.what = agentPlugins
		}
		if abs == home+"/.claude.json" {
			// Claude Code's own state: the tools and MCP servers each
			// project may use without asking.
			part.what = "the agent's own settings (the tools and MCP servers it is allowed)"
		}
		if agentTranscript(abs) {
			// The transcript the hook reads the user's latest words from,
			// the records a resumed session replays: forged, the agent
			// could put a request in the user's mouth.
			part.what = transcriptWhat
		}
	}
	if part.what != "" {
		// The database holds the tokens' hashes, which key the server's
		// session cookies: reading it is reading a token secret.
		part.key = isSecretName(base) || part.what == "actionguard's database"
	}
	return part
}

// configuredDatabase reports whether p, a configured place, is the
// database file rather than a directory or a policy: the guard lists the
// database first under its own name, beside the state it keeps next to it
// (guard.ControlPlaneOf), and the policy files by their extension.
func configuredDatabase(p string) bool {
	base := strings.ToLower(path.Base(p))
	switch base {
	case "actionguard", "sessions", "approvals", "trust", "trash", "activity.json", "learned.json", "installed", "audit.key", "checkpoints", "policy-last-valid", "modes.json":
		return false
	}
	ext := path.Ext(base)
	return ext != ".yaml" && ext != ".yml" && ext != ".json" && ext != ".toml"
}

// lowerHome is strings.ToLower(e.home), lowered once a stream of actions
// for the analyses newAnalysis builds.
func (e *analysis) lowerHome() string {
	if e.homeLower != "" || e.home == "" {
		return e.homeLower
	}
	return strings.ToLower(e.home)
}

// lowerControl is strings.ToLower(e.control[i]), as lowerHome.
func (e *analysis) lowerControl(i int) string {
	if len(e.controlLower) == len(e.control) {
		return e.controlLower[i]
	}
	return strings.ToLower(e.control[i])
}

// stateWhat names a path inside one of actionguard's places.
func stateWhat(abs, place string) string {
	base := path.Base(abs)
	switch {
	case base == "actionguard.yaml" || base == ".actionguard.yaml" || strings.HasSuffix(base, ".yaml") || strings.HasSuffix(base, ".yml"):
		return "actionguard's policy"
	case base == "modes.json":
		return "actionguard's chosen modes"
	case base == "trust.json":
		return "actionguard's trust record"
	case strings.HasPrefix(base, "actionguard.db") || strings.HasSuffix(base, ".db") || strings.Contains(base, ".db-") || strings.Contains(base, ".db."):
		return "actionguard's database"
	case strings.Contains(abs, "/sessions/") || strings.HasSuffix(abs, "/sessions"):
		return "actionguard's session records"
	case strings.Contains(abs, "/approvals/") || strings.HasSuffix(abs, "/approvals"):
		return "actionguard's approval requests"
	}
	return "actionguard's own files"
}

// isSecretName reports whether a file in the control plane is a key or
// holds token secrets.
func isSecretName(base string) bool {
	b := strings.ToLower(base)
	return strings.HasSuffix(b, ".key") || strings.HasSuffix(b, ".pem") || strings.Contains(b, "secret") ||
		strings.Contains(b, "token") || strings.Contains(b, "hmac") || strings.HasPrefix(b, "key") || strings.HasSuffix(b, "key")
}

// controlOf classifies a path argument as written (with ~, $HOME,
// relative to the working directory), and where it leads on disk when the
// analysis may look (see resolve.go).
func (e *analysis) controlOf(p string) controlPart { return e.controlOnDisk(p, true) }

// controlOnDisk is controlOf with a link in the last component followed
// or not.
func (e *analysis) controlOnDisk(p string, follow bool) controlPart {
	part := e.controlWritten(p)
	if part.ok() || e.disk == nil || p == "" || len(p) > 4096 {
		return part
	}
	abs, ok := e.resolve(p)
	if !ok {
		return part
	}
	if real, ok := e.onDisk(abs, follow); ok {
		if part = e.controlPlane(real); part.ok() {
			e.noteLinked(p, follow)
		}
	}
	return part
}

// controlWritten classifies a path argument as written.
func (e *analysis) controlWritten(p string) controlPart {
	if p == "" || len(p) > 4096 {
		return controlPart{}
	}
	if part := e.controlVar(p); part.ok() {
		return part
	}
	abs, _ := e.resolve(p)
	return e.controlPlane(abs)
}

// controlVars are the environment variables that name actionguard's
// places: a path built on them is in the control plane.
var controlVars = []string{"ACTIONGUARD_CONFIG", "ACTIONGUARD_DB", "ACTIONGUARD_STATE_DIR", "ACTIONGUARD_STORE"}

// controlVar recognises $ACTIONGUARD_DB, ${XDG_STATE_HOME}/actionguard, ….
func (e *analysis) controlVar(p string) controlPart {
	if !strings.Contains(p, "$") {
		return controlPart{}
	}
	for _, v := range controlVars {
		if strings.Contains(p, "$"+v) || strings.Contains(p, "${"+v) {
			return controlPart{what: "actionguard's own files", key: isSecretName(path.Base(p))}
		}
	}
	for _, v := range []string{"XDG_STATE_HOME", "XDG_CONFIG_HOME"} {
		for _, pre := range []string{"$" + v + "/actionguard", "${" + v + "}/actionguard"} {
			if i := strings.Index(p, pre); i >= 0 {
				rest := p[i+len(pre):]
				if rest == "" || rest[0] == '/' {
					return controlPart{what: "actionguard's own files", key: isSecretName(path.Base(p))}
				}
			}
		}
	}
	return controlPart{}
}

// isSelfProgram reports actionguard's binaries by name.
func isSelfProgram(base string) bool {
	base = strings.TrimSuffix(strings.ToLower(base), ".exe")
	return base == "actionguard" || base == "actionguard-hook" || base == "actionguard-mcp"
}

// inWorkspace reports a path under the working directory (a build of
// actionguard in its own repository is the developer's).
func (e *analysis) inWorkspace(abs string) bool {
	return e.cwd != "" && (abs == e.cwd || strings.HasPrefix(abs, e.cwd+"/"))
}

// controlAncestor reports a directory between the home directory and one
// of actionguard's directories there (~/.config, ~/.local, ~/.local/state):
// moving or deleting it takes the policy or the state along, and copying
// a directory called actionguard into it replaces them.
func (e *analysis) controlAncestor(abs string) bool {
	if e.home == "" {
		return false
	}
	rest, ok := strings.CutPrefix(strings.ToLower(abs), strings.ToLower(e.home))
	if !ok || rest == "" {
		return false
	}
	switch strings.TrimSuffix(rest, "/") {
	case "/.config", "/.local", "/.local/state":
		return true
	}
	return false
}
