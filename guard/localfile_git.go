package guard

import (
	"bytes"
	"encoding/binary"
	"io"
	"os"
	"path"
	"path/filepath"
	"strings"
)

// What git clean would remove: a file that is there and not in its
// repository's index. The index is read (bounded, never blocking), not
// parsed in full: an entry's path is found by its bytes and the length
// its flags give.

const (
	// maxIndexBytes bounds the index read; a larger one cannot tell.
	maxIndexBytes = 32 << 20
	// maxRepoDepth bounds the directories climbed to find the repository.
	maxRepoDepth = 64
)

// untracker returns the shell analysis's Untracked: each repository's
// index is read once.
func untracker() func(abs string) (bool, bool) {
	indexes := map[string][]byte{}
	return func(abs string) (bool, bool) {
		if !strings.HasPrefix(abs, "/") || strings.IndexByte(abs, 0) >= 0 || underDeviceOrProc(abs) {
			return false, false
		}
		fi, err := os.Lstat(filepath.FromSlash(abs))
		switch {
		case os.IsNotExist(err):
			return false, true // nothing there to remove
		case err != nil || fi.IsDir():
			return false, false
		}
		root := repoRoot(path.Dir(abs))
		if root == "" {
			return false, false
		}
		idx, seen := indexes[root]
		if !seen {
			idx = readIndex(path.Join(root, ".git", "index"))
			indexes[root] = idx
		}
		if idx == nil {
			return false, false
		}
		tracked, ok := indexHas(idx, strings.TrimPrefix(abs, root+"/"))
		return !tracked, ok
	}
}

// repoRoot is the nearest directory at or above dir with a .git
// directory, or "".
func repoRoot(dir string) string {
	for i := 0; i < maxRepoDepth; i++ {
		if fi, err := os.Lstat(filepath.FromSlash(path.Join(dir, ".git"))); err == nil && fi.IsDir() {
			return dir
		}
		if dir == "/" || dir == "." {
			return ""
		}
		dir = path.Dir(dir)
	}
	return ""
}

// readIndex reads a regular index file of at most maxIndexBytes, or nil.
func readIndex(p string) []byte {
	fi, err := os.Stat(filepath.FromSlash(p))
	if err != nil || !fi.Mode().IsRegular() || fi.Size() > maxIndexBytes {
		return nil
	}
	f, err := openNonBlocking(filepath.FromSlash(p))
	if err != nil {
		return nil
	}
	defer f.Close()
	if fi, err := f.Stat(); err != nil || !fi.Mode().IsRegular() {
		return nil
	}
	b, err := io.ReadAll(io.LimitReader(f, maxIndexBytes+1))
	if err != nil || len(b) > maxIndexBytes {
		return nil
	}
	return b
}

// indexHas reports whether the git index idx has an entry for the
// slash-separated path rel. ok is false for what is not an index of
// version 2 or 3 (version 4 compresses the paths).
func indexHas(idx []byte, rel string) (tracked, ok bool) {
	if len(idx) < 12 || string(idx[:4]) != "DIRC" || rel == "" || len(rel) >= 0xFFF {
		return false, false
	}
	if v := binary.BigEndian.Uint32(idx[4:8]); v != 2 && v != 3 {
		return false, false
	}
	name := []byte(rel + "\x00")
	for from := 12; from < len(idx); {
		i := bytes.Index(idx[from:], name)
		if i < 0 {
			return false, true
		}
		i += from
		from = i + 1
		// The entry's flags are the two bytes before its path (or four,
		// with version 3's extended flags); their low 12 bits are the
		// path's length.
		if i >= 2 && int(binary.BigEndian.Uint16(idx[i-2:i])&0xFFF) == len(rel) {
			return true, true
		}
		if i >= 4 && binary.BigEndian.Uint16(idx[i-4:i-2])&0x4000 != 0 && int(binary.BigEndian.Uint16(idx[i-4:i-2])&0xFFF) == len(rel) {
			return true, true
		}
	}
	return false, true
}

// maxHeadBytes bounds the read of .git/HEAD: a ref name fits many times.
const maxHeadBytes = 4 << 10

// currentBranch is the shell analysis's GitBranch: the branch named by
// .git/HEAD of the repository at or above dir. A detached HEAD, a
// worktree's .git file or anything unreadable cannot tell.
func currentBranch(dir string) (string, bool) {
	if !strings.HasPrefix(dir, "/") || strings.IndexByte(dir, 0) >= 0 || underDeviceOrProc(dir) {
		return "", false
	}
	root := repoRoot(path.Clean(dir))
	if root == "" {
		return "", false
	}
	p := filepath.FromSlash(path.Join(root, ".git", "HEAD"))
	fi, err := os.Lstat(p)
	if err != nil || !fi.Mode().IsRegular() || fi.Size() > maxHeadBytes {
		return "", false
	}
	f, err := openNonBlocking(p)
	if err != nil {
		return "", false
	}
	defer f.Close()
	b, err := io.ReadAll(io.LimitReader(f, maxHeadBytes+1))
	if err != nil || len(b) > maxHeadBytes {
		return "", false
	}
	ref, ok := strings.CutPrefix(strings.TrimSpace(string(b)), "ref: refs/heads/")
	if !ok || ref == "" || strings.ContainsAny(ref, "\n\x00") {
		return "", false
	}
	return ref, true
}
