package shell

import (
	"strings"
	"testing"
)

// FuzzSelfReach: matching a changed path (a glob, a name known only at
// run time) against the protected places never panics; a change of a
// whole tree reaches at least what a change of the path alone does; and
// a wildcard spelled for the last component (keeping a leading dot) never
// reaches less of the agents' hook settings than the name it stands for.
func FuzzSelfReach(f *testing.F) {
	for _, s := range []string{
		".claude/settings.json", ".cl*/settings.local.json", ".claude/*", "~/.claude", "/home/dev/project/.c*", "**/settings.json",
		"/srv/ag/*", "~/.config/action*", ".github", "[.]claude", "\x00any", "a/**/b/**/c", "~/.claude.json", ".[", "*/.claude/*",
		"/home/dev/./project/../project/.codex/hooks.json", "$HOME/.gemini/settings.json", "", "/", "~",
	} {
		f.Add(s)
	}
	env := newAnalysis(selfOptions)
	f.Fuzz(func(t *testing.T, p string) {
		if len(p) > 512 {
			return
		}
		file := env.selfReach(selfChange{p, false})
		tree := env.selfReach(selfChange{p, true})
		if file.ok() && !tree.ok() {
			t.Fatalf("%q: reached as a file (%s), not as a tree", p, file.what)
		}
		i := strings.LastIndexByte(p, '/')
		dir, base := p[:i+1], p[i+1:]
		if file.what != agentHooks || strings.Contains(p, selfDeep) || base == "" || strings.ContainsAny(p, "$`\x00") || base == "." || base == ".." || base == "~" || strings.HasPrefix(p, "~") && i < 0 {
			return
		}
		glob := dir + "*"
		if strings.HasPrefix(base, ".") {
			glob = dir + ".*"
		}
		if file.ok() && !env.selfReach(selfChange{glob, false}).ok() {
			t.Fatalf("%q reaches %s, but %q does not", p, file.what, glob)
		}
	})
}
