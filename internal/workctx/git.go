package workctx

import (
	"bytes"
	"context"
	"crypto/sha1"
	"encoding/binary"
	"errors"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"
)

// maxWalkUp bounds how many parents FindRepo looks at.
const maxWalkUp = 64

// Repo is a git working tree.
type Repo struct {
	Root   string // the top of the working tree
	GitDir string // its .git directory (a worktree's own, for a linked worktree)
	Common string // the common directory (refs, objects); GitDir unless linked
}

// FindRepo finds the repository that holds dir: the nearest directory up
// from it with a .git directory or a .git file (gitdir: …, for linked
// worktrees and submodules). It returns nil when there is none.
func FindRepo(dir string) *Repo {
	if dir == "" {
		return nil
	}
	dir = filepath.Clean(dir)
	for range maxWalkUp {
		g := filepath.Join(dir, ".git")
		if fi, err := os.Stat(g); err == nil {
			if fi.IsDir() {
				return &Repo{Root: dir, GitDir: g, Common: g}
			}
			if r := gitFile(dir, g); r != nil {
				return r
			}
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return nil
		}
		dir = parent
	}
	return nil
}

// gitFile reads a .git file ("gitdir: path").
func gitFile(root, path string) *Repo {
	b, err := readSmall(path, 4096)
	if err != nil {
		return nil
	}
	line, ok := strings.CutPrefix(strings.TrimSpace(string(b)), "gitdir:")
	if !ok {
		return nil
	}
	gd := strings.TrimSpace(line)
	if !filepath.IsAbs(gd) {
		gd = filepath.Join(root, gd)
	}
	r := &Repo{Root: root, GitDir: gd, Common: gd}
	if c, err := readSmall(filepath.Join(gd, "commondir"), 4096); err == nil {
		cd := strings.TrimSpace(string(c))
		if !filepath.IsAbs(cd) {
			cd = filepath.Join(gd, cd)
		}
		r.Common = filepath.Clean(cd)
	}
	return r
}

// Branch returns the checked-out branch ("main"), or for a detached HEAD
// the short commit id and detached true; "" when HEAD cannot be read.
func (r *Repo) Branch() (branch string, detached bool) {
	b, err := readSmall(filepath.Join(r.GitDir, "HEAD"), 4096)
	if err != nil {
		return "", false
	}
	s := strings.TrimSpace(string(b))
	if ref, ok := strings.CutPrefix(s, "ref:"); ok {
		return strings.TrimPrefix(strings.TrimSpace(ref), "refs/heads/"), false
	}
	if len(s) >= 7 {
		return s[:7], true
	}
	return "", false
}

// maxIndex bounds the index file read (a repository of ~200,000 files).
const maxIndex = 64 << 20

// Dirty reports whether tracked files differ from the index, or the index
// holds changes not yet committed, reading .git/index and comparing each
// entry's stat data (size, modification time, inode, mode) with the file
// — git's own quick check — and stopping at the first difference. known is
// false when the answer could not be had within budget (or the index is in
// a format not read here): the caller should then assume the worst.
// Untracked files do not count: a reset or a checkout does not lose them.
func (r *Repo) Dirty(ctx context.Context, budget time.Duration) (dirty, known bool) {
	deadline := time.Now().Add(budget)
	idxPath := filepath.Join(r.GitDir, "index")
	fi, err := os.Stat(idxPath)
	if err != nil {
		// No index: a fresh repository with nothing added is clean.
		return false, errors.Is(err, os.ErrNotExist)
	}
	if fi.Size() > maxIndex {
		return false, false
	}
	data, err := os.ReadFile(idxPath)
	if err != nil {
		return false, false
	}
	switch treeValid(data) {
	case 0:
		return true, true // added and not committed
	case -1:
		if staged(r, fi.ModTime()) {
			return true, true
		}
	}
	idxTime := fi.ModTime()
	n := 0
	err = walkIndex(data, func(e *indexEntry) bool {
		n++
		if n&63 == 0 && (time.Now().After(deadline) || ctx.Err() != nil) {
			known = false
			return false
		}
		if e.flags&(skipWorktree) != 0 || e.assumeValid {
			return true
		}
		st, err := lstatEntry(filepath.Join(r.Root, e.path))
		if err != nil {
			dirty = true // deleted
			return false
		}
		mt := time.Unix(st.mtimeSec, st.mtimeNsec)
		if uint32(st.size) != e.size || uint32(st.mtimeSec) != e.mtimeSec || uint32(st.mtimeNsec) != e.mtimeNsec && e.mtimeNsec != 0 ||
			(e.ino != 0 && st.ino != 0 && uint32(st.ino) != e.ino) || !st.noMode && modeChanged(st.mode, e.mode) {
			dirty = true
			return false
		}
		if !mt.Before(idxTime) && !sameBlob(filepath.Join(r.Root, e.path), st.regular, e.oid) {
			// Racily clean: written in the moment the index was, so its
			// stat data cannot tell; its content decides, as in git.
			dirty = true
			return false
		}
		return true
	})
	if err != nil {
		return false, false
	}
	if dirty {
		return true, true
	}
	if n > 0 && time.Now().After(deadline) {
		return false, false
	}
	return false, true
}

// staged reports changes added to the index and not committed: the index
// was written after the last commit or checkout moved HEAD (logs/HEAD),
// by more than the second git itself may take. A command that only
// refreshed the index (git status) can make this say yes: the cost is
// seed 002's one point for uncommitted changes, never a missed one.
func staged(r *Repo, indexTime time.Time) bool {
	fi, err := os.Stat(filepath.Join(r.GitDir, "logs", "HEAD"))
	if err != nil {
		return false
	}
	return indexTime.Sub(fi.ModTime()) > 2*time.Second
}

