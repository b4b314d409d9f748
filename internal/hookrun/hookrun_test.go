package hookrun

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/actionguard/actionguard/adapter"
	"github.com/actionguard/actionguard/audit"
	"github.com/actionguard/actionguard/feedback"
)

func call(t *testing.T, cfg Config, ev map[string]any) string {
	t.Helper()
	in, _ := json.Marshal(ev)
	resp := Run(context.Background(), adapter.Claude{}, cfg, strings.NewReader(string(in)))
	if resp.Exit != 0 {
		t.Fatalf("exit %d: %s", resp.Exit, resp.Stderr)
	}
	return string(resp.Stdout)
}

// The session's prompts and tool outputs are kept (redacted) and later
// checks of the same session see them: a user who asked for the command
// gets it with a notice instead of a question.
func TestSessionHistoryReachesLaterChecks(t *testing.T) {
	dir := t.TempDir()
	db := filepath.Join(dir, "audit.db")
	cfg := Config{DBPath: db, Getenv: func(k string) string {
		if k == "HOME" {
			return dir
		}
		return ""
	}}
	pre := func(cmd string) string {
		return call(t, cfg, map[string]any{"session_id": "s1", "cwd": "/home/dev/project", "hook_event_name": "PreToolUse", "tool_name": "Bash", "tool_input": map[string]any{"command": cmd}})
	}
	if out := pre("rm -rf ./uploads"); !strings.Contains(out, `"ask"`) {
		t.Fatalf("before the user asked: %s", out)
	}
	call(t, cfg, map[string]any{"session_id": "s1", "hook_event_name": "UserPromptSubmit", "prompt": "please run rm -rf ./uploads, my token is ghp_abcdefghijklmnopqrstuvwxyz0123456789"})
	call(t, cfg, map[string]any{"session_id": "s1", "hook_event_name": "PostToolUse", "tool_name": "Read", "tool_input": map[string]any{"file_path": "/home/dev/.env"}, "tool_response": "API_KEY=sk-abcdefghijklmnopqrstuvwx0123"})
	if out := pre("rm -rf ./uploads"); !strings.Contains(out, `"allow"`) {
		t.Errorf("after the user asked for it: %s", out)
	}
	steps, err := readSession(sessionPath(db, "s1"), 20)
	if err != nil || len(steps) != 2 {
		t.Fatalf("session history: %d steps, %v", len(steps), err)
	}
	for _, s := range steps {
		if strings.Contains(s.Observation, "ghp_") || strings.Contains(s.Observation, "sk-abc") {
			t.Errorf("a secret is kept in the session history: %q", s.Observation)
		}
	}
	// Every decision reaches the hash-chained log when a reader opens it.
	st, err := OpenStore(context.Background(), db)
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	if n, _ := audit.New(st).Count(context.Background()); n != 2 {
		t.Errorf("%d decisions in the log, want 2", n)
	}
}

// The adjustments learned from feedback reach the hook's guard; a
// DANGEROUS rule is never lowered; a corrupt file changes nothing and
// breaks nothing.
func TestLearnedAdjustments(t *testing.T) {
	dir := t.TempDir()
	db := filepath.Join(dir, "audit.db")
	cfg := Config{DBPath: db, NoAudit: true, Getenv: func(k string) string {
		if k == "HOME" {
			return dir
		}
		return ""
	}}
	pre := func(cmd string) string {
		return call(t, cfg, map[string]any{"session_id": "s1", "cwd": "/home/dev/project", "hook_event_name": "PreToolUse", "tool_name": "Bash", "tool_input": map[string]any{"command": cmd}})
	}
	if out := pre("chmod 777 notes.txt"); !strings.Contains(out, `"ask"`) {
		t.Fatalf("before feedback: %s", out)
	}
	adj := map[string]int{"shell.perm.world-writable": -20, "shell.fs.rm-root": -20}
	if err := feedback.SaveLearned(feedback.LearnedPath(db), adj, time.Now()); err != nil {
		t.Fatal(err)
	}
	if out := pre("chmod 777 notes.txt"); !strings.Contains(out, `"allow"`) {
		t.Errorf("after three false positives: %s", out)
	}
	if out := pre("rm -rf /"); !strings.Contains(out, `"deny"`) {
		t.Errorf("a dangerous rule was lowered: %s", out)
	}
	if err := os.WriteFile(feedback.LearnedPath(db), []byte("{corrupt"), 0o600); err != nil {
		t.Fatal(err)
	}
	if out := pre("chmod 777 notes.txt"); !strings.Contains(out, `"ask"`) {
		t.Errorf("with a corrupt file: %s", out)
	}
}
