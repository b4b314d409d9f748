package frontdoor

import (
	"context"
	"sync"

	"github.com/actionguard/actionguard/audit"
)

// BatchAppender appends records in one transaction (*audit.Log).
type BatchAppender interface {
	AppendBatch(ctx context.Context, rs []*audit.Record) error
}

// Batcher is the Writer of a command that checks many actions in a row
// (`check --jsonl`, the MCP proxy): records are queued and appended from
// a background goroutine in batches of up to 512, so checking never waits
// on the disk. Append never blocks for long and never fails: a failure is
// reported by Wait and by Close, which waits until every queued record is
// written.
//
// A caller that must not answer before the answer's record is committed
// (check --jsonl: a decision line printed is an acknowledged record) notes
// Queued after the record is appended and answers once Wait of that count
// returns nil: a group commit, whose batches the caller's own pace sizes.
type Batcher struct {
	log  BatchAppender
	ch   chan *audit.Record
	done chan struct{}

	mu      sync.Mutex
	written sync.Cond // signalled after each batch
	err     error
	n       int64 // records handed to the log (committed, unless err)
	queued  int64
}

// NewBatcher starts a Batcher over log.
func NewBatcher(log BatchAppender) *Batcher {
	b := &Batcher{log: log, ch: make(chan *audit.Record, 4096), done: make(chan struct{})}
	b.written.L = &b.mu
	go b.loop()
	return b
}

func (b *Batcher) loop() {
	defer close(b.done)
	batch := make([]*audit.Record, 0, 512)
	for r := range b.ch {
		batch = append(batch[:0], r)
	fill:
		for len(batch) < cap(batch) {
			select {
			case r, ok := <-b.ch:
				if !ok {
					break fill
				}
				batch = append(batch, r)
			default:
				break fill
			}
		}
		err := b.log.AppendBatch(context.Background(), batch)
		clear(batch) // the records are the log's now: let them go
		b.mu.Lock()
		if err != nil && b.err == nil {
			b.err = err
		}
		b.n += int64(len(batch))
		b.written.Broadcast()
		b.mu.Unlock()
	}
}

// Append implements Writer: it queues r. Append is called from one
// goroutine at a time.
func (b *Batcher) Append(_ context.Context, r *audit.Record) error {
	b.mu.Lock()
	b.queued++
	b.mu.Unlock()
	b.ch <- r
	return nil
}

// Queued is how many records were appended so far.
func (b *Batcher) Queued() int64 {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.queued
}

// Written is how many records were handed to the log so far.
func (b *Batcher) Written() int64 {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.n
}

// Wait waits until the first n records appended are written, and returns
// the first error appending met: nil means those n records are committed.
// An error is sticky: once a batch failed, Wait reports it for any n, since
// the records it held are lost.
func (b *Batcher) Wait(n int64) error {
	b.mu.Lock()
	defer b.mu.Unlock()
	n = min(n, b.queued) // no more will come from the goroutine that waits
	for b.err == nil && b.n < n {
		b.written.Wait()
	}
	return b.err
}

// Close writes what is queued and returns the first error appending met.
// Append must not be called after it.
func (b *Batcher) Close() error {
	close(b.ch)
	<-b.done
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.err
}
