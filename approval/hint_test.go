package approval

import (
	"os"
	"path/filepath"
	"strconv"
	"testing"
)

// MayHaveRequest sees a request file under each stable id of the call and
// under none of another call's; without a session nothing passes, and
// without a directory or input hash the store must be asked.
func TestMayHaveRequest(t *testing.T) {
	for i := range 20 {
		k := Key{Session: "s" + strconv.Itoa(i), InputHash: InputHash("Bash", map[string]any{"command": "npm publish " + strconv.Itoa(i)}), Cwd: "/p", Agent: "claude-code"}
		other := k
		other.InputHash = InputHash("Bash", map[string]any{"command": "npm publish --dry-run"})
		for n := range stableIDs {
			dir := t.TempDir()
			if MayHaveRequest(dir, k) {
				t.Fatalf("%d: an empty directory has a request", i)
			}
			if err := os.WriteFile(filepath.Join(dir, candidateID(k.Session, k.InputHash, n)+".md"), nil, 0o600); err != nil {
				t.Fatal(err)
			}
			if !MayHaveRequest(dir, k) {
				t.Errorf("%d: the request under stable id %d is not seen", i, n)
			}
			if MayHaveRequest(dir, other) && candidateID(k.Session, k.InputHash, n) != candidateID(other.Session, other.InputHash, n) {
				t.Errorf("%d: another call's request is seen", i)
			}
			// A request that is not a file (a link, a directory) is still looked at.
			os.Remove(filepath.Join(dir, candidateID(k.Session, k.InputHash, n)+".md"))
			if err := os.Mkdir(filepath.Join(dir, candidateID(k.Session, k.InputHash, n)+".md"), 0o700); err != nil {
				t.Fatal(err)
			}
			if !MayHaveRequest(dir, k) {
				t.Errorf("%d: a directory under stable id %d is not seen", i, n)
			}
		}
	}
	k := Key{Session: "s", InputHash: "h"}
	if MayHaveRequest(t.TempDir(), Key{InputHash: "h"}) {
		t.Error("a call without a session may pass")
	}
	if !MayHaveRequest("", k) || !MayHaveRequest(t.TempDir(), Key{Session: "s"}) {
		t.Error("with nothing to look for, the store is not asked")
	}
}
