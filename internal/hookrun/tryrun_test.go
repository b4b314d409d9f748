package hookrun

import (
	"context"
	"encoding/json"
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/actionguard/actionguard/adapter"
	"github.com/actionguard/actionguard/approval"
	"github.com/actionguard/actionguard/audit"
	"github.com/actionguard/actionguard/guard"
	"github.com/actionguard/actionguard/internal/gate"
)

// The lean hook binary runs TryRun with no Opener: the calls that need the
// audit database come back as ErrNeedsDatabase having written nothing, and
// `actionguard hook` answers them; every other call is answered and
// recorded exactly as Run with the database answers it.

// leanConfig is testConfig without a database opener, with the database
// file present (as it is once any command has read the log).
func leanConfig(t *testing.T) (Config, string) {
	cfg, db := testConfig(t)
	cfg.Open = nil
	full, err := testOpen(context.Background(), db, 0)
	if err != nil {
		t.Fatal(err)
	}
	full.Close()
	return cfg, db
}

// stateFiles lists what is in the state directory, with sizes.
func stateFiles(t *testing.T, dir string) []string {
	t.Helper()
	var out []string
	filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		info, err := d.Info()
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(dir, path)
		out = append(out, rel+" "+info.ModTime().String()+" "+string(rune('0'+info.Size()%10)))
		return nil
	})
	slices.Sort(out)
	return out
}

func encode(ev map[string]any) string {
	in, _ := json.Marshal(ev)
	return string(in)
}

// heldEvents are calls that wait for a person, for each agent: the ones
// that ask (a pass is looked up) and the ones that cannot (a request is
// opened).
func heldEvents() []map[string]any {
	var out []map[string]any
	for _, cmd := range []string{"npm publish", "rm -rf ./uploads", "git push --force origin main", "git reset --hard HEAD~3"} {
		out = append(out, map[string]any{"session_id": "s1", "turn_id": "t1", "cwd": "/home/dev/project", "hook_event_name": "PreToolUse", "tool_name": "Bash", "tool_input": map[string]any{"command": cmd}})
	}
	return out
}

var leanAgents = []adapter.Adapter{adapter.Claude{}, adapter.Codex{}}

// An agent that cannot ask (Codex) opens a request for every held call:
// always handed over.
func TestTryRunHandsOverHeldCalls(t *testing.T) {
	for _, ev := range heldEvents() {
		cfg, db := leanConfig(t)
		before := stateFiles(t, filepath.Dir(db))
		_, err := TryRun(context.Background(), adapter.Codex{}, cfg, strings.NewReader(encode(ev)))
		if !errors.Is(err, ErrNeedsDatabase) {
			t.Errorf("codex %v: %v, want ErrNeedsDatabase", ev["tool_input"], err)
			continue
		}
		if after := stateFiles(t, filepath.Dir(db)); !slices.Equal(before, after) {
			t.Errorf("codex %v: a handed-over call wrote the state:\nbefore %q\nafter  %q", ev["tool_input"], before, after)
		}
	}
}

// An agent that asks (Claude Code) looks for a pass: the lean hook hands
// the held call over only once a request for exactly this call was
// written beside the database; then the process that can open it lets
// the call through on the person's approval, verified in the audit chain.
func TestTryRunHandsOverOnlyPossiblePasses(t *testing.T) {
	for _, ev := range heldEvents() {
		cfg, db := leanConfig(t)
		cmd := ev["tool_input"].(map[string]any)["command"].(string)
		resp, err := TryRun(context.Background(), adapter.Claude{}, cfg, strings.NewReader(encode(ev)))
		if err != nil || !strings.Contains(string(resp.Stdout), `"ask"`) {
			t.Errorf("%s, no request: %v %s, want an ask answered here", cmd, err, resp.Stdout)
			continue
		}
		// A request for another call of the session changes nothing.
		st, err := testOpen(context.Background(), db, 0)
		if err != nil {
			t.Fatal(err)
		}
		q := personQueue(st)
		q.Dir = ApprovalsDir(db)
		other := &guard.Action{Tool: "Bash", Input: map[string]any{"command": cmd + " --dry-run"}, Context: guard.Context{SessionID: "s1", Cwd: "/home/dev/project", Agent: "claude-code"}}
		if _, err := gate.Apply(context.Background(), q, other, &guard.Decision{Verdict: guard.Approve, Reason: "x"}); err != nil {
			t.Fatal(err)
		}
		if _, err := TryRun(context.Background(), adapter.Claude{}, cfg, strings.NewReader(encode(ev))); err != nil {
			t.Errorf("%s, a request for another call: %v", cmd, err)
		}
		// A person approves exactly this call.
		a := &guard.Action{Tool: "Bash", Input: map[string]any{"command": cmd}, Context: guard.Context{SessionID: "s1", Cwd: "/home/dev/project", Agent: "claude-code"}}
		d := &guard.Decision{Verdict: guard.Approve, Reason: "x"}
		if _, err := gate.Apply(context.Background(), q, a, d); err != nil {
			t.Fatal(err)
		}
		if _, err := q.Decide(context.Background(), d.ApprovalID, approval.Decision{Status: approval.StatusApproved, By: "alice"}); err != nil {
			t.Fatal(err)
		}
		st.Close()
		if _, err := TryRun(context.Background(), adapter.Claude{}, cfg, strings.NewReader(encode(ev))); !errors.Is(err, ErrNeedsDatabase) {
			t.Errorf("%s, approved: %v, want ErrNeedsDatabase", cmd, err)
			continue
		}
		full := cfg
		full.Open = testOpen
		if decision, reason := hookAnswer(t, adapter.Claude{}, full, ev); decision != "allow" || !strings.Contains(reason, "Approved by alice") {
			t.Errorf("%s, handed over: %s: %s", cmd, decision, reason)
		}
	}
}

