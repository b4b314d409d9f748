package undo

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"time"
)

// ExpiredError is Undo's answer when the last deletion is older than the
// undo buffer: the batch is still kept, and Restore brings it back.
type ExpiredError struct {
	Batch  Batch
	Age    time.Duration
	Buffer time.Duration
}

func (e *ExpiredError) Error() string {
	return fmt.Sprintf("the last deletion was %s ago, beyond the %s undo buffer; use `actionguard trash restore %s`",
		HumanDuration(e.Age), bufferText(e.Buffer), e.Batch.ID)
}

// ConflictError is Restore's refusal to overwrite: the paths exist again.
type ConflictError struct {
	ID    string
	Paths []string
}

func (e *ConflictError) Error() string {
	shown := e.Paths
	more := ""
	if len(shown) > 3 {
		shown, more = shown[:3], fmt.Sprintf(" and %d more", len(e.Paths)-3)
	}
	verb, them := "exists", "it"
	if len(e.Paths) > 1 {
		verb, them = "exist", "them"
	}
	return fmt.Sprintf("not restored: %s%s %s again; move %s away, or run `actionguard trash restore %s --force` (what is there now goes to the trash)",
		strings.Join(shown, ", "), more, verb, them, e.ID)
}

// Undo restores the most recent batch when it is within the undo buffer;
// otherwise it returns an *ExpiredError (ErrEmpty when the trash holds
// nothing, a *ConflictError when a path exists again).
func (t *Trash) Undo(ctx context.Context) (*Batch, error) {
	unlock, err := t.lock(ctx, true)
	if err != nil {
		return nil, err
	}
	defer unlock()
	t.recoverDebris(-1)
	b, err := t.latest()
	if err != nil {
		return nil, err
	}
	if age := t.opts.Now().Sub(b.Time); age > t.opts.Buffer {
		return nil, &ExpiredError{Batch: *b, Age: age, Buffer: t.opts.Buffer}
	}
	return t.restore(ctx, b, false)
}

// Restore brings back a kept batch ("" or "latest": the newest; an id or a
// unique prefix of one). It never overwrites a path that exists again
// (*ConflictError) unless force, which first moves what is there into a new
// batch, so that even a forced restore can be undone. Missing parent
// directories are created.
func (t *Trash) Restore(ctx context.Context, id string, force bool) (*Batch, error) {
	unlock, err := t.lock(ctx, true)
	if err != nil {
		return nil, err
	}
	defer unlock()
	t.recoverDebris(-1)
	var b *Batch
	if id == "" || id == "latest" {
		b, err = t.latest()
	} else {
		b, err = t.find(id)
	}
	if err != nil {
		return nil, err
	}
	return t.restore(ctx, b, force)
}

// find loads the batch an id or a unique prefix of one names.
func (t *Trash) find(id string) (*Batch, error) {
	ids, err := t.batchIDs()
	if err != nil {
		return nil, err
	}
	var match []string
	for _, x := range ids {
		if x == id {
			match = []string{x}
			break
		}
		if strings.HasPrefix(x, id) {
			match = append(match, x)
		}
	}
	switch {
	case len(match) == 0:
		return nil, &NotFoundError{ID: id}
	case len(match) > 1:
		return nil, fmt.Errorf("%q names %d batches (%s, …); give more of the id", id, len(match), match[0])
	}
	b, err := t.load(match[0])
	if err != nil {
		return nil, fmt.Errorf("batch %s: %w; its files are in %s", match[0], err, t.BatchDir(match[0]))
	}
	if len(b.Items) == 0 {
		return nil, &NotFoundError{ID: id}
	}
	return b, nil
}

