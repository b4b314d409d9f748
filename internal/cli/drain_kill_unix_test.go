//go:build unix

package cli_test

import (
	"context"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/actionguard/actionguard/audit"
	"github.com/actionguard/actionguard/store"
)

// TestDrainKilledRepeatsNothing SIGKILLs `audit drain` at random moments,
// over and over, while it moves a stream's 6,000 spooled records into the
// log, then lets one finish: every record is in the log exactly once, in
// the order the stream wrote them, in a chain that verifies. Before drains
// kept their place in the log's own transaction, a drain killed after a
// commit appended that batch again.
func TestDrainKilledRepeatsNothing(t *testing.T) {
	if testing.Short() {
		t.Skip("starts and kills processes")
	}
	const records = 6000
	bin := actionguardBinary(t)
	home := t.TempDir()
	db := filepath.Join(home, "audit.db")
	env := append(personEnviron(), "HOME="+home, "XDG_CONFIG_HOME="+home)
	var in strings.Builder
	for i := range records {
		fmt.Fprintf(&in, `{"id":"k%d","tool":"Bash","input":{"command":%q},"context":{"session_id":"drain-kill"}}`+"\n",
			i, streamCommands[i%len(streamCommands)])
	}
	stream := exec.Command(bin, "check", "--jsonl", "--db", db)
	stream.Env, stream.Stdin = env, strings.NewReader(in.String())
	if out, err := stream.Output(); err != nil || strings.Count(string(out), "\n") != records {
		t.Fatalf("the stream: %v, %d lines", err, strings.Count(string(out), "\n"))
	}
	killed, partial := 0, 0
	for round := range 40 {
		drain := exec.Command(bin, "audit", "drain", "--db", db)
		drain.Env = env
		if err := drain.Start(); err != nil {
			t.Fatal(err)
		}
		// Later rounds wait longer: the first ones die before the first
		// commit or soon after it, the later ones near the end.
		time.AfterFunc(time.Duration(rand.IntN(40+round*20))*time.Millisecond, func() { drain.Process.Signal(syscall.SIGKILL) })
		err := drain.Wait()
		if ws, ok := drain.ProcessState.Sys().(syscall.WaitStatus); !ok || !ws.Signaled() {
			if err != nil {
				t.Fatalf("round %d: the drain failed: %v", round, err)
			}
			break // it finished before the kill
		}
		killed++
		if n := logCount(t, db); n > 0 && n < records {
			partial++
		}
	}
	final := exec.Command(bin, "audit", "drain", "--db", db)
	final.Env = env
	if out, err := final.CombinedOutput(); err != nil {
		t.Fatalf("the last drain: %v\n%s", err, out)
	}
	t.Logf("%d drains killed, %d of them part-way", killed, partial)
	checkEachOnce(t, db, records)
}

// logCount is how many records the log at db holds, without draining.
func logCount(t *testing.T, db string) int64 {
	t.Helper()
	s, err := store.Open(context.Background(), db)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	n, err := audit.New(s).Count(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	return n
}

// checkEachOnce checks that the log at db verifies and holds the records
// k0 … k(n-1), each once, in that order, and that the spool is empty.
func checkEachOnce(t *testing.T, db string, n int) {
	t.Helper()
	ctx := context.Background()
	s, err := store.Open(ctx, db)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	l := audit.New(s)
	res, err := l.Verify(ctx, nil)
	if err != nil || !res.OK() || res.Checked != int64(n) {
		t.Fatalf("Verify = %v, %v; want %d records intact", res, err, n)
	}
	next := 0
	if err := l.Export(ctx, audit.ExportOptions{}, func(r audit.Record) error {
		var a struct {
			ID string `json:"id"`
		}
		json.Unmarshal(r.Action, &a)
		if want := fmt.Sprintf("k%d", next); a.ID != want {
			return fmt.Errorf("record %d is decision %q, want %s", r.Seq, a.ID, want)
		}
		next++
		return nil
	}); err != nil {
		t.Fatal(err)
	}
	if recs, err := audit.NewSpool(audit.SpoolPath(db)).Records(); err != nil || len(recs) != 0 {
		t.Errorf("%d records (%v) still spooled after the last drain", len(recs), err)
	}
}
