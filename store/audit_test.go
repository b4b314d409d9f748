package store_test

import (
	"context"
	"database/sql"
	"path/filepath"
	"testing"

	"github.com/actionguard/actionguard/audit"
	"github.com/actionguard/actionguard/audit/audittest"
	"github.com/actionguard/actionguard/store"
)

func TestAuditStorage(t *testing.T) {
	audittest.Run(t, audittest.Harness{
		Open: func(t *testing.T) audit.Storage {
			return open(t, filepath.Join(t.TempDir(), "actionguard.db"))
		},
		Reopen: func(t *testing.T, s audit.Storage) audit.Storage {
			return open(t, s.(*store.SQLite).Path())
		},
		Exec: func(t *testing.T, s audit.Storage, query string) {
			t.Helper()
			db := rawDB(t, s.(*store.SQLite).Path())
			for _, stmt := range []string{`DROP TRIGGER IF EXISTS audit_no_update`, `DROP TRIGGER IF EXISTS audit_no_delete`, query} {
				if _, err := db.Exec(stmt); err != nil {
					t.Fatalf("%s: %v", stmt, err)
				}
			}
		},
	})
}

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
