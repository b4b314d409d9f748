package server_test

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/actionguard/actionguard/audit"
	"github.com/actionguard/actionguard/guard"
	"github.com/actionguard/actionguard/server"
	"github.com/actionguard/actionguard/store"
)

// status returns the status of an approval request.
func (e *env) status(id string) string {
	e.t.Helper()
	r, err := e.st.Approval(context.Background(), id)
	if err != nil {
		e.t.Fatal(err)
	}
	return string(r.Status)
}

// A page that points its own name at 127.0.0.1 (DNS rebinding) reaches the
// loopback server under that name, same-origin for the browser: no state
// change is served to it, with a token or without. The server's public URL
// is served.
func TestRebindingHostChangesNothing(t *testing.T) {
	e := newEnv(t, server.WithPublicURL("https://guard.example.com"))
	held := e.check(forcePush("s1")).ApprovalID
	for _, host := range []string{"evil.example", "evil.example:80", "127.0.0.1.evil.example", "localhost.evil.example", "127.0.0.1.nip.io", "guard.example.com.evil.example"} {
		h := map[string]string{"Authorization": "Bearer " + e.token, "Host": host, "Origin": "http://" + host}
		for _, path := range []string{"/v1/approvals/" + held + "/approve", "/v1/approvals/batch", "/v1/check", "/v1/session"} {
			if code, body := e.doWith("POST", path, `{"ids":["`+held+`"],"decision":"approve","token":"`+e.token+`"}`, h); code != http.StatusMisdirectedRequest {
				t.Errorf("POST %s with Host %s: %d %s, want 421", path, host, code, body)
			}
		}
		if code, _ := e.doWith("DELETE", "/v1/session", nil, h); code != http.StatusMisdirectedRequest {
			t.Errorf("DELETE /v1/session with Host %s: %d, want 421", host, code)
		}
	}
	if s := e.status(held); s != "pending" {
		t.Fatalf("%s is %s after the rebinding attempts", held, s)
	}
	// Reads still answer under any name; the public URL's host decides.
	if code, _ := e.doWith("GET", "/v1/approvals", nil, map[string]string{"Authorization": "Bearer " + e.token, "Host": "evil.example"}); code != 200 {
		t.Errorf("GET under another name: %d", code)
	}
	h := map[string]string{"Authorization": "Bearer " + e.token, "Host": "guard.example.com"}
	if code, body := e.doWith("POST", "/v1/approvals/"+held+"/reject", `{}`, h); code != 200 {
		t.Errorf("rejecting under the public URL's host: %d %s", code, body)
	}
}

// A token whose scope is approver spelled any other way decides nothing.
func TestScopeSpellingsDecideNothing(t *testing.T) {
	e := newEnv(t)
	held := e.check(forcePush("s1")).ApprovalID
	for i, scope := range []string{"Approver", "APPROVER", " approver", "approver ", "approver\n", "approver,approver", "approver approver", "read approver", "approver\x00", "аpprover", "*", "admin", ""} {
		secret, tok := server.NewToken(fmt.Sprintf("spelled%d", i), time.Now())
		tok.Scope = scope
		if err := e.st.CreateToken(context.Background(), tok); err != nil {
			continue // the store refused the spelling: nothing to try
		}
		// Its grant is in the audit log too: only the spelling differs.
		if err := audit.New(e.st).Append(context.Background(), server.GrantRecord(tok)); err != nil {
			t.Fatal(err)
		}
		bearer := map[string]string{"Authorization": "Bearer " + secret}
		for _, path := range []string{"/v1/approvals/" + held + "/approve", "/v1/approvals/batch"} {
			if code, body := e.doWith("POST", path, `{"ids":["`+held+`"],"decision":"approve"}`, bearer); code != http.StatusForbidden {
				t.Errorf("scope %q on %s: %d %s, want 403", scope, path, code, body)
			}
		}
	}
	if s := e.status(held); s != "pending" {
		t.Errorf("%s is %s", held, s)
	}
}

