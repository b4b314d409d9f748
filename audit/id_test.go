package audit

import (
	"regexp"
	"testing"
	"time"
)

var orderedIDRe = regexp.MustCompile(`^d-[a-z2-7]{16}$`)

// decodeOrderedMillis returns the milliseconds an ordered id carries.
func decodeOrderedMillis(t *testing.T, id string) int64 {
	t.Helper()
	var v uint64
	for _, c := range id[len(IDPrefix) : len(IDPrefix)+10] { // 10 characters: 50 bits, the top 48 the time
		i := -1
		for j := range orderedAlphabet {
			if orderedAlphabet[j] == byte(c) {
				i = j
			}
		}
		if i < 0 {
			t.Fatalf("%q: %q is not in the alphabet", id, c)
		}
		v = v<<5 | uint64(i)
	}
	return int64(v >> 2)
}

func TestNewOrderedIDFormatAndTime(t *testing.T) {
	before := time.Now().UnixMilli()
	id := NewOrderedID()
	after := time.Now().UnixMilli()
	if !orderedIDRe.MatchString(id) {
		t.Fatalf("NewOrderedID() = %q, want %s", id, orderedIDRe)
	}
	// Earlier tests may have pushed the time part a few ms ahead of the clock.
	if ms := decodeOrderedMillis(t, id); ms < before || ms > after+1000 {
		t.Errorf("%q carries %d ms, want within [%d, %d]", id, ms, before, after)
	}
	if next := NewID(); !orderedIDRe.MatchString(next) || next <= id {
		t.Errorf("NewID() = %q after %q: want the one time-ordered generator", next, id)
	}
}

func TestNewOrderedIDOrderedAndUnique(t *testing.T) {
	const n = 1_000_000
	seen := make(map[string]struct{}, n)
	prev := ""
	for i := 0; i < n; i++ {
		id := NewOrderedID()
		if len(id) != len(IDPrefix)+orderedIDLen {
			t.Fatalf("id %d = %q: wrong length", i, id)
		}
		if id <= prev {
			t.Fatalf("id %d = %q does not sort after %q", i, id, prev)
		}
		if _, dup := seen[id]; dup {
			t.Fatalf("id %d = %q repeats", i, id)
		}
		seen[id] = struct{}{}
		prev = id
	}
	if !orderedIDRe.MatchString(prev) {
		t.Errorf("last id %q, want %s", prev, orderedIDRe)
	}
	// After a sleep the next id is on the clock again, not far ahead of it.
	time.Sleep(5 * time.Millisecond)
	if ms, now := decodeOrderedMillis(t, NewOrderedID()), time.Now().UnixMilli(); ms > now+2000 {
		t.Errorf("after 1e6 ids the time part is %d ms ahead of the clock", ms-now)
	}
}

func TestNewOrderedIDConcurrentUnique(t *testing.T) {
	const workers, per = 8, 20000
	out := make(chan []string, workers)
	for w := 0; w < workers; w++ {
		go func() {
			ids := make([]string, per)
			for i := range ids {
				ids[i] = NewOrderedID()
			}
			out <- ids
		}()
	}
	seen := map[string]struct{}{}
	for w := 0; w < workers; w++ {
		ids := <-out
		for i, id := range ids {
			if i > 0 && id <= ids[i-1] {
				t.Fatalf("%q does not sort after %q in one goroutine", id, ids[i-1])
			}
			if _, dup := seen[id]; dup {
				t.Fatalf("%q repeats", id)
			}
			seen[id] = struct{}{}
		}
	}
}

func BenchmarkNewOrderedID(b *testing.B) {
	for b.Loop() {
		NewOrderedID()
	}
}
