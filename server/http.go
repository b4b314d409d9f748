package server

import (
	"encoding/json"
	"errors"
	"net/http"
	"runtime/debug"
	"strconv"
	"strings"
	"time"

	"github.com/actionguard/actionguard/store"
)

// routes builds the handler: the endpoints behind the middleware.
func (s *Server) routes() {
	mux := http.NewServeMux()
	// Each endpoint names the least scope a token (or its page session)
	// needs: check < read < approver.
	api := func(pattern, scope string, h http.HandlerFunc) { mux.Handle(pattern, s.authed(scope, h)) }

	api("POST /v1/check", store.ScopeCheck, s.handleCheck)
	api("GET /v1/approvals", store.ScopeRead, s.handleApprovals)
	api("GET /v1/approvals/{id}", store.ScopeRead, s.handleApproval)
	api("POST /v1/approvals/{id}/approve", store.ScopeApprover, s.handleDecide)
	api("POST /v1/approvals/{id}/reject", store.ScopeApprover, s.handleDecide)
	api("POST /v1/approvals/batch", store.ScopeApprover, s.handleBatch)
	api("GET /v1/audit", store.ScopeRead, s.handleAudit)
	api("GET /v1/rules/hits", store.ScopeRead, s.handleRuleHits)
	api("GET /v1/events", store.ScopeRead, s.handleEvents)
	api("DELETE /v1/session", store.ScopeCheck, s.handleLogout)
	mux.HandleFunc("POST /v1/session", s.handleLogin)
	mux.HandleFunc("GET /v1/session", s.handleSession)

	mux.HandleFunc("GET /healthz", s.handleHealth)
	if s.cfg.publicMetrics {
		mux.HandleFunc("GET /metrics", s.handleMetrics)
	} else {
		mux.Handle("GET /metrics", s.authed(store.ScopeRead, s.handleMetrics))
	}
	mux.Handle("GET /{$}", s.page())
	mux.Handle("GET /approvals/{id}", s.page()) // approval.PageURL: a request's own page
	mux.Handle("GET /assets/", s.assets())
	s.mux = mux
	s.handler = s.recoverer(s.headers(s.counted(s.route)))
}

// route dispatches to the mux, answering unknown paths and methods with
// JSON instead of the mux's plain text.
func (s *Server) route(w http.ResponseWriter, r *http.Request) {
	h, pattern := s.mux.Handler(r)
	if pattern != "" {
		if r.Body != nil && r.ContentLength != 0 {
			r.Body = http.MaxBytesReader(w, r.Body, s.cfg.maxBody)
		}
		s.mux.ServeHTTP(w, r)
		return
	}
	// The mux's own answer says which: a 405 carries Allow.
	rec := &headerRecorder{h: http.Header{}}
	h.ServeHTTP(rec, r)
	if allow := rec.h.Get("Allow"); allow != "" {
		w.Header().Set("Allow", allow)
		writeError(w, http.StatusMethodNotAllowed, r.Method+" is not allowed on "+r.URL.Path, "allowed: "+allow)
		return
	}
	writeError(w, http.StatusNotFound, "no such endpoint: "+r.URL.Path, "see docs/server.md for the endpoints")
}

// headerRecorder keeps the headers of an answer it drops.
type headerRecorder struct{ h http.Header }

func (r *headerRecorder) Header() http.Header         { return r.h }
func (r *headerRecorder) Write(b []byte) (int, error) { return len(b), nil }
func (r *headerRecorder) WriteHeader(int)             {}

// apiError is the body of every error response.
type apiError struct {
	Error string `json:"error"`
	Hint  string `json:"hint,omitempty"`
}

// writeError answers with status and a JSON error.
func writeError(w http.ResponseWriter, status int, msg, hint string) {
	h := w.Header()
	h.Set("Content-Type", "application/json; charset=utf-8")
	h.Set("Cache-Control", "no-store")
	h.Del("Content-Length")
	w.WriteHeader(status)
	enc := json.NewEncoder(w)
	enc.SetEscapeHTML(false)
	enc.Encode(apiError{Error: msg, Hint: hint})
}

// writeJSON answers 200 with v as JSON.
var (
	jsonContentType = []string{"application/json; charset=utf-8"}
	noStore         = []string{"no-store"}
)

func writeJSON(w http.ResponseWriter, status int, v any) {
	h := w.Header()
	h["Content-Type"] = jsonContentType
	h["Cache-Control"] = noStore
	w.WriteHeader(status)
	enc := json.NewEncoder(w)
	enc.SetEscapeHTML(false)
	enc.Encode(v)
}

