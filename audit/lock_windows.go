//go:build windows

package audit

import (
	"os"

	"golang.org/x/sys/windows"
)

// The spool's locks: writers share one, Drain holds it alone (LockFileEx
// over the whole file, which Windows releases when a process dies).

func lockShared(f *os.File) error { return lockFile(f, 0) }
func lockExclusive(f *os.File) error {
	return lockFile(f, windows.LOCKFILE_EXCLUSIVE_LOCK)
}

func lockFile(f *os.File, flags uint32) error {
	var ol windows.Overlapped
	return windows.LockFileEx(windows.Handle(f.Fd()), flags, 0, ^uint32(0), ^uint32(0), &ol)
}

func unlock(f *os.File) error {
	var ol windows.Overlapped
	return windows.UnlockFileEx(windows.Handle(f.Fd()), 0, ^uint32(0), ^uint32(0), &ol)
}
