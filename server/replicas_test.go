package server_test

import (
	"context"
	"net/http"
	"net/http/httptest"
	"sync"
	"testing"
	"time"

	"github.com/actionguard/actionguard/audit"
	"github.com/actionguard/actionguard/guard"
	"github.com/actionguard/actionguard/server"
	"github.com/actionguard/actionguard/store"
	"github.com/actionguard/actionguard/store/postgres"
	"github.com/actionguard/actionguard/store/postgres/pgtest"
)

// replica starts a server on its own connection pool to the database, as
// another process would.
func replica(t *testing.T, dbURL, secret string) *env {
	t.Helper()
	st, err := postgres.Open(context.Background(), dbURL)
	if err != nil {
		t.Fatal(err)
	}
	srv := server.New(st, guard.New(guard.WithHome("/home/u")), server.WithPollInterval(50*time.Millisecond), server.WithTokenCacheTTL(0))
	ts := httptest.NewServer(srv)
	t.Cleanup(func() {
		srv.Close()
		ts.Close()
		st.Close()
	})
	return &env{t: t, st: st, srv: srv, ts: ts, token: secret}
}

// TestReplicasOnOnePostgreSQL: two servers on one database are one
// service: an approval opened through one and granted through the other is
// seen by the first, in its list and on its event stream; the call then
// passes once through either; both append to one unbroken audit chain.
func TestReplicasOnOnePostgreSQL(t *testing.T) {
	dbURL := pgtest.FreshSchema(t)
	setup, err := postgres.Open(context.Background(), dbURL)
	if err != nil {
		t.Fatal(err)
	}
	secret, tok := server.NewToken("alice", time.Now())
	tok.Scope = store.ScopeApprover
	if err := setup.CreateToken(context.Background(), tok); err != nil {
		t.Fatal(err)
	}
	if err := audit.New(setup).Append(context.Background(), server.GrantRecord(tok)); err != nil {
		t.Fatal(err)
	}
	setup.Close()

	a, b := replica(t, dbURL, secret), replica(t, dbURL, secret)
	eventsA, eventsB := a.subscribe(nil), b.subscribe(nil)

	d := a.check(forcePush("replica-1"))
	if d.Verdict != guard.Approve || d.ApprovalID == "" {
		t.Fatalf("force push through A: %+v", d)
	}
	if ev := nextEvent(t, eventsB, server.EventOpened); ev.Approval.ID != d.ApprovalID {
		t.Errorf("B saw %s opened, want %s", ev.Approval.ID, d.ApprovalID)
	}
	nextEvent(t, eventsA, server.EventOpened)

	code, body := b.do("POST", "/v1/approvals/"+d.ApprovalID+"/approve", map[string]any{"note": "through B"})
	if code != http.StatusOK {
		t.Fatalf("approve through B: %d %s", code, body)
	}
	if ev := nextEvent(t, eventsA, server.EventDecided); ev.Approval.ID != d.ApprovalID || ev.Approval.Status != "approved" {
		t.Errorf("A's stream: %s %s", ev.Approval.ID, ev.Approval.Status)
	}
	_, body = a.do("GET", "/v1/approvals?all=1", nil)
	list := decode[struct{ Approvals []approvalView }](t, body)
	if len(list.Approvals) != 1 || list.Approvals[0].Status != "approved" || list.Approvals[0].Note != "through B" {
		t.Errorf("A's list: %s", body)
	}
	_, body = a.do("GET", "/v1/approvals", nil)
	if n := len(decode[struct{ Approvals []approvalView }](t, body).Approvals); n != 0 {
		t.Errorf("A still lists %d pending", n)
	}

	// The approval lets the call through once, whichever replica it reaches.
	if pass := b.check(forcePush("replica-1")); pass.Verdict != guard.Allow {
		t.Fatalf("the approved call through B: %+v", pass)
	}
	nextEvent(t, eventsA, server.EventUsed)
	if again := a.check(forcePush("replica-1")); again.Verdict != guard.Approve {
		t.Errorf("the call after, through A: %s", again.Verdict)
	}

	// Both replicas append to one chain.
	var wg sync.WaitGroup
	for _, e := range []*env{a, b} {
		for range 40 {
			wg.Add(1)
			go func() {
				defer wg.Done()
				if code, body := e.do("POST", "/v1/check", routine); code != 200 {
					t.Errorf("%d %s", code, body)
				}
			}()
		}
	}
	wg.Wait()
	res, err := audit.New(a.st).Verify(context.Background(), nil)
	if err != nil || !res.OK() {
		t.Fatalf("Verify: %v %v", res, err)
	}
	if n, _ := audit.New(b.st).Count(context.Background()); n < 84 {
		t.Errorf("%d records, want at least 84", n)
	}
}
