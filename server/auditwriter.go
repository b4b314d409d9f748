package server

import (
	"context"
	"errors"
	"log/slog"
	"sync"
	"sync/atomic"
	"time"

	"github.com/actionguard/actionguard/audit"
)

// errWriterClosed: the server is shutting down and records no more.
var errWriterClosed = errors.New("the server is shutting down")

// maxAuditBatch caps the records one audit transaction carries.
const maxAuditBatch = 1024

// maxLinger bounds how long a transaction waits for the checks in flight
// to bring their records.
const maxLinger = 2 * time.Millisecond

// auditWriter appends audit records with group commit: one goroutine takes
// every record queued while the previous transaction ran, appends them in
// one transaction (audit.Log.AppendBatch), and then tells each waiter how
// it went. A check waits for its record, so an answered check is a
// recorded one, and concurrent checks share the cost of a commit.
//
// A commit costs far more than a record, and checks come in waves (the ones
// a commit released come back together), so before a transaction the
// writer waits, maxLinger at most, for the checks that were already being
// decided when it started (Expect): batches then hold about every check in
// flight instead of the few that happened to be queued.
type auditWriter struct {
	log     *audit.Log
	metrics *metrics
	logger  *slog.Logger

	in        chan *auditJob
	mu        sync.RWMutex // held for reading while sending on in; Close takes it to close in
	closed    bool
	done      chan struct{}
	expecting atomic.Int64 // checks being decided, whose records are coming
}

type auditJob struct {
	r    *audit.Record
	done chan error // buffered: the writer never waits on a waiter that left
}

func newAuditWriter(l *audit.Log, m *metrics, logger *slog.Logger) *auditWriter {
	return &auditWriter{log: l, metrics: m, logger: logger, in: make(chan *auditJob, 4*maxAuditBatch), done: make(chan struct{})}
}

// Expect says a record is coming (a check is being decided); the returned
// func says it is not after all, and is a no-op once AppendExpected queued
// it.
func (w *auditWriter) Expect() *expected {
	w.expecting.Add(1)
	return &expected{w: w}
}

type expected struct {
	w    *auditWriter
	done bool
}

// Cancel withdraws the expectation unless the record was queued.
func (e *expected) Cancel() {
	if !e.done {
		e.done = true
		e.w.expecting.Add(-1)
	}
}

// Append is auditWriter.Append for the expected record.
func (e *expected) Append(ctx context.Context, r *audit.Record) error {
	return e.w.append(ctx, r, e)
}

// Append queues r and waits until it is in the audit log, or ctx ends (the
// record may then still be written). It has the signature of
// approval.Queue.Audit.
func (w *auditWriter) Append(ctx context.Context, r *audit.Record) error {
	return w.append(ctx, r, nil)
}

func (w *auditWriter) append(ctx context.Context, r *audit.Record, e *expected) error {
	if e != nil {
		defer e.Cancel() // queued or not, it is no longer on its way
	}
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

// writers is how many goroutines take batches: while one commits (the
// store serializes the transactions), the other gathers the next batch and
// redacts it, which audit.Log does before its transaction.
const writers = 2

// run runs the writer goroutines; it returns once Close closed the queue
// and everything in it is written.
func (w *auditWriter) run() {
	defer close(w.done)
	var wg sync.WaitGroup
	for range writers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			w.loop()
		}()
	}
	wg.Wait()
}

func (w *auditWriter) loop() {
	batch := make([]*auditJob, 0, maxAuditBatch)
	recs := make([]*audit.Record, 0, maxAuditBatch)
	linger := time.NewTimer(time.Hour)
	linger.Stop()
	for j := range w.in {
		batch = append(batch[:0], j)
		// The checks being decided now bring their records within
		// microseconds: wait for that many more, maxLinger at most.
		want := 1 + int(w.expecting.Load())
		lingering := false
	fill:
		for len(batch) < maxAuditBatch {
			select {
			case j, ok := <-w.in:
				if !ok {
					break fill
				}
				batch = append(batch, j)
				continue
			default:
			}
			if len(batch) >= want {
				break
			}
			if !lingering {
				linger.Reset(maxLinger)
				lingering = true
			}
			select {
			case j, ok := <-w.in:
				if !ok {
					break fill
				}
				batch = append(batch, j)
			case <-linger.C:
				lingering = false
				break fill
			}
		}
		if lingering && !linger.Stop() {
			<-linger.C
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
