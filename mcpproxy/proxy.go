// Package mcpproxy is actionguard between an MCP client and an MCP server.
//
// A Proxy is an MCP server to its client and an MCP client to the upstream
// server, at the level of JSON-RPC messages: it passes every message through
// unchanged (initialize, tools/list, resources, prompts, notifications,
// server-to-client requests) except tools/call, which it checks with the
// guard first. Allowed calls go through; blocked calls get a tool result with
// isError set that says why, and never reach the server; calls that need a
// person open an approval request and get an error result naming it, or,
// with WithWait, wait for the decision. A call a person approved runs once:
// the same call again (same session, same arguments) opens a new request.
//
// Entry points: New, Proxy.Serve (one client, one upstream) and Handler
// (streamable HTTP, one upstream connection per client session).
package mcpproxy

import (
	"context"
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
func WithWait(d time.Duration) Option { return func(p *Proxy) { p.wait = d } }

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
	p := &Proxy{check: c, poll: 500 * time.Millisecond, log: io.Discard}
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
	s := &session{p: p, client: client, upstream: upstream, name: p.name, inits: map[any]bool{}, lists: map[any]bool{}, running: map[any]ranCall{}, named: make(chan struct{})}
	s.ctx = guardContext(p.base, client.SessionID())
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

func guardContext(c guard.Context, sid string) guard.Context {
	if c.SessionID == "" {
		c.SessionID = sid
	}
	if c.SessionID == "" {
		c.SessionID = "mcp-" + strings.TrimPrefix(approval.NewID(), "ap-")
	}
	return c
}

// session is one client connected to one upstream connection.
type session struct {
	p                *Proxy
	client, upstream mcp.Connection
	ctx              guard.Context
	calls            sync.WaitGroup // tool calls waiting for a person

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
		if req, ok := msg.(*jsonrpc.Request); ok && req.IsCall() {
			switch req.Method {
			case "initialize", "server/discover":
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
