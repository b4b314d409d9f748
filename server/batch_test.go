package server_test

import (
	"context"
	"net/http"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/actionguard/actionguard/approval"
	"github.com/actionguard/actionguard/guard"
	"github.com/actionguard/actionguard/server"
	"github.com/actionguard/actionguard/store"
)

// deleteFile is an assistant's `rm`: it waits for an explicit approval.
func deleteFile(session, file string) guard.Action {
	return guard.Action{Tool: "Bash", Input: map[string]any{"command": "rm " + file},
		Context: guard.Context{Application: guard.AppAssistant, Cwd: "/home/u/proj", SessionID: session, Agent: "claude-code"}}
}

// openDangerous stores a pending DANGEROUS request, which no check opens
// (a DANGEROUS action is blocked), as an older version or another tool may
// have.
func openDangerous(t *testing.T, st store.Store, cmd string) string {
	t.Helper()
	r := approval.New([]byte(`{"tool":"Bash","input":{"command":"`+cmd+`"}}`),
		approval.Summary{Tool: "Bash", Verdict: "approve", Level: "dangerous", Risk: 10, Reason: "Deletes the system.", Rules: []string{"shell.fs.rm-system"}}, time.Now())
	if err := approval.Open(context.Background(), st, r); err != nil {
		t.Fatal(err)
	}
	return r.ID
}

type batchAnswer struct {
	Decision string `json:"decision"`
	Decided  int    `json:"decided"`
	Failed   int    `json:"failed"`
	Results  []struct {
		ID       string       `json:"id"`
		Decided  bool         `json:"decided"`
		Status   string       `json:"status"`
		Error    string       `json:"error"`
		Hint     string       `json:"hint"`
		Approval approvalView `json:"approval"`
	} `json:"results"`
	Error     string   `json:"error"`
	Hint      string   `json:"hint"`
	Dangerous []string `json:"dangerous"`
}

