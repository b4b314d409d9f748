package lockfile

import (
	"errors"
	"os"
	"path/filepath"
	"testing"
	"time"
)

// Two handles on one file stand for two processes: flock and LockFileEx
// both tell open file descriptions apart.
func twoHandles(t *testing.T) (*os.File, *os.File) {
	t.Helper()
	p := filepath.Join(t.TempDir(), "f.lock")
	a, err := os.OpenFile(p, os.O_RDWR|os.O_CREATE, 0o600)
	if err != nil {
		t.Fatal(err)
	}
	b, err := os.OpenFile(p, os.O_RDWR, 0o600)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { a.Close(); b.Close() })
	return a, b
}

func TestConflicts(t *testing.T) {
	cases := []struct {
		name        string
		first       func(*os.File) error
		second      func(*os.File) error
		wantBlocked bool
	}{
		{"shared then shared", Shared, TryShared, false},
		{"shared then exclusive", Shared, TryExclusive, true},
		{"exclusive then shared", Exclusive, TryShared, true},
		{"exclusive then exclusive", Exclusive, TryExclusive, true},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			a, b := twoHandles(t)
			if err := c.first(a); err != nil {
				t.Fatal(err)
			}
			err := c.second(b)
			if got := errors.Is(err, ErrWouldBlock); got != c.wantBlocked {
				t.Fatalf("second lock: %v, want blocked=%v", err, c.wantBlocked)
			}
			if err := Unlock(a); err != nil {
				t.Fatal(err)
			}
			if c.wantBlocked {
				if err := c.second(b); err != nil {
					t.Fatalf("after unlock: %v", err)
				}
			}
		})
	}
}

// The lock is advisory: its holder and others still append and read.
func TestLockedFileStaysWritable(t *testing.T) {
	a, b := twoHandles(t)
	if err := Exclusive(a); err != nil {
		t.Fatal(err)
	}
	if _, err := a.Write([]byte("one\n")); err != nil {
		t.Fatalf("holder's write: %v", err)
	}
	if _, err := b.WriteAt([]byte("two\n"), 4); err != nil {
		t.Fatalf("other handle's write: %v", err)
	}
	data, err := os.ReadFile(a.Name())
	if err != nil || string(data) != "one\ntwo\n" {
		t.Fatalf("read %q, %v", data, err)
	}
}

// TestWithinGivesUp: a lock held by another holder for ever makes the
// bounded waits give up with ErrWouldBlock (the hook then answers that it
// could not record, never an allow); once it is released they take it.
func TestWithinGivesUp(t *testing.T) {
	for _, c := range []struct {
		name   string
		holder func(*os.File) error
		within func(*os.File, time.Duration) error
	}{
		{"exclusive holder, shared waiter", Exclusive, SharedWithin},
		{"exclusive holder, exclusive waiter", Exclusive, ExclusiveWithin},
		{"shared holder, exclusive waiter", Shared, ExclusiveWithin},
	} {
		t.Run(c.name, func(t *testing.T) {
			a, b := twoHandles(t)
			if err := c.holder(a); err != nil {
				t.Fatal(err)
			}
			if err := c.within(b, 20*time.Millisecond); !errors.Is(err, ErrWouldBlock) {
				t.Fatalf("with the lock held elsewhere: %v, want ErrWouldBlock", err)
			}
			if err := Unlock(a); err != nil {
				t.Fatal(err)
			}
			if err := c.within(b, 20*time.Millisecond); err != nil {
				t.Fatalf("with the lock free: %v", err)
			}
		})
	}
}

// TestSharedWithinShares: two shared holders do not wait for each other.
func TestSharedWithinShares(t *testing.T) {
	a, b := twoHandles(t)
	if err := Shared(a); err != nil {
		t.Fatal(err)
	}
	if err := SharedWithin(b, 0); err != nil {
		t.Fatalf("a shared lock beside another: %v", err)
	}
}
