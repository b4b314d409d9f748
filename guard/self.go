package guard

import (
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strconv"
	"strings"

	"github.com/actionguard/actionguard/analyze/shell"
	"github.com/actionguard/actionguard/internal/dirs/host"
	"github.com/actionguard/actionguard/policy"
)

// The guard protects itself: whatever the tool, a call that changes
// actionguard's policy, state, database or keys, the agent's hook
// settings, or that asks actionguard's server to decide, is blocked (the
// shell analyzer judges commands; this file judges every other kind of
// call by its arguments). The agent it guards may be prompt-injected, and
// these are the switches that would let it through.

// WithControlPlane names actionguard's own files and directories beyond
// the defaults under the home directory: the user's policy file, the audit
// database, the state directory. A guarded call may read them (keys
// excepted) but never change them. Without it, the guard names them from
// the environment the way policy.Load and the store find them.
func WithControlPlane(paths ...string) Option {
	return func(g *Guard) { g.control = append(g.control, paths...) }
}

// WithEnvControlPlane names the control plane once from getenv (the
// variables envControlPlane reads), for a process whose environment does
// not change while it checks: the guard then reads no variable per action.
func WithEnvControlPlane(getenv func(string) string) Option {
	return WithControlPlane(envControlPlane(getenv)...)
}

// ControlPlaneOf lists the places of actionguard's control plane for a
// user policy file and an audit database path (either may be ""). A
// directory of actionguard's own ("…/actionguard") is protected whole;
// elsewhere (a database in a shared directory, a policy file in a
// dotfiles repository) the files and their companions are.
func ControlPlaneOf(userPolicy, dbPath string) []string {
	var out []string
	if userPolicy != "" {
		if dir := filepath.Dir(userPolicy); filepath.Base(dir) == "actionguard" {
			out = append(out, dir)
		} else {
			out = append(out, userPolicy, policy.ModesPath(userPolicy))
		}
	}
	if dbPath != "" {
		dir := filepath.Dir(dbPath)
		if filepath.Base(dir) == "actionguard" {
			out = append(out, dir)
		} else {
			// The database (and its -wal, -shm, .spool companions) and what
			// lives beside it: sessions and their fingerprint key, approval
			// request files, trust, activity hours, learned adjustments,
			// the trash, the install marker, the last valid policy.
			out = append(out, dbPath)
			for _, name := range []string{"sessions", "approvals", "trust", "trash", "activity.json", "learned.json", "installed", policy.LastValidDir, "audit.key", "checkpoints"} {
				out = append(out, filepath.Join(dir, name))
			}
		}
	}
	return out
}

// envControlPlane names the control plane from the environment: what
// $ACTIONGUARD_CONFIG, $ACTIONGUARD_DB, $ACTIONGUARD_STATE_DIR and the
// system's base directories ($XDG_CONFIG_HOME, $XDG_STATE_HOME, on
// Windows %AppData% and %LocalAppData%) point at. The defaults under the
// home directory, every system's, are always protected by the shell
// analyzer; the database is named here only when a variable moves it.
func envControlPlane(getenv func(string) string) []string {
	env := host.EnvWith(getenv)
	db := ""
	for _, v := range [...]string{"ACTIONGUARD_DB", "ACTIONGUARD_STATE_DIR", "XDG_STATE_HOME", "LOCALAPPDATA"} {
		if v == "LOCALAPPDATA" && runtime.GOOS != "windows" {
			continue
		}
		if getenv(v) != "" {
			db, _ = env.DBPath()
			break
		}
	}
	policyFile, _ := env.PolicyFile()
	return ControlPlaneOf(policyFile, db)
}

// controlPlane is what the guard protects beyond the defaults.
func (g *Guard) controlPlane() []string {
	if g.control != nil {
		return g.control
	}
	// The variables are read for every action (a test or a long-running
	// process may change them); the paths are only built again when one
	// of them changed.
	var key envKey
	for i, v := range controlPlaneVars {
		key[i] = os.Getenv(v)
	}
	if c := g.envControl.Load(); c != nil && c.key == key {
		return c.paths
	}
	return g.newEnvControl(key)
}

