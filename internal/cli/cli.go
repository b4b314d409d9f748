// Package cli is actionguard's command line. Main runs it with the
// process's arguments and streams and returns the exit code; Run does the
// same with given ones, for tests.
//
// One command is one file: an options struct, a constructor that declares
// its flags, and a run function. Human output goes to a terminal; --json
// (or --jsonl) gives machine output, never mixed with human text on stdout.
package cli

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/actionguard/actionguard/internal/agentproc"
	"github.com/actionguard/actionguard/policy"
	"github.com/actionguard/actionguard/policy/rulexpr"
	"github.com/spf13/cobra"
)

// Exit codes, named in one place. The agent hooks speak their agents'
// protocols and use their own codes (see hook.go).
const (
	ExitOK      = 0 // success; for check: the action may run (allow, notify)
	ExitError   = 1 // an internal error, explained on stderr
	ExitUsage   = 2 // bad flags, arguments or input
	ExitConfirm = 3 // check: the action waits for a person (confirm, approve)
	ExitBlock   = 4 // check: the action is blocked
	ExitBroken  = 5 // audit verify: the chain is broken
	ExitInvalid = 6 // the policy file has errors (policy check, and every command that loads it)
	// ExitRegression: eval diff found a count that rose; eval
	// --fail-on-issues found a run with issues.
	ExitRegression = 7
)

// Env is what a run of the command line sees of the world.
type Env struct {
	Args   []string
	Stdin  io.Reader
	Stdout io.Writer
	Stderr io.Writer
	Getenv func(string) string
	// Environ lists the environment as KEY=value (os.Environ); nil when
	// only Getenv is known. It finds the variables a coding agent sets by
	// prefix (CODEX_…).
	Environ func() []string
	// IsTerminal reports whether a stream is a terminal (colour, progress).
	IsTerminal func(w any) bool
	// Ancestry reports a coding agent among the process's parents; nil
	// walks the real ones (agentproc.Find). Tests stand in for it.
	Ancestry func() (agentproc.Agent, bool)
	// StartDrain starts the drain of the spool beside the SQLite database
	// at db in a process of its own, without waiting for it (DefaultEnv:
	// this binary's `audit drain`); nil leaves a large spool to the next
	// command that reads the log.
	StartDrain func(db string) error
	// Exit ends the process (DefaultEnv: os.Exit). With it, a hook call
	// not answered within adapter.HookDeadline is answered by a watchdog
	// and the process ends; nil (tests that run the command line in their
	// own process) waits for the check however long it takes.
	Exit func(code int)
}

// Main runs the command line with the process's arguments and streams.
func Main() int {
	return Run(DefaultEnv())
}

// exitError carries an exit code up to Run.
type exitError struct {
	code int
	err  error
	hint string
}

func (e *exitError) Error() string {
	if e.err == nil {
		return ""
	}
	return e.err.Error()
}
func (e *exitError) Unwrap() error { return e.err }

// usageErr is a usage error with a hint.
func usageErr(hint, format string, args ...any) error {
	return &exitError{code: ExitUsage, err: fmt.Errorf(format, args...), hint: hint}
}

// exitCode ends a command with a code and no message.
func exitCode(code int) error { return &exitError{code: code} }

// Run runs the command line and returns the exit code.
func Run(env Env) int { return RunWith(env) }

// DefaultEnv is the process's arguments and streams.
func DefaultEnv() Env {
	return Env{Args: os.Args[1:], Stdin: os.Stdin, Stdout: os.Stdout, Stderr: os.Stderr, Getenv: os.Getenv, Environ: os.Environ, IsTerminal: isTerminal, StartDrain: startDrain, Exit: os.Exit}
}

// RunWith is Run with extra commands: those whose packages import this one
// (cmd/actionguard adds mcp-proxy from internal/mcpcmd).
func RunWith(env Env, extra ...Command) int {
	if env.Getenv == nil {
		env.Getenv = os.Getenv
	}
	if env.IsTerminal == nil {
		env.IsTerminal = func(any) bool { return false }
	}
	if env.Stdin == nil {
		env.Stdin = strings.NewReader("")
	}
	// This binary evaluates custom rules (the lean hook hands it the
	// calls of a policy that has some).
	policy.UseCompiler(rulexpr.Compiler{})
	app := &app{env: env}
	root := app.rootCommand(extra...)
	root.SetArgs(env.Args)
	root.SetIn(env.Stdin)
	root.SetOut(env.Stdout)
	root.SetErr(env.Stderr)
	err := root.ExecuteContext(context.Background())
	app.close()
	if err == nil {
		return ExitOK
	}
	var ee *exitError
	if errors.As(err, &ee) {
		if ee.err != nil {
			fmt.Fprintf(env.Stderr, "actionguard: %v\n", ee.err)
		}
		if ee.hint != "" {
			fmt.Fprintf(env.Stderr, "hint: %s\n", ee.hint)
		}
		return ee.code
	}
	fmt.Fprintf(env.Stderr, "actionguard: %v\n", err)
	if isFlagError(err) {
		fmt.Fprintln(env.Stderr, "hint: run 'actionguard --help' or 'actionguard <command> --help'")
		return ExitUsage
	}
	return ExitError
}