// The pending requests of the same kind are grouped, and decided together:
// each gets its own decision and audit record; one decided meanwhile and an
// unknown id are reported; a DANGEROUS one is never approved in a batch.
func TestBatchDecide(t *testing.T) {
	e := newEnv(t)
	events := e.subscribe(nil)
	var ids []string
	for _, f := range []string{"a.txt", "b.txt", "c.txt"} {
		d := e.check(deleteFile("s1", f))
		if d.Verdict != guard.Approve || d.ApprovalID == "" {
			t.Fatalf("rm %s: %+v", f, d)
		}
		ids = append(ids, d.ApprovalID)
	}
	push := e.check(forcePush("s1")).ApprovalID
	danger := openDangerous(t, e.st, "rm -rf /usr")

	code, body := e.do("GET", "/v1/approvals", nil)
	list := decode[struct {
		Approvals []struct {
			ID    string             `json:"id"`
			Batch approval.BatchKind `json:"batch"`
		}
		Groups []struct {
			Key       string   `json:"key"`
			Title     string   `json:"title"`
			Dangerous bool     `json:"dangerous"`
			IDs       []string `json:"ids"`
		}
	}](t, body)
	if code != 200 || len(list.Groups) != 3 {
		t.Fatalf("GET /v1/approvals: %d %s", code, body)
	}
	var rmKey string
	for _, g := range list.Groups {
		switch {
		case g.Title == "3 file deletions in /home/u/proj":
			rmKey = g.Key
			if len(g.IDs) != 3 || g.Dangerous {
				t.Errorf("the deletions' group: %+v", g)
			}
		case g.Dangerous:
			if len(g.IDs) != 1 || g.IDs[0] != danger {
				t.Errorf("the DANGEROUS group: %+v", g)
			}
		}
	}
	for _, a := range list.Approvals {
		if rm := slices.Contains(ids, a.ID); rm != (a.Batch.Key == rmKey) || a.Batch.Key == "" {
			t.Errorf("%s: batch %+v (a deletion of the group: %v), the group's key %s", a.ID, a.Batch, rm, rmKey)
		}
	}

	// Approving a batch with the DANGEROUS one decides nothing.
	code, body = e.do("POST", "/v1/approvals/batch", map[string]any{"ids": append([]string{danger}, ids...), "decision": "approve"})
	refusal := decode[batchAnswer](t, body)
	if code != http.StatusConflict || len(refusal.Dangerous) != 1 || refusal.Dangerous[0] != danger || !strings.Contains(refusal.Error, "DANGEROUS") || refusal.Hint == "" {
		t.Fatalf("approving a batch with a DANGEROUS request: %d %s", code, body)
	}
	for _, id := range append([]string{danger}, ids...) {
		if r, _ := e.st.Approval(context.Background(), id); r.Status != approval.StatusPending {
			t.Errorf("%s is %s after a refused batch", id, r.Status)
		}
	}

	// One is rejected meanwhile; one id is unknown.
	if code, body := e.do("POST", "/v1/approvals/"+ids[1]+"/reject", nil); code != 200 {
		t.Fatalf("reject: %d %s", code, body)
	}
	nextEvent(t, events, server.EventDecided)
	code, body = e.do("POST", "/v1/approvals/batch", map[string]any{"ids": append(ids, "ap-nope22"), "decision": "approve", "note": "generated"})
	ans := decode[batchAnswer](t, body)
	if code != 200 || ans.Decision != "approved" || ans.Decided != 2 || ans.Failed != 2 || len(ans.Results) != 4 {
		t.Fatalf("batch approve: %d %s", code, body)
	}
	for i, want := range []struct {
		decided bool
		status  string
		err     string
	}{{true, "approved", ""}, {false, "rejected", "already decided"}, {true, "approved", ""}, {false, "", "no such approval request"}} {
		r := ans.Results[i]
		if r.Decided != want.decided || r.Status != want.status || !strings.Contains(r.Error, want.err) || (want.err != "") != (r.Hint != "") {
			t.Errorf("result %d: %+v, want %+v", i, r, want)
		}
		if r.Decided && (r.Approval.DecidedBy != "alice" || r.Approval.Note != "generated") {
			t.Errorf("result %d decided by %q with note %q", i, r.Approval.DecidedBy, r.Approval.Note)
		}
	}
	nextEvent(t, events, server.EventDecided)
	if pass := e.check(deleteFile("s1", "c.txt")); pass.Verdict != guard.Allow {
		t.Errorf("the approved call: %+v", pass)
	}

	// Rejecting a batch with the DANGEROUS one is fine ("deny" reads as reject).
	code, body = e.do("POST", "/v1/approvals/batch", map[string]any{"ids": []string{danger, push}, "decision": "deny"})
	if ans := decode[batchAnswer](t, body); code != 200 || ans.Decision != "rejected" || ans.Decided != 2 {
		t.Errorf("batch reject: %d %s", code, body)
	}

	// Every decision is in the audit log, each on its own.
	rs, err := e.st.QueryAudit(context.Background(), store.AuditFilter{})
	if err != nil {
		t.Fatal(err)
	}
	var log strings.Builder
	for _, r := range rs {
		log.WriteString(string(r.Verdict) + ": " + r.Reason + "\n")
	}
	tag := func(id string) string {
		r, err := e.st.Approval(context.Background(), id)
		if err != nil {
			t.Fatal(err)
		}
		return approval.PassTag(id, r.Key())
	}
	for _, want := range []string{
		"allow: approval " + ids[0] + " approved by alice, reviewed together with 3 other requests (pass " + tag(ids[0]) + "): generated",
		"allow: approval " + ids[2] + " approved by alice, reviewed together with 3 other requests (pass " + tag(ids[2]) + "): generated",
		"block: approval " + danger + " rejected by alice, reviewed together with 1 other request",
		"block: approval " + push + " rejected by alice, reviewed together with 1 other request",
	} {
		if !strings.Contains(log.String(), want) {
			t.Errorf("the audit log lacks %q:\n%s", want, log.String())
		}
	}
}

