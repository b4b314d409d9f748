package setup

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// Managed settings that keep the user's hook from running are reported,
// in every shape the file can take; a file that installs actionguard's
// hook itself is read as such.
func TestInspectManagedFile(t *testing.T) {
	a, _ := LookupAgent("claude-code")
	ours := `{"hooks":{"PreToolUse":[{"matcher":"*","hooks":[{"type":"command","command":"/usr/local/bin/actionguard-hook hook claude-code"}]}]}`
	for _, c := range []struct {
		name, src string
		blocks    string // a word of the reason, or "" when nothing is blocked
		hooks     int
		err       bool
	}{
		{"absent", "", "", 0, false},
		{"empty", `{}`, "", 0, false},
		{"all hooks off", `{"disableAllHooks": true}`, "disableAllHooks", 0, false},
		{"all hooks off, with ours", strings.Replace(ours, `{"hooks"`, `{"disableAllHooks":true,"hooks"`, 1) + `}`, "disableAllHooks", 1, false},
		{"switch false", `{"disableAllHooks": false, "allowManagedHooksOnly": false}`, "", 0, false},
		{"switch as a string", `{"disableAllHooks": "true"}`, "", 0, false},
		{"managed only, none of ours", `{"allowManagedHooksOnly": true}`, "allowManagedHooksOnly", 0, false},
		{"managed only, ours listed", strings.Replace(ours, `{"hooks"`, `{"allowManagedHooksOnly":true,"hooks"`, 1) + `}`, "", 1, false},
		{"ours, no switch", ours + `}`, "", 1, false},
		{"not JSON", `{"disableAllHooks": tru`, "", 0, true},
	} {
		t.Run(c.name, func(t *testing.T) {
			file := filepath.Join(t.TempDir(), "managed-settings.json")
			if c.name != "absent" {
				if err := os.WriteFile(file, []byte(c.src), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			m := inspectManagedFile(a, file)
			if (m.Err != "") != c.err {
				t.Fatalf("error %q, want error %v", m.Err, c.err)
			}
			if m.Exists != (c.name != "absent" && !c.err) && !c.err {
				t.Errorf("exists %v", m.Exists)
			}
			blocks, why := m.Blocks()
			if blocks != (c.blocks != "") || !strings.Contains(why, c.blocks) {
				t.Errorf("Blocks() = %v, %q; want a reason naming %q", blocks, why, c.blocks)
			}
			if len(m.Hooks) != c.hooks {
				t.Errorf("hooks %v, want %d", m.Hooks, c.hooks)
			}
		})
	}
	if _, ok := InspectManaged(mustAgent(t, "codex")); ok {
		t.Errorf("codex has no managed settings file")
	}
}

func mustAgent(t *testing.T, name string) *Agent {
	a, ok := LookupAgent(name)
	if !ok {
		t.Fatalf("no agent %s", name)
	}
	return a
}
