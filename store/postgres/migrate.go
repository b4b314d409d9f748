package postgres

import (
	"context"
	"errors"
	"fmt"

	"github.com/jackc/pgx/v5"

	"github.com/actionguard/actionguard/store"
)

// A migration moves the schema from version-1 to version, in the same
// transaction as its schema_version row; a released migration is never
// edited, only followed by a new one.
type migration struct {
	version int
	name    string
	sql     string
}

// migrations is the schema's history, in order, versions 1, 2, 3, ….
// Version 1 is SQLite's schema 5 in PostgreSQL's dialect.
var migrations = []migration{
	{version: 1, name: "actionguard", sql: `
CREATE FUNCTION actionguard_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	RAISE EXCEPTION '% is append-only', TG_TABLE_NAME USING ERRCODE = 'insufficient_privilege';
END $$;

CREATE TABLE audit (
	seq         bigint PRIMARY KEY,   -- 1, 2, 3, … without gaps; assigned by audit.Log
	time_us     bigint NOT NULL,      -- microseconds since the Unix epoch, UTC
	session_id  text NOT NULL,
	agent       text NOT NULL,
	tool        text NOT NULL,
	kind        text NOT NULL,
	action      text,                 -- JSON, redacted; exactly the bytes hashed
	verdict     text NOT NULL,
	level       text NOT NULL,
	score       bigint NOT NULL,
	risk        bigint NOT NULL,
	rules       text NOT NULL,        -- JSON array of rule ids, as hashed
	reason      text NOT NULL,
	error       text NOT NULL,
	duration_us bigint NOT NULL,
	prev_hash   text NOT NULL,
	hash        text NOT NULL,
	confidence  bigint NOT NULL DEFAULT 0,
	anomalies   text NOT NULL DEFAULT '[]', -- JSON array
	-- Derived at insert, for lookups; not evidence (the hash does not cover them).
	decision_id text,                 -- the action's "id", NULL when it has none
	rule_ids    text[] NOT NULL DEFAULT '{}' -- the distinct rule ids
);
CREATE INDEX audit_session ON audit (session_id, seq);
CREATE INDEX audit_time ON audit (time_us);
CREATE INDEX audit_decision_id ON audit (decision_id) WHERE decision_id IS NOT NULL;
CREATE INDEX audit_rule_ids ON audit USING gin (rule_ids);
-- The chain makes tampering evident; these make accidents impossible.
CREATE TRIGGER audit_append_only BEFORE UPDATE OR DELETE ON audit
	FOR EACH ROW EXECUTE FUNCTION actionguard_append_only();
CREATE TRIGGER audit_no_truncate BEFORE TRUNCATE ON audit
	FOR EACH STATEMENT EXECUTE FUNCTION actionguard_append_only();

CREATE TABLE approvals (
	id          text PRIMARY KEY,     -- "ap-7f3k2q"
	created_us  bigint NOT NULL,
	expires_us  bigint NOT NULL,
	status      text NOT NULL,        -- pending, approved, rejected, expired
	action      text NOT NULL,        -- JSON, redacted
	decision    text NOT NULL,        -- JSON: approval.Summary
	decided_by  text NOT NULL,
	decided_us  bigint NOT NULL,      -- 0 while pending
	note        text NOT NULL,
	session_id  text NOT NULL,
	input_hash  text NOT NULL,
	used_us     bigint NOT NULL,      -- 0 while unused
	updated_us  bigint NOT NULL,      -- every write moves it forward
	file        text NOT NULL         -- the Markdown file, '' for none
);
CREATE INDEX approvals_status ON approvals (status, created_us);
CREATE INDEX approvals_input ON approvals (session_id, input_hash);
CREATE INDEX approvals_updated ON approvals (updated_us);

CREATE TABLE feedback (
	id          bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
	time_us     bigint NOT NULL,
	audit_seq   bigint NOT NULL REFERENCES audit (seq),
	decision_id text NOT NULL,
	verdict     text NOT NULL,
	should_be   text NOT NULL,
	rules       text NOT NULL,        -- JSON array of the record's rule ids
	kind        text NOT NULL,
	tool        text NOT NULL,
	note        text NOT NULL,
	"by"        text NOT NULL
);
CREATE INDEX feedback_audit ON feedback (audit_seq);
CREATE INDEX feedback_time ON feedback (time_us);
CREATE TRIGGER feedback_append_only BEFORE UPDATE OR DELETE ON feedback
	FOR EACH ROW EXECUTE FUNCTION actionguard_append_only();
CREATE TRIGGER feedback_no_truncate BEFORE TRUNCATE ON feedback
	FOR EACH STATEMENT EXECUTE FUNCTION actionguard_append_only();

CREATE TABLE contacts (
	key          text PRIMARY KEY,    -- audit.ContactKey
	kind         text NOT NULL,
	display      text NOT NULL,       -- masked
	interactions bigint NOT NULL,
	first_us     bigint NOT NULL,     -- 0 unknown
	last_us      bigint NOT NULL,
	source       text NOT NULL        -- learned, import
);

CREATE TABLE tokens (
	id           text PRIMARY KEY,
	name         text NOT NULL UNIQUE,
	hash         text NOT NULL UNIQUE, -- hex SHA-256 of the secret
	created_us   bigint NOT NULL,
	last_used_us bigint NOT NULL,     -- 0 never
	revoked_us   bigint NOT NULL      -- 0 live
);
`},
	{version: 2, name: "approvals bound to their call and their audit record; token scopes; signed-out sessions", sql: `
-- As SQLite's version 6: the call an approval lets through (cwd, agent) and
-- the audit record of its decision; a token's scope (check < read <
-- approver; tokens made before scopes read and check); sessions signed out.
ALTER TABLE approvals ADD COLUMN cwd text NOT NULL DEFAULT '';
ALTER TABLE approvals ADD COLUMN agent text NOT NULL DEFAULT '';
ALTER TABLE approvals ADD COLUMN decision_seq bigint NOT NULL DEFAULT 0;
ALTER TABLE approvals ADD COLUMN decision_hash text NOT NULL DEFAULT '';
ALTER TABLE tokens ADD COLUMN scope text NOT NULL DEFAULT 'read';
CREATE TABLE revoked_sessions (
	id         text PRIMARY KEY,      -- hex SHA-256 of the session's nonce
	token_id   text NOT NULL,
	expires_us bigint NOT NULL
);
`},
	{version: 3, name: "audit checkpoints", sql: `
-- The end of the audit chain at moments (audit.Checkpoint): appended after
-- every append, never changed, so that audit verify notices a log whose
-- newest records were removed or whose records were rewritten.
CREATE TABLE audit_checkpoints (
	id          bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
	seq         bigint NOT NULL,
	hash        text NOT NULL,
	time_us     bigint NOT NULL,
	keyed_from  bigint NOT NULL DEFAULT 0
);
CREATE INDEX audit_checkpoints_seq ON audit_checkpoints (seq);
CREATE TRIGGER audit_checkpoints_append_only BEFORE UPDATE OR DELETE ON audit_checkpoints
	FOR EACH ROW EXECUTE FUNCTION actionguard_append_only();
CREATE TRIGGER audit_checkpoints_no_truncate BEFORE TRUNCATE ON audit_checkpoints
	FOR EACH STATEMENT EXECUTE FUNCTION actionguard_append_only();
`},
	{version: 4, name: "contacts learned from what ran", sql: `
-- Interactions were counted from every allowed decision, checks and
-- evaluations included, so attempting a send made its recipient a frequent
-- contact. From now on only actions that ran count (audit.RanKind): the
-- counts learned before are discarded; imported contacts stay.
DELETE FROM contacts WHERE source = 'learned';
`},
}

