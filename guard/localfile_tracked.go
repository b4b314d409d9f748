package guard

import (
	"path"
	"path/filepath"
	"strings"

	"github.com/actionguard/actionguard/analyze/shell"
	"github.com/actionguard/actionguard/internal/workctx"
)

// trackedFiles is the shell analysis's Tracked: the files the index of
// the repository at or above dir tracks, read from .git directly (bounded,
// never running git), and its core.hooksPath.
func trackedFiles(dir string) (shell.TrackedFiles, bool) {
	if !strings.HasPrefix(dir, "/") || strings.IndexByte(dir, 0) >= 0 || underDeviceOrProc(dir) {
		return shell.TrackedFiles{}, false
	}
	repo := workctx.FindRepo(filepath.FromSlash(path.Clean(dir)))
	if repo == nil {
		// No repository: nothing is tracked, and git brings nothing here.
		return shell.TrackedFiles{Root: path.Clean(dir), Each: func(func(string) bool) bool { return true }}, true
	}
	return shell.TrackedFiles{Root: filepath.ToSlash(repo.Root), HooksPath: repo.HooksPath(), Each: repo.Tracked}, true
}
