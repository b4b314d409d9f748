package postgres_test

import (
	"context"
	"errors"
	"fmt"
	neturl "net/url"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/actionguard/actionguard/approval"
	"github.com/actionguard/actionguard/audit"
	"github.com/actionguard/actionguard/feedback"
	"github.com/actionguard/actionguard/guard"
	"github.com/actionguard/actionguard/store"
	"github.com/actionguard/actionguard/store/postgres"
	"github.com/actionguard/actionguard/store/storetest"
)

// open opens the store at url and closes it when the test ends.
func open(t testing.TB, url string, opts ...postgres.Option) *postgres.Store {
	t.Helper()
	s, err := postgres.Open(context.Background(), url, append([]postgres.Option{postgres.WithMaxConns(4)}, opts...)...)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		if err := s.Close(); err != nil {
			t.Error(err)
		}
	})
	return s
}

// TestStore runs the suite every store passes, each test in a schema of
// its own.
func TestStore(t *testing.T) {
	postgres.Database(t)
	storetest.Run(t, func(t *testing.T) store.Store {
		url := postgres.FreshSchema(t)
		key := postgres.WithAuditKeyFile(filepath.Join(t.TempDir(), "audit.key"))
		return suiteStore{open(t, url, key), url, key}
	})
}

// suiteStore lets storetest run SQL on the database and open it again.
type suiteStore struct {
	*postgres.Store
	url string
	key postgres.Option
}

func (s suiteStore) Exec(t *testing.T, sql string) {
	t.Helper()
	postgres.Admin(t, s.url, `ALTER TABLE audit DISABLE TRIGGER USER`, sql)
}

func (s suiteStore) Reopen(t *testing.T) store.Store {
	return suiteStore{open(t, s.url, s.key), s.url, s.key}
}

// TestReplicas: two stores on one database, as two servers behind a load
// balancer, share the queue and append to one chain.
func TestReplicas(t *testing.T) {
	ctx := context.Background()
	url := postgres.FreshSchema(t)
	a, b := open(t, url), open(t, url)

	r := approval.New([]byte(`{"tool":"transfer_funds","input":{"amount":900}}`),
		approval.Summary{Tool: "transfer_funds", Verdict: "approve", Risk: 9, Reason: "Moves money."}, time.Now())
	r.SessionID, r.InputHash = "s", "h"
	if err := approval.Open(ctx, a, r); err != nil {
		t.Fatal(err)
	}
	if got, err := b.FindApproval(ctx, approval.Key{Session: "s", InputHash: "h"}); err != nil || got.ID != r.ID {
		t.Fatalf("the other replica finds %q, %v; want %s", got.ID, err, r.ID)
	}
	if _, err := b.DecideApproval(ctx, r.ID, approval.Decision{Status: approval.StatusApproved, By: "ann"}); err != nil {
		t.Fatal(err)
	}
	changed, err := a.ApprovalsUpdated(ctx, r.Updated)
	if err != nil || len(changed) != 1 || changed[0].Status != approval.StatusApproved {
		t.Fatalf("the first replica sees the decision as %+v, %v", changed, err)
	}
	// Both replicas race to use the approval: one wins.
	var wg sync.WaitGroup
	var mu sync.Mutex
	won := 0
	for i := range 8 {
		st := []*postgres.Store{a, b}[i%2]
		wg.Go(func() {
			_, err := st.ConsumeApproval(ctx, r.ID, time.Now())
			mu.Lock()
			defer mu.Unlock()
			switch {
			case err == nil:
				won++
			case !errors.Is(err, approval.ErrUsed):
				t.Errorf("a losing replica got %v, want ErrUsed", err)
			}
		})
	}
	wg.Wait()
	if won != 1 {
		t.Errorf("%d replicas used the approval, want 1", won)
	}

	// Concurrent appends, single and batched, from both: one chain.
	const writers, rounds = 6, 20
	errs := make(chan error, writers*rounds)
	for w := range writers {
		l := audit.New([]*postgres.Store{a, b}[w%2])
		wg.Go(func() {
			for i := range rounds {
				var err error
				if i%2 == 0 {
					err = l.Append(ctx, &audit.Record{SessionID: fmt.Sprint(w), Tool: "Bash", Verdict: "allow", Rules: []string{"r"}})
				} else {
					batch := make([]*audit.Record, 5)
					for j := range batch {
						// Sends that ran: the only records the contact book learns from.
						batch[j] = &audit.Record{SessionID: fmt.Sprint(w), Tool: "Bash", Kind: audit.RanKind, Verdict: "allow",
							Contacts: []audit.Contact{audit.NewContact(audit.ContactRecipient, "bob@example.com")}}
					}
					err = l.AppendBatch(ctx, batch)
				}
				if err != nil {
					errs <- err
				}
			}
		})
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Fatal(err)
	}
	const want = writers * (rounds/2 + rounds/2*5)
	res, err := audit.New(b).Verify(ctx, nil)
	if err != nil || !res.OK() || res.Checked != want || res.Last.Seq != want {
		t.Errorf("Verify after concurrent appends from two replicas = %v, %v; want %d records, gap-free", res, err, want)
	}
	bob := audit.ContactKey(audit.ContactRecipient, "bob@example.com")
	if got, err := a.ContactCounts(ctx, []string{bob}); err != nil || got[bob] != writers*rounds/2*5 {
		t.Errorf("ContactCounts = %v, %v; want %d interactions with bob", got, err, writers*rounds/2*5)
	}
}

