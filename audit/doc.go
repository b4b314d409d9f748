// Package audit is actionguard's append-only, hash-chained record of every
// decision: what the agent tried, the verdict, and why.
//
// Entry points:
//
//   - New(st Storage) *Log builds the log over a Storage, in practice
//     store.SQLite (store.Open) or, for several servers, a PostgreSQL store.
//   - Log.Append adds a Record; Log.Tail, Log.Export and Log.Count read;
//     Log.Verify checks the chain and says where and why it is broken.
//   - Redact and RedactJSON remove secrets from text and from JSON documents.
//     Append applies them to every record, so no secret the patterns know
//     reaches the database.
//   - Storage is the interface a store implements; package audittest is the
//     suite every implementation must pass.
//
// # The chain
//
// Each record's Hash is the SHA-256 of a canonical, versioned encoding of all
// its fields and PrevHash, the Hash of the record before it (Genesis for the
// first). Seq runs 1, 2, 3, … without gaps. Changing a record breaks its
// hash; removing or reordering records breaks the links or leaves a gap;
// Verify reports the first such Seq. Only the newest records can be removed
// without a trace in the chain itself: keep VerifyResult.Last (or Log.Tip)
// somewhere else to detect that.
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
