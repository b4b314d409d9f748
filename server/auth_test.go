package server_test

import (
	"context"
	"io"
	"net/http"
	"net/http/cookiejar"
	"strings"
	"testing"
	"time"

	"github.com/actionguard/actionguard/server"
)

func TestNewToken(t *testing.T) {
	secret, tok := server.NewToken("alice", time.Now())
	if !strings.HasPrefix(secret, server.TokenPrefix) || len(secret) != len(server.TokenPrefix)+43 {
		t.Errorf("secret %q: want agt_ and 32 bytes of base64url", secret)
	}
	if tok.Hash != server.HashToken(secret) || len(tok.Hash) != 64 || strings.Contains(tok.Hash, secret) {
		t.Errorf("hash %q", tok.Hash)
	}
	if !strings.HasPrefix(tok.ID, "tok-") || tok.Name != "alice" {
		t.Errorf("token %+v", tok)
	}
	if other, _ := server.NewToken("alice", time.Now()); other == secret {
		t.Error("two tokens with one secret")
	}
}

func TestRevokedTokenIsRefused(t *testing.T) {
	e := newEnv(t)
	if code, _ := e.do("GET", "/v1/approvals", nil); code != 200 {
		t.Fatalf("token: %d", code)
	}
	if _, err := e.st.RevokeToken(context.Background(), "alice"); err != nil {
		t.Fatal(err)
	}
	code, body := e.do("GET", "/v1/approvals", nil)
	if code != http.StatusUnauthorized || !strings.Contains(string(body), "actionguard tokens create") {
		t.Errorf("revoked token: %d %s", code, body)
	}
}

// browser is a client with a cookie jar that sends what a browser's page
// would: Origin and Sec-Fetch-Site.
type browser struct {
	e      *env
	c      *http.Client
	origin string
	csrf   string
}

func newBrowser(e *env) *browser {
	jar, _ := cookiejar.New(nil)
	return &browser{e: e, c: &http.Client{Jar: jar}, origin: e.ts.URL}
}

func (b *browser) do(method, path, body string, csrf bool) (*http.Response, string) {
	b.e.t.Helper()
	req, _ := http.NewRequest(method, b.e.ts.URL+path, strings.NewReader(body))
	req.Header.Set("Content-Type", "application/json")
	if method != "GET" {
		req.Header.Set("Origin", b.origin)
		if b.origin == b.e.ts.URL {
			req.Header.Set("Sec-Fetch-Site", "same-origin")
		} else {
			req.Header.Set("Sec-Fetch-Site", "cross-site")
		}
	}
	if csrf {
		req.Header.Set("X-CSRF-Token", b.csrf)
	}
	res, err := b.c.Do(req)
	if err != nil {
		b.e.t.Fatal(err)
	}
	defer res.Body.Close()
	data, err := io.ReadAll(res.Body)
	if err != nil {
		b.e.t.Fatal(err)
	}
	return res, string(data)
}

func TestPageSession(t *testing.T) {
	e := newEnv(t)
	b := newBrowser(e)

	res, body := b.do("GET", "/v1/session", "", false)
	if res.StatusCode != 200 || !strings.Contains(body, `"signed_in":false`) {
		t.Fatalf("before login: %d %s", res.StatusCode, body)
	}
	if res, _ := b.do("POST", "/v1/session", `{"token":"agt_wrong"}`, false); res.StatusCode != 401 {
		t.Errorf("wrong token: %d", res.StatusCode)
	}
	evil := newBrowser(e)
	evil.origin = "https://evil.example"
	if res, _ := evil.do("POST", "/v1/session", `{"token":"`+e.token+`"}`, false); res.StatusCode != 403 {
		t.Errorf("login from another origin: %d, want 403", res.StatusCode)
	}

	res, body = b.do("POST", "/v1/session", `{"token":"`+e.token+`"}`, false)
	if res.StatusCode != 200 {
		t.Fatalf("login: %d %s", res.StatusCode, body)
	}
	info := decode[struct {
		SignedIn bool `json:"signed_in"`
		Name     string
		CSRF     string
	}](t, []byte(body))
	if !info.SignedIn || info.Name != "alice" || info.CSRF == "" {
		t.Fatalf("login: %s", body)
	}
	b.csrf = info.CSRF
	if strings.Contains(body, e.token) {
		t.Error("the login answer repeats the token")
	}
	var cookie *http.Cookie
	for _, c := range res.Cookies() {
		if c.Name == "actionguard_session" {
			cookie = c
		}
	}
	if cookie == nil || !cookie.HttpOnly || cookie.SameSite != http.SameSiteStrictMode || strings.Contains(cookie.Value, e.token) {
		t.Fatalf("session cookie %+v", cookie)
	}

	// The cookie reads; after a reload the page gets its CSRF token again.
	if res, body := b.do("GET", "/v1/approvals", "", false); res.StatusCode != 200 {
		t.Errorf("GET with the cookie: %d %s", res.StatusCode, body)
	}
	_, body = b.do("GET", "/v1/session", "", false)
	if !strings.Contains(body, `"csrf":"`+b.csrf+`"`) {
		t.Errorf("session after reload: %s", body)
	}

	// A state change needs the CSRF token and this origin.
	d := e.check(forcePush("s1"))
	path := "/v1/approvals/" + d.ApprovalID + "/reject"
	if res, body := b.do("POST", path, `{}`, false); res.StatusCode != 403 || !strings.Contains(body, "CSRF") {
		t.Errorf("without CSRF token: %d %s", res.StatusCode, body)
	}
	b.origin = "https://evil.example"
	if res, body := b.do("POST", path, `{}`, true); res.StatusCode != 403 || !strings.Contains(body, "cross-origin") {
		t.Errorf("cross-origin: %d %s", res.StatusCode, body)
	}
	b.origin = e.ts.URL
	res, body = b.do("POST", path, `{"note":"no"}`, true)
	if res.StatusCode != 200 || !strings.Contains(body, `"decided_by":"alice (approval page)"`) {
		t.Errorf("reject from the page: %d %s", res.StatusCode, body)
	}

	// A forged or tampered cookie is nobody.
	forged := &http.Client{}
	req, _ := http.NewRequest("GET", e.ts.URL+"/v1/approvals", nil)
	req.AddCookie(&http.Cookie{Name: "actionguard_session", Value: cookie.Value[:len(cookie.Value)-2] + "AA"})
	if res, err := forged.Do(req); err != nil || res.StatusCode != 401 {
		t.Errorf("tampered cookie: %v %v", res.StatusCode, err)
	}

	// Sign out; a revoked token ends its sessions too.
	if res, _ := b.do("DELETE", "/v1/session", "", true); res.StatusCode != 204 {
		t.Errorf("logout: %d", res.StatusCode)
	}
	if res, _ := b.do("GET", "/v1/approvals", "", false); res.StatusCode != 401 {
		t.Errorf("after logout: %d", res.StatusCode)
	}
	b2 := newBrowser(e)
	if res, body := b2.do("POST", "/v1/session", `{"token":"`+e.token+`"}`, false); res.StatusCode != 200 {
		t.Fatalf("login: %d %s", res.StatusCode, body)
	}
	e.st.RevokeToken(context.Background(), "alice")
	if res, _ := b2.do("GET", "/v1/approvals", "", false); res.StatusCode != 401 {
		t.Errorf("session of a revoked token: %d, want 401", res.StatusCode)
	}
}
