package cli

import (
	"context"
	"fmt"
	"io"
	"strings"

	"github.com/actionguard/actionguard/adapter"
	"github.com/actionguard/actionguard/internal/hookrun"
	"github.com/actionguard/actionguard/store"
	"github.com/spf13/cobra"
)

// ExitHookBlock is the exit code that makes every supported agent refuse
// the tool call with stderr as the reason. The hooks answer in JSON with
// exit 0; they exit 2 only when they cannot even name the agent.
const ExitHookBlock = 2

func (a *app) hookCommand() *cobra.Command {
	var names []string
	for _, ad := range adapter.All() {
		names = append(names, ad.Name())
	}
	return &cobra.Command{
		Use:   "hook <agent>",
		Short: "Answer a coding agent's hook call (" + strings.Join(names, ", ") + ")",
		Long: `Read one hook call of a coding agent on standard input, check the tool call, record the
decision, and answer in the agent's protocol. 'actionguard install <agent>' sets it up.

Whatever happens — unreadable input, an unknown event, a broken policy, an internal
error — the answer is the fallback verdict (ask, or deny where the agent cannot ask),
never a silent allow.`,
		Args:                  cobra.ArbitraryArgs,
		DisableFlagParsing:    true,
		DisableFlagsInUseLine: true,
		RunE: func(cmd *cobra.Command, args []string) error {
			if len(args) == 1 && (args[0] == "--help" || args[0] == "-h" || args[0] == "help") {
				// Asked by a person; an agent's hook setting always names an agent.
				return cmd.Help()
			}
			if len(args) != 1 {
				fmt.Fprintf(a.env.Stderr, "actionguard: hook needs one agent name (%s); refusing the tool call\n", strings.Join(names, ", "))
				return exitCode(ExitHookBlock)
			}
			ad, ok := adapter.Lookup(args[0])
			if !ok {
				fmt.Fprintf(a.env.Stderr, "actionguard: no hook for %q (known: %s); refusing the tool call\n", args[0], strings.Join(names, ", "))
				return exitCode(ExitHookBlock)
			}
			var late *adapter.Watchdog
			in := hookrun.NewInputHead(a.env.Stdin)
			if a.env.Exit != nil {
				late = adapter.StartWatchdog(ad, adapter.HookDeadline, func(r adapter.Response) {
					r = hookrun.AnswerLate(a.hookConfig(), ad, adapter.HookDeadline, in.Bytes())
					a.env.Stdout.Write(r.Stdout)
					a.env.Stderr.Write(r.Stderr)
					a.env.Exit(r.Exit)
				})
			}
			resp := a.runHook(cmd.Context(), ad, in)
			if late != nil && !late.Stop() {
				return nil // never reached: the watchdog answered and ended the process
			}
			a.env.Stdout.Write(resp.Stdout)
			a.env.Stderr.Write(resp.Stderr)
			return exitCode(resp.Exit)
		},
	}
}

// runHook runs the hook with the command line's global flags on in.
func (a *app) runHook(ctx context.Context, ad adapter.Adapter, in io.Reader) adapter.Response {
	return hookrun.Run(ctx, ad, a.hookConfig(), in)
}

// hookConfig is the hook's configuration from the command line's global flags.
func (a *app) hookConfig() hookrun.Config {
	return hookrun.Config{PolicyPath: a.policyPath, ProjectPath: a.projectPath, DBPath: a.dbPath, NoAudit: a.noAudit, Getenv: a.env.Getenv, Open: hookrun.OpenerOf(store.OpenForHook), StartDrain: a.env.StartDrain}
}
