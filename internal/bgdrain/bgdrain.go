// Package bgdrain starts the drain of a large spool (audit.Spool) in a
// process of its own, detached from the caller: `actionguard audit drain`,
// which links the database driver. A hook call that finds the spool large
// (the lean hook links no driver) and a check --jsonl stream that leaves a
// large one start it, and answer without waiting for it. Entry point:
// Start.
package bgdrain

import (
	"errors"
	"fmt"
	"os/exec"

	"github.com/actionguard/actionguard/audit"
)

// Start starts `cli audit drain --db db` detached from this process (its
// own session, no standard streams) and does not wait for it; started is
// false when a drain of db's spool is running already, so none was needed.
// An error means no drain was started: the spool stays for the next reader
// of the log.
func Start(cli, db string) (started bool, err error) {
	if cli == "" {
		return false, errors.New("starting the spool's drain: no actionguard binary to run")
	}
	if audit.NewSpool(audit.SpoolPath(db)).DrainRunning() {
		return false, nil
	}
	cmd := exec.Command(cli, "audit", "drain", "--db", db)
	detach(cmd)
	if err := cmd.Start(); err != nil {
		return false, fmt.Errorf("starting the spool's drain: %w", err)
	}
	// Nothing waits for it: it outlives this process.
	cmd.Process.Release()
	return true, nil
}
