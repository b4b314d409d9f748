package server

import (
	"context"
	"sync"
	"time"

	"github.com/actionguard/actionguard/approval"
)

// pendingTTL is how long the server trusts, without asking the store, that
// a request it saw pending still is.
const pendingTTL = 2 * time.Second

// maxPending bounds the cache.
const maxPending = 10000

// gateStore is the approval store as checks see it: the store, with the
// requests found pending remembered for a moment. An agent that asks again
// and again while a person has not answered (the common case: agents
// retry) then costs no store query.
//
// Remembering "pending" can only make a check wait when it could pass: it
// never lets an action through. An approved, rejected or missing request
// is always read from the store, and every change the event poller sees
// (from this replica or another) forgets the request at once, so a pass is
// late by the poll interval at most.
type gateStore struct {
	approval.Store
	now func() time.Time

	mu      sync.Mutex
	pending map[pendingKey]cachedPending
}

type pendingKey = approval.Key

type cachedPending struct {
	r     approval.Request
	until time.Time
}

func newGateStore(st approval.Store, now func() time.Time) *gateStore {
	return &gateStore{Store: st, now: now, pending: map[pendingKey]cachedPending{}}
}

// FindApproval implements approval.Store.
func (g *gateStore) FindApproval(ctx context.Context, k approval.Key) (approval.Request, error) {
	now := g.now()
	g.mu.Lock()
	c, ok := g.pending[k]
	g.mu.Unlock()
	if ok && now.Before(c.until) && c.r.Effective(now) == approval.StatusPending {
		return c.r, nil
	}
	r, err := g.Store.FindApproval(ctx, k)
	if err == nil && r.Status == approval.StatusPending {
		g.remember(r)
	} else {
		g.forget(k)
	}
	return r, err
}

// OpenApproval implements approval.Store: a request just opened is pending.
func (g *gateStore) OpenApproval(ctx context.Context, r *approval.Request) error {
	if err := g.Store.OpenApproval(ctx, r); err != nil {
		return err
	}
	g.remember(*r)
	return nil
}

func (g *gateStore) remember(r approval.Request) {
	g.mu.Lock()
	if len(g.pending) >= maxPending {
		clear(g.pending)
	}
	g.pending[r.Key()] = cachedPending{r, g.now().Add(pendingTTL)}
	g.mu.Unlock()
}

// forget drops what is remembered of a request: it changed.
func (g *gateStore) forget(k approval.Key) {
	g.mu.Lock()
	delete(g.pending, k)
	g.mu.Unlock()
}
