package undo

import (
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"syscall"
	"testing"
	"time"
)

// recoverAll reopens the trash as a new process would and restores every
// batch it lists, newest first. A conflict is allowed only where the
// original is still whole (a copy stopped before the original went).
func recoverAll(t *testing.T, f *fixture, want map[string]string) {
	t.Helper()
	ctx := context.Background()
	tr, err := Open(f.state, Options{Now: f.clock.Now})
	if err != nil {
		t.Fatal(err)
	}
	list, err := tr.List(ctx)
	if err != nil {
		t.Fatal(err)
	}
	for _, b := range list {
		if b.Problem != "" {
			t.Fatalf("batch %s: %s", b.ID, b.Problem)
		}
		_, err := tr.Restore(ctx, b.ID, false)
		var ce *ConflictError
		if errors.As(err, &ce) {
			for _, p := range ce.Paths {
				rel, _ := filepath.Rel(f.ws, p)
				if _, ok := want[rel]; !ok {
					t.Fatalf("conflict on %s, which was not there", p)
				}
			}
			// The user's way out: --force sets the (whole) original aside.
			if _, err := tr.Restore(ctx, b.ID, true); err != nil {
				t.Fatal(err)
			}
			continue
		}
		if err != nil {
			t.Fatalf("restoring %s: %v", b.ID, err)
		}
	}
	if got := snapshot(t, f.ws); !equalMaps(got, want) {
		t.Fatalf("after recovery:\n%v\nwant\n%v", got, want)
	}
	after, _ := tr.List(ctx)
	for _, b := range after {
		if b.Source != SourceRestore {
			t.Fatalf("the trash still lists %+v", b)
		}
	}
	// Nothing is left behind but the lock.
	tr.Empty(ctx, 0)
	if ents, _ := os.ReadDir(tr.Dir()); len(ents) != 1 {
		t.Errorf("the trash holds %v", ents)
	}
}

var crashFiles = map[string]string{"a.txt": "a", "d/x": "x", "d/y/z": "z", "b.txt": "b"}

func TestCrashDuringPut(t *testing.T) {
	steps := []string{"put:mkdir", "put:manifest", "put:moved:0", "put:moved:1", "put:moved:2"}
	copySteps := []string{"put:copied:0", "put:stored:0", "put:copied:1", "put:stored:2", "put:moved:1"}
	for _, copying := range []bool{false, true} {
		list := steps
		if copying {
			list = copySteps
		}
		for _, step := range list {
			t.Run(fmt.Sprintf("copy=%v/%s", copying, step), func(t *testing.T) {
				f := newFixture(t)
				write(t, f.ws, crashFiles)
				want := snapshot(t, f.ws)
				f.trash.forceCopy = copying
				hit := false
				f.trash.failpoint = func(s string) bool {
					if s == step {
						hit = true
					}
					return s == step
				}
				_, err := f.trash.Put(context.Background(), f.ws, []string{"a.txt", "d", "b.txt"})
				if copying && step == "put:moved:1" {
					// Copies never rename in place: the put completes.
					if err != nil || hit {
						t.Fatalf("Put = %v, hit %v", err, hit)
					}
				} else if !errors.Is(err, errCrashed) || !hit {
					t.Fatalf("Put = %v, want the failpoint", err)
				}
				recoverAll(t, f, want)
			})
		}
	}
}

func TestCrashDuringRestore(t *testing.T) {
	for _, step := range []string{"restore:0", "restore:1", "discard:renamed"} {
		for _, copying := range []bool{false, true} {
			t.Run(fmt.Sprintf("copy=%v/%s", copying, step), func(t *testing.T) {
				f := newFixture(t)
				write(t, f.ws, crashFiles)
				want := snapshot(t, f.ws)
				f.trash.forceCopy = copying
				if _, err := f.trash.Put(context.Background(), f.ws, []string{"a.txt", "d", "b.txt"}); err != nil {
					t.Fatal(err)
				}
				f.trash.failpoint = func(s string) bool { return s == step }
				if _, err := f.trash.Undo(context.Background()); !errors.Is(err, errCrashed) {
					t.Fatalf("Undo = %v, want the failpoint", err)
				}
				recoverAll(t, f, want)
			})
		}
	}
}

