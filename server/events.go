package server

import (
	"context"
	"encoding/json"
	"log/slog"
	"net/http"
	"sync"
	"time"

	"github.com/actionguard/actionguard/approval"
)

// Event is one change of an approval request, as GET /v1/events sends it
// (event name "approval", data this JSON).
type Event struct {
	// Type is opened, decided, expired or used.
	Type     string       `json:"type"`
	Approval approvalView `json:"approval"`
}

// Event types.
const (
	EventOpened  = "opened"
	EventDecided = "decided"
	EventExpired = "expired"
	EventUsed    = "used"
)

// eventType names the change that left r as it is.
func eventType(r *approval.Request) string {
	switch r.Status {
	case approval.StatusPending:
		return EventOpened
	case approval.StatusExpired:
		return EventExpired
	case approval.StatusApproved:
		if !r.UsedAt.IsZero() {
			return EventUsed
		}
	}
	return EventDecided
}

// pollOverlap is how far back each poll looks again: a change committed
// late with an earlier Updated (another replica, a slow transaction, a
// clock a little behind) is still seen; changes already sent are
// recognised and skipped.
const pollOverlap = 5 * time.Second

// subscriberBuffer is how many events a slow subscriber may lag behind
// before it is dropped (its browser reconnects and reloads).
const subscriberBuffer = 256

// hub follows the store's approval changes in one goroutine and fans them
// out to the event stream's subscribers. It reads the store, not this
// process's memory, so a change made through any replica (or the CLI, or a
// hook) reaches every subscriber of every replica.
type hub struct {
	st       approval.Store
	interval time.Duration
	log      *slog.Logger
	now      func() time.Time
	kick     chan struct{}
	// changed is told of every change seen, before subscribers are.
	changed func(*approval.Request)

	mu   sync.Mutex
	subs map[chan Event]struct{}
}

func newHub(st approval.Store, interval time.Duration, log *slog.Logger, now func() time.Time) *hub {
	return &hub{st: st, interval: interval, log: log, now: now, kick: make(chan struct{}, 1), subs: map[chan Event]struct{}{}}
}

// Kick polls now rather than at the next tick: this replica just changed a
// request.
func (h *hub) Kick() {
	select {
	case h.kick <- struct{}{}:
	default:
	}
}

// subscribe returns a channel of events, closed when the subscriber falls
// too far behind; cancel unsubscribes.
func (h *hub) subscribe() (<-chan Event, func()) {
	ch := make(chan Event, subscriberBuffer)
	h.mu.Lock()
	h.subs[ch] = struct{}{}
	h.mu.Unlock()
	return ch, func() {
		h.mu.Lock()
		if _, ok := h.subs[ch]; ok {
			delete(h.subs, ch)
			close(ch)
		}
		h.mu.Unlock()
	}
}

func (h *hub) subscribers() int {
	h.mu.Lock()
	defer h.mu.Unlock()
	return len(h.subs)
}

func (h *hub) publish(e Event) {
	h.mu.Lock()
	defer h.mu.Unlock()
	for ch := range h.subs {
		select {
		case ch <- e:
		default:
			delete(h.subs, ch)
			close(ch)
		}
	}
}

// seenChange is what was last sent about a request.
type seenChange struct {
	sig     string
	updated time.Time
}

func signature(r *approval.Request) string {
	return string(r.Status) + "|" + r.Updated.Format(time.RFC3339Nano) + "|" + r.UsedAt.Format(time.RFC3339Nano)
}

// run polls until quit is closed.
func (h *hub) run(quit <-chan struct{}) {
	seen := map[string]seenChange{}
	cursor := h.now().Add(-pollOverlap)
	// The changes before the start are history: noted, not sent.
	if rs, err := h.poll(cursor); err == nil {
		for i := range rs {
			seen[rs[i].ID] = seenChange{signature(&rs[i]), rs[i].Updated}
			cursor = later(cursor, rs[i].Updated)
		}
	}
	t := time.NewTicker(h.interval)
	defer t.Stop()
	failing := false
	for {
		select {
		case <-quit:
			h.mu.Lock()
			for ch := range h.subs {
				delete(h.subs, ch)
				close(ch)
			}
			h.mu.Unlock()
			return
		case <-t.C:
		case <-h.kick:
		}
		from := cursor.Add(-pollOverlap)
		for {
			rs, err := h.poll(from)
			if err != nil {
				if !failing {
					h.log.Warn("polling approval changes", "err", err)
				}
				failing = true
				break
			}
			failing = false
			for i := range rs {
				r := &rs[i]
				sig := signature(r)
				if c, ok := seen[r.ID]; ok && c.sig == sig {
					continue
				}
				seen[r.ID] = seenChange{sig, r.Updated}
				cursor = later(cursor, r.Updated)
				if h.changed != nil {
					h.changed(r)
				}
				h.publish(Event{Type: eventType(r), Approval: viewOf(r)})
			}
			// A full page: more changes wait beyond its last one.
			if len(rs) < maxUpdatedPage || !rs[len(rs)-1].Updated.After(from) {
				break
			}
			from = rs[len(rs)-1].Updated
		}
		for id, c := range seen {
			if c.updated.Before(cursor.Add(-2 * pollOverlap)) {
				delete(seen, id)
			}
		}
	}
}

// maxUpdatedPage is the most ApprovalsUpdated returns at once.
const maxUpdatedPage = 1000

func (h *hub) poll(since time.Time) ([]approval.Request, error) {
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	return h.st.ApprovalsUpdated(ctx, since)
}

func later(a, b time.Time) time.Time {
	if b.After(a) {
		return b
	}
	return a
}

// heartbeat keeps idle event streams (and proxies in between) open.
const heartbeat = 15 * time.Second

// handleEvents is GET /v1/events: server-sent events, one "approval" event
// per change of a request (see Event). A client that connects or
// reconnects should reload GET /v1/approvals: changes made while it was
// away are not replayed.
func (s *Server) handleEvents(w http.ResponseWriter, r *http.Request) {
	rc := http.NewResponseController(w)
	// The server's write timeout would cut the stream: each write sets its
	// own deadline instead. (net/http lifts the read deadline itself once
	// the request is read.)
	rc.SetWriteDeadline(time.Time{})
	events, cancel := s.events.subscribe()
	defer cancel()
	h := w.Header()
	h.Set("Content-Type", "text/event-stream")
	h.Set("Cache-Control", "no-store")
	h.Set("X-Accel-Buffering", "no")
	w.WriteHeader(http.StatusOK)
	write := func(b []byte) bool {
		rc.SetWriteDeadline(time.Now().Add(10 * time.Second))
		if _, err := w.Write(b); err != nil {
			return false
		}
		return rc.Flush() == nil
	}
	if !write([]byte("retry: 2000\n: connected\n\n")) {
		return
	}
	t := time.NewTicker(heartbeat)
	defer t.Stop()
	for {
		select {
		case <-r.Context().Done():
			return
		case <-s.streams:
			return
		case <-t.C:
			if !s.stillSignedIn(r) || !write([]byte(": ping\n\n")) {
				return
			}
		case e, ok := <-events:
			if !ok || !s.stillSignedIn(r) {
				return
			}
			data, err := json.Marshal(&e)
			if err != nil {
				continue
			}
			msg := make([]byte, 0, len(data)+32)
			msg = append(msg, "event: approval\ndata: "...)
			msg = append(msg, data...)
			msg = append(msg, "\n\n"...)
			if !write(msg) {
				return
			}
		}
	}
}