// bodyError answers a request body that could not be read: too large
// (413) or not what was expected (400).
func bodyError(w http.ResponseWriter, err error, limit int64, hint string) {
	var mb *http.MaxBytesError
	if errors.As(err, &mb) {
		writeError(w, http.StatusRequestEntityTooLarge, "the request body is larger than "+strconv.FormatInt(limit, 10)+" bytes",
			"send a smaller body (the server's --max-body sets the limit)")
		return
	}
	writeError(w, http.StatusBadRequest, err.Error(), hint)
}

// recoverer turns a panic in a handler into a 500 (when nothing was
// written yet) and a log line with the stack; the server goes on.
func (s *Server) recoverer(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		sw := &statusWriter{ResponseWriter: w}
		defer func() {
			v := recover()
			if v == nil {
				return
			}
			if v == http.ErrAbortHandler {
				panic(v)
			}
			s.log.Error("panic in handler", "method", r.Method, "path", r.URL.Path, "panic", v, "stack", string(debug.Stack()))
			s.metrics.panics.Add(1)
			if !sw.wrote {
				writeError(sw, http.StatusInternalServerError, "internal error", "the server logged it; try again")
			}
		}()
		next.ServeHTTP(sw, r)
	})
}

// contentSecurityPolicy allows the page's own files and nothing else: no
// inline script or style, no framing, no other origin.
const contentSecurityPolicy = "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; " +
	"connect-src 'self'; font-src 'self'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'"

// headers sets the security headers every response carries.
// securityHeaders are set on every response.
var securityHeaders = map[string][]string{
	"Content-Security-Policy":      {contentSecurityPolicy},
	"X-Frame-Options":              {"DENY"},
	"X-Content-Type-Options":       {"nosniff"},
	"Referrer-Policy":              {"no-referrer"},
	"Cross-Origin-Opener-Policy":   {"same-origin"},
	"Cross-Origin-Resource-Policy": {"same-origin"},
}

var hstsValue = []string{"max-age=31536000"}

func (s *Server) headers(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		h := w.Header()
		// Canonical keys and shared values: no allocation a request
		// (net/http only reads them).
		for k, v := range securityHeaders {
			h[k] = v
		}
		if r.TLS != nil {
			h["Strict-Transport-Security"] = hstsValue
		}
		next.ServeHTTP(w, r)
	})
}

// counted counts requests by route and status code.
func (s *Server) counted(next http.HandlerFunc) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		sw, ok := w.(*statusWriter)
		if !ok {
			sw = &statusWriter{ResponseWriter: w}
		}
		next(sw, r)
		route := r.Pattern
		if route == "" {
			route = "other"
		}
		code := sw.status
		if code == 0 {
			code = http.StatusOK
		}
		s.metrics.request(route, code)
	})
}

// statusWriter remembers the status written.
type statusWriter struct {
	http.ResponseWriter
	status int
	wrote  bool
}

func (w *statusWriter) WriteHeader(code int) {
	if !w.wrote {
		w.status, w.wrote = code, true
	}
	w.ResponseWriter.WriteHeader(code)
}

func (w *statusWriter) Write(b []byte) (int, error) {
	if !w.wrote {
		w.status, w.wrote = http.StatusOK, true
	}
	return w.ResponseWriter.Write(b)
}

// Unwrap lets http.ResponseController reach the connection (flushes and
// write deadlines of the event stream).
func (w *statusWriter) Unwrap() http.ResponseWriter { return w.ResponseWriter }

// parseWhen reads a time in a query: RFC 3339, a date (2026-11-01), or a
// duration back from now ("24h", "7d", "30m").
func parseWhen(s string, now time.Time) (time.Time, error) {
	s = strings.TrimSpace(s)
	if s == "" {
		return time.Time{}, nil
	}
	if t, err := time.Parse(time.RFC3339Nano, s); err == nil {
		return t, nil
	}
	if t, err := time.ParseInLocation("2006-01-02T15:04", s, time.Local); err == nil {
		return t, nil
	}
	if t, err := time.ParseInLocation(time.DateOnly, s, time.Local); err == nil {
		return t, nil
	}
	if d, err := parseSpan(s); err == nil {
		return now.Add(-d), nil
	}
	return time.Time{}, errors.New("not a time: want RFC 3339 (2026-11-01T09:00:00Z), a date (2026-11-01) or a span back from now (24h, 7d)")
}

// parseSpan reads a duration, with "d" for days.
func parseSpan(s string) (time.Duration, error) {
	if n, ok := strings.CutSuffix(s, "d"); ok {
		d, err := strconv.ParseFloat(n, 64)
		if err != nil || d < 0 || d > 3650 {
			return 0, errors.New("bad number of days")
		}
		return time.Duration(d * float64(24*time.Hour)), nil
	}
	d, err := time.ParseDuration(s)
	if err != nil || d < 0 {
		return 0, errors.New("bad duration")
	}
	return d, nil
}
