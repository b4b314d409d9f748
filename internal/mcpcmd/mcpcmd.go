// Package mcpcmd is the mcp-proxy command. It lives outside internal/cli
// because it imports it; cmd/actionguard adds it to the command line.
package mcpcmd

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net/http"
	"os"
	"os/exec"
	"os/signal"
	"strings"
	"syscall"
	"time"

	"github.com/actionguard/actionguard/guard"
	"github.com/actionguard/actionguard/internal/cli"
	"github.com/actionguard/actionguard/mcpproxy"
	"github.com/modelcontextprotocol/go-sdk/mcp"
	"github.com/spf13/cobra"
)

type mcpProxyOptions struct {
	name          string
	wait          time.Duration
	answerWithin  time.Duration
	progressEvery time.Duration
	upstream      string
	listen        string
}

// Command is the mcp-proxy command.
func Command(a *cli.App) *cobra.Command {
	o := &mcpProxyOptions{}
	cmd := &cobra.Command{
		Use:   "mcp-proxy [flags] -- <server command…>",
		Short: "Guard an MCP server: check every tool call before it reaches the server",
		Long: `mcp-proxy sits between an MCP client and an MCP server. It passes everything
through unchanged except tools/call, which it checks first: allowed calls go through,
blocked calls get an error result saying why, and calls that need a person open an
approval request (see 'actionguard approvals') and get an error naming it — or,
with --wait, wait for the decision.

A call a person approved runs once when the client makes it again with the same
arguments, also after the client reconnected or the proxy restarted: a client is
known by its name (clientInfo in its initialize request), the server and the
project directory.

While a call waits (--wait), a client that sent a progress token is sent a
progress notification every --progress-interval, which keeps the call alive in
clients that reset their timeout on progress; a client that sent none is answered
within --answer-within (under the reference SDKs' 60 s timeout) that the call still
waits, naming the request. The request stays open either way: approve it, and the
same call made again runs.`,
		Example: `  actionguard mcp-proxy -- npx -y @modelcontextprotocol/server-filesystem ~/work
  actionguard mcp-proxy --name github --wait=5m --upstream https://mcp.example.com/mcp
  actionguard mcp-proxy --listen 127.0.0.1:8931 -- ./my-server`,
		RunE: func(cmd *cobra.Command, args []string) error { return run(cmd.Context(), a, o, args) },
	}
	f := cmd.Flags()
	f.StringVar(&o.name, "name", "", "the server's name in tool names mcp__<name>__<tool> (default: the server's own name)")
	f.DurationVar(&o.wait, "wait", 0, "wait this long for a person's approval instead of returning at once (--wait alone: 10m)")
	f.Lookup("wait").NoOptDefVal = "10m"
	f.DurationVar(&o.answerWithin, "answer-within", 50*time.Second, "with --wait, answer a waiting call of a client that sent no progress token within this time, saying it still waits (the request stays open)")
	f.DurationVar(&o.progressEvery, "progress-interval", 10*time.Second, "with --wait, how often a waiting call whose client sent a progress token is sent a progress notification")
	f.StringVar(&o.upstream, "upstream", "", "the URL of a streamable-HTTP MCP server, instead of a command")
	f.StringVar(&o.listen, "listen", "", "serve streamable HTTP on this address instead of stdio")
	return cmd
}

func run(ctx context.Context, a *cli.App, o *mcpProxyOptions, args []string) error {
	switch {
	case o.upstream == "" && len(args) == 0:
		return cli.UsageError("actionguard mcp-proxy -- npx -y @modelcontextprotocol/server-filesystem ~/work, or actionguard mcp-proxy --upstream https://mcp.example.com/mcp",
			"mcp-proxy needs the MCP server to guard: its command after --, or its URL with --upstream")
	case o.upstream != "" && len(args) > 0:
		return cli.UsageError("drop the command after -- to proxy "+o.upstream+", or drop --upstream to start the command",
			"mcp-proxy guards one server: give its command after -- or its URL with --upstream, not both")
	}
	if o.wait < 0 {
		return cli.UsageError("--wait=10m", "--wait must not be negative")
	}
	if o.answerWithin <= 0 {
		return cli.UsageError("--answer-within=50s", "--answer-within must be positive")
	}
	if o.progressEvery <= 0 {
		return cli.UsageError("--progress-interval=10s", "--progress-interval must be positive")
	}
	upstreamID := o.upstream
	if upstreamID == "" {
		upstreamID = strings.Join(args, " ")
	}
	cwd, _ := os.Getwd()
	g, notice, err := a.FrontGuard(cwd)
	if err != nil {
		return err
	}
	q, st, err := a.ApprovalQueue(ctx)
	if err != nil {
		return err
	}
	defer st.Close()
	record, err := a.Writer(ctx)
	if err != nil {
		return err
	}
	ctx, stop := signal.NotifyContext(ctx, os.Interrupt, syscall.SIGTERM)
	defer stop()
	opts := []mcpproxy.Option{
		mcpproxy.WithName(o.name), mcpproxy.WithWait(o.wait), mcpproxy.WithQueue(q), mcpproxy.WithUpstream(upstreamID),
		mcpproxy.WithAnswerWithin(o.answerWithin), mcpproxy.WithProgressInterval(o.progressEvery),
		mcpproxy.WithLog(a.Env().Stderr), mcpproxy.WithContext(guard.Context{Agent: "mcp-proxy", Cwd: cwd}),
		mcpproxy.WithPolicyNotice(notice),
	}
	if record != nil {
		opts = append(opts, mcpproxy.WithRecorder(record))
	}
	ran, err := a.RanRecorder(ctx)
	if err != nil {
		return err
	}
	if ran != nil {
		opts = append(opts, mcpproxy.WithRan(ran))
	}
	p := mcpproxy.New(g, opts...)
	upstream := func() mcp.Transport {
		if o.upstream != "" {
			return &mcp.StreamableClientTransport{Endpoint: o.upstream}
		}
		c := exec.Command(args[0], args[1:]...)
		c.Stderr = a.Env().Stderr
		return &mcp.CommandTransport{Command: c}
	}
	if o.listen != "" {
		srv := &http.Server{Addr: o.listen, Handler: p.Handler(ctx, upstream), ReadHeaderTimeout: 10 * time.Second}
		go func() { <-ctx.Done(); srv.Close() }()
		fmt.Fprintf(a.Env().Stderr, "actionguard: mcp-proxy listening on http://%s\n", o.listen)
		if err := srv.ListenAndServe(); err != nil && !errors.Is(err, http.ErrServerClosed) {
			return err
		}
		return nil
	}
	client := &mcp.IOTransport{Reader: io.NopCloser(a.Env().Stdin), Writer: nopWriteCloser{a.Env().Stdout}}
	if err := p.Serve(ctx, client, upstream()); err != nil {
		return fmt.Errorf("mcp-proxy: %w", err)
	}
	return nil
}

type nopWriteCloser struct{ io.Writer }

func (nopWriteCloser) Close() error { return nil }
