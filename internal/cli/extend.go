package cli

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"syscall"
	"time"

	"github.com/actionguard/actionguard/guard"
	"github.com/actionguard/actionguard/internal/frontdoor"
	"github.com/actionguard/actionguard/store"
	"github.com/spf13/cobra"
)

// Command builds an extra command of a separate binary (see RunWith).
type Command func(*App) *cobra.Command

// App is what an extra command may use of the command line it joins: its
// streams, the policy and the audit log, with the global flags applied.
type App struct{ a *app }

// Env returns the command line's environment.
func (x *App) Env() Env { return x.a.env }

// NewGuard builds a guard with the user's and the project's policy.
func (x *App) NewGuard(cwd string) (*guard.Guard, error) { return x.a.newGuard(cwd) }

// OpenStore opens the store (--store: SQLite, with the spooled decisions
// moved in first, or PostgreSQL).
func (x *App) OpenStore(ctx context.Context) (store.Store, error) { return x.a.openStore(ctx) }

// Recorder returns the function that records a decision in the audit log,
// or nil with --no-audit.
func (x *App) Recorder(ctx context.Context) (func(*guard.Action, *guard.Decision, time.Duration), error) {
	s, err := x.a.sink(ctx)
	if err != nil || s == nil {
		return nil, err
	}
	return s.Record, nil
}

// RanRecorder returns where a command records that a call it let through
// ran (frontdoor.Door.Ran: what teaches the contact book), or nil with
// --no-audit.
func (x *App) RanRecorder(ctx context.Context) (func(*guard.Action, *guard.Decision, time.Duration), error) {
	s, err := x.a.sink(ctx)
	if err != nil || s == nil {
		return nil, err
	}
	door := &frontdoor.Door{Writer: s}
	return func(a *guard.Action, d *guard.Decision, _ time.Duration) { door.Ran(context.Background(), a, d) }, nil
}

// UsageError is a usage error (exit 2) with a hint.
func UsageError(hint, format string, args ...any) error { return usageErr(hint, format, args...) }

// mcpProxyBinary is the binary that carries mcp-proxy: the MCP SDK and its
// dependencies stay out of actionguard itself, whose start-up every hook
// call through `actionguard hook` pays.
const mcpProxyBinary = "actionguard-mcp"

// mcpProxyDispatch hands `actionguard mcp-proxy …` to actionguard-mcp,
// beside this binary or on PATH, replacing this process (stdio passes
// through untouched).
func (a *app) mcpProxyDispatch() *cobra.Command {
	return &cobra.Command{
		Use:                "mcp-proxy [flags] -- <server command…>",
		Short:              "Guard an MCP server: check every tool call before it reaches the server",
		DisableFlagParsing: true,
		RunE: func(cmd *cobra.Command, args []string) error {
			bin, err := findSibling(mcpProxyBinary)
			if err != nil {
				return &exitError{code: ExitError, err: fmt.Errorf("mcp-proxy is in the %s binary, which is not installed next to actionguard or on PATH", mcpProxyBinary),
					hint: "build it with 'make build', or 'go install ./cmd/actionguard-mcp'"}
			}
			argv := []string{mcpProxyBinary}
			if a.policyPath != "" {
				argv = append(argv, "--policy", a.policyPath)
			}
			if a.projectPath != "" {
				argv = append(argv, "--project-policy", a.projectPath)
			}
			if a.dbPath != "" {
				argv = append(argv, "--db", a.dbPath)
			}
			if a.noAudit {
				argv = append(argv, "--no-audit")
			}
			argv = append(append(argv, "mcp-proxy"), args...)
			return syscall.Exec(bin, argv, os.Environ())
		},
	}
}

// findSibling finds an executable next to this binary, else on PATH.
func findSibling(name string) (string, error) {
	if self, err := executable(); err == nil {
		p := filepath.Join(filepath.Dir(self), name)
		if fi, err := os.Stat(p); err == nil && !fi.IsDir() && fi.Mode().Perm()&0o111 != 0 {
			return p, nil
		}
	}
	return execLookPath(name)
}

var execLookPath = exec.LookPath