func isFlagError(err error) bool {
	s := err.Error()
	return strings.Contains(s, "unknown flag") || strings.Contains(s, "unknown command") || strings.Contains(s, "flag needs an argument") ||
		strings.Contains(s, "invalid argument") || strings.Contains(s, "unknown shorthand flag") || strings.Contains(s, "accepts") || strings.Contains(s, "requires at least")
}

// app holds what the commands share: the environment, global flags and
// the lazily opened audit log.
type app struct {
	env Env

	policyPath  string
	projectPath string
	dbPath      string
	storeRef    string
	noAudit     bool
	// strictPolicy: a front door refuses to start on a policy that does
	// not load, instead of deciding with its fallback (frontGuard).
	strictPolicy bool
	contacts     *cliContacts // the guards' contact book, opened on first use

	audit *auditSink
	// checkStore is the store check --approvals opened its queue on.
	checkStore interface{ Close() error }
}

func (a *app) rootCommand(extra ...Command) *cobra.Command {
	root := &cobra.Command{
		Use:   "actionguard",
		Short: "Decide whether an AI agent's action runs, waits for a person, or is blocked",
		Long: `actionguard checks what an AI agent is about to do — a shell command, an SQL statement,
a file write, an HTTP request, a message, a payment — and decides whether it runs at once,
runs and tells you, waits for your approval, or is blocked, and says why.`,
		SilenceUsage:      true,
		SilenceErrors:     true,
		CompletionOptions: cobra.CompletionOptions{DisableDefaultCmd: true},
	}
	pf := root.PersistentFlags()
	pf.StringVar(&a.policyPath, "policy", "", "the user's policy file (default $ACTIONGUARD_CONFIG or ~/.config/actionguard/actionguard.yaml)")
	pf.StringVar(&a.projectPath, "project-policy", "", "the project's policy file (default actionguard.yaml in the repository)")
	pf.StringVar(&a.dbPath, "db", "", "the audit database (default $ACTIONGUARD_DB or ~/.local/state/actionguard/actionguard.db)")
	pf.StringVar(&a.storeRef, "store", "", "the store: a SQLite file, or a postgres:// URL shared by several servers (default $ACTIONGUARD_STORE, else --db)")
	pf.BoolVar(&a.noAudit, "no-audit", false, "do not record decisions in the audit log")
	pf.BoolVar(&a.strictPolicy, "strict-policy", false, "refuse to check when the policy file does not load (by default check, serve and mcp-proxy decide with its last valid version or the strictest settings, and say so)")
	var version bool
	root.Flags().BoolVar(&version, "version", false, "print the version and exit")
	root.Args = cobra.NoArgs
	root.RunE = func(cmd *cobra.Command, args []string) error {
		if version {
			return a.printVersion(false)
		}
		return cmd.Help()
	}
	root.AddCommand(
		a.checkCommand(),
		a.explainCommand(),
		a.classifyCommand(),
		a.redactCommand(),
		a.rulesCommand(),
		a.policyCommand(),
		a.auditCommand(),
		a.demoCommand(),
		a.hookCommand(),
		a.installCommand(),
		a.uninstallCommand(),
		a.doctorCommand(),
		a.versionCommand(),
		a.approvalsCommand(),
		a.feedbackCommand(),
		a.contactsCommand(),
		a.serveCommand(),
		a.tokensCommand(),
		a.evalCommand(),
		a.modeCommand(),
		a.trustCommand(),
		a.trashCommand(),
		a.undoCommand(),
	)
	x := &App{a: a}
	for _, c := range extra {
		root.AddCommand(c(x))
	}
	return root
}

func (a *app) close() {
	if a.contacts != nil {
		a.contacts.Close()
	}
	if a.audit != nil {
		if err := a.audit.Close(); err != nil {
			fmt.Fprintf(a.env.Stderr, "actionguard: audit log: %v\n", err)
		}
	}
}
