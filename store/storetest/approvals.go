package storetest

import (
	"context"
	"errors"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/actionguard/actionguard/approval"
	"github.com/actionguard/actionguard/audit"
	"github.com/actionguard/actionguard/store"
)

// request returns a pending request with a fixed id, created at created.
func request(id string, created time.Time, session, inputHash string) *approval.Request {
	sum := approval.Summary{Tool: "mcp__db__drop", Agent: "claude-code", SessionID: session, Verdict: "approve",
		Level: "privileged", Risk: 8, Reason: "Deletes data.", Rules: []string{"sql.drop"},
		Findings: []approval.Finding{{Rule: "sql.drop", Category: "sql", Message: "Drops a table."}}}
	r := approval.New([]byte(`{"tool":"mcp__db__drop","input":{"table":"users","password":"hunter2secretpw"}}`), sum, created)
	r.ID, r.SessionID, r.InputHash, r.File = id, session, inputHash, "/tmp/approvals/"+id+".md"
	return r
}

// openRequests opens rs in order.
func openRequests(t *testing.T, st store.Store, rs ...*approval.Request) {
	t.Helper()
	for _, r := range rs {
		if err := st.OpenApproval(context.Background(), r); err != nil {
			t.Fatalf("OpenApproval(%s): %v", r.ID, err)
		}
	}
}

func ids(rs []approval.Request) []string {
	out := make([]string, 0, len(rs))
	for _, r := range rs {
		out = append(out, r.ID)
	}
	return out
}

func testApprovalOpen(t *testing.T, open func(*testing.T) store.Store) {
	ctx := context.Background()
	st := open(t)
	before := now()
	r := request("ap-open01", before.Add(-time.Minute), "sess-1", "hash-1")
	openRequests(t, st, r)
	if r.Updated.Before(before) || r.Updated.After(now().Add(time.Second)) {
		t.Errorf("Updated = %v after opening at %v", r.Updated, before)
	}
	got, err := st.Approval(ctx, r.ID)
	if err != nil {
		t.Fatal(err)
	}
	if d := diff(*r, got); d != "" {
		t.Errorf("Approval returns another request than was opened (-opened +read):\n%s", d)
	}
	if string(got.Action) == "" || strings.Contains(string(got.Action), "hunter2") {
		t.Errorf("Action = %s, want it kept, redacted", got.Action)
	}
	dup := request(r.ID, before, "other", "other")
	if err := st.OpenApproval(ctx, dup); !errors.Is(err, approval.ErrDuplicate) {
		t.Errorf("opening a taken id: %v, want ErrDuplicate", err)
	}
	if got, _ := st.Approval(ctx, r.ID); got.SessionID != "sess-1" {
		t.Errorf("a duplicate changed the request: session %q", got.SessionID)
	}
	if _, err := st.Approval(ctx, "ap-none22"); !errors.Is(err, approval.ErrNotFound) {
		t.Errorf("Approval of an unknown id: %v, want ErrNotFound", err)
	}
}

func testApprovalList(t *testing.T, open func(*testing.T) store.Store) {
	ctx := context.Background()
	st := open(t)
	at := now()
	stale := request("ap-stale1", at.Add(-25*time.Hour), "s", "h0")
	c1 := request("ap-list01", at.Add(-3*time.Minute), "s", "h1")
	c2 := request("ap-list02", at.Add(-2*time.Minute), "s", "h2")
	c3 := request("ap-list03", at.Add(-1*time.Minute), "s", "h3")
	openRequests(t, st, c2, stale, c1, c3)
	pending, err := st.Approvals(ctx, false)
	if err != nil {
		t.Fatal(err)
	}
	if d := diff([]string{"ap-list03", "ap-list02", "ap-list01"}, ids(pending)); d != "" {
		t.Errorf("pending requests, newest first (-want +got):\n%s", d)
	}
	if _, err := st.DecideApproval(ctx, c2.ID, approval.Decision{Status: approval.StatusRejected, By: "ann"}); err != nil {
		t.Fatal(err)
	}
	pending, _ = st.Approvals(ctx, false)
	if d := diff([]string{"ap-list03", "ap-list01"}, ids(pending)); d != "" {
		t.Errorf("pending after rejecting one (-want +got):\n%s", d)
	}
	all, err := st.Approvals(ctx, true)
	if err != nil {
		t.Fatal(err)
	}
	if d := diff([]string{"ap-list03", "ap-list02", "ap-list01", "ap-stale1"}, ids(all)); d != "" {
		t.Fatalf("every request, newest first (-want +got):\n%s", d)
	}
	want := []approval.Status{approval.StatusPending, approval.StatusRejected, approval.StatusPending, approval.StatusExpired}
	for i, r := range all {
		if r.Status != want[i] {
			t.Errorf("%s is %s, want %s", r.ID, r.Status, want[i])
		}
	}
}

