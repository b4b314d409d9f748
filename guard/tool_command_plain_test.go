package guard

import "testing"

// TestPlainShellCallSkipsNothing: for every shell call of the corpora's
// shapes that plainShellCall lets skip the scan, the scan would have found
// nothing to judge in its place; and a place or a second command key is
// never skipped.
func TestPlainShellCallSkipsNothing(t *testing.T) {
	inputs := []map[string]any{
		{"command": "rm -rf ~"}, {"command": "ls", "description": "list"}, {"command": "make", "timeout": 120000.0, "run_in_background": true},
		{"command": "git push --force", "cwd": "/tmp"}, {"command": "x", "workdir": "/w", "description": nil},
	}
	for _, in := range inputs {
		if !plainShellCall(in) {
			t.Errorf("%v is not read as a plain shell call", in)
			continue
		}
		a := &Action{Tool: "Bash", Input: in}
		if tc, ok := findToolCommand(a); ok && (tc.where != "" || tc.split) {
			t.Errorf("%v: skipped, but the scan finds %+v", in, tc)
		}
	}
	for _, in := range []map[string]any{
		{"command": "rm -rf /data", "container": "web"}, {"command": "rm -rf /data", "pod": "p"}, {"command": "rm -rf ~", "host": "prod"},
		{"command": "git", "args": []any{"push", "--force"}}, {"command": []any{"rm", "-rf", "~"}}, {"command": "ls", "description": map[string]any{"cmd": "rm -rf ~"}},
		{"command": "ls", "script": "rm -rf ~"},
	} {
		if plainShellCall(in) {
			t.Errorf("%v is read as a plain shell call", in)
		}
	}
}
