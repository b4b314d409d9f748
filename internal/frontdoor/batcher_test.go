package frontdoor_test

import (
	"context"
	"errors"
	"strconv"
	"sync"
	"testing"

	"github.com/actionguard/actionguard/audit"
	"github.com/actionguard/actionguard/internal/frontdoor"
)

// batchLog keeps the batches it is given and fails the ones it is told to.
type batchLog struct {
	mu      sync.Mutex
	recs    []*audit.Record
	batches int
	fail    func(batch int) error
}

func (l *batchLog) AppendBatch(_ context.Context, rs []*audit.Record) error {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.batches++
	if l.fail != nil {
		if err := l.fail(l.batches); err != nil {
			return err
		}
	}
	l.recs = append(l.recs, rs...)
	return nil
}

// TestBatcherKeepsOrder: every queued record reaches the log once, in the
// order queued, whatever the batching; Close reports the first failure.
func TestBatcherKeepsOrder(t *testing.T) {
	for _, n := range []int{0, 1, 511, 512, 513, 5000} {
		l := &batchLog{}
		b := frontdoor.NewBatcher(l)
		for i := range n {
			b.Append(context.Background(), &audit.Record{Reason: strconv.Itoa(i)})
		}
		if err := b.Close(); err != nil {
			t.Fatal(err)
		}
		if len(l.recs) != n || b.Written() != int64(n) {
			t.Fatalf("%d queued: %d in the log, %d written", n, len(l.recs), b.Written())
		}
		for i, r := range l.recs {
			if r.Reason != strconv.Itoa(i) {
				t.Fatalf("%d queued: record %d is %q", n, i, r.Reason)
			}
		}
	}
	first := errors.New("disk full")
	l := &batchLog{fail: func(batch int) error {
		if batch == 1 {
			return first
		}
		return errors.New("later")
	}}
	b := frontdoor.NewBatcher(l)
	b.Append(context.Background(), &audit.Record{})
	if err := b.Close(); !errors.Is(err, first) {
		t.Errorf("Close = %v, want the first failure", err)
	}
}

// TestBatcherWait: Wait(n) returns once the first n records are in the
// log, and reports a failed batch for any n after it.
func TestBatcherWait(t *testing.T) {
	l := &batchLog{}
	b := frontdoor.NewBatcher(l)
	for i := range 2000 {
		b.Append(context.Background(), &audit.Record{})
		if i%97 == 0 {
			q := b.Queued()
			if err := b.Wait(q); err != nil {
				t.Fatal(err)
			}
			l.mu.Lock()
			in := len(l.recs)
			l.mu.Unlock()
			if int64(in) < q {
				t.Fatalf("Wait(%d) returned with %d records in the log", q, in)
			}
		}
	}
	if err := b.Wait(1 << 40); err != nil { // more than were queued: all of them
		t.Fatal(err)
	}
	b.Close()
	broken := &batchLog{fail: func(int) error { return errors.New("disk full") }}
	b = frontdoor.NewBatcher(broken)
	b.Append(context.Background(), &audit.Record{})
	if err := b.Wait(1); err == nil {
		t.Error("Wait after a failed batch = nil")
	}
	b.Close()
}
