package cli

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"strings"
	"time"

	"github.com/actionguard/actionguard/adapter"
	"github.com/actionguard/actionguard/audit"
	"github.com/actionguard/actionguard/guard"
	"github.com/actionguard/actionguard/store"
	"github.com/spf13/cobra"
)

// ExitHookBlock is the exit code that makes every supported agent refuse
// the tool call with stderr as the reason. The hooks answer in JSON with
// exit 0; they exit 2 only when they cannot even name the agent.
const ExitHookBlock = 2

// HistorySteps is how many earlier tool calls of a session a hook's check sees.
const HistorySteps = 20

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
			if len(args) != 1 {
				fmt.Fprintf(a.env.Stderr, "actionguard: hook needs one agent name (%s); refusing the tool call\n", strings.Join(names, ", "))
				return exitCode(ExitHookBlock)
			}
			ad, ok := adapter.Lookup(args[0])
			if !ok {
				fmt.Fprintf(a.env.Stderr, "actionguard: no hook for %q (known: %s); refusing the tool call\n", args[0], strings.Join(names, ", "))
				return exitCode(ExitHookBlock)
			}
			resp := a.runHook(cmd.Context(), ad)
			a.env.Stdout.Write(resp.Stdout)
			a.env.Stderr.Write(resp.Stderr)
			return exitCode(resp.Exit)
		},
	}
}

// runHook builds the guard and the recorder and runs the adapter. A
// policy that does not load is not a reason to let everything through: the
// built-in policy decides, and the problem is said on stderr.
func (a *app) runHook(ctx context.Context, ad adapter.Adapter) adapter.Response {
	var warn []byte
	g, err := a.newGuard(cwdOrEmpty())
	if err != nil {
		warn = []byte("actionguard: the policy could not be loaded, the built-in policy decides: " + err.Error() + "\n")
		g = guard.New(guard.WithHome(a.env.Getenv("HOME")))
	}
	rec := &hookRecorder{app: a}
	defer rec.close()
	resp := adapter.Run(ctx, ad, g, rec, a.env.Stdin, adapter.Options{History: HistorySteps})
	resp.Stderr = append(warn, resp.Stderr...)
	return resp
}

func cwdOrEmpty() string {
	wd, _ := os.Getwd()
	return wd
}

// hookRecorder keeps a hook's decision in the audit log and the session's
// history in the store. The store is opened on first use.
type hookRecorder struct {
	app *app
	st  *store.SQLite
	err error
}

func (r *hookRecorder) open(ctx context.Context) (*store.SQLite, error) {
	if r.st != nil || r.err != nil {
		return r.st, r.err
	}
	if r.app.noAudit {
		r.err = fmt.Errorf("the audit log is switched off (--no-audit)")
		return nil, r.err
	}
	r.st, r.err = r.app.openStore(ctx)
	return r.st, r.err
}

func (r *hookRecorder) close() {
	if r.st != nil {
		r.st.Close()
	}
}

// Record implements adapter.Recorder.
func (r *hookRecorder) Record(a *guard.Action, d *guard.Decision, took time.Duration) error {
	if r.app.noAudit {
		return nil
	}
	st, err := r.open(context.Background())
	if err != nil {
		return err
	}
	return audit.New(st).Append(context.Background(), recordOf(a, d, took))
}

// History implements adapter.Recorder.
func (r *hookRecorder) History(ctx context.Context, session string, n int) ([]guard.Step, error) {
	st, err := r.open(ctx)
	if err != nil {
		return nil, err
	}
	rows, err := st.RecentHistory(ctx, session, n)
	if err != nil {
		return nil, err
	}
	steps := make([]guard.Step, 0, len(rows))
	for _, h := range rows {
		s := guard.Step{Tool: h.Tool, Observation: h.Observation}
		if h.Input != "" {
			json.Unmarshal([]byte(h.Input), &s.Input)
		}
		steps = append(steps, s)
	}
	return steps, nil
}

// Observe implements adapter.Recorder: the step is stored with its secrets
// redacted.
func (r *hookRecorder) Observe(ctx context.Context, session string, step guard.Step) error {
	st, err := r.open(ctx)
	if err != nil {
		return err
	}
	in := []byte("{}")
	if step.Input != nil {
		if b, err := json.Marshal(step.Input); err == nil {
			in = audit.RedactJSON(b)
		}
	}
	return st.AppendHistory(ctx, session, store.HistoryStep{Tool: step.Tool, Input: string(in), Observation: audit.Redact(step.Observation)})
}