func testApprovalDecide(t *testing.T, open func(*testing.T) store.Store) {
	ctx := context.Background()
	st := open(t)
	r := request("ap-decid1", now(), "s", "h")
	confirm := request("ap-decid2", now(), "s", "h2")
	confirm.Decision.Verdict = "confirm"
	openRequests(t, st, r, confirm)

	at := now().Add(time.Hour + 789*time.Nanosecond).In(time.FixedZone("x", 3600))
	got, err := st.DecideApproval(ctx, r.ID, approval.Decision{Status: approval.StatusApproved, By: "bob", Note: "fine", At: at})
	if err != nil {
		t.Fatal(err)
	}
	wantAt := at.UTC().Truncate(time.Microsecond)
	if got.Status != approval.StatusApproved || got.DecidedBy != "bob" || got.Note != "fine" || !got.DecidedAt.Equal(wantAt) {
		t.Errorf("DecideApproval = %s by %q (%q) at %v; want approved by bob (fine) at %v", got.Status, got.DecidedBy, got.Note, got.DecidedAt, wantAt)
	}
	if !got.Updated.After(r.Updated) {
		t.Errorf("Updated = %v after deciding, was %v", got.Updated, r.Updated)
	}
	read, err := st.Approval(ctx, r.ID)
	if err != nil {
		t.Fatal(err)
	}
	if d := diff(got, read); d != "" {
		t.Errorf("the decided request reads back otherwise (-returned +read):\n%s", d)
	}

	again, err := st.DecideApproval(ctx, r.ID, approval.Decision{Status: approval.StatusRejected, By: "eve"})
	if !errors.Is(err, approval.ErrDecided) {
		t.Errorf("deciding twice: %v, want ErrDecided", err)
	}
	if again.Status != approval.StatusApproved || again.DecidedBy != "bob" {
		t.Errorf("deciding twice returned %s by %q, want the request as it stands (approved by bob)", again.Status, again.DecidedBy)
	}
	if read, _ := st.Approval(ctx, r.ID); read.Status != approval.StatusApproved || read.DecidedBy != "bob" {
		t.Errorf("a second decision changed the request: %s by %q", read.Status, read.DecidedBy)
	}

	if _, err := st.DecideApproval(ctx, "ap-none22", approval.Decision{Status: approval.StatusApproved}); !errors.Is(err, approval.ErrNotFound) {
		t.Errorf("deciding an unknown id: %v, want ErrNotFound", err)
	}
	if _, err := st.DecideApproval(ctx, confirm.ID, approval.Decision{Status: approval.StatusPending}); err == nil {
		t.Errorf("deciding with status pending succeeded")
	}
	if _, err := st.DecideApproval(ctx, confirm.ID, approval.Decision{Status: "maybe"}); err == nil {
		t.Errorf("deciding with status maybe succeeded")
	}
	// Automatic confirmation: only for a confirm request.
	r2 := request("ap-decid3", now(), "s", "h3")
	openRequests(t, st, r2)
	if _, err := st.DecideApproval(ctx, r2.ID, approval.Decision{Status: approval.StatusApproved, Auto: true}); err == nil || errors.Is(err, approval.ErrDecided) {
		t.Errorf("automatic confirmation of an approve request: %v, want it refused", err)
	}
	if got, _ := st.Approval(ctx, r2.ID); got.Status != approval.StatusPending {
		t.Errorf("a refused automatic confirmation left the request %s", got.Status)
	}
	before := now()
	got, err = st.DecideApproval(ctx, confirm.ID, approval.Decision{Status: approval.StatusApproved, By: "countdown", Auto: true})
	if err != nil || got.Status != approval.StatusApproved {
		t.Fatalf("automatic confirmation of a confirm request = %s, %v", got.Status, err)
	}
	if got.DecidedAt.Before(before) || got.DecidedAt.After(now().Add(time.Second)) {
		t.Errorf("a decision without a time was stamped %v, want now (%v)", got.DecidedAt, before)
	}
}

