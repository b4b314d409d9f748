package store

import (
	"context"
	"fmt"
	"time"

	"github.com/actionguard/actionguard/audit"
)

// OpenForHook opens the database at path for one hook call (see
// hookrun.Opener). A busy timeout above zero is for a lookup that must
// give up fast (the contact book's): it bounds the wait on a locked
// database and opens one connection; zero is Open's defaults.
func OpenForHook(ctx context.Context, path string, busy time.Duration) (*SQLite, error) {
	if busy > 0 {
		return Open(ctx, path, WithBusyTimeout(busy), WithMaxConns(1))
	}
	return Open(ctx, path)
}

// OpenDrained opens the database at path and first moves the decisions
// spooled by hook calls (audit.Spool) into its hash-chained log, so that
// whoever reads the log sees every decision. A failed drain is returned
// with the open store: the records stay spooled for the next one.
func OpenDrained(ctx context.Context, path string) (*SQLite, error) {
	st, err := Open(ctx, path)
	if err != nil {
		return nil, err
	}
	if _, err := audit.NewSpool(audit.SpoolPath(path)).Drain(ctx, audit.New(st)); err != nil {
		return st, fmt.Errorf("moving spooled decisions into the audit log: %w", err)
	}
	return st, nil
}
