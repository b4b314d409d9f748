// Package lockfile takes advisory locks on whole files that the operating
// system releases when the holding process dies: flock(2) on Unix,
// LockFileEx on Windows. Readers share a lock, a writer that must be alone
// takes it exclusively. The locks are advisory on every system: on Windows
// the locked byte lies far beyond any data, so holding a lock never stops a
// holder (or anyone) from reading or appending to the file.
package lockfile

import (
	"errors"
	"os"
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

// Unlock releases f's lock. Closing f releases it too.
func Unlock(f *os.File) error { return unlock(f) }