func modeChanged(st uint32, idx uint32) bool {
	if idx>>12 == 0o12 || idx>>12 == 0o16 { // symlink, gitlink
		return false
	}
	return (st&0o100 != 0) != (idx&0o100 != 0)
}

// entryStat is what lstat says of a work-tree file, in the terms of git's
// index entry (stat_unix.go, stat_windows.go).
type entryStat struct {
	size                uint64
	mtimeSec, mtimeNsec int64
	ino                 uint64
	mode                uint32
	regular             bool
	noMode              bool // the system keeps no executable bit git would compare
}

const skipWorktree = 1 << 14 // extended flag, in the second flags word

type indexEntry struct {
	oid                                  [20]byte
	mtimeSec, mtimeNsec, ino, mode, size uint32
	flags                                uint16 // extended flags (v3+)
	assumeValid                          bool
	path                                 string
}

var errIndex = errors.New("not an index this reader knows")

// sameBlob reports whether the file's content is the blob oid (SHA-1 of
// "blob <size>\x00" and the content).
func sameBlob(path string, regular bool, oid [20]byte) bool {
	if !regular {
		return false
	}
	f, err := os.Open(path)
	if err != nil {
		return false
	}
	defer f.Close()
	fi, err := f.Stat()
	if err != nil || fi.Size() > 64<<20 {
		return false
	}
	h := sha1.New()
	h.Write([]byte("blob " + strconv.FormatInt(fi.Size(), 10) + "\x00"))
	if _, err := io.Copy(h, f); err != nil {
		return false
	}
	return bytes.Equal(h.Sum(nil), oid[:])
}

// treeValid reads the index's cache-tree extension: 1 when its root is
// valid (the index is a tree written by a commit or a checkout: nothing
// staged), 0 when invalidated (something was added since), -1 when the
// index has no cache tree or it cannot be read.
func treeValid(data []byte) int {
	off, ok := extensionsAt(data)
	if !ok {
		return -1
	}
	end := len(data) - 20
	for off+8 <= end {
		sig := string(data[off : off+4])
		size := int(binary.BigEndian.Uint32(data[off+4 : off+8]))
		off += 8
		if size < 0 || off+size > end {
			return -1
		}
		if sig == "TREE" {
			ext := data[off : off+size]
			if len(ext) < 2 || ext[0] != 0 {
				return -1
			}
			if ext[1] == '-' {
				return 0
			}
			return 1
		}
		off += size
	}
	return -1
}

// walkIndex decodes the entries of an index (versions 2, 3 and 4) and
// calls f for each until it returns false.
func walkIndex(data []byte, f func(*indexEntry) bool) error {
	_, err := entries(data, f)
	return err
}

// extensionsAt returns where the index's extensions start.
func extensionsAt(data []byte) (int, bool) {
	off, err := entries(data, nil)
	return off, err == nil
}

// entries walks the entries (f nil: none is reported) and returns the
// offset after the last one.
func entries(data []byte, f func(*indexEntry) bool) (int, error) {
	if len(data) < 12+20 || string(data[:4]) != "DIRC" {
		return 0, errIndex
	}
	version := binary.BigEndian.Uint32(data[4:8])
	if version < 2 || version > 4 {
		return 0, errIndex
	}
	count := binary.BigEndian.Uint32(data[8:12])
	// The trailing checksum is not verified: hashing a large index would
	// cost the hook more than reading it; every read below is bounded.
	body := data[:len(data)-20]
	off := 12
	prev := ""
	var e indexEntry
	for i := uint32(0); i < count; i++ {
		if off+62 > len(body) {
			return 0, errIndex
		}
		p := body[off:]
		e.mtimeSec = binary.BigEndian.Uint32(p[8:12])
		e.mtimeNsec = binary.BigEndian.Uint32(p[12:16])
		e.ino = binary.BigEndian.Uint32(p[20:24])
		e.mode = binary.BigEndian.Uint32(p[24:28])
		e.size = binary.BigEndian.Uint32(p[36:40])
		copy(e.oid[:], p[40:60])
		flags := binary.BigEndian.Uint16(p[60:62])
		e.assumeValid = flags&0x8000 != 0
		e.flags = 0
		n := 62
		if flags&0x4000 != 0 {
			if version < 3 || off+64 > len(body) {
				return 0, errIndex
			}
			e.flags = binary.BigEndian.Uint16(p[62:64])
			n = 64
		}
		if version == 4 {
			strip, k := binary.Uvarint(p[n:])
			if k <= 0 || strip > uint64(len(prev)) {
				return 0, errIndex
			}
			end := bytes.IndexByte(p[n+k:], 0)
			if end < 0 {
				return 0, errIndex
			}
			e.path = prev[:len(prev)-int(strip)] + string(p[n+k:n+k+end])
			off += n + k + end + 1
		} else {
			end := bytes.IndexByte(p[n:], 0)
			if end < 0 {
				return 0, errIndex
			}
			e.path = string(p[n : n+end])
			entryLen := n + end + 1
			off += (entryLen + 7) &^ 7 // padded to 8 bytes with NULs
		}
		prev = e.path
		if e.mode>>12 == 0o16 || e.mode == 0o40000 {
			continue // submodules and sparse directories: not files here
		}
		if f != nil && !f(&e) {
			return off, nil
		}
	}
	return off, nil
}

// readSmall reads at most limit bytes of a file.
func readSmall(path string, limit int64) ([]byte, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return io.ReadAll(io.LimitReader(f, limit))
}
