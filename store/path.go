package store

import "github.com/actionguard/actionguard/store/dbpath"

// FileName is the name of the database file in a state directory.
const FileName = dbpath.FileName

// DefaultPath returns where the database lives: $ACTIONGUARD_DB if set, else
// $ACTIONGUARD_STATE_DIR/actionguard.db, else
// $XDG_STATE_HOME/actionguard/actionguard.db, else
// ~/.local/state/actionguard/actionguard.db. It creates nothing; Open
// creates the directory. (Package dbpath says the same without linking
// the database driver.)
func DefaultPath() (string, error) { return dbpath.Default() }
