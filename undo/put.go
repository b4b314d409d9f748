package undo

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"

	"github.com/actionguard/actionguard/internal/atomicfile"
)

// PutOption changes what Put does.
type PutOption func(*putConfig)

type putConfig struct {
	workspace    string
	command      string
	source       Source
	allowOutside bool
	home         string
	homeSet      bool
	noPurge      bool // a forced restore: the batch being restored may be past its retention
}

// WithCommand records the command the put replaced.
func WithCommand(command string) PutOption {
	return func(c *putConfig) { c.command = command }
}

// WithWorkspace names the workspace the paths must be inside (default: the
// top of the git repository that holds cwd, else cwd).
func WithWorkspace(dir string) PutOption {
	return func(c *putConfig) { c.workspace = dir }
}

// AllowOutside lets Put move paths outside the workspace (still never /,
// the home directory or a directory that holds it).
func AllowOutside() PutOption {
	return func(c *putConfig) { c.allowOutside = true }
}

// WithHome sets the home directory Put protects (default: the user's).
func WithHome(dir string) PutOption {
	return func(c *putConfig) { c.home, c.homeSet = dir, true }
}

// Refusal is one path Put would not move.
type Refusal struct {
	Path   string `json:"path"`
	Reason string `json:"reason"`
	// Protected: the path is /, the home directory or a directory that
	// holds it; nothing should remove it. Otherwise the original command
	// (rm, git clean) may handle the path as it would have without the
	// trash.
	Protected bool `json:"protected"`
}

// RefusedError is Put's refusal: nothing was moved. A caller that rewrote
// a command falls back to the original command for the paths that are not
// Protected.
type RefusedError struct{ Refusals []Refusal }

func (e *RefusedError) Error() string {
	var b strings.Builder
	b.WriteString("not moved to the trash: ")
	for i, r := range e.Refusals {
		if i > 0 {
			b.WriteString("; ")
		}
		if i == 3 {
			fmt.Fprintf(&b, "and %d more", len(e.Refusals)-3)
			break
		}
		b.WriteString(r.Path + " " + r.Reason)
	}
	return b.String()
}

// planned is one path of a put, checked.
type planned struct {
	arg     string // as given
	abs     string // absolute, clean
	kind    Kind
	stats   treeStats
	copy    bool // on another file system than the trash
	missing error
	refused *Refusal
}

// plan checks the paths of a put: where each is, what it is, whether it may
// go to the trash. It moves nothing.
func (t *Trash) plan(cwd string, paths []string, c *putConfig) ([]planned, error) {
	if !filepath.IsAbs(cwd) {
		return nil, fmt.Errorf("the working directory %q is not absolute", cwd)
	}
	if len(paths) > maxItems {
		return nil, fmt.Errorf("%d paths in one put (at most %d)", len(paths), maxItems)
	}
	ws := c.workspace
	if ws == "" {
		ws = Workspace(cwd)
	}
	wsReal, err := filepath.EvalSymlinks(ws)
	if err != nil {
		return nil, fmt.Errorf("the workspace: %w", err)
	}
	home := c.home
	if !c.homeSet {
		home, _ = os.UserHomeDir()
	}
	if home != "" {
		if h, err := filepath.EvalSymlinks(home); err == nil {
			home = h
		}
	}
	trashReal := t.dir
	if tr, err := realPath(t.dir); err == nil {
		trashReal = tr
	}
	var trashDev uint64
	haveDev := false
	if fi, err := os.Stat(t.dir); err == nil {
		trashDev, haveDev = device(fi)
	}

	out := make([]planned, len(paths))
	for i, p := range paths {
		pl := &out[i]
		pl.arg = p
		refuse := func(reason string, protected bool) {
			pl.refused = &Refusal{Path: p, Reason: reason, Protected: protected}
		}
		if p == "" {
			pl.missing = &fs.PathError{Op: "remove", Path: p, Err: fs.ErrNotExist}
			continue
		}
		if isDotName(p) {
			refuse("ends in . or ..", false)
			continue
		}
		abs := p
		if !filepath.IsAbs(abs) {
			abs = filepath.Join(cwd, abs)
		}
		pl.abs = filepath.Clean(abs)
		fi, err := os.Lstat(pl.abs)
		if err != nil {
			if errors.Is(err, fs.ErrNotExist) || errors.Is(err, syscall.ENOTDIR) {
				pl.missing = &fs.PathError{Op: "remove", Path: p, Err: unwrapPathErr(err)}
			} else {
				refuse("cannot be read: "+errText(err), false)
			}
			continue
		}
		pl.kind = kindOf(fi.Mode())
		if strings.HasSuffix(p, "/") && pl.kind == KindSymlink {
			// rm acts on the directory a "link/" operand points to.
			refuse("names what a symlink points to", false)
			continue
		}
		real, err := realPath(pl.abs)
		if err != nil {
			refuse("cannot be resolved: "+errText(err), false)
			continue
		}
		switch {
		case real == "/":
			refuse("is the root directory", true)
			continue
		case home != "" && (real == home || within(home, real)):
			refuse("is the home directory or holds it", true)
			continue
		case real == trashReal || within(real, trashReal) || within(trashReal, real):
			refuse("is actionguard's trash or holds it", false)
			continue
		case !c.allowOutside && (wsReal == "/" || !within(real, wsReal)):
			refuse("is outside the workspace "+ws, false)
			continue
		}
		itemDev, _ := device(fi)
		pl.copy = t.forceCopy || (haveDev && itemDev != trashDev)
		if pl.copy {
			pl.stats, err = walkTree(pl.abs, maxCopyEntries)
			switch {
			case err != nil:
				refuse("cannot be read: "+errText(err), false)
			case !pl.stats.complete:
				refuse(fmt.Sprintf("is on another file system than the trash and has more than %d files", maxCopyEntries), false)
			case pl.stats.size > t.opts.MaxCopy:
				refuse(fmt.Sprintf("is on another file system than the trash and larger (%s) than the %s a put copies", FormatBytes(pl.stats.size), FormatBytes(t.opts.MaxCopy)), false)
			case pl.stats.special != "":
				refuse("holds "+pl.stats.special+", which cannot be copied to another file system", false)
			}
			continue
		}
		pl.stats, _ = walkTree(pl.abs, maxSizeEntries)
	}
	return out, nil
}

