package audit_test

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/actionguard/actionguard/audit"
	"github.com/actionguard/actionguard/store"
)

// A log written before there was a key keeps verifying: a record marks
// where it becomes keyed, the old records keep their plain hashes, and
// every record after the mark is keyed.
func TestKeyedMigration(t *testing.T) {
	ctx := context.Background()
	db := filepath.Join(t.TempDir(), "actionguard.db")
	st, err := store.Open(ctx, db)
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	old := audit.New(st, audit.WithKey(nil))
	for i := range 3 {
		if err := old.Append(ctx, hookRecord("before", i)); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := os.Stat(store.AuditKeyPath(db)); !os.IsNotExist(err) {
		t.Fatalf("an unkeyed log made a key: %v", err)
	}
	l := audit.New(st)
	for i := range 2 {
		if err := l.Append(ctx, hookRecord("after", i)); err != nil {
			t.Fatal(err)
		}
	}
	fi, err := os.Stat(store.AuditKeyPath(db))
	if err != nil {
		t.Fatalf("no key after a keyed append: %v", err)
	}
	if fi.Mode().Perm()&0o077 != 0 {
		t.Errorf("the key file is %v: readable by others", fi.Mode().Perm())
	}
	recs, err := l.Tail(ctx, 10)
	if err != nil || len(recs) != 6 {
		t.Fatalf("Tail = %d records, %v", len(recs), err)
	}
	for i, r := range recs {
		keyed := strings.HasPrefix(r.Hash, audit.KeyedPrefix)
		if keyed != (i >= 3) {
			t.Errorf("record %d keyed = %v", r.Seq, keyed)
		}
	}
	if recs[3].Kind != audit.KeyedKind || recs[4].SessionID != "after" {
		t.Errorf("record 4 is %+v, want the mark", recs[3])
	}
	res, err := l.Verify(ctx, nil)
	if err != nil || !res.OK() || res.KeyedFrom != 4 || res.Checked != 6 || res.Checkpoints == 0 {
		t.Fatalf("Verify = %+v, %v", res, err)
	}
	// A process without the key may not append after the mark.
	if err := old.Append(ctx, hookRecord("nokey", 0)); err == nil {
		t.Error("an unkeyed append to a keyed log succeeded")
	}
	// A second keyed Log does not mark twice.
	if err := audit.New(st).Append(ctx, hookRecord("again", 0)); err != nil {
		t.Fatal(err)
	}
	if n, _ := l.Count(ctx); n != 7 {
		t.Errorf("Count = %d, want 7", n)
	}
	// With the key gone, keyed records cannot be checked, and Verify says so.
	if err := os.Rename(store.AuditKeyPath(db), store.AuditKeyPath(db)+".away"); err != nil {
		t.Fatal(err)
	}
	res, err = audit.New(st).Verify(ctx, nil)
	if err != nil || res.OK() || res.Broken.Problem != audit.KeyMissing || res.Broken.Seq != 4 {
		t.Errorf("Verify without the key = %v, %v; want key_missing at 4", res, err)
	}
	// With another key, the mark names the key the log was sealed with.
	if _, err := audit.LoadOrCreateKey(store.AuditKeyPath(db)); err != nil {
		t.Fatal(err)
	}
	res, err = audit.New(st).Verify(ctx, nil)
	if err != nil || res.OK() || res.Broken.Problem != audit.KeyMissing || !strings.Contains(res.Broken.Detail, "key") {
		t.Errorf("Verify with another key = %v, %v; want key_missing", res, err)
	}
}

// Processes creating the key at once all end with the same key.
func TestKeyCreatedOnce(t *testing.T) {
	path := filepath.Join(t.TempDir(), "state", "audit.key")
	keys := make(chan string, 8)
	for range 8 {
		go func() {
			k, err := audit.LoadOrCreateKey(path)
			if err != nil {
				t.Error(err)
			}
			keys <- string(k)
		}()
	}
	first := <-keys
	for range 7 {
		if k := <-keys; k != first || len(k) != audit.KeySize {
			t.Fatalf("two different keys, or a short one")
		}
	}
	if err := os.WriteFile(path, []byte("not a key\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	if _, err := audit.LoadKey(path); err == nil || !strings.Contains(err.Error(), "does not hold a key") {
		t.Errorf("LoadKey(a damaged file) = %v", err)
	}
}
