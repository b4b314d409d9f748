package store

import (
	"fmt"
	"os"
	"path/filepath"

	"github.com/actionguard/actionguard/audit"
	"github.com/actionguard/actionguard/internal/dirs/host"
)

// The files that keep the audit log honest. A guarded tool call must not
// reach them: with them, an agent could read the key and re-seal records,
// or rewrite the checkpoints that show a log was cut. ProtectedPaths lists
// them for the hook's self-protection.

// KeyFileName is the name of the audit key's file, beside the database.
const KeyFileName = "audit.key"

// CheckpointsFileName is the name of the checkpoints file of the
// installation's log, in the configuration directory.
const CheckpointsFileName = "audit-checkpoints.jsonl"

// AuditKeyPath is where the key that seals the records of the database at
// dbPath is kept: audit.key in the database's directory (the state
// directory, for the installation's log), or the file $ACTIONGUARD_AUDIT_KEY
// names.
func AuditKeyPath(dbPath string) string {
	if p := os.Getenv("ACTIONGUARD_AUDIT_KEY"); p != "" {
		return p
	}
	return filepath.Join(filepath.Dir(dbPath), KeyFileName)
}

// CheckpointPath is where the checkpoints of the database at dbPath are
// kept: for the installation's log (DefaultPath), audit-checkpoints.jsonl
// in the configuration directory (ConfigDir), away from the state
// directory; for a database elsewhere, a file beside it named after it.
func CheckpointPath(dbPath string) string {
	if def, err := DefaultPath(); err == nil && samePath(def, dbPath) {
		if dir, err := ConfigDir(); err == nil {
			return filepath.Join(dir, CheckpointsFileName)
		}
	}
	return dbPath + ".checkpoints"
}

// ConfigDir is actionguard's configuration directory, where the user's
// policy file is: the directory of $ACTIONGUARD_CONFIG when set, else the
// configuration directory by the system's convention (package
// internal/dirs: on Linux $XDG_CONFIG_HOME/actionguard or
// ~/.config/actionguard).
func ConfigDir() (string, error) {
	d, err := host.Env().ConfigDir()
	if err != nil {
		return "", fmt.Errorf("store: no configuration directory: %w", err)
	}
	return d, nil
}

// StateDir is actionguard's state directory, where the installation's
// database, spool and audit key are: the directory of DefaultPath.
func StateDir() (string, error) {
	p, err := DefaultPath()
	if err != nil {
		return "", err
	}
	return filepath.Dir(p), nil
}

// ProtectedPaths are the files that keep the audit log of the database at
// dbPath honest, which no guarded tool call may read or write: the
// database and its SQLite companions, the spool, the audit key and the
// checkpoints file.
func ProtectedPaths(dbPath string) []string {
	return []string{dbPath, dbPath + "-wal", dbPath + "-shm", dbPath + "-journal",
		audit.SpoolPath(dbPath), AuditKeyPath(dbPath), CheckpointPath(dbPath)}
}

func samePath(a, b string) bool {
	aa, err1 := filepath.Abs(a)
	bb, err2 := filepath.Abs(b)
	return err1 == nil && err2 == nil && filepath.Clean(aa) == filepath.Clean(bb)
}

// AuditKey implements audit.KeySource: the key at AuditKeyPath, created
// (0600) when create is true and there is none.
func (s *SQLite) AuditKey(create bool) ([]byte, error) {
	if create {
		return audit.LoadOrCreateKey(s.AuditKeyPath())
	}
	return audit.LoadKey(s.AuditKeyPath())
}

// AuditKeyPath implements audit.KeySource.
func (s *SQLite) AuditKeyPath() string { return AuditKeyPath(s.path) }

// AuditCheckpoints implements audit.CheckpointSource: a file at
// CheckpointPath, kept open for appending until Close.
func (s *SQLite) AuditCheckpoints() audit.Checkpoints {
	s.smu.Lock()
	defer s.smu.Unlock()
	if s.checkpoints == nil {
		s.checkpoints = audit.NewCheckpointFile(CheckpointPath(s.path), s.path)
	}
	return s.checkpoints
}

var (
	_ audit.KeySource        = (*SQLite)(nil)
	_ audit.CheckpointSource = (*SQLite)(nil)
)
