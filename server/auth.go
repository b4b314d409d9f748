package server

import (
	"context"
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha256"
	"crypto/subtle"
	"encoding/base64"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/actionguard/actionguard/store"
)

// TokenPrefix starts every API token's secret.
const TokenPrefix = "agt_"

// NewToken returns a fresh API token named name, with the least scope
// (store.ScopeCheck; set t.Scope for more): the secret, to show once, and
// the token to store (only the secret's hash). The secret is TokenPrefix
// and 32 random bytes in unpadded base64url.
func NewToken(name string, now time.Time) (secret string, t store.Token) {
	var b [32]byte
	rand.Read(b[:])
	secret = TokenPrefix + base64.RawURLEncoding.EncodeToString(b[:])
	var id [8]byte
	rand.Read(id[:])
	for i := range id {
		id[i] = tokenIDAlphabet[int(id[i])%len(tokenIDAlphabet)]
	}
	return secret, store.Token{ID: "tok-" + string(id[:]), Name: name, Hash: HashToken(secret), Created: now.UTC().Truncate(time.Microsecond),
		Scope: store.ScopeCheck}
}

// tokenIDAlphabet has no characters a person confuses (0/o, 1/l/i).
const tokenIDAlphabet = "23456789abcdefghjkmnpqrstuvwxyz"

// HashToken returns what the store keeps of a secret: its hex SHA-256.
func HashToken(secret string) string {
	sum := sha256.Sum256([]byte(secret))
	return hex.EncodeToString(sum[:])
}

// principal is who made a request.
type principal struct {
	tokenID, name string
	scope         string // the token's (store.ScopeCheck, ScopeRead, ScopeApprover)
	token         store.Token
	session       bool   // by the page's session cookie (CSRF applies)
	sessionID     string // the session's revocation id (sessionID of its nonce)
	csrf          string // the session's CSRF token
	expires       time.Time
}

// may reports whether p's scope allows what scope names.
func (p principal) may(scope string) bool {
	return store.ScopeRank(p.scope) >= store.ScopeRank(scope) && store.ScopeRank(scope) > 0
}

// sessionID is what the store keeps of a signed-out session: the hash of
// its nonce, which names it without being a credential.
func sessionID(nonce string) string {
	sum := sha256.Sum256([]byte("actionguard session id\x00" + nonce))
	return hex.EncodeToString(sum[:])
}

// by is how a decision names who made it.
func (p principal) by() string {
	if p.name == "" {
		return "anonymous"
	}
	if p.session {
		return p.name + " (approval page)"
	}
	return p.name
}

type principalKey struct{}

func principalOf(r *http.Request) principal {
	p, _ := r.Context().Value(principalKey{}).(principal)
	return p
}

// sessionCookie is the page's session cookie over plain HTTP (a loopback
// server); over TLS it is hostCookie.
const sessionCookie = "actionguard_session"

// hostCookie is the session cookie's name over TLS: the __Host- prefix
// makes the browser keep it only when it is Secure, for Path=/ and with no
// Domain, so a sibling host or a plain-HTTP page cannot plant or shadow
// it (cookie tossing). Only this name is read over TLS.
const hostCookie = "__Host-" + sessionCookie

// cookieName is the session cookie's name for a request.
func cookieName(r *http.Request) string {
	if r.TLS != nil {
		return hostCookie
	}
	return sessionCookie
}

// csrfHeader carries the session's CSRF token on every state change.
const csrfHeader = "X-CSRF-Token"

// authenticator checks bearer tokens and session cookies against the
// store's tokens, with a short cache so that a check does not read the
// store for its token.
type authenticator struct {
	st         store.Store
	ttl        time.Duration
	sessionTTL time.Duration
	now        func() time.Time

	mu      sync.Mutex
	byHash  map[string]cachedToken // live tokens, by hash
	byID    map[string]store.Token // every token (Tokens), for sessions
	idsRead time.Time
	grants  map[string]string // approver tokens whose grant record was found: id → hash
}

type cachedToken struct {
	t     store.Token
	until time.Time
}

// maxCachedTokens bounds the cache.
const maxCachedTokens = 10000

func newAuthenticator(st store.Store, ttl, sessionTTL time.Duration, now func() time.Time) *authenticator {
	return &authenticator{st: st, ttl: ttl, sessionTTL: sessionTTL, now: now, byHash: map[string]cachedToken{}}
}

// errUnauthorized: no credentials, or credentials that are not valid.
var errUnauthorized = errors.New("unauthorized")

