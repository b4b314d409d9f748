package shell

import (
	"path"
	"slices"
	"strings"
	"sync"

	"github.com/actionguard/actionguard/internal/dirs"
	"github.com/actionguard/actionguard/internal/lazy"
)

// The paths a command changes, as the file system sees them, judged
// against the control plane. Naming the protected file is one spelling
// among many: a copy into the agent's settings directory takes the file's
// name from its source (cp /tmp/e/settings.local.json .claude/), a glob
// carries any name it can match (rm .claude/*, rm .cl*/settings.json), and
// renaming or deleting the directory takes every file in it along
// (mv .claude .claude.off). So each writing program says which paths it
// changes, and each is matched against the protected places by their
// components, a glob matching as the shell would.

// selfChange is a path a command changes. tree: the path may be (or
// become) a directory whose whole content changes, so a protected file
// below it is reached too.
type selfChange struct {
	path string
	tree bool
}

// selfAny is a path component standing for any name, a dot name
// included: a source whose name is known only when the command runs, or
// the content of a directory copied whole.
const selfAny = "\x00any"

// selfDynamic is a source's name known only at run time: any name below a
// protected directory, judged by the rules for unknown paths elsewhere.
const selfDynamic = "\x00dynamic"

// selfDeep stands for any number of components (find's search, zsh's **).
const selfDeep = "**"

// selfPlace is a protected place named by its last components.
type selfPlace struct {
	parts []string
	home  bool   // only right under the home directory
	root  bool   // parts is an absolute path (a configured place)
	what  string // in words
}

const agentHooks = "the agent's hook settings"

// projectMCP is a project's .mcp.json: the commands it lists are started
// as MCP servers by the next session, so it is executable configuration.
const projectMCP = "the project's MCP servers (commands the agent starts)"

// agentPlaces are the agents' hook settings (user and project scope
// alike) and Claude Code's own state file in the home directory.
var agentPlaces = []selfPlace{
	{parts: []string{".claude", "settings.json"}, what: agentHooks},
	{parts: []string{".claude", "settings.local.json"}, what: agentHooks},
	{parts: []string{".claude", "hooks"}, what: agentHooks},
	{parts: []string{".codex", "hooks.json"}, what: agentHooks},
	{parts: []string{".codex", "config.toml"}, what: agentHooks},
	{parts: []string{".codex", "hooks"}, what: agentHooks},
	{parts: []string{".gemini", "settings.json"}, what: agentHooks},
	{parts: []string{".gemini", "hooks"}, what: agentHooks},
	{parts: []string{".cursor", "hooks.json"}, what: agentHooks},
	{parts: []string{".cursor", "hooks"}, what: agentHooks},
	{parts: []string{".github", "hooks"}, what: agentHooks},
	{parts: []string{".copilot", "hooks"}, home: true, what: agentHooks},
	{parts: []string{".mcp.json"}, what: projectMCP},
	{parts: []string{".claude.json"}, home: true, what: "the agent's own settings (the tools and MCP servers it is allowed)"},
	{parts: []string{".claude", "plugins"}, home: true, what: agentPlugins},
	{parts: []string{".claude-plugin"}, what: agentPlugins},
	{parts: []string{".gemini", "extensions"}, home: true, what: agentPlugins},
}

// selfPlacesOnce gives the places above, actionguard's directories under the
// home directory on every system (a command may be written for macOS,
// Windows or Linux whatever this machine is), and the agents' system-wide
// settings on every system.
var selfPlacesOnce = sync.OnceValue(func() []selfPlace {
	return append(append(slices.Clip(agentPlaces), homeSelfPlaces()...), systemAgentPlaces()...)
})

func homeSelfPlaces() []selfPlace {
	var out []selfPlace
	for _, d := range dirs.HomePlaces() {
		out = append(out, selfPlace{parts: selfParts(d), home: true, what: "actionguard's own files"})
	}
	return out
}

// systemAgentPlaces are the agents' managed settings, as the analysis
// spells a path of the system they are on (C:\ProgramData\ClaudeCode is
// /ProgramData/ClaudeCode; see winPath).
// systemPlacesOnce gives the agents' system-wide settings directories as
// absolute paths, in lower case.
var systemPlacesOnce = sync.OnceValue(func() []string {
	var out []string
	for _, pl := range systemAgentPlaces() {
		// Lowered once here: controlPlane compares them with a lowered
		// path for every path it judges.
		out = append(out, strings.ToLower("/"+strings.Join(pl.parts, "/")))
	}
	return out
})

