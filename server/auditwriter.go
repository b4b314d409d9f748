package server

import (
	"context"
	"errors"
	"log/slog"
	"runtime"
	"sync"

	"github.com/actionguard/actionguard/audit"
)

// errWriterClosed: the server is shutting down and records no more.
var errWriterClosed = errors.New("the server is shutting down")

// maxAuditBatch caps the records one audit transaction carries.
const maxAuditBatch = 1024

// auditWriter appends audit records with group commit: one goroutine takes
// every record queued while the previous transaction ran, appends them in
// one transaction (audit.Log.AppendBatch), and then tells each waiter how
// it went. A check waits for its record, so an answered check is a
// recorded one, and concurrent checks share the cost of a commit: the
// busier the server, the larger the batches.
type auditWriter struct {
	log     *audit.Log
	metrics *metrics
	logger  *slog.Logger

	in     chan *auditJob
	mu     sync.RWMutex // held for reading while sending on in; Close takes it to close in
	closed bool
	done   chan struct{}
}

type auditJob struct {
	r    *audit.Record
	done chan error // buffered: the writer never waits on a waiter that left
}

func newAuditWriter(l *audit.Log, m *metrics, logger *slog.Logger) *auditWriter {
	return &auditWriter{log: l, metrics: m, logger: logger, in: make(chan *auditJob, 4*maxAuditBatch), done: make(chan struct{})}
}

// Append queues r and waits until it is in the audit log, or ctx ends (the
// record may then still be written). It has the signature of
// approval.Queue.Audit.
func (w *auditWriter) Append(ctx context.Context, r *audit.Record) error {
	j := &auditJob{r: r, done: make(chan error, 1)}
	w.mu.RLock()
	if w.closed {
		w.mu.RUnlock()
		return errWriterClosed
	}
	select {
	case w.in <- j:
	case <-ctx.Done():
		w.mu.RUnlock()
		return ctx.Err()
	}
	w.mu.RUnlock()
	select {
	case err := <-j.done:
		return err
	case <-ctx.Done():
		return ctx.Err()
	}
}

// run is the writer goroutine; it returns once Close closed the queue and
// everything in it is written.
func (w *auditWriter) run() {
	defer close(w.done)
	batch := make([]*auditJob, 0, maxAuditBatch)
	recs := make([]*audit.Record, 0, maxAuditBatch)
	for j := range w.in {
		batch = append(batch[:0], j)
		yielded := false
	fill:
		for len(batch) < maxAuditBatch {
			select {
			case j, ok := <-w.in:
				if !ok {
					break fill
				}
				batch = append(batch, j)
			default:
				if yielded {
					break fill
				}
				// Let the request goroutines that are about to queue a
				// record do so: a commit costs about the same for one
				// record as for ten.
				yielded = true
				runtime.Gosched()
			}
		}
		recs = recs[:0]
		for _, j := range batch {
			recs = append(recs, j.r)
		}
		err := w.log.AppendBatch(context.Background(), recs)
		w.metrics.auditBatch(len(recs), err)
		if err != nil {
			w.logger.Error("appending to the audit log", "records", len(recs), "err", err)
		}
		for _, j := range batch {
			j.done <- err
		}
		clear(batch)
		clear(recs)
	}
}

// Close refuses new records and returns once the queued ones are written.
func (w *auditWriter) Close() error {
	w.mu.Lock()
	if !w.closed {
		w.closed = true
		close(w.in)
	}
	w.mu.Unlock()
	<-w.done
	return nil
}
