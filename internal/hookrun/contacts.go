package hookrun

import (
	"context"
	"errors"
	"fmt"
	"os"
	"sync"
	"sync/atomic"
	"time"

	"github.com/actionguard/actionguard/guard"
)

// ContactTimeout bounds what the contact book may cost a hook call: opening
// the database and asking it once. Past it the contacts are unknown, which
// grades every recipient and payee as new (seed 003): slower, never laxer.
// $ACTIONGUARD_CONTACT_TIMEOUT (a Go duration, 1ms to 10s) changes it for
// a machine whose database is slow to open; a shorter or broken value can
// only make recipients unknown, which is stricter.
const ContactTimeout = 30 * time.Millisecond

// contactTimeout is ContactTimeout or $ACTIONGUARD_CONTACT_TIMEOUT.
func contactTimeout(getenv func(string) string) time.Duration {
	if getenv == nil {
		getenv = os.Getenv
	}
	if d, err := time.ParseDuration(getenv("ACTIONGUARD_CONTACT_TIMEOUT")); err == nil {
		return min(max(d, time.Millisecond), 10*time.Second)
	}
	return ContactTimeout
}

// contactStore is what the hook's contact book needs of the store.
type contactStore interface {
	ContactCounts(ctx context.Context, keys []string) (map[string]int, error)
	ContactNames(ctx context.Context) (map[string]string, error)
	Close() error
}

// hookContacts is a hook's contact book (guard.ContactBook): it opens the
// audit database only when an action has recipients or payees to look up,
// never creates it, gives up after ContactTimeout, and is closed when the
// hook call ends. A failure of any kind makes the contacts unknown.
type hookContacts struct {
	path    string
	timeout time.Duration
	open    func(ctx context.Context, path string) (contactStore, error)

	mu     sync.Mutex // held by the lookup in flight
	st     contactStore
	err    error // why the book cannot be used, once known
	closed atomic.Bool
}

func newHookContacts(path string, db *database, timeout time.Duration) *hookContacts {
	return &hookContacts{path: path, timeout: timeout, open: func(ctx context.Context, path string) (contactStore, error) {
		return openContactStore(ctx, db, path, timeout)
	}}
}

// errNoBook: the audit database does not exist yet, so nobody is known.
var errNoBook = errors.New("no contact book yet")

func openContactStore(ctx context.Context, db *database, path string, timeout time.Duration) (contactStore, error) {
	if _, err := os.Stat(path); err != nil {
		if errors.Is(err, os.ErrNotExist) {
			return nil, errNoBook
		}
		return nil, err
	}
	st, err := db.openStore(ctx, path, timeout)
	if err != nil {
		// Not a nil store in the interface: Close would call it.
		return nil, err
	}
	return st, nil
}

// ContactCounts implements guard.ContactBook. The lookup runs aside, so
// that a locked or slow database costs the hook ContactTimeout at most.
func (b *hookContacts) ContactCounts(ctx context.Context, keys []string) (map[string]int, error) {
	return lookUp(ctx, b, func(st contactStore) (map[string]int, error) { return st.ContactCounts(ctx, keys) })
}

// ContactNames implements guard.ContactNames, within the same time.
func (b *hookContacts) ContactNames(ctx context.Context) (map[string]string, error) {
	return lookUp(ctx, b, func(st contactStore) (map[string]string, error) { return st.ContactNames(ctx) })
}

// lookUp runs ask on the book's store (opened on first use) aside, and
// gives up after the book's timeout.
func lookUp[T any](ctx context.Context, b *hookContacts, ask func(contactStore) (T, error)) (T, error) {
	var zero T
	if b.closed.Load() {
		return zero, errors.New("contact book closed")
	}
	ctx, cancel := context.WithTimeout(ctx, b.timeout)
	defer cancel()
	type result struct {
		v   T
		err error
	}
	done := make(chan result, 1)
	go func() {
		b.mu.Lock()
		defer b.mu.Unlock()
		if b.st == nil && b.err == nil {
			b.st, b.err = b.open(ctx, b.path)
			if b.err != nil {
				// open may return a typed nil store with its error: Close
				// must not call it (a panic in the hook lets the call run).
				b.st, b.err = nil, fmt.Errorf("contact book: %w", b.err)
			}
		}
		if b.err != nil {
			done <- result{err: b.err}
			return
		}
		v, err := ask(b.st)
		if b.closed.Load() {
			// The hook ended while this ran: nobody else will close it.
			b.st.Close()
			b.st, b.err = nil, errors.New("contact book closed")
		}
		done <- result{v, err}
	}()
	select {
	case r := <-done:
		return r.v, r.err
	case <-ctx.Done():
		return zero, fmt.Errorf("contact book: %w", ctx.Err())
	}
}

// Close closes the database if it was opened. It does not wait for a
// lookup still running: that one closes it when it ends.
func (b *hookContacts) Close() {
	b.closed.Store(true)
	if !b.mu.TryLock() {
		return
	}
	defer b.mu.Unlock()
	if b.st != nil {
		b.st.Close()
		b.st = nil
	}
}

// withContacts gives a hook's guard the contact book of the audit database
// (opened on first use) and returns what closes it when the hook call
// ends; Run says `defer withContacts(&opts, cfg)()`.
func withContacts(opts *[]guard.Option, cfg Config, db *database) func() {
	path, err := DBPath(cfg)
	if err != nil {
		return func() {}
	}
	b := newHookContacts(path, db, contactTimeout(cfg.Getenv))
	*opts = append(*opts, guard.WithContactBook(b))
	return b.Close
}