func systemAgentPlaces() []selfPlace {
	var out []selfPlace
	for _, s := range dirs.AgentSystemSettings {
		p := s.Path
		if s.GOOS == "windows" {
			p = winPath(p, "")
		}
		pl := selfPlace{parts: selfParts(p), root: true, what: agentHooks}
		if !slices.ContainsFunc(out, func(o selfPlace) bool { return slices.Equal(o.parts, pl.parts) }) {
			out = append(out, pl)
		}
	}
	return out
}

// selfReach says whether a change can reach a protected place: the path
// (a glob matching as the shell would) names the place, lies inside it,
// or, for a change of a whole tree, is a directory that holds it; as
// written, and where it leads on disk when the analysis may look.
func (e *analysis) selfReach(ch selfChange) controlPart { return e.selfReachOnDisk(ch, true) }

// selfReachOnDisk is selfReach with a link in the last component of the
// path followed or not (rm cc takes the link, not what it names).
func (e *analysis) selfReachOnDisk(ch selfChange, follow bool) controlPart {
	part := e.selfReachWritten(ch)
	if part.ok() || e.disk == nil || ch.path == "" || len(ch.path) > 4096 {
		return part
	}
	abs, ok := e.resolve(ch.path)
	if !ok {
		return part
	}
	if real, ok := e.onDisk(abs, follow); ok {
		c := *e
		c.disk, c.dir = nil, ""
		if part = c.selfReachWritten(selfChange{real, ch.tree}); part.ok() {
			e.noteLinked(ch.path, follow)
		}
	}
	return part
}

// selfReachWritten is selfReach of the path as written: a protected place,
// or a program the agents' hooks run.
func (e *analysis) selfReachWritten(ch selfChange) controlPart {
	if part := e.selfReachPlaces(ch); part.ok() {
		return part
	}
	return e.programReach(ch.path, false)
}

// selfReachPlaces is selfReachWritten of the protected places.
func (e *analysis) selfReachPlaces(ch selfChange) controlPart {
	if ch.path == "" || len(ch.path) > 4096 {
		return controlPart{}
	}
	if !isGlobPath(ch.path) {
		if part := e.controlWritten(ch.path); part.ok() {
			return part
		}
	}
	abs, _ := e.resolve(ch.path)
	if ch.tree && !isGlobPath(ch.path) && e.controlAncestor(abs) {
		return controlPart{what: "a directory that holds actionguard's own files"}
	}
	p := selfParts(abs)
	if len(p) == 0 {
		return controlPart{}
	}
	home := e.homeParts()
	// What each component is does not depend on the place: read it once.
	var kb [16]uint8
	kind := componentKinds(p, kb[:0])
	if !e.mayAlign(p, kind) {
		return controlPart{}
	}
	return e.alignPlaces(p, kind, home, ch.tree)
}

// alignPlaces is selfReachWritten's walk of the components p (of the
// kinds kind) against every place.
func (e *analysis) alignPlaces(p []string, kind []uint8, home []string, tree bool) controlPart {
	rootDir := -1 // len of the longest prefix known to be a settings root, cached below
	for _, pl := range e.places() {
		for i := range p {
			if agPlace(pl) && p[i] == selfDeep && agFileName(p[len(p)-1]) && i <= len(home) && selfPrefix(p[:i], home[:i]) {
				// find ~ -name modes.json -exec cp …: a search of the home
				// directory (or above) by the name of one of actionguard's
				// files reaches it at any depth.
				return controlPart{what: pl.what}
			}
			if pl.root && i > 0 || pl.home && (len(home) == 0 || i != len(home) || !selfPrefix(p[:i], home)) {
				continue
			}
			if kind[i] == compRuntime {
				continue // a name known only at run time is judged by the rules for it
			}
			if kind[i] == compGlob && pl.home && p[i] == "*" && !strings.HasPrefix(pl.parts[0], ".") {
				// ~/* takes the whole home directory and is judged as such
				// (rm -rf ~/* deletes your home): a place of macOS or
				// Windows not hidden by a dot (~/Library, ~/AppData) would
				// make every such path a change of actionguard's files too.
				continue
			}
			if kind[i] == compGlob && !pl.home && !pl.root && !e.selfRootDirAt(p, i, home, &rootDir) {
				// Any name (a directory's whole content, a wildcard) brings
				// or takes an agent's settings directory only where the
				// agent reads one: the project, its parents, the home
				// directory.
				continue
			}
			if pl.root && (len(p) < len(pl.parts)-1 || !selfPrefix(p[:min(len(p), len(pl.parts))], pl.parts[:min(len(p), len(pl.parts))])) {
				// A configured place is reached through itself or the
				// directory it is in, not through /srv or /root.
				continue
			}
			if kind[i] == 0 && len(pl.parts) > 0 && p[i] != pl.parts[0] && p[i] != selfDeep && p[i] != selfAny {
				continue // a plain name that is not the place's first: selfAligned says no
			}
			switch selfAligned(p[i:], pl.parts, tree) {
			case reachPlace:
				return controlPart{what: pl.what}
			case reachHolder:
				return controlPart{what: "a directory that holds " + pl.what}
			}
		}
	}
	return controlPart{}
}

