package postgres

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/actionguard/actionguard/store"
	"github.com/actionguard/actionguard/store/internal/codec"
)

const tokenColumns = codec.TokenColumns

// CreateToken stores an API token; store.ErrTokenExists when its id, name
// (or hash) is taken. A zero Created is now.
func (s *Store) CreateToken(ctx context.Context, t store.Token) error {
	if err := codec.CheckToken(t.ID, t.Name, t.Hash); err != nil {
		return fmt.Errorf("store: create token: %w", err)
	}
	if t.Scope == "" {
		t.Scope = store.ScopeCheck // least privilege
	}
	if store.ScopeRank(t.Scope) == 0 {
		return fmt.Errorf("store: create token: unknown scope %q (want check, read or approver)", t.Scope)
	}
	if t.Created.IsZero() {
		t.Created = time.Now()
	}
	var n int64
	err := s.run(ctx, func(c *pgx.Conn) error {
		// No conflict target: any unique column taken does nothing.
		tag, err := c.Exec(ctx, `INSERT INTO tokens (`+tokenColumns+`) VALUES ($1, $2, $3, $4, $5, $6, $7) ON CONFLICT DO NOTHING`,
			t.ID, t.Name, t.Hash, t.Created.UnixMicro(), codec.Micros(t.LastUsed), codec.Micros(t.Revoked), t.Scope)
		n = tag.RowsAffected()
		return err
	})
	if err != nil {
		return fmt.Errorf("store: create token %s: %w", t.Name, err)
	}
	if n == 0 {
		return fmt.Errorf("%w: %s (%s)", store.ErrTokenExists, t.Name, t.ID)
	}
	return nil
}

// TokenByHash returns the live token with this hash and stamps its
// LastUsed. It reads; it writes only when LastUsed is older than a minute,
// since it runs on every API request.
func (s *Store) TokenByHash(ctx context.Context, hash string) (store.Token, error) {
	if hash == "" {
		return store.Token{}, store.ErrNoToken
	}
	var t store.Token
	now := time.Now().UTC().Truncate(time.Microsecond)
	err := s.run(ctx, func(c *pgx.Conn) error {
		var err error
		t, err = store.ScanToken(c.QueryRow(ctx, `SELECT `+tokenColumns+` FROM tokens WHERE hash = $1 AND revoked_us = 0`, hash).Scan)
		if err != nil || now.Sub(t.LastUsed) < codec.TokenStampEvery {
			return err
		}
		if _, err := c.Exec(ctx, `UPDATE tokens SET last_used_us = $1 WHERE id = $2 AND last_used_us < $1`, now.UnixMicro(), t.ID); err != nil {
			return fmt.Errorf("stamping token %s: %w", t.Name, err)
		}
		t.LastUsed = now
		return nil
	})
	if errors.Is(err, pgx.ErrNoRows) {
		return store.Token{}, store.ErrNoToken
	}
	if err != nil {
		return store.Token{}, fmt.Errorf("store: finding a token: %w", err)
	}
	return t, nil
}

// RevokeToken revokes the live token with this id, or else this name.
func (s *Store) RevokeToken(ctx context.Context, idOrName string) (store.Token, error) {
	var t store.Token
	err := s.run(ctx, func(c *pgx.Conn) error {
		var err error
		t, err = store.ScanToken(c.QueryRow(ctx, `UPDATE tokens SET revoked_us = $2
			WHERE revoked_us = 0 AND id = (SELECT id FROM tokens WHERE (id = $1 OR name = $1) AND revoked_us = 0
				ORDER BY id = $1 DESC LIMIT 1)
			RETURNING `+tokenColumns, idOrName, time.Now().UnixMicro()).Scan)
		return err
	})
	if errors.Is(err, pgx.ErrNoRows) {
		return store.Token{}, fmt.Errorf("%w: %s", store.ErrNoToken, idOrName)
	}
	if err != nil {
		return store.Token{}, fmt.Errorf("store: revoke token %s: %w", idOrName, err)
	}
	return t, nil
}

// Tokens lists every token, revoked ones too, oldest first.
func (s *Store) Tokens(ctx context.Context) ([]store.Token, error) {
	var out []store.Token
	err := s.run(ctx, func(c *pgx.Conn) error {
		out = out[:0]
		rows, err := c.Query(ctx, `SELECT `+tokenColumns+` FROM tokens ORDER BY created_us, id COLLATE "C"`)
		if err != nil {
			return err
		}
		defer rows.Close()
		out, err = codec.AppendRows(rows, out, store.ScanToken)
		return err
	})
	if err != nil {
		return nil, fmt.Errorf("store: tokens: %w", err)
	}
	return out, nil
}

// RevokeSession ends a page session before it expires (store.Store).
// Sessions that expired are forgotten on the way.
func (s *Store) RevokeSession(ctx context.Context, id, tokenID string, expires time.Time) error {
	if id == "" {
		return errors.New("store: revoke session: no session id")
	}
	err := s.run(ctx, func(c *pgx.Conn) error {
		if _, err := c.Exec(ctx, `DELETE FROM revoked_sessions WHERE expires_us <= $1`, time.Now().UTC().UnixMicro()); err != nil {
			return err
		}
		_, err := c.Exec(ctx, `INSERT INTO revoked_sessions (id, token_id, expires_us) VALUES ($1, $2, $3) ON CONFLICT (id) DO NOTHING`,
			id, tokenID, expires.UTC().UnixMicro())
		return err
	})
	if err != nil {
		return fmt.Errorf("store: revoke session: %w", err)
	}
	return nil
}

// SessionRevoked reports whether a page session was revoked (store.Store).
func (s *Store) SessionRevoked(ctx context.Context, id string) (bool, error) {
	var n int64
	err := s.run(ctx, func(c *pgx.Conn) error {
		return c.QueryRow(ctx, `SELECT count(*) FROM revoked_sessions WHERE id = $1`, id).Scan(&n)
	})
	if err != nil {
		return false, fmt.Errorf("store: session revoked: %w", err)
	}
	return n > 0, nil
}
