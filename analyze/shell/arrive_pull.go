package shell

import (
	"path"
	"slices"
	"strings"

	"github.com/actionguard/actionguard/rule"
)

// Pulls into a repository that tracks what the next session's hook reads.
// A pull (or a merge, a rebase or a reset --hard after a fetch, or a
// submodule update) brings commits whose files are not read here: the
// agents' settings a repository tracks (.claude/settings.json, .mcp.json,
// .cursor/, .github/hooks/, the scripts core.hooksPath names, a project's
// .actionguard.yaml) then change as they arrive, and the next session's
// hook reads the new ones. It runs (a pull is the person's own history),
// noted with what the repository tracks; a repository that tracks none of
// them pulls as before. A repository whose index cannot be read here (a
// working directory not known, an index too large or in a format not
// read) is noted as one that may. Without Options.Tracked (no machine to
// read) only a repository kept where the settings live is noted.

var ruleGitPullSettings = &rule.Rule{
	ID: "shell.git.pull-settings", Category: rule.Configuration, Points: 15,
	Summary:     "Brings commits not read here into a repository that tracks the agent's settings or actionguard's policy: they change as the commits arrive, and the next session's hook reads the new ones.",
	Alternative: "fetch first and look at what would change in them: git fetch, then git diff HEAD...@{u} -- .claude .mcp.json",
	Match: []string{"git -C ~/.claude pull", "cd ~/.claude && git pull --rebase origin main", "cd ~/.config/actionguard && git fetch origin && git merge origin/main",
		"git -C ~ pull", "cd ~/.claude/hooks && git fetch && git reset --hard origin/main", "git -C ~/.claude submodule update --remote"},
	NoMatch: []string{"git pull", "git fetch", "git -C ~/.claude log origin/main", "git -C ~/.claude status", "git -C ~/.claude diff HEAD...@{u}", "git -C ~/.claude submodule status",
		"git -C ~/src/app pull"},
}

// TrackedFiles is what a git repository's index tracks (Options.Tracked).
type TrackedFiles struct {
	// Root is the absolute top of the working tree.
	Root string
	// HooksPath is core.hooksPath as the repository's config sets it ("":
	// unset); relative to Root unless absolute.
	HooksPath string
	// Each calls f with the slash-separated path, relative to Root, of
	// every tracked file until f returns false; it returns false when the
	// index cannot be read.
	Each func(f func(rel string) bool) bool
}

// gitUpdatesRemoteRefs reports a git command that updates the remote-tracking refs:
// a revision named after it is not what the analysis could read.
func gitUpdatesRemoteRefs(c *Cmd) bool {
	av := c.Argv()
	if len(av.Sub) == 0 {
		return false
	}
	switch av.Sub[0] {
	case "fetch", "pull":
		return true
	case "remote":
		return len(av.Sub) > 1 && av.Sub[1] == "update"
	}
	return false
}

// selfWritten reports that c is already blocked as a write of the control
// plane.
func (r *report) selfWritten(c *Cmd) bool {
	for _, f := range r.res.Findings {
		if f.Rule == ruleSelfWrite.ID && f.Cmd == c.index {
			return true
		}
	}
	return false
}

// maxTrackedNamed bounds the tracked settings a message names.
const maxTrackedNamed = 3

// pullSettings notes c, a git operation that brings what (in words) into
// its repository, when the repository tracks the agents' settings or
// actionguard's policy, or when that cannot be told.
func (r *report) pullSettings(c *Cmd, op arrival, env *analysis, what string) {
	lead := op.tool + " brings " + what
	dir := ""
	if len(op.dests) > 0 {
		if abs, ok := env.resolve(op.dests[0]); ok && strings.HasPrefix(abs, "/") {
			dir = path.Clean(abs)
		}
	}
	unknown := func(where string) {
		r.add(c.find(ruleGitPullSettings, lead+" into "+where+" whose tracked files are not read here: if it tracks the agent's settings or actionguard's policy, they change as the commits arrive and the next session's hook reads the new ones.", ""))
	}
	if r.tracked == nil {
		// No machine to read: only a repository kept where the settings
		// live (~/.claude, actionguard's directories, the home directory's
		// dotfiles) is noted; elsewhere the command line alone is judged.
		if dir != "" && env.settingsDir(dir) {
			unknown(showDest(op.dests[0]) + ", a directory of the agent's settings or actionguard's files,")
		}
		return
	}
	repo, ok := r.trackedRepo(dir)
	if !ok {
		unknown("a repository")
		return
	}
	if !op.submodules {
		if names, whats, ok := env.trackedSettings(repo); !ok {
			unknown("a repository")
		} else if len(names) > 0 {
			r.add(c.find(ruleGitPullSettings, lead+" into a repository that tracks "+names+" ("+whats+"): they change as the commits arrive, and the next session's hook reads the new ones.", ""))
		}
		return
	}
	// A submodule's files are in its own index: each one .gitmodules
	// names is read like a repository of its own.
	fc, read := r.flow.file(path.Join(repo.Root, ".gitmodules"))
	if !read || fc.kind != streamLiteral || fc.partial {
		unknown("submodules")
		return
	}
	for _, sub := range gitmodulePaths(fc.text) {
		at := path.Join(repo.Root, sub)
		if !strings.HasPrefix(at, repo.Root+"/") {
			continue // git refuses a submodule outside the work tree
		}
		s, ok := r.trackedRepo(at)
		if !ok || s.Root != at {
			unknown(sub + ",")
			return
		}
		names, whats, ok := env.trackedSettings(s)
		if !ok {
			unknown(sub + ",")
			return
		}
		if len(names) > 0 {
			r.add(c.find(ruleGitPullSettings, lead+" into "+sub+", which tracks "+names+" ("+whats+"): they change as the commits arrive, and the hook of a session started there reads the new ones.", ""))
			return
		}
	}
}

