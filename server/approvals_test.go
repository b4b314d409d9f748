package server_test

import (
	"context"
	"net/http"
	"strconv"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/actionguard/actionguard/audit"
	"github.com/actionguard/actionguard/guard"
	"github.com/actionguard/actionguard/internal/testwait"
	"github.com/actionguard/actionguard/server"
	"github.com/actionguard/actionguard/store"
)

// approvalView is the JSON of a request on the API.
type approvalView struct {
	ID       string `json:"id"`
	Status   string `json:"status"`
	File     string `json:"file"`
	UsedAt   string `json:"used_at"`
	Decision struct {
		Verdict string `json:"verdict"`
		Tool    string `json:"tool"`
	} `json:"decision"`
	DecidedBy   string `json:"decided_by"`
	Note        string `json:"note"`
	Description struct {
		Headline string `json:"headline"`
		Params   []struct{ Name, Value string }
	} `json:"description"`
}

func TestApprovalLetsTheSameCallThroughOnce(t *testing.T) {
	e := newEnv(t)
	events := e.subscribe(nil)

	d := e.check(forcePush("s1"))
	if d.Verdict != guard.Approve || !d.RequiresApproval || d.RiskLevel != "high" || d.Action != "wait_for_approval" {
		t.Fatalf("force push: %+v", d)
	}
	if d.ApprovalID == "" || d.ApprovalRequestFile == "" {
		t.Fatalf("no approval opened: id %q file %q", d.ApprovalID, d.ApprovalRequestFile)
	}
	opened := nextEvent(t, events, server.EventOpened)
	if opened.Approval.ID != d.ApprovalID {
		t.Errorf("opened event for %s, want %s", opened.Approval.ID, d.ApprovalID)
	}

	// Asking again while it waits finds the same request.
	if again := e.check(forcePush("s1")); again.ApprovalID != d.ApprovalID || again.Verdict != guard.Approve {
		t.Errorf("second call while pending: %s %s, want %s approve", again.ApprovalID, again.Verdict, d.ApprovalID)
	}

	code, body := e.do("GET", "/v1/approvals", nil)
	list := decode[struct{ Approvals []approvalView }](t, body)
	if code != 200 || len(list.Approvals) != 1 || list.Approvals[0].ID != d.ApprovalID {
		t.Fatalf("GET /v1/approvals: %d %s", code, body)
	}
	if a := list.Approvals[0]; a.Status != "pending" || a.Decision.Verdict != "approve" || a.Description.Headline == "" {
		t.Errorf("the pending request: %+v", a)
	}

	// The countdown cannot approve a PRIVILEGED request.
	if code, body := e.do("POST", "/v1/approvals/"+d.ApprovalID+"/approve", map[string]any{"auto": true}); code != http.StatusConflict {
		t.Errorf("auto on approve: %d %s", code, body)
	}

	code, body = e.do("POST", "/v1/approvals/"+d.ApprovalID+"/approve", map[string]any{"note": "release day"})
	if code != 200 {
		t.Fatalf("approve: %d %s", code, body)
	}
	got := decode[approvalView](t, body)
	if got.Status != "approved" || got.DecidedBy != "alice" || got.Note != "release day" {
		t.Errorf("approved: %+v", got)
	}
	nextEvent(t, events, server.EventDecided)
	if code, _ := e.do("POST", "/v1/approvals/"+d.ApprovalID+"/reject", nil); code != http.StatusConflict {
		t.Errorf("deciding twice: %d, want 409", code)
	}

	// Another session's identical call is not let through by it.
	if other := e.check(forcePush("s2")); other.Verdict != guard.Approve || other.ApprovalID == d.ApprovalID {
		t.Errorf("another session: %s %s", other.Verdict, other.ApprovalID)
	}
	pass := e.check(forcePush("s1"))
	if pass.Verdict != guard.Allow {
		t.Fatalf("after the approval: %+v", pass)
	}
	nextEvent(t, events, server.EventUsed)
	third := e.check(forcePush("s1"))
	if third.Verdict != guard.Approve || third.ApprovalID == "" || third.ApprovalID == d.ApprovalID {
		t.Errorf("third call: %s %s (approval %s used)", third.Verdict, third.ApprovalID, d.ApprovalID)
	}

	// The log has the checks and the person's decision, and verifies.
	rs, err := e.st.QueryAudit(context.Background(), store.AuditFilter{Session: "s1"})
	if err != nil {
		t.Fatal(err)
	}
	var reasons []string
	for _, r := range rs {
		reasons = append(reasons, string(r.Verdict)+": "+r.Reason)
	}
	if !strings.Contains(strings.Join(reasons, "\n"), "approved by alice") {
		t.Errorf("no record of the approval in:\n%s", strings.Join(reasons, "\n"))
	}
	if res, err := audit.New(e.st).Verify(context.Background(), nil); err != nil || !res.OK() {
		t.Errorf("Verify: %v %v", res, err)
	}
}

