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

// TestMigration5 upgrades a file of schema 4 with approval requests: a
// timed-out request reads as expired, and every request has an updated time.
func TestMigration5(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "actionguard.db")
	s, err := Open(ctx, path, withMigrations(migrations[:4]))
	if err != nil {
		t.Fatal(err)
	}
	for _, stmt := range []string{
		`INSERT INTO approvals (id, created_us, expires_us, status, action, decision, decided_by, decided_us, note)
			VALUES ('ap-old001', 1000, 2000, 'timeout', '{}', '{"tool":"x","verdict":"approve","risk":1,"reason":"","rules":[]}', '', 2000, '')`,
		`INSERT INTO approvals (id, created_us, expires_us, status, action, decision, decided_by, decided_us, note)
			VALUES ('ap-old002', 3000, 9999999999999999, 'pending', '{}', '{"tool":"x","verdict":"approve","risk":1,"reason":"","rules":[]}', '', 0, '')`,
	} {
		if _, err := s.db.ExecContext(ctx, stmt); err != nil {
			t.Fatal(err)
		}
	}
	if err := s.Close(); err != nil {
		t.Fatal(err)
	}
	s, err = Open(ctx, path)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	if v, err := s.SchemaVersion(ctx); err != nil || v != LatestVersion() {
		t.Fatalf("SchemaVersion = %d, %v; want %d", v, err, LatestVersion())
	}
	old, err := s.Approval(ctx, "ap-old001")
	if err != nil || old.Status != "expired" || old.Updated.UnixMicro() != 2000 || old.SessionID != "" || !old.UsedAt.IsZero() {
		t.Errorf("a timed-out request after migration 5: %+v, %v; want expired, updated at its decision", old, err)
	}
	pending, err := s.Approval(ctx, "ap-old002")
	if err != nil || pending.Status != "pending" || pending.Updated.UnixMicro() != 3000 {
		t.Errorf("a pending request after migration 5: %+v, %v; want pending, updated when created", pending, err)
	}
	if got, err := s.ApprovalsUpdated(ctx, time.Time{}); err != nil || len(got) != 2 || got[0].ID != "ap-old001" {
		t.Errorf("ApprovalsUpdated after migration 5 = %v, %v", got, err)
	}
}

// TestMigration6 upgrades a file of schema 5: a request approved before
// stays unlinked to any audit record (so it lets nothing through), and a
// token made before scopes reads and checks but does not decide.
func TestMigration6(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "actionguard.db")
	s, err := Open(ctx, path, withMigrations(migrations[:5]))
	if err != nil {
		t.Fatal(err)
	}
	for _, stmt := range []string{
		`INSERT INTO approvals (id, created_us, expires_us, status, action, decision, decided_by, decided_us, note, session_id, input_hash, updated_us)
			VALUES ('ap-old003', 1000, 9999999999999999, 'approved', '{}', '{"tool":"x","verdict":"approve","risk":1,"reason":"","rules":[]}', 'alice', 2000, '', 's', 'h', 2000)`,
		`INSERT INTO tokens (id, name, hash, created_us, last_used_us, revoked_us) VALUES ('tok-old00001', 'old', 'aa', 1000, 0, 0)`,
	} {
		if _, err := s.db.ExecContext(ctx, stmt); err != nil {
			t.Fatal(err)
		}
	}
	if err := s.Close(); err != nil {
		t.Fatal(err)
	}
	if s, err = Open(ctx, path); err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	old, err := s.Approval(ctx, "ap-old003")
	if err != nil || old.Status != "approved" || old.DecisionSeq != 0 || old.DecisionHash != "" || old.Cwd != "" || old.Agent != "" {
		t.Errorf("an approved request after migration 6: %+v, %v; want approved and unlinked", old, err)
	}
	ts, err := s.Tokens(ctx)
	if err != nil || len(ts) != 1 || ts[0].Scope != ScopeRead {
		t.Errorf("tokens after migration 6: %+v, %v; want one, scope read", ts, err)
	}
}
