package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
)

// A migration moves the schema from version-1 to version. Migrations are
// applied in order, each in the same transaction as its schema_version row;
// a released migration is never edited, only followed by a new one.
type migration struct {
	version int
	name    string
	sql     string
}

// migrations is the schema's history, in order, versions 1, 2, 3, ….
var migrations = []migration{
	{version: 1, name: "audit log", sql: `
CREATE TABLE audit (
	seq         INTEGER PRIMARY KEY, -- 1, 2, 3, … without gaps; assigned by audit.Log
	time_us     INTEGER NOT NULL,    -- microseconds since the Unix epoch, UTC
	session_id  TEXT NOT NULL,
	agent       TEXT NOT NULL,
	tool        TEXT NOT NULL,
	kind        TEXT NOT NULL,
	action      TEXT,                -- JSON, redacted; exactly the bytes hashed
	verdict     TEXT NOT NULL,
	level       TEXT NOT NULL,
	score       INTEGER NOT NULL,
	risk        INTEGER NOT NULL,
	rules       TEXT NOT NULL,       -- JSON array of rule ids
	reason      TEXT NOT NULL,
	error       TEXT NOT NULL,
	duration_us INTEGER NOT NULL,
	prev_hash   TEXT NOT NULL,
	hash        TEXT NOT NULL
) STRICT;
CREATE INDEX audit_session ON audit (session_id, seq);
-- The chain makes tampering evident; these make accidents impossible.
CREATE TRIGGER audit_no_update BEFORE UPDATE ON audit
BEGIN SELECT RAISE(ABORT, 'audit records are append-only'); END;
CREATE TRIGGER audit_no_delete BEFORE DELETE ON audit
BEGIN SELECT RAISE(ABORT, 'audit records are append-only'); END;
`},
	{version: 2, name: "approval requests", sql: `
CREATE TABLE approvals (
	id           TEXT PRIMARY KEY,    -- "ap-7f3k2q"
	created_us   INTEGER NOT NULL,    -- microseconds since the Unix epoch, UTC
	expires_us   INTEGER NOT NULL,
	status       TEXT NOT NULL,       -- pending, approved, rejected, timeout
	action       TEXT NOT NULL,       -- JSON, redacted
	decision     TEXT NOT NULL,       -- JSON: approval.Summary
	decided_by   TEXT NOT NULL,
	decided_us   INTEGER NOT NULL,    -- 0 while pending
	note         TEXT NOT NULL
) STRICT;
CREATE INDEX approvals_status ON approvals (status, created_us);
`},
	{version: 3, name: "feedback", sql: `
-- The decision id an audit record's action carries ("d-…", or the agent's
-- own tool call id). Virtual: computed on read, stored only in the index;
-- NULL for an action that is not an object with an id.
ALTER TABLE audit ADD COLUMN decision_id TEXT GENERATED ALWAYS AS
	(CASE WHEN json_valid(action) THEN CAST(json_extract(action, '$.id') AS TEXT) END) VIRTUAL;
CREATE INDEX audit_decision_id ON audit (decision_id) WHERE decision_id IS NOT NULL;
CREATE TABLE feedback (
	id          INTEGER PRIMARY KEY,
	time_us     INTEGER NOT NULL,    -- microseconds since the Unix epoch, UTC
	audit_seq   INTEGER NOT NULL REFERENCES audit (seq),
	decision_id TEXT NOT NULL,       -- the record's decision id, "" when it has none
	verdict     TEXT NOT NULL,       -- what actionguard decided
	should_be   TEXT NOT NULL,       -- what the person says it should have been
	rules       TEXT NOT NULL,       -- JSON array of the record's rule ids
	kind        TEXT NOT NULL,
	tool        TEXT NOT NULL,
	note        TEXT NOT NULL,
	"by"        TEXT NOT NULL        -- the OS user who gave it
) STRICT;
CREATE INDEX feedback_audit ON feedback (audit_seq);
CREATE INDEX feedback_time ON feedback (time_us);
-- Feedback is evidence, like the audit log: a correction is new feedback.
CREATE TRIGGER feedback_no_update BEFORE UPDATE ON feedback
BEGIN SELECT RAISE(ABORT, 'feedback is append-only'); END;
CREATE TRIGGER feedback_no_delete BEFORE DELETE ON feedback
BEGIN SELECT RAISE(ABORT, 'feedback is append-only'); END;
`},
	{version: 4, name: "confidence and anomalies", sql: `
-- Seed 000's confidence (percent, 0 when the decision has none) and anomaly
-- alerts of a decision; hashed (audit encoding v2) when present.
ALTER TABLE audit ADD COLUMN confidence INTEGER NOT NULL DEFAULT 0;
ALTER TABLE audit ADD COLUMN anomalies TEXT NOT NULL DEFAULT '[]'; -- JSON array
`},
	{version: 5, name: "approval use, contacts and API tokens", sql: `
-- An approved request lets the same input of the same session through once
-- (session_id, input_hash; used_us when it did). updated_us changes on every
-- write to a request (opened, decided, expired, used): a server follows it.
ALTER TABLE approvals ADD COLUMN session_id TEXT NOT NULL DEFAULT '';
ALTER TABLE approvals ADD COLUMN input_hash TEXT NOT NULL DEFAULT '';
ALTER TABLE approvals ADD COLUMN used_us INTEGER NOT NULL DEFAULT 0;    -- 0 while unused
ALTER TABLE approvals ADD COLUMN updated_us INTEGER NOT NULL DEFAULT 0;
ALTER TABLE approvals ADD COLUMN file TEXT NOT NULL DEFAULT '';         -- the Markdown file, '' for none
UPDATE approvals SET status = 'expired' WHERE status = 'timeout';
UPDATE approvals SET updated_us = max(created_us, decided_us);
CREATE INDEX approvals_input ON approvals (session_id, input_hash);
CREATE INDEX approvals_updated ON approvals (updated_us);
-- The contact book: recipients and payees by key (a hash), never in the clear.
CREATE TABLE contacts (
	key          TEXT PRIMARY KEY,    -- audit.ContactKey
	kind         TEXT NOT NULL,       -- recipient, payee
	display      TEXT NOT NULL,       -- masked
	interactions INTEGER NOT NULL,
	first_us     INTEGER NOT NULL,    -- microseconds since the Unix epoch, UTC; 0 unknown
	last_us      INTEGER NOT NULL,
	source       TEXT NOT NULL        -- learned, import
) STRICT;
-- API tokens of actionguard serve: only the SHA-256 of the secret is kept.
CREATE TABLE tokens (
	id           TEXT PRIMARY KEY,    -- "tok-…"
	name         TEXT NOT NULL UNIQUE,
	hash         TEXT NOT NULL UNIQUE,
	created_us   INTEGER NOT NULL,
	last_used_us INTEGER NOT NULL,    -- 0 never
	revoked_us   INTEGER NOT NULL     -- 0 live
) STRICT;
-- QueryAudit, RuleHits and RuleCounts select records by time.
CREATE INDEX audit_time ON audit (time_us);
`},
	{version: 6, name: "approvals bound to their call and their audit record; token scopes; signed-out sessions", sql: `
-- An approval lets through exactly the call it was asked for: the session and
-- the input (version 5), the working directory and the agent; and only while
-- the audit record of the person's decision (decision_seq, decision_hash) is
-- in the chain. Requests approved before stay unlinked: they pass nothing.
ALTER TABLE approvals ADD COLUMN cwd TEXT NOT NULL DEFAULT '';
ALTER TABLE approvals ADD COLUMN agent TEXT NOT NULL DEFAULT '';
ALTER TABLE approvals ADD COLUMN decision_seq INTEGER NOT NULL DEFAULT 0;  -- 0 unlinked
ALTER TABLE approvals ADD COLUMN decision_hash TEXT NOT NULL DEFAULT '';
-- What a token may do: check < read < approver. Tokens made before scopes
-- keep reading and checking; deciding takes an approver token a person
-- creates.
ALTER TABLE tokens ADD COLUMN scope TEXT NOT NULL DEFAULT 'read';
-- Page sessions signed out before they expired, until they would have.
CREATE TABLE revoked_sessions (
	id         TEXT PRIMARY KEY,      -- hex SHA-256 of the session's nonce
	token_id   TEXT NOT NULL,
	expires_us INTEGER NOT NULL
) STRICT;
`},
	{version: 7, name: "contacts learned from what ran", sql: `
-- Interactions were counted from every allowed decision, checks and
-- evaluations included, so attempting a send made its recipient a frequent
-- contact. From now on only actions that ran count (audit.RanKind): the
-- counts learned before are discarded; imported contacts stay.
DELETE FROM contacts WHERE source = 'learned';
`},
	{version: 8, name: "decision ids written with their records", sql: `
-- The decision id of version 3 was a virtual column: every append parsed
-- its action's JSON (json_valid, json_extract) to index it. The writer now
-- stores it (codec.DecisionID, the same value); records written before get
-- it from the expression that computed it, so every lookup finds what it
-- found. Not evidence: the hash does not cover it.
DROP INDEX audit_decision_id;
ALTER TABLE audit DROP COLUMN decision_id;
ALTER TABLE audit ADD COLUMN decision_id TEXT;
DROP TRIGGER audit_no_update;
UPDATE audit SET decision_id = CAST(json_extract(action, '$.id') AS TEXT) WHERE json_valid(action);
CREATE TRIGGER audit_no_update BEFORE UPDATE ON audit
BEGIN SELECT RAISE(ABORT, 'audit records are append-only'); END;
CREATE INDEX audit_decision_id ON audit (decision_id) WHERE decision_id IS NOT NULL;
`},
	{version: 9, name: "how far the drain of a spool got", sql: `
-- A drain moves a spool's records into the log a batch at a time; each
-- batch's transaction also sets how far into the spool file it reaches
-- (the bytes' SHA-256 says which file they were), so a drain killed
-- part-way resumes after what it committed and appends nothing twice.
-- One row per spool file name; removed once the file is drained.
CREATE TABLE spool_drains (
	spool        TEXT PRIMARY KEY,   -- the spool file's name
	offset_bytes INTEGER NOT NULL,   -- its first offset_bytes bytes are in the log
	digest       TEXT NOT NULL       -- SHA-256 of those bytes, lowercase hex
) STRICT;
`},
}

