package cli

import (
	"context"
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

// FrontGuard builds a front door's guard: a policy that does not load is
// replaced by its last valid version or the strictest settings, said on
// stderr and in notice (for every decision: frontdoor.Door.PolicyNotice),
// unless --strict-policy makes it an error.
func (x *App) FrontGuard(cwd string) (g *guard.Guard, notice string, err error) {
	return x.a.frontGuard(cwd)
}

// OpenStore opens the store (--store: SQLite, with the spooled decisions
// moved in first, or PostgreSQL).
func (x *App) OpenStore(ctx context.Context) (store.Store, error) { return x.a.openStore(ctx) }

// Writer returns the front door's Writer into the audit log (the
// background batcher), or nil with --no-audit.
func (x *App) Writer(ctx context.Context) (frontdoor.Writer, error) {
	s, err := x.a.sink(ctx)
	if err != nil || s == nil {
		return nil, err
	}
	return s, nil
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