// componentKinds appends to kind what each component of p is: plain (0),
// known only at run time, or a wildcard.
func componentKinds(p []string, kind []uint8) []uint8 {
	for _, c := range p {
		k := uint8(0)
		if strings.Contains(c, "\x00") && c != selfAny {
			k = compRuntime
		} else if isGlobPath(c) {
			k = compGlob
		}
		kind = append(kind, k)
	}
	return kind
}

// mayAlign reports whether the loop over the places in selfReachWritten
// can find one for the components p (of the kinds kind): it goes on to a
// place only from a wildcard (** among them), a name known when the
// command runs, or a plain name that is the first of a place's (the
// configured places, absolute, only from the first component). A path of
// plain names none of which starts a place (src/app.go, node_modules)
// reaches none, and is not walked against every place.
func (e *analysis) mayAlign(p []string, kind []uint8) bool {
	first := placeFirstParts.Get()
	if first[""] {
		return true
	}
	for i, c := range p {
		switch {
		case kind[i] == compGlob || kind[i] == 0 && (c == selfAny || first[c]):
			return true
		case kind[i] == 0 && i == 0 && len(e.control) > 0:
			for _, pl := range e.places() {
				if len(pl.parts) == 0 || pl.parts[0] == c {
					return true
				}
			}
		}
	}
	return false
}

// placeFirstParts are the first components of the default places; "" is
// among them if a place has none (every path may then reach it).
var placeFirstParts = &lazy.Value[map[string]bool]{New: func() map[string]bool {
	m := map[string]bool{}
	for _, pl := range selfPlacesOnce() {
		if len(pl.parts) == 0 {
			m[""] = true
			continue
		}
		m[pl.parts[0]] = true
	}
	return m
}}

// Kinds of a path component for selfReachWritten.
const (
	compRuntime = 1 + iota // a name known only at run time
	compGlob               // a wildcard or a whole directory's content
)

// selfRootDirAt is selfRootDir(p[:i], home), remembered in *memo for the
// one i a path asks about (-1: not asked yet; else i<<1 | answer).
func (e *analysis) selfRootDirAt(p []string, i int, home []string, memo *int) bool {
	if *memo >= 0 && *memo>>1 == i {
		return *memo&1 == 1
	}
	ok := e.selfRootDir(p[:i], home)
	*memo = i << 1
	if ok {
		*memo |= 1
	}
	return ok
}

// selfRootDir reports the components of a directory where an agent
// reads its settings: the working directory or one of its parents (the
// project's root), the home directory, or anything when the working
// directory is unknown and the path relative.
func (e *analysis) selfRootDir(dir, home []string) bool {
	if len(dir) == 0 || selfPrefix(dir, home) {
		return true
	}
	return selfRootDirIn(dir, home, selfParts(e.cwd))
}

// selfRootDirIn is selfRootDir with the working directory's components
// given.
func selfRootDirIn(dir, home, cwd []string) bool {
	if len(dir) == 0 || selfPrefix(dir, home) {
		return true
	}
	return len(dir) <= len(cwd) && selfPrefix(dir, cwd[:len(dir)])
}

// places are the protected places, with the configured ones.
func (e *analysis) places() []selfPlace {
	if len(e.control) == 0 {
		return selfPlacesOnce()
	}
	if e.placeList != nil {
		return e.placeList
	}
	return placesWith(e.control)
}

