// Package postgres is the store several actionguard servers share: one
// PostgreSQL database holds the audit log, the approval queue, feedback,
// the contact book and the API tokens, and any number of stateless replicas
// use it at once.
//
// Open connects and migrates the schema and returns a *Store, which
// implements store.Store exactly as the embedded SQLite store does
// (storetest.Run is the suite both pass). It is kept out of package store so
// that the lean hook binary, which imports store, does not link pgx.
//
// # Concurrency
//
// A *Store is safe for concurrent use, and any number of Stores, in any
// number of processes, may share a database. Appends to the audit log take
// a transaction-level advisory lock (pg_advisory_xact_lock) before they read
// the tip of the chain, so replicas produce one gap-free chain; an approval
// is used once by a conditional UPDATE. The lock is per schema: deployments
// in different schemas of one database do not wait for each other.
//
// # Schema
//
// The tables live in the connection's current schema (the first of its
// search_path: set search_path in the URL to use another). Times are bigint
// microseconds since the Unix epoch, as in SQLite; audit records and
// feedback are append-only (triggers refuse UPDATE, DELETE and TRUNCATE).
// Migrations are versioned in schema_version and applied under an advisory
// lock, so replicas starting together apply each once; a database written
// by a newer actionguard is refused with store.ErrSchemaTooNew.
//
// PostgreSQL text holds neither NUL bytes nor invalid UTF-8: an audit
// record carrying them is refused with an error rather than stored altered.
package postgres

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"net/url"
	"regexp"
	"runtime"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"

	"github.com/actionguard/actionguard/store"
)

// Store is the PostgreSQL store. Build it with Open.
type Store struct {
	pool     *pool
	location string
	cfg      config
}

var _ store.Store = (*Store)(nil)

type config struct {
	maxConns   int
	migrations []migration
	auditKey   string // the audit key's file; see WithAuditKeyFile
}

// Option configures Open.
type Option func(*config)

// WithMaxConns caps the connections the store keeps open to the database
// (default: the number of CPUs, at least 4).
func WithMaxConns(n int) Option { return func(c *config) { c.maxConns = max(n, 1) } }

// Open connects to the database at url (postgres://user:password@host/db?…,
// or the key=value form), migrates its schema to the current version and
// returns the store. It fails with store.ErrSchemaTooNew when the database
// was written by a newer actionguard. Connections are opened as needed.
func Open(ctx context.Context, url string, opts ...Option) (*Store, error) {
	cfg := config{maxConns: max(4, runtime.NumCPU()), migrations: migrations}
	for _, o := range opts {
		o(&cfg)
	}
	loc := redact(url)
	pc, err := pgx.ParseConfig(url)
	if err != nil {
		// pgx's message hides the password.
		return nil, fmt.Errorf("store: open %s: %w", loc, err)
	}
	if _, ok := pc.RuntimeParams["application_name"]; !ok {
		pc.RuntimeParams["application_name"] = "actionguard"
	}
	if pc.ConnectTimeout == 0 {
		pc.ConnectTimeout = 10 * time.Second
	}
	s := &Store{pool: newPool(pc, cfg.maxConns), location: loc, cfg: cfg}
	if err := s.migrate(ctx); err != nil {
		s.pool.close()
		return nil, fmt.Errorf("store: open %s: %w", loc, err)
	}
	return s, nil
}

// Kind returns "postgres".
func (s *Store) Kind() string { return "postgres" }

// Location returns the URL the store was opened with, without its password.
func (s *Store) Location() string { return s.location }

// Close closes the store's connections. Operations under way finish first;
// none may start after.
func (s *Store) Close() error {
	s.pool.close()
	return nil
}

// redact returns a connection string without its password.
func redact(conn string) string {
	if strings.HasPrefix(conn, "postgres://") || strings.HasPrefix(conn, "postgresql://") {
		u, err := url.Parse(conn)
		if err != nil {
			return "(a PostgreSQL URL that does not parse)"
		}
		if u.User != nil {
			u.User = url.User(u.User.Username())
		}
		if q := u.Query(); q.Has("password") {
			q.Del("password")
			u.RawQuery = q.Encode()
		}
		return u.String()
	}
	return kvPassword.ReplaceAllString(conn, "")
}

// kvPassword is a password in the key=value form, quoted or not.
var kvPassword = regexp.MustCompile(`\s*password\s*=\s*('(\\.|[^'\\])*'|\S*)`)

// withConn runs fn on a connection of the pool.
func (s *Store) withConn(ctx context.Context, fn func(*pgx.Conn) error) error {
	c, err := s.pool.get(ctx)
	if err != nil {
		return err
	}
	defer s.pool.put(c)
	return fn(c)
}

// run runs fn, statements outside a transaction, on a connection, again
// when PostgreSQL reports a serialization failure or a deadlock.
func (s *Store) run(ctx context.Context, fn func(*pgx.Conn) error) error {
	return retry(ctx, func() error { return s.withConn(ctx, fn) })
}

// tx runs fn in a transaction: begin (BEGIN, and whatever must come first,
// such as taking a lock, in the same round trip), fn, COMMIT; ROLLBACK when
// anything fails. A serialization failure or a deadlock runs it all again,
// so fn must be safe to run more than once; fn's own errors are returned
// as they are.
func (s *Store) tx(ctx context.Context, begin string, fn func(*pgx.Conn) error) error {
	return retry(ctx, func() error {
		return s.withConn(ctx, func(c *pgx.Conn) error {
			err := func() error {
				if _, err := c.Exec(ctx, begin); err != nil {
					return err
				}
				if err := fn(c); err != nil {
					return err
				}
				tag, err := c.Exec(ctx, "COMMIT")
				if err != nil {
					return err
				}
				if tag.String() != "COMMIT" {
					return errors.New("the transaction was rolled back")
				}
				return nil
			}()
			if err != nil && !c.IsClosed() && c.PgConn().TxStatus() != 'I' {
				// A cancelled ctx must not leave the transaction open:
				// roll back on a context of its own, or drop the connection.
				rctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), 5*time.Second)
				if _, rerr := c.Exec(rctx, "ROLLBACK"); rerr != nil {
					c.Close(rctx)
				}
				cancel()
			}
			return err
		})
	})
}

const beginSQL = "BEGIN"

// retry runs op until it succeeds, fails otherwise than with a
// serialization failure or a deadlock, or five attempts are spent.
func retry(ctx context.Context, op func() error) error {
	delay := 2 * time.Millisecond
	for attempt := 1; ; attempt++ {
		err := op()
		if err == nil || !transient(err) || attempt == 5 {
			return err
		}
		t := time.NewTimer(delay/2 + rand.N(delay))
		select {
		case <-ctx.Done():
			t.Stop()
			return err
		case <-t.C:
		}
		delay *= 2
	}
}

// transient reports whether running the operation again may succeed: a
// conflict between transactions, or a connection that failed before
// anything was sent on it.
func transient(err error) bool {
	var pe *pgconn.PgError
	if errors.As(err, &pe) {
		return pe.Code == "40001" || pe.Code == "40P01"
	}
	return pgconn.SafeToRetry(err) && !errors.Is(err, context.Canceled) && !errors.Is(err, context.DeadlineExceeded)
}

// pgCode returns the SQLSTATE of err, "" when it is not a PostgreSQL error.
func pgCode(err error) string {
	var pe *pgconn.PgError
	if errors.As(err, &pe) {
		return pe.Code
	}
	return ""
}

// nowUS is the database's clock in microseconds: every replica stamps
// updates with the same clock.
const nowUS = `(extract(epoch FROM clock_timestamp()) * 1000000)::bigint`
