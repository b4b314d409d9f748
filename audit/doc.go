// Package audit is actionguard's append-only, hash-chained record of every
// decision: what the agent tried, the verdict, and why.
//
// Entry points:
//
//   - New(st Storage) *Log builds the log over a Storage, in practice
//     store.SQLite (store.Open) or, for several servers, a PostgreSQL store.
//   - Log.Append adds a Record; Log.Tail, Log.Export and Log.Count read;
//     Log.Verify checks the chain and says where and why it is broken.
//   - Redact and RedactJSON remove secrets from text and from JSON documents;
//     RedactProse from what a person writes (a note quoting a command),
//     RedactOutput the passwords of the command lines a tool's output shows.
//     Append applies them to every record, so no secret the patterns know
//     reaches the database.
//   - Storage is the interface a store implements; package audittest is the
//     suite every implementation must pass.
//   - Log.VerifyWith checks the chain against the log's checkpoints and a tip
//     the user kept; Log.VerifyRecord vouches for one record (an approval's
//     evidence); Log.Checkpoint saves one.
//   - Spool is the hook's write-ahead file, drained into a Log.
//
// # The chain
//
// Each record's Hash is an HMAC-SHA-256, with the installation's key
// (KeySource, WithKey), of a canonical, versioned encoding of all its fields
// and PrevHash, the Hash of the record before it (Genesis for the first);
// KeyedPrefix marks it. Records written before the log had a key keep their
// plain SHA-256 hash, and a record of kind KeyedKind marks where the log
// became keyed; no plain hash may follow it. Seq runs 1, 2, 3, … without
// gaps. Changing a record breaks its hash; removing or reordering records
// breaks the links or leaves a gap; without the key, a record cannot be
// re-sealed. Verify reports the first such Seq. The newest records can be
// removed without a trace in the chain itself: the Checkpoint written after
// every append, outside the database (Checkpoints), and a tip the user kept
// show that. docs/audit-integrity.md says what this protects against.
//
// # Concurrency
//
// A Log is safe for concurrent use. Any number of Logs, in any number of
// processes, may append to the same database at once: Append reads the tip of
// the chain and inserts the record in one write transaction, so together
// they produce one unbroken chain with gap-free Seq. A record whose Append
// returned nil is committed; a process killed at any moment leaves the chain
// intact.
//
// Redact and RedactJSON are pure functions, safe for concurrent use, and run
// in time linear in their input.
package audit
