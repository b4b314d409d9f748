package dbpath

import (
	"os"
	"path/filepath"
)

// Find is the one place a command or a hook finds the database: explicit
// (a --db flag, a configured path) when set, else $ACTIONGUARD_DB, else
// $ACTIONGUARD_STATE_DIR/actionguard.db (both read through getenv, nil
// for the process's environment), else Default. It creates nothing.
func Find(explicit string, getenv func(string) string) (string, error) {
	if explicit != "" {
		return explicit, nil
	}
	if getenv == nil {
		getenv = os.Getenv
	}
	if p := getenv("ACTIONGUARD_DB"); p != "" {
		return p, nil
	}
	if d := getenv("ACTIONGUARD_STATE_DIR"); d != "" {
		return filepath.Join(d, FileName), nil
	}
	return Default()
}
