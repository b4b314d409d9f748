package cli

import (
	"context"
	"crypto/tls"
	"fmt"
	"log/slog"
	"net"
	"os"
	"os/signal"
	"runtime"
	"runtime/debug"
	"syscall"
	"time"

	"github.com/actionguard/actionguard/guard"
	"github.com/actionguard/actionguard/internal/hookrun"
	"github.com/actionguard/actionguard/server"
	"github.com/actionguard/actionguard/store"
	"github.com/spf13/cobra"
)

// serveOptions are the flags of serve.
type serveOptions struct {
	listen        string
	allowRemote   bool
	noAuth        bool
	publicMetrics bool
	maxBody       int64
	approvalDir   string
	drain         time.Duration
	tlsCert       string
	tlsKey        string
}

func (a *app) serveCommand() *cobra.Command {
	o := &serveOptions{}
	cmd := &cobra.Command{
		Use:   "serve",
		Short: "Run the HTTP server: the check API, the approval page, the audit log and metrics",
		Long: `Run actionguard as a service. Agents POST actions to /v1/check and get decisions;
people approve or reject waiting actions on the page at / (or with 'actionguard approvals');
/v1/audit and /v1/rules/hits read the audit log, /v1/events streams approval changes,
/metrics is for Prometheus and /healthz for load balancers.

Every endpoint but /healthz and the page needs an API token ('actionguard tokens create NAME').
The server listens on 127.0.0.1:8750, this machine only, unless --listen names another
address and --allow-remote says you mean it. Several servers on one PostgreSQL database
(--store postgres://…) behave as one service. See docs/server.md.`,
		Example: `  actionguard tokens create alice
  actionguard serve
  actionguard serve --store postgres://actionguard@db/actionguard --listen 0.0.0.0:8750 --allow-remote \
      --tls-cert cert.pem --tls-key key.pem`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error { return a.runServe(cmd.Context(), o) },
	}
	f := cmd.Flags()
	f.StringVar(&o.listen, "listen", server.DefaultAddr, "the address to listen on (host:port)")
	f.BoolVar(&o.allowRemote, "allow-remote", false, "allow a --listen address other machines can reach")
	f.BoolVar(&o.noAuth, "no-auth", false, "serve without API tokens (loopback only)")
	f.BoolVar(&o.publicMetrics, "public-metrics", false, "serve /metrics without a token")
	f.Int64Var(&o.maxBody, "max-body", server.DefaultMaxBody, "the largest request body accepted, in bytes")
	f.StringVar(&o.approvalDir, "approval-dir", "", "where approval requests are written as Markdown (default: approvals/ beside the SQLite database; none with PostgreSQL)")
	f.DurationVar(&o.drain, "drain-timeout", server.DefaultDrainTimeout, "on SIGINT or SIGTERM, how long requests in flight may take to finish")
	f.StringVar(&o.tlsCert, "tls-cert", "", "serve HTTPS with this certificate (PEM; with --tls-key)")
	f.StringVar(&o.tlsKey, "tls-key", "", "the certificate's private key (PEM)")
	return cmd
}