// newEnvControl names the control plane from the values in key, and keeps
// it for the next action. (Its own function: the key the closure reads is
// then copied to the heap only here, not on every check.)
func (g *Guard) newEnvControl(key envKey) []string {
	paths := envControlPlane(func(v string) string {
		if i := slices.Index(controlPlaneVars, v); i >= 0 {
			return key[i]
		}
		return os.Getenv(v)
	})
	g.envControl.Store(&envControl{key: key, paths: paths})
	return paths
}

// controlPlaneVars are the variables envControlPlane reads on this
// system.
var controlPlaneVars = controlPlaneVarsOf(runtime.GOOS)

func controlPlaneVarsOf(goos string) []string {
	vars := []string{"ACTIONGUARD_DB", "ACTIONGUARD_STATE_DIR", "XDG_STATE_HOME", "ACTIONGUARD_CONFIG", "XDG_CONFIG_HOME", "HOME"}
	if goos == "windows" {
		vars = append(vars, "APPDATA", "LOCALAPPDATA", "USERPROFILE")
	}
	return vars
}

// envKey holds the values of controlPlaneVars (at most 9 variables).
type envKey [9]string

// envControl is a control plane named from the environment, and the
// values of controlPlaneVars it was named from. Its paths are shared:
// callers do not modify them.
type envControl struct {
	key   envKey
	paths []string
}

// shellOptions is what the shell analyzer knows about where the action runs.
func (e *evaluation) shellOptions() shell.Options {
	opt := shell.Options{Cwd: e.a.Context.Cwd, Home: e.home(), ControlPlane: e.g.controlPlane(), Files: sessionFiles(e.a), ReadFile: e.g.readFile, Wrappers: e.g.wrappers, Dialect: e.a.ShellDialect(),
		ServerPort: e.g.approvalPort()}
	if e.g.readFile != nil {
		// Files of this machine may be looked at: so may its links.
		opt.ResolvePath = e.g.resolver(opt.Home)
		opt.Untracked = untracker()
		opt.GitBranch = currentBranch
		opt.Incoming = incoming
		opt.ListDir = listFiles
		opt.Tracked = trackedFiles
		opt.HookPrograms = hookProgramsFor(opt.Home, opt.Cwd)
	}
	return opt
}

// scriptExts are files whose content runs: a script that names the
// control plane, written now, is how a later command would reach it.
var scriptExts = map[string]bool{
	".py": true, ".pl": true, ".pm": true, ".rb": true, ".js": true, ".mjs": true, ".cjs": true, ".ts": true, ".php": true,
	".sh": true, ".bash": true, ".zsh": true, ".fish": true, ".sql": true, ".lua": true, ".ps1": true, "": true,
	".psm1": true, ".bat": true, ".cmd": true, ".vbs": true, ".tcl": true, ".exp": true, ".awk": true, ".r": true, ".gdb": true, ".mk": true,
}

// selfGuard judges a call that is not a shell command by its arguments.
func (e *evaluation) selfGuard() {
	switch e.kind {
	case KindShell, KindIntent:
		return
	}
	if AgentInternal(e.a.Tool) {
		return
	}
	opt := e.shellOptions()
	if e.kind == KindFile {
		// The file's path is judged by the file tools' rules, and the
		// paths nested below it (a list of files to write) here; a
		// script's content by what it names.
		e.selfNestedPaths(opt)
		ext, target := "", ""
		for _, k := range []string{"file_path", "path", "filename", "file"} {
			if s, ok := e.a.Input[k].(string); ok && s != "" {
				ext, target = strings.ToLower(filepath.Ext(s)), s
				break
			}
		}
		if e.readOnly {
			return
		}
		if target != "" {
			// A start-up or .env file given one of the guard's variables.
			e.fileTexts(func(s string) { e.selfFindings(shell.EnvContentWrite(target, s, opt)) })
		}
		if !scriptExts[ext] {
			return
		}
		judge := shell.NewSelfJudge(opt)
		e.fileTexts(func(s string) { e.selfFindings(judge.Argument(s, true)) })
		return
	}
	write := !e.readOnly
	judge := shell.NewSelfJudge(opt)
	var strs []string
	tooMany := eachString(e.a.Input, func(x string, _ int) {
		strs = append(strs, x)
		e.selfFindings(judge.Argument(x, write))
	})
	if tooMany {
		// Never a silent allow: what is not read is said.
		e.selfFindings([]Finding{judge.TooMany(tooManyArgs)})
	}
	e.selfJoined(judge, strs, write)
}

