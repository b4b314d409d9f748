package undo

import (
	"bytes"
	"context"
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/actionguard/actionguard/internal/atomicfile"
	"github.com/actionguard/actionguard/internal/lockfile"
)

// Defaults of Options.
const (
	DefaultBuffer    = 60 * time.Second   // seed 002's undoBufferSeconds
	DefaultRetention = 7 * 24 * time.Hour // how long a batch is kept
	DefaultMaxCopy   = 1 << 30            // bytes a put copies to another file system
)

// Limits that keep every operation bounded.
const (
	maxItems        = 200_000  // paths in one batch
	maxManifest     = 64 << 20 // bytes of a manifest read back
	maxSizeEntries  = 20_000   // entries walked to size a same-file-system item
	maxCopyEntries  = 200_000  // entries copied to another file system
	purgePerPut     = 8        // expired batches a put removes
	recoverPerPut   = 4        // newest batches a put checks for crash debris
	manifestName    = "manifest.json"
	manifestVersion = 1
	lockName        = ".lock"
	itemsDir        = "items"
	partialSuffix   = ".partial"
	idTimeLayout    = "20060102-150405.000"
)

// Kind is what an item is.
type Kind string

// The kinds of items.
const (
	KindFile    Kind = "file"
	KindDir     Kind = "dir"
	KindSymlink Kind = "symlink"
	KindOther   Kind = "other" // a named pipe, a device, a socket
)

// Source says what put a batch in the trash.
type Source string

// The sources of batches.
const (
	SourceRm       Source = "rm"        // a rewritten rm (or Put)
	SourceGitClean Source = "git-clean" // what git clean would have removed
	SourceRestore  Source = "restore"   // what a forced restore displaced
)

// Options configure a Trash.
type Options struct {
	// Buffer is how long after a deletion Undo brings it back
	// (default DefaultBuffer).
	Buffer time.Duration
	// Retention is how long a batch is kept (default DefaultRetention);
	// Put removes a few expired batches each time.
	Retention time.Duration
	// MaxCopy is the most bytes Put copies when a path is on another file
	// system than the trash (default DefaultMaxCopy); a larger path is
	// refused (RefusedError) and rm handles it.
	MaxCopy int64
	// Now is the clock (default time.Now).
	Now func() time.Time
}

// Trash is actionguard's trash in a state directory. It is safe for
// concurrent use, and by many processes at once.
type Trash struct {
	dir  string // <state dir>/trash
	opts Options

	// failpoint, in tests, stops an operation at a named step as if the
	// process had been killed there (no clean-up runs).
	failpoint func(step string) bool
	// forceCopy, in tests, copies as if the trash were on another file
	// system.
	forceCopy bool
}

// Batch is one operation's files in the trash.
type Batch struct {
	ID      string    `json:"id"` // time-sortable: 20060102-150405.000-xxxx (UTC)
	Time    time.Time `json:"time"`
	Cwd     string    `json:"cwd"`
	Command string    `json:"command,omitempty"` // the command it replaced
	Source  Source    `json:"source"`
	Items   []Item    `json:"items"`
	// Problem is set (and Items empty) when the batch's manifest cannot be
	// read; its directory is left as it is for a person to look at.
	Problem string `json:"problem,omitempty"`
}

// Item is one path of a batch.
type Item struct {
	Path   string `json:"path"`   // the original absolute path
	Stored string `json:"stored"` // where it is kept, relative to the batch's directory
	Kind   Kind   `json:"kind"`
	Size   int64  `json:"size"` // bytes of regular files, a directory's in all
	// SizeIncomplete: the directory was too large to measure whole; Size
	// is a lower bound.
	SizeIncomplete bool `json:"size_incomplete,omitempty"`
}

// Size is the bytes a batch holds.
func (b *Batch) Size() int64 {
	var n int64
	for _, it := range b.Items {
		n += it.Size
	}
	return n
}

// manifest is a batch's file.
type manifest struct {
	Version int `json:"version"`
	Batch
}

// Open returns the trash in the state directory dir (the directory of the
// audit database): dir/trash. Nothing is created until something is put.
func Open(dir string, opts Options) (*Trash, error) {
	if dir == "" {
		return nil, errors.New("opening the trash: no state directory (set ACTIONGUARD_STATE_DIR or --db)")
	}
	abs, err := filepath.Abs(dir)
	if err != nil {
		return nil, fmt.Errorf("opening the trash: %w", err)
	}
	if opts.Buffer <= 0 {
		opts.Buffer = DefaultBuffer
	}
	if opts.Retention <= 0 {
		opts.Retention = DefaultRetention
	}
	if opts.MaxCopy <= 0 {
		opts.MaxCopy = DefaultMaxCopy
	}
	if opts.Now == nil {
		opts.Now = time.Now
	}
	return &Trash{dir: filepath.Join(abs, "trash"), opts: opts}, nil
}

