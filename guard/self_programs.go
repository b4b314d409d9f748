package guard

import (
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"slices"
	"sync"
	"sync/atomic"

	"github.com/actionguard/actionguard/internal/setup"
)

// The programs the agents' hooks run, for the shell analysis
// (shell.Options.HookPrograms): the running binary and the programs
// beside it, and, for a change outside the working directory, the
// programs actionguard's names lead to on PATH and those the agents'
// settings name (an installation under another name). Each list is built
// once per process (the settings again only when the home directory or
// the project changes) and only when a command changes a path no other
// rule protects: a hook call that changes nothing reads no settings.

// selfProgramNames are actionguard's programs.
var selfProgramNames = []string{"actionguard", "actionguard-hook", "actionguard-mcp"}

// runningPrograms is the running binary (as started and with its links
// resolved) and its siblings of actionguard's names.
var runningPrograms = sync.OnceValue(func() []string {
	exe, err := os.Executable()
	if err != nil {
		return nil
	}
	out := withResolved(nil, exe)
	for _, dir := range []string{filepath.Dir(exe), filepath.Dir(out[len(out)-1])} {
		for _, n := range selfProgramNames {
			if runtime.GOOS == "windows" {
				n += ".exe"
			}
			out = append(out, filepath.Join(dir, n))
		}
	}
	slices.Sort(out)
	return slices.Compact(out)
})

// withResolved appends p and, when it differs, where its links lead.
func withResolved(out []string, p string) []string {
	out = append(out, filepath.Clean(p))
	if real, err := filepath.EvalSymlinks(p); err == nil && real != filepath.Clean(p) {
		out = append(out, real)
	}
	return out
}

// installedList is the full list for one home directory and project.
type installedList struct {
	home, root string
	paths      []string
}

var lastInstalled atomic.Pointer[installedList]

// installedPrograms is runningPrograms with the programs found on PATH
// and named by the agents' settings (user scope, and the project's when
// cwd is in a repository).
func installedPrograms(home, cwd string) []string {
	root := ""
	if cwd != "" {
		root, _ = setup.RepositoryRoot(cwd)
	}
	if l := lastInstalled.Load(); l != nil && l.home == home && l.root == root {
		return l.paths
	}
	out := slices.Clone(runningPrograms())
	for _, n := range selfProgramNames {
		if p, err := exec.LookPath(n); err == nil && filepath.IsAbs(p) {
			out = withResolved(out, p)
		}
	}
	for _, p := range setup.HookPrograms(home, root) {
		out = withResolved(out, p)
	}
	slices.Sort(out)
	out = slices.Compact(out)
	lastInstalled.Store(&installedList{home: home, root: root, paths: out})
	return out
}

// hookProgramsFor is shell.Options.HookPrograms for an action in cwd of
// the user whose home directory is home.
func hookProgramsFor(home, cwd string) func(outside bool) []string {
	return func(outside bool) []string {
		if !outside {
			return runningPrograms()
		}
		return installedPrograms(home, cwd)
	}
}
