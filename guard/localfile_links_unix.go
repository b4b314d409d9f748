//go:build unix

package guard

import (
	"os"
	"syscall"
)

// fileID is a file's identity on this machine: its device and inode.
type fileID struct{ dev, ino uint64 }

// fileIdentity is the identity of the regular file p (not followed if a
// link).
func fileIdentity(p string) (fileID, bool) {
	fi, err := os.Lstat(p)
	if err != nil || !fi.Mode().IsRegular() {
		return fileID{}, false
	}
	st, ok := fi.Sys().(*syscall.Stat_t)
	if !ok {
		return fileID{}, false
	}
	return fileID{uint64(st.Dev), uint64(st.Ino)}, true
}

// linkedFile is the identity of the regular file p when it has more than
// one name (a hard link).
func linkedFile(p string) (fileID, bool) {
	fi, err := os.Lstat(p)
	if err != nil || !fi.Mode().IsRegular() {
		return fileID{}, false
	}
	st, ok := fi.Sys().(*syscall.Stat_t)
	if !ok || st.Nlink < 2 {
		return fileID{}, false
	}
	return fileID{uint64(st.Dev), uint64(st.Ino)}, true
}