// Path and method tricks reach no decision without an approver: unclean
// paths, escaped slashes, trailing characters, other cases, method
// override headers and fields.
func TestDecisionPathTricks(t *testing.T) {
	e := newEnv(t)
	held := e.check(forcePush("s1")).ApprovalID
	checker := map[string]string{"Authorization": "Bearer " + e.tokenWith("agent", store.ScopeCheck)}
	paths := []string{
		"/v1/approvals/" + held + "/approve",
		"//v1/approvals/" + held + "/approve",
		"/v1//approvals/" + held + "/approve",
		"/v1/./approvals/" + held + "/approve",
		"/v1/check/../approvals/" + held + "/approve",
		"/v1/approvals/" + held + "%2Fapprove",
		"/v1%2Fapprovals/" + held + "/approve",
		"/v1/approvals/" + held + "/approve/",
		"/v1/approvals/" + held + "/approve.",
		"/v1/approvals/" + held + "/approve;",
		"/v1/approvals/" + held + "/..;/" + held + "/approve",
		"/V1/approvals/" + held + "/approve",
		"/v1/approvals/" + held + "/APPROVE",
		"/v1/approvals/" + strings.ToUpper(held) + "/approve",
		"/v1/approvals/batch",
		"/v1/approvals/batch/",
	}
	body := `{"ids":["` + held + `"],"decision":"approve"}`
	for _, p := range paths {
		for _, m := range []string{"POST", "PUT", "PATCH", "DELETE", "GET", "HEAD", "OPTIONS"} {
			if code, out := e.doWith(m, p, body, checker); code < 300 {
				t.Errorf("%s %s with a check token: %d %s", m, p, code, out)
			}
		}
		for _, override := range []string{"X-HTTP-Method-Override", "X-Method-Override", "X-HTTP-Method"} {
			h := map[string]string{override: "POST", "Authorization": checker["Authorization"]}
			if code, _ := e.doWith("GET", p, nil, h); code < 300 {
				t.Errorf("GET %s with %s: POST: %d", p, override, code)
			}
		}
		form := map[string]string{"Content-Type": "application/x-www-form-urlencoded", "Authorization": checker["Authorization"]}
		if code, _ := e.doWith("POST", p+"?_method=POST", "_method=POST&ids="+held+"&decision=approve", form); code < 300 {
			t.Errorf("form POST %s: %d", p, code)
		}
	}
	if s := e.status(held); s != "pending" {
		t.Errorf("%s is %s", held, s)
	}
}

// Many people (or one person's many tabs) approving and rejecting one
// request at once: exactly one decision stands, one audit record says so,
// and the pass it grants lets exactly one of many simultaneous identical
// checks through.
func TestConcurrentDecisionsAndPassUse(t *testing.T) {
	e := newEnv(t)
	held := e.check(forcePush("s1")).ApprovalID
	const n = 12
	codes := make([]int, n)
	var wg sync.WaitGroup
	for i := range n {
		wg.Add(1)
		go func() {
			defer wg.Done()
			verb := "approve"
			if i%3 == 2 {
				verb = "reject"
			}
			codes[i], _ = e.do("POST", "/v1/approvals/"+held+"/"+verb, `{}`)
		}()
	}
	wg.Wait()
	ok := 0
	for _, c := range codes {
		if c == 200 {
			ok++
		}
	}
	if ok != 1 {
		t.Fatalf("%d of %d simultaneous decisions succeeded (%v), want exactly 1", ok, n, codes)
	}
	decided := 0
	err := audit.New(e.st).Export(context.Background(), audit.ExportOptions{}, func(r audit.Record) error {
		if strings.Contains(r.Reason, "approval "+held+" approved by") || strings.Contains(r.Reason, "approval "+held+" rejected by") {
			decided++
		}
		return nil
	})
	if err != nil || decided != 1 {
		t.Errorf("%d decision records for %s (%v), want 1", decided, held, err)
	}
	if e.status(held) != "approved" {
		return // a rejection won the race: no pass to use
	}
	verdicts := make([]guard.Verdict, n)
	for i := range n {
		wg.Add(1)
		go func() {
			defer wg.Done()
			verdicts[i] = e.check(forcePush("s1")).Verdict
		}()
	}
	wg.Wait()
	allowed := 0
	for _, v := range verdicts {
		if v.Allowed() {
			allowed++
		}
	}
	if allowed != 1 {
		t.Errorf("%d of %d simultaneous uses of one pass were allowed (%v), want exactly 1", allowed, n, verdicts)
	}
}