// bearer returns the live token whose secret this is.
func (a *authenticator) bearer(ctx context.Context, secret string) (store.Token, error) {
	if !strings.HasPrefix(secret, TokenPrefix) || len(secret) > 128 {
		return store.Token{}, errUnauthorized
	}
	// The secret is looked up by its hash: the time the lookup takes says
	// nothing about how close a guess was to a secret.
	hash := HashToken(secret)
	now := a.now()
	a.mu.Lock()
	c, ok := a.byHash[hash]
	a.mu.Unlock()
	if ok && now.Before(c.until) && subtle.ConstantTimeCompare([]byte(c.t.Hash), []byte(hash)) == 1 {
		return c.t, nil
	}
	t, err := a.st.TokenByHash(ctx, hash)
	if errors.Is(err, store.ErrNoToken) {
		a.mu.Lock()
		delete(a.byHash, hash)
		a.mu.Unlock()
		return store.Token{}, errUnauthorized
	}
	if err != nil {
		return store.Token{}, err
	}
	if subtle.ConstantTimeCompare([]byte(t.Hash), []byte(hash)) != 1 {
		return store.Token{}, errUnauthorized
	}
	a.mu.Lock()
	if len(a.byHash) >= maxCachedTokens {
		clear(a.byHash)
	}
	a.byHash[hash] = cachedToken{t, now.Add(a.ttl)}
	a.mu.Unlock()
	return t, nil
}

// token returns the token with this id, revoked ones too (from a list of
// the store's tokens read at most ttl ago).
func (a *authenticator) token(ctx context.Context, id string) (store.Token, bool, error) {
	now := a.now()
	a.mu.Lock()
	t, ok := a.byID[id]
	fresh := now.Sub(a.idsRead) < a.ttl
	a.mu.Unlock()
	if fresh && (ok || now.Sub(a.idsRead) < time.Second) {
		return t, ok, nil
	}
	ts, err := a.st.Tokens(ctx)
	if err != nil {
		return store.Token{}, false, err
	}
	m := make(map[string]store.Token, len(ts))
	for _, t := range ts {
		m[t.ID] = t
	}
	a.mu.Lock()
	a.byID, a.idsRead = m, now
	a.mu.Unlock()
	t, ok = m[id]
	return t, ok, nil
}

// A session cookie is "v1.<token id>.<expiry, unix seconds>.<nonce>.<mac>",
// the MAC an HMAC-SHA256 keyed with the token's hash: any replica can
// check it with the store alone, and revoking the token ends its sessions.
// The session's CSRF token is another HMAC of the nonce under the same
// key.
func sessionMAC(t store.Token, payload string) []byte {
	key, _ := hex.DecodeString(t.Hash)
	m := hmac.New(sha256.New, key)
	io.WriteString(m, "actionguard session\x00"+payload)
	return m.Sum(nil)
}

func csrfToken(t store.Token, nonce string) string {
	key, _ := hex.DecodeString(t.Hash)
	m := hmac.New(sha256.New, key)
	io.WriteString(m, "actionguard csrf\x00"+nonce)
	return base64.RawURLEncoding.EncodeToString(m.Sum(nil))
}

// newSession returns a session cookie value for t and its principal.
func (a *authenticator) newSession(t store.Token) (string, principal) {
	var n [18]byte
	rand.Read(n[:])
	nonce := base64.RawURLEncoding.EncodeToString(n[:])
	exp := a.now().Add(a.sessionTTL).Truncate(time.Second)
	payload := "v1." + t.ID + "." + strconv.FormatInt(exp.Unix(), 10) + "." + nonce
	value := payload + "." + base64.RawURLEncoding.EncodeToString(sessionMAC(t, payload))
	return value, principal{tokenID: t.ID, name: t.Name, scope: t.Scope, token: t, session: true, sessionID: sessionID(nonce), csrf: csrfToken(t, nonce), expires: exp}
}

