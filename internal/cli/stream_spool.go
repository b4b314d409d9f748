package cli

import (
	"context"
	"fmt"
	"os"
	"runtime/pprof"

	"github.com/actionguard/actionguard/audit"
	"github.com/actionguard/actionguard/internal/frontdoor"
)

// streamLog is where check --jsonl records its decisions: the door's
// Writer, and the count a decision line waits for (Queued, then Wait of
// it) before it is given.
type streamLog interface {
	frontdoor.Writer
	// Queued is how many records were appended so far.
	Queued() int64
	// Wait returns once the first n records appended are kept, nil when
	// they are (an error is sticky: the records may be lost).
	Wait(n int64) error
}

// spoolLog is check --jsonl's record of its decisions when the audit log
// is the local SQLite file: the stream appends its records to the spool
// beside the database, a batch of frames in one write, before the batch's
// decision lines are written (audit.SpoolBatch), and whoever opens the
// database next moves them into the hash-chained log (store.OpenDrained:
// `audit verify`, `audit tail`, the next stream or hook drain). A decision
// line given is a record in the spool: it survives the stream being
// killed, and a blocked or held decision's record, or every record under
// strict_durability, is synced to the disk before its line is given.
// docs/audit-integrity.md says what this trades.
type spoolLog struct {
	db     string // the SQLite database the spool is beside
	batch  *audit.SpoolBatch
	strict bool // the policy's strict_durability
}

// newSpoolLog spools the records of a stream whose log is the SQLite
// database at db.
func newSpoolLog(db string, strict bool) *spoolLog {
	return &spoolLog{db: db, batch: audit.NewSpool(audit.SpoolPath(db)).Batch(), strict: strict}
}

// Append implements frontdoor.Writer: it adds r to the batch the next
// Wait writes.
func (s *spoolLog) Append(_ context.Context, r *audit.Record) error {
	return s.batch.Add(r, s.strict || !r.Verdict.Allowed())
}

// Queued implements streamLog.
func (s *spoolLog) Queued() int64 { return s.batch.Added() }

// Wait implements streamLog: it writes the batch when the first n
// records are not written yet.
func (s *spoolLog) Wait(n int64) error {
	if s.batch.Written() >= n {
		return nil
	}
	return s.batch.Flush()
}

// Close writes what is left and closes the spool.
func (s *spoolLog) Close() error {
	if err := s.batch.Close(); err != nil {
		return fmt.Errorf("recording decisions: %w", err)
	}
	return nil
}

// cpuProfile starts the CPU profile ACTIONGUARD_CPUPROFILE asks for (a
// diagnostic: the profile of the whole command, for bench/serveload and
// bench/run.sh) and returns what stops it; nothing when it is not set.
func (a *app) cpuProfile() (stop func(), err error) { return a.cpuProfileTo("ACTIONGUARD_CPUPROFILE") }

// cpuProfileTo is cpuProfile with the file named by the variable env:
// `audit drain` has its own (ACTIONGUARD_DRAIN_CPUPROFILE), since a
// stream that starts it in the background passes its environment on.
func (a *app) cpuProfileTo(env string) (stop func(), err error) {
	path := a.env.Getenv(env)
	if path == "" {
		return func() {}, nil
	}
	f, err := os.Create(path)
	if err != nil {
		return nil, &exitError{code: ExitError, err: fmt.Errorf("%s: %w", env, err)}
	}
	if err := pprof.StartCPUProfile(f); err != nil {
		f.Close()
		return nil, &exitError{code: ExitError, err: fmt.Errorf("%s: %w", env, err)}
	}
	return func() { pprof.StopCPUProfile(); f.Close() }, nil
}