// TestOpenConcurrently: replicas starting together on a new database apply
// each migration once.
func TestOpenConcurrently(t *testing.T) {
	url := postgres.FreshSchema(t)
	var wg sync.WaitGroup
	errs := make(chan error, 6)
	for range 6 {
		wg.Go(func() {
			s, err := postgres.Open(context.Background(), url, postgres.WithMaxConns(1))
			if err != nil {
				errs <- err
				return
			}
			s.Close()
		})
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Error(err)
	}
	s := open(t, url)
	if v, err := s.SchemaVersion(context.Background()); err != nil || v != postgres.LatestVersion() {
		t.Errorf("SchemaVersion = %d, %v; want %d", v, err, postgres.LatestVersion())
	}
	if n := count(t, url, `SELECT count(*) FROM schema_version`); n != postgres.LatestVersion() {
		t.Errorf("schema_version has %d rows, want %d", n, postgres.LatestVersion())
	}
}

func count(t *testing.T, url, query string) int {
	t.Helper()
	ctx := context.Background()
	c, err := pgx.Connect(ctx, url)
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close(ctx)
	var n int
	if err := c.QueryRow(ctx, query).Scan(&n); err != nil {
		t.Fatal(err)
	}
	return n
}

func TestAppendOnly(t *testing.T) {
	ctx := context.Background()
	url := postgres.FreshSchema(t)
	s := open(t, url)
	r := &audit.Record{Verdict: "allow", Action: []byte(`{"id":"d-1"}`)}
	if err := audit.New(s).Append(ctx, r); err != nil {
		t.Fatal(err)
	}
	rec, _, err := s.AuditRecord(ctx, "d-1")
	if err != nil {
		t.Fatal(err)
	}
	e := feedback.New(&rec, guard.Block, "", "ann")
	if err := s.AddFeedback(ctx, &e); err != nil {
		t.Fatal(err)
	}
	c, err := pgx.Connect(ctx, url)
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close(ctx)
	for _, stmt := range []string{
		`UPDATE audit SET verdict = 'block'`, `DELETE FROM audit`, `TRUNCATE audit CASCADE`,
		`UPDATE feedback SET note = 'x'`, `DELETE FROM feedback`, `TRUNCATE feedback`,
	} {
		if _, err := c.Exec(ctx, stmt); err == nil || !strings.Contains(err.Error(), "append-only") {
			t.Errorf("%s: %v, want it refused as append-only", stmt, err)
		}
	}
	if n, err := s.CountAudit(ctx); err != nil || n != 1 {
		t.Errorf("CountAudit = %d, %v; want 1", n, err)
	}
}

