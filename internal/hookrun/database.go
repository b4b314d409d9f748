package hookrun

import (
	"context"
	"errors"
	"sync/atomic"
	"time"

	"github.com/actionguard/actionguard/approval"
	"github.com/actionguard/actionguard/audit"
)

// A hook call opens the audit database only in three cases: its decision
// waits for a person (the approval queue, package gate), its action has
// recipients or payees to look up (the contact book), or the spool has
// grown past DrainAt. This package links no database driver, so that the
// lean hook binary does not pay the driver's start-up on every call: the
// caller gives Config.Open, which opens the SQLite file (`actionguard hook`
// gives OpenerOf(store.OpenForHook)), and the lean binary, which has none, hands
// such a call whole to `actionguard hook` (TryRun, ErrNeedsDatabase).

// Store is what a hook call uses of the audit database (*store.SQLite).
type Store interface {
	approval.Store
	audit.Storage
	ContactCounts(ctx context.Context, keys []string) (map[string]int, error)
	ContactNames(ctx context.Context) (map[string]string, error)
	Close() error
}

// Opener opens the audit database at path. A busy timeout above zero is
// for the contact book's lookup, which must give up fast (ContactTimeout)
// and needs one connection; zero is the store's defaults. An error
// returns no store.
type Opener func(ctx context.Context, path string, busy time.Duration) (Store, error)

// OpenerOf is the Opener of a function that opens a concrete store; a
// failed open is a nil Store, never a typed nil one (Close would call it).
func OpenerOf[S Store](open func(ctx context.Context, path string, busy time.Duration) (S, error)) Opener {
	return func(ctx context.Context, path string, busy time.Duration) (Store, error) {
		st, err := open(ctx, path, busy)
		if err != nil {
			return nil, err
		}
		return st, nil
	}
}

// ErrNeedsDatabase is TryRun's answer for a call that needs the audit
// database when Config.Open is nil: nothing was recorded, and the call is
// to be answered by a process that can open it.
var ErrNeedsDatabase = errors.New("this hook call needs the audit database")

// errNoDriver is what a database use fails with in a process that cannot
// open the database (Config.Open nil, outside TryRun): the fail-safe path
// of each use decides (no pass, no request opened, contacts unknown).
var errNoDriver = errors.New("this binary cannot open the audit database (actionguard is not next to actionguard-hook)")

// database is a hook call's access to the audit database.
type database struct {
	open Opener
	// deferring: the call runs in TryRun; a use with no opener notes
	// that the call needs the database (needed) instead of failing, and
	// nothing is recorded from then on.
	deferring bool
	needed    atomic.Bool
	// drainStarted: the call started the spool's drain elsewhere already
	// (TryRun), so Recorder.Close need not.
	drainStarted bool
}

func (db *database) openStore(ctx context.Context, path string, busy time.Duration) (Store, error) {
	if db.open != nil {
		st, err := db.open(ctx, path, busy)
		if err != nil {
			return nil, err
		}
		return st, nil
	}
	if db.deferring {
		db.needed.Store(true)
		return nil, ErrNeedsDatabase
	}
	return nil, errNoDriver
}

// deferred reports that the call is to be answered elsewhere: it must not
// record anything.
func (db *database) deferred() bool { return db != nil && db.needed.Load() }

// openDrained opens the database with the decisions spooled by earlier hook
// calls moved into the audit log first: an approval is honoured against
// the log (approval.Verified), which must say whether it was used. A
// failed drain leaves the records spooled; the store is used all the same.
func (db *database) openDrained(ctx context.Context, path string) (approval.Store, func() error, error) {
	st, err := db.openStore(ctx, path, 0)
	if err != nil {
		return nil, nil, err
	}
	audit.NewSpool(audit.SpoolPath(path)).Drain(ctx, audit.New(st))
	return st, st.Close, nil
}
