package undo

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"time"
)

// treeStats is what a bounded walk of a tree found.
type treeStats struct {
	size     int64 // bytes of regular files
	entries  int
	complete bool   // false: the walk stopped at a limit
	special  string // the first file that cannot be copied (device, socket)
}

// walkTree measures a tree without following symlinks, visiting at most
// maxEntries entries.
func walkTree(root string, maxEntries int) (treeStats, error) {
	st := treeStats{complete: true}
	var walk func(p string, fi fs.FileInfo) error
	walk = func(p string, fi fs.FileInfo) error {
		if st.entries >= maxEntries {
			st.complete = false
			return nil
		}
		st.entries++
		switch m := fi.Mode(); {
		case m.IsRegular():
			st.size += fi.Size()
		case m.IsDir():
			ents, err := os.ReadDir(p)
			if err != nil {
				return err
			}
			for _, e := range ents {
				if !st.complete {
					return nil
				}
				cfi, err := e.Info()
				if errors.Is(err, fs.ErrNotExist) {
					continue
				}
				if err != nil {
					return err
				}
				if err := walk(filepath.Join(p, e.Name()), cfi); err != nil {
					return err
				}
			}
		case m&fs.ModeSymlink != 0, m&fs.ModeNamedPipe != 0:
		default:
			if st.special == "" {
				st.special = p
			}
		}
		return nil
	}
	fi, err := os.Lstat(root)
	if err != nil {
		return st, err
	}
	err = walk(root, fi)
	return st, err
}

// permBits are the mode bits a copy keeps.
const permBits = fs.ModePerm | fs.ModeSetuid | fs.ModeSetgid | fs.ModeSticky

// copyTree copies src to dst (which must not exist) without following
// symlinks: regular files with their mode and times (synced), directories
// with their mode and times, symlinks as links, named pipes as pipes.
// Anything else is an error.
func copyTree(src, dst string) error {
	fi, err := os.Lstat(src)
	if err != nil {
		return err
	}
	m := fi.Mode()
	switch {
	case m.IsRegular():
		return copyFile(src, dst, fi)
	case m.IsDir():
		if err := os.Mkdir(dst, 0o700); err != nil {
			return err
		}
		ents, err := os.ReadDir(src)
		if err != nil {
			return err
		}
		for _, e := range ents {
			if err := copyTree(filepath.Join(src, e.Name()), filepath.Join(dst, e.Name())); err != nil {
				return err
			}
		}
		if err := os.Chmod(dst, m&permBits); err != nil {
			return err
		}
		return os.Chtimes(dst, time.Time{}, fi.ModTime())
	case m&fs.ModeSymlink != 0:
		target, err := os.Readlink(src)
		if err != nil {
			return err
		}
		return os.Symlink(target, dst)
	case m&fs.ModeNamedPipe != 0:
		if err := mkfifo(dst, m.Perm()); err != nil {
			return &fs.PathError{Op: "mkfifo", Path: dst, Err: err}
		}
		return os.Chtimes(dst, time.Time{}, fi.ModTime())
	}
	return fmt.Errorf("%s: a %s cannot be copied to another file system", src, kindOf(m))
}

func copyFile(src, dst string, fi fs.FileInfo) error {
	in, err := os.OpenFile(src, os.O_RDONLY|oNoFollow, 0)
	if err != nil {
		return err
	}
	defer in.Close()
	out, err := os.OpenFile(dst, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o600)
	if err != nil {
		return err
	}
	_, err = io.Copy(out, in)
	if err == nil {
		err = out.Sync()
	}
	if err == nil {
		err = out.Chmod(fi.Mode() & permBits)
	}
	if cerr := out.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		return err
	}
	return os.Chtimes(dst, time.Time{}, fi.ModTime())
}

// kindOf names a file's kind in the manifest's words.
func kindOf(m fs.FileMode) Kind {
	switch {
	case m.IsRegular():
		return KindFile
	case m.IsDir():
		return KindDir
	case m&fs.ModeSymlink != 0:
		return KindSymlink
	}
	return KindOther
}

// within reports whether path is strictly inside dir (both clean and
// absolute).
func within(path, dir string) bool {
	if dir == "/" {
		return path != "/"
	}
	return len(path) > len(dir) && path[len(dir)] == '/' && path[:len(dir)] == dir
}

// realPath resolves the symlinks of a path's parent but not of the path
// itself: where `rm path` would act.
func realPath(abs string) (string, error) {
	parent, err := filepath.EvalSymlinks(filepath.Dir(abs))
	if err != nil {
		return "", err
	}
	return filepath.Join(parent, filepath.Base(abs)), nil
}