const createSchemaVersion = `CREATE TABLE IF NOT EXISTS schema_version (
	version    integer PRIMARY KEY,
	name       text NOT NULL,
	applied_at timestamptz NOT NULL DEFAULT now()
)`

// Advisory lock classes (the first key of pg_advisory_xact_lock); the
// second key is the schema, so deployments in different schemas of one
// database do not wait for each other.
const (
	lockMigrate = 0x61675f6d // "ag_m"
	lockAudit   = 0x61675f61 // "ag_a"
)

// lockSQL takes the advisory lock of class for the current schema until
// the transaction ends.
func lockSQL(class int) string {
	return fmt.Sprintf(`SELECT pg_advisory_xact_lock(%d, hashtext(coalesce(current_schema(), '')))`, class)
}

// SchemaVersion returns the version of the database's schema, 0 for a new
// database.
func (s *Store) SchemaVersion(ctx context.Context) (int, error) {
	var v int
	err := s.run(ctx, func(c *pgx.Conn) error {
		return c.QueryRow(ctx, `SELECT coalesce(max(version), 0) FROM schema_version`).Scan(&v)
	})
	if pgCode(err) == "42P01" { // undefined_table
		return 0, nil
	}
	if err != nil {
		return 0, fmt.Errorf("store: schema version: %w", err)
	}
	return v, nil
}

// migrate brings the schema to the latest version. A current schema costs
// one read; otherwise the migrations run in a transaction under the
// migration lock, after reading the version again.
func (s *Store) migrate(ctx context.Context) error {
	ms := s.cfg.migrations
	latest := ms[len(ms)-1].version
	v, err := s.SchemaVersion(ctx)
	if err != nil {
		return errors.Unwrap(err)
	}
	if v > latest {
		return tooNew(v, latest)
	}
	if v == latest {
		return nil
	}
	return s.tx(ctx, beginSQL+"; "+lockSQL(lockMigrate), func(c *pgx.Conn) error {
		if _, err := c.Exec(ctx, createSchemaVersion); err != nil {
			return fmt.Errorf("creating schema_version: %w", err)
		}
		var v int
		if err := c.QueryRow(ctx, `SELECT coalesce(max(version), 0) FROM schema_version`).Scan(&v); err != nil {
			return fmt.Errorf("reading the schema version: %w", err)
		}
		if v > latest {
			return tooNew(v, latest)
		}
		for _, m := range ms {
			if m.version <= v {
				continue
			}
			if _, err := c.Exec(ctx, m.sql); err != nil {
				return fmt.Errorf("migrating to schema %d (%s): %w", m.version, m.name, err)
			}
			if _, err := c.Exec(ctx, `INSERT INTO schema_version (version, name) VALUES ($1, $2)`, m.version, m.name); err != nil {
				return fmt.Errorf("migrating to schema %d (%s): %w", m.version, m.name, err)
			}
		}
		return nil
	})
}

func tooNew(v, latest int) error {
	return fmt.Errorf("%w: the database has schema version %d, this actionguard knows up to %d; upgrade actionguard",
		store.ErrSchemaTooNew, v, latest)
}

// LatestVersion is the schema version this actionguard writes.
func LatestVersion() int { return migrations[len(migrations)-1].version }
