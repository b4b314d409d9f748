package store

import (
	"context"
	"errors"
	"path/filepath"
	"testing"
	"time"
)

func TestMigrationsAreOrdered(t *testing.T) {
	for i, m := range migrations {
		if m.version != i+1 || m.name == "" || m.sql == "" {
			t.Errorf("migrations[%d] = version %d %q: want version %d, a name and SQL", i, m.version, m.name, i+1)
		}
	}
}

// withMigrations replaces the schema history (tests).
func withMigrations(ms []migration) Option { return func(c *config) { c.migrations = ms } }

var testMigration = migration{version: len(migrations) + 1, name: "test table", sql: `CREATE TABLE later (x INTEGER) STRICT`}

// withTest is the real schema history followed by testMigration.
func withTest() []migration {
	return append(migrations[:len(migrations):len(migrations)], testMigration)
}

func TestOpenMigratesOlderFile(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "actionguard.db")
	s, err := Open(ctx, path)
	if err != nil {
		t.Fatal(err)
	}
	if err := s.Close(); err != nil {
		t.Fatal(err)
	}

	s, err = Open(ctx, path, withMigrations(withTest()))
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	if v, err := s.SchemaVersion(ctx); err != nil || v != testMigration.version {
		t.Errorf("SchemaVersion = %d, %v; want %d", v, err, testMigration.version)
	}
	if _, err := s.db.Exec(`INSERT INTO later (x) VALUES (1)`); err != nil {
		t.Errorf("the table migration 2 creates is missing: %v", err)
	}
	var names []string
	rows, err := s.db.Query(`SELECT name FROM schema_version ORDER BY version`)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	for rows.Next() {
		var n string
		rows.Scan(&n)
		names = append(names, n)
	}
	if len(names) != testMigration.version || names[len(names)-1] != "test table" {
		t.Errorf("schema_version names = %q", names)
	}
}

func TestOpenRefusesNewerFile(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "actionguard.db")
	s, err := Open(ctx, path, withMigrations(withTest()))
	if err != nil {
		t.Fatal(err)
	}
	if err := s.Close(); err != nil {
		t.Fatal(err)
	}
	_, err = Open(ctx, path)
	if !errors.Is(err, ErrSchemaTooNew) {
		t.Fatalf("Open of a newer file = %v, want ErrSchemaTooNew", err)
	}
	t.Log(err)
}

func TestConnectionSettings(t *testing.T) {
	s, err := Open(context.Background(), filepath.Join(t.TempDir(), "actionguard.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	for pragma, want := range map[string]string{
		"journal_mode": "wal",
		"synchronous":  "1", // NORMAL
		"foreign_keys": "1",
		"busy_timeout": "5000",
	} {
		var got string
		if err := s.db.QueryRow("PRAGMA " + pragma).Scan(&got); err != nil || got != want {
			t.Errorf("PRAGMA %s = %q, %v; want %q", pragma, got, err, want)
		}
	}
	// Write transactions begin IMMEDIATE: a second one waits at BEGIN,
	// before reading anything, instead of failing at its first write.
	tx, err := s.db.Begin()
	if err != nil {
		t.Fatal(err)
	}
	defer tx.Rollback()
	other, err := Open(context.Background(), s.path, WithBusyTimeout(10*time.Millisecond))
	if err != nil {
		t.Fatal(err)
	}
	defer other.Close()
	if _, err := other.db.Begin(); !busy(err) {
		t.Errorf("BEGIN while another transaction is open = %v, want SQLITE_BUSY", err)
	}
}
