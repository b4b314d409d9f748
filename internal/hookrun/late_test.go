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
	"github.com/actionguard/actionguard/guard"
	"github.com/actionguard/actionguard/internal/frontdoor"
	"github.com/actionguard/actionguard/internal/lockfile"
)

// slowChecker never decides before its context ends or release closes:
// a check slowed down past the hook's deadline.
type slowChecker struct{ release chan struct{} }

func (s slowChecker) Check(ctx context.Context, a guard.Action) (guard.Decision, error) {
	select {
	case <-s.release:
	case <-ctx.Done():
	}
	return guard.Decision{Verdict: guard.Allow}, nil
}

// TestLateAnswerIsRecorded: a hook whose check is slower than its
// deadline is answered by the watchdog, held, and that answer is a record
// of the audit spool naming the tool and the command, as every decision is.
func TestLateAnswerIsRecorded(t *testing.T) {
	dir := t.TempDir()
	db := filepath.Join(dir, "audit.db")
	cfg := Config{DBPath: db, Getenv: func(k string) string {
		if k == "HOME" {
			return dir
		}
		return ""
	}}
	release, ran := make(chan struct{}), make(chan struct{})
	defer func() { close(release); <-ran }() // Run's own writes end before the directory goes
	cfg.Checker = func(*guard.Guard) frontdoor.Checker { return slowChecker{release} }
	in := NewInputHead(strings.NewReader(`{"session_id":"s-late","hook_event_name":"PreToolUse","tool_name":"Bash","tool_input":{"command":"terraform destroy -auto-approve"},"cwd":"/tmp"}`))
	got := make(chan adapter.Response, 1)
	ad := adapter.Claude{}
	adapter.StartWatchdog(ad, 20*time.Millisecond, func(adapter.Response) {
		got <- AnswerLate(cfg, ad, 20*time.Millisecond, in.Bytes())
	})
	go func() { Run(context.Background(), ad, cfg, in); close(ran) }()
	r := <-got
	if !strings.Contains(string(r.Stdout), `"ask"`) || !strings.Contains(string(r.Stderr), "its record is in the audit log") {
		t.Fatalf("late answer: %s / %s", r.Stdout, r.Stderr)
	}
	recs := spoolRecords(t, db)
	if len(recs) != 1 {
		t.Fatalf("want one record of the late answer, got %d", len(recs))
	}
	rec := recs[0]
	if rec.Verdict != guard.Confirm || rec.Tool != "Bash" || rec.SessionID != "s-late" || rec.Agent != ad.Name() ||
		!strings.Contains(string(rec.Action), "terraform destroy") || !strings.Contains(rec.Error, "took longer") {
		t.Errorf("the late record does not say what was held and why: %+v %s", rec, rec.Action)
	}
}

// TestLateAnswerWithSpoolHeld: with the spool's lock held by another
// process of the user's, the late answer does not wait past its bound: it
// keeps its record beside the database and says so, and the next hook call
// moves it into the spool.
func TestLateAnswerWithSpoolHeld(t *testing.T) {
	dir := t.TempDir()
	db := filepath.Join(dir, "audit.db")
	f, err := os.OpenFile(audit.SpoolPath(db), os.O_CREATE|os.O_RDWR, 0o600)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if err := lockfile.Exclusive(f); err != nil {
		t.Fatal(err)
	}
	rec := lateRecord(adapter.Claude{}, time.Second, []byte(`{"tool_name":"Bash","tool_input":{"command":"rm -rf build"}}`))
	note := recordLate(db, rec, 50*time.Millisecond)
	if !strings.Contains(note, "kept in "+LateDir(db)) || !strings.Contains(note, "next hook call") {
		t.Fatalf("the answer does not say where its record waits: %s", note)
	}
	kept, _ := filepath.Glob(filepath.Join(LateDir(db), "*.json"))
	if len(kept) != 1 {
		t.Fatalf("want one kept record, got %v", kept)
	}
	if fi, err := os.Stat(kept[0]); err != nil || fi.Mode().Perm()&0o077 != 0 {
		t.Errorf("the kept record is readable by others: %v %v", fi.Mode(), err)
	}
	lockfile.Unlock(f)
	// The kept record may have been written by the late append as well
	// once the lock was given up; what counts is that it is there once
	// replayed and the file is gone.
	replayLate(db)
	if left, _ := filepath.Glob(filepath.Join(LateDir(db), "*.json")); len(left) != 0 {
		t.Errorf("replayed records are still kept: %v", left)
	}
	found := 0
	for _, r := range spoolRecords(t, db) {
		if strings.Contains(string(r.Action), "rm -rf build") {
			found++
		}
	}
	if found == 0 {
		t.Error("the kept record did not reach the spool")
	}
}

// TestReplayLateUnreadable: a kept file that is not a record is spooled as
// a record saying so, not dropped unseen.
func TestReplayLateUnreadable(t *testing.T) {
	db := filepath.Join(t.TempDir(), "audit.db")
	if err := os.MkdirAll(LateDir(db), 0o700); err != nil {
		t.Fatal(err)
	}
	os.WriteFile(filepath.Join(LateDir(db), "1-1.json"), []byte("{not json"), 0o600)
	replayLate(db)
	recs := spoolRecords(t, db)
	if len(recs) != 1 || !strings.Contains(recs[0].Error, "unreadable late record") {
		t.Fatalf("want one record saying the kept file was unreadable, got %+v", recs)
	}
}

// TestLateRecordOfAnyInput: whatever the input read so far (cut off, not
// JSON, not UTF-8), the late record is one the spool takes.
func TestLateRecordOfAnyInput(t *testing.T) {
	for _, head := range [][]byte{nil, []byte("{\"tool_name\":"), []byte("\xff\xfe garbage"), []byte(`{"tool_name":7,"tool_input":"x"}`), []byte(strings.Repeat("[", maxHead))} {
		rec := lateRecord(adapter.Codex{}, time.Second, head)
		if rec.Verdict != guard.Confirm || !json.Valid(rec.Action) {
			t.Errorf("%.20q: %+v", head, rec)
		}
	}
}

func spoolRecords(t *testing.T, db string) []audit.Record {
	t.Helper()
	recs, err := audit.NewSpool(audit.SpoolPath(db)).Records()
	if err != nil {
		t.Fatal(err)
	}
	return recs
}
