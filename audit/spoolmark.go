package audit

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"hash"
	"io"
	"os"
)

// DrainMark is how far a drain of one spool file got: the file's first
// Offset bytes, whose SHA-256 is Digest (lowercase hex), are in the log.
// The zero DrainMark says nothing was drained.
type DrainMark struct {
	Offset int64
	Digest string
}

// DrainMarks is a Storage that keeps a spool drain's mark in the same
// transaction as the records the drain appends (store.SQLite does). A drain
// killed at any point then resumes after exactly what it committed: no
// record of the spool reaches the log twice, none is skipped. Over a
// Storage without it, a drain killed between a commit and the removal of
// what it committed appends that part again when it resumes.
type DrainMarks interface {
	// AppendAuditBatchMarked is AppendAuditBatch that also sets the mark
	// of the spool file named spool to m, in the same transaction: both
	// are written or neither.
	AppendAuditBatchMarked(ctx context.Context, rs []*Record, seal func(r *Record, tip Tip) error, spool string, m DrainMark) error
	// DrainMark returns the spool file's mark, the zero mark when it has
	// none.
	DrainMark(ctx context.Context, spool string) (DrainMark, error)
	// ClearDrainMark removes the spool file's mark, once the file is gone
	// or emptied.
	ClearDrainMark(ctx context.Context, spool string) error
}

// spoolMark is a drained batch's mark: the spool file it came from and
// how far that file is drained once the batch is committed. A batch with a
// mark holds only records spooledRecord gave, whose Action is valid JSON
// (decoded by json.Unmarshal, or built by json.Marshal).
type spoolMark struct {
	spool string
	mark  DrainMark
	// logRedacted[i] says that the batch's record i has its action
	// redacted as the log's already (a SpoolBatch's line that says so).
	logRedacted []bool
}

// actionRedacted reports whether record i's action is redacted already.
func (m *spoolMark) actionRedacted(i int) bool {
	return i < len(m.logRedacted) && m.logRedacted[i]
}

// drainCursor follows a drain through one spool file: the bytes read so
// far and their running SHA-256, from which each committed batch's mark is
// taken.
type drainCursor struct {
	off int64
	sum hash.Hash
}

// mark is the mark of everything read so far.
func (c *drainCursor) mark() DrainMark {
	return DrainMark{Offset: c.off, Digest: hex.EncodeToString(c.sum.Sum(nil))}
}

// read accounts for line, read from the file.
func (c *drainCursor) read(line []byte) {
	c.off += int64(len(line))
	c.sum.Write(line)
}

// resume positions f where the drain of the file named spool is to go on:
// after its mark when f begins with the bytes the mark describes, at the
// beginning otherwise (no mark, or a mark left by an earlier file of the
// same name that this one is not). The cursor returned stands there.
func resume(ctx context.Context, marks DrainMarks, spool string, f *os.File) (*drainCursor, error) {
	start := &drainCursor{sum: sha256.New()}
	if _, err := f.Seek(0, io.SeekStart); err != nil {
		return nil, err
	}
	if marks == nil {
		return start, nil
	}
	m, err := marks.DrainMark(ctx, spool)
	if err != nil {
		return nil, fmt.Errorf("reading how far the last drain got: %w", err)
	}
	if m.Offset <= 0 {
		return start, nil
	}
	n, err := io.CopyN(start.sum, f, m.Offset)
	if err != nil && !errors.Is(err, io.EOF) {
		return nil, err
	}
	start.off = n
	if n == m.Offset && start.mark() == m {
		return start, nil
	}
	// Not the file the mark was taken of: all of it is still to drain.
	if _, err := f.Seek(0, io.SeekStart); err != nil {
		return nil, err
	}
	return &drainCursor{sum: sha256.New()}, nil
}