// fileTexts calls visit with each text a file tool writes: the content,
// an edit's new text, each of MultiEdit's edits.
func (e *evaluation) fileTexts(visit func(string)) {
	for _, k := range []string{"content", "new_string", "new_str", "text", "patch", "input", "new_source", "file_text"} {
		if s, ok := e.a.Input[k].(string); ok {
			visit(s)
		}
	}
	edits, _ := e.a.Input["edits"].([]any)
	for i, x := range edits {
		if m, ok := x.(map[string]any); ok && i < maxSelfArgs {
			if s, ok := m["new_string"].(string); ok {
				visit(s)
			}
		}
	}
}

// selfNestedPaths judges the paths a file tool is given below its top
// level (write_multiple_files' files[].path, edits[].file_path), which the
// file tools' rules, reading the top level, do not see. Only words are
// judged, not the content written.
func (e *evaluation) selfNestedPaths(opt shell.Options) {
	var judge *shell.SelfJudge
	judger := func() *shell.SelfJudge {
		if judge == nil {
			judge = shell.NewSelfJudge(opt)
		}
		return judge
	}
	tooMany := eachString(e.a.Input, func(x string, depth int) {
		if depth > 1 && !strings.ContainsAny(x, " \n") {
			e.selfFindings(judger().Argument(x, !e.readOnly))
		}
	})
	if tooMany {
		e.selfFindings([]Finding{judger().TooMany(tooManyArgs)})
	}
}

// eachString calls visit with each string of a tool call's input and its
// depth, at most maxSelfArgs strings and maxSelfDepth levels deep; it
// reports whether the input went beyond.
func eachString(input any, visit func(s string, depth int)) (tooMany bool) {
	n := 0
	var walk func(v any, depth int)
	walk = func(v any, depth int) {
		if n >= maxSelfArgs || depth > maxSelfDepth {
			tooMany = true
			return
		}
		switch x := v.(type) {
		case string:
			n++
			visit(x, depth)
		case map[string]any:
			for _, y := range x {
				walk(y, depth+1)
			}
		case []any:
			for _, y := range x {
				walk(y, depth+1)
			}
		}
	}
	walk(input, 0)
	return tooMany
}

// tooManyArgs says why a call beyond eachString's limits is held.
var tooManyArgs = "it has more than " + strconv.Itoa(maxSelfArgs) + " arguments or nests them deeper than " + strconv.Itoa(maxSelfDepth) + " levels"

// The arguments of a tool call judged one by one: at most maxSelfArgs
// strings, maxSelfDepth levels deep. A call beyond is too complex to
// check fully, and held.
const (
	maxSelfArgs  = 4096
	maxSelfDepth = 16
)

// selfJoined judges what a call's arguments say together: an address split
// over two of them (base_url and path), and the approval page opened by a
// browser the agent drives.
func (e *evaluation) selfJoined(judge *shell.SelfJudge, strs []string, write bool) {
	browser := browserTool(e.a.Tool)
	var bases []string
	for _, s := range strs {
		if browser {
			e.selfFindings(judge.PageVisit(s))
		}
		if len(bases) < 8 && strings.Contains(s, ":") && len(s) < 2048 {
			bases = append(bases, s)
		}
	}
	for _, b := range bases {
		for i, r := range strs {
			if i >= 256 {
				break
			}
			if r != b {
				e.selfFindings(judge.Request(b, r, write))
			}
		}
	}
}

// browserTool reports whether a tool drives a web browser (Playwright,
// Puppeteer, Chrome DevTools, a computer-use browser): it may hold a
// person's signed-in session.
func browserTool(name string) bool {
	for _, w := range SplitName(name) {
		switch w {
		case "browser", "playwright", "puppeteer", "chrome", "chromium", "devtools", "selenium", "webdriver", "firefox", "safari", "navigate", "goto":
			return true
		}
	}
	return false
}

// selfFindings adds findings of rules not found yet.
func (e *evaluation) selfFindings(fs []Finding) {
	for _, f := range fs {
		dup := false
		for _, g := range e.findings {
			if g.Rule == f.Rule {
				dup = true
				break
			}
		}
		if !dup {
			e.readOnly = false
			e.findings = append(e.findings, f)
		}
	}
}
