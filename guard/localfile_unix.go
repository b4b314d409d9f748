//go:build unix

package guard

import (
	"os"
	"syscall"
)

// openNonBlocking opens a file for reading without waiting for a writer
// (a FIFO put in place after the check).
func openNonBlocking(p string) (*os.File, error) {
	return os.OpenFile(p, os.O_RDONLY|syscall.O_NONBLOCK, 0)
}
