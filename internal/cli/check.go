package cli

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"strings"

	"github.com/actionguard/actionguard/guard"
	"github.com/actionguard/actionguard/internal/frontdoor"
	"github.com/spf13/cobra"
)

// checkOptions are the flags of check and explain.
type checkOptions struct {
	json        bool
	jsonl       bool
	tool        string
	kind        string
	cwd         string
	application string
	branch      string
	dirty       bool
	environment string
	session     string
	action      string
	messages    []string
	approvals   bool
}

func (o *checkOptions) flags(cmd *cobra.Command, stream bool) {
	f := cmd.Flags()
	f.BoolVar(&o.json, "json", false, "print the decision as JSON")
	if stream {
		f.BoolVar(&o.jsonl, "jsonl", false, "read Actions as JSON lines on standard input and write one Decision per line")
	}
	f.StringVar(&o.tool, "tool", "Bash", "the tool that would run the input")
	f.StringVar(&o.kind, "kind", "", "the kind of action (shell, sql, file, http, email, message, post, payment, intent, tool); inferred when empty")
	f.StringVar(&o.cwd, "cwd", "", "the working directory the action runs in (default: the current one)")
	f.StringVar(&o.application, "app", "", "the application profile: coding-agent (default) or assistant")
	f.StringVar(&o.branch, "branch", "", "the git branch checked out")
	f.BoolVar(&o.dirty, "dirty", false, "the working tree has uncommitted changes")
	f.StringVar(&o.environment, "env", "", "the environment the action targets (production, staging, …)")
	f.StringVar(&o.session, "session", "", "the session id recorded in the audit log")
	f.StringVar(&o.action, "action", "", "the whole Action as JSON instead of a command")
	f.StringArrayVar(&o.messages, "user-message", nil, "a recent message of the user (repeatable, oldest first)")
}

// buildAction turns the arguments and flags into an Action.
func (o *checkOptions) buildAction(args []string) (guard.Action, error) {
	var a guard.Action
	if err := enumFlag("kind", o.kind, actionKinds...); err != nil {
		return a, err
	}
	if err := enumFlag("app", o.application, applications...); err != nil {
		return a, err
	}
	if o.action != "" {
		if len(args) > 0 {
			return a, usageErr("give either --action or a command, not both", "both --action and a command given")
		}
		if err := decodeAction([]byte(o.action), &a); err != nil {
			return a, usageErr(`--action takes one Action, e.g. '{"tool":"Bash","input":{"command":"ls"}}'`, "--action: %v", err)
		}
	} else {
		if len(args) == 0 {
			return a, usageErr("actionguard check -- rm -rf build", "no command to check")
		}
		text := args[0]
		if len(args) > 1 {
			text = quoteArgs(args)
		}
		a.Tool = o.tool
		if o.kind != "" {
			a.Kind = guard.Kind(o.kind)
		}
		switch a.InferKind() {
		case guard.KindSQL:
			a.Input = map[string]any{"query": text}
		case guard.KindIntent:
			a.Text = text
		case guard.KindFile:
			a.Input = map[string]any{"file_path": text}
		case guard.KindHTTP:
			a.Input = map[string]any{"url": text}
		default:
			a.Input = map[string]any{"command": text}
		}
	}
	ctx := &a.Context
	if o.cwd != "" {
		ctx.Cwd = o.cwd
	}
	if ctx.Cwd == "" {
		if wd, err := os.Getwd(); err == nil {
			ctx.Cwd = wd
		}
	}
	if o.application != "" {
		ctx.Application = o.application
	}
	if o.branch != "" {
		ctx.GitBranch = o.branch
	}
	if o.dirty {
		ctx.GitDirty = true
	}
	if o.environment != "" {
		ctx.Environment = o.environment
	}
	if o.session != "" {
		ctx.SessionID = o.session
	}
	if ctx.Agent == "" {
		ctx.Agent = "cli"
	}
	ctx.UserMessages = append(ctx.UserMessages, o.messages...)
	return a, nil
}

// quoteArgs joins words back into a command line, quoting where a word
// would otherwise split.
func quoteArgs(args []string) string {
	var b strings.Builder
	for i, a := range args {
		if i > 0 {
			b.WriteByte(' ')
		}
		if a != "" && !strings.ContainsAny(a, " \t\n'\"\\$`;&|<>(){}*?[]#~") {
			b.WriteString(a)
			continue
		}
		b.WriteByte('\'')
		b.WriteString(strings.ReplaceAll(a, "'", `'\''`))
		b.WriteByte('\'')
	}
	return b.String()
}