func testApprovalExpiry(t *testing.T, open func(*testing.T) store.Store) {
	ctx := context.Background()
	st := open(t)
	stale := request("ap-stale1", now().Add(-25*time.Hour), "s", "h")
	openRequests(t, st, stale)
	got, err := st.Approval(ctx, stale.ID)
	if err != nil || got.Status != approval.StatusExpired || !got.DecidedAt.Equal(stale.Expires) {
		t.Errorf("a request past its expiry reads as %s decided at %v (%v), want expired at %v", got.Status, got.DecidedAt, err, stale.Expires)
	}
	got, err = st.DecideApproval(ctx, stale.ID, approval.Decision{Status: approval.StatusApproved, By: "bob"})
	if !errors.Is(err, approval.ErrExpired) {
		t.Errorf("approving an expired request: %v, want ErrExpired", err)
	}
	if got.Status != approval.StatusExpired || got.DecidedBy != "" {
		t.Errorf("approving an expired request returned %s by %q, want expired by nobody", got.Status, got.DecidedBy)
	}
	if _, err := st.DecideApproval(ctx, stale.ID, approval.Decision{Status: approval.StatusApproved}); !errors.Is(err, approval.ErrDecided) {
		t.Errorf("approving it again: %v, want ErrDecided (it is marked expired now)", err)
	}

	// ExpireApprovals marks what is past its expiry at the time it is given.
	at := now()
	soon1 := request("ap-soon01", at, "s", "h1")
	soon2 := request("ap-soon02", at, "s", "h2")
	later := request("ap-later1", at, "s", "h3")
	soon1.Expires, soon2.Expires, later.Expires = at.Add(time.Hour), at.Add(90*time.Minute), at.Add(3*time.Hour)
	openRequests(t, st, soon1, soon2, later)
	marked, err := st.ExpireApprovals(ctx, at.Add(2*time.Hour))
	if err != nil || len(marked) != 2 {
		t.Errorf("ExpireApprovals = %d requests, %v; want 2", len(marked), err)
	}
	for _, r := range marked {
		if r.Status != approval.StatusExpired || r.ID != soon1.ID && r.ID != soon2.ID {
			t.Errorf("ExpireApprovals returned %s %s, want %s or %s expired", r.ID, r.Status, soon1.ID, soon2.ID)
		}
	}
	if again, err := st.ExpireApprovals(ctx, at.Add(2*time.Hour)); err != nil || len(again) != 0 {
		t.Errorf("ExpireApprovals again = %d requests, %v; want none", len(again), err)
	}
	for _, r := range []*approval.Request{soon1, soon2} {
		got, err := st.Approval(ctx, r.ID)
		if err != nil || got.Status != approval.StatusExpired || !got.DecidedAt.Equal(r.Expires) {
			t.Errorf("%s after ExpireApprovals: %s at %v (%v), want expired at %v", r.ID, got.Status, got.DecidedAt, err, r.Expires)
		}
	}
	if got, _ := st.Approval(ctx, later.ID); got.Status != approval.StatusPending {
		t.Errorf("%s is %s, want still pending", later.ID, got.Status)
	}
}

