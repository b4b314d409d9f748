package dbpath

import (
	"fmt"

	"github.com/actionguard/actionguard/internal/dirs/host"
)

// Find is the one place a command or a hook finds the database: explicit
// (a --db flag, a configured path) when set, else $ACTIONGUARD_DB, else
// $ACTIONGUARD_STATE_DIR/actionguard.db (both read through getenv, nil
// for the process's environment), else Default: the state directory by
// the system's convention (package dirs). It creates nothing.
func Find(explicit string, getenv func(string) string) (string, error) {
	if explicit != "" {
		return explicit, nil
	}
	if getenv != nil && (getenv("ACTIONGUARD_DB") != "" || getenv("ACTIONGUARD_STATE_DIR") != "") {
		p, err := host.EnvWith(getenv).DBPath()
		if err != nil {
			return "", fmt.Errorf("store: no database path: %w", err)
		}
		return p, nil
	}
	return Default()
}
