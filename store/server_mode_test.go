package store_test

import (
	"context"
	"fmt"
	"path/filepath"
	"sync"
	"testing"
	"time"

	"github.com/actionguard/actionguard/audit"
	"github.com/actionguard/actionguard/store"
	"github.com/actionguard/actionguard/store/storetest"
)

// TestStoreServerMode runs the suite on a store in server mode, its
// background checkpoint running every 10 ms, beside another handle in hook
// mode (Reopen), as actionguard serve and the hooks share a file.
func TestStoreServerMode(t *testing.T) {
	storetest.Run(t, func(t *testing.T) store.Store {
		return serverSuiteStore{suiteStore{open(t, filepath.Join(t.TempDir(), "actionguard.db"), store.WithBackgroundCheckpoint(10*time.Millisecond))}}
	})
}

type serverSuiteStore struct{ suiteStore }

// TestServerModeAppends appends from many goroutines while the background
// checkpoint runs, then reopens the file as a hook would and verifies that
// every record is there and the chain holds.
func TestServerModeAppends(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "actionguard.db")
	st, err := store.Open(ctx, path, store.WithBackgroundCheckpoint(10*time.Millisecond))
	if err != nil {
		t.Fatal(err)
	}
	log := audit.New(st)
	const writers, batches, size = 4, 40, 37 // 37: an INSERT of 37 rows, prepared
	var wg sync.WaitGroup
	errs := make(chan error, writers)
	for w := range writers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for b := range batches {
				rs := make([]*audit.Record, 0, size+b%3)
				for i := range cap(rs) {
					rs = append(rs, &audit.Record{SessionID: fmt.Sprintf("s%d", i%5), Agent: "test", Tool: "Bash", Kind: "shell",
						Action:  []byte(fmt.Sprintf(`{"id":"w%d-b%d-%d","tool":"Bash"}`, w, b, i)),
						Verdict: "allow", Level: "safe", Reason: "routine"})
				}
				if err := log.AppendBatch(ctx, rs); err != nil {
					errs <- err
					return
				}
			}
		}()
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Fatal(err)
	}
	want, err := st.CountAudit(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if err := st.Close(); err != nil {
		t.Fatal(err)
	}
	hook := open(t, path)
	n, err := hook.CountAudit(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if n != want || n == 0 {
		t.Fatalf("%d records after reopening, want %d", n, want)
	}
	v, err := audit.New(hook).Verify(ctx, nil)
	if err != nil {
		t.Fatal(err)
	}
	if !v.OK() {
		t.Fatalf("chain: %v", v)
	}
}