// session checks a session cookie: well formed, not expired, signed with
// its token, the token live, the session not signed out. fresh reads the
// token from the store instead of the cache: a decision made through a
// session of a token revoked a moment ago is refused.
func (a *authenticator) session(ctx context.Context, value string, fresh bool) (principal, error) {
	parts := strings.Split(value, ".")
	if len(parts) != 5 || parts[0] != "v1" {
		return principal{}, errUnauthorized
	}
	exp, err := strconv.ParseInt(parts[2], 10, 64)
	if err != nil || !a.now().Before(time.Unix(exp, 0)) {
		return principal{}, errUnauthorized
	}
	if fresh {
		a.mu.Lock()
		a.idsRead = time.Time{}
		a.mu.Unlock()
	}
	t, ok, err := a.token(ctx, parts[1])
	if err != nil {
		return principal{}, err
	}
	if !ok || !t.Revoked.IsZero() {
		return principal{}, errUnauthorized
	}
	mac, err := base64.RawURLEncoding.DecodeString(parts[4])
	if err != nil || !hmac.Equal(mac, sessionMAC(t, strings.Join(parts[:4], "."))) {
		return principal{}, errUnauthorized
	}
	id := sessionID(parts[3])
	revoked, err := a.st.SessionRevoked(ctx, id)
	if err != nil {
		return principal{}, err
	}
	if revoked {
		return principal{}, errUnauthorized
	}
	return principal{tokenID: t.ID, name: t.Name, scope: t.Scope, token: t, session: true, sessionID: id, csrf: csrfToken(t, parts[3]), expires: time.Unix(exp, 0)}, nil
}

const unauthorizedHint = "send an API token as 'Authorization: Bearer agt_…' (create one with 'actionguard tokens create NAME'), or log in on the approval page"

// authed requires a token or a session on h whose scope allows scope;
// with a session, a state change must come from this origin and carry the
// session's CSRF token.
//
// Deciding (scope approver) is refused without authentication: nothing
// then tells a person's browser from a program on the same machine, a
// coding agent included.
func (s *Server) authed(scope string, h http.HandlerFunc) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if stateChanging(r.Method) && !s.hostServed(r) {
			s.refuseHost(w, r)
			return
		}
		if !s.cfg.auth {
			if scope == store.ScopeApprover {
				writeError(w, http.StatusForbidden, "deciding needs a signed-in person, and this server runs without authentication",
					"run 'actionguard serve' without --no-auth, create your token with 'actionguard tokens create NAME --scope approver' in your own terminal, and sign in on the approval page; or decide with 'actionguard approvals approve|reject ID' in your own terminal")
				return
			}
			// No credentials to steal, so keep other web pages (and DNS
			// rebinding) from acting through a visitor's browser.
			if !loopbackHost(r.Host) {
				writeError(w, http.StatusMisdirectedRequest, "host "+r.Host+" refused: without authentication the server answers loopback names only",
					"use http://127.0.0.1 or http://localhost, or run the server with tokens")
				return
			}
			if stateChanging(r.Method) && !sameOrigin(r) {
				writeError(w, http.StatusForbidden, "cross-origin request refused", "state changes must come from the approval page itself")
				return
			}
			h(w, r.WithContext(context.WithValue(r.Context(), principalKey{}, principal{name: "anonymous"})))
			return
		}
		// A decision reads the token from the store, not the cache: a token
		// revoked a moment ago decides nothing, through any of its sessions.
		p, err := s.authenticate(r, scope == store.ScopeApprover)
		if errors.Is(err, errUnauthorized) {
			w.Header().Set("WWW-Authenticate", `Bearer realm="actionguard"`)
			writeError(w, http.StatusUnauthorized, "missing or invalid API token", unauthorizedHint)
			return
		}
		if err != nil {
			s.storeError(w, "checking the API token", err)
			return
		}
		if !p.may(scope) {
			writeError(w, http.StatusForbidden, fmt.Sprintf("token %s has scope %q, and this needs %q", p.name, p.scope, scope), scopeHint(scope))
			return
		}
		if scope == store.ScopeApprover {
			ok, err := s.auth.granted(r.Context(), p.token)
			if err != nil {
				s.storeError(w, "checking the token's grant", err)
				return
			}
			if !ok {
				s.log.Warn("an approver token without its grant in the audit log tried to decide", "token", p.tokenID, "name", p.name)
				writeError(w, http.StatusForbidden, fmt.Sprintf("token %s has scope approver in the database, but its creation is not in the audit log", p.name), scopeHint(scope))
				return
			}
		}
		if p.session && stateChanging(r.Method) {
			if !sameOrigin(r) {
				writeError(w, http.StatusForbidden, "cross-origin request refused", "state changes must come from the approval page itself")
				return
			}
			got := r.Header.Get(csrfHeader)
			if got == "" || subtle.ConstantTimeCompare([]byte(got), []byte(p.csrf)) != 1 {
				writeError(w, http.StatusForbidden, "missing or invalid CSRF token", "reload the approval page")
				return
			}
		}
		h(w, r.WithContext(context.WithValue(r.Context(), principalKey{}, p)))
	})
}

