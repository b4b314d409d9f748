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
// reported by Close, which waits until every queued record is written.
type Batcher struct {
	log  BatchAppender
	ch   chan *audit.Record
	done chan struct{}
	mu   sync.Mutex
	err  error
	n    int64
}

// NewBatcher starts a Batcher over log.
func NewBatcher(log BatchAppender) *Batcher {
	b := &Batcher{log: log, ch: make(chan *audit.Record, 4096), done: make(chan struct{})}
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
		b.mu.Lock()
		if err != nil && b.err == nil {
			b.err = err
		}
		b.n += int64(len(batch))
		b.mu.Unlock()
	}
}

// Append implements Writer: it queues r.
func (b *Batcher) Append(_ context.Context, r *audit.Record) error {
	b.ch <- r
	return nil
}

// Written is how many records were handed to the log so far.
func (b *Batcher) Written() int64 {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.n
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
