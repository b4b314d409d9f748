// Package mcpproxy is actionguard between an MCP client and an MCP server.
//
// A Proxy is an MCP server to its client and an MCP client to the upstream
// server, at the level of JSON-RPC messages: it passes every message through
// unchanged (initialize, tools/list, resources, prompts, notifications,
// server-to-client requests) except tools/call, which it checks with the
// guard first. A batch is split into its messages, each judged alone. A
// request without an id that is not a notification is dropped (a
// tools/call so sent is recorded, never forwarded); a tools/call whose
// params two JSON parsers could read two ways is refused (readCallParams);
// a server's tools/call to the client is answered with an error.
// Allowed calls go through; blocked calls get a tool result with
// isError set that says why, and never reach the server; calls that need a
// person open an approval request and get an error result naming it, or,
// with WithWait, wait for the decision. A call a person approved runs once:
// the same call again (same client, same arguments) opens a new request.
//
// A client is known across reconnects and proxy restarts by what MCP gives
// of it (see Identity): the name in its initialize request's clientInfo,
// the upstream server, and the project the proxy runs in. A client that
// asks, is held, reconnects and asks again after a person approved gets
// the approved call, once.
//
// Entry points: New, Proxy.Serve (one client, one upstream) and Handler
// (streamable HTTP, one upstream connection per client session).
package mcpproxy

