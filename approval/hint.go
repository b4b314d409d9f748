package approval

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
)

// MayHaveRequest reports whether dir holds the file of a request for the
// call k under one of the ids a queue gives such a request first (they
// derive from its session and input hash; see Queue.Gate). It opens no
// store: the lean hook asks it before handing a held call to a process
// that can look for a pass.
//
// It is a hint, never a grant: true means only that the store must be
// asked (and the store, with the audit chain, decides); false means that
// no queue writing its files to dir opened a request for k under a stable
// id — a request opened without files, or elsewhere, is not seen, and
// the call is then put to the person as if there were none. An error
// other than a missing file is true.
func MayHaveRequest(dir string, k Key) bool {
	if k.Session == "" {
		return false // nothing passes without a session (Queue.Pass)
	}
	if dir == "" || k.InputHash == "" {
		return true // no file to look for: the store must be asked
	}
	for n := range stableIDs {
		_, err := os.Lstat(filepath.Join(dir, candidateID(k.Session, k.InputHash, n)+".md"))
		if !errors.Is(err, fs.ErrNotExist) {
			return true
		}
	}
	return false
}