// Dir is the trash's directory.
func (t *Trash) Dir() string { return t.dir }

// Buffer is how long after a deletion Undo brings it back.
func (t *Trash) Buffer() time.Duration { return t.opts.Buffer }

// BatchDir is the directory that holds a batch.
func (t *Trash) BatchDir(id string) string { return filepath.Join(t.dir, id) }

func (t *Trash) crash(step string) bool { return t.failpoint != nil && t.failpoint(step) }

// errCrashed is what an operation stopped by a failpoint returns.
var errCrashed = errors.New("stopped by a failpoint")

// ErrEmpty means the trash holds nothing to restore.
var ErrEmpty = errors.New("the trash is empty: nothing to restore")

// NotFoundError means no kept batch has the id asked for.
type NotFoundError struct{ ID string }

func (e *NotFoundError) Error() string {
	return fmt.Sprintf("no batch %q in the trash; run 'actionguard trash list' to see the ids", e.ID)
}

// lock takes the trash's lock (exclusive or shared), creating the
// trash directory; it waits until ctx is done.
func (t *Trash) lock(ctx context.Context, exclusive bool) (unlock func(), err error) {
	if err := os.MkdirAll(t.dir, 0o700); err != nil {
		return nil, fmt.Errorf("creating the trash: %w", err)
	}
	f, err := os.OpenFile(filepath.Join(t.dir, lockName), os.O_RDWR|os.O_CREATE, 0o600)
	if err != nil {
		return nil, fmt.Errorf("opening the trash's lock: %w", err)
	}
	wait := time.Millisecond
	for {
		try := lockfile.TryShared
		if exclusive {
			try = lockfile.TryExclusive
		}
		err := try(f)
		if err == nil {
			return func() {
				lockfile.Unlock(f)
				f.Close()
			}, nil
		}
		if !errors.Is(err, lockfile.ErrWouldBlock) {
			f.Close()
			return nil, fmt.Errorf("locking the trash: %w", err)
		}
		select {
		case <-ctx.Done():
			f.Close()
			return nil, fmt.Errorf("waiting for the trash's lock (another actionguard is using it): %w", ctx.Err())
		case <-time.After(wait):
		}
		wait = min(wait*2, 50*time.Millisecond)
	}
}

// newID makes a batch id from a time: it sorts by time, and its random
// tail keeps two batches of the same millisecond apart.
func newID(now time.Time) string {
	var b [2]byte
	rand.Read(b[:])
	return now.UTC().Format(idTimeLayout) + "-" + hex.EncodeToString(b[:])
}

// idTime is the time an id was made at.
func idTime(id string) (time.Time, bool) {
	if !validID(id) {
		return time.Time{}, false
	}
	tm, err := time.Parse(idTimeLayout, id[:len(idTimeLayout)])
	return tm, err == nil
}

// validID reports whether s has the shape of a batch id; it is also what
// keeps an id given on the command line from naming another directory.
func validID(s string) bool {
	if len(s) != len(idTimeLayout)+5 {
		return false
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case i == 8 || i == len(idTimeLayout):
			if c != '-' {
				return false
			}
		case i == 15:
			if c != '.' {
				return false
			}
		case i > len(idTimeLayout):
			if !('0' <= c && c <= '9' || 'a' <= c && c <= 'f') {
				return false
			}
		default:
			if c < '0' || c > '9' {
				return false
			}
		}
	}
	return true
}

// batchIDs lists the ids of the batches in the trash, oldest first.
func (t *Trash) batchIDs() ([]string, error) {
	ents, err := os.ReadDir(t.dir)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("reading the trash: %w", err)
	}
	var ids []string
	for _, e := range ents {
		if e.IsDir() && validID(e.Name()) {
			ids = append(ids, e.Name())
		}
	}
	slices.Sort(ids)
	return ids, nil
}

// writeManifest writes a batch's manifest atomically.
func (t *Trash) writeManifest(b *Batch) error {
	data, err := json.MarshalIndent(manifest{Version: manifestVersion, Batch: *b}, "", "  ")
	if err != nil {
		return err
	}
	return atomicfile.Write(filepath.Join(t.BatchDir(b.ID), manifestName), append(data, '\n'), 0o600)
}

// readManifest reads a batch's manifest; fs.ErrNotExist when there is none.
func (t *Trash) readManifest(id string) (*Batch, error) {
	f, err := os.Open(filepath.Join(t.BatchDir(id), manifestName))
	if err != nil {
		return nil, err
	}
	defer f.Close()
	data, err := io.ReadAll(io.LimitReader(f, maxManifest+1))
	if err != nil {
		return nil, err
	}
	return decodeManifest(id, data)
}

