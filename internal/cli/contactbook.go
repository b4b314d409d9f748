package cli

import (
	"context"
	"errors"
	"fmt"
	"os"
	"sync"

	"github.com/actionguard/actionguard/store"
)

// cliContacts is the contact book of the guards the CLI builds (seed 003:
// a new contact or payee needs approval, a frequent one does not). It
// opens the store on the first lookup only — most actions have no
// recipient or payee — and never creates a database that does not exist.
type cliContacts struct {
	a    *app
	once sync.Once
	st   store.Store
	err  error
}

var errNoContactBook = errors.New("no contact book yet (the audit database does not exist)")

// ContactCounts implements guard.ContactBook.
func (b *cliContacts) ContactCounts(ctx context.Context, keys []string) (map[string]int, error) {
	if err := b.open(ctx); err != nil {
		return nil, err
	}
	return b.st.ContactCounts(ctx, keys)
}

// ContactNames implements guard.ContactNames.
func (b *cliContacts) ContactNames(ctx context.Context) (map[string]string, error) {
	if err := b.open(ctx); err != nil {
		return nil, err
	}
	return b.st.ContactNames(ctx)
}

// open opens the store on the first lookup.
func (b *cliContacts) open(ctx context.Context) error {
	b.once.Do(func() {
		if ref := b.a.storeRefValue(); !isPostgresURL(ref) {
			path, err := b.a.dbFile()
			if err != nil {
				b.err = err
				return
			}
			if _, err := os.Stat(path); err != nil {
				b.err = errNoContactBook
				return
			}
		}
		b.st, b.err = b.a.openStore(ctx)
	})
	if b.err != nil {
		return fmt.Errorf("contact book: %w", b.err)
	}
	return nil
}

// Close closes the store if it was opened.
func (b *cliContacts) Close() error {
	if b.st == nil {
		return nil
	}
	return b.st.Close()
}