// scopeHint says how to get a token with scope.
func scopeHint(scope string) string {
	if scope == store.ScopeApprover {
		return "approving and rejecting take a person's token: create one with 'actionguard tokens create NAME --scope approver' in your own terminal, and sign in with it on the approval page"
	}
	return "create a token with 'actionguard tokens create NAME --scope " + scope + "'"
}

// authenticate finds who made r: a bearer token first, else the session
// cookie. fresh reads the token from the store, not the cache.
func (s *Server) authenticate(r *http.Request, fresh bool) (principal, error) {
	if h := r.Header.Get("Authorization"); h != "" {
		scheme, secret, ok := strings.Cut(h, " ")
		if !ok || !strings.EqualFold(scheme, "Bearer") {
			return principal{}, errUnauthorized
		}
		secret = strings.TrimSpace(secret)
		if fresh {
			s.auth.forget(secret)
		}
		t, err := s.auth.bearer(r.Context(), secret)
		if err != nil {
			return principal{}, err
		}
		return principal{tokenID: t.ID, name: t.Name, scope: t.Scope, token: t}, nil
	}
	if c, err := r.Cookie(cookieName(r)); err == nil {
		// A session always reads its token from the store: revoking the
		// token ends every one of its sessions at once. (A person's page
		// makes few requests; an agent's checks come by bearer.)
		return s.auth.session(r.Context(), c.Value, true)
	}
	return principal{}, errUnauthorized
}

// forget drops a secret's token from the cache: the next check reads the
// store.
func (a *authenticator) forget(secret string) {
	a.mu.Lock()
	delete(a.byHash, HashToken(secret))
	a.mu.Unlock()
}

// hostServed reports whether a state change may be served under r's Host.
// On a connection to a loopback address, only a loopback name or the host
// of the server's public URL is: a web page that points its own name at
// 127.0.0.1 (DNS rebinding) reaches the server under that name, and its
// requests are same-origin for the browser.
func (s *Server) hostServed(r *http.Request) bool {
	local, ok := r.Context().Value(http.LocalAddrContextKey).(net.Addr)
	if !ok {
		return true // not from a listener (a handler called in-process)
	}
	if !loopbackHost(local.String()) || loopbackHost(r.Host) {
		return true
	}
	u, err := url.Parse(s.cfg.publicURL)
	return err == nil && u.Host != "" && strings.EqualFold(u.Host, r.Host)
}

// refuseHost answers a state change asked under a name the server is not
// known by.
func (s *Server) refuseHost(w http.ResponseWriter, r *http.Request) {
	writeError(w, http.StatusMisdirectedRequest, "host "+r.Host+" refused: on loopback the server changes state only for loopback names and its public URL",
		"use http://127.0.0.1 or http://localhost, or set ACTIONGUARD_SERVER_URL to the address people reach the server at")
}

// loopbackHost reports whether a Host header names this machine.
func loopbackHost(host string) bool {
	if h, _, err := net.SplitHostPort(host); err == nil {
		host = h
	}
	host = strings.Trim(host, "[]")
	if strings.EqualFold(host, "localhost") {
		return true
	}
	ip := net.ParseIP(host)
	return ip != nil && ip.IsLoopback()
}

func stateChanging(method string) bool {
	return method != http.MethodGet && method != http.MethodHead && method != http.MethodOptions
}

// sameOrigin reports whether a browser's request comes from this origin:
// Sec-Fetch-Site when the browser sends it, else Origin, else Referer. A
// request with none of them is not from a browser page.
func sameOrigin(r *http.Request) bool {
	if site := r.Header.Get("Sec-Fetch-Site"); site != "" && site != "same-origin" && site != "none" {
		return false
	}
	origin := r.Header.Get("Origin")
	if origin == "" {
		if ref := r.Header.Get("Referer"); ref != "" {
			u, err := url.Parse(ref)
			if err != nil {
				return false
			}
			origin = u.Scheme + "://" + u.Host
		}
	}
	if origin == "" || origin == "null" {
		return origin == ""
	}
	u, err := url.Parse(origin)
	if err != nil {
		return false
	}
	scheme := "http"
	if r.TLS != nil {
		scheme = "https"
	}
	return u.Scheme == scheme && strings.EqualFold(u.Host, r.Host)
}