func testFindApproval(t *testing.T, open func(*testing.T) store.Store) {
	ctx := context.Background()
	st := open(t)
	find := func(session, hash string) (string, error) {
		r, err := st.FindApproval(ctx, approval.Key{Session: session, InputHash: hash})
		return r.ID, err
	}
	if _, err := find("s", "h"); !errors.Is(err, approval.ErrNotFound) {
		t.Errorf("FindApproval on an empty queue: %v, want ErrNotFound", err)
	}
	at := now()
	older := request("ap-find01", at.Add(-2*time.Minute), "s", "h")
	newer := request("ap-find02", at.Add(-time.Minute), "s", "h")
	stale := request("ap-find03", at.Add(-25*time.Hour), "s", "h-stale")
	otherSession := request("ap-find04", at, "s2", "h")
	openRequests(t, st, older, newer, stale, otherSession)
	decide := func(id string, status approval.Status) {
		t.Helper()
		if _, err := st.DecideApproval(ctx, id, approval.Decision{Status: status, By: "bob"}); err != nil {
			t.Fatal(err)
		}
	}
	for _, step := range []struct {
		do   func()
		want string // "" for ErrNotFound
	}{
		{func() {}, newer.ID}, // the newest pending one
		{func() { decide(newer.ID, approval.StatusRejected) }, older.ID}, // a rejected one is not found
		{func() { decide(older.ID, approval.StatusApproved) }, older.ID}, // approved, unused
		{func() {
			if _, err := st.ConsumeApproval(ctx, older.ID, time.Time{}); err != nil {
				t.Fatal(err)
			}
		}, ""}, // used
	} {
		step.do()
		got, err := find("s", "h")
		if step.want == "" {
			if !errors.Is(err, approval.ErrNotFound) {
				t.Errorf("FindApproval = %s, %v; want ErrNotFound", got, err)
			}
			continue
		}
		if err != nil || got != step.want {
			t.Errorf("FindApproval = %s, %v; want %s", got, err, step.want)
		}
	}
	if _, err := find("s", "h-stale"); !errors.Is(err, approval.ErrNotFound) {
		t.Errorf("FindApproval of an expired request: %v, want ErrNotFound", err)
	}
	if got, err := find("s2", "h"); err != nil || got != otherSession.ID {
		t.Errorf("FindApproval in another session = %s, %v; want %s", got, err, otherSession.ID)
	}
	if _, err := find("s3", "h"); !errors.Is(err, approval.ErrNotFound) {
		t.Errorf("FindApproval in a session without requests: %v, want ErrNotFound", err)
	}
}

func testConsumeApproval(t *testing.T, open func(*testing.T) store.Store) {
	ctx := context.Background()
	st := open(t)
	pending := request("ap-cons01", now(), "s", "h1")
	rejected := request("ap-cons02", now(), "s", "h2")
	approved := request("ap-cons03", now(), "s", "h3")
	openRequests(t, st, pending, rejected, approved)
	if _, err := st.DecideApproval(ctx, rejected.ID, approval.Decision{Status: approval.StatusRejected}); err != nil {
		t.Fatal(err)
	}
	dec, err := st.DecideApproval(ctx, approved.ID, approval.Decision{Status: approval.StatusApproved})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := st.ConsumeApproval(ctx, "ap-none22", time.Time{}); !errors.Is(err, approval.ErrNotFound) {
		t.Errorf("using an unknown request: %v, want ErrNotFound", err)
	}
	for _, id := range []string{pending.ID, rejected.ID} {
		if _, err := st.ConsumeApproval(ctx, id, time.Time{}); !errors.Is(err, approval.ErrNotApproved) {
			t.Errorf("using %s: %v, want ErrNotApproved", id, err)
		}
	}

	// Eight callers race for one approval: exactly one wins.
	at := time.Date(2030, 5, 6, 7, 8, 9, 123456789, time.UTC)
	const racers = 8
	errs := make([]error, racers)
	var wg sync.WaitGroup
	start := make(chan struct{})
	for i := range racers {
		wg.Go(func() {
			<-start
			_, errs[i] = st.ConsumeApproval(ctx, approved.ID, at)
		})
	}
	close(start)
	wg.Wait()
	won := 0
	for _, err := range errs {
		switch {
		case err == nil:
			won++
		case !errors.Is(err, approval.ErrUsed):
			t.Errorf("a losing caller got %v, want ErrUsed", err)
		}
	}
	if won != 1 {
		t.Errorf("%d of %d racing callers used the approval, want exactly 1", won, racers)
	}
	got, err := st.Approval(ctx, approved.ID)
	if err != nil || !got.UsedAt.Equal(at.Truncate(time.Microsecond)) || got.Status != approval.StatusApproved {
		t.Errorf("the used request: %s, used at %v (%v); want approved, used at %v", got.Status, got.UsedAt, err, at)
	}
	if !got.Updated.After(dec.Updated) {
		t.Errorf("Updated = %v after use, was %v", got.Updated, dec.Updated)
	}
	r, err := st.ConsumeApproval(ctx, approved.ID, time.Time{})
	if !errors.Is(err, approval.ErrUsed) || r.ID != approved.ID || !r.UsedAt.Equal(got.UsedAt) {
		t.Errorf("using it again = %+v, %v; want ErrUsed with the request", r, err)
	}
}

