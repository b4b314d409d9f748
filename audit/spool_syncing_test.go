package audit

import (
	"bytes"
	"os"
	"path/filepath"
	"sync"
	"testing"
	"time"

	"github.com/actionguard/actionguard/rule"
)

// TestSpoolAppendSyncing: a record appended while its sync goes on, and
// one appended durably (synced before the call returns), are the same
// bytes as one appended plainly, into a new spool and after earlier
// records; the overlapped one is in the file before wait is called, and only the file's first frame counts as making the file
// (whose directory is then synced too), whoever else appends beside it.
func TestSpoolAppendSyncing(t *testing.T) {
	at := time.Date(2026, 11, 29, 7, 0, 0, 0, time.UTC)
	rec := func(i int, v rule.Verdict) *Record {
		return &Record{SessionID: "s", Agent: "claude-code", Tool: "Bash", Kind: "shell", Verdict: v, Time: at.Add(time.Duration(i) * time.Second),
			Action: []byte(`{"tool":"Bash","input":{"command":"rm -rf ~ --token=ghp_0123456789abcdefghijklmnopqrstuvwxyzAB"}}`)}
	}
	dir := t.TempDir()
	plainPath, syncPath := filepath.Join(dir, "a", "plain.spool"), filepath.Join(dir, "b", "sync.spool")
	durablePath := filepath.Join(dir, "e", "durable.spool")
	plain, syncing, durable := NewSpool(plainPath), NewSpool(syncPath), NewSpool(durablePath)
	for i, v := range []rule.Verdict{rule.Block, rule.Confirm, rule.Approve, rule.Allow} {
		if err := plain.Append(rec(i, v)); err != nil {
			t.Fatal(err)
		}
		if err := durable.AppendDurable(rec(i, v)); err != nil {
			t.Fatal(err)
		}
		wait, err := syncing.AppendSyncing(rec(i, v))
		if err != nil {
			t.Fatal(err)
		}
		a, _ := os.ReadFile(plainPath)
		b, _ := os.ReadFile(syncPath)
		if err := wait(); err != nil {
			t.Fatal(err)
		}
		if len(a) == 0 || !bytes.Equal(a, b) {
			t.Fatalf("after %s: before its sync ended the spool held\n%q\nwant\n%q", v, b, a)
		}
		if d, _ := os.ReadFile(durablePath); !bytes.Equal(a, d) {
			t.Fatalf("after %s: the durable spool holds\n%q\nwant\n%q", v, d, a)
		}
		if bytes.Contains(b, []byte("ghp_0123456789")) {
			t.Fatalf("the record keeps the token: %q", b)
		}
	}
	if _, err := NewSpool(filepath.Join(dir, "c", "x.spool")).AppendSyncing(nil); err == nil {
		t.Fatal("a nil record was written")
	}

	// Eight writers append together to a new spool: exactly one frame is
	// the first.
	many := NewSpool(filepath.Join(dir, "d", "many.spool"))
	var mu sync.Mutex
	firsts := 0
	var wg sync.WaitGroup
	for w := range 8 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range 10 {
				f, first, err := many.write(rec(w*10+i, rule.Block))
				if err != nil {
					t.Error(err)
					return
				}
				f.Close()
				if first {
					mu.Lock()
					firsts++
					mu.Unlock()
				}
			}
		}()
	}
	wg.Wait()
	recs, err := many.Records()
	if err != nil || len(recs) != 80 {
		t.Fatalf("%d records, %v; want 80", len(recs), err)
	}
	if firsts != 1 {
		t.Errorf("%d frames were the file's first, want 1", firsts)
	}
}
