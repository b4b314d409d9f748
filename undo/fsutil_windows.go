//go:build windows

package undo

import (
	"errors"
	"io/fs"

	"golang.org/x/sys/windows"
)

// oNoFollow: opening a symbolic link on Windows opens its target; copyTree
// reads links with Readlink before it opens files, so none reaches here.
const oNoFollow = 0

// device is the volume a file is on. os.FileInfo on Windows carries no
// volume number, so every file answers "unknown" and a move is decided by
// the rename's own error (isCrossDevice).
func device(fs.FileInfo) (uint64, bool) { return 0, false }

// isCrossDevice reports whether a rename failed because source and
// destination are on different volumes.
func isCrossDevice(err error) bool { return errors.Is(err, windows.ERROR_NOT_SAME_DEVICE) }

// mkfifo: Windows has no named pipes in the file system; the caller says
// the file cannot be copied.
func mkfifo(path string, _ fs.FileMode) error {
	return &fs.PathError{Op: "mkfifo", Path: path, Err: errors.ErrUnsupported}
}