func testApprovalsUpdated(t *testing.T, open func(*testing.T) store.Store) {
	ctx := context.Background()
	st := open(t)
	updated := func(since time.Time) []approval.Request {
		t.Helper()
		rs, err := st.ApprovalsUpdated(ctx, since)
		if err != nil {
			t.Fatal(err)
		}
		for i := 1; i < len(rs); i++ {
			if rs[i].Updated.Before(rs[i-1].Updated) {
				t.Errorf("ApprovalsUpdated is not oldest change first: %v after %v", rs[i].Updated, rs[i-1].Updated)
			}
		}
		return rs
	}
	if rs := updated(time.Time{}); len(rs) != 0 {
		t.Errorf("ApprovalsUpdated on an empty queue = %v", ids(rs))
	}
	a := request("ap-upd001", now(), "s", "ha")
	b := request("ap-upd002", now(), "s", "hb")
	openRequests(t, st, a, b)
	if d := diff([]string{a.ID, b.ID}, ids(updated(time.Time{}))); d != "" {
		t.Errorf("after opening two (-want +got):\n%s", d)
	}
	mark := b.Updated
	if rs := updated(mark); len(rs) != 0 {
		t.Errorf("nothing changed after the last change, yet ApprovalsUpdated = %v", ids(rs))
	}

	dec, err := st.DecideApproval(ctx, a.ID, approval.Decision{Status: approval.StatusApproved, By: "bob"})
	if err != nil {
		t.Fatal(err)
	}
	rs := updated(mark)
	if len(rs) != 1 || rs[0].ID != a.ID || rs[0].Status != approval.StatusApproved || !rs[0].Updated.Equal(dec.Updated) {
		t.Fatalf("after a decision, ApprovalsUpdated = %+v; want %s approved, updated at %v", rs, a.ID, dec.Updated)
	}

	mark = dec.Updated
	if _, err := st.ConsumeApproval(ctx, a.ID, time.Time{}); err != nil {
		t.Fatal(err)
	}
	rs = updated(mark)
	if len(rs) != 1 || rs[0].ID != a.ID || rs[0].UsedAt.IsZero() {
		t.Fatalf("after a use, ApprovalsUpdated = %+v; want %s used", rs, a.ID)
	}

	mark = rs[0].Updated
	if marked, err := st.ExpireApprovals(ctx, now().Add(48*time.Hour)); err != nil || len(marked) != 1 {
		t.Fatalf("ExpireApprovals = %d requests, %v; want 1", len(marked), err)
	}
	rs = updated(mark)
	if len(rs) != 1 || rs[0].ID != b.ID || rs[0].Status != approval.StatusExpired {
		t.Errorf("after expiring, ApprovalsUpdated = %+v; want %s expired", rs, b.ID)
	}
	if d := diff([]string{a.ID, b.ID}, ids(updated(a.Updated))); d != "" {
		t.Errorf("the requests changed since a was opened, oldest change first (-want +got):\n%s", d)
	}
}

