//go:build unix

package workctx

import "golang.org/x/sys/unix"

// lstatEntry reads what git keeps of a file in its index: size, change
// time, inode and mode (lstat, so a symbolic link is itself).
func lstatEntry(path string) (entryStat, error) {
	var st unix.Stat_t
	if err := unix.Lstat(path, &st); err != nil {
		return entryStat{}, err
	}
	return entryStat{
		size:      uint64(st.Size),
		mtimeSec:  int64(st.Mtim.Sec),
		mtimeNsec: int64(st.Mtim.Nsec),
		ino:       uint64(st.Ino),
		mode:      uint32(st.Mode),
		regular:   uint32(st.Mode)&unix.S_IFMT == unix.S_IFREG,
	}, nil
}