import (
	"context"
	"crypto/sha256"
	"encoding/base32"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strings"
	"sync"
	"time"

	"github.com/actionguard/actionguard/approval"
	"github.com/actionguard/actionguard/guard"
	"github.com/actionguard/actionguard/internal/frontdoor"
	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// Checker decides on an action; *guard.Guard is one.
type Checker interface {
	Check(ctx context.Context, a guard.Action) (guard.Decision, error)
}

// Recorder is told that a call ran (WithRan). It must be safe for
// concurrent use.
type Recorder func(a *guard.Action, d *guard.Decision, took time.Duration)

// Proxy checks the tool calls passing between one MCP client and one
// upstream server. Build it with New; it is safe for concurrent use and
// may serve several sessions.
type Proxy struct {
	check  Checker
	name   string
	queue  *approval.Queue
	wait   time.Duration
	poll   time.Duration
	writer frontdoor.Writer
	ran    Recorder
	// door decides each call: check, approval queue, record (New builds
	// it from the options).
	door   *frontdoor.Door
	log    io.Writer
	base   guard.Context
	notice string
	// upstream names the upstream server (its command or URL) in the
	// client's identity; answerWithin bounds a wait for a client that sent
	// no progress token; progressEvery spaces the progress notifications
	// to one that did.
	upstream      string
	answerWithin  time.Duration
	progressEvery time.Duration
}

// Option configures New.
type Option func(*Proxy)

// WithName sets the server's name in tool names (mcp__<name>__<tool>); the
// default is the upstream's implementation name from its initialize result.
func WithName(name string) Option { return func(p *Proxy) { p.name = name } }

// WithApprovals sets where approval requests are opened: a queue over st
// that writes no files and records nothing itself (see WithQueue). Without
// a store, calls that need approval are refused with an error result
// saying so.
func WithApprovals(st approval.Store) Option {
	return func(p *Proxy) {
		p.queue = nil
		if st != nil {
			p.queue = &approval.Queue{Store: st}
		}
	}
}

// WithQueue sets the approval queue calls that need approval go through:
// its request files, its audit records of people's decisions and of
// approvals used, its expiry. The decision about each call is recorded by
// the Recorder, so q.Audit should not record it again: the queue records
// only what people decided and what was let through on their approval.
func WithQueue(q *approval.Queue) Option { return func(p *Proxy) { p.queue = q } }

// WithWait makes calls that need approval wait up to d for a person's
// decision instead of returning at once; 0 (the default) does not wait.
//
// A client that sent a progress token with its call (params._meta.
// progressToken) gets a progress notification every WithProgressInterval
// while it waits, which keeps its request alive in clients that reset
// their timeout on progress. A client that sent none is answered within
// WithAnswerWithin (default 50 s, under the 60 s request timeout of the
// reference SDKs) if nobody decided by then: the result says the call is
// still waiting for a person and names the request, which stays open, so
// the same call made again after the approval runs. A wait that ends
// without a decision never closes the request.
func WithWait(d time.Duration) Option { return func(p *Proxy) { p.wait = d } }

// WithAnswerWithin sets how long a waiting call of a client that sent no
// progress token waits before it is answered that it still waits (see
// WithWait); 0 keeps the default, 50 s.
func WithAnswerWithin(d time.Duration) Option {
	return func(p *Proxy) {
		if d > 0 {
			p.answerWithin = d
		}
	}
}

// WithProgressInterval sets how often a waiting call whose client sent a
// progress token is sent a progress notification; 0 keeps the default,
// 10 s.
func WithProgressInterval(d time.Duration) Option {
	return func(p *Proxy) {
		if d > 0 {
			p.progressEvery = d
		}
	}
}

// WithUpstream names the upstream server (its command line or URL) in the
// identity of the clients (see Identity). Without it the server's own name
// from its initialize result stands in.
func WithUpstream(id string) Option { return func(p *Proxy) { p.upstream = id } }

// WithPollInterval sets how often a waiting call reads its request
// (default 500 ms).
func WithPollInterval(d time.Duration) Option {
	return func(p *Proxy) { p.poll = max(d, time.Millisecond) }
}

// WithRecorder sets where every decision is recorded (the audit log): the
// front door's Writer, safe for concurrent use.
func WithRecorder(w frontdoor.Writer) Option { return func(p *Proxy) { p.writer = w } }

// WithRan sets where a call that ran is recorded: a forwarded call whose
// decision reached recipients or payees, once the upstream server's result
// for it came back without an error. Those records teach the contact book
// (audit.RanKind); a held, rejected or blocked call, or one the server
// failed, never reaches it. The duration passed is zero.
func WithRan(r Recorder) Option { return func(p *Proxy) { p.ran = r } }

// WithLog sets where notices (notify verdicts) and errors are written,
// typically stderr.
func WithLog(w io.Writer) Option { return func(p *Proxy) { p.log = w } }

// WithPolicyNotice says that the policy did not load as written and what
// decides instead: every decision carries it, as at every front door
// (frontdoor.Door.PolicyNotice).
func WithPolicyNotice(notice string) Option { return func(p *Proxy) { p.notice = notice } }

// WithContext sets the context every action is checked in (cwd, session,
// application, …); Agent defaults to "mcp-proxy".
func WithContext(c guard.Context) Option { return func(p *Proxy) { p.base = c } }

// New returns a Proxy that checks tool calls with c.
func New(c Checker, opts ...Option) *Proxy {
	p := &Proxy{check: c, poll: 500 * time.Millisecond, log: io.Discard, answerWithin: 50 * time.Second, progressEvery: 10 * time.Second}
	for _, o := range opts {
		o(p)
	}
	if p.base.Agent == "" {
		p.base.Agent = "mcp-proxy"
	}
	// Every call is decided through the front door: the same fallback,
	// approval gate and record as every other caller's. The proxy learns
	// later whether a call ran (WithRan), so a pass is not a run here.
	p.door = &frontdoor.Door{Guard: c, Queue: p.queue, Writer: p.writer, PolicyNotice: p.notice}
	if p.queue != nil {
		p.door.Approvals = frontdoor.OpenRequests
	}
	return p
}

// Serve connects to upstream, then to client, and relays messages between
// them until either side closes or ctx ends. It returns nil when a side
// closed normally.
func (p *Proxy) Serve(ctx context.Context, client, upstream mcp.Transport) error {
	up, err := upstream.Connect(ctx)
	if err != nil {
		return fmt.Errorf("connecting to the upstream server: %w", err)
	}
	down, err := client.Connect(ctx)
	if err != nil {
		up.Close()
		return fmt.Errorf("connecting to the client: %w", err)
	}
	return p.Relay(ctx, down, up)
}

// Relay relays messages between connected client and upstream connections
// until either closes or ctx ends, then closes both.
func (p *Proxy) Relay(ctx context.Context, client, upstream mcp.Connection) error {
	ctx, cancel := context.WithCancel(ctx)
	s := &session{p: p, client: client, upstream: upstream, name: p.name, inits: map[any]bool{}, lists: map[any]bool{}, running: map[any]ranCall{}, waiting: map[string]context.CancelFunc{}, named: make(chan struct{})}
	s.ctx, s.transportID = p.base, client.SessionID()
	errc := make(chan error, 2)
	go func() { errc <- s.fromClient(ctx) }()
	go func() { errc <- s.fromUpstream(ctx) }()
	go func() { <-ctx.Done(); client.Close(); upstream.Close() }()
	err := <-errc
	cancel()
	<-errc
	s.calls.Wait()
	if err == nil || errors.Is(err, io.EOF) || errors.Is(err, context.Canceled) {
		return nil
	}
	return err
}

// Identity is the session id under which a client's calls are judged and
// its approvals kept: "mcp-" and 16 base32 letters of a SHA-256 over the
// client's name (clientInfo.name of its initialize request), the upstream
// server (WithUpstream, or the server's name) and the project directory.
// The same client of the same server in the same project has the same
// identity after a reconnect or a restart of the proxy, so a pass a person
// granted reaches the call it was granted for, once, and the session's
// escalation is not reset by reconnecting. Two windows of the same client
// on the same project share it; a pass still lets through only the exact
// call it names, once.
func Identity(client, upstream, cwd string) string {
	h := sha256.Sum256([]byte(client + "\x00" + upstream + "\x00" + cwd))
	return "mcp-" + strings.ToLower(base32.StdEncoding.EncodeToString(h[:10]))
}

// sessionID is the id the session's calls are judged under: the one the
// proxy was given (WithContext), else the client's identity once a request
// named the client (initialize, server/discover, or the call's own _meta),
// else the transport's session id, else a new one for this connection. It
// is settled at the first tool call.
func (s *session) sessionID() string {
	if s.ctx.SessionID != "" {
		return s.ctx.SessionID
	}
	switch {
	case s.clientName != "":
		s.mu.Lock()
		server := s.name
		s.mu.Unlock()
		s.ctx.SessionID = Identity(s.clientName, firstNonEmpty(s.p.upstream, server), s.ctx.Cwd)
	case s.transportID != "":
		s.ctx.SessionID = s.transportID
	default:
		s.ctx.SessionID = "mcp-" + strings.TrimPrefix(approval.NewID(), "ap-")
	}
	return s.ctx.SessionID
}

// session is one client connected to one upstream connection.
type session struct {
	p                *Proxy
	client, upstream mcp.Connection
	calls            sync.WaitGroup // tool calls waiting for a person
	// ctx is the context calls are judged in; its SessionID is settled at
	// the first tool call (sessionID). clientName is from the initialize
	// request, transportID the transport's session id. All three are
	// touched only by the goroutine reading the client.
	ctx         guard.Context
	clientName  string
	transportID string

	mu    sync.Mutex
	name  string        // the server's name; from the initialize result unless set
	inits map[any]bool  // ids of initialize and server/discover requests whose result is due
	named chan struct{} // closed when the first of those results arrives
	// lists are the ids of tools/list requests whose result is due;
	// schemas the input schema of each tool the server listed.
	lists   map[any]bool
	schemas map[string]map[string]any
	// running are the forwarded tool calls that reach contacts, by request
	// id, until their result comes back (see WithRan).
	running map[any]ranCall
	// waiting cancels the wait of a held call, by its request id's JSON,
	// when the client cancels the request.
	waiting map[string]context.CancelFunc
}

// ranCall is a forwarded call and the decision that let it through.
type ranCall struct {
	a *guard.Action
	d *guard.Decision
}

// fromClient forwards the client's messages, checking tool calls first.
func (s *session) fromClient(ctx context.Context) error {
	for {
		msg, err := s.client.Read(ctx)
		if err != nil {
			return err
		}
		if req, ok := msg.(*jsonrpc.Request); ok && !req.IsCall() {
			if req.Method == "notifications/cancelled" {
				s.cancelled(req.Params)
			}
			if !strings.HasPrefix(req.Method, "notifications/") {
				// A request without an id (or with a null one) asks for
				// no answer, so a tools/call sent so would run unjudged
				// on a server that executes it anyway. MCP sends only
				// notifications/… without an id: drop anything else.
				s.strayNotification(ctx, req)
				continue
			}
		}
		if req, ok := msg.(*jsonrpc.Request); ok && req.IsCall() {
			switch req.Method {
			case "initialize", "server/discover":
				if s.clientName == "" {
					s.clientName = clientName(req.Params)
				}
				s.mu.Lock()
				s.inits[req.ID.Raw()] = true
				s.mu.Unlock()
			case "tools/list":
				s.mu.Lock()
				if len(s.lists) < maxPending {
					s.lists[req.ID.Raw()] = true
				}
				s.mu.Unlock()
			case "tools/call":
				if err := s.toolCall(ctx, req); err != nil {
					return err
				}
				continue
			}
		}
		if err := s.upstream.Write(ctx, msg); err != nil {
			return fmt.Errorf("writing to the upstream server: %w", err)
		}
	}
}

// fromUpstream forwards the server's messages, reading its name from the
// initialize result on the way.
func (s *session) fromUpstream(ctx context.Context) error {
	for {
		msg, err := s.upstream.Read(ctx)
		if err != nil {
			return err
		}
		if req, ok := msg.(*jsonrpc.Request); ok && req.Method == "tools/call" {
			// The client runs no tools for the server: a server's
			// tools/call is answered here and never reaches the agent.
			if err := s.refuseUpstream(ctx, req); err != nil {
				return err
			}
			continue
		}
		if resp, ok := msg.(*jsonrpc.Response); ok {
			s.mu.Lock()
			if s.inits[resp.ID.Raw()] {
				delete(s.inits, resp.ID.Raw())
				if s.name == "" {
					s.name = serverName(resp.Result)
				}
				select {
				case <-s.named:
				default:
					close(s.named)
				}
			}
			if s.lists[resp.ID.Raw()] {
				delete(s.lists, resp.ID.Raw())
				s.keepSchemas(resp.Result)
			}
			call, running := s.running[resp.ID.Raw()]
			delete(s.running, resp.ID.Raw())
			s.mu.Unlock()
			if running && resp.Error == nil && !isErrorResult(resp.Result) {
				// The call ran and its result came back: the recipients and
				// payees it reached count as interactions.
				s.p.ran(call.a, call.d, 0)
			}
		}
		if err := s.client.Write(ctx, msg); err != nil {
			return fmt.Errorf("writing to the client: %w", err)
		}
	}
}

// strayNotification drops a request without an id whose method is not a
// notification; a tools/call so sent is recorded as a call that was not
// checked, and never forwarded.
func (s *session) strayNotification(ctx context.Context, req *jsonrpc.Request) {
	s.p.logf("dropped a %q request without an id: MCP sends only notifications without one", req.Method)
	if req.Method != "tools/call" {
		return
	}
	params, _ := readCallParams(req.Params)
	s.unchecked(ctx, params.Name, "a tools/call without an id (or with a null id) cannot be answered, so it was not forwarded")
}

// refuseUpstream answers a server's tools/call request with an error:
// tool calls go from the client to the server only.
func (s *session) refuseUpstream(ctx context.Context, req *jsonrpc.Request) error {
	s.p.logf("refused the server's tools/call request: the client runs no tools for it")
	if !req.IsCall() {
		return nil
	}
	err := s.upstream.Write(ctx, &jsonrpc.Response{ID: req.ID, Error: &jsonrpc.Error{Code: jsonrpc.CodeMethodNotFound, Message: "actionguard: a client runs no tools for its server"}})
	if err != nil {
		return fmt.Errorf("writing to the upstream server: %w", err)
	}
	return nil
}

// toolName is the tool's name as the guard sees it: mcp__<server>__<tool>,
// as Claude Code names MCP tools.
func (s *session) toolName(tool string) string {
	s.mu.Lock()
	pending := len(s.inits) > 0 && s.name == ""
	s.mu.Unlock()
	if pending {
		// A client that does not wait for the initialize result: wait for
		// the server's name (briefly) so the rules see the right tool name.
		select {
		case <-s.named:
		case <-time.After(5 * time.Second):
		}
	}
	s.mu.Lock()
	name := s.name
	s.mu.Unlock()
	if name == "" {
		name = "upstream"
	}
	clean := func(r rune) rune {
		if r == '_' || r == '-' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' {
			return r
		}
		return '_'
	}
	return "mcp__" + strings.Map(clean, name) + "__" + tool
}

