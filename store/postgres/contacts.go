package postgres

import (
	"context"
	"fmt"

	"github.com/jackc/pgx/v5"

	"github.com/actionguard/actionguard/audit"
	"github.com/actionguard/actionguard/store"
	"github.com/actionguard/actionguard/store/internal/codec"
)

// learnContacts counts the interactions appended records had with their
// contacts, in the append's transaction: one statement for all of them, in
// key order.
func learnContacts(ctx context.Context, c *pgx.Conn, uses []codec.ContactUse) error {
	if len(uses) == 0 {
		return nil
	}
	n := len(uses)
	keys, kinds, displays := make([]string, n), make([]string, n), make([]string, n)
	counts, firsts, lasts := make([]int64, n), make([]int64, n), make([]int64, n)
	for i, u := range uses {
		keys[i], kinds[i], displays[i] = u.Key, u.Kind, u.Display
		counts[i], firsts[i], lasts[i] = int64(u.Count), u.FirstUS, u.LastUS
	}
	_, err := c.Exec(ctx, `INSERT INTO contacts AS c (key, kind, display, interactions, first_us, last_us, source)
		SELECT k, kind, d, n, f, l, 'learned'
		FROM unnest($1::text[], $2::text[], $3::text[], $4::bigint[], $5::bigint[], $6::bigint[]) AS u(k, kind, d, n, f, l)
		ORDER BY k
		ON CONFLICT (key) DO UPDATE SET
			interactions = c.interactions + excluded.interactions,
			first_us = CASE WHEN c.first_us = 0 OR excluded.first_us < c.first_us THEN excluded.first_us ELSE c.first_us END,
			last_us = greatest(c.last_us, excluded.last_us),
			display = CASE WHEN excluded.display <> '' THEN excluded.display ELSE c.display END`,
		keys, kinds, displays, counts, firsts, lasts)
	if err != nil {
		return fmt.Errorf("counting contacts: %w", err)
	}
	return nil
}

// ContactCounts returns the interactions counted for each known key.
func (s *Store) ContactCounts(ctx context.Context, keys []string) (map[string]int, error) {
	out := make(map[string]int, len(keys))
	if len(keys) == 0 {
		return out, nil
	}
	err := s.run(ctx, func(c *pgx.Conn) error {
		clear(out)
		rows, err := c.Query(ctx, `SELECT key, interactions FROM contacts WHERE key = ANY($1::text[])`, keys)
		if err != nil {
			return err
		}
		defer rows.Close()
		return codec.ScanMap(rows, out)
	})
	if err != nil {
		return nil, fmt.Errorf("store: counting contacts: %w", err)
	}
	return out, nil
}

// ContactNames returns the display of each recipient with one, by key
// (guard.ContactNames).
func (s *Store) ContactNames(ctx context.Context) (map[string]string, error) {
	out := map[string]string{}
	err := s.run(ctx, func(c *pgx.Conn) error {
		clear(out)
		rows, err := c.Query(ctx, `SELECT key, display FROM contacts WHERE kind = $1 AND display <> ''`, audit.ContactRecipient)
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
// already known keeps the larger count. It returns how many were new. Two
// statements whatever the number of contacts: the new ones are inserted,
// then the known ones updated.
func (s *Store) ImportContacts(ctx context.Context, cs []store.Contact) (int, error) {
	in, err := codec.MergeImport(store.ImportedContacts(cs))
	if err != nil {
		return 0, fmt.Errorf("store: import contacts: %w", err)
	}
	if len(in) == 0 {
		return 0, nil
	}
	n := len(in)
	keys, kinds, displays := make([]string, n), make([]string, n), make([]string, n)
	counts, firsts, lasts := make([]int64, n), make([]int64, n), make([]int64, n)
	named := make([]bool, n)
	for i, c := range in {
		keys[i], kinds[i], displays[i], named[i] = c.Key, c.Kind, c.Display, c.Named
		counts[i], firsts[i], lasts[i] = int64(c.Interactions), c.FirstUS, c.LastUS
	}
	var added int
	err = s.tx(ctx, beginSQL, func(c *pgx.Conn) error {
		var fresh []string
		rows, err := c.Query(ctx, `INSERT INTO contacts (key, kind, display, interactions, first_us, last_us, source)
			SELECT k, kind, d, n, f, l, 'import'
			FROM unnest($1::text[], $2::text[], $3::text[], $4::bigint[], $5::bigint[], $6::bigint[]) AS u(k, kind, d, n, f, l)
			ORDER BY k
			ON CONFLICT (key) DO NOTHING RETURNING key`, keys, kinds, displays, counts, firsts, lasts)
		if err != nil {
			return err
		}
		fresh, err = pgx.CollectRows(rows, pgx.RowTo[string])
		if err != nil {
			return err
		}
		if fresh == nil {
			fresh = []string{} // not NULL: nothing is "= ANY(NULL)"
		}
		added = len(fresh)
		if added == n {
			return nil
		}
		_, err = c.Exec(ctx, `UPDATE contacts AS c SET
				interactions = greatest(c.interactions, u.n),
				first_us = CASE WHEN c.first_us = 0 OR (u.f <> 0 AND u.f < c.first_us) THEN u.f ELSE c.first_us END,
				last_us = greatest(c.last_us, u.l),
				display = CASE WHEN u.named AND u.d <> '' THEN u.d WHEN c.display = '' THEN u.d ELSE c.display END
			FROM unnest($1::text[], $2::text[], $3::bigint[], $4::bigint[], $5::bigint[], $7::boolean[]) AS u(k, d, n, f, l, named)
			WHERE c.key = u.k AND NOT u.k = ANY($6::text[])`,
			keys, displays, counts, firsts, lasts, fresh, named)
		return err
	})
	if err != nil {
		return 0, fmt.Errorf("store: import contacts: %w", err)
	}
	return added, nil
}

// Contacts lists the contact book, most interactions first (limit ≤ 0: all).
func (s *Store) Contacts(ctx context.Context, limit int) ([]store.Contact, error) {
	q := `SELECT key, kind, display, interactions, first_us, last_us, source FROM contacts
		ORDER BY interactions DESC, last_us DESC, key COLLATE "C"`
	var args []any
	if limit > 0 {
		q, args = q+` LIMIT $1`, []any{limit}
	}
	var out []store.Contact
	err := s.run(ctx, func(c *pgx.Conn) error {
		out = out[:0]
		rows, err := c.Query(ctx, q, args...)
		if err != nil {
			return err
		}
		defer rows.Close()
		out, err = codec.AppendRows(rows, out, store.ScanContact)
		return err
	})
	if err != nil {
		return nil, fmt.Errorf("store: contacts: %w", err)
	}
	return out, nil
}