func (a *app) runServe(ctx context.Context, o *serveOptions) error {
	if err := server.CheckListen(o.listen, o.allowRemote); err != nil {
		return usageErr("keep the default (127.0.0.1:8750), or add --allow-remote and protect the server (tokens, TLS, a firewall)", "%v", err)
	}
	if o.noAuth && o.allowRemote {
		return usageErr("create a token with 'actionguard tokens create NAME' and drop --no-auth", "--no-auth serves loopback only: it cannot be combined with --allow-remote")
	}
	if (o.tlsCert == "") != (o.tlsKey == "") {
		return usageErr("give both --tls-cert and --tls-key", "--tls-cert and --tls-key go together")
	}
	var tlsCfg *tls.Config
	if o.tlsCert != "" {
		cert, err := tls.LoadX509KeyPair(o.tlsCert, o.tlsKey)
		if err != nil {
			return usageErr("give a PEM certificate and its key", "loading the TLS certificate: %v", err)
		}
		tlsCfg = &tls.Config{Certificates: []tls.Certificate{cert}, MinVersion: tls.VersionTLS12}
	}

	st, err := a.openStore(ctx)
	if err != nil {
		return err
	}
	if sq, ok := st.(*store.SQLite); ok {
		// openStore drained the hook spool with a hook's settings; a server
		// appends continuously and wants server mode's (store.WithServerMode).
		path := sq.Path()
		if err := sq.Close(); err != nil {
			return &exitError{code: ExitError, err: err}
		}
		sq, err = store.Open(ctx, path, store.WithServerMode())
		if err != nil {
			return &exitError{code: ExitError, err: fmt.Errorf("opening the audit database: %w", err), hint: "set --store, --db or ACTIONGUARD_DB to a writable file"}
		}
		st = sq
	}
	defer st.Close()
	cwd, _ := os.Getwd()
	g, notice, err := a.frontGuard(cwd, guard.WithContactBook(st))
	if err != nil {
		return err
	}
	logger := slog.New(slog.NewTextHandler(a.env.Stderr, &slog.HandlerOptions{Level: slog.LevelInfo}))
	opts := []server.Option{server.WithLogger(logger), server.WithMaxBody(o.maxBody), server.WithDrainTimeout(o.drain), server.WithPassTTL(a.passTTL(cwd)),
		server.WithPolicyNotice(notice)}
	if o.noAuth {
		opts = append(opts, server.WithoutAuth())
	}
	if o.publicMetrics {
		opts = append(opts, server.WithPublicMetrics())
	}
	dir := o.approvalDir
	if dir == "" && st.Kind() == "sqlite" {
		dir = hookrun.ApprovalsDir(st.Location())
	}
	if dir != "" && dir != "-" {
		opts = append(opts, server.WithApprovalDir(dir))
	}
	if !o.noAuth {
		if ts, err := st.Tokens(ctx); err == nil && !anyLive(ts) {
			fmt.Fprintln(a.env.Stderr, "actionguard: no API token yet: create one with 'actionguard tokens create NAME' (the server sees it at once)")
		}
	}

	ln, err := net.Listen("tcp", o.listen)
	if err != nil {
		return &exitError{code: ExitError, err: fmt.Errorf("listening on %s: %w", o.listen, err), hint: "choose another port with --listen"}
	}
	scheme := "http"
	if tlsCfg != nil {
		ln = tls.NewListener(ln, tlsCfg)
		scheme = "https"
	}
	// Request files link to their page: at $ACTIONGUARD_SERVER_URL when
	// people reach the server through a proxy, else where it listens.
	public := a.env.Getenv(hookrun.ServerURLEnv)
	if public == "" {
		public = scheme + "://" + ln.Addr().String()
	}
	opts = append(opts, server.WithPublicURL(public))
	if a.env.Getenv("GOGC") == "" {
		// The heap of a server is small and lives short (requests): the
		// collector at its default pace costs a tenth of the CPU of a busy
		// server; 400 takes that to a few percent for a few MiB more.
		debug.SetGCPercent(400)
	}
	// A diagnostic: the CPU profile of the whole run, written when the
	// server stops (bench/serveload measures with it).
	stopProfile, err := a.cpuProfile()
	if err != nil {
		return err
	}
	defer stopProfile()
	if a.env.Getenv("GOMAXPROCS") == "" {
		if n := runtime.GOMAXPROCS(0); n < 4 {
			// On a small machine, twice as many Ps as cores: the audit
			// writer, which every check waits for, spends much of its time
			// in system calls (WAL writes) and would otherwise queue behind
			// the request goroutines for a P each time it comes back. On 2
			// cores (bench/serveload -c 64, --server-procs 2 vs 4) this took
			// serve from ~9,400 to ~10,400 checks/s and its p99 from 23 to
			// 17 ms.
			runtime.GOMAXPROCS(2 * n)
		}
	}
	srv := server.New(st, g, opts...)
	ctx, stop := signal.NotifyContext(ctx, os.Interrupt, syscall.SIGTERM)
	defer stop()
	fmt.Fprintf(a.env.Stderr, "actionguard: serving on %s://%s (store: %s %s); stop with Ctrl-C\n", scheme, ln.Addr(), st.Kind(), st.Location())
	serveErr := srv.Serve(ctx, ln)
	closeErr := srv.Close()
	if serveErr != nil {
		return serveErr
	}
	if closeErr != nil {
		return fmt.Errorf("flushing the audit log: %w", closeErr)
	}
	fmt.Fprintln(a.env.Stderr, "actionguard: stopped")
	return nil
}
