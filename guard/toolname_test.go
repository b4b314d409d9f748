package guard

import (
	"strings"
	"testing"
)

// TestLowerToolName: the names lowerToolName knows are lowered as
// strings.ToLower lowers them, and so is every other name.
func TestLowerToolName(t *testing.T) {
	names := []string{"Bash", "Read", "Write", "Edit", "MultiEdit", "Glob", "Grep", "WebFetch", "PowerShell",
		"bash", "BASH", "bAsh", "Bash ", "run_shell_command", "ÉCRIRE", "K\u212Aelvin", "", "WebFetch2", "Power Shell"}
	for _, n := range names {
		if got, want := lowerToolName(n), strings.ToLower(n); got != want {
			t.Errorf("lowerToolName(%q) = %q, strings.ToLower gives %q", n, got, want)
		}
	}
}
