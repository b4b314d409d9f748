package audit

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"time"

	"github.com/actionguard/actionguard/internal/lockfile"
)

// drainBatch is how many spooled records go into one append transaction
// at most, and drainBatchBytes how many bytes of spool lines: a batch is
// one commit and one checkpoint, so a large spool (a long check --jsonl
// stream's) drains in a few hundred of them, with memory still bounded.
const (
	drainBatch      = 512
	drainBatchBytes = 4 << 20
)

// takenPath is where Drain moves the spool to read it while writers go on
// writing to a new one.
func (s *Spool) takenPath() string { return s.path + ".draining" }

// drainLockPath is the file whose exclusive lock a drain holds from start
// to end: one drain at a time, and DrainRunning can tell.
func (s *Spool) drainLockPath() string { return s.path + ".drain" }

// Drain moves every spooled record into l, in order, and empties the
// spool. It returns how many records it moved.
//
// Writers are held only for a moment: under the spool's exclusive lock the
// spool file is renamed aside (takenPath), and the records are moved from
// there while hook calls and streams write to a new spool (a writer that
// still had the old file open follows the name: see lockedWrite). Where
// an open file cannot be renamed (Windows), the spool is drained in place
// under its lock, as writers wait, and emptied.
//
// A drain that fails or is killed part-way leaves its file (the taken one,
// or the spool) whole, and the next drain moves what it holds first. Over
// a Storage that keeps drain marks (DrainMarks: store.SQLite), each batch
// commits with the mark of how far into the file it reaches, and the next
// drain goes on after the last mark committed: every record reaches the
// log exactly once, wherever the drain stopped. Over one that keeps none,
// the committed prefix is cut away after an error, and a drain killed
// between a commit and that cut appends the batch again (a repeat, never
// a loss).
func (s *Spool) Drain(ctx context.Context, l *Log) (int, error) {
	if !exists(s.path) && !exists(s.takenPath()) {
		return 0, nil
	}
	lock, err := s.lockDrain()
	if errors.Is(err, errNothingSpooled) {
		return 0, nil
	}
	if err != nil {
		return 0, err
	}
	defer lock.Close()
	defer lockfile.Unlock(lock)
	moved, err := s.drainTaken(ctx, l)
	if err != nil {
		return moved, err
	}
	n, err := s.takeAndDrain(ctx, l)
	return moved + n, err
}

// exists reports whether a file is at path.
func exists(path string) bool {
	_, err := os.Stat(path)
	return err == nil
}

// DrainRunning reports whether a drain holds the spool's drain lock now
// (another process's, or this one's). When that cannot be told it says
// yes: the caller is deciding whether to start another.
func (s *Spool) DrainRunning() bool {
	f, err := os.OpenFile(s.drainLockPath(), os.O_RDWR|os.O_CREATE, 0o600)
	if err != nil {
		return true
	}
	defer f.Close()
	if lockfile.TryExclusive(f) != nil {
		return true
	}
	lockfile.Unlock(f)
	return false
}

// drainLockWait bounds a drain's wait for its locks: a hook call drains
// before it looks up a pass, and a lock held for ever by another program
// must not hold the call (the drain fails; the records stay spooled, and a
// pass not found in the log is not honoured).
const drainLockWait = 3 * time.Second

// lockDrain opens the drain lock and waits for it (at most drainLockWait).
func (s *Spool) lockDrain() (*os.File, error) {
	f, err := os.OpenFile(s.drainLockPath(), os.O_RDWR|os.O_CREATE, 0o600)
	if errors.Is(err, fs.ErrNotExist) {
		// No directory, so no spool either: nothing to drain, nothing to
		// create.
		return nil, errNothingSpooled
	}
	if err != nil {
		return nil, fmt.Errorf("audit: drain: %w", err)
	}
	if err := lockfile.ExclusiveWithin(f, drainLockWait); err != nil {
		f.Close()
		return nil, fmt.Errorf("audit: drain: lock: %w", err)
	}
	return f, nil
}

// errNothingSpooled is lockDrain's answer where no spool can exist.
var errNothingSpooled = errors.New("audit: drain: nothing spooled")

// drainTaken moves the records of a taken file (one a drain was stopped
// in) into l and removes it. The drain lock is held.
func (s *Spool) drainTaken(ctx context.Context, l *Log) (int, error) {
	f, err := os.OpenFile(s.takenPath(), os.O_RDWR, 0)
	if errors.Is(err, fs.ErrNotExist) {
		return 0, nil
	}
	if err != nil {
		return 0, fmt.Errorf("audit: drain: %w", err)
	}
	moved, err := drainFile(ctx, l, f, s.takenPath())
	f.Close()
	if err != nil {
		return moved, err
	}
	if err := os.Remove(s.takenPath()); err != nil {
		return moved, fmt.Errorf("audit: drain: removing the drained spool: %w", err)
	}
	return moved, clearMark(ctx, l, s.takenPath())
}

