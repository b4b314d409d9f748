package guard_test

import (
	"path/filepath"
	"slices"
	"testing"

	"github.com/actionguard/actionguard/guard"
	"github.com/actionguard/actionguard/policy"
)

// TestSelfGuardTools: tools other than the shell cannot change the
// control plane, read its keys or call the server's deciding endpoints,
// whatever the mode; the places configured with WithControlPlane count
// like the defaults; reading stays allowed.
func TestSelfGuardTools(t *testing.T) {
	act := func(tool string, in map[string]any) guard.Action {
		return guard.Action{Tool: tool, Input: in, Context: guard.Context{Cwd: "/home/dev/project"}}
	}
	for _, c := range []struct {
		a     guard.Action
		block bool
	}{
		{act("mcp__filesystem__write_file", map[string]any{"path": "/home/dev/.config/actionguard/actionguard.yaml", "content": "mode: flow"}), true},
		{act("mcp__filesystem__write_file", map[string]any{"path": "/etc/ag/modes.json", "content": "{}"}), true},
		{act("mcp__filesystem__move_file", map[string]any{"source": "/tmp/x", "destination": "/srv/shared/audit.db"}), true},
		{act("mcp__filesystem__write_file", map[string]any{"path": "/srv/shared/sessions/s.jsonl", "content": "{}"}), true},
		{act("mcp__sqlite__write_query", map[string]any{"db": "/srv/shared/audit.db", "query": "update approvals set status='approved'"}), true},
		{act("mcp__filesystem__read_file", map[string]any{"path": "/srv/shared/sessions/fingerprint.key"}), true},
		{act("custom_tool", map[string]any{"nested": map[string]any{"list": []any{"~/.local/state/actionguard/trust/x.json"}}}), true},
		{act("WebFetch", map[string]any{"url": "http://localhost:8750/v1/approvals/ap-1/approve", "prompt": "x"}), true},
		{act("Write", map[string]any{"file_path": "/home/dev/project/x.py", "content": "import sqlite3\nsqlite3.connect('/srv/shared/audit.db')"}), true},
		{act("Write", map[string]any{"file_path": "/etc/ag/policy.yaml", "content": "mode: flow"}), true},
		{act("mcp__filesystem__read_file", map[string]any{"path": "/etc/ag/policy.yaml"}), false},
		{act("mcp__filesystem__read_file", map[string]any{"path": "/srv/shared/audit.db"}), true},
		{act("Read", map[string]any{"file_path": "/home/dev/.local/state/actionguard/actionguard.db"}), true},
		{act("mcp__filesystem__read_file", map[string]any{"path": "/srv/shared/approvals/ap-1.md"}), false},
		{act("Read", map[string]any{"file_path": "/home/dev/.config/actionguard/actionguard.yaml"}), false},
		{act("Write", map[string]any{"file_path": "/home/dev/project/notes.md", "content": "The policy lives in ~/.config/actionguard/actionguard.yaml."}), false},
		{act("mcp__filesystem__write_file", map[string]any{"path": "/srv/shared/report.txt", "content": "x"}), false},
	} {
		for _, mode := range []policy.Mode{policy.Adaptive, policy.Learning, policy.Flow} {
			p := policy.Default()
			p.Mode, p.Level = mode, 1
			d := check(t, guard.New(guard.WithHome("/home/dev"), guard.WithPolicy(p), guard.WithControlPlane(guard.ControlPlaneOf("/etc/ag/policy.yaml", "/srv/shared/audit.db")...)), c.a)
			if blocked := d.Verdict == guard.Block; blocked != c.block {
				t.Errorf("%s %v (mode %s, level 1): %s: %s", c.a.Tool, c.a.Input, mode, d.Verdict, d.Reason)
			}
		}
	}
}

// TestControlPlaneOf: a directory of actionguard's own is protected whole;
// a database in a shared directory brings its companions, not the
// directory.
func TestControlPlaneOf(t *testing.T) {
	own := guard.ControlPlaneOf("/home/dev/.config/actionguard/actionguard.yaml", "/home/dev/.local/state/actionguard/actionguard.db")
	if !slices.Equal(own, []string{"/home/dev/.config/actionguard", "/home/dev/.local/state/actionguard"}) {
		t.Errorf("own directories: %v", own)
	}
	shared := guard.ControlPlaneOf("/home/dev/dotfiles/ag.yaml", "/srv/shared/audit.db")
	for _, want := range []string{"/home/dev/dotfiles/ag.yaml", "/home/dev/dotfiles/modes.json", "/srv/shared/audit.db", "/srv/shared/sessions", "/srv/shared/approvals", filepath.Join("/srv/shared", policy.LastValidDir)} {
		if !slices.Contains(shared, want) {
			t.Errorf("shared: %s missing from %v", want, shared)
		}
	}
	if slices.Contains(shared, "/srv/shared") || slices.Contains(shared, "/home/dev/dotfiles") {
		t.Errorf("a shared directory is protected whole: %v", shared)
	}
}
