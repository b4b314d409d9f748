package store_test

import (
	"context"
	"database/sql"
	"path/filepath"
	"testing"

	"github.com/actionguard/actionguard/store"
	"github.com/actionguard/actionguard/store/storetest"
)

// TestStore runs the suite every store passes on a SQLite file, audittest's
// tamper tests included.
func TestStore(t *testing.T) {
	storetest.Run(t, func(t *testing.T) store.Store {
		return suiteStore{open(t, filepath.Join(t.TempDir(), "actionguard.db"))}
	})
}

// suiteStore lets storetest run SQL on the file and open it again.
type suiteStore struct{ *store.SQLite }

func (s suiteStore) Exec(t *testing.T, query string) {
	t.Helper()
	db := rawDB(t, s.Path())
	for _, stmt := range []string{`DROP TRIGGER IF EXISTS audit_no_update`, `DROP TRIGGER IF EXISTS audit_no_delete`, query} {
		if _, err := db.Exec(stmt); err != nil {
			t.Fatalf("%s: %v", stmt, err)
		}
	}
}

func (s suiteStore) Reopen(t *testing.T) store.Store { return suiteStore{open(t, s.Path())} }

// open opens the store at path and closes it when the test ends.
func open(t testing.TB, path string, opts ...store.Option) *store.SQLite {
	t.Helper()
	s, err := store.Open(context.Background(), path, opts...)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		if err := s.Close(); err != nil {
			t.Error(err)
		}
	})
	return s
}

// rawDB opens the file with the driver alone, bypassing the store.
func rawDB(t testing.TB, path string) *sql.DB {
	t.Helper()
	db, err := sql.Open("sqlite", path+"?_pragma=busy_timeout(5000)")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	return db
}
