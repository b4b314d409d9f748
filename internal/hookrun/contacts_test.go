package hookrun

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/actionguard/actionguard/audit"
	"github.com/actionguard/actionguard/internal/testwait"
	"github.com/actionguard/actionguard/store"
)

type fakeContactStore struct {
	counts map[string]int
	// block, when set, holds every lookup until it is closed: a database
	// slower than any timeout, without a clock in the test.
	block  chan struct{}
	closed atomic.Int32
}

func (s *fakeContactStore) ContactCounts(ctx context.Context, keys []string) (map[string]int, error) {
	if s.block != nil {
		<-s.block
	}
	return s.counts, nil
}

func (s *fakeContactStore) ContactNames(ctx context.Context) (map[string]string, error) {
	if s.block != nil {
		<-s.block
	}
	return map[string]string{"k": "Alex Kim"}, nil
}

func (s *fakeContactStore) Close() error { s.closed.Add(1); return nil }

// The names are looked up through the same opened store, and a slow
// database costs the timeout, not a hang.
func TestHookContactNames(t *testing.T) {
	st := &fakeContactStore{}
	b := newHookContacts("unused", nil, ContactTimeout)
	opened := 0
	b.open = func(context.Context, string) (contactStore, error) { opened++; return st, nil }
	defer b.Close()
	if _, err := b.ContactCounts(context.Background(), []string{"k"}); err != nil {
		t.Fatal(err)
	}
	names, err := b.ContactNames(context.Background())
	if err != nil || names["k"] != "Alex Kim" || opened != 1 {
		t.Fatalf("names %v, %v; opened %d times", names, err, opened)
	}
	st.block = make(chan struct{})
	defer close(st.block)
	if _, err := b.ContactNames(context.Background()); !errors.Is(err, context.DeadlineExceeded) {
		t.Errorf("a database slower than the timeout: %v", err)
	}
}

// The contact book is opened only when asked, answers, and is closed when
// the hook ends.
func TestHookContactsLazy(t *testing.T) {
	st := &fakeContactStore{counts: map[string]int{"k": 7}}
	opened := 0
	b := newHookContacts("/nonexistent/audit.db", &database{open: testOpen}, ContactTimeout)
	b.open = func(context.Context, string) (contactStore, error) { opened++; return st, nil }
	if opened != 0 {
		t.Fatal("opened before use")
	}
	for range 2 {
		c, err := b.ContactCounts(context.Background(), []string{"k"})
		if err != nil || c["k"] != 7 {
			t.Fatalf("counts %v, %v", c, err)
		}
	}
	if opened != 1 {
		t.Errorf("opened %d times, want once", opened)
	}
	b.Close()
	if st.closed.Load() != 1 {
		t.Errorf("closed %d times", st.closed.Load())
	}
	if _, err := b.ContactCounts(context.Background(), []string{"k"}); err == nil {
		t.Error("a closed book answered")
	}
}

// A database that never answers costs the hook its timeout, not the
// call: the lookup gives up with DeadlineExceeded while the store is still
// busy, and the store is closed when the lookup it was left to finishes.
func TestHookContactsTimeout(t *testing.T) {
	st := &fakeContactStore{block: make(chan struct{})}
	b := newHookContacts("x", &database{open: testOpen}, ContactTimeout)
	b.open = func(context.Context, string) (contactStore, error) { return st, nil }
	_, err := b.ContactCounts(context.Background(), []string{"k"})
	if err == nil || !errors.Is(err, context.DeadlineExceeded) {
		t.Fatalf("slow book: %v", err)
	}
	if st.closed.Load() != 0 {
		t.Fatal("the store was closed while a lookup still used it")
	}
	b.Close()
	close(st.block)
	testwait.Until(t, "the store to be closed", func() bool { return st.closed.Load() != 0 })
	if st.closed.Load() != 1 {
		t.Error("the store left to a slow lookup was not closed")
	}
}

// A hook never creates the audit database to look contacts up.
func TestHookContactsNoDatabase(t *testing.T) {
	db := filepath.Join(t.TempDir(), "audit.db")
	b := newHookContacts(db, &database{open: testOpen}, ContactTimeout)
	defer b.Close()
	if _, err := b.ContactCounts(context.Background(), []string{"k"}); !errors.Is(err, errNoBook) {
		t.Errorf("missing database: %v", err)
	}
	if _, err := os.Stat(db); err == nil {
		t.Error("the lookup created the database")
	}
}

// End to end: a contact imported as frequent makes a hook's e-mail to it
// run; a stranger's waits. Skipped while the store's contact book is not
// implemented.
func TestHookContactsThroughRun(t *testing.T) {
	cfg, db := testConfig(t)
	// The book is given as long as it may take: under -race or a loaded
	// machine, opening it takes longer than a hook call's default wait,
	// and every recipient would be new.
	getenv := cfg.Getenv
	cfg.Getenv = func(k string) string {
		if k == "ACTIONGUARD_CONTACT_TIMEOUT" {
			return "10s"
		}
		if getenv == nil {
			return os.Getenv(k)
		}
		return getenv(k)
	}
	ctx := context.Background()
	st, err := store.Open(ctx, db)
	if err != nil {
		t.Fatal(err)
	}
	_, err = st.ImportContacts(ctx, []store.Contact{{Contact: audit.NewContact(audit.ContactRecipient, "bob@acme.com"), Interactions: 9, Source: "import"}})
	st.Close()
	if err != nil && strings.Contains(err.Error(), "not implemented") {
		t.Skip("the store's contact book is not implemented yet")
	}
	if err != nil {
		t.Fatal(err)
	}
	mail := func(to string) string {
		return call(t, cfg, map[string]any{"session_id": "s1", "hook_event_name": "PreToolUse", "tool_name": "mcp__gmail__send_email",
			"tool_input": map[string]any{"to": []any{to}, "subject": "Lunch", "body": "Friday?"}})
	}
	if out := mail("bob@acme.com"); !strings.Contains(out, `"allow"`) {
		t.Errorf("a frequent contact: %s", out)
	}
	if out := mail("eve@example.org"); !strings.Contains(out, `"ask"`) {
		t.Errorf("a new contact: %s", out)
	}
}

func TestContactTimeoutFromEnvironment(t *testing.T) {
	cases := map[string]time.Duration{
		"":      ContactTimeout,
		"junk":  ContactTimeout,
		"2s":    2 * time.Second,
		"0":     time.Millisecond,
		"-5s":   time.Millisecond,
		"1h":    10 * time.Second,
		"250ms": 250 * time.Millisecond,
	}
	for v, want := range cases {
		got := contactTimeout(func(k string) string {
			if k == "ACTIONGUARD_CONTACT_TIMEOUT" {
				return v
			}
			return ""
		})
		if got != want {
			t.Errorf("ACTIONGUARD_CONTACT_TIMEOUT=%q: %v, want %v", v, got, want)
		}
	}
}
