package server

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"sync"
	"time"

	"github.com/actionguard/actionguard/approval"
	"github.com/actionguard/actionguard/audit"
	"github.com/actionguard/actionguard/guard"
	"github.com/actionguard/actionguard/internal/frontdoor"
	"github.com/actionguard/actionguard/store"
)

// Checker decides on actions; a *guard.Guard is one. It must be safe for
// concurrent use.
type Checker interface {
	Check(ctx context.Context, a guard.Action) (guard.Decision, error)
}

// Defaults of the options.
const (
	DefaultAddr         = "127.0.0.1:8750"
	DefaultMaxBody      = 1 << 20
	DefaultPollInterval = 500 * time.Millisecond
	DefaultSweep        = time.Minute
	DefaultTokenCache   = 10 * time.Second
	DefaultSessionTTL   = 12 * time.Hour
	DefaultDrainTimeout = 10 * time.Second
)

// Server is actionguard's HTTP service. Build it with New; it is an
// http.Handler, safe for concurrent use.
type Server struct {
	st store.Store
	g  Checker
	// q decides and expires requests, recording each in the audit log;
	// gateQ opens and passes them for checks, whose own record says so.
	q, gateQ *approval.Queue
	gate     *gateStore // gateQ's store
	cfg      config
	log      *slog.Logger
	handler  http.Handler
	mux      *http.ServeMux

	writer  *auditWriter
	door    *frontdoor.Door // POST /v1/check: check, approvals, record
	events  *hub
	metrics *metrics
	auth    *authenticator

	quit      chan struct{} // closed by Close: background work stops
	streams   chan struct{} // closed by Serve's shutdown or Close: event streams end
	endOnce   sync.Once
	closeOnce sync.Once
	wg        sync.WaitGroup
}

type config struct {
	policyNotice  string
	auth          bool
	publicMetrics bool
	maxBody       int64
	approvalDir   string
	approvalTTL   time.Duration
	passTTL       time.Duration
	publicURL     string
	poll          time.Duration
	sweep         time.Duration
	tokenCache    time.Duration
	sessionTTL    time.Duration
	drain         time.Duration
	readTimeout   time.Duration // of a request (Serve); the event stream lifts it
	writeTimeout  time.Duration // of an answer (Serve); the event stream sets its own
	logger        *slog.Logger
	now           func() time.Time
}

// Option configures New.
type Option func(*config)

// WithoutAuth serves /v1/* and /metrics to anyone who can connect: for a
// server on loopback that only its own user can reach. Default: a token
// is required.
func WithoutAuth() Option { return func(c *config) { c.auth = false } }

// WithPublicMetrics serves /metrics without a token (for a scraper on a
// private network). Default: a token is required.
func WithPublicMetrics() Option { return func(c *config) { c.publicMetrics = true } }

// WithMaxBody caps request bodies (default DefaultMaxBody, 1 MiB); a larger
// one gets 413.
func WithMaxBody(n int64) Option { return func(c *config) { c.maxBody = max(n, 1<<10) } }

// WithApprovalDir writes each approval request as Markdown in dir (seed
// 003's approval_request_file); "" writes none (the default).
func WithApprovalDir(dir string) Option { return func(c *config) { c.approvalDir = dir } }

// WithApprovalTTL sets how long a request waits before it expires (default
// approval.DefaultTTL, 24 h).
func WithApprovalTTL(d time.Duration) Option { return func(c *config) { c.approvalTTL = d } }

// WithPassTTL sets how long after a person's decision an approved call may
// run (the policy's approvals.pass_ttl; default approval.DefaultPassTTL).
func WithPassTTL(d time.Duration) Option { return func(c *config) { c.passTTL = d } }

// WithPublicURL is the server's address as people reach it
// (https://guard.example.com): approval request files link to their page
// there.
func WithPublicURL(u string) Option { return func(c *config) { c.publicURL = u } }

// WithPollInterval sets how often the store is polled for changed
// approvals, which the event stream sends (default 500 ms).
func WithPollInterval(d time.Duration) Option {
	return func(c *config) { c.poll = max(d, 10*time.Millisecond) }
}

// WithSweepInterval sets how often expired approvals are marked so
// (default one minute).
func WithSweepInterval(d time.Duration) Option {
	return func(c *config) { c.sweep = max(d, 10*time.Millisecond) }
}

// WithTokenCacheTTL sets how long a token, once checked against the store,
// is trusted without asking it again (default 10 s): the delay after which a
// revoked token stops working.
func WithTokenCacheTTL(d time.Duration) Option { return func(c *config) { c.tokenCache = max(d, 0) } }

// WithSessionTTL sets how long a page session lasts (default 12 h).
func WithSessionTTL(d time.Duration) Option {
	return func(c *config) { c.sessionTTL = max(d, time.Minute) }
}

// WithDrainTimeout sets how long Serve waits for requests in flight when it
// shuts down (default 10 s).
func WithDrainTimeout(d time.Duration) Option { return func(c *config) { c.drain = max(d, 0) } }

// WithPolicyNotice says that the policy did not load as written and what
// decides instead: every decision carries it, as at every front door
// (frontdoor.Door.PolicyNotice).
func WithPolicyNotice(notice string) Option { return func(c *config) { c.policyNotice = notice } }

// WithLogger sets where errors and panics are logged (default: discarded).
func WithLogger(l *slog.Logger) Option { return func(c *config) { c.logger = l } }