// TestRefusesUnstorableText: PostgreSQL text holds no NUL byte nor invalid
// UTF-8; such a record is refused whole, with a reason.
func TestRefusesUnstorableText(t *testing.T) {
	ctx := context.Background()
	s := open(t, postgres.FreshSchema(t))
	l := audit.New(s)
	for _, r := range []*audit.Record{
		{Verdict: "allow", Tool: "a\x00b"},
		{Verdict: "allow", SessionID: "\xff\xfe"},
		{Verdict: "allow", Rules: []string{"ok", "bad\x00"}},
	} {
		err := l.AppendBatch(ctx, []*audit.Record{{Verdict: "allow"}, r})
		if err == nil || !strings.Contains(err.Error(), "PostgreSQL cannot store") {
			t.Errorf("appending %+v: %v, want it refused", r, err)
		}
	}
	if n, err := s.CountAudit(ctx); err != nil || n != 0 {
		t.Errorf("CountAudit = %d, %v; want 0", n, err)
	}
}

func TestOpenErrors(t *testing.T) {
	base := postgres.Database(t)
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	for _, url := range []string{
		"postgres://u:s3cret-pw@127.0.0.1:1/db?connect_timeout=2",
		"host=127.0.0.1 port=1 user=u password=s3cret-pw dbname=db connect_timeout=2",
		"postgres://u:s3cret-pw@127.0.0.1:5432/db?sslmode=nonsense",
	} {
		s, err := postgres.Open(ctx, url)
		if err == nil {
			s.Close()
			t.Errorf("Open(%q) succeeded", url)
			continue
		}
		if strings.Contains(err.Error(), "s3cret-pw") {
			t.Errorf("Open's error shows the password: %v", err)
		}
	}
	// A wrong password.
	wrong := postgres.Redact(base)
	if strings.HasPrefix(wrong, "postgres") {
		wrong = strings.Replace(wrong, "@", ":wrong-s3cret@", 1)
		if _, err := postgres.Open(ctx, wrong); err == nil || strings.Contains(err.Error(), "wrong-s3cret") {
			t.Errorf("Open with a wrong password: %v", err)
		}
	}
}

func TestLocation(t *testing.T) {
	url := postgres.FreshSchema(t)
	s := open(t, url)
	loc := s.Location()
	if s.Kind() != "postgres" || loc != postgres.Redact(url) {
		t.Errorf("Kind, Location = %s, %s; want postgres, the URL without its password", s.Kind(), loc)
	}
	if u, err := neturl.Parse(loc); err == nil && u.User != nil {
		if _, ok := u.User.Password(); ok {
			t.Errorf("Location() = %s shows a password", loc)
		}
	}
}

// TestReconnects: connections the server dropped are replaced.
func TestReconnects(t *testing.T) {
	ctx := context.Background()
	url := postgres.FreshSchema(t)
	name := fmt.Sprintf("ag_test_%d", time.Now().UnixNano())
	s := open(t, postgres.WithParam(t, url, "application_name", name))
	if _, err := s.Approvals(ctx, true); err != nil {
		t.Fatal(err)
	}
	postgres.Admin(t, url, fmt.Sprintf(`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = '%s'`, name))
	time.Sleep(1100 * time.Millisecond) // idle long enough to be pinged
	if _, err := s.Approvals(ctx, true); err != nil {
		t.Errorf("after the server dropped the connections: %v", err)
	}
}

// BenchmarkAppendAuditBatch is what a server pays per record when it
// appends 512 at a time to PostgreSQL (compare audit's BenchmarkAppendBatch
// on SQLite).
func BenchmarkAppendAuditBatch(b *testing.B) {
	ctx := context.Background()
	s := open(b, postgres.FreshSchema(b))
	l := audit.New(s)
	batch := make([]*audit.Record, 0, 512)
	b.ReportAllocs()
	for i := 0; b.Loop(); i++ {
		batch = append(batch, &audit.Record{SessionID: "bench", Agent: "claude-code", Tool: "Bash", Kind: "shell",
			Action:  []byte(fmt.Sprintf(`{"id":"d-%012d","tool":"Bash","input":{"command":"go test ./..."}}`, i)),
			Verdict: "allow", Level: "safe", Rules: []string{"shell.test"}, Reason: "Runs the tests."})
		if len(batch) == cap(batch) {
			if err := l.AppendBatch(ctx, batch); err != nil {
				b.Fatal(err)
			}
			batch = batch[:0]
		}
	}
	if len(batch) > 0 {
		if err := l.AppendBatch(ctx, batch); err != nil {
			b.Fatal(err)
		}
	}
}
