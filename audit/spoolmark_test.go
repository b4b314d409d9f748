package audit_test

import (
	"context"
	"errors"
	"fmt"
	"os"
	"testing"

	"github.com/actionguard/actionguard/audit"
	"github.com/actionguard/actionguard/store"
)

// errKilled stands for the drain's process dying: the drain stops where
// it is, with nothing more written.
var errKilled = errors.New("the drain was killed here")

// dyingStore is a database whose drain stops at a chosen point: after its
// k-th batch has committed (stopAfter = k, 0 for never), or before the
// first commit, or after the file is drained and removed but before its
// mark is cleared. A drain that stops returns at once, writing nothing
// more, so what it leaves is what a SIGKILL at that point leaves.
type dyingStore struct {
	*store.SQLite
	stopAfter   int
	stopBefore  bool
	stopAtClear bool
	commits     int
}

func (d *dyingStore) AppendAuditBatchMarked(ctx context.Context, rs []*audit.Record, seal func(*audit.Record, audit.Tip) error, spool string, m audit.DrainMark) error {
	if d.stopBefore {
		return errKilled
	}
	if err := d.SQLite.AppendAuditBatchMarked(ctx, rs, seal, spool, m); err != nil {
		return err
	}
	if d.commits++; d.commits == d.stopAfter {
		return errKilled
	}
	return nil
}

func (d *dyingStore) ClearDrainMark(ctx context.Context, spool string) error {
	if d.stopAtClear {
		return errKilled
	}
	return d.SQLite.ClearDrainMark(ctx, spool)
}

// spoolNumbered writes writer w's records from..to-1 to the spool, a
// stream's batch at a time.
func spoolNumbered(t *testing.T, sp *audit.Spool, from, to int) {
	t.Helper()
	b := sp.Batch()
	for i := from; i < to; i++ {
		if err := b.Add(numbered("w", i), false); err != nil {
			t.Fatal(err)
		}
	}
	if err := b.Close(); err != nil {
		t.Fatal(err)
	}
}

// stopPoints are every place a drain of `batches` batches can be killed
// at: before its first commit, after each commit, and between the removal
// of the drained file and the clearing of its mark.
func stopPoints(batches int) []dyingStore {
	points := []dyingStore{{stopBefore: true}}
	for k := 1; k <= batches; k++ {
		points = append(points, dyingStore{stopAfter: k})
	}
	return append(points, dyingStore{stopAtClear: true})
}

func (d dyingStore) String() string {
	switch {
	case d.stopBefore:
		return "before the first commit"
	case d.stopAtClear:
		return "before clearing the mark"
	}
	return fmt.Sprintf("after commit %d", d.stopAfter)
}

// A drain killed anywhere, in the renamed-aside spool or in place, then
// resumed by the next drain after more records were spooled, leaves every
// record in the log exactly once, in order, in a chain that verifies. The
// killed drain's stopping point is each batch boundary of a spool of
// 2,100 records (5 batches), both ends included.
func TestDrainKilledAnywhereRepeatsNothing(t *testing.T) {
	const spooled, later = 2100, 37
	for _, inPlace := range []bool{false, true} {
		for _, stop := range stopPoints(5) {
			name := fmt.Sprintf("in place %v, killed %v", inPlace, stop)
			t.Run(name, func(t *testing.T) {
				ctx := context.Background()
				st, db := freshStore(t)
				sp := audit.NewSpool(audit.SpoolPath(db))
				if inPlace {
					audit.DrainInPlace(sp)
				}
				spoolNumbered(t, sp, 0, spooled)
				dying := stop
				dying.SQLite = st
				n, err := sp.Drain(ctx, audit.New(&dying))
				if !errors.Is(err, errKilled) {
					t.Fatalf("the dying drain returned %d, %v; want it killed", n, err)
				}
				// Written while no drain ran: after the killed drain's records.
				spoolNumbered(t, sp, spooled, spooled+later)
				l := audit.New(st)
				if _, err := sp.Drain(ctx, l); err != nil {
					t.Fatalf("the next drain: %v", err)
				}
				drainedOnce(t, l, spooled+later, "w")
				if recs, err := sp.Records(); err != nil || len(recs) != 0 {
					t.Errorf("the spool still holds %d records (%v) after the drain", len(recs), err)
				}
				// Another round through the same names: a mark left behind
				// by the killed drain skips nothing of the new files.
				spoolNumbered(t, sp, spooled+later, spooled+2*later)
				if n, err := sp.Drain(ctx, l); err != nil || n != later {
					t.Fatalf("the third drain moved %d records (%v); want %d", n, err, later)
				}
				drainedOnce(t, l, spooled+2*later, "w")
			})
		}
	}
}

// A mark is believed only for the file it was taken of: a spool under the
// same name whose first bytes differ from the ones the mark covers is
// drained from its start, whatever its length.
func TestDrainMarkOfAnotherFileIsIgnored(t *testing.T) {
	ctx := context.Background()
	st, db := freshStore(t)
	sp := audit.DrainInPlace(audit.NewSpool(audit.SpoolPath(db)))
	spoolNumbered(t, sp, 0, 5)
	// Killed after its only commit, before emptying the spool: the mark
	// covers the whole file.
	if _, err := sp.Drain(ctx, audit.New(&dyingStore{SQLite: st, stopAfter: 1})); !errors.Is(err, errKilled) {
		t.Fatalf("the dying drain: %v", err)
	}
	path := audit.SpoolPath(db)
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	// One byte of the first frame's header changed ("ag1" → "ag0"): same
	// length, another file as far as the mark can tell.
	data[3] ^= 1
	if err := os.WriteFile(path, data, 0o600); err != nil {
		t.Fatal(err)
	}
	l := audit.New(st)
	if n, err := sp.Drain(ctx, l); err != nil || n != 5 {
		t.Fatalf("Drain = %d, %v; want the 5 lines drained again from the start", n, err)
	}
	if c, err := l.Count(ctx); err != nil || c != 10 {
		t.Errorf("the log holds %d records (%v), want 5 + 5", c, err)
	}
}
