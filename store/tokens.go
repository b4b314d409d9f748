package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"

	"github.com/actionguard/actionguard/store/internal/codec"
)

const tokenColumns = codec.TokenColumns

// CreateToken stores an API token; ErrTokenExists when its id, name (or
// hash) is taken. A zero Created is now.
func (s *SQLite) CreateToken(ctx context.Context, t Token) error {
	if err := codec.CheckToken(t.ID, t.Name, t.Hash); err != nil {
		return fmt.Errorf("store: create token: %w", err)
	}
	if t.Scope == "" {
		t.Scope = ScopeCheck // least privilege
	}
	if ScopeRank(t.Scope) == 0 {
		return fmt.Errorf("store: create token: unknown scope %q (want check, read or approver)", t.Scope)
	}
	if t.Created.IsZero() {
		t.Created = time.Now()
	}
	err := s.write(ctx, func(tx *sql.Tx) error {
		// No conflict target: any unique column taken does nothing.
		res, err := tx.ExecContext(ctx, `INSERT INTO tokens (`+tokenColumns+`) VALUES (?, ?, ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING`,
			t.ID, t.Name, t.Hash, t.Created.UnixMicro(), codec.Micros(t.LastUsed), codec.Micros(t.Revoked), t.Scope)
		if err != nil {
			return err
		}
		if n, _ := res.RowsAffected(); n == 0 {
			return ErrTokenExists
		}
		return nil
	})
	if errors.Is(err, ErrTokenExists) {
		return fmt.Errorf("%w: %s (%s)", ErrTokenExists, t.Name, t.ID)
	}
	if err != nil {
		return fmt.Errorf("store: create token %s: %w", t.Name, err)
	}
	return nil
}

// TokenByHash returns the live token with this hash and stamps its
// LastUsed. It reads; it writes only when LastUsed is older than a minute,
// since it runs on every API request.
func (s *SQLite) TokenByHash(ctx context.Context, hash string) (Token, error) {
	var t Token
	err := s.retry(ctx, func() error {
		var err error
		t, err = ScanToken(s.db.QueryRowContext(ctx, `SELECT `+tokenColumns+` FROM tokens WHERE hash = ? AND revoked_us = 0`, hash).Scan)
		return err
	})
	if errors.Is(err, sql.ErrNoRows) || hash == "" {
		return Token{}, ErrNoToken
	}
	if err != nil {
		return Token{}, fmt.Errorf("store: finding a token: %w", err)
	}
	now := time.Now().UTC().Truncate(time.Microsecond)
	if now.Sub(t.LastUsed) < codec.TokenStampEvery {
		return t, nil
	}
	err = s.write(ctx, func(tx *sql.Tx) error {
		_, err := tx.ExecContext(ctx, `UPDATE tokens SET last_used_us = ? WHERE id = ? AND last_used_us < ?`,
			now.UnixMicro(), t.ID, now.UnixMicro())
		return err
	})
	if err != nil {
		return Token{}, fmt.Errorf("store: stamping token %s: %w", t.Name, err)
	}
	t.LastUsed = now
	return t, nil
}

// RevokeToken revokes the live token with this id, or else this name.
func (s *SQLite) RevokeToken(ctx context.Context, idOrName string) (Token, error) {
	var t Token
	err := s.write(ctx, func(tx *sql.Tx) error {
		var err error
		t, err = ScanToken(tx.QueryRowContext(ctx, `SELECT `+tokenColumns+` FROM tokens
			WHERE (id = ? OR name = ?) AND revoked_us = 0 ORDER BY id = ? DESC LIMIT 1`, idOrName, idOrName, idOrName).Scan)
		if err != nil {
			return err
		}
		t.Revoked = time.Now().UTC().Truncate(time.Microsecond)
		_, err = tx.ExecContext(ctx, `UPDATE tokens SET revoked_us = ? WHERE id = ?`, t.Revoked.UnixMicro(), t.ID)
		return err
	})
	if errors.Is(err, sql.ErrNoRows) {
		return Token{}, fmt.Errorf("%w: %s", ErrNoToken, idOrName)
	}
	if err != nil {
		return Token{}, fmt.Errorf("store: revoke token %s: %w", idOrName, err)
	}
	return t, nil
}

// Tokens lists every token, revoked ones too, oldest first.
func (s *SQLite) Tokens(ctx context.Context) ([]Token, error) {
	var out []Token
	err := s.retry(ctx, func() error {
		out = out[:0]
		rows, err := s.db.QueryContext(ctx, `SELECT `+tokenColumns+` FROM tokens ORDER BY created_us, id`)
		if err != nil {
			return err
		}
		defer rows.Close()
		out, err = codec.AppendRows(rows, out, ScanToken)
		return err
	})
	if err != nil {
		return nil, fmt.Errorf("store: tokens: %w", err)
	}
	return out, nil
}

// ScanToken reads a row of tokenColumns (this store and the PostgreSQL one).
func ScanToken(scan func(dest ...any) error) (Token, error) {
	var t Token
	var created, used, revoked int64
	if err := scan(&t.ID, &t.Name, &t.Hash, &created, &used, &revoked, &t.Scope); err != nil {
		return t, err
	}
	t.Created, t.LastUsed, t.Revoked = codec.Time(created), codec.Time(used), codec.Time(revoked)
	return t, nil
}

// RevokeSession ends a page session before it expires (Store). Sessions
// that expired are forgotten on the way.
func (s *SQLite) RevokeSession(ctx context.Context, id, tokenID string, expires time.Time) error {
	if id == "" {
		return errors.New("store: revoke session: no session id")
	}
	err := s.write(ctx, func(tx *sql.Tx) error {
		if _, err := tx.ExecContext(ctx, `DELETE FROM revoked_sessions WHERE expires_us <= ?`, time.Now().UTC().UnixMicro()); err != nil {
			return err
		}
		_, err := tx.ExecContext(ctx, `INSERT INTO revoked_sessions (id, token_id, expires_us) VALUES (?, ?, ?) ON CONFLICT (id) DO NOTHING`,
			id, tokenID, expires.UTC().UnixMicro())
		return err
	})
	if err != nil {
		return fmt.Errorf("store: revoke session: %w", err)
	}
	return nil
}

// SessionRevoked reports whether a page session was revoked (Store).
func (s *SQLite) SessionRevoked(ctx context.Context, id string) (bool, error) {
	var n int
	err := s.retry(ctx, func() error {
		return s.db.QueryRowContext(ctx, `SELECT count(*) FROM revoked_sessions WHERE id = ?`, id).Scan(&n)
	})
	if err != nil {
		return false, fmt.Errorf("store: session revoked: %w", err)
	}
	return n > 0, nil
}