// clearMark forgets the drain mark of the file at path, which is gone or
// empty now. A mark left behind (the drain killed just before) is
// harmless: the next file of that name does not begin with the bytes it
// describes, so it is drained from its start (see resume).
func clearMark(ctx context.Context, l *Log, path string) error {
	dm := l.drainMarks()
	if dm == nil {
		return nil
	}
	if err := dm.ClearDrainMark(ctx, filepath.Base(path)); err != nil {
		return fmt.Errorf("audit: drain: %w", err)
	}
	return nil
}

// takeAndDrain renames the spool aside under its exclusive lock and
// drains what it took, or drains it in place where it cannot be renamed.
// The drain lock is held.
func (s *Spool) takeAndDrain(ctx context.Context, l *Log) (int, error) {
	f, err := os.OpenFile(s.path, os.O_RDWR, 0)
	if errors.Is(err, fs.ErrNotExist) {
		return 0, nil
	}
	if err != nil {
		return 0, fmt.Errorf("audit: drain: %w", err)
	}
	defer f.Close()
	if err := lockfile.ExclusiveWithin(f, drainLockWait); err != nil {
		return 0, fmt.Errorf("audit: drain: lock: %w", err)
	}
	defer lockfile.Unlock(f)
	if fi, err := f.Stat(); err == nil && fi.Size() == 0 {
		return 0, nil
	}
	if s.inPlace || os.Rename(s.path, s.takenPath()) != nil {
		return drainInPlace(ctx, l, f, s.path)
	}
	lockfile.Unlock(f)
	return s.drainTaken(ctx, l)
}

// drainInPlace drains the spool f (at path) where it is, under its
// exclusive lock, and empties it: where an open file cannot be renamed
// (Windows). Its marks make a drain killed part-way, even between the last
// commit and the emptying, resume after what it committed.
func drainInPlace(ctx context.Context, l *Log, f *os.File, path string) (int, error) {
	moved, err := drainFile(ctx, l, f, path)
	if err != nil {
		return moved, err
	}
	if err := f.Truncate(0); err != nil {
		return moved, fmt.Errorf("audit: drain: emptying the spool: %w", err)
	}
	return moved, clearMark(ctx, l, path)
}

// drainFile moves every record of the spool file f (at path) into l, in
// order, from where the last drain of it stopped. On an error, over a
// Storage without drain marks, f keeps only what was not appended.
func drainFile(ctx context.Context, l *Log, f *os.File, path string) (int, error) {
	marks, name := l.drainMarks(), filepath.Base(path)
	cur, err := resume(ctx, marks, name, f)
	if err != nil {
		return 0, fmt.Errorf("audit: drain: %w", err)
	}
	// Records are read a line at a time and appended a batch at a time, so
	// memory stays bounded by the batch whatever the spool's size.
	rd := bufio.NewReaderSize(f, 64<<10)
	var batch []*Record
	var redacted []bool // the batch's records whose actions are redacted already
	batchBytes := 0
	moved := 0
	var done int64 // bytes whose records are committed
	failed := func(err error) error {
		if marks != nil {
			return fmt.Errorf("audit: drain: %w", err)
		}
		return keepFrom(f, done, err)
	}
	flush := func() error {
		if len(batch) == 0 {
			return nil
		}
		// Spool.Append redacted the secrets of every record; the personal
		// data (and a damaged line's record, built here) are masked now.
		if err := l.appendBatch(ctx, batch, &spoolMark{spool: name, mark: cur.mark(), logRedacted: redacted}); err != nil {
			return err
		}
		moved += len(batch)
		done = cur.off
		clear(batch)
		batch, redacted, batchBytes = batch[:0], redacted[:0], 0
		return nil
	}
	for {
		line, rerr := rd.ReadBytes('\n')
		cur.read(line)
		cut := rerr == io.EOF && len(line) > 0
		if rerr != nil && rerr != io.EOF {
			return moved, failed(fmt.Errorf("reading the spool: %w", rerr))
		}
		if len(bytes.TrimSpace(line)) > 0 {
			r, logRedacted := spooled(bytes.TrimSuffix(line, []byte("\n")), cut)
			batch, redacted = append(batch, r), append(redacted, logRedacted)
			batchBytes += len(line)
		}
		if len(batch) >= drainBatch || batchBytes >= drainBatchBytes {
			if err := flush(); err != nil {
				return moved, failed(err)
			}
		}
		if rerr == io.EOF {
			break
		}
	}
	if err := flush(); err != nil {
		return moved, failed(err)
	}
	return moved, nil
}

// keepFrom leaves in the spool file f only what was not appended (from
// byte done on), after err: for a Storage without drain marks.
func keepFrom(f *os.File, done int64, err error) error {
	if done > 0 {
		if rest, rerr := io.ReadAll(io.NewSectionReader(f, done, 1<<62)); rerr == nil {
			if terr := f.Truncate(0); terr == nil {
				f.WriteAt(rest, 0)
			}
		}
	}
	return fmt.Errorf("audit: drain: %w", err)
}
