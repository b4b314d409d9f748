//go:build unix

package audit

import (
	"errors"
	"os"
	"syscall"
)

// The spool's locks: writers share one, Drain holds it alone (flock, which
// the kernel releases when a process dies).

func lockShared(f *os.File) error    { return flock(f, syscall.LOCK_SH) }
func lockExclusive(f *os.File) error { return flock(f, syscall.LOCK_EX) }
func unlock(f *os.File) error        { return flock(f, syscall.LOCK_UN) }

func flock(f *os.File, how int) error {
	for {
		err := syscall.Flock(int(f.Fd()), how)
		if !errors.Is(err, syscall.EINTR) {
			return err
		}
	}
}
