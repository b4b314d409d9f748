package undo

import (
	"context"
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"
)

// clock is a settable clock for the trash.
type clock struct {
	mu  sync.Mutex
	now time.Time
}

func (c *clock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.now
}

func (c *clock) Advance(d time.Duration) {
	c.mu.Lock()
	c.now = c.now.Add(d)
	c.mu.Unlock()
}

// fixture is a workspace, a home directory and a trash in a state
// directory, all in temporary directories.
type fixture struct {
	ws, home, state string
	clock           *clock
	trash           *Trash
}

func newFixture(t *testing.T) *fixture {
	t.Helper()
	root := t.TempDir()
	f := &fixture{
		ws:    filepath.Join(root, "home", "u", "app"),
		home:  filepath.Join(root, "home", "u"),
		state: filepath.Join(root, "home", "u", ".local", "state", "actionguard"),
		clock: &clock{now: time.Date(2026, 3, 1, 12, 0, 0, 0, time.UTC)},
	}
	mkdirs(t, f.ws, f.state)
	t.Setenv("HOME", f.home)
	tr, err := Open(f.state, Options{Now: f.clock.Now})
	if err != nil {
		t.Fatal(err)
	}
	f.trash = tr
	return f
}

func mkdirs(t *testing.T, dirs ...string) {
	t.Helper()
	for _, d := range dirs {
		if err := os.MkdirAll(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
}

// write creates files (name → content) under dir, with their parents.
func write(t *testing.T, dir string, files map[string]string) {
	t.Helper()
	for name, content := range files {
		p := filepath.Join(dir, name)
		mkdirs(t, filepath.Dir(p))
		if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// snapshot reads a tree: relative path → content ("<dir>", "-> target").
func snapshot(t *testing.T, dir string) map[string]string {
	t.Helper()
	out := map[string]string{}
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(dir, p)
		switch {
		case d.Type()&fs.ModeSymlink != 0:
			l, _ := os.Readlink(p)
			out[rel] = "-> " + l
		case d.IsDir():
			out[rel] = "<dir>"
		default:
			b, err := os.ReadFile(p)
			if err != nil {
				return err
			}
			out[rel] = string(b)
		}
		return nil
	})
	if err != nil && !errors.Is(err, fs.ErrNotExist) {
		t.Fatal(err)
	}
	return out
}

func exists(p string) bool {
	_, err := os.Lstat(p)
	return err == nil
}

func equalMaps(a, b map[string]string) bool {
	if len(a) != len(b) {
		return false
	}
	for k, v := range a {
		if w, ok := b[k]; !ok || w != v {
			return false
		}
	}
	return true
}

func TestPutUndoRoundTrip(t *testing.T) {
	f := newFixture(t)
	ctx := context.Background()
	write(t, f.ws, map[string]string{"build/a.o": "a", "build/sub/b.o": "bb", "notes.txt": "hello", "keep.txt": "k"})
	if err := os.Symlink("/etc/passwd", filepath.Join(f.ws, "link")); err != nil {
		t.Fatal(err)
	}
	if err := os.Chmod(filepath.Join(f.ws, "notes.txt"), 0o600); err != nil {
		t.Fatal(err)
	}
	before := snapshot(t, f.ws)

	b, err := f.trash.Put(ctx, f.ws, []string{"build", "notes.txt", filepath.Join(f.ws, "link")}, WithCommand("rm -rf build notes.txt link"))
	if err != nil {
		t.Fatal(err)
	}
	if len(b.Items) != 3 || b.Source != SourceRm || b.Command != "rm -rf build notes.txt link" || b.Cwd != f.ws {
		t.Fatalf("batch = %+v", b)
	}
	if got := b.Items[0]; got.Kind != KindDir || got.Size != 3 || got.Path != filepath.Join(f.ws, "build") {
		t.Errorf("item 0 = %+v", got)
	}
	if b.Items[2].Kind != KindSymlink {
		t.Errorf("the link is a %s", b.Items[2].Kind)
	}
	if got := snapshot(t, f.ws); !equalMaps(got, map[string]string{".": "<dir>", "keep.txt": "k"}) {
		t.Fatalf("workspace after put = %v", got)
	}
	if !exists("/etc/passwd") {
		t.Fatal("the symlink's target was touched")
	}

	list, err := f.trash.List(ctx)
	if err != nil || len(list) != 1 || list[0].ID != b.ID || len(list[0].Items) != 3 {
		t.Fatalf("List = %+v, %v", list, err)
	}

	f.clock.Advance(30 * time.Second)
	got, err := f.trash.Undo(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if got.ID != b.ID || len(got.Items) != 3 {
		t.Errorf("Undo = %+v", got)
	}
	if after := snapshot(t, f.ws); !equalMaps(after, before) {
		t.Fatalf("after undo:\n%v\nwant\n%v", after, before)
	}
	if fi, err := os.Stat(filepath.Join(f.ws, "notes.txt")); err != nil || fi.Mode().Perm() != 0o600 {
		t.Errorf("notes.txt mode = %v, %v", fi.Mode(), err)
	}
	if list, _ := f.trash.List(ctx); len(list) != 0 {
		t.Errorf("the trash still lists %+v", list)
	}
	if _, err := f.trash.Undo(ctx); !errors.Is(err, ErrEmpty) {
		t.Errorf("second Undo: %v, want ErrEmpty", err)
	}
}

func TestUndoBeyondBuffer(t *testing.T) {
	f := newFixture(t)
	ctx := context.Background()
	write(t, f.ws, map[string]string{"old.txt": "o"})
	b, err := f.trash.Put(ctx, f.ws, []string{"old.txt"})
	if err != nil {
		t.Fatal(err)
	}
	f.clock.Advance(5 * time.Minute)
	_, err = f.trash.Undo(ctx)
	var ee *ExpiredError
	if !errors.As(err, &ee) {
		t.Fatalf("Undo after 5 minutes: %v", err)
	}
	want := "the last deletion was 5 minutes ago, beyond the 60-second undo buffer; use `actionguard trash restore " + b.ID + "`"
	if err.Error() != want {
		t.Errorf("error:\n %s\nwant\n %s", err, want)
	}
	if exists(filepath.Join(f.ws, "old.txt")) {
		t.Fatal("an expired undo restored the file")
	}
	// Restore still brings it back, by a prefix of the id.
	if _, err := f.trash.Restore(ctx, b.ID[:17], false); err != nil {
		t.Fatal(err)
	}
	if !exists(filepath.Join(f.ws, "old.txt")) {
		t.Fatal("restore did not bring old.txt back")
	}
}

func TestRestoreNeverOverwrites(t *testing.T) {
	f := newFixture(t)
	ctx := context.Background()
	write(t, f.ws, map[string]string{"a.txt": "old", "d/x": "old x"})
	b, err := f.trash.Put(ctx, f.ws, []string{"a.txt", "d"})
	if err != nil {
		t.Fatal(err)
	}
	write(t, f.ws, map[string]string{"a.txt": "new"})
	_, err = f.trash.Restore(ctx, b.ID, false)
	var ce *ConflictError
	if !errors.As(err, &ce) || !slices.Equal(ce.Paths, []string{filepath.Join(f.ws, "a.txt")}) {
		t.Fatalf("Restore over a.txt: %v", err)
	}
	if !strings.Contains(err.Error(), "actionguard trash restore "+b.ID+" --force") {
		t.Errorf("the error does not say what to do: %v", err)
	}
	if exists(filepath.Join(f.ws, "d")) {
		t.Fatal("a refused restore restored part of the batch")
	}
	// --force: the new a.txt goes to the trash, the old comes back.
	if _, err := f.trash.Restore(ctx, b.ID, true); err != nil {
		t.Fatal(err)
	}
	if got := snapshot(t, f.ws); got["a.txt"] != "old" || got["d/x"] != "old x" {
		t.Fatalf("after a forced restore: %v", got)
	}
	list, err := f.trash.List(ctx)
	if err != nil || len(list) != 1 || list[0].Source != SourceRestore || list[0].Items[0].Path != filepath.Join(f.ws, "a.txt") {
		t.Fatalf("the displaced file is not in the trash: %+v %v", list, err)
	}
	// ... and undoing that restore's displacement brings the new one back.
	os.Remove(filepath.Join(f.ws, "a.txt"))
	if _, err := f.trash.Undo(ctx); err != nil {
		t.Fatal(err)
	}
	if got, _ := os.ReadFile(filepath.Join(f.ws, "a.txt")); string(got) != "new" {
		t.Errorf("a.txt = %q", got)
	}
}

func TestRestoreRecreatesParentsAndNests(t *testing.T) {
	f := newFixture(t)
	ctx := context.Background()
	write(t, f.ws, map[string]string{"d/x": "x", "d/y": "y", "deep/er/f": "f"})
	// rm -r d/x d: the inner path goes first, then its directory.
	if _, err := f.trash.Put(ctx, f.ws, []string{"d/x", "d", "deep/er/f"}); err != nil {
		t.Fatal(err)
	}
	os.RemoveAll(filepath.Join(f.ws, "deep"))
	if _, err := f.trash.Undo(ctx); err != nil {
		t.Fatal(err)
	}
	if got := snapshot(t, f.ws); got["d/x"] != "x" || got["d/y"] != "y" || got["deep/er/f"] != "f" {
		t.Fatalf("after undo: %v", got)
	}
}

func TestPutRefuses(t *testing.T) {
	f := newFixture(t)
	ctx := context.Background()
	outside := t.TempDir()
	write(t, outside, map[string]string{"o.txt": "o"})
	write(t, f.ws, map[string]string{"in.txt": "i"})
	if err := os.Symlink(outside, filepath.Join(f.ws, "out")); err != nil {
		t.Fatal(err)
	}
	cases := []struct {
		path      string
		protected bool
	}{
		{"/", true},
		{f.home, true},
		{filepath.Dir(f.home), true},
		{filepath.Join(outside, "o.txt"), false},
		{"out/o.txt", false}, // through a symlink out of the workspace
		{"..", false},
		{".", false},
		{f.ws, false},    // the workspace itself
		{f.state, false}, // holds the trash (and is outside the workspace)
	}
	for _, c := range cases {
		t.Run(c.path, func(t *testing.T) {
			_, err := f.trash.Put(ctx, f.ws, []string{"in.txt", c.path})
			var re *RefusedError
			if !errors.As(err, &re) || len(re.Refusals) != 1 || re.Refusals[0].Protected != c.protected {
				t.Fatalf("Put(%s) = %v", c.path, err)
			}
			if !exists(filepath.Join(f.ws, "in.txt")) {
				t.Fatal("a refused put moved the other path")
			}
		})
	}
	// AllowOutside takes the outside file, never the home directory.
	if _, err := f.trash.Put(ctx, f.ws, []string{filepath.Join(outside, "o.txt")}, AllowOutside()); err != nil {
		t.Fatal(err)
	}
	if _, err := f.trash.Put(ctx, f.ws, []string{f.home}, AllowOutside()); err == nil {
		t.Fatal("AllowOutside took the home directory")
	}
}

func TestPutMissingAndRepeated(t *testing.T) {
	f := newFixture(t)
	ctx := context.Background()
	write(t, f.ws, map[string]string{"a": "a"})
	b, err := f.trash.Put(ctx, f.ws, []string{"nope", "a", "a"})
	if !errors.Is(err, fs.ErrNotExist) {
		t.Fatalf("error %v, want a missing path", err)
	}
	if b == nil || len(b.Items) != 1 {
		t.Fatalf("batch = %+v", b)
	}
	b, err = f.trash.Put(ctx, f.ws, []string{"nope"})
	if b != nil || !errors.Is(err, fs.ErrNotExist) {
		t.Fatalf("Put of a missing path = %+v, %v", b, err)
	}
	if list, _ := f.trash.List(ctx); len(list) != 1 {
		t.Fatalf("List = %+v", list)
	}
}

func TestCopyAcrossFileSystems(t *testing.T) {
	f := newFixture(t)
	f.trash.forceCopy = true
	ctx := context.Background()
	write(t, f.ws, map[string]string{"tree/a": "a", "tree/s/b": "bb", "file": "f"})
	mtime := time.Date(2020, 1, 2, 3, 4, 5, 0, time.UTC)
	os.Chtimes(filepath.Join(f.ws, "tree/a"), mtime, mtime)
	os.Chmod(filepath.Join(f.ws, "tree/a"), 0o751)
	os.Symlink("../file", filepath.Join(f.ws, "tree/s/link"))
	before := snapshot(t, f.ws)
	if _, err := f.trash.Put(ctx, f.ws, []string{"tree", "file"}); err != nil {
		t.Fatal(err)
	}
	if exists(filepath.Join(f.ws, "tree")) || exists(filepath.Join(f.ws, "file")) {
		t.Fatal("the originals are still there")
	}
	if _, err := f.trash.Undo(ctx); err != nil {
		t.Fatal(err)
	}
	if got := snapshot(t, f.ws); !equalMaps(got, before) {
		t.Fatalf("after undo %v, want %v", got, before)
	}
	fi, err := os.Stat(filepath.Join(f.ws, "tree/a"))
	if err != nil || fi.Mode().Perm() != 0o751 || !fi.ModTime().Equal(mtime) {
		t.Errorf("tree/a: %v %v %v", fi.Mode(), fi.ModTime(), err)
	}
	// Too large to copy: refused, nothing moved.
	f.trash.opts.MaxCopy = 1
	_, err = f.trash.Put(ctx, f.ws, []string{"tree"})
	var re *RefusedError
	if !errors.As(err, &re) || re.Refusals[0].Protected || !strings.Contains(err.Error(), "another file system") {
		t.Fatalf("Put of a large tree = %v", err)
	}
}

// TestRealOtherFileSystem moves between /tmp and /dev/shm when they are
// different file systems here.
func TestRealOtherFileSystem(t *testing.T) {
	f := newFixture(t)
	b, _ := os.Stat(f.state)
	db, _ := device(b)
	// The trash on another file system than the files: a memory file
	// system, or the disk when the temporary directory is the memory one.
	shm := ""
	for _, dir := range []string{"/dev/shm", "/var/tmp"} {
		d, err := os.MkdirTemp(dir, "undo-test-")
		if err != nil {
			continue
		}
		a, _ := os.Stat(d)
		if da, _ := device(a); da != db {
			shm = d
			t.Cleanup(func() { os.RemoveAll(d) })
			break
		}
		os.RemoveAll(d)
	}
	if shm == "" {
		t.Skip("neither /dev/shm nor /var/tmp is on another file system than the temporary directory")
	}
	tr, err := Open(shm, Options{})
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	write(t, f.ws, map[string]string{"x/y": "y"})
	if _, err := tr.Put(ctx, f.ws, []string{"x"}); err != nil {
		t.Fatal(err)
	}
	if exists(filepath.Join(f.ws, "x")) {
		t.Fatal("x is still there")
	}
	if _, err := tr.Undo(ctx); err != nil {
		t.Fatal(err)
	}
	if got := snapshot(t, f.ws); got["x/y"] != "y" {
		t.Fatalf("after undo: %v", got)
	}
}

func TestEmptyAndRetention(t *testing.T) {
	f := newFixture(t)
	ctx := context.Background()
	for i, name := range []string{"a", "b", "c"} {
		write(t, f.ws, map[string]string{name: strings.Repeat("x", i+1)})
		if _, err := f.trash.Put(ctx, f.ws, []string{name}); err != nil {
			t.Fatal(err)
		}
		f.clock.Advance(24 * time.Hour)
	}
	// Now: a is 3 days old, b 2, c 1.
	res, err := f.trash.Empty(ctx, 36*time.Hour)
	if err != nil || res.Batches != 2 || res.Bytes != 3 {
		t.Fatalf("Empty(36h) = %+v, %v", res, err)
	}
	list, _ := f.trash.List(ctx)
	if len(list) != 1 || filepath.Base(list[0].Items[0].Path) != "c" {
		t.Fatalf("List = %+v", list)
	}
	// Retention: a put removes what is older than 7 days.
	f.clock.Advance(7 * 24 * time.Hour)
	write(t, f.ws, map[string]string{"d": "d"})
	if _, err := f.trash.Put(ctx, f.ws, []string{"d"}); err != nil {
		t.Fatal(err)
	}
	list, _ = f.trash.List(ctx)
	if len(list) != 1 || filepath.Base(list[0].Items[0].Path) != "d" {
		t.Fatalf("after retention, List = %+v", list)
	}
	if res, err := f.trash.Empty(ctx, 0); err != nil || res.Batches != 1 {
		t.Fatalf("Empty(0) = %+v, %v", res, err)
	}
	if ents, _ := os.ReadDir(f.trash.Dir()); len(ents) != 1 || ents[0].Name() != lockName {
		t.Fatalf("the trash holds %v", ents)
	}
}

func TestListNewestFirstAndDamaged(t *testing.T) {
	f := newFixture(t)
	ctx := context.Background()
	var ids []string
	for _, name := range []string{"a", "b"} {
		write(t, f.ws, map[string]string{name: name})
		b, err := f.trash.Put(ctx, f.ws, []string{name})
		if err != nil {
			t.Fatal(err)
		}
		ids = append(ids, b.ID)
		f.clock.Advance(time.Second)
	}
	// A damaged manifest is listed with its problem, and never restored.
	if err := os.WriteFile(filepath.Join(f.trash.BatchDir(ids[0]), manifestName), []byte("{"), 0o600); err != nil {
		t.Fatal(err)
	}
	list, err := f.trash.List(ctx)
	if err != nil || len(list) != 2 || list[0].ID != ids[1] || list[1].Problem == "" {
		t.Fatalf("List = %+v, %v", list, err)
	}
	if _, err := f.trash.Restore(ctx, ids[0], false); err == nil || !strings.Contains(err.Error(), "manifest") {
		t.Fatalf("Restore of a damaged batch: %v", err)
	}
	if _, err := f.trash.Restore(ctx, "nope", false); err == nil {
		t.Fatal("Restore of an unknown id succeeded")
	}
	if _, err := f.trash.Restore(ctx, "../../etc", false); err == nil {
		t.Fatal("Restore of a path succeeded")
	}
}

func TestConcurrentPuts(t *testing.T) {
	f := newFixture(t)
	ctx := context.Background()
	const n = 16
	files := map[string]string{}
	for i := range n {
		files[string(rune('a'+i))] = "x"
	}
	write(t, f.ws, files)
	var wg sync.WaitGroup
	errs := make(chan error, n)
	for name := range files {
		wg.Add(1)
		go func() {
			defer wg.Done()
			// A Trash per goroutine, as separate hook processes have.
			tr, _ := Open(f.state, Options{Now: f.clock.Now})
			_, err := tr.Put(ctx, f.ws, []string{name})
			errs <- err
		}()
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		if err != nil {
			t.Fatal(err)
		}
	}
	list, err := f.trash.List(ctx)
	if err != nil || len(list) != n {
		t.Fatalf("List has %d batches, %v", len(list), err)
	}
}

func TestIDs(t *testing.T) {
	now := time.Date(2026, 3, 1, 12, 0, 0, 123e6, time.UTC)
	id := newID(now)
	if !validID(id) || !strings.HasPrefix(id, "20260301-120000.123-") {
		t.Fatalf("newID = %q", id)
	}
	if tm, ok := idTime(id); !ok || !tm.Equal(now) {
		t.Errorf("idTime(%q) = %v", id, tm)
	}
	for _, bad := range []string{"", "..", "20260301-120000.123-zzzz", "20260301-120000.123-abcd/..", "x0260301-120000.123-abcd"} {
		if validID(bad) {
			t.Errorf("validID(%q)", bad)
		}
	}
}

func TestHumanDuration(t *testing.T) {
	for d, want := range map[time.Duration]string{
		-time.Second:     "0 seconds",
		time.Second:      "1 second",
		90 * time.Second: "90 seconds",
		5 * time.Minute:  "5 minutes",
		3 * time.Hour:    "3 hours",
		72 * time.Hour:   "3 days",
	} {
		if got := HumanDuration(d); got != want {
			t.Errorf("HumanDuration(%v) = %q, want %q", d, got, want)
		}
	}
	if got := bufferText(2 * time.Minute); got != "2-minute" {
		t.Errorf("bufferText = %q", got)
	}
}