// WithClock sets the clock (tests).
func WithClock(now func() time.Time) Option { return func(c *config) { c.now = now } }

// New returns a Server that decides with g and keeps everything in st, and
// starts its background work: the audit writer, the approval event poller
// and the expiry sweep. Close stops them; st stays open (the caller closes
// it after Close).
func New(st store.Store, g Checker, opts ...Option) *Server {
	cfg := config{
		auth: true, maxBody: DefaultMaxBody, poll: DefaultPollInterval, sweep: DefaultSweep,
		tokenCache: DefaultTokenCache, sessionTTL: DefaultSessionTTL, drain: DefaultDrainTimeout, now: time.Now,
		readTimeout: 30 * time.Second, writeTimeout: 30 * time.Second,
	}
	for _, o := range opts {
		o(&cfg)
	}
	if cfg.logger == nil {
		cfg.logger = slog.New(slog.NewTextHandler(io.Discard, nil))
	}
	s := &Server{
		st: st, g: g, cfg: cfg, log: cfg.logger,
		quit: make(chan struct{}), streams: make(chan struct{}),
	}
	s.metrics = newMetrics()
	s.writer = newAuditWriter(audit.New(st), s.metrics, s.log)
	warn := func(err error) { s.log.Warn("approval queue", "err", err) }
	s.q = &approval.Queue{Store: st, Dir: cfg.approvalDir, TTL: cfg.approvalTTL, PassTTL: cfg.passTTL, ServerURL: cfg.publicURL, Now: cfg.now, Warn: warn, Audit: s.writer.Append}
	s.gate = newGateStore(st, cfg.now)
	gateQ := *s.q
	// The gate's store hides the store's audit reading: an approval is
	// verified against the store itself.
	gateQ.Audit, gateQ.Store, gateQ.Chain = nil, s.gate, st
	s.gateQ = &gateQ
	s.door = &frontdoor.Door{Guard: g, Queue: s.gateQ, Approvals: frontdoor.OpenRequests, Writer: s.writer, RunsOnPass: true, PolicyNotice: cfg.policyNotice}
	s.events = newHub(st, cfg.poll, s.log, cfg.now)
	s.events.changed = func(r *approval.Request) { s.gate.forget(r.Key()) }
	s.auth = newAuthenticator(st, cfg.tokenCache, cfg.sessionTTL, cfg.now)
	s.routes()
	s.wg.Add(3)
	go func() { defer s.wg.Done(); s.writer.run() }()
	go func() { defer s.wg.Done(); s.events.run(s.quit) }()
	go func() { defer s.wg.Done(); s.sweepLoop() }()
	return s
}

// ServeHTTP implements http.Handler.
func (s *Server) ServeHTTP(w http.ResponseWriter, r *http.Request) { s.handler.ServeHTTP(w, r) }

// Close ends the event streams, stops the background work and writes the
// audit records still queued; checks that arrive afterwards fail with 503.
// It does not close the store. Close is idempotent.
func (s *Server) Close() error {
	var err error
	s.closeOnce.Do(func() {
		s.endStreams()
		close(s.quit)
		err = s.writer.Close()
		s.wg.Wait()
	})
	return err
}

func (s *Server) endStreams() { s.endOnce.Do(func() { close(s.streams) }) }

// Serve serves HTTP on ln until ctx ends or the listener fails, then shuts
// down gracefully: it stops accepting connections, ends the event streams,
// and waits up to the drain timeout for the requests in flight (a check in
// flight is answered, and recorded, before Serve returns). Call Close next.
func (s *Server) Serve(ctx context.Context, ln net.Listener) error {
	hs := &http.Server{
		Handler:           s,
		ReadHeaderTimeout: 5 * time.Second,
		ReadTimeout:       s.cfg.readTimeout,
		WriteTimeout:      s.cfg.writeTimeout, // event streams set their own per write
		IdleTimeout:       2 * time.Minute,
		MaxHeaderBytes:    64 << 10,
		ErrorLog:          slog.NewLogLogger(s.log.Handler(), slog.LevelWarn),
	}
	hs.RegisterOnShutdown(s.endStreams)
	errc := make(chan error, 1)
	go func() { errc <- hs.Serve(ln) }()
	select {
	case err := <-errc:
		if errors.Is(err, http.ErrServerClosed) {
			return nil
		}
		return fmt.Errorf("serving: %w", err)
	case <-ctx.Done():
	}
	dctx, cancel := context.WithTimeout(context.Background(), s.cfg.drain)
	defer cancel()
	if err := hs.Shutdown(dctx); err != nil {
		hs.Close()
		s.log.Warn("requests still in flight after the drain timeout were cut", "timeout", s.cfg.drain)
	}
	<-errc
	return nil
}

// sweepLoop marks expired approvals so every sweep interval; the change
// reaches the event streams of every replica through the store.
func (s *Server) sweepLoop() {
	t := time.NewTicker(s.cfg.sweep)
	defer t.Stop()
	for {
		select {
		case <-s.quit:
			return
		case <-t.C:
		}
		ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
		n, err := s.expire(ctx)
		cancel()
		if err != nil {
			s.log.Warn("expiring approval requests", "err", err)
		} else if n > 0 {
			s.events.Kick()
		}
	}
}

// expire closes the pending requests past their expiry, and records each
// in the audit log.
func (s *Server) expire(ctx context.Context) (int, error) { return s.q.Expire(ctx) }