// isDotName reports whether a path ends in . or .., which rm refuses.
func isDotName(p string) bool {
	t := strings.TrimRight(p, "/")
	if t == "" {
		return false // the root
	}
	base := filepath.Base(t)
	return base == "." || base == ".."
}

// Workspace is the workspace of a working directory: the top of the git
// repository that holds it, else the directory itself.
func Workspace(cwd string) string {
	for d := filepath.Clean(cwd); ; d = filepath.Dir(d) {
		if _, err := os.Lstat(filepath.Join(d, ".git")); err == nil {
			return d
		}
		if d == filepath.Dir(d) {
			return filepath.Clean(cwd)
		}
	}
}

// Put moves paths (relative to cwd) into a new batch, like `rm -r`: a
// directory goes whole, a symlink goes as a link. When a path may not go
// to the trash (/, the home directory, outside the workspace, too large to
// copy to the trash's file system) nothing is moved and the error is a
// *RefusedError. A missing path is skipped and reported in the error
// (errors.Is(err, fs.ErrNotExist)) next to the batch of the others; the
// batch is nil when nothing was moved.
func (t *Trash) Put(ctx context.Context, cwd string, paths []string, opts ...PutOption) (*Batch, error) {
	c := putConfig{source: SourceRm}
	for _, o := range opts {
		o(&c)
	}
	unlock, err := t.lock(ctx, true)
	if err != nil {
		return nil, err
	}
	defer unlock()
	plan, err := t.plan(cwd, paths, &c)
	if err != nil {
		return nil, err
	}
	if err := refusals(plan); err != nil {
		return nil, err
	}
	return t.putPlanned(ctx, cwd, plan, &c)
}

// putPlanned moves the planned paths that are neither missing nor refused
// into a new batch (the lock is held), then purges a few expired batches.
// The error joins each path's failure (*fs.PathError).
func (t *Trash) putPlanned(ctx context.Context, cwd string, plan []planned, c *putConfig) (*Batch, error) {
	t.recoverDebris(recoverPerPut)
	var errs []error
	now := t.opts.Now()
	b := &Batch{Time: now.UTC(), Cwd: cwd, Command: c.command, Source: c.source}
	var moving []*planned
	for i := range plan {
		p := &plan[i]
		if p.missing != nil {
			errs = append(errs, p.missing)
			continue
		}
		if p.refused != nil {
			continue
		}
		b.Items = append(b.Items, Item{
			Path:           p.abs,
			Stored:         itemsDir + "/" + strconv.Itoa(len(b.Items)) + "/" + filepath.Base(p.abs),
			Kind:           p.kind,
			Size:           p.stats.size,
			SizeIncomplete: !p.stats.complete,
		})
		moving = append(moving, p)
	}
	if len(moving) == 0 {
		return nil, errors.Join(errs...)
	}
	if err := t.newBatchDir(b); err != nil {
		return nil, err
	}
	if t.crash("put:mkdir") {
		return nil, errCrashed
	}
	// The manifest goes first: whatever happens next, each item is either
	// at its place or under its stored path, which the manifest names.
	if err := t.writeManifest(b); err != nil {
		os.RemoveAll(t.BatchDir(b.ID))
		return nil, fmt.Errorf("writing the trash's manifest: %w", err)
	}
	if t.crash("put:manifest") {
		return nil, errCrashed
	}
	moved := b.Items[:0:0]
	for i, p := range moving {
		if err := ctx.Err(); err != nil {
			errs = append(errs, err)
			break
		}
		it := b.Items[i]
		held, err := t.moveIn(p, filepath.Join(t.BatchDir(b.ID), it.Stored), i)
		if errors.Is(err, errCrashed) {
			return nil, err
		}
		if err != nil {
			errs = append(errs, &fs.PathError{Op: "remove", Path: p.arg, Err: unwrapPathErr(err)})
		}
		if held {
			moved = append(moved, it)
		}
	}
	if len(moved) == 0 {
		t.discard(b.ID)
		return nil, errors.Join(errs...)
	}
	if len(moved) != len(b.Items) {
		// Keep the manifest exact; were this write lost, the stored paths
		// still say which items the batch holds.
		b.Items = moved
		t.writeManifest(b)
	}
	if !c.noPurge {
		t.removeOlder(ctx, t.opts.Retention, purgePerPut)
	}
	return b, errors.Join(errs...)
}

