package evaluate

import (
	"context"
	"io"
	"runtime"
	"sync"
)

// Evaluator evaluates trajectories: the metric always, the guard replay
// and the judge when set.
type Evaluator struct {
	Metric *Metric
	// Replayer, when set, replays every tool call through the guard.
	Replayer *Replayer
	// Judge, when set, is asked about the trajectories it samples.
	Judge *Judge
	// Workers evaluate trajectories in parallel (0: GOMAXPROCS); results
	// still come out in input order.
	Workers int
}

// Evaluate evaluates one trajectory.
func (e *Evaluator) Evaluate(ctx context.Context, t *Trajectory) *Result {
	r := e.Metric.Evaluate(t)
	if e.Replayer != nil {
		e.Replayer.Replay(ctx, t, r)
	}
	if e.Judge != nil && e.Judge.Sampled(t.ID) {
		r.Judge = e.Judge.Evaluate(ctx, t, r)
		for _, js := range r.Judge.Steps {
			for i := range r.Steps {
				if r.Steps[i].Step == js.Step {
					r.Steps[i].Judge = &js
				}
			}
		}
	}
	return r
}

// Stream evaluates the trajectories next yields until it returns io.EOF,
// and hands each result to emit in input order. Trajectories are evaluated
// by Workers goroutines with a bounded number in flight, so memory stays
// constant however long the input. An error from next (other than io.EOF)
// or from emit stops the stream and is returned; so does ctx.
func (e *Evaluator) Stream(ctx context.Context, next func() (*Trajectory, error), emit func(*Result) error) error {
	workers := e.Workers
	if workers <= 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	if e.Judge != nil {
		// The judge waits on the network: more calls in flight.
		workers = max(workers, 8)
	}
	if workers == 1 {
		for {
			if err := ctx.Err(); err != nil {
				return err
			}
			t, err := next()
			if err == io.EOF {
				return nil
			}
			if err != nil {
				return err
			}
			if err := emit(e.Evaluate(ctx, t)); err != nil {
				return err
			}
		}
	}

	parent := ctx
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	type job struct {
		t    *Trajectory
		r    *Result
		done chan struct{}
	}
	work := make(chan *job)
	order := make(chan *job, 2*workers) // the jobs in input order
	var wg sync.WaitGroup
	for range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for j := range work {
				j.r = e.Evaluate(ctx, j.t)
				j.t = nil
				close(j.done)
			}
		}()
	}
	var readErr error
	go func() {
		defer close(order)
		defer close(work)
		for ctx.Err() == nil {
			t, err := next()
			if err != nil {
				if err != io.EOF {
					readErr = err
				}
				return
			}
			j := &job{t: t, done: make(chan struct{})}
			select {
			case order <- j:
			case <-ctx.Done():
				return
			}
			select {
			case work <- j:
			case <-ctx.Done():
				close(j.done)
				return
			}
		}
	}()
	var emitErr error
	for j := range order {
		<-j.done
		if emitErr != nil || j.r == nil {
			continue
		}
		if err := emit(j.r); err != nil {
			emitErr = err
			cancel()
		}
	}
	wg.Wait()
	switch {
	case emitErr != nil:
		return emitErr
	case readErr != nil:
		return readErr
	}
	return parent.Err() // nil unless the caller's context ended
}
