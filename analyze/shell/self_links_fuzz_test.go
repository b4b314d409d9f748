package shell

import (
	"strings"
	"testing"
)

// FuzzSelfGlob: judging a path with wildcards, or the code an interpreter
// runs, against actionguard's places never panics; a pattern that names a
// key by its literal name inside the state directory is a key whatever
// wildcards spell the directories above it.
func FuzzSelfGlob(f *testing.F) {
	for _, s := range []string{
		"~/.local/st*/act*/audit.k*", "~/.l*/st*/act*", "~/.c*/a*/modes.json", "*", "/", "[", "~/.local/state/[a-", "**/*",
		"glob.glob(os.path.expanduser('~/.local/st*/act*/*.db*'))", "'.config/*/x'", "~/.local/*/actionguard/sessions/*", "",
	} {
		f.Add(s)
	}
	env := newAnalysis(selfOptions)
	f.Fuzz(func(t *testing.T, p string) {
		if len(p) > 512 {
			return
		}
		_ = env.mentionsGlob(p)
		part := env.controlGlob(p)
		if !part.ok() || strings.ContainsAny(p, "$`\x00 ") {
			return
		}
		if !strings.HasSuffix(p, "/") && !strings.HasSuffix(p, "*") && !strings.HasSuffix(p, "]") && !strings.HasSuffix(p, "?") && !strings.HasSuffix(p, ".") {
			key := env.controlGlob(strings.TrimRight(p, "/") + "/audit.key")
			if !key.ok() || !key.key {
				t.Fatalf("%q reaches %s, but its audit.key is not a key (%+v)", p, part.what, key)
			}
		}
	})
}