// newBatchDir creates a new batch's directory under a fresh id.
func (t *Trash) newBatchDir(b *Batch) error {
	for range 16 {
		b.ID = newID(b.Time)
		err := os.Mkdir(t.BatchDir(b.ID), 0o700)
		if err == nil {
			return os.Mkdir(filepath.Join(t.BatchDir(b.ID), itemsDir), 0o700)
		}
		if !errors.Is(err, fs.ErrExist) {
			return fmt.Errorf("creating a batch in the trash: %w", err)
		}
	}
	return errors.New("creating a batch in the trash: no free id")
}

// moveIn moves one path to its stored place: a rename on the same file
// system; otherwise a copy to <n>.partial, renamed to <n> once complete,
// then the original removed. held says whether the trash holds the item
// (it may, with an error, when the original could not be removed whole);
// n is the item's index, for failpoints.
func (t *Trash) moveIn(p *planned, stored string, n int) (held bool, err error) {
	slot := filepath.Dir(stored)
	if !p.copy {
		if err := os.Mkdir(slot, 0o700); err != nil {
			return false, err
		}
		err := os.Rename(p.abs, stored)
		if err == nil {
			if t.crash("put:moved:" + strconv.Itoa(n)) {
				return true, errCrashed
			}
			return true, nil
		}
		os.Remove(slot)
		if !isCrossDevice(err) {
			return false, err
		}
		// A mount point inside the workspace: copy after all, within bounds.
		st, werr := walkTree(p.abs, maxCopyEntries)
		if werr != nil {
			return false, werr
		}
		if !st.complete || st.size > t.opts.MaxCopy || st.special != "" {
			return false, fmt.Errorf("on another file system than the trash and too large or special to copy: %w", err)
		}
	}
	partial := slot + partialSuffix
	if err := os.Mkdir(partial, 0o700); err != nil {
		return false, err
	}
	if err := copyTree(p.abs, filepath.Join(partial, filepath.Base(stored))); err != nil {
		os.RemoveAll(partial)
		return false, err
	}
	if t.crash("put:copied:" + strconv.Itoa(n)) {
		return false, errCrashed
	}
	if err := os.Rename(partial, slot); err != nil {
		os.RemoveAll(partial)
		return false, err
	}
	if err := atomicfile.SyncDir(filepath.Dir(slot)); err != nil {
		return true, err
	}
	if t.crash("put:stored:" + strconv.Itoa(n)) {
		return true, errCrashed
	}
	// The copy is complete and durable; only now does the original go. If
	// its removal fails half way, the batch still holds the whole copy.
	return true, os.RemoveAll(p.abs)
}

// unwrapPathErr is the cause of a path error, for messages that name the
// user's path rather than the trash's.
func unwrapPathErr(err error) error {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return pe.Err
	}
	var le *os.LinkError
	if errors.As(err, &le) {
		return le.Err
	}
	return err
}

// errText is an error's cause in words, without the path.
func errText(err error) string { return unwrapPathErr(err).Error() }

// FormatBytes says a size in binary units: "512 B", "1.5 MiB".
func FormatBytes(n int64) string {
	const unit = 1024
	if n < unit {
		return strconv.FormatInt(n, 10) + " B"
	}
	div, exp := int64(unit), 0
	for m := n / unit; m >= unit && exp < 5; m /= unit {
		div *= unit
		exp++
	}
	return strconv.FormatFloat(float64(n)/float64(div), 'f', 1, 64) + " " + string("KMGTPE"[exp]) + "iB"
}

// refusals is the error naming the planned paths that were refused, or nil.
func refusals(plan []planned) error {
	var refused []Refusal
	for _, p := range plan {
		if p.refused != nil {
			refused = append(refused, *p.refused)
		}
	}
	if len(refused) > 0 {
		return &RefusedError{Refusals: refused}
	}
	return nil
}
