package audit

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"sync"
	"time"
)

// Checkpoint is the end of the chain at a moment, kept where the log's
// own database cannot change it: a file in actionguard's configuration
// directory, or a PostgreSQL table of its own. Verify checks the log
// against every checkpoint: a record that is no longer the one
// checkpointed shows that the log was rewritten, a log that ends before
// the latest checkpoint that its newest records were removed.
type Checkpoint struct {
	Seq  int64     `json:"seq"`
	Hash string    `json:"hash"`
	Time time.Time `json:"time"`
	// KeyedFrom is the Seq of the log's first keyed record, when this
	// checkpoint was taken where the log became keyed; 0 otherwise.
	KeyedFrom int64 `json:"keyed_from,omitempty"`
	// Log names the log the checkpoint is of (a database file's path), when
	// several logs share the place checkpoints are kept.
	Log string `json:"log,omitempty"`
}

// Checkpoints is where a log's checkpoints are kept. A Storage that knows
// where (store.SQLite, the PostgreSQL store) returns it from
// AuditCheckpoints; WithCheckpoints sets it.
type Checkpoints interface {
	// SaveCheckpoint adds a checkpoint.
	SaveCheckpoint(ctx context.Context, c Checkpoint) error
	// Checkpoints returns the log's checkpoints, oldest first.
	Checkpoints(ctx context.Context) ([]Checkpoint, error)
	// Where says where they are kept, in words for a person.
	Where() string
}

// CheckpointSource is a Storage that knows where its log's checkpoints are.
type CheckpointSource interface {
	AuditCheckpoints() Checkpoints
}

// CheckpointFile keeps checkpoints as JSON lines in a file, each naming its
// log, so that the logs of one installation can share it. The file and its
// directory are created readable by their owner only. It keeps the file
// open for appending from the first checkpoint to Close, since a log
// checkpoints after every append. A CheckpointFile is safe for concurrent
// use; build it with NewCheckpointFile.
type CheckpointFile struct {
	path string
	log  string
	mu   sync.Mutex
	f    *os.File // open for appending, once a checkpoint was saved
}

// NewCheckpointFile returns the checkpoints of the log named log in the
// file at path.
func NewCheckpointFile(path, log string) *CheckpointFile {
	return &CheckpointFile{path: path, log: log}
}

// Where returns the file's path.
func (f *CheckpointFile) Where() string { return f.path }

// SaveCheckpoint appends c, naming the log, to the file in one write.
func (f *CheckpointFile) SaveCheckpoint(_ context.Context, c Checkpoint) error {
	c.Log = f.log
	c.Time = c.Time.UTC().Truncate(time.Microsecond)
	line, err := json.Marshal(c)
	if err != nil {
		return fmt.Errorf("audit: checkpoint: %w", err)
	}
	// Newline first: a line cut off by a crash ends where the next begins.
	line = append(append([]byte{'\n'}, line...), '\n')
	f.mu.Lock()
	defer f.mu.Unlock()
	if f.f == nil {
		if err := os.MkdirAll(filepath.Dir(f.path), 0o700); err != nil {
			return fmt.Errorf("audit: checkpoint: %w", err)
		}
		if f.f, err = os.OpenFile(f.path, os.O_WRONLY|os.O_APPEND|os.O_CREATE, 0o600); err != nil {
			return fmt.Errorf("audit: checkpoint: %w", err)
		}
	}
	if _, err := f.f.Write(line); err != nil {
		// Opened again next time, in case the file was moved away.
		f.f.Close()
		f.f = nil
		return fmt.Errorf("audit: checkpoint: %w", err)
	}
	return nil
}

// Close closes the file if a checkpoint opened it.
func (f *CheckpointFile) Close() error {
	f.mu.Lock()
	defer f.mu.Unlock()
	if f.f == nil {
		return nil
	}
	err := f.f.Close()
	f.f = nil
	return err
}

// Checkpoints reads the file's checkpoints of the log, oldest first. A
// missing file has none; a line that does not read is skipped (a cut-off
// write), since it can only remove a check, never pass a log that fails
// one.
func (f *CheckpointFile) Checkpoints(context.Context) ([]Checkpoint, error) {
	fh, err := os.Open(f.path)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("audit: checkpoints: %w", err)
	}
	defer fh.Close()
	var out []Checkpoint
	rd := bufio.NewReader(fh)
	for {
		line, rerr := rd.ReadBytes('\n')
		if line = bytes.TrimSpace(line); len(line) > 0 {
			var c Checkpoint
			if json.Unmarshal(line, &c) == nil && c.Log == f.log && c.Seq > 0 {
				out = append(out, c)
			}
		}
		if rerr == io.EOF {
			return out, nil
		}
		if rerr != nil {
			return nil, fmt.Errorf("audit: checkpoints: %w", rerr)
		}
	}
}

// Checkpoint saves a checkpoint of tip (with the log's first keyed Seq,
// keyedFrom, when known) where the log keeps its checkpoints, and returns
// it. It is an error when the log has no place for checkpoints.
func (l *Log) Checkpoint(ctx context.Context, tip Tip, keyedFrom int64) (Checkpoint, error) {
	if l.cps == nil {
		return Checkpoint{}, errors.New("audit: checkpoint: this log has no place to keep checkpoints")
	}
	c := Checkpoint{Seq: tip.Seq, Hash: tip.Hash, Time: time.Now().UTC().Truncate(time.Microsecond), KeyedFrom: keyedFrom}
	if err := l.cps.SaveCheckpoint(ctx, c); err != nil {
		return Checkpoint{}, err
	}
	return c, nil
}

// CheckpointsWhere says where the log keeps its checkpoints, or "" when it
// keeps none.
func (l *Log) CheckpointsWhere() string {
	if l.cps == nil {
		return ""
	}
	return l.cps.Where()
}
