//go:build unix

package undo

import (
	"errors"
	"io/fs"
	"syscall"
)

// oNoFollow makes opening a symbolic link fail instead of following it.
const oNoFollow = syscall.O_NOFOLLOW

// device is the file system a file is on.
func device(fi fs.FileInfo) (uint64, bool) {
	st, ok := fi.Sys().(*syscall.Stat_t)
	if !ok {
		return 0, false
	}
	return uint64(st.Dev), true //nolint:unconvert // Dev is int32 on some platforms
}

// isCrossDevice reports whether a rename failed because source and
// destination are on different file systems.
func isCrossDevice(err error) bool { return errors.Is(err, syscall.EXDEV) }

func mkfifo(path string, perm fs.FileMode) error { return syscall.Mkfifo(path, uint32(perm)) }
