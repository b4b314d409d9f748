package guard

import (
	"os"
	"path"
	"path/filepath"
	"strings"
	"sync"

	"github.com/actionguard/actionguard/analyze/shell"
)

// Links on disk, for the shell analysis (shell.Options.ResolvePath): a
// path written as cc/settings.json is judged where it really leads, when
// cc is a link made by an earlier tool call to ~/.claude, or when the file
// is a hard link of a protected one (cp -al ~/.claude cl).

const (
	// maxLinkFollows bounds the symbolic links followed for one path, as
	// the kernel does (ELOOP).
	maxLinkFollows = 40
	// maxResolves bounds the paths resolved for one action (the shell
	// analysis asks at most shell.MaxPathLookups for each command).
	maxResolves = 4 * shell.MaxPathLookups
	// maxDirFiles bounds the files listed in one protected directory.
	maxDirFiles = 64
)

// resolver returns the shell analysis's ResolvePath for an action whose
// home directory is home: symbolic links followed on disk, and a regular
// file with more than one name matched against the protected files.
// It stops answering after maxResolves paths.
func (g *Guard) resolver(home string) func(cwd, p string) (string, bool) {
	n := 0
	return func(cwd, p string) (string, bool) {
		if n >= maxResolves {
			return "", false
		}
		n++
		real, ok := followLinks(p)
		if !ok {
			return "", false
		}
		if prot := g.hardLinkOf(real, home, cwd); prot != "" {
			return prot, true
		}
		return real, true
	}
}

// followLinks resolves the symbolic links of every existing component of
// the absolute slash-separated path p; what does not exist yet is kept as
// written. It only reads links (lstat, readlink): nothing is opened, so a
// FIFO or a device never blocks it. Paths under /dev, /proc and /sys are
// not resolved. ok is false for a relative path, a loop, or more than
// maxLinkFollows links.
func followLinks(p string) (string, bool) {
	if !strings.HasPrefix(p, "/") || strings.IndexByte(p, 0) >= 0 || underDeviceOrProc(p) {
		return "", false
	}
	done := "/"
	rest := splitPath(p)
	follows := 0
	for i := 0; i < len(rest); i++ {
		name := rest[i]
		switch name {
		case "", ".":
			continue
		case "..":
			done = path.Dir(done)
			continue
		}
		next := path.Join(done, name)
		if underDeviceOrProc(next) {
			return path.Join(append([]string{next}, rest[i+1:]...)...), true
		}
		fi, err := os.Lstat(filepath.FromSlash(next))
		if err != nil {
			if follows > 0 && i < len(rest)-1 {
				// A link to a place that is not there: a write through it
				// fails, so the path is judged as written.
				return "", false
			}
			// Not there (yet): the name the command makes.
			return path.Join(append([]string{next}, rest[i+1:]...)...), true
		}
		if fi.Mode()&os.ModeSymlink == 0 {
			done = next
			continue
		}
		follows++
		if follows > maxLinkFollows {
			return "", false
		}
		target, err := os.Readlink(filepath.FromSlash(next))
		if err != nil || target == "" {
			return "", false
		}
		target = filepath.ToSlash(target)
		if strings.HasPrefix(target, "/") {
			done = "/"
		}
		rest = append(splitPath(target), rest[i+1:]...)
		i = -1
	}
	return done, true
}

func splitPath(p string) []string { return strings.Split(strings.Trim(p, "/"), "/") }

// underDeviceOrProc reports a path in /dev, /proc or /sys.
func underDeviceOrProc(p string) bool {
	for _, d := range []string{"/dev", "/proc", "/sys"} {
		if p == d || strings.HasPrefix(p, d+"/") {
			return true
		}
	}
	return false
}

// protectedIndex maps the identity of each protected file to its path.
type protectedIndex struct {
	once  sync.Once
	files map[fileID]string
}

// hardLinkOf returns the protected file the regular file real is a second
// name of, or "". Only a file with more than one name is looked up.
func (g *Guard) hardLinkOf(real, home, cwd string) string {
	id, ok := linkedFile(real)
	if !ok {
		return ""
	}
	key := home + "\x00" + cwd + "\x00" + strings.Join(g.controlPlane(), "\x00")
	v, _ := g.protected.LoadOrStore(key, &protectedIndex{})
	idx := v.(*protectedIndex)
	idx.once.Do(func() { idx.files = indexProtected(home, cwd, g.controlPlane()) })
	if p := idx.files[id]; p != "" && p != real {
		return p
	}
	return ""
}

// indexProtected stats the protected files (and the files of the
// protected directories, maxDirFiles each) of home and cwd.
func indexProtected(home, cwd string, control []string) map[fileID]string {
	files, dirs := shell.ProtectedFiles(home, cwd)
	dirs = append(dirs, control...)
	for _, d := range dirs {
		entries, err := os.ReadDir(filepath.FromSlash(d))
		if err != nil {
			if fi, err := os.Lstat(filepath.FromSlash(d)); err == nil && fi.Mode().IsRegular() {
				files = append(files, d) // a configured file
			}
			continue
		}
		for i, en := range entries {
			if i >= maxDirFiles {
				break
			}
			if en.Type().IsRegular() {
				files = append(files, path.Join(d, en.Name()))
			}
		}
	}
	out := map[fileID]string{}
	for _, f := range files {
		if id, ok := fileIdentity(f); ok {
			if _, had := out[id]; !had {
				out[id] = f
			}
		}
	}
	return out
}