// An e-mail's recipients are looked up in the contact book, which is in
// the database.
func TestTryRunHandsOverContactLookups(t *testing.T) {
	cfg, db := leanConfig(t)
	ev := map[string]any{"session_id": "s1", "hook_event_name": "PreToolUse", "tool_name": "mcp__gmail__send_email",
		"tool_input": map[string]any{"to": []any{"bob@acme.com"}, "subject": "Lunch", "body": "Friday?"}}
	before := stateFiles(t, filepath.Dir(db))
	if _, err := TryRun(context.Background(), adapter.Claude{}, cfg, strings.NewReader(encode(ev))); !errors.Is(err, ErrNeedsDatabase) {
		t.Fatalf("an e-mail: %v, want ErrNeedsDatabase", err)
	}
	if after := stateFiles(t, filepath.Dir(db)); !slices.Equal(before, after) {
		t.Errorf("a handed-over call wrote the state:\nbefore %q\nafter  %q", before, after)
	}
}

// A spool past DrainAt is drained by the call that finds it: handed over
// before anything is read or written.
func TestTryRunHandsOverFullSpool(t *testing.T) {
	cfg, db := leanConfig(t)
	if err := os.WriteFile(audit.SpoolPath(db), make([]byte, DrainAt), 0o600); err != nil {
		t.Fatal(err)
	}
	ev := map[string]any{"session_id": "s1", "hook_event_name": "PreToolUse", "tool_name": "Bash", "tool_input": map[string]any{"command": "git status"}}
	if _, err := TryRun(context.Background(), adapter.Claude{}, cfg, strings.NewReader(encode(ev))); !errors.Is(err, ErrNeedsDatabase) {
		t.Fatalf("a full spool: %v, want ErrNeedsDatabase", err)
	}
	cfg.NoAudit = true
	if _, err := TryRun(context.Background(), adapter.Claude{}, cfg, strings.NewReader(encode(ev))); err != nil {
		t.Errorf("without the audit log the spool is not this call's: %v", err)
	}
}

// With a way to drain in a process of its own (StartDrain), a call that
// finds the spool past DrainAt starts that drain and answers itself: the
// lean binary hands nothing over, the full one drains nothing inline, and
// each call's record joins the spool.
func TestFullSpoolDrainedElsewhere(t *testing.T) {
	ev := map[string]any{"session_id": "s1", "hook_event_name": "PreToolUse", "tool_name": "Bash", "tool_input": map[string]any{"command": "git status"}}
	for _, lean := range []bool{true, false} {
		cfg, db := leanConfig(t)
		if !lean {
			cfg.Open = testOpen
		}
		var started []string
		cfg.StartDrain = func(p string) error { started = append(started, p); return nil }
		spool := audit.NewSpool(audit.SpoolPath(db))
		for spool.Size() < DrainAt {
			if err := spool.Append(&audit.Record{Tool: "Bash", Verdict: guard.Allow, Level: guard.Safe, Action: []byte(`{"input":{"command":"` + strings.Repeat("x", 4000) + `"}}`)}); err != nil {
				t.Fatal(err)
			}
		}
		before, _ := spool.Records()
		var err error
		if lean {
			_, err = TryRun(context.Background(), adapter.Claude{}, cfg, strings.NewReader(encode(ev)))
		} else {
			Run(context.Background(), adapter.Claude{}, cfg, strings.NewReader(encode(ev)))
		}
		if err != nil {
			t.Fatalf("lean %v: %v, want the call answered here", lean, err)
		}
		if !slices.Equal(started, []string{db}) {
			t.Errorf("lean %v: drains started %q, want one for %s", lean, started, db)
		}
		after, _ := spool.Records()
		if len(after) != len(before)+1 {
			t.Errorf("lean %v: the spool went from %d to %d records, want the call's record added and nothing drained", lean, len(before), len(after))
		}
	}
}