func TestCountdownConfirmsCautious(t *testing.T) {
	e := newEnv(t)
	d := e.check(deletePod("s1"))
	if d.Verdict != guard.Confirm || d.RiskLevel != "medium" || d.ApprovalID == "" {
		t.Fatalf("delete pod: %+v", d)
	}
	code, body := e.do("POST", "/v1/approvals/"+d.ApprovalID+"/approve", map[string]any{"auto": true})
	if code != 200 {
		t.Fatalf("auto approve: %d %s", code, body)
	}
	if pass := e.check(deletePod("s1")); pass.Verdict != guard.Allow {
		t.Errorf("after the countdown: %+v", pass)
	}
	if code, _ := e.do("POST", "/v1/approvals/x/reject", map[string]any{"auto": true}); code != http.StatusBadRequest {
		t.Errorf("auto reject: %d, want 400", code)
	}
}

func TestRejectAndMarkdown(t *testing.T) {
	e := newEnv(t)
	d := e.check(forcePush("s1"))
	code, body := e.do("GET", "/v1/approvals/"+d.ApprovalID+"?format=markdown", nil)
	if code != 200 || !strings.Contains(string(body), d.ApprovalID) {
		t.Errorf("markdown: %d %s", code, body)
	}
	if code, body := e.do("POST", "/v1/approvals/"+d.ApprovalID+"/reject", map[string]any{"note": "not today"}); code != 200 {
		t.Fatalf("reject: %d %s", code, body)
	}
	if again := e.check(forcePush("s1")); again.Verdict != guard.Approve || again.ApprovalID == d.ApprovalID {
		t.Errorf("after a rejection: %s %s", again.Verdict, again.ApprovalID)
	}
	_, body = e.do("GET", "/v1/approvals?all=1", nil)
	if list := decode[struct{ Approvals []approvalView }](t, body); len(list.Approvals) != 2 {
		t.Errorf("all: %s", body)
	}
}

func TestExpirySweep(t *testing.T) {
	var skew atomic.Int64
	clock := func() time.Time { return time.Now().Add(time.Duration(skew.Load())) }
	e := newEnv(t, server.WithApprovalTTL(time.Minute), server.WithSweepInterval(20*time.Millisecond), server.WithClock(clock))
	events := e.subscribe(nil)
	d := e.check(forcePush("s1"))
	nextEvent(t, events, server.EventOpened)
	skew.Store(int64(2 * time.Minute))
	ev := nextEvent(t, events, server.EventExpired)
	if ev.Approval.ID != d.ApprovalID || ev.Approval.Status != "expired" {
		t.Errorf("expired %s (%s), want %s", ev.Approval.ID, ev.Approval.Status, d.ApprovalID)
	}
	// The event comes from the store's approvals, which the sweep changes
	// before it appends the expiry to the audit log: wait for the record
	// (the sweep writes it next; the deadline only ends a broken run).
	var rs []audit.Record
	testwait.Until(t, "the expiry's record", func() bool {
		rs, _ = e.st.QueryAudit(context.Background(), store.AuditFilter{Text: "expired"})
		return len(rs) > 0
	})
	if len(rs) != 1 || rs[0].Verdict != "block" {
		t.Errorf("the expiry in the audit log: %+v", rs)
	}
}

func TestAuditQueryAndRuleHits(t *testing.T) {
	e := newEnv(t)
	for range 3 {
		e.check(routine)
	}
	e.check(forcePush("s9"))
	code, body := e.do("GET", "/v1/audit?verdict=approve", nil)
	page := decode[struct {
		Records    []audit.Record
		NextBefore int64 `json:"next_before"`
	}](t, body)
	if code != 200 || len(page.Records) != 1 || page.Records[0].SessionID != "s9" {
		t.Fatalf("verdict=approve: %d %s", code, body)
	}
	_, body = e.do("GET", "/v1/audit?limit=2", nil)
	page = decode[struct {
		Records    []audit.Record
		NextBefore int64 `json:"next_before"`
	}](t, body)
	if len(page.Records) != 2 || page.Records[0].Seq <= page.Records[1].Seq || page.NextBefore != page.Records[1].Seq {
		t.Fatalf("limit=2: %s", body)
	}
	_, body = e.do("GET", "/v1/audit?limit=10&before="+strconv.FormatInt(page.NextBefore, 10), nil)
	older := decode[struct{ Records []audit.Record }](t, body)
	if len(older.Records) != 3 { // and the grant of alice's approver token, first
		t.Errorf("the older page: %s", body)
	}
	_, body = e.do("GET", "/v1/audit?q=FORCE", nil)
	if n := len(decode[struct{ Records []audit.Record }](t, body).Records); n != 1 {
		t.Errorf("q=FORCE: %d records", n)
	}

	code, body = e.do("GET", "/v1/rules/hits?since=1h&bucket=10m", nil)
	hits := decode[struct {
		BucketSeconds int64 `json:"bucket_seconds"`
		Hits          []store.RuleHit
	}](t, body)
	if code != 200 || hits.BucketSeconds != 600 || len(hits.Hits) == 0 || !strings.HasPrefix(hits.Hits[0].Rule, "shell.") {
		t.Errorf("rule hits: %d %s", code, body)
	}
}
