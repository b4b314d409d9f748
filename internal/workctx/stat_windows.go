//go:build windows

package workctx

import "os"

// lstatEntry reads what git keeps of a file in its index. Windows has no
// inode number or executable bit in the sense git records them (Git for
// Windows writes 0 and core.fileMode=false), so those are left zero and
// never tell a change.
func lstatEntry(path string) (entryStat, error) {
	fi, err := os.Lstat(path)
	if err != nil {
		return entryStat{}, err
	}
	mt := fi.ModTime()
	return entryStat{
		size:      uint64(fi.Size()),
		mtimeSec:  mt.Unix(),
		mtimeNsec: int64(mt.Nanosecond()),
		regular:   fi.Mode().IsRegular(),
		noMode:    true,
	}, nil
}