// restore moves a batch's items back (the lock is held).
func (t *Trash) restore(ctx context.Context, b *Batch, force bool) (*Batch, error) {
	conflicts := t.conflicts(b)
	if len(conflicts) > 0 {
		if !force {
			return nil, &ConflictError{ID: b.ID, Paths: conflicts}
		}
		c := putConfig{source: SourceRestore, command: "actionguard trash restore --force " + b.ID, allowOutside: true, noPurge: true}
		plan, err := t.plan("/", conflicts, &c)
		if err != nil {
			return nil, err
		}
		for _, p := range plan {
			if p.refused != nil {
				return nil, fmt.Errorf("not restored: %s is in the way and %s; move it away by hand", p.arg, p.refused.Reason)
			}
		}
		if _, err := t.putPlanned(ctx, "/", plan, &c); err != nil && !errors.Is(err, fs.ErrNotExist) {
			return nil, fmt.Errorf("moving what is in the way to the trash: %w", err)
		}
	}
	dir := t.BatchDir(b.ID)
	var errs []error
	restored := b.Items[:0:0]
	// Parents before what was inside them (`rm -r d/x d` holds both).
	items := slices.Clone(b.Items)
	slices.SortStableFunc(items, func(x, y Item) int {
		return strings.Count(x.Path, "/") - strings.Count(y.Path, "/")
	})
	for i, it := range items {
		if err := ctx.Err(); err != nil {
			errs = append(errs, err)
			break
		}
		if err := moveOut(filepath.Join(dir, it.Stored), it.Path); err != nil {
			errs = append(errs, fmt.Errorf("restoring %s: %w", it.Path, err))
			continue
		}
		restored = append(restored, it)
		if t.crash("restore:" + strconv.Itoa(i)) {
			return nil, errCrashed
		}
	}
	out := *b
	out.Items = restored
	if len(errs) > 0 {
		return &out, fmt.Errorf("%w; the rest stays in batch %s", errors.Join(errs...), b.ID)
	}
	if err := t.discard(b.ID); err != nil {
		return &out, fmt.Errorf("restored, but removing the emptied batch: %w", err)
	}
	return &out, nil
}

// conflicts lists what is in the way of a batch's items: a path that exists
// again, or a file where a parent directory should be.
func (t *Trash) conflicts(b *Batch) []string {
	var out []string
	seen := map[string]bool{}
	for _, it := range b.Items {
		if _, err := os.Lstat(it.Path); err == nil {
			if !seen[it.Path] {
				seen[it.Path] = true
				out = append(out, it.Path)
			}
			continue
		}
		for d := filepath.Dir(it.Path); d != filepath.Dir(d); d = filepath.Dir(d) {
			fi, err := os.Lstat(d)
			if err != nil {
				continue
			}
			if !fi.IsDir() && !(fi.Mode()&fs.ModeSymlink != 0 && isDirLink(d)) && !seen[d] {
				seen[d] = true
				out = append(out, d)
			}
			break
		}
	}
	return out
}

func isDirLink(p string) bool {
	fi, err := os.Stat(p)
	return err == nil && fi.IsDir()
}

// moveOut moves a stored item back to its path, creating the parent
// directories: a rename, or across file systems a copy beside the target
// renamed into place, then the stored copy removed.
func moveOut(stored, target string) error {
	if err := os.MkdirAll(filepath.Dir(target), 0o777); err != nil {
		return err
	}
	if _, err := os.Lstat(target); err == nil {
		return &fs.PathError{Op: "restore", Path: target, Err: fs.ErrExist}
	}
	err := os.Rename(stored, target)
	if err == nil || !isCrossDevice(err) {
		return err
	}
	var r [4]byte
	rand.Read(r[:])
	tmp := filepath.Join(filepath.Dir(target), "."+filepath.Base(target)+".actionguard-restore-"+hex.EncodeToString(r[:]))
	if err := copyTree(stored, tmp); err != nil {
		os.RemoveAll(tmp)
		return err
	}
	if err := os.Rename(tmp, target); err != nil {
		os.RemoveAll(tmp)
		return err
	}
	return os.RemoveAll(stored)
}

// HumanDuration says a duration the way a person would: "45 seconds",
// "5 minutes", "3 hours", "2 days".
func HumanDuration(d time.Duration) string {
	unit := func(n int64, what string) string {
		if n == 1 {
			return "1 " + what
		}
		return strconv.FormatInt(n, 10) + " " + what + "s"
	}
	switch {
	case d < 0:
		d = 0
		fallthrough
	case d < 2*time.Minute:
		return unit(int64(d/time.Second), "second")
	case d < 2*time.Hour:
		return unit(int64(d/time.Minute), "minute")
	case d < 48*time.Hour:
		return unit(int64(d/time.Hour), "hour")
	}
	return unit(int64(d/(24*time.Hour)), "day")
}

// bufferText says the undo buffer: "60-second", "2-minute".
func bufferText(d time.Duration) string {
	if d%time.Minute == 0 && d >= 2*time.Minute {
		return strconv.FormatInt(int64(d/time.Minute), 10) + "-minute"
	}
	return strconv.FormatInt(int64(d.Round(time.Second)/time.Second), 10) + "-second"
}
