package server_test

import (
	"context"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/actionguard/actionguard/audit"
	"github.com/actionguard/actionguard/guard"
	"github.com/actionguard/actionguard/server"
	"github.com/actionguard/actionguard/store"
)

// token creates a token with scope on e's store and returns its secret.
func (e *env) tokenWith(name, scope string) string {
	e.t.Helper()
	secret, tok := server.NewToken(name, time.Now())
	tok.Scope = scope
	if err := e.st.CreateToken(context.Background(), tok); err != nil {
		e.t.Fatal(err)
	}
	if scope == store.ScopeApprover {
		if err := audit.New(e.st).Append(context.Background(), server.GrantRecord(tok)); err != nil {
			e.t.Fatal(err)
		}
	}
	return secret
}

// An approver token written into the tokens table directly (no grant in
// the audit log) reads, but decides nothing; nor does one whose row was
// changed to approver after its grant was recorded for another scope.
func TestApproverTokenNeedsGrant(t *testing.T) {
	e := newEnv(t)
	held := e.check(forcePush("s1")).ApprovalID
	secret, tok := server.NewToken("mallory", time.Now())
	tok.Scope = store.ScopeApprover
	if err := e.st.CreateToken(context.Background(), tok); err != nil {
		t.Fatal(err)
	}
	bearer := map[string]string{"Authorization": "Bearer " + secret}
	if code, _ := e.doWith("GET", "/v1/approvals", nil, bearer); code != 200 {
		t.Errorf("reading: %d", code)
	}
	if code, body := e.doWith("POST", "/v1/approvals/"+held+"/approve", `{}`, bearer); code != http.StatusForbidden || !strings.Contains(string(body), "not in the audit log") {
		t.Errorf("approving without a grant: %d %s", code, body)
	}
	// A grant for another token, or for the same id with another secret.
	other := tok
	other.Hash = server.HashToken("agt_other")
	audit.New(e.st).Append(context.Background(), server.GrantRecord(other))
	if code, _ := e.doWith("POST", "/v1/approvals/"+held+"/approve", `{}`, bearer); code != http.StatusForbidden {
		t.Errorf("approving with another token's grant: %d", code)
	}
	if r, _ := e.st.Approval(context.Background(), held); r.Status != "pending" {
		t.Errorf("%s is %s", held, r.Status)
	}
	// With its own grant it decides.
	audit.New(e.st).Append(context.Background(), server.GrantRecord(tok))
	if code, body := e.doWith("POST", "/v1/approvals/"+held+"/reject", `{}`, bearer); code != 200 {
		t.Errorf("rejecting with its grant: %d %s", code, body)
	}
}

// Every endpoint against every scope: a token may do what its scope
// allows and what the scopes below it allow, nothing more. Only an
// approver decides.
func TestScopes(t *testing.T) {
	e := newEnv(t)
	held := e.check(forcePush("s1")).ApprovalID
	endpoints := []struct {
		method, path, body string
		need               string
	}{
		{"POST", "/v1/check", `{"tool":"Bash","input":{"command":"ls"}}`, store.ScopeCheck},
		{"GET", "/v1/approvals", "", store.ScopeRead},
		{"GET", "/v1/approvals/" + held, "", store.ScopeRead},
		{"GET", "/v1/audit?limit=1", "", store.ScopeRead},
		{"GET", "/v1/rules/hits", "", store.ScopeRead},
		{"GET", "/metrics", "", store.ScopeRead},
		{"POST", "/v1/approvals/batch", `{"decision":"reject","ids":["ap-nothere"]}`, store.ScopeApprover},
		{"POST", "/v1/approvals/ap-nothere/approve", `{}`, store.ScopeApprover},
		{"POST", "/v1/approvals/ap-nothere/reject", `{}`, store.ScopeApprover},
	}
	for _, scope := range []string{store.ScopeCheck, store.ScopeRead, store.ScopeApprover} {
		bearer := map[string]string{"Authorization": "Bearer " + e.tokenWith("t-"+scope, scope)}
		for _, ep := range endpoints {
			var body any
			if ep.body != "" {
				body = ep.body
			}
			code, resp := e.doWith(ep.method, ep.path, body, bearer)
			allowed := store.ScopeRank(scope) >= store.ScopeRank(ep.need)
			switch {
			case allowed && code == http.StatusForbidden:
				t.Errorf("%s token, %s %s: 403 %s; its scope allows it", scope, ep.method, ep.path, resp)
			case !allowed && (code != http.StatusForbidden || !strings.Contains(string(resp), "needs \\\""+ep.need+"\\\"")):
				t.Errorf("%s token, %s %s: %d %s; want 403 naming %s", scope, ep.method, ep.path, code, resp, ep.need)
			}
		}
	}
	if r, _ := e.st.Approval(context.Background(), held); r.Status != "pending" {
		t.Errorf("%s is %s", held, r.Status)
	}
}