// signIn signs a browser in with secret and returns its session cookie.
func (b *browser) signIn(secret string) *http.Cookie {
	b.e.t.Helper()
	res, body := b.do("POST", "/v1/session", `{"token":"`+secret+`"}`, false)
	if res.StatusCode != 200 {
		b.e.t.Fatalf("sign in: %d %s", res.StatusCode, body)
	}
	b.csrf = decode[struct{ CSRF string }](b.e.t, []byte(body)).CSRF
	for _, c := range res.Cookies() {
		if c.Name == "actionguard_session" || c.Name == "__Host-actionguard_session" {
			return c
		}
	}
	b.e.t.Fatal("no session cookie")
	return nil
}

// Every way a page session's state change could be forged from another
// page is refused: the CSRF token missing, wrong or another session's,
// an Origin or Referer of another site, null, or a look-alike of this
// one, a cross-site fetch, a simple text/plain request.
func TestSessionCSRF(t *testing.T) {
	e := newEnv(t)
	held := e.check(forcePush("s1")).ApprovalID
	b := newBrowser(e)
	b.signIn(e.token)
	other := newBrowser(e)
	other.signIn(e.token)
	host := strings.TrimPrefix(e.ts.URL, "http://")
	_, port, _ := strings.Cut(host, ":")
	cases := map[string]map[string]string{
		"no CSRF token":               {"Origin": e.ts.URL},
		"a wrong CSRF token":          {"Origin": e.ts.URL, "X-CSRF-Token": "AAAA"},
		"another session's token":     {"Origin": e.ts.URL, "X-CSRF-Token": other.csrf},
		"the token in another header": {"Origin": e.ts.URL, "X-XSRF-Token": b.csrf},
		"Origin null":                 {"Origin": "null", "X-CSRF-Token": b.csrf},
		"another site":                {"Origin": "https://evil.example", "X-CSRF-Token": b.csrf},
		"another port":                {"Origin": "http://127.0.0.1:1", "X-CSRF-Token": b.csrf},
		"https for http":              {"Origin": "https://" + host, "X-CSRF-Token": b.csrf},
		"a look-alike Origin":         {"Origin": e.ts.URL + ".evil.example", "X-CSRF-Token": b.csrf},
		"userinfo Origin":             {"Origin": "http://" + host + "@evil.example", "X-CSRF-Token": b.csrf},
		"localhost for 127.0.0.1":     {"Origin": "http://localhost:" + port, "X-CSRF-Token": b.csrf},
		"a look-alike Referer":        {"Referer": "http://" + host + ".evil.example/", "X-CSRF-Token": b.csrf},
		"a cross-site fetch":          {"Sec-Fetch-Site": "cross-site", "Origin": e.ts.URL, "X-CSRF-Token": b.csrf},
		"a same-site fetch":           {"Sec-Fetch-Site": "same-site", "Origin": e.ts.URL, "X-CSRF-Token": b.csrf},
		"a simple text/plain request": {"Content-Type": "text/plain", "Origin": "https://evil.example"},
		"a form post":                 {"Content-Type": "application/x-www-form-urlencoded", "Origin": "https://evil.example"},
	}
	for name, h := range cases {
		for _, path := range []string{"/v1/approvals/" + held + "/approve", "/v1/approvals/batch", "/v1/session"} {
			req, _ := http.NewRequest("POST", e.ts.URL+path, strings.NewReader(`{"ids":["`+held+`"],"decision":"approve"}`))
			if path == "/v1/session" {
				req.Method = "DELETE"
			}
			for k, v := range h {
				req.Header.Set(k, v)
			}
			res, err := b.c.Do(req)
			if err != nil {
				t.Fatal(err)
			}
			res.Body.Close()
			if res.StatusCode != http.StatusForbidden {
				t.Errorf("%s on %s %s: %d, want 403", name, req.Method, path, res.StatusCode)
			}
		}
	}
	if s := e.status(held); s != "pending" {
		t.Fatalf("%s is %s", held, s)
	}
	if res, _ := b.do("GET", "/v1/approvals", "", false); res.StatusCode != 200 {
		t.Errorf("the session was signed out by a forged request: %d", res.StatusCode)
	}
	if res, body := b.do("POST", "/v1/approvals/"+held+"/reject", `{}`, true); res.StatusCode != 200 {
		t.Errorf("the page's own rejection: %d %s", res.StatusCode, body)
	}
}