// settingsDir reports the home directory, or a directory whose own files
// are the agents' settings or actionguard's.
func (e *analysis) settingsDir(dir string) bool {
	if e.home != "" && dir == e.home || e.controlAncestor(dir) {
		return true
	}
	for _, leaf := range []string{"settings.json", "config.toml", "hooks.json", "hooks/x", "x.yaml"} {
		if e.controlPlane(dir + "/" + leaf).ok() {
			return true
		}
	}
	return false
}

// trackedRepo asks Options.Tracked about dir, within the analysis's bound.
func (r *report) trackedRepo(dir string) (TrackedFiles, bool) {
	if r.tracked == nil || dir == "" || r.trackedReads >= MaxIncomingReads {
		return TrackedFiles{}, false
	}
	r.trackedReads++
	repo, ok := r.tracked(dir)
	if !ok || repo.Each == nil || !strings.HasPrefix(repo.Root, "/") {
		return TrackedFiles{}, false
	}
	repo.Root = path.Clean(repo.Root)
	return repo, true
}

// trackedSettings names, in a message's words, the files repo tracks that
// the agents or actionguard read as settings ("" when none), and what
// they are; ok is false when the index cannot be read.
func (e *analysis) trackedSettings(repo TrackedFiles) (names, whats string, ok bool) {
	hooks := ""
	if h := strings.Trim(strings.ReplaceAll(repo.HooksPath, "\\", "/"), "/"); h != "" && repo.HooksPath[0] != '/' {
		hooks = path.Clean(h)
	} else if h != "" {
		if rel, in := strings.CutPrefix(path.Clean(repo.HooksPath), repo.Root+"/"); in {
			hooks = rel
		}
	}
	var named, kinds []string
	more := false
	ok = repo.Each(func(rel string) bool {
		what := e.trackedSetting(repo.Root, rel, hooks)
		if what == "" {
			return true
		}
		if len(named) == maxTrackedNamed {
			more = true
			return false
		}
		named = append(named, rel)
		if !slices.Contains(kinds, what) {
			kinds = append(kinds, what)
		}
		return true
	})
	if !ok || len(named) == 0 {
		return "", "", ok
	}
	names = strings.Join(named, ", ")
	if more {
		names += " and more"
	}
	return names, strings.Join(kinds, "; "), true
}

// trackedSetting says what the tracked file rel of the repository at root
// is to the agents or to actionguard, or "".
func (e *analysis) trackedSetting(root, rel, hooks string) string {
	if rel == "" || !dotOrSelf(rel) && (hooks == "" || !strings.HasPrefix(rel, hooks+"/")) {
		return "" // most of a repository: neither a dot place nor actionguard's
	}
	if hooks != "" && strings.HasPrefix(rel, hooks+"/") {
		return "the git hooks core.hooksPath runs"
	}
	if part := e.controlPlane(root + "/" + rel); part.ok() {
		return part.what
	}
	l := strings.ToLower(rel)
	if strings.HasPrefix(l, ".vscode/") || strings.HasPrefix(l, ".cursor/") || strings.Contains(l, "/.vscode/") || strings.Contains(l, "/.cursor/") {
		switch path.Base(l) {
		case "settings.json", "tasks.json", "launch.json", "mcp.json":
			return "the editor's settings, which run what they name"
		}
	}
	return ""
}

// dotOrSelf reports a path with a component that starts with a dot, or
// one that names actionguard: only those can be settings.
func dotOrSelf(rel string) bool {
	if rel[0] == '.' || strings.Contains(rel, "/.") {
		return true
	}
	for i := 0; i+len("actionguard") <= len(rel); i++ {
		if (rel[i]|0x20) == 'a' && strings.EqualFold(rel[i:i+len("actionguard")], "actionguard") {
			return true
		}
	}
	return false
}

// gitmodulePaths are the path = … values of a .gitmodules file.
func gitmodulePaths(text string) []string {
	var out []string
	for line := range strings.SplitSeq(text, "\n") {
		k, v, ok := strings.Cut(strings.TrimSpace(line), "=")
		if !ok || !strings.EqualFold(strings.TrimSpace(k), "path") {
			continue
		}
		if v = strings.Trim(strings.TrimSpace(v), `"`); v != "" && len(out) < MaxIncomingReads {
			out = append(out, path.Clean(v))
		}
	}
	return out
}