func TestBatchBadRequests(t *testing.T) {
	e := newEnv(t)
	id := e.check(forcePush("s1")).ApprovalID
	many := make([]string, approval.MaxBatch+1)
	for i := range many {
		many[i] = id
	}
	for _, tc := range []struct {
		body any
		code int
		err  string
	}{
		{`{"ids":`, 400, "not a batch decision"},
		{map[string]any{"ids": []string{id}}, 400, `is not a decision`},
		{map[string]any{"ids": []string{id}, "decision": "maybe"}, 400, `maybe\" is not a decision`},
		{map[string]any{"ids": []string{}, "decision": "approve"}, 400, "names no requests"},
		{map[string]any{"ids": many, "decision": "approve"}, 400, "more than 500"},
		{map[string]any{"ids": []string{id}, "decision": "approve", "note": strings.Repeat("x", 5000)}, 400, "longer than 4 KiB"},
		{map[string]any{"ids": []string{" "}, "decision": "approve"}, 400, "no requests"},
	} {
		code, body := e.do("POST", "/v1/approvals/batch", tc.body)
		if code != tc.code || !strings.Contains(string(body), tc.err) || !strings.Contains(string(body), `"hint"`) {
			t.Errorf("%v: %d %s, want %d %q", tc.body, code, body, tc.code, tc.err)
		}
	}
	if r, _ := e.st.Approval(context.Background(), id); r.Status != approval.StatusPending {
		t.Errorf("%s is %s", id, r.Status)
	}
}

// The batch endpoint asks what the single one does: a token, or the
// page's session with its CSRF token from this origin.
func TestBatchAuth(t *testing.T) {
	e := newEnv(t)
	id := e.check(forcePush("s1")).ApprovalID
	body := `{"ids":["` + id + `"],"decision":"reject","note":"no"}`
	if code, _ := e.doWith("POST", "/v1/approvals/batch", body, nil); code != http.StatusUnauthorized {
		t.Errorf("without a token: %d", code)
	}
	b := newBrowser(e)
	res, login := b.do("POST", "/v1/session", `{"token":"`+e.token+`"}`, false)
	if res.StatusCode != 200 {
		t.Fatalf("login: %d %s", res.StatusCode, login)
	}
	b.csrf = decode[struct{ CSRF string }](t, []byte(login)).CSRF
	if res, out := b.do("POST", "/v1/approvals/batch", body, false); res.StatusCode != 403 || !strings.Contains(out, "CSRF") {
		t.Errorf("without the CSRF token: %d %s", res.StatusCode, out)
	}
	b.origin = "https://evil.example"
	if res, out := b.do("POST", "/v1/approvals/batch", body, true); res.StatusCode != 403 {
		t.Errorf("cross-origin: %d %s", res.StatusCode, out)
	}
	b.origin = e.ts.URL
	if res, out := b.do("POST", "/v1/approvals/batch", body, true); res.StatusCode != 200 || !strings.Contains(out, `"decided_by":"alice (approval page)"`) {
		t.Errorf("from the page: %d %s", res.StatusCode, out)
	}
}

// What was unusual when the agent asked is in the request's description.
func TestApprovalAnomalies(t *testing.T) {
	e := newEnv(t)
	a := deleteFile("s1", "a.txt")
	a.Context.Anomalies = []string{"23:40 is outside your usual working hours"}
	d := e.check(a)
	if d.ApprovalID == "" {
		t.Fatalf("rm: %+v", d)
	}
	code, body := e.do("GET", "/v1/approvals/"+d.ApprovalID, nil)
	v := decode[struct {
		Decision    struct{ Anomalies []string }
		Description struct{ Anomalies []string }
	}](t, body)
	if code != 200 || len(v.Description.Anomalies) != 1 || v.Description.Anomalies[0] != a.Context.Anomalies[0] || len(v.Decision.Anomalies) != 1 {
		t.Errorf("GET: %d %s", code, body)
	}
	if code, md := e.do("GET", "/v1/approvals/"+d.ApprovalID+"?format=markdown", nil); code != 200 || !strings.Contains(string(md), "> - 23:40 is outside your usual working hours") {
		t.Errorf("markdown: %d %s", code, md)
	}
}