func (a *app) checkCommand() *cobra.Command {
	o := &checkOptions{}
	cmd := &cobra.Command{
		Use:   "check [flags] -- <command…>",
		Short: "Decide on one action (or a stream of them with --jsonl)",
		Long: `Decide whether an action runs (allow), runs and tells you (notify), waits for a soft
or an explicit approval (confirm, approve), or is blocked (block).

The exit code says it too: 0 may run, 3 waits for a person, 4 is blocked.

With --approvals an action that waits for a person goes into the approval queue: a
request is opened (its id and Markdown file are in the answer: approval_id,
approval_request_file) or, once a person approved exactly this call in the same
--session, it runs (allow, exit 0), once. Without --approvals check only decides.`,
		Example: `  actionguard check -- git push --force origin main
  actionguard check --json -- 'curl -fsSL https://get.example.sh | sh'
  actionguard check --kind sql -- 'DELETE FROM orders'
  actionguard check --jsonl < actions.jsonl > decisions.jsonl
  actionguard check --approvals --session s1 --json -- npm publish`,
		RunE: func(cmd *cobra.Command, args []string) error { return a.runCheck(cmd.Context(), o, args) },
	}
	o.flags(cmd, true)
	cmd.SetFlagErrorFunc(a.commandAfterDashes)
	cmd.Flags().BoolVar(&o.approvals, "approvals", false, "put an action that waits for a person in the approval queue: open a request (approval_id, approval_request_file), or let it run if a person approved exactly this call in this --session")
	return cmd
}

func (a *app) runCheck(ctx context.Context, o *checkOptions, args []string) error {
	if o.jsonl {
		if len(args) > 0 || o.action != "" {
			return usageErr("with --jsonl the actions come on standard input", "--jsonl takes no command")
		}
		return a.runStream(ctx, o)
	}
	act, err := o.buildAction(args)
	if err != nil {
		return err
	}
	g, notice, err := a.frontGuard(act.Context.Cwd, guard.WithLocalFiles())
	if err != nil {
		return err
	}
	sink, err := a.sink(ctx)
	if err != nil {
		fmt.Fprintf(a.env.Stderr, "actionguard: %v (the decision is not recorded)\n", err)
	}
	// check only checks: a pass it uses lets nothing run here, so it
	// teaches the contact book nothing (RunsOnPass false).
	door := &frontdoor.Door{Guard: g, Writer: sink.writer(), PolicyNotice: notice}
	if o.approvals {
		door.Approvals = frontdoor.OpenRequests
		door.OpenQueue = a.checkQueue
		defer a.closeCheckQueue()
	}
	d, _, _ := door.Decide(ctx, &act)
	if o.json {
		enc := json.NewEncoder(a.env.Stdout)
		enc.SetEscapeHTML(false)
		if err := enc.Encode(&d); err != nil {
			return err
		}
	} else {
		p := newPrinter(a.env.Stdout, a.env.IsTerminal(a.env.Stdout))
		p.decision(&act, &d)
		a.approvalHint(p, &d)
		if sink != nil {
			p.feedbackHint(&d)
		}
	}
	return exitCode(verdictExit(d.Verdict))
}

// verdictExit is check's exit code for a verdict.
func verdictExit(v guard.Verdict) int {
	switch v {
	case guard.Allow, guard.Notify:
		return ExitOK
	case guard.Confirm, guard.Approve:
		return ExitConfirm
	}
	return ExitBlock
}

// decodeAction decodes one Action strictly enough to catch mistakes: an
// unknown top-level field is an error, as is trailing data.
func decodeAction(data []byte, act *guard.Action) error {
	if err := json.Unmarshal(data, act); err != nil {
		return fmt.Errorf("invalid JSON: %s", jsonErrorText(err))
	}
	return nil
}

func jsonErrorText(err error) string {
	var te *json.UnmarshalTypeError
	if errors.As(err, &te) {
		want := te.Type.Kind().String()
		switch want {
		case "map", "struct":
			want = "an object"
		case "slice":
			want = "an array"
		case "string":
			want = "a string"
		case "bool":
			want = "true or false"
		}
		field := te.Field
		if field == "" {
			field = "the action"
		}
		return fmt.Sprintf("%s must be %s, not %s (at byte %d)", field, want, te.Value, te.Offset)
	}
	var se *json.SyntaxError
	if errors.As(err, &se) {
		return fmt.Sprintf("%s (at byte %d)", strings.TrimPrefix(se.Error(), "json: "), se.Offset)
	}
	return strings.TrimPrefix(err.Error(), "json: ")
}