// An approval is found only for exactly its call (session, input, working
// directory, agent); it is linked to its decision's audit record once; the
// records around one are read by Seq.
func testApprovalBinding(t *testing.T, open func(*testing.T) store.Store) {
	ctx := context.Background()
	st := open(t)
	k := approval.Key{Session: "s", InputHash: "h", Cwd: "/home/alice/proj", Agent: "claude-code"}
	r := request("ap-bind01", now(), k.Session, k.InputHash)
	r.Cwd, r.Agent = k.Cwd, k.Agent
	openRequests(t, st, r)
	got, err := st.FindApproval(ctx, k)
	if err != nil || got.ID != r.ID || got.Key() != k {
		t.Fatalf("FindApproval(%+v) = %+v, %v", k, got, err)
	}
	for _, other := range []approval.Key{
		{Session: "s", InputHash: "h", Cwd: "/etc", Agent: "claude-code"},
		{Session: "s", InputHash: "h", Cwd: "/home/alice/proj", Agent: "codex"},
		{Session: "s", InputHash: "h"},
		{Session: "s2", InputHash: "h", Cwd: "/home/alice/proj", Agent: "claude-code"},
	} {
		if got, err := st.FindApproval(ctx, other); !errors.Is(err, approval.ErrNotFound) {
			t.Errorf("FindApproval(%+v) = %s, %v; want ErrNotFound", other, got.ID, err)
		}
	}
	if _, err := st.LinkDecision(ctx, r.ID, 7, "abc"); !errors.Is(err, approval.ErrLinked) {
		t.Errorf("LinkDecision on a pending request: %v, want ErrLinked", err)
	}
	if _, err := st.DecideApproval(ctx, r.ID, approval.Decision{Status: approval.StatusApproved, By: "alice"}); err != nil {
		t.Fatal(err)
	}
	linked, err := st.LinkDecision(ctx, r.ID, 7, "abc")
	if err != nil || linked.DecisionSeq != 7 || linked.DecisionHash != "abc" || !linked.Updated.After(r.Updated) {
		t.Errorf("LinkDecision = %+v, %v", linked, err)
	}
	if _, err := st.LinkDecision(ctx, r.ID, 9, "def"); !errors.Is(err, approval.ErrLinked) {
		t.Errorf("LinkDecision again: %v, want ErrLinked", err)
	}
	if _, err := st.LinkDecision(ctx, "ap-nothere", 9, "def"); !errors.Is(err, approval.ErrNotFound) {
		t.Errorf("LinkDecision of no request: %v, want ErrNotFound", err)
	}
	if got, _ := st.Approval(ctx, r.ID); got.DecisionSeq != 7 || got.DecisionHash != "abc" || got.Key() != k {
		t.Errorf("stored %+v", got)
	}

	chain, ok := st.(approval.Chain)
	if !ok {
		t.Fatalf("%T is not an approval.Chain", st)
	}
	log := audit.New(st)
	for i := range 5 {
		if err := log.Append(ctx, &audit.Record{SessionID: "s", Tool: "Bash", Verdict: "allow", Reason: strings.Repeat("x", i)}); err != nil {
			t.Fatal(err)
		}
	}
	recs, err := chain.AuditRecords(ctx, 2, 4)
	if err != nil || len(recs) != 3 || recs[0].Seq != 2 || recs[2].Seq != 4 || recs[1].PrevHash != recs[0].Hash {
		t.Errorf("AuditRecords(2, 4) = %+v, %v", recs, err)
	}
	if recs, err := chain.AuditRecords(ctx, 5, 9); err != nil || len(recs) != 1 || recs[0].Seq != 5 {
		t.Errorf("AuditRecords(5, 9) = %+v, %v", recs, err)
	}
}

// A token keeps the scope it was created with; without one it gets the
// least (check); an unknown one is refused.
func testTokenScopes(t *testing.T, open func(*testing.T) store.Store) {
	ctx := context.Background()
	st := open(t)
	for i, scope := range []string{"", store.ScopeCheck, store.ScopeRead, store.ScopeApprover} {
		id := "tok-scope0" + string(rune('a'+i))
		tok := store.Token{ID: id, Name: "n" + id, Hash: "hash-" + id, Scope: scope}
		if err := st.CreateToken(ctx, tok); err != nil {
			t.Fatal(err)
		}
		got, err := st.TokenByHash(ctx, tok.Hash)
		want := scope
		if want == "" {
			want = store.ScopeCheck
		}
		if err != nil || got.Scope != want {
			t.Errorf("token created with scope %q reads %q, %v; want %q", scope, got.Scope, err, want)
		}
	}
	if err := st.CreateToken(ctx, store.Token{ID: "tok-scopex1", Name: "x", Hash: "hx", Scope: "admin"}); err == nil {
		t.Error("a token with scope admin was created")
	}
	if ts, _ := st.Tokens(ctx); len(ts) != 4 {
		t.Errorf("%d tokens, want 4", len(ts))
	}
}

// A revoked session reads as revoked until it would have expired; others
// do not.
func testRevokedSessions(t *testing.T, open func(*testing.T) store.Store) {
	ctx := context.Background()
	st := open(t)
	if ok, err := st.SessionRevoked(ctx, "s1"); ok || err != nil {
		t.Errorf("SessionRevoked before any = %v, %v", ok, err)
	}
	exp := time.Now().Add(time.Hour)
	for range 2 {
		if err := st.RevokeSession(ctx, "s1", "tok-1", exp); err != nil {
			t.Fatal(err)
		}
	}
	if ok, err := st.SessionRevoked(ctx, "s1"); !ok || err != nil {
		t.Errorf("SessionRevoked(s1) = %v, %v; want true", ok, err)
	}
	if ok, err := st.SessionRevoked(ctx, "s2"); ok || err != nil {
		t.Errorf("SessionRevoked(s2) = %v, %v; want false", ok, err)
	}
	if err := st.RevokeSession(ctx, "", "tok-1", exp); err == nil {
		t.Error("a session without an id was revoked")
	}
}
