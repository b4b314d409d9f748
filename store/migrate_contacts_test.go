package store

import (
	"context"
	"path/filepath"
	"testing"

	"github.com/actionguard/actionguard/audit"
)

// TestMigration7 upgrades a file of schema 6 whose contact book learned
// from checks: the learned counts are gone, the imported contacts stay.
func TestMigration7(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "actionguard.db")
	s, err := Open(ctx, path, withMigrations(migrations[:6]))
	if err != nil {
		t.Fatal(err)
	}
	attacker := audit.NewContact(audit.ContactRecipient, "collector@attacker.example")
	friend := audit.NewContact(audit.ContactRecipient, "friend@example.com")
	for _, c := range []struct {
		c      audit.Contact
		n      int
		source string
	}{{attacker, 400, SourceLearned}, {friend, 12, SourceImport}} {
		if _, err := s.db.ExecContext(ctx, `INSERT INTO contacts (key, kind, display, interactions, first_us, last_us, source)
			VALUES (?, ?, ?, ?, 1, 2, ?)`, c.c.Key, c.c.Kind, c.c.Display, c.n, c.source); err != nil {
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
	got, err := s.ContactCounts(ctx, []string{attacker.Key, friend.Key})
	if err != nil {
		t.Fatal(err)
	}
	if got[attacker.Key] != 0 || got[friend.Key] != 12 {
		t.Errorf("contact counts after migration 7 = %v; want the learned one gone (0) and the imported one kept (12)", got)
	}
}