// Calls that do not need the database get, from TryRun, the very answer
// and record that Run with the database gives: for every agent, routine
// and blocked commands, tool outputs and prompts.
func TestTryRunAnswersAsRun(t *testing.T) {
	var events []map[string]any
	for _, cmd := range []string{"git status", "ls -la", "go test ./...", "cat README.md", "rm -rf ~", "echo hello > notes.txt"} {
		events = append(events, map[string]any{"session_id": "s1", "turn_id": "t1", "cwd": "/home/dev/project", "hook_event_name": "PreToolUse", "tool_name": "Bash", "tool_input": map[string]any{"command": cmd}})
	}
	events = append(events,
		map[string]any{"session_id": "s1", "hook_event_name": "PostToolUse", "tool_name": "Bash", "tool_input": map[string]any{"command": "npm publish"}, "tool_response": "ok"},
		map[string]any{"session_id": "s1", "hook_event_name": "UserPromptSubmit", "prompt": "run the tests"},
		map[string]any{"session_id": "s1", "hook_event_name": "PreToolUse", "tool_name": "Read", "tool_input": map[string]any{"file_path": "/home/dev/project/main.go"}})
	for _, ad := range leanAgents {
		for _, ev := range events {
			lean, _ := leanConfig(t)
			got, err := TryRun(context.Background(), ad, lean, strings.NewReader(encode(ev)))
			if err != nil {
				t.Errorf("%s %v: %v", ad.Name(), ev, err)
				continue
			}
			full, _ := leanConfig(t)
			full.Open = testOpen
			want := Run(context.Background(), ad, full, strings.NewReader(encode(ev)))
			if string(got.Stdout) != string(want.Stdout) || string(got.Stderr) != string(want.Stderr) || got.Exit != want.Exit {
				t.Errorf("%s %v:\nlean %d %s %s\nfull %d %s %s", ad.Name(), ev, got.Exit, got.Stdout, got.Stderr, want.Exit, want.Stdout, want.Stderr)
			}
			if g, w := spooled(t, lean.DBPath), spooled(t, full.DBPath); !slices.Equal(g, w) {
				t.Errorf("%s %v: records\nlean %q\nfull %q", ad.Name(), ev, g, w)
			}
		}
	}
}

// spooled is the verdict, level and rules of each spooled record.
func spooled(t *testing.T, db string) []string {
	t.Helper()
	recs, err := audit.NewSpool(audit.SpoolPath(db)).Records()
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, r := range recs {
		out = append(out, r.Tool+" "+string(r.Verdict)+" "+string(r.Level)+" "+strings.Join(r.Rules, ",")+" "+r.Reason)
	}
	return out
}

// Without an opener and outside TryRun (the lean binary with no
// actionguard beside it) a call that needs the database takes each use's
// fail-safe path: nothing held runs, every contact is new.
func TestRunWithoutDatabaseFailsSafe(t *testing.T) {
	for _, ev := range heldEvents() {
		cfg, _ := leanConfig(t)
		if decision, reason := hookAnswer(t, adapter.Codex{}, cfg, ev); decision != "deny" || !strings.Contains(reason, "No approval request could be opened") {
			t.Errorf("codex %v: %s: %s", ev["tool_input"], decision, reason)
		}
		cfg, _ = leanConfig(t)
		if decision, _ := hookAnswer(t, adapter.Claude{}, cfg, ev); decision != "ask" {
			t.Errorf("claude %v: %s", ev["tool_input"], decision)
		}
	}
	cfg, _ := leanConfig(t)
	ev := map[string]any{"session_id": "s1", "hook_event_name": "PreToolUse", "tool_name": "mcp__gmail__send_email",
		"tool_input": map[string]any{"to": []any{"bob@acme.com"}, "subject": "Lunch", "body": "Friday?"}}
	if decision, _ := hookAnswerAny(t, adapter.Claude{}, cfg, ev); decision == "allow" {
		t.Errorf("an e-mail with the contact book out of reach: %s", decision)
	}
}
