// Package dbpath says where actionguard's SQLite database lives, without
// linking a database driver: the lean hook binary finds the audit spool,
// the session files and the approval requests beside the database by it,
// and opens the database itself only through package store.
//
// Entry points: FileName, Default.
package dbpath

import (
	"errors"
	"os"
	"path/filepath"
)

// FileName is the name of the database file in a state directory.
const FileName = "actionguard.db"

// Default returns where the database lives: $ACTIONGUARD_DB if set, else
// $ACTIONGUARD_STATE_DIR/actionguard.db, else
// $XDG_STATE_HOME/actionguard/actionguard.db, else
// ~/.local/state/actionguard/actionguard.db. It creates nothing.
func Default() (string, error) {
	if p := os.Getenv("ACTIONGUARD_DB"); p != "" {
		return p, nil
	}
	if d := os.Getenv("ACTIONGUARD_STATE_DIR"); d != "" {
		return filepath.Join(d, FileName), nil
	}
	// The XDG spec says to ignore a relative XDG_STATE_HOME.
	if d := os.Getenv("XDG_STATE_HOME"); filepath.IsAbs(d) {
		return filepath.Join(d, "actionguard", FileName), nil
	}
	home, err := os.UserHomeDir()
	if err != nil || home == "" {
		return "", errors.New("store: no database path: set ACTIONGUARD_DB or HOME")
	}
	return filepath.Join(home, ".local", "state", "actionguard", FileName), nil
}
