// Package pgtest gives tests a real PostgreSQL: the database named by
// $ACTIONGUARD_TEST_POSTGRES (scripts/ci-postgres.sh sets one up) and a
// fresh schema per test. Without one a test is skipped, except under
// CI=true, where every test must run.
package pgtest

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"net/url"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"
)

// EnvURL names the variable that holds the test database's URL.
const EnvURL = "ACTIONGUARD_TEST_POSTGRES"

// Database returns the URL of the test database, its commits
// asynchronous (synchronous_commit=off). Without one the test is skipped, except under CI=true, where every test must run.
func Database(t testing.TB) string {
	t.Helper()
	u := os.Getenv(EnvURL)
	if u != "" {
		// The tests' commits do not wait for the write-ahead log to reach
		// the disk: they check what a commit makes visible to the other
		// connections, which this keeps, not that it outlives a crash of
		// the server. Waiting for the flush made the store suite two to
		// three times slower on a busy disk.
		return WithParam(t, u, "synchronous_commit", "off")
	}
	const hint = `run eval "$(sudo scripts/ci-postgres.sh)" to install and start PostgreSQL and set it`
	if os.Getenv("CI") == "true" {
		t.Fatalf("%s is not set, and under CI=true the PostgreSQL tests must run: %s", EnvURL, hint)
	}
	t.Skipf("%s is not set: %s", EnvURL, hint)
	return ""
}

// FreshSchema creates an empty schema in the test database, dropped when
// the test ends, and returns the database's URL with its search_path set
// to it. Tests in their own schemas run in parallel and again and again.
func FreshSchema(t testing.TB) string {
	t.Helper()
	base := Database(t)
	b := make([]byte, 8)
	rand.Read(b)
	schema := "t_" + hex.EncodeToString(b)
	Admin(t, base, "CREATE SCHEMA "+schema)
	t.Cleanup(func() { Admin(t, base, "DROP SCHEMA "+schema+" CASCADE") })
	return WithParam(t, base, "search_path", schema)
}

// WithParam returns conn with a run-time parameter set.
func WithParam(t testing.TB, conn, key, value string) string {
	t.Helper()
	if strings.HasPrefix(conn, "postgres://") || strings.HasPrefix(conn, "postgresql://") {
		u, err := url.Parse(conn)
		if err != nil {
			t.Fatalf("%s: %v", EnvURL, err)
		}
		q := u.Query()
		q.Set(key, value)
		u.RawQuery = q.Encode()
		return u.String()
	}
	return conn + " " + key + "=" + value
}

// Admin runs statements on their own connection to conn.
func Admin(t testing.TB, conn string, stmts ...string) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	c, err := pgx.Connect(ctx, conn)
	if err != nil {
		t.Fatalf("connecting to the test database: %v", err)
	}
	defer c.Close(ctx)
	for _, s := range stmts {
		if _, err := c.Exec(ctx, s); err != nil {
			t.Fatalf("%s: %v", s, err)
		}
	}
}
