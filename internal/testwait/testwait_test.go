package testwait

import (
	"sync/atomic"
	"testing"
	"time"
)

// A condition that becomes true on another goroutine is waited for.
func TestUntilWaitsForAnotherGoroutine(t *testing.T) {
	var done atomic.Bool
	go func() {
		time.Sleep(3 * poll)
		done.Store(true)
	}()
	if !Until(t, "the flag", done.Load) {
		t.Fatal("Until gave up on a condition that became true")
	}
	if !done.Load() {
		t.Fatal("Until returned before the condition held")
	}
}

// recorder is a testing.TB whose deadline is set and whose failures are
// recorded rather than failing the test.
type recorder struct {
	testing.TB
	end    time.Time
	errors []string
}

func (r *recorder) Helper()                           {}
func (r *recorder) Deadline() (time.Time, bool)       { return r.end, true }
func (r *recorder) Errorf(format string, args ...any) { r.errors = append(r.errors, format) }

// A condition that never holds ends in a failure that names it, before the
// deadline.
func TestUntilGivesUpBeforeTheDeadline(t *testing.T) {
	r := &recorder{TB: t, end: time.Now().Add(200 * time.Millisecond)}
	calls := 0
	if Until(r, "nothing", func() bool { calls++; return false }) {
		t.Fatal("Until reported a condition that never held as met")
	}
	if len(r.errors) != 1 {
		t.Fatalf("failures recorded: %q, want one", r.errors)
	}
	if calls < 2 {
		t.Errorf("the condition was checked %d times, want it polled", calls)
	}
}

// Without a deadline Until does not give up; with one, it keeps a margin.
func TestDeadline(t *testing.T) {
	if _, bounded := testDeadline(struct{ testing.TB }{t}); bounded {
		t.Error("a TB without Deadline is bounded")
	}
	end := time.Now().Add(10 * time.Minute)
	got, bounded := testDeadline(&recorder{TB: t, end: end})
	if !bounded || !got.Equal(end.Add(-margin)) {
		t.Errorf("deadline %v (%v), want %v", got, bounded, end.Add(-margin))
	}
}

// After fires at the deadline Until keeps, and never without one.
func TestAfter(t *testing.T) {
	if After(struct{ testing.TB }{t}) != nil {
		t.Error("After without a deadline fires")
	}
	// A near deadline: After fires (else the test binary's own timeout
	// reports this test as stuck).
	<-After(&recorder{TB: t, end: time.Now().Add(100 * time.Millisecond)})
}

// Deadline is Until's: margin before the binary's, and far off without one.
func TestDeadlineExported(t *testing.T) {
	end := time.Now().Add(10 * time.Minute)
	if got := Deadline(&recorder{TB: t, end: end}); !got.Equal(end.Add(-margin)) {
		t.Errorf("Deadline = %v, want %v", got, end.Add(-margin))
	}
	if got := Deadline(struct{ testing.TB }{t}); got.Before(time.Now().Add(24 * time.Hour)) {
		t.Errorf("Deadline without a deadline = %v, want far off", got)
	}
}
