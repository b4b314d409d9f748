package store

import (
	"context"
	"database/sql"
	"fmt"
	"strings"

	"github.com/actionguard/actionguard/audit"
	"github.com/actionguard/actionguard/store/internal/codec"
)

// Contact sources.
const (
	SourceLearned = "learned" // counted from the audit log's records
	SourceImport  = "import"  // brought in by ImportContacts
)

// keysPerQuery bounds the parameters of one ContactCounts query (SQLite
// allows 32,766).
const keysPerQuery = 500

// ContactCounts returns the interactions counted for each known key.
func (s *SQLite) ContactCounts(ctx context.Context, keys []string) (map[string]int, error) {
	out := make(map[string]int, len(keys))
	for len(keys) > 0 {
		chunk := keys[:min(len(keys), keysPerQuery)]
		keys = keys[len(chunk):]
		args := make([]any, len(chunk))
		for i, k := range chunk {
			args[i] = k
		}
		q := `SELECT key, interactions FROM contacts WHERE key IN (?` + strings.Repeat(", ?", len(chunk)-1) + `)`
		err := s.retry(ctx, func() error {
			rows, err := s.query(ctx, q, args...)
			if err != nil {
				return err
			}
			defer rows.Close()
			return codec.ScanMap(rows, out)
		})
		if err != nil {
			return nil, fmt.Errorf("store: counting contacts: %w", err)
		}
	}
	return out, nil
}

// ContactNames returns the display of each recipient with one, by key
// (guard.ContactNames): the names an import gave, and the masked
// addresses the guard skips.
func (s *SQLite) ContactNames(ctx context.Context) (map[string]string, error) {
	out := map[string]string{}
	err := s.retry(ctx, func() error {
		clear(out)
		rows, err := s.query(ctx, `SELECT key, display FROM contacts WHERE kind = ? AND display <> ''`, audit.ContactRecipient)
		if err != nil {
			return err
		}
		defer rows.Close()
		return codec.ScanMap(rows, out)
	})
	if err != nil {
		return nil, fmt.Errorf("store: contact names: %w", err)
	}
	return out, nil
}

// ImportContacts adds contacts with their earlier interactions; a contact
// already known keeps the larger count. It returns how many were new.
func (s *SQLite) ImportContacts(ctx context.Context, cs []Contact) (int, error) {
	in, err := codec.MergeImport(ImportedContacts(cs))
	if err != nil {
		return 0, fmt.Errorf("store: import contacts: %w", err)
	}
	var added int
	err = s.write(ctx, func(tx *sql.Tx) error {
		added = 0
		for _, c := range in {
			res, err := tx.ExecContext(ctx, `INSERT INTO contacts (key, kind, display, interactions, first_us, last_us, source)
				VALUES (?, ?, ?, ?, ?, ?, 'import') ON CONFLICT (key) DO NOTHING`,
				c.Key, c.Kind, c.Display, c.Interactions, c.FirstUS, c.LastUS)
			if err != nil {
				return err
			}
			if n, _ := res.RowsAffected(); n == 1 {
				added++
				continue
			}
			if _, err := tx.ExecContext(ctx, `UPDATE contacts SET
				interactions = max(interactions, ?),
				first_us = CASE WHEN first_us = 0 OR (? <> 0 AND ? < first_us) THEN ? ELSE first_us END,
				last_us = max(last_us, ?),
				display = CASE WHEN ? AND ? <> '' THEN ? WHEN display = '' THEN ? ELSE display END
				WHERE key = ?`,
				c.Interactions, c.FirstUS, c.FirstUS, c.FirstUS, c.LastUS, c.Named, c.Display, c.Display, c.Display, c.Key); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		return 0, fmt.Errorf("store: import contacts: %w", err)
	}
	return added, nil
}

// ImportedContacts is cs as the stores (this one and the PostgreSQL one)
// import them.
func ImportedContacts(cs []Contact) []codec.ImportedContact {
	out := make([]codec.ImportedContact, len(cs))
	for i, c := range cs {
		out[i] = codec.ImportedContact{Key: c.Key, Kind: c.Kind, Display: c.Display, Named: c.Named, Interactions: c.Interactions,
			FirstUS: codec.Micros(c.First), LastUS: codec.Micros(c.Last)}
	}
	return out
}

// Contacts lists the contact book, most interactions first (limit ≤ 0: all).
func (s *SQLite) Contacts(ctx context.Context, limit int) ([]Contact, error) {
	q := `SELECT key, kind, display, interactions, first_us, last_us, source FROM contacts ORDER BY interactions DESC, last_us DESC, key`
	var args []any
	if limit > 0 {
		q, args = q+` LIMIT ?`, []any{limit}
	}
	var out []Contact
	err := s.retry(ctx, func() error {
		out = out[:0]
		rows, err := s.query(ctx, q, args...)
		if err != nil {
			return err
		}
		defer rows.Close()
		out, err = codec.AppendRows(rows, out, ScanContact)
		return err
	})
	if err != nil {
		return nil, fmt.Errorf("store: contacts: %w", err)
	}
	return out, nil
}

// ScanContact reads a row of key, kind, display, interactions, first_us,
// last_us, source (this store and the PostgreSQL one).
func ScanContact(scan func(dest ...any) error) (Contact, error) {
	var c Contact
	var first, last int64
	if err := scan(&c.Key, &c.Kind, &c.Display, &c.Interactions, &first, &last, &c.Source); err != nil {
		return c, err
	}
	c.First, c.Last = codec.Time(first), codec.Time(last)
	return c, nil
}