func (p *Proxy) logf(format string, args ...any) {
	fmt.Fprintf(p.log, "actionguard: "+format+"\n", args...)
}

// clientName reads the client's name from a request's params: an
// initialize request's clientInfo, or the clientInfo in _meta that
// server/discover and every request carry since protocol version
// 2026-07-28.
func clientName(params json.RawMessage) string {
	var r struct {
		ClientInfo struct {
			Name string `json:"name"`
		} `json:"clientInfo"`
		Meta struct {
			ClientInfo struct {
				Name string `json:"name"`
			} `json:"io.modelcontextprotocol/clientInfo"`
		} `json:"_meta"`
	}
	if json.Unmarshal(params, &r) != nil {
		return ""
	}
	return strings.TrimSpace(firstNonEmpty(r.ClientInfo.Name, r.Meta.ClientInfo.Name))
}

// cancelled stops the wait of a held call the client cancelled
// (notifications/cancelled); the request stays open.
func (s *session) cancelled(params json.RawMessage) {
	var r struct {
		RequestID json.RawMessage `json:"requestId"`
	}
	if json.Unmarshal(params, &r) != nil || len(r.RequestID) == 0 {
		return
	}
	s.mu.Lock()
	cancel := s.waiting[idKey(r.RequestID)]
	s.mu.Unlock()
	if cancel != nil {
		cancel()
	}
}

// idKey is a request id as a map key: its JSON, so that the id of a
// request and the requestId of its cancellation compare equal.
func idKey(raw json.RawMessage) string {
	var v any
	if json.Unmarshal(raw, &v) != nil {
		return string(raw)
	}
	b, _ := json.Marshal(v)
	return string(b)
}

// serverName reads the server's name from an initialize result
// (serverInfo) or a server/discover result (the protocol's serverInfo
// in _meta, since version 2026-07-28).
func serverName(result json.RawMessage) string {
	var r struct {
		ServerInfo struct {
			Name string `json:"name"`
		} `json:"serverInfo"`
		Meta struct {
			ServerInfo struct {
				Name string `json:"name"`
			} `json:"io.modelcontextprotocol/serverInfo"`
		} `json:"_meta"`
	}
	if json.Unmarshal(result, &r) != nil {
		return ""
	}
	return firstNonEmpty(r.ServerInfo.Name, r.Meta.ServerInfo.Name)
}
