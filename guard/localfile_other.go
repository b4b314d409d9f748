//go:build !unix

package guard

import "os"

// openNonBlocking opens a file for reading; where there are no FIFOs that
// block an open, a plain open.
func openNonBlocking(p string) (*os.File, error) {
	return os.Open(p)
}
