package hookrun

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"time"
)

// A new installation starts in learning mode for the policy's
// learning_days (seed 002: the first week observes). When it was installed
// is the time written in installed beside the audit database by the first
// `actionguard install`.

// installedName is the file that says when actionguard was installed.
const installedName = "installed"

// InstalledPath is the installation marker of the database at dbPath.
func InstalledPath(dbPath string) string {
	return filepath.Join(filepath.Dir(dbPath), installedName)
}

// InstalledAt returns when actionguard was installed for the database at
// dbPath, or the zero time when it never was (or the marker is unreadable:
// no learning period then, the policy's own mode decides).
func InstalledAt(dbPath string) time.Time {
	b, err := os.ReadFile(InstalledPath(dbPath))
	if err != nil {
		return time.Time{}
	}
	t, err := time.Parse(time.RFC3339, strings.TrimSpace(string(b)))
	if err != nil {
		return time.Time{}
	}
	return t
}

// MarkInstalled records now as the installation time of the database at
// dbPath unless one is recorded already, and returns the time in force.
func MarkInstalled(dbPath string, now time.Time) (time.Time, error) {
	if t := InstalledAt(dbPath); !t.IsZero() {
		return t, nil
	}
	path := InstalledPath(dbPath)
	if err := os.MkdirAll(filepath.Dir(path), 0o700); err != nil {
		return time.Time{}, err
	}
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o600)
	if errors.Is(err, fs.ErrExist) {
		// Another process marked it first, or the marker is broken:
		// replace a broken one.
		if t := InstalledAt(dbPath); !t.IsZero() {
			return t, nil
		}
		f, err = os.OpenFile(path, os.O_WRONLY|os.O_TRUNC, 0o600)
	}
	if err != nil {
		return time.Time{}, err
	}
	now = now.UTC().Truncate(time.Second)
	if _, err := f.WriteString(now.Format(time.RFC3339) + "\n"); err != nil {
		f.Close()
		return time.Time{}, err
	}
	return now, f.Close()
}
