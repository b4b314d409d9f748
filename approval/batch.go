package approval

import (
	"context"
	"errors"
	"fmt"
	"strings"
)

// MaxBatch bounds the requests one batch decides.
const MaxBatch = 500

// Result is what became of one request of a batch.
type Result struct {
	ID string
	// Request is the request as the decision left it; as the store holds
	// it when it could not be decided (zero when there is none).
	Request Request
	// Err is nil when the request was decided; else why it was not: the
	// store's ErrNotFound, ErrDecided or ErrExpired (a request that
	// expired or was decided by someone else meanwhile), or a failure.
	Err error
}

// DangerousError refuses a batch approval that holds DANGEROUS requests:
// each needs a person's look of its own (Queue.Decide). Nothing of the
// batch was decided.
type DangerousError struct {
	IDs []string // the DANGEROUS requests, in the batch's order
}

func (e *DangerousError) Error() string {
	what := "request " + e.IDs[0] + " is"
	if len(e.IDs) > 1 {
		what = "requests " + strings.Join(e.IDs, ", ") + " are"
	}
	return "not approving the batch: " + what + " DANGEROUS, and a DANGEROUS request is approved only on its own, after a look at it"
}

// DecideAll records the same decision d — approve or reject, by the same
// person, with the same note — on each request of ids, in order. Each
// request gets a decision of its own: its file is rewritten and the audit
// log records it (saying it was decided with the others), exactly as
// Decide does.
//
// Approving a batch that holds a pending DANGEROUS request is refused
// (*DangerousError) and decides nothing; rejecting one is fine. An id
// given twice is decided once. The error is for the batch as a whole
// (nothing was decided); what became of each request is in its Result: a
// request that expired or was decided meanwhile is reported there, not
// skipped.
func (q *Queue) DecideAll(ctx context.Context, ids []string, d Decision) ([]Result, error) {
	if q == nil || q.Store == nil {
		return nil, errors.New("no approval store")
	}
	switch {
	case d.Status != StatusApproved && d.Status != StatusRejected:
		return nil, fmt.Errorf("deciding a batch: %q is not a decision (want approved or rejected)", d.Status)
	case d.Auto:
		return nil, errors.New("deciding a batch: a countdown confirms one request, not a batch")
	}
	ids = unique(ids)
	switch {
	case len(ids) == 0:
		return nil, errors.New("deciding a batch: no requests")
	case len(ids) > MaxBatch:
		return nil, fmt.Errorf("deciding a batch: %d requests, more than %d at once", len(ids), MaxBatch)
	}
	if d.Status == StatusApproved {
		var dangerous []string
		for _, id := range ids {
			r, err := q.Store.Approval(ctx, id)
			if err == nil && r.Effective(q.now()) == StatusPending && r.Dangerous() {
				dangerous = append(dangerous, id)
			}
		}
		if len(dangerous) > 0 {
			return nil, &DangerousError{IDs: dangerous}
		}
	}
	if d.At.IsZero() {
		d.At = q.now()
	}
	d.Batch = len(ids)
	out := make([]Result, len(ids))
	for i, id := range ids {
		r, err := q.Decide(ctx, id, d)
		out[i] = Result{ID: id, Request: r, Err: err}
	}
	return out, nil
}

func unique(ids []string) []string {
	out := make([]string, 0, len(ids))
	seen := make(map[string]bool, len(ids))
	for _, id := range ids {
		id = strings.TrimSpace(id)
		if id != "" && !seen[id] {
			seen[id] = true
			out = append(out, id)
		}
	}
	return out
}
