// Package testwait waits, in tests, for something that happens on another
// goroutine or in another process, without a deadline of its own: a test
// that waits a fixed few seconds fails on a loaded machine although nothing
// is wrong. Until polls until the condition holds and gives up only near
// the test binary's own deadline (go test -timeout), so a run that is merely
// slow passes and one that is stuck fails with what it waited for.
package testwait

import (
	"testing"
	"time"
)

// poll is how often the condition is checked.
const poll = 10 * time.Millisecond

// margin is left before the test binary's deadline, for the failure to be
// reported before the binary is stopped.
const margin = 30 * time.Second

// Until calls cond every few milliseconds until it returns true, and
// reports whether it did. Near the test's deadline it gives up: it reports
// false and marks the test failed, saying what was awaited. Until may be
// called from any goroutine (it uses t.Errorf, not t.Fatalf).
func Until(t testing.TB, what string, cond func() bool) bool {
	t.Helper()
	deadline, bounded := testDeadline(t)
	for !cond() {
		if bounded && time.Now().After(deadline) {
			t.Errorf("still waiting, near the test's deadline, for %s", what)
			return false
		}
		time.Sleep(poll)
	}
	return true
}

// testDeadline is when Until gives up: margin before the test binary's
// deadline, or half-way to it when the whole timeout is shorter than
// twice the margin. Without a deadline (-timeout 0) it never gives up.
func testDeadline(t testing.TB) (time.Time, bool) {
	d, ok := t.(interface{ Deadline() (time.Time, bool) })
	if !ok {
		return time.Time{}, false
	}
	end, bounded := d.Deadline()
	if !bounded {
		return time.Time{}, false
	}
	left := time.Until(end)
	if left < 2*margin {
		return time.Now().Add(left / 2), true
	}
	return end.Add(-margin), true
}

// After is for a test that waits on a channel: it fires near the test
// binary's deadline (the moment Until gives up), or never without one.
//
//	select {
//	case ev := <-events:
//	case <-testwait.After(t):
//		t.Fatal("no event")
//	}
func After(t testing.TB) <-chan time.Time {
	deadline, bounded := testDeadline(t)
	if !bounded {
		return nil // a nil channel never fires
	}
	return time.After(time.Until(deadline))
}

// Deadline is the moment Until gives up, for a loop that polls on its own
// (to fail with more than Until says): near the test binary's deadline, or
// far in the future without one.
func Deadline(t testing.TB) time.Time {
	deadline, bounded := testDeadline(t)
	if !bounded {
		return time.Now().Add(100 * 365 * 24 * time.Hour)
	}
	return deadline
}