// sessionInfo is the answer of the session endpoints.
type sessionInfo struct {
	// SignedIn: the request carried a valid session (or token); Auth:
	// the server requires one.
	SignedIn bool   `json:"signed_in"`
	Auth     bool   `json:"auth"`
	Name     string `json:"name,omitempty"`
	// Scope is the token's: the page offers approve and reject to an
	// approver only.
	Scope   string    `json:"scope,omitempty"`
	CSRF    string    `json:"csrf,omitempty"`
	Expires time.Time `json:"expires,omitzero"`
}

// handleLogin is POST /v1/session {"token": "agt_…"}: the page exchanges
// a token for a session cookie (HttpOnly, SameSite=Strict; the page never
// keeps the token) and gets the session's CSRF token.
func (s *Server) handleLogin(w http.ResponseWriter, r *http.Request) {
	if !s.hostServed(r) {
		s.refuseHost(w, r)
		return
	}
	if !sameOrigin(r) {
		writeError(w, http.StatusForbidden, "cross-origin request refused", "log in from the approval page itself")
		return
	}
	if !s.cfg.auth {
		writeJSON(w, http.StatusOK, sessionInfo{SignedIn: true, Auth: false, Name: "anonymous"})
		return
	}
	var body struct {
		Token string `json:"token"`
	}
	data, err := io.ReadAll(io.LimitReader(r.Body, 4<<10))
	if err != nil {
		bodyError(w, err, s.cfg.maxBody, "")
		return
	}
	if err := json.Unmarshal(data, &body); err != nil || body.Token == "" {
		writeError(w, http.StatusBadRequest, `the body must be {"token": "agt_…"}`, "paste the token 'actionguard tokens create' printed")
		return
	}
	t, err := s.auth.bearer(r.Context(), strings.TrimSpace(body.Token))
	if errors.Is(err, errUnauthorized) {
		writeError(w, http.StatusUnauthorized, "this token is not valid (unknown or revoked)", "create one with 'actionguard tokens create NAME'")
		return
	}
	if err != nil {
		s.storeError(w, "checking the API token", err)
		return
	}
	value, p := s.auth.newSession(t)
	http.SetCookie(w, &http.Cookie{
		Name: cookieName(r), Value: value, Path: "/", Expires: p.expires, MaxAge: int(s.cfg.sessionTTL / time.Second),
		HttpOnly: true, SameSite: http.SameSiteStrictMode, Secure: r.TLS != nil,
	})
	writeJSON(w, http.StatusOK, sessionInfo{SignedIn: true, Auth: true, Name: p.name, Scope: p.scope, CSRF: p.csrf, Expires: p.expires})
}

// handleSession is GET /v1/session: whether the page is signed in, as
// whom, and the session's CSRF token (the page asks after a reload). It
// answers 200 either way, so that the page's first question is not an
// error.
func (s *Server) handleSession(w http.ResponseWriter, r *http.Request) {
	if !s.cfg.auth {
		writeJSON(w, http.StatusOK, sessionInfo{SignedIn: true, Auth: false, Name: "anonymous"})
		return
	}
	p, err := s.authenticate(r, false)
	if errors.Is(err, errUnauthorized) {
		writeJSON(w, http.StatusOK, sessionInfo{Auth: true})
		return
	}
	if err != nil {
		s.storeError(w, "checking the session", err)
		return
	}
	writeJSON(w, http.StatusOK, sessionInfo{SignedIn: true, Auth: true, Name: p.name, Scope: p.scope, CSRF: p.csrf, Expires: p.expires})
}

// handleLogout is DELETE /v1/session: the session is revoked in the store
// (the cookie, copied or not, opens nothing any more, on any replica) and
// the cookie is cleared.
func (s *Server) handleLogout(w http.ResponseWriter, r *http.Request) {
	if p := principalOf(r); p.session && p.sessionID != "" {
		if err := s.st.RevokeSession(r.Context(), p.sessionID, p.tokenID, p.expires); err != nil {
			s.storeError(w, "signing out", err)
			return
		}
	}
	http.SetCookie(w, &http.Cookie{Name: cookieName(r), Value: "", Path: "/", MaxAge: -1, HttpOnly: true, SameSite: http.SameSiteStrictMode, Secure: r.TLS != nil})
	w.Header().Set("Cache-Control", "no-store")
	w.WriteHeader(http.StatusNoContent)
}

// stillSignedIn reports whether the credentials of a long request (the
// event stream) still hold, read from the store: a revoked token or a
// signed-out session ends the stream at its next event or heartbeat.
func (s *Server) stillSignedIn(r *http.Request) bool {
	if !s.cfg.auth {
		return true
	}
	p, err := s.authenticate(r, true)
	return err == nil && p.may(store.ScopeRead)
}
