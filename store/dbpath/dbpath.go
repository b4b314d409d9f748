// Package dbpath says where actionguard's SQLite database lives, without
// linking a database driver: the lean hook binary finds the audit spool,
// the session files and the approval requests beside the database by it,
// and opens the database itself only through package store.
//
// Entry points: FileName, Default.
package dbpath

import (
	"fmt"

	"github.com/actionguard/actionguard/internal/dirs"
	"github.com/actionguard/actionguard/internal/dirs/host"
)

// FileName is the name of the database file in a state directory.
const FileName = dirs.DBFileName

// Default returns where the database lives: $ACTIONGUARD_DB if set, else
// $ACTIONGUARD_STATE_DIR/actionguard.db, else actionguard.db in the state
// directory by the system's convention (package dirs: on Linux
// $XDG_STATE_HOME/actionguard or ~/.local/state/actionguard). It creates
// nothing.
func Default() (string, error) {
	p, err := host.Env().DBPath()
	if err != nil {
		return "", fmt.Errorf("store: no database path: %w", err)
	}
	return p, nil
}