// decodeManifest parses and checks a manifest: every stored path must stay
// inside the batch's items and every original path must be absolute, so a
// damaged or forged file cannot make a restore touch anything else.
func decodeManifest(id string, data []byte) (*Batch, error) {
	if len(data) > maxManifest {
		return nil, fmt.Errorf("manifest larger than %d MiB", maxManifest>>20)
	}
	var m manifest
	dec := json.NewDecoder(bytes.NewReader(data))
	if err := dec.Decode(&m); err != nil {
		return nil, fmt.Errorf("manifest: %w", err)
	}
	if m.Version != manifestVersion {
		return nil, fmt.Errorf("manifest version %d (this actionguard reads %d)", m.Version, manifestVersion)
	}
	if m.ID != id {
		return nil, fmt.Errorf("manifest of batch %q in the directory of %q", m.ID, id)
	}
	if len(m.Items) > maxItems {
		return nil, fmt.Errorf("manifest lists %d items (at most %d)", len(m.Items), maxItems)
	}
	for i, it := range m.Items {
		if !filepath.IsAbs(it.Path) || filepath.Clean(it.Path) != it.Path || it.Path == "/" {
			return nil, fmt.Errorf("item %d: path %q is not a clean absolute path", i, it.Path)
		}
		if !validStored(it.Stored) {
			return nil, fmt.Errorf("item %d: stored path %q is not items/<n>/<name>", i, it.Stored)
		}
	}
	b := m.Batch
	return &b, nil
}

// validStored reports whether a stored path is items/<n>/<name>.
func validStored(s string) bool {
	rest, ok := strings.CutPrefix(s, itemsDir+"/")
	if !ok {
		return false
	}
	n, name, ok := strings.Cut(rest, "/")
	if !ok || n == "" || name == "" || name == "." || name == ".." || strings.Contains(name, "/") || strings.ContainsRune(name, 0) {
		return false
	}
	_, err := strconv.ParseUint(n, 10, 32)
	return err == nil && path.Clean(s) == s
}

// load reads a batch and keeps the items it holds: an item is in the trash
// exactly when its stored path exists.
func (t *Trash) load(id string) (*Batch, error) {
	b, err := t.readManifest(id)
	if err != nil {
		return nil, err
	}
	held := b.Items[:0]
	for _, it := range b.Items {
		if _, err := os.Lstat(filepath.Join(t.BatchDir(id), it.Stored)); err == nil {
			held = append(held, it)
		}
	}
	b.Items = held
	return b, nil
}

// loadForList is load for List: a batch whose manifest cannot be read is
// reported with its Problem rather than dropped.
func (t *Trash) loadForList(id string) (*Batch, bool) {
	b, err := t.load(id)
	if err == nil {
		return b, len(b.Items) > 0
	}
	tm, _ := idTime(id)
	if errors.Is(err, fs.ErrNotExist) {
		// A batch directory without a manifest: a put that was stopped
		// before it moved anything; nothing to show unless it holds files.
		if t.holdsFiles(id) {
			return &Batch{ID: id, Time: tm, Problem: "no manifest: look in " + t.BatchDir(id)}, true
		}
		return nil, false
	}
	return &Batch{ID: id, Time: tm, Problem: err.Error() + ": look in " + t.BatchDir(id)}, true
}

// holdsFiles reports whether a batch's items directory has anything that
// is not a directory (bounded: it stops at the first).
func (t *Trash) holdsFiles(id string) bool {
	found := false
	filepath.WalkDir(filepath.Join(t.BatchDir(id), itemsDir), func(_ string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() {
			found = true
			return fs.SkipAll
		}
		return nil
	})
	return found
}

// List returns the batches in the trash, newest first. Only the items a
// batch still holds are listed, and a batch that holds none is left out.
func (t *Trash) List(ctx context.Context) ([]Batch, error) {
	if _, err := os.Stat(t.dir); errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	unlock, err := t.lock(ctx, false)
	if err != nil {
		return nil, err
	}
	defer unlock()
	ids, err := t.batchIDs()
	if err != nil {
		return nil, err
	}
	var out []Batch
	for i := len(ids) - 1; i >= 0; i-- {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		if b, ok := t.loadForList(ids[i]); ok {
			out = append(out, *b)
		}
	}
	slices.SortStableFunc(out, func(a, b Batch) int { return b.Time.Compare(a.Time) })
	return out, nil
}

