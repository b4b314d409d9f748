package shell

import (
	"strings"
	"testing"
)

// FuzzSelfArgument: judging a tool's argument against the control plane
// never panics, reports only the control plane's rules, and finds nothing
// in text that names neither actionguard, an agent's hook settings, a
// configured place nor the server's API.
func FuzzSelfArgument(f *testing.F) {
	for _, s := range []string{
		"~/.config/actionguard/actionguard.yaml", "/home/dev/.local/state/actionguard/sessions/fingerprint.key",
		"http://127.0.0.1:8750/v1/approvals/ap-1/approve", "import sqlite3\nsqlite3.connect('/srv/ag/state.db')",
		"$ACTIONGUARD_DB", "${XDG_STATE_HOME}/actionguard/x", ".claude/settings.json", "curl -X POST :8750/v1/check",
		"", "/", "~", "$", "file://~/.config/actionguard", "\x00actionguard", "/v1/approvals//approve",
	} {
		f.Add(s, true)
	}
	f.Fuzz(func(t *testing.T, s string, write bool) {
		fs := SelfArgument(s, write, selfOptions)
		for _, fd := range fs {
			if !strings.HasPrefix(fd.Rule, "shell.self.") {
				t.Fatalf("%q: rule %s", s, fd.Rule)
			}
		}
		named := strings.Contains(strings.ToLower(s), "actionguard") || strings.Contains(s, "/v1/") || strings.Contains(s, ":8750") ||
			strings.Contains(s, "/srv/ag/") || strings.Contains(s, "/etc/ag/") || strings.Contains(s, "state.db") || strings.Contains(s, "policy.yaml") ||
			strings.Contains(s, "sessions") || strings.Contains(s, "hooks") || strings.Contains(s, ".claude") || strings.Contains(s, ".codex") ||
			strings.Contains(s, ".gemini") || strings.Contains(s, ".cursor") || strings.Contains(s, "..") ||
			strings.Contains(s, ".github") || strings.Contains(s, ".copilot") || strings.Contains(s, ".config") || strings.Contains(s, ".local") ||
			strings.ContainsAny(s, "*?[\x00") // a wildcard can name any of them
		if len(fs) > 0 && !named {
			t.Fatalf("%q: %v, yet it names nothing of actionguard", s, fs)
		}
	})
}
