package postgres

// Helpers for the tests of this package and of postgres_test: a real
// PostgreSQL named by $ACTIONGUARD_TEST_POSTGRES, a fresh schema per test.

import "github.com/actionguard/actionguard/store/postgres/pgtest"

// The helpers of package pgtest, under the names these tests use.
var (
	Database    = pgtest.Database
	FreshSchema = pgtest.FreshSchema
	WithParam   = pgtest.WithParam
	Admin       = pgtest.Admin
)

const EnvURL = pgtest.EnvURL

// WithMigrations replaces the schema history (tests).
func WithMigrations(ms []migration) Option { return func(c *config) { c.migrations = ms } }

// Migrations returns the schema history followed by a later test migration.
func MigrationsAndOneMore() []migration {
	return append(migrations[:len(migrations):len(migrations)],
		migration{version: len(migrations) + 1, name: "test table", sql: `CREATE TABLE later (x integer)`})
}

// Redact is redact.
var Redact = redact
