package shell

import (
	"strings"
	"testing"
)

// TestContainsAssignment: containsAssignment is strings.Contains(src,
// name+"="), on every prefix and suffix of texts built around each name.
func TestContainsAssignment(t *testing.T) {
	for _, name := range secretVars {
		for _, text := range []string{
			name + "=x", "x " + name + "=", name, name + " =x", name + name + "=", name[:len(name)-1] + "=" + name,
			"=" + name, name + "==", strings.ToLower(name) + "=x", "a" + name + "b" + name + "=",
		} {
			for i := 0; i <= len(text); i++ {
				for _, src := range []string{text[:i], text[i:]} {
					if got, want := containsAssignment(src, name), strings.Contains(src, name+"="); got != want {
						t.Errorf("containsAssignment(%q, %q) = %v, want %v", src, name, got, want)
					}
				}
			}
		}
	}
}
