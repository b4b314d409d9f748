// Package store keeps actionguard's state in a database: the embedded
// SQLite file by default (one per user, shared by every actionguard process),
// or PostgreSQL (package store/postgres) when several servers share one
// queue and one audit log.
//
// Entry points:
//
//   - Store is everything actionguard keeps: the audit log (audit.Storage),
//     the approval queue (approval.Store), feedback, the contact book and
//     the API tokens. *SQLite and *postgres.Store implement it, and
//     storetest.Run is the suite both pass.
//   - DefaultPath returns where the database lives ($ACTIONGUARD_DB,
//     $ACTIONGUARD_STATE_DIR, $XDG_STATE_HOME or ~/.local/state).
//   - Open opens (creating if need be, mode 0600 in a 0700 directory) and
//     migrates the SQLite file and returns a *SQLite; Close closes it.
//   - AuditRecord finds an audit record by decision id or "#seq"; QueryAudit
//     filters and pages the log, newest first; RuleCounts and RuleHits say
//     how often each rule fired (in all, and per time bucket).
//   - AddFeedback and Feedback keep people's feedback on decisions (package
//     feedback), linked to their records.
//   - The contact book counts, by a hashed key (audit.ContactKey), the
//     interactions allowed actions had with each recipient and payee: every
//     audit record appended with Contacts counts one, in the same
//     transaction; ImportContacts brings in earlier ones; ContactCounts is
//     what the guard asks (seed 003's new contact and new payee).
//   - CreateToken, TokenByHash, RevokeToken and Tokens keep the API tokens
//     of actionguard serve (only the SHA-256 of each secret).
//
// # Concurrency
//
// A *SQLite is safe for concurrent use, and the file is made to be opened by
// many short-lived processes at once (one per agent hook call) alongside
// long-running ones. It uses WAL, so readers never wait for writers; every
// write transaction starts with BEGIN IMMEDIATE, so writers queue on SQLite's
// lock (busy timeout, 5 s by default) instead of failing with "database is
// locked"; and writes that still see SQLITE_BUSY are retried with backoff.
// Within a process, writes are serialized before they reach SQLite.
//
// # Durability
//
// synchronous=NORMAL: a committed write survives the process being killed at
// any moment; a power loss may lose the last commits but never corrupts the
// file. The last connection to close checkpoints the WAL into the database
// file, which costs two fsyncs; while another process has the file open,
// Close costs almost nothing.
//
// # Schema
//
// The schema is versioned: migrations is an ordered list, schema_version
// records the ones applied, and Open applies the missing ones in a write
// transaction (once, however many processes open a new file together). A
// file written by a newer actionguard is refused with ErrSchemaTooNew.
//
// Tables: audit (append-only, hash-chained; times in microseconds since the
// Unix epoch), approvals (with the session and input hash an approval lets
// through once, when it was used, and when it last changed), feedback
// (append-only), contacts (key, kind, masked display, interactions, first
// and last, source) and tokens (id, unique name and hash, created, last
// used, revoked). store/postgres has the same tables in PostgreSQL's
// dialect, with migrations of its own.
package store
