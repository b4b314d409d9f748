package shell

import (
	"strings"
	"testing"
)

// FuzzPatchPaths: any text gives names without a panic, each one a line's
// piece (no newline), and a name the patch spells in a +++ header is
// among them.
func FuzzPatchPaths(f *testing.F) {
	for _, name := range []string{".claude/settings.json", "src/a b.go", "\"q\\303\\251.txt\""} {
		for _, p := range patchHeaders(name) {
			f.Add(p)
		}
	}
	f.Add("diff --git \"a/x\ny\" b/z\n")
	f.Add("--- \"unterminated\n+++ \"a\\\n")
	f.Add("*** 1,5 ****\n--- 1,5 ----\n")
	f.Fuzz(func(t *testing.T, text string) {
		names, ok := PatchPaths(text)
		if !ok {
			if len(text) <= maxPatchBytes {
				t.Fatalf("a patch of %d bytes was not read", len(text))
			}
			return
		}
		for _, n := range names {
			if n == "" || strings.ContainsAny(n, "\n") && !strings.Contains(text, "\"") {
				t.Fatalf("name %q from %q", n, text)
			}
		}
		for _, line := range strings.Split(text, "\n") {
			rest, ok := strings.CutPrefix(line, "+++ ")
			if !ok || strings.ContainsAny(rest, "\t\"\r") || strings.TrimSpace(rest) != rest || rest == "" || rest == "/dev/null" || contextRange(rest, '-') {
				continue
			}
			found := false
			for _, n := range names {
				found = found || n == rest
			}
			if !found && len(names) < maxArriveNames {
				t.Fatalf("+++ %q not among %q", rest, names)
			}
		}
	})
}