// placesWith is selfPlacesOnce's places and the configured places of control.
func placesWith(control []string) []selfPlace {
	out := append([]selfPlace(nil), selfPlacesOnce()...)
	for _, c := range control {
		out = append(out, selfPlace{parts: selfParts(c), root: true, what: "actionguard's own files"})
	}
	return out
}

// homeParts is selfParts of the home directory.
func (e *analysis) homeParts() []string {
	if e.homeSplit != nil || e.home == "" {
		return e.homeSplit
	}
	return selfParts(e.home)
}

// selfParts splits a cleaned path into its components, lower case (the
// file systems of macOS and Windows ignore case), without "." and "".
func selfParts(p string) []string {
	var out []string
	for s := range strings.SplitSeq(strings.ToLower(p), "/") {
		if s != "" && s != "." {
			if out == nil {
				out = make([]string, 0, strings.Count(p, "/")+1) // sized once
			}
			out = append(out, s)
		}
	}
	return out
}

// selfPrefix reports whether the pattern components p can match the
// literal components lit one for one.
func selfPrefix(p, lit []string) bool {
	if len(p) != len(lit) {
		return false
	}
	for i := range p {
		if !selfComponent(p[i], lit[i]) {
			return false
		}
	}
	return true
}

type reach int

const (
	reachNone   reach = iota
	reachPlace        // the place itself, or inside it
	reachHolder       // a directory the place is in
)

// selfAligned matches pattern components p, starting where the place's
// first component would be, against the place's components t.
func selfAligned(p, t []string, tree bool) reach {
	switch {
	case len(p) == 0 && len(t) == 0:
		return reachPlace
	case len(p) == 0:
		if tree {
			return reachHolder
		}
		return reachNone
	case len(t) == 0:
		return reachPlace // inside the place
	}
	if p[0] == selfDeep {
		if r := selfAligned(p[1:], t, tree); r != reachNone {
			return r
		}
		// Any depth stands for the place's directories only when the
		// pattern ends with the protected name itself (find -name
		// settings.json): a search for *.log in a tree is not aimed at
		// a .claude that might be somewhere inside.
		if last := p[len(p)-1]; len(t) > 1 && last == t[len(t)-1] {
			return selfAligned(p, t[1:], tree)
		}
		return reachNone
	}
	if !selfComponent(p[0], t[0]) {
		return reachNone
	}
	return selfAligned(p[1:], t[1:], tree)
}

// selfComponent reports whether one component of a path as written (a
// glob, a name known only at run time) can match the name.
func selfComponent(pat, name string) bool {
	switch {
	case pat == name || pat == selfAny || pat == selfDeep:
		return true
	case strings.Contains(pat, "\x00"):
		return true // a part known only when the command runs
	case !strings.ContainsAny(pat, "*?["):
		return false
	case strings.HasPrefix(name, ".") && !strings.HasPrefix(pat, "."):
		// The shell's wildcards and brackets do not match a leading dot.
		return false
	}
	ok, err := path.Match(pat, name)
	return ok || err != nil // a pattern the matcher cannot read: assume the worst
}

// isGlobPath reports a path with a wildcard or a part known only at run
// time.
func isGlobPath(p string) bool {
	return strings.ContainsAny(p, "*?[\x00")
}

// selfJoin is dir/name as the command line would spell it.
func selfJoin(dir, name string) string {
	if strings.HasSuffix(dir, "/") {
		return dir + name
	}
	return dir + "/" + name
}

// selfBase is the name a source gives to its copy: its last component, or
// any name when it is known only at run time.
func selfBase(src string, dynamic bool) string {
	if dynamic || strings.ContainsAny(src, "$`") {
		return selfDynamic
	}
	b := path.Base(strings.TrimRight(src, "/"))
	if b == "." || b == "/" || b == ".." {
		return selfAny
	}
	return b
}

// showChange is a changed path as the user reads it.
func showChange(p string) string {
	if !strings.Contains(p, selfDeep) && strings.IndexByte(p, 0) < 0 {
		return p // none of the marks below is in it
	}
	return strings.NewReplacer("/"+selfDeep+"/", "/…/", selfAny, "…", selfDynamic, "…").Replace(p)
}

// selfHomeOrAbove reports the home directory or a directory above it
// (ln -s ~ h, ln -s / r: every protected place under a second name).
func selfHomeOrAbove(abs, home string) bool {
	a, h := strings.ToLower(path.Clean(abs)), strings.ToLower(path.Clean(home))
	return a == h || a == "/" || strings.HasPrefix(h, a+"/")
}