// latest returns the newest batch that holds items (the lock is held).
func (t *Trash) latest() (*Batch, error) {
	ids, err := t.batchIDs()
	if err != nil {
		return nil, err
	}
	for i := len(ids) - 1; i >= 0; i-- {
		b, err := t.load(ids[i])
		if err != nil {
			continue // a damaged batch is listed, never restored blindly
		}
		if len(b.Items) > 0 {
			return b, nil
		}
	}
	return nil, ErrEmpty
}

// EmptyResult is what Empty and Purge removed.
type EmptyResult struct {
	Batches int   `json:"batches"`
	Bytes   int64 `json:"bytes"`
}

// Empty removes the batches older than olderThan (0: all of them).
func (t *Trash) Empty(ctx context.Context, olderThan time.Duration) (EmptyResult, error) {
	if _, err := os.Stat(t.dir); errors.Is(err, fs.ErrNotExist) {
		return EmptyResult{}, nil
	}
	unlock, err := t.lock(ctx, true)
	if err != nil {
		return EmptyResult{}, err
	}
	defer unlock()
	t.recoverDebris(-1)
	return t.removeOlder(ctx, olderThan, -1)
}

// Purge removes the batches older than the retention.
func (t *Trash) Purge(ctx context.Context) (EmptyResult, error) {
	return t.Empty(ctx, t.opts.Retention)
}

// removeOlder removes up to limit (-1: all) batches older than olderThan,
// oldest first; the lock is held. A batch is first renamed out of the list,
// so a crash in the middle of removing it never shows half a batch.
func (t *Trash) removeOlder(ctx context.Context, olderThan time.Duration, limit int) (EmptyResult, error) {
	var res EmptyResult
	ids, err := t.batchIDs()
	if err != nil {
		return res, err
	}
	cut := t.opts.Now().Add(-olderThan)
	for _, id := range ids {
		if limit >= 0 && res.Batches >= limit {
			break
		}
		if err := ctx.Err(); err != nil {
			return res, err
		}
		tm := t.batchTime(id)
		if olderThan > 0 && !tm.Before(cut) {
			break // ids sort by time: the rest are newer
		}
		if b, err := t.load(id); err == nil {
			res.Bytes += b.Size()
		}
		if err := t.discard(id); err != nil {
			return res, fmt.Errorf("removing batch %s: %w", id, err)
		}
		res.Batches++
	}
	return res, nil
}

// batchTime is a batch's time: its id's, which the manifest repeats.
func (t *Trash) batchTime(id string) time.Time {
	tm, _ := idTime(id)
	return tm
}

// discard removes a batch's directory: renamed aside first, then removed.
func (t *Trash) discard(id string) error {
	aside := filepath.Join(t.dir, "."+id+".gone")
	if err := os.Rename(t.BatchDir(id), aside); err != nil {
		return err
	}
	if t.crash("discard:renamed") {
		return errCrashed
	}
	return os.RemoveAll(aside)
}

// recoverDebris clears what a killed process left (the lock is held): the
// directories of discarded batches, temporary manifests, partial copies,
// and batches that hold nothing. It looks at the newest limit batches
// (-1: all).
func (t *Trash) recoverDebris(limit int) {
	ents, err := os.ReadDir(t.dir)
	if err != nil {
		return
	}
	for _, e := range ents {
		name := e.Name()
		if e.IsDir() && strings.HasPrefix(name, ".") && strings.HasSuffix(name, ".gone") {
			os.RemoveAll(filepath.Join(t.dir, name))
		}
	}
	ids, err := t.batchIDs()
	if err != nil {
		return
	}
	if limit >= 0 && len(ids) > limit {
		ids = ids[len(ids)-limit:]
	}
	for _, id := range ids {
		t.recoverBatch(id)
	}
}

// recoverBatch clears one batch's debris (the lock is held).
func (t *Trash) recoverBatch(id string) {
	dir := t.BatchDir(id)
	if ents, err := os.ReadDir(dir); err == nil {
		for _, e := range ents {
			if strings.HasPrefix(e.Name(), "."+manifestName+".") {
				os.Remove(filepath.Join(dir, e.Name()))
			}
		}
	}
	if ents, err := os.ReadDir(filepath.Join(dir, itemsDir)); err == nil {
		for _, e := range ents {
			if strings.HasSuffix(e.Name(), partialSuffix) {
				// A copy that never completed: the original is where it was.
				os.RemoveAll(filepath.Join(dir, itemsDir, e.Name()))
			}
		}
	}
	b, err := t.load(id)
	switch {
	case err == nil && len(b.Items) == 0:
		t.discard(id)
	case errors.Is(err, fs.ErrNotExist) && !t.holdsFiles(id):
		t.discard(id)
	}
}
