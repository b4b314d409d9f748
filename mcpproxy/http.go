package mcpproxy

import (
	"context"
	"crypto/rand"
	"net/http"
	"sync"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// sessionHeader is the streamable HTTP transport's session header.
const sessionHeader = "Mcp-Session-Id"

// Handler serves the proxy over MCP's streamable HTTP transport. Each client
// session (begun by a POST without a session id) gets its own upstream
// connection from upstream, relayed until the client ends the session
// (DELETE) or ctx ends.
func (p *Proxy) Handler(ctx context.Context, upstream func() mcp.Transport) http.Handler {
	return &handler{p: p, ctx: ctx, upstream: upstream, sessions: map[string]*httpSession{}}
}

type handler struct {
	p        *Proxy
	ctx      context.Context
	upstream func() mcp.Transport

	mu       sync.Mutex
	sessions map[string]*httpSession
}

type httpSession struct {
	t      *mcp.StreamableServerTransport
	cancel context.CancelFunc
}

func (h *handler) ServeHTTP(w http.ResponseWriter, req *http.Request) {
	id := req.Header.Get(sessionHeader)
	if id == "" {
		if req.Method != http.MethodPost {
			http.Error(w, "Bad Request: missing "+sessionHeader, http.StatusBadRequest)
			return
		}
		s, err := h.open()
		if err != nil {
			http.Error(w, "actionguard: "+err.Error(), http.StatusBadGateway)
			return
		}
		s.t.ServeHTTP(w, req)
		return
	}
	h.mu.Lock()
	s := h.sessions[id]
	if s != nil && req.Method == http.MethodDelete {
		delete(h.sessions, id)
	}
	h.mu.Unlock()
	switch {
	case s == nil:
		http.Error(w, "session not found", http.StatusNotFound)
	case req.Method == http.MethodDelete:
		s.cancel()
		w.WriteHeader(http.StatusNoContent)
	case req.Method == http.MethodGet || req.Method == http.MethodPost:
		s.t.ServeHTTP(w, req)
	default:
		w.Header().Set("Allow", "GET, POST, DELETE")
		http.Error(w, "method not allowed", http.StatusMethodNotAllowed)
	}
}

// open starts a session: a server transport for the client, a connection to
// the upstream, and the relay between them.
func (h *handler) open() (*httpSession, error) {
	// The upstream connection lives as long as the session, not the request.
	ctx, cancel := context.WithCancel(h.ctx)
	up, err := h.upstream().Connect(ctx)
	if err != nil {
		cancel()
		return nil, err
	}
	t := &mcp.StreamableServerTransport{SessionID: rand.Text()}
	down, err := t.Connect(ctx)
	if err != nil {
		cancel()
		up.Close()
		return nil, err
	}
	s := &httpSession{t: t, cancel: cancel}
	h.mu.Lock()
	h.sessions[t.SessionID] = s
	h.mu.Unlock()
	go func() {
		if err := h.p.Relay(ctx, down, up); err != nil {
			h.p.logf("session %s: %v", t.SessionID, err)
		}
		h.mu.Lock()
		delete(h.sessions, t.SessionID)
		h.mu.Unlock()
	}()
	return s, nil
}
