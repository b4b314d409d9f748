package store

import "github.com/actionguard/actionguard/store/dbpath"

// FileName is the name of the database file in a state directory.
const FileName = dbpath.FileName

// DefaultPath returns where the database lives: $ACTIONGUARD_DB if set, else
// $ACTIONGUARD_STATE_DIR/actionguard.db, else actionguard.db in the state
// directory by the system's convention (package internal/dirs). It creates
// nothing; Open
// creates the directory. (Package dbpath says the same without linking
// the database driver.)
func DefaultPath() (string, error) { return dbpath.Default() }