// ErrSchemaTooNew is returned by Open for a database written by a newer
// actionguard; the fix is to upgrade actionguard.
var ErrSchemaTooNew = errors.New("database schema is newer than this actionguard")

const createSchemaVersion = `CREATE TABLE IF NOT EXISTS schema_version (
	version    INTEGER PRIMARY KEY,
	name       TEXT NOT NULL,
	applied_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
) STRICT`

// SchemaVersion returns the version of the database's schema, 0 for a new
// file.
func (s *SQLite) SchemaVersion(ctx context.Context) (int, error) {
	var v int
	err := s.retry(ctx, func() error {
		return s.db.QueryRowContext(ctx, `SELECT coalesce(max(version), 0) FROM schema_version`).Scan(&v)
	})
	if err != nil {
		return 0, fmt.Errorf("store: schema version: %w", err)
	}
	return v, nil
}

// migrate brings the schema to the latest version. The usual case, a current
// schema, costs one read; otherwise the migrations run under the write lock,
// after reading the version again, so processes opening a new file together
// apply each migration once.
func (s *SQLite) migrate(ctx context.Context) error {
	ms := s.cfg.migrations
	latest := ms[len(ms)-1].version
	if v, err := s.SchemaVersion(ctx); err == nil {
		if v > latest {
			return s.tooNew(v, latest)
		}
		if v == latest {
			return nil
		}
	}
	return s.write(ctx, func(tx *sql.Tx) error {
		if _, err := tx.ExecContext(ctx, createSchemaVersion); err != nil {
			return fmt.Errorf("creating schema_version: %w", err)
		}
		var v int
		if err := tx.QueryRowContext(ctx, `SELECT coalesce(max(version), 0) FROM schema_version`).Scan(&v); err != nil {
			return fmt.Errorf("reading schema version: %w", err)
		}
		if v > latest {
			return s.tooNew(v, latest)
		}
		for _, m := range ms {
			if m.version <= v {
				continue
			}
			if _, err := tx.ExecContext(ctx, m.sql); err != nil {
				return fmt.Errorf("migrating to schema %d (%s): %w", m.version, m.name, err)
			}
			if _, err := tx.ExecContext(ctx, `INSERT INTO schema_version (version, name) VALUES (?, ?)`, m.version, m.name); err != nil {
				return fmt.Errorf("migrating to schema %d (%s): %w", m.version, m.name, err)
			}
		}
		return nil
	})
}

func (s *SQLite) tooNew(v, latest int) error {
	return fmt.Errorf("%w: the file has schema version %d, this actionguard knows up to %d; upgrade actionguard",
		ErrSchemaTooNew, v, latest)
}

// LatestVersion is the schema version this actionguard writes.
func LatestVersion() int { return migrations[len(migrations)-1].version }
