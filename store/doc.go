// Package store keeps actionguard's state in a database: the embedded
// SQLite file by default (one per user, shared by every actionguard process),
// PostgreSQL later for several servers sharing one queue and one audit log.
//
// Entry points:
//
//   - DefaultPath returns where the database lives ($ACTIONGUARD_DB,
//     $ACTIONGUARD_STATE_DIR, $XDG_STATE_HOME or ~/.local/state).
//   - Open opens (creating if need be, mode 0600 in a 0700 directory) and
//     migrates the SQLite file and returns a *SQLite; Close closes it.
//   - *SQLite implements audit.Storage, so audit.New(db) is the audit log,
//     and approval.Store, the queue of approval requests.
//   - AuditRecord finds an audit record by decision id or "#seq";
//     AddFeedback and Feedback keep people's feedback on decisions
//     (package feedback), linked to their records; RuleCounts says how often
//     each rule fired.
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
package store
