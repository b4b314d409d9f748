package cli

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/actionguard/actionguard/audit"
	"github.com/actionguard/actionguard/internal/hookrun"
	"github.com/actionguard/actionguard/store"
)

// After a stream that leaves the spool past hookrun.DrainAt, the drain
// happens in a process of its own, started by the stream and again by the
// next hook call (Env.StartDrain): neither drains inline, the hook call's
// record joins the spool, and `audit drain` then moves every record into
// a chain that verifies.
func TestLargeStreamIsDrainedElsewhere(t *testing.T) {
	dir := t.TempDir()
	db := filepath.Join(dir, "actionguard.db")
	vars := map[string]string{"HOME": dir, "XDG_CONFIG_HOME": dir, "ACTIONGUARD_DB": db}
	var started []string
	startDrain := func(p string) error { started = append(started, p); return nil }
	spool := audit.NewSpool(audit.SpoolPath(db))

	// Enough actions for a spool past DrainAt: about 470 bytes a record.
	n := int(hookrun.DrainAt/400) + 100
	env, out, errb := testEnv(vars, "check", "--jsonl")
	env.Stdin, env.StartDrain = bytes.NewReader(benchInput(n)), startDrain
	Run(env)
	if got := strings.Count(out.String(), "\n"); got != n {
		t.Fatalf("%d decision lines, want %d: %s", got, n, errb)
	}
	if spool.Size() < hookrun.DrainAt {
		t.Fatalf("the stream left %d bytes of spool, under DrainAt: the test needs more actions", spool.Size())
	}
	if !slices.Equal(started, []string{db}) {
		t.Errorf("the stream started drains %q, want one for %s", started, db)
	}
	if recs, _ := spool.Records(); len(recs) != n {
		t.Errorf("after the stream the spool holds %d records, want %d", len(recs), n)
	}
	if _, err := os.Stat(db); err == nil {
		t.Error("the stream opened the database: it drained inline")
	}

	ev, _ := json.Marshal(map[string]any{"session_id": "s1", "hook_event_name": "PreToolUse", "tool_name": "Bash", "tool_input": map[string]any{"command": "git status"}})
	env, _, errb = testEnv(vars, "hook", "claude-code")
	env.Stdin, env.StartDrain = bytes.NewReader(ev), startDrain
	if code := Run(env); code != ExitOK {
		t.Fatalf("hook: exit %d: %s", code, errb)
	}
	if !slices.Equal(started, []string{db, db}) {
		t.Errorf("after the hook call, drains started %q, want a second one for %s", started, db)
	}
	if recs, _ := spool.Records(); len(recs) != n+1 {
		t.Errorf("after the hook call the spool holds %d records, want %d: the call drained it, or did not spool its own", len(recs), n+1)
	}
	if got := logRecords(t, db); got != 0 {
		t.Errorf("the log holds %d records before the drain, want 0", got)
	}

	env, out, errb = testEnv(vars, "audit", "drain")
	if code := Run(env); code != ExitOK {
		t.Fatalf("audit drain: exit %d: %s", code, errb)
	}
	if want := "spooled decisions moved"; !strings.Contains(out.String(), want) {
		t.Errorf("audit drain said %q, want %q", out, want)
	}
	if spool.Size() != 0 {
		t.Errorf("the spool holds %d bytes after audit drain", spool.Size())
	}
	if got := logRecords(t, db); got != int64(n+1) {
		t.Errorf("the log holds %d records after audit drain, want %d", got, n+1)
	}
}

// logRecords verifies the log at db, without draining the spool, and
// returns how many records it holds.
func logRecords(t *testing.T, db string) int64 {
	t.Helper()
	st, err := store.Open(context.Background(), db)
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	res, err := audit.New(st).Verify(context.Background(), nil)
	if err != nil || !res.OK() {
		t.Fatalf("Verify = %+v, %v", res, err)
	}
	return res.Checked
}
