package cli_test

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// TestHookBrokenPolicy: a policy file that does not load never loosens the
// hook. A deny-listed command stays denied when the user's file, or the
// project's, gets a typo (its last valid version decides, and the answer
// says so); with no valid version kept, the strictest built-in settings
// decide; doctor exits non-zero naming the file and the line.
func TestHookBrokenPolicy(t *testing.T) {
	bin := hookBuildCmd(t, "actionguard-hook")
	main := hookBuild(t)
	const userValid = "deny:\n  - command: \"echo forbidden\"\n    verdict: block\n"
	const userBroken = userValid + "securty_level: 9\n"
	const projectValid = "deny:\n  - command: \"echo project-forbidden\"\n    verdict: block\n"
	const projectBroken = "deny:\n  - command: \"echo project-forbidden\"\n    verdict: blok\n"

	setup := func(t *testing.T, user, project string) *claudeSession {
		s := newClaudeSession(t, bin, "sess-policy")
		write(t, filepath.Join(s.dir, "config", "actionguard", "actionguard.yaml"), user)
		if project != "" {
			write(t, filepath.Join(s.dir, "project", "actionguard.yaml"), project)
		}
		return s
	}
	bash := func(cmd string) map[string]any { return map[string]any{"command": cmd} }
	// The hook reads the project's file from its own working directory,
	// which hookRunBinary sets to the session's folder: the project sits
	// there as well.
	projectFile := func(s *claudeSession) string { return filepath.Join(s.dir, "actionguard.yaml") }

	t.Run("user file with a typo", func(t *testing.T) {
		s := setup(t, userValid, "")
		if d, reason, _ := s.pre("Bash", bash("echo forbidden")); d != "deny" {
			t.Fatalf("with the valid policy: %s: %s", d, reason)
		}
		write(t, filepath.Join(s.dir, "config", "actionguard", "actionguard.yaml"), userBroken)
		d, reason, _ := s.pre("Bash", bash("echo forbidden"))
		if d != "deny" {
			t.Errorf("a deny-listed command with the policy broken: %s: %s", d, reason)
		}
		if !strings.Contains(reason, "does not load") || !strings.Contains(reason, "actionguard.yaml:4") || !strings.Contains(reason, "last valid version") {
			t.Errorf("the answer does not say the policy is broken and what decides: %s", reason)
		}
		// A routine command still runs, and says why the policy is not the one on disk.
		if d, reason, _ := s.pre("Bash", bash("ls")); d != "allow" || !strings.Contains(reason, "last valid version") {
			t.Errorf("ls with the policy broken: %s: %s", d, reason)
		}
		// doctor: a problem, with the file and the line, and a non-zero exit.
		r := hookRunBinary(t, main, s.dir, nil, "doctor")
		out := string(r.stdout) + string(r.stderr)
		if r.exit == 0 {
			t.Errorf("doctor exits 0 with a broken policy:\n%s", out)
		}
		if !regexp.MustCompile(regexp.QuoteMeta(filepath.Join("actionguard", "actionguard.yaml")) + `:4:\d+`).MatchString(out) {
			t.Errorf("doctor does not name the file and the line:\n%s", out)
		}
		if !strings.Contains(out, "the hooks keep enforcing the last valid version") {
			t.Errorf("doctor does not say what the hooks enforce meanwhile:\n%s", out)
		}
	})

	t.Run("project file with a typo", func(t *testing.T) {
		s := setup(t, userValid, "")
		write(t, projectFile(s), projectValid)
		if d, reason, _ := s.pre("Bash", bash("echo project-forbidden")); d != "deny" {
			t.Fatalf("with the valid project policy: %s: %s", d, reason)
		}
		write(t, projectFile(s), projectBroken)
		for _, cmd := range []string{"echo project-forbidden", "echo forbidden"} {
			if d, reason, _ := s.pre("Bash", bash(cmd)); d != "deny" || !strings.Contains(reason, "does not load") {
				t.Errorf("%s with the project policy broken: %s: %s", cmd, d, reason)
			}
		}
	})

	t.Run("no valid version kept", func(t *testing.T) {
		s := setup(t, userBroken, "")
		d, reason, _ := s.pre("Bash", bash("rm -rf /"))
		if d != "deny" {
			t.Errorf("rm -rf / with a broken policy: %s: %s", d, reason)
		}
		if !strings.Contains(reason, "strictest built-in settings") {
			t.Errorf("the answer does not say the strictest settings decide: %s", reason)
		}
		// The strictest settings hold what the default policy would let
		// through with a notice.
		if d, reason, _ := s.pre("Bash", bash("git push --force origin feature/x")); d == "allow" {
			t.Errorf("a force push under the strictest settings: %s: %s", d, reason)
		}
		// check decides as the hook does, and says why on stderr; with
		// --strict-policy it refuses the broken file.
		if r := hookRunBinary(t, main, s.dir, nil, "check", "--", "rm -rf /"); r.exit != 4 || !strings.Contains(string(r.stderr), "strictest built-in settings") {
			t.Errorf("check with a broken policy: exit %d: %s", r.exit, r.stderr)
		}
		if r := hookRunBinary(t, main, s.dir, nil, "--strict-policy", "check", "--", "ls"); r.exit != 6 {
			t.Errorf("check --strict-policy with a broken policy: exit %d: %s", r.exit, r.stderr)
		}
	})

	t.Run("project file broken, none kept", func(t *testing.T) {
		s := setup(t, userValid, "")
		write(t, projectFile(s), projectBroken)
		// The user's own deny list stays; the project's broken file only
		// tightens (the strictest settings).
		if d, reason, _ := s.pre("Bash", bash("echo forbidden")); d != "deny" || !strings.Contains(reason, "strictest") {
			t.Errorf("echo forbidden with a broken project file: %s: %s", d, reason)
		}
	})
}

func write(t *testing.T, path, content string) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, []byte(content), 0o644); err != nil {
		t.Fatal(err)
	}
}
