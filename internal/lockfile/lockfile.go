// Package lockfile takes advisory locks on whole files that the operating
// system releases when the holding process dies: flock(2) on Unix,
// LockFileEx on Windows. Readers share a lock, a writer that must be alone
// takes it exclusively. The locks are advisory on every system: on Windows
// the locked byte lies far beyond any data, so holding a lock never stops a
// holder (or anyone) from reading or appending to the file.
package lockfile

import (
	"errors"
	"fmt"
	"os"
	"time"
)

// ErrWouldBlock is returned by the Try functions when another holder has
// the lock in a conflicting mode.
var ErrWouldBlock = errors.New("the file is locked by another process")

// Shared waits for a shared lock on f.
func Shared(f *os.File) error { return lock(f, false, true) }

// Exclusive waits for an exclusive lock on f.
func Exclusive(f *os.File) error { return lock(f, true, true) }

// TryShared takes a shared lock on f, or returns ErrWouldBlock at once.
func TryShared(f *os.File) error { return lock(f, false, false) }

// TryExclusive takes an exclusive lock on f, or returns ErrWouldBlock at
// once.
func TryExclusive(f *os.File) error { return lock(f, true, false) }

// SharedWithin takes a shared lock on f, waiting at most d for a holder
// of the exclusive one. A process that holds a lock for ever (flock FILE
// sleep 99999 started by the guarded agent) must not make the holder of
// a deadline wait past it: the caller answers without the lock (for the
// hook, a decision that could not be recorded, which is never an allow).
func SharedWithin(f *os.File, d time.Duration) error { return lockWithin(f, false, d) }

// ExclusiveWithin takes an exclusive lock on f, waiting at most d (see
// SharedWithin).
func ExclusiveWithin(f *os.File, d time.Duration) error { return lockWithin(f, true, d) }

func lockWithin(f *os.File, exclusive bool, d time.Duration) error {
	deadline := time.Now().Add(d)
	wait := time.Millisecond
	for {
		err := lock(f, exclusive, false)
		if !errors.Is(err, ErrWouldBlock) {
			return err
		}
		if !time.Now().Before(deadline) {
			return fmt.Errorf("%w: still locked after %s (is another program holding it?)", ErrWouldBlock, d)
		}
		time.Sleep(wait)
		wait = min(wait*2, 50*time.Millisecond)
	}
}

// Unlock releases f's lock. Closing f releases it too.
func Unlock(f *os.File) error { return unlock(f) }
