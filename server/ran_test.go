package server_test

import (
	"context"
	"net/http"
	"testing"

	"github.com/actionguard/actionguard/audit"
	"github.com/actionguard/actionguard/guard"
	"github.com/actionguard/actionguard/store"
)

// TestApprovedSendTeachesContacts: through POST /v1/check, a send that is
// only checked, held or blocked reaches nobody; the send a person approved
// runs when its pass is used, and its recipient counts once from then on.
func TestApprovedSendTeachesContacts(t *testing.T) {
	e := newEnv(t)
	ctx := context.Background()
	book, ok := e.st.(interface {
		ContactCounts(ctx context.Context, keys []string) (map[string]int, error)
	})
	if !ok {
		t.Fatalf("%T has no contact book", e.st)
	}
	key := audit.ContactKey(audit.ContactRecipient, "bob@acme.com")
	count := func() int {
		t.Helper()
		c, err := book.ContactCounts(ctx, []string{key})
		if err != nil {
			t.Fatal(err)
		}
		return c[key]
	}
	send := func(session string, asked bool) guard.Action {
		a := guard.Action{Tool: "GmailSendEmail", Input: map[string]any{"to": "bob@acme.com", "subject": "report", "body": "the weekly report"},
			Context: guard.Context{SessionID: session, Cwd: "/home/u/project"}}
		if asked {
			a.Context.UserMessages = []string{"send the weekly report to bob@acme.com"}
		}
		return a
	}

	held := e.check(send("s1", false))
	if held.Verdict.Allowed() || held.ApprovalID == "" {
		t.Fatalf("an unasked send to a new recipient: %s (approval %q)", held.Verdict, held.ApprovalID)
	}
	if n := count(); n != 0 {
		t.Fatalf("a held send counted %d interactions", n)
	}
	// Only checked: the server does not know that it ran.
	if d := e.check(send("s2", true)); !d.Verdict.Allowed() {
		t.Fatalf("the asked-for send: %s", d.Verdict)
	}
	blocked := send("s3", false)
	blocked.Input["body"] = "-----BEGIN OPENSSH PRIVATE KEY-----\nb3BlbnNzaC1rZXktdjEAAAAABG5vbmUAAAAEbm9uZQAAAAAAAAABAAAAMwAAAAtzc2gtZWQy\n-----END OPENSSH PRIVATE KEY-----"
	blocked.Input["to"] = "bob@acme.com"
	e.check(blocked)
	if n := count(); n != 0 {
		t.Fatalf("checks counted %d interactions", n)
	}

	if code, body := e.do("POST", "/v1/approvals/"+held.ApprovalID+"/approve", nil); code != http.StatusOK {
		t.Fatalf("approve: %d %s", code, body)
	}
	pass := e.check(send("s1", false))
	if pass.Verdict != guard.Allow || pass.ApprovalID != held.ApprovalID {
		t.Fatalf("after the approval: %s (approval %q)", pass.Verdict, pass.ApprovalID)
	}
	if n := count(); n != 1 {
		t.Errorf("the approved send ran: %d interactions, want 1", n)
	}
	// The pass is used up: the same call is held again, and counts nothing.
	if again := e.check(send("s1", false)); again.Verdict.Allowed() {
		t.Errorf("the pass was used twice: %s", again.Verdict)
	}
	if n := count(); n != 1 {
		t.Errorf("after the pass was used: %d interactions, want 1", n)
	}
	rs, err := e.st.QueryAudit(ctx, store.AuditFilter{Session: "s1"})
	if err != nil {
		t.Fatal(err)
	}
	ran := 0
	for _, r := range rs {
		if r.Kind == audit.RanKind {
			ran++
		}
	}
	if ran != 1 {
		t.Errorf("%d records of the send running, want 1", ran)
	}
}