func TestCrashDuringEmpty(t *testing.T) {
	f := newFixture(t)
	write(t, f.ws, crashFiles)
	if _, err := f.trash.Put(context.Background(), f.ws, []string{"a.txt"}); err != nil {
		t.Fatal(err)
	}
	f.trash.failpoint = func(s string) bool { return s == "discard:renamed" }
	if _, err := f.trash.Empty(context.Background(), 0); err == nil {
		t.Fatal("Empty did not stop at the failpoint")
	}
	f.trash.failpoint = nil
	// The half-removed batch is not listed, and the next operation clears it.
	if list, _ := f.trash.List(context.Background()); len(list) != 0 {
		t.Fatalf("List = %+v", list)
	}
	f.trash.Empty(context.Background(), 0)
	if ents, _ := os.ReadDir(f.trash.Dir()); len(ents) != 1 {
		t.Errorf("the trash holds %v", ents)
	}
}

// TestKilledPut kills a process in the middle of a put (SIGKILL, at a
// random moment) and checks that every file is where it was or in the
// trash, and that restoring brings the workspace back whole.
func TestKilledPut(t *testing.T) {
	if testing.Short() {
		t.Skip("starts processes")
	}
	for i := range 4 {
		t.Run(strconv.Itoa(i), func(t *testing.T) {
			f := newFixture(t)
			files := map[string]string{}
			for k := range 400 {
				files[fmt.Sprintf("tree/%02d/f%03d", k%20, k)] = fmt.Sprint(k)
			}
			for k := range 40 {
				files[fmt.Sprintf("top%02d", k)] = "t"
			}
			write(t, f.ws, files)
			want := snapshot(t, f.ws)
			cmd := exec.Command(os.Args[0], "-test.run=^TestKilledPutHelper$")
			cmd.Env = append(os.Environ(), "UNDO_HELPER_WS="+f.ws, "UNDO_HELPER_STATE="+f.state, "HOME="+f.home)
			if err := cmd.Start(); err != nil {
				t.Fatal(err)
			}
			// Wait until the put has begun (its manifest is written), then
			// kill it a little later each time.
			deadline := time.Now().Add(10 * time.Second)
			for time.Now().Before(deadline) {
				m, _ := filepath.Glob(filepath.Join(f.state, "trash", "*", manifestName))
				if len(m) > 0 {
					break
				}
				time.Sleep(200 * time.Microsecond)
			}
			time.Sleep(time.Duration(i*i) * 10 * time.Millisecond)
			cmd.Process.Signal(syscall.SIGKILL)
			cmd.Wait()
			left := len(snapshot(t, f.ws))
			held := 0
			if list, err := f.trash.List(context.Background()); err == nil {
				for _, b := range list {
					held += len(b.Items)
				}
			}
			t.Logf("killed after %s: %d entries left in the workspace, %d items in the trash", cmd.ProcessState, left, held)
			recoverAll(t, f, want)
		})
	}
}

// TestKilledPutHelper is the process TestKilledPut kills.
func TestKilledPutHelper(t *testing.T) {
	ws, state := os.Getenv("UNDO_HELPER_WS"), os.Getenv("UNDO_HELPER_STATE")
	if ws == "" {
		t.Skip("run by TestKilledPut")
	}
	tr, err := Open(state, Options{})
	if err != nil {
		t.Fatal(err)
	}
	tr.forceCopy = true // copies take long enough to be killed in
	var paths []string
	for k := range 40 {
		paths = append(paths, fmt.Sprintf("top%02d", k))
	}
	paths = append(paths, "tree")
	tr.Put(context.Background(), ws, paths)
}