// A session cookie planted before sign-in (another token's session) is
// replaced at sign-in; the cookie is HttpOnly, SameSite=Strict, for the
// whole site, and Secure over TLS; the server has no route that mints
// tokens or changes mode, trust, contacts or policy.
func TestSessionCookieAndFixation(t *testing.T) {
	e := newEnv(t)
	reader := e.tokenWith("reader", store.ScopeRead)
	b := newBrowser(e)
	planted := b.signIn(reader)
	cookie := b.signIn(e.token)
	if cookie.Value == planted.Value || !cookie.HttpOnly || cookie.SameSite != http.SameSiteStrictMode || cookie.Path != "/" || cookie.Secure {
		t.Errorf("cookie after sign-in over http: %+v", cookie)
	}
	if _, body := b.do("GET", "/v1/session", "", false); !strings.Contains(body, `"name":"alice"`) {
		t.Errorf("the session after sign-in is not alice's: %s", body)
	}
	for _, path := range []string{"/v1/tokens", "/v1/token", "/v1/mode", "/v1/trust", "/v1/contacts", "/v1/policy", "/v1/config", "/v1/audit", "/v1/approvals"} {
		for _, m := range []string{"POST", "PUT", "PATCH", "DELETE"} {
			if code, body := e.do(m, path, `{"name":"x","scope":"approver","mode":"learning"}`); code < 400 {
				t.Errorf("%s %s with an approver token: %d %s", m, path, code, body)
			}
		}
	}

	srv := server.New(e.st, guard.New(guard.WithHome("/home/u")))
	ts := httptestTLS(t, srv)
	tb := &browser{e: &env{t: t, st: e.st, srv: srv, ts: ts, token: e.token}, c: ts.Client(), origin: ts.URL}
	c := tb.signIn(e.token)
	if c.Name != "__Host-actionguard_session" || !c.Secure || !c.HttpOnly || c.SameSite != http.SameSiteStrictMode || c.Path != "/" || c.Domain != "" {
		t.Errorf("cookie over TLS: %+v", c)
	}
	// Over TLS only the __Host- name opens the session: the same value
	// under the plain name (which a sibling host or a plain-HTTP page can
	// plant) is not read.
	for _, name := range []string{"actionguard_session", "__Host-actionguard_session"} {
		req, _ := http.NewRequest("GET", ts.URL+"/v1/session", nil)
		req.AddCookie(&http.Cookie{Name: name, Value: c.Value})
		res, err := ts.Client().Do(req)
		if err != nil {
			t.Fatal(err)
		}
		var info struct {
			SignedIn bool `json:"signed_in"`
		}
		json.NewDecoder(res.Body).Decode(&info)
		res.Body.Close()
		if info.SignedIn != (name == "__Host-actionguard_session") {
			t.Errorf("over TLS, the session under %s: signed in %v", name, info.SignedIn)
		}
	}
}

// httptestTLS serves srv over TLS until the test ends.
func httptestTLS(t *testing.T, srv *server.Server) *httptest.Server {
	ts := httptest.NewTLSServer(srv)
	t.Cleanup(func() { srv.Close(); ts.Close() })
	return ts
}

// Bodies built to break the decision's reading (huge, deeply nested, not
// JSON, trailing data, wrong types) decide nothing and break nothing.
func TestDecisionBodies(t *testing.T) {
	e := newEnv(t)
	held := e.check(forcePush("s1")).ApprovalID
	bodies := map[string]string{
		"2 MiB":          `{"note":"` + strings.Repeat("a", 2<<20) + `"}`,
		"nested":         `{"note":` + strings.Repeat("[", 100000) + strings.Repeat("]", 100000) + `}`,
		"not JSON":       "\x00\xff{",
		"trailing data":  `{}{"auto":true}`,
		"wrong types":    `{"note":7,"auto":"yes"}`,
		"an array":       `[{"note":"ok"}]`,
		"auto on reject": `{"auto":true}`,
	}
	for name, body := range bodies {
		path := "/v1/approvals/" + held + "/approve"
		if name == "auto on reject" {
			path = "/v1/approvals/" + held + "/reject"
		}
		if code, out := e.do("POST", path, body); code != http.StatusBadRequest && code != http.StatusRequestEntityTooLarge {
			t.Errorf("%s: %d %.200s, want 400 or 413", name, code, out)
		}
	}
	if s := e.status(held); s != "pending" {
		t.Errorf("%s is %s", held, s)
	}
}