// A page session has its token's scope: a read token signed in on the
// page (which any program can do, Origin headers and all) decides nothing.
func TestPageSessionHasTokenScope(t *testing.T) {
	e := newEnv(t)
	held := e.check(forcePush("s1")).ApprovalID
	b := newBrowser(e)
	res, body := b.do("POST", "/v1/session", `{"token":"`+e.tokenWith("reader", store.ScopeRead)+`"}`, false)
	info := decode[struct{ CSRF, Scope string }](t, []byte(body))
	if res.StatusCode != 200 || info.Scope != store.ScopeRead {
		t.Fatalf("login: %d %s", res.StatusCode, body)
	}
	b.csrf = info.CSRF
	if res, _ := b.do("GET", "/v1/approvals", "", false); res.StatusCode != 200 {
		t.Errorf("reading: %d", res.StatusCode)
	}
	if res, body := b.do("POST", "/v1/approvals/"+held+"/approve", `{}`, true); res.StatusCode != http.StatusForbidden || !strings.Contains(body, "--scope approver") {
		t.Errorf("approving: %d %s", res.StatusCode, body)
	}
}

// Without authentication nothing tells a person from a program on the same
// machine: deciding is refused, reading and checking still work.
func TestNoAuthDecidesNothing(t *testing.T) {
	e := newEnv(t, server.WithoutAuth())
	held := e.check(forcePush("s1")).ApprovalID
	if code, body := e.doWith("POST", "/v1/approvals/"+held+"/approve", `{}`, nil); code != http.StatusForbidden || !strings.Contains(string(body), "without authentication") {
		t.Errorf("approve without auth: %d %s", code, body)
	}
	if code, _ := e.doWith("POST", "/v1/approvals/batch", `{"decision":"approve","ids":["`+held+`"]}`, nil); code != http.StatusForbidden {
		t.Errorf("batch without auth: %d", code)
	}
	if code, _ := e.doWith("GET", "/v1/approvals", nil, nil); code != 200 {
		t.Errorf("reading without auth: %d", code)
	}
}

// A revoked token decides nothing from the moment it is revoked, even
// while the server's token cache still holds it: not by bearer, not
// through its page session, which reads nothing either.
func TestRevokedTokenDecidesNothingAtOnce(t *testing.T) {
	e := newEnv(t, server.WithTokenCacheTTL(time.Hour))
	held := e.check(forcePush("s1")).ApprovalID
	b := newBrowser(e)
	res, body := b.do("POST", "/v1/session", `{"token":"`+e.token+`"}`, false)
	if res.StatusCode != 200 {
		t.Fatalf("login: %d", res.StatusCode)
	}
	b.csrf = decode[struct{ CSRF string }](t, []byte(body)).CSRF
	// Warm the cache for the bearer and the session.
	if code, _ := e.do("GET", "/v1/approvals", nil); code != 200 {
		t.Fatal(code)
	}
	if res, _ := b.do("GET", "/v1/approvals", "", false); res.StatusCode != 200 {
		t.Fatal(res.StatusCode)
	}
	if _, err := e.st.RevokeToken(context.Background(), "alice"); err != nil {
		t.Fatal(err)
	}
	if code, body := e.do("POST", "/v1/approvals/"+held+"/approve", `{}`); code != http.StatusUnauthorized {
		t.Errorf("bearer of a revoked token approving: %d %s", code, body)
	}
	if res, body := b.do("POST", "/v1/approvals/"+held+"/approve", `{}`, true); res.StatusCode != http.StatusUnauthorized {
		t.Errorf("session of a revoked token approving: %d %s", res.StatusCode, body)
	}
	if res, body := b.do("GET", "/v1/approvals", "", false); res.StatusCode != http.StatusUnauthorized {
		t.Errorf("session of a revoked token reading: %d %s", res.StatusCode, body)
	}
	if r, _ := e.st.Approval(context.Background(), held); r.Status != "pending" {
		t.Errorf("%s is %s", held, r.Status)
	}
}

// Signing out revokes the session on the server: a copy of the cookie
// opens nothing, on this server or another on the same store; a session
// of the same token signed in elsewhere goes on.
func TestSignOutRevokesSession(t *testing.T) {
	e := newEnv(t)
	login := func() (*browser, *http.Cookie) {
		b := newBrowser(e)
		res, body := b.do("POST", "/v1/session", `{"token":"`+e.token+`"}`, false)
		if res.StatusCode != 200 {
			t.Fatalf("login: %d", res.StatusCode)
		}
		b.csrf = decode[struct{ CSRF string }](t, []byte(body)).CSRF
		for _, c := range res.Cookies() {
			if c.Name == "actionguard_session" {
				return b, c
			}
		}
		t.Fatal("no session cookie")
		return nil, nil
	}
	b, cookie := login()
	other, _ := login()
	if res, _ := b.do("DELETE", "/v1/session", "", true); res.StatusCode != http.StatusNoContent {
		t.Fatalf("sign out: %d", res.StatusCode)
	}
	// A second replica on the same store.
	srv := server.New(e.st, guard.New())
	second := httptest.NewServer(srv)
	defer func() { srv.Close(); second.Close() }()
	for _, url := range []string{e.ts.URL, second.URL} {
		req, _ := http.NewRequest("GET", url+"/v1/approvals", nil)
		req.AddCookie(cookie)
		res, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		res.Body.Close()
		if res.StatusCode != http.StatusUnauthorized {
			t.Errorf("the copied cookie at %s after sign-out: %d, want 401", url, res.StatusCode)
		}
	}
	if res, _ := other.do("GET", "/v1/approvals", "", false); res.StatusCode != 200 {
		t.Errorf("another session of the same token after one signed out: %d", res.StatusCode)
	}
}
