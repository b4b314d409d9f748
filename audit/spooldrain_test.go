package audit_test

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"sync"
	"testing"

	"github.com/actionguard/actionguard/audit"
	"github.com/actionguard/actionguard/internal/lockfile"
	"github.com/actionguard/actionguard/store"
)

// spoolAndLog is a spool beside a fresh database and the database's log.
func spoolAndLog(t *testing.T) (*audit.Spool, *audit.Log, string) {
	t.Helper()
	st, db := freshStore(t)
	return audit.NewSpool(audit.SpoolPath(db)), audit.New(st), db
}

// freshStore is a new database in a temporary folder, closed when the
// test ends, and its path.
func freshStore(t *testing.T) (*store.SQLite, string) {
	t.Helper()
	db := filepath.Join(t.TempDir(), "actionguard.db")
	st, err := store.Open(context.Background(), db)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() })
	return st, db
}

func numbered(writer string, i int) *audit.Record {
	return &audit.Record{SessionID: writer, Tool: "Bash", Verdict: "allow", Level: "safe", Risk: 1,
		Action: fmt.Appendf(nil, `{"id":"%d","input":{"command":"echo %d"}}`, i, i)}
}

// drainedOnce checks that the log holds writer/i for every writer and i <
// n exactly once, each writer's in order, and that the chain verifies.
func drainedOnce(t *testing.T, l *audit.Log, n int, writers ...string) {
	t.Helper()
	ctx := context.Background()
	res, err := l.Verify(ctx, nil)
	if err != nil || !res.OK() || res.Checked != int64(n*len(writers)) {
		t.Fatalf("Verify = %+v, %v; want %d records intact", res, err, n*len(writers))
	}
	next := map[string]int{}
	l.Export(ctx, audit.ExportOptions{}, func(r audit.Record) error {
		want := fmt.Sprintf(`{"id":"%d","input":{"command":"echo %d"}}`, next[r.SessionID], next[r.SessionID])
		if string(r.Action) != want {
			t.Errorf("writer %s: record %d is %s, want %s", r.SessionID, r.Seq, r.Action, want)
		}
		next[r.SessionID]++
		return nil
	})
	for _, w := range writers {
		if next[w] != n {
			t.Errorf("writer %s: %d records in the log, want %d", w, next[w], n)
		}
	}
}

// Drains that run while a hook-like writer and a stream's batch write lose
// nothing and repeat nothing: a writer whose open file a drain took away
// writes to the new spool.
func TestDrainWhileWriting(t *testing.T) {
	ctx := context.Background()
	sp, l, _ := spoolAndLog(t)
	const n = 400
	var wg sync.WaitGroup
	wg.Add(2)
	go func() {
		defer wg.Done()
		for i := range n {
			if err := sp.Append(numbered("hook", i)); err != nil {
				t.Error(err)
				return
			}
		}
	}()
	go func() {
		defer wg.Done()
		b := sp.Batch()
		defer b.Close()
		for i := range n {
			if err := b.Add(numbered("stream", i), false); err != nil {
				t.Error(err)
				return
			}
			if i%7 == 6 {
				if err := b.Flush(); err != nil {
					t.Error(err)
					return
				}
			}
		}
	}()
	stop := make(chan struct{})
	drained := make(chan int)
	go func() {
		total := 0
		for {
			select {
			case <-stop:
				drained <- total
				return
			default:
			}
			k, err := sp.Drain(ctx, l)
			if err != nil {
				t.Error(err)
			}
			total += k
		}
	}()
	wg.Wait()
	close(stop)
	total := <-drained
	k, err := sp.Drain(ctx, l)
	if err != nil {
		t.Fatal(err)
	}
	if total+k != 2*n {
		t.Errorf("the drains moved %d records, want %d", total+k, 2*n)
	}
	drainedOnce(t, l, n, "hook", "stream")
	if recs, _ := sp.Records(); len(recs) != 0 || sp.Size() != 0 {
		t.Errorf("after the last drain the spool holds %d records (%d bytes)", len(recs), sp.Size())
	}
}

// A drain killed after it took the spool leaves the taken file: the next
// drain moves its records first, then the spool's, in the order written.
func TestDrainFinishesATakenSpool(t *testing.T) {
	ctx := context.Background()
	sp, l, db := spoolAndLog(t)
	for i := range 10 {
		if err := sp.Append(numbered("w", i)); err != nil {
			t.Fatal(err)
		}
	}
	spool := audit.SpoolPath(db)
	if err := os.Rename(spool, spool+".draining"); err != nil {
		t.Fatal(err)
	}
	for i := 10; i < 20; i++ {
		if err := sp.Append(numbered("w", i)); err != nil {
			t.Fatal(err)
		}
	}
	if recs, _ := sp.Records(); len(recs) != 20 {
		t.Fatalf("Records sees %d records, want the 20 of both files", len(recs))
	}
	n, err := sp.Drain(ctx, l)
	if err != nil || n != 20 {
		t.Fatalf("Drain = %d, %v; want 20", n, err)
	}
	drainedOnce(t, l, 20, "w")
	if _, err := os.Stat(spool + ".draining"); err == nil {
		t.Error("the taken file is still there after its records were moved")
	}
}

func TestDrainRunning(t *testing.T) {
	sp, _, db := spoolAndLog(t)
	if sp.DrainRunning() {
		t.Fatal("DrainRunning with no drain")
	}
	f, err := os.OpenFile(audit.SpoolPath(db)+".drain", os.O_RDWR|os.O_CREATE, 0o600)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if err := lockfile.Exclusive(f); err != nil {
		t.Fatal(err)
	}
	if !sp.DrainRunning() {
		t.Error("DrainRunning is false while the drain lock is held")
	}
	lockfile.Unlock(f)
	if sp.DrainRunning() {
		t.Error("DrainRunning is true after the drain lock was let go")
	}
}

// A stream's batch keeps the spool open between its writes: the frames it
// writes after a drain took the file go to the new spool, not to the file
// the drain removed.
func TestBatchFollowsTheSpoolAfterADrain(t *testing.T) {
	ctx := context.Background()
	sp, l, _ := spoolAndLog(t)
	b := sp.Batch()
	defer b.Close()
	for i := range 6 {
		if err := b.Add(numbered("stream", i), false); err != nil {
			t.Fatal(err)
		}
		if err := b.Flush(); err != nil {
			t.Fatal(err)
		}
		if i%2 == 0 {
			if _, err := sp.Drain(ctx, l); err != nil {
				t.Fatal(err)
			}
		}
	}
	if _, err := sp.Drain(ctx, l); err != nil {
		t.Fatal(err)
	}
	drainedOnce(t, l, 6, "stream")
}
