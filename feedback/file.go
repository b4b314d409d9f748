package feedback

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"time"
)

// LearnedFile is the name of the adjustments file, in the directory of the
// audit database (the state directory).
const LearnedFile = "learned.json"

// learnedVersion names the file's format.
const learnedVersion = 1

// maxLearnedBytes bounds the file: a hook call reads it on every tool call.
const maxLearnedBytes = 1 << 20

// LearnedPath returns where the adjustments for the database at dbPath
// live.
func LearnedPath(dbPath string) string {
	return filepath.Join(filepath.Dir(dbPath), LearnedFile)
}

// learned is the file's JSON form.
type learned struct {
	Version int            `json:"version"`
	Updated time.Time      `json:"updated"`
	Rules   map[string]int `json:"rules"`
}

// SaveLearned writes the adjustments (rule id → points) to path, replacing
// the file atomically (a reader sees the old file or the new one, never a
// part), with mode 0600.
func SaveLearned(path string, adj map[string]int, now time.Time) error {
	if adj == nil {
		adj = map[string]int{}
	}
	data, err := json.MarshalIndent(learned{Version: learnedVersion, Updated: now.UTC().Truncate(time.Second), Rules: adj}, "", "  ")
	if err != nil {
		return fmt.Errorf("saving learned adjustments: %w", err)
	}
	if err := os.MkdirAll(filepath.Dir(path), 0o700); err != nil {
		return fmt.Errorf("saving learned adjustments: %w", err)
	}
	f, err := os.CreateTemp(filepath.Dir(path), ".learned-*.json")
	if err != nil {
		return fmt.Errorf("saving learned adjustments: %w", err)
	}
	_, werr := f.Write(append(data, '\n'))
	if err := errors.Join(werr, f.Sync(), f.Close()); err != nil {
		os.Remove(f.Name())
		return fmt.Errorf("saving learned adjustments: %w", err)
	}
	if err := os.Rename(f.Name(), path); err != nil {
		os.Remove(f.Name())
		return fmt.Errorf("saving learned adjustments: %w", err)
	}
	return nil
}

// LoadLearned reads the adjustments at path. A missing file is no
// adjustments and no error; a file that cannot be read or is not what
// SaveLearned writes is no adjustments and an error saying why, for the
// caller to report or ignore. It reads one small file and nothing else.
func LoadLearned(path string) (map[string]int, error) {
	f, err := os.Open(path)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("reading learned adjustments: %w", err)
	}
	defer f.Close()
	data, err := io.ReadAll(io.LimitReader(f, maxLearnedBytes+1))
	if err != nil {
		return nil, fmt.Errorf("reading learned adjustments: %w", err)
	}
	if len(data) > maxLearnedBytes {
		return nil, fmt.Errorf("reading learned adjustments: %s is larger than %d KiB", path, maxLearnedBytes>>10)
	}
	var l learned
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&l); err != nil {
		return nil, fmt.Errorf("reading learned adjustments: %s: %v", path, err)
	}
	if l.Version != learnedVersion {
		return nil, fmt.Errorf("reading learned adjustments: %s has version %d, want %d", path, l.Version, learnedVersion)
	}
	return l.Rules, nil
}
