// Package host gives the dirs.Env of this process: its system, its
// environment, its home directory and its file system. Package dirs itself
// reads nothing (the analyzers import its tables and stay pure).
//
// Entry points: Env, EnvWith.
package host

import (
	"os"
	"runtime"

	"github.com/actionguard/actionguard/internal/dirs"
)

// Env is the dirs.Env of this process: its system, its environment, its
// home directory (as os.UserHomeDir finds it when $HOME is not set) and its
// file system (an earlier release's directories are looked for on it).
func Env() dirs.Env { return EnvWith(nil) }

// EnvWith is Env with the environment read by getenv; nil is the
// process's, and then the home directory is asked of the system when the
// environment names none. A given environment is taken as it is (a test's,
// or the one a hook was started with).
func EnvWith(getenv func(string) string) dirs.Env {
	e := dirs.Env{GOOS: runtime.GOOS, Getenv: getenv, Exists: isDir}
	if getenv == nil {
		e.Getenv = os.Getenv
		if e.HomeDir() == "" {
			e.Home, _ = os.UserHomeDir()
		}
	}
	return e
}

func isDir(dir string) bool {
	fi, err := os.Stat(dir)
	return err == nil && fi.IsDir()
}
