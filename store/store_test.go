package store_test

import (
	"context"
	"io/fs"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/actionguard/actionguard/audit"
	"github.com/actionguard/actionguard/store"
)

func TestDefaultPath(t *testing.T) {
	for _, tc := range []struct {
		name                    string
		db, stateDir, xdg, home string
		want                    string
	}{
		{"ACTIONGUARD_DB wins", "/x/my.db", "/s", "/xdg", "/home/u", "/x/my.db"},
		{"state dir", "", "/s", "/xdg", "/home/u", "/s/actionguard.db"},
		{"XDG_STATE_HOME", "", "", "/xdg", "/home/u", "/xdg/actionguard/actionguard.db"},
		{"relative XDG_STATE_HOME is ignored", "", "", "rel", "/home/u", "/home/u/.local/state/actionguard/actionguard.db"},
		{"home", "", "", "", "/home/u", "/home/u/.local/state/actionguard/actionguard.db"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Setenv("ACTIONGUARD_DB", tc.db)
			t.Setenv("ACTIONGUARD_STATE_DIR", tc.stateDir)
			t.Setenv("XDG_STATE_HOME", tc.xdg)
			t.Setenv("HOME", tc.home)
			got, err := store.DefaultPath()
			if err != nil || got != tc.want {
				t.Errorf("DefaultPath() = %q, %v; want %q", got, err, tc.want)
			}
		})
	}
}

func TestOpenCreatesPrivateFiles(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "state", "actionguard")
	path := filepath.Join(dir, "actionguard.db")
	s := open(t, path)
	if err := audit.New(s).Append(context.Background(), &audit.Record{Verdict: "allow"}); err != nil {
		t.Fatal(err)
	}
	wantMode(t, dir, fs.ModeDir|0o700)
	wantMode(t, filepath.Dir(dir), fs.ModeDir|0o700)
	for _, f := range []string{path, path + "-wal", path + "-shm"} {
		wantMode(t, f, 0o600)
	}
}

func wantMode(t *testing.T, path string, want fs.FileMode) {
	t.Helper()
	fi, err := os.Stat(path)
	if err != nil {
		t.Fatal(err)
	}
	if fi.Mode() != want {
		t.Errorf("%s has mode %v, want %v", path, fi.Mode(), want)
	}
}

func TestOpenErrors(t *testing.T) {
	ctx := context.Background()
	if _, err := store.Open(ctx, ""); err == nil {
		t.Errorf("Open(\"\") succeeded")
	}
	garbage := filepath.Join(t.TempDir(), "garbage.db")
	if err := os.WriteFile(garbage, []byte("this is not a database, just text long enough to have a header......."), 0o600); err != nil {
		t.Fatal(err)
	}
	if s, err := store.Open(ctx, garbage); err == nil {
		s.Close()
		t.Errorf("Open of a text file succeeded")
	}
	file := filepath.Join(t.TempDir(), "file")
	if err := os.WriteFile(file, nil, 0o600); err != nil {
		t.Fatal(err)
	}
	if s, err := store.Open(ctx, filepath.Join(file, "actionguard.db")); err == nil {
		s.Close()
		t.Errorf("Open under a regular file succeeded")
	}
}

func TestOpenPathWithURICharacters(t *testing.T) {
	path := filepath.Join(t.TempDir(), "a dir?x=1#frag%20", "actionguard.db")
	s := open(t, path)
	if err := audit.New(s).Append(context.Background(), &audit.Record{Verdict: "allow"}); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(path); err != nil {
		t.Errorf("the database is not where it was asked to be: %v", err)
	}
}

func TestReopenKeepsRecords(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "actionguard.db")
	for i := 1; i <= 3; i++ {
		s, err := store.Open(ctx, path)
		if err != nil {
			t.Fatal(err)
		}
		l := audit.New(s)
		if err := l.Append(ctx, &audit.Record{Verdict: "allow"}); err != nil {
			t.Fatal(err)
		}
		v, err := s.SchemaVersion(ctx)
		if err != nil || v != store.LatestVersion() {
			t.Errorf("SchemaVersion = %d, %v; want %d", v, err, store.LatestVersion())
		}
		if n, err := l.Count(ctx); err != nil || n != int64(i) {
			t.Errorf("Count after %d opens = %d, %v", i, n, err)
		}
		if err := s.Close(); err != nil {
			t.Fatal(err)
		}
		// The last connection to close checkpoints the WAL into the
		// database (the WAL file itself is kept for the next process): a
		// copy of the database file alone holds every record.
		alone := filepath.Join(t.TempDir(), "alone.db")
		data, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(alone, data, 0o600); err != nil {
			t.Fatal(err)
		}
		var n int
		if err := rawDB(t, alone).QueryRow(`SELECT count(*) FROM audit`).Scan(&n); err != nil || n != i {
			t.Errorf("after Close, the database file alone has %d records (%v), want %d", n, err, i)
		}
	}
	var n int
	if err := rawDB(t, path).QueryRow(`SELECT count(*) FROM schema_version`).Scan(&n); err != nil || n != store.LatestVersion() {
		t.Errorf("schema_version has %d rows (%v), want %d", n, err, store.LatestVersion())
	}
}

func TestAppendOnlyTriggers(t *testing.T) {
	s := open(t, filepath.Join(t.TempDir(), "actionguard.db"))
	if err := audit.New(s).Append(context.Background(), &audit.Record{Verdict: "allow"}); err != nil {
		t.Fatal(err)
	}
	db := rawDB(t, s.Path())
	for _, stmt := range []string{`UPDATE audit SET verdict = 'block'`, `DELETE FROM audit`} {
		if _, err := db.Exec(stmt); err == nil {
			t.Errorf("%s succeeded on the append-only table", stmt)
		}
	}
}

// A writer holding the lock makes Append wait, not fail, even when the lock is
// held longer than the busy timeout.
func TestAppendWaitsForLock(t *testing.T) {
	for _, tc := range []struct {
		name string
		busy time.Duration
	}{
		{"busy timeout", 5 * time.Second},
		{"retry past the busy timeout", time.Millisecond},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := open(t, filepath.Join(t.TempDir(), "actionguard.db"), store.WithBusyTimeout(tc.busy))
			db := rawDB(t, s.Path())
			tx, err := db.Begin()
			if err != nil {
				t.Fatal(err)
			}
			if _, err := tx.Exec(`CREATE TABLE lock_holder (x)`); err != nil { // takes the write lock
				t.Fatal(err)
			}
			// releasing is closed before the lock is given up: an Append
			// that returns before it was closed did not wait for the lock.
			// (Closed after Rollback, a quick Append could finish in
			// between and be taken for one that did not wait.)
			releasing := make(chan struct{})
			go func() {
				time.Sleep(150 * time.Millisecond)
				close(releasing)
				tx.Rollback()
			}()
			start := time.Now()
			if err := audit.New(s).Append(context.Background(), &audit.Record{Verdict: "allow"}); err != nil {
				t.Fatalf("Append while another connection writes: %v", err)
			}
			select {
			case <-releasing:
			default:
				t.Errorf("Append returned after %v, before the lock was released", time.Since(start))
			}
		})
	}
}
