package cli

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/actionguard/actionguard/guard"
	"github.com/actionguard/actionguard/internal/frontdoor"
	"github.com/spf13/cobra"
)

// classifyOptions are the flags of classify.
type classifyOptions struct {
	json        bool
	jsonl       bool
	application string
	newUser     bool
	trust       float64
	messages    []string
	session     string
}

func (a *app) classifyCommand() *cobra.Command {
	o := &classifyOptions{trust: -1}
	cmd := &cobra.Command{
		Use:   "classify [flags] <request…>",
		Short: "Classify a request in words: safe, cautious, privileged or dangerous",
		Long: `Classify what a user asks an agent to do, before any tool runs: the class
(safe, cautious, privileged, dangerous), the score on the 0–100+ scale, each
step of a multi-step request, the condition a conditional request depends on,
a question to ask when the request is ambiguous, and the reasons.

With --jsonl, each line of standard input is a request: plain text, or a JSON
object {"id": "…", "text": "…", "context": {…}}; one Decision is written per
line. The exit code is 0 whatever the class (classify informs; check decides).`,
		Example: `  actionguard classify "Draft an email to the team and send it"
  actionguard classify --app file-manager "Create a file"
  actionguard classify --json "If tomorrow is Sunday, delete the draft"
  actionguard classify --jsonl < requests.txt > classes.jsonl`,
		RunE: func(cmd *cobra.Command, args []string) error { return a.runClassify(cmd.Context(), o, args) },
	}
	f := cmd.Flags()
	f.BoolVar(&o.json, "json", false, "print the decision as JSON")
	f.BoolVar(&o.jsonl, "jsonl", false, "read requests (text or JSON) line by line on standard input and write one Decision per line")
	f.StringVar(&o.application, "app", "", "where the request is made: assistant, file-manager, code-editor, template-engine, … (default coding-agent)")
	f.BoolVar(&o.newUser, "new-user", false, "the user is new (+20)")
	f.Float64Var(&o.trust, "trust", -1, "the user's trust score from 0 to 1; below 0.5 is low trust (+15)")
	f.StringArrayVar(&o.messages, "user-message", nil, "an earlier message of the user (repeatable, oldest first)")
	f.StringVar(&o.session, "session", "", "the session id recorded in the audit log")
	return cmd
}

// action builds the Action of one request.
func (o *classifyOptions) action(text string) guard.Action {
	a := guard.Action{Kind: guard.KindIntent, Text: text}
	o.fill(&a)
	return a
}

func (o *classifyOptions) fill(a *guard.Action) {
	a.Kind = guard.KindIntent
	c := &a.Context
	if o.application != "" && c.Application == "" {
		c.Application = o.application
	}
	if o.newUser || o.trust >= 0 {
		if c.User == nil {
			c.User = &guard.User{}
		}
		c.User.New = c.User.New || o.newUser
		if o.trust >= 0 && c.User.Trust == nil {
			t := o.trust
			c.User.Trust = &t
		}
	}
	if len(c.UserMessages) == 0 {
		c.UserMessages = o.messages
	}
	if c.SessionID == "" {
		c.SessionID = o.session
	}
	if c.Agent == "" {
		c.Agent = "cli"
	}
}

func (a *app) runClassify(ctx context.Context, o *classifyOptions, args []string) error {
	if err := enumFlag("app", o.application, applications...); err != nil {
		return err
	}
	if o.trust > 1 {
		return usageErr("--trust is a score from 0 (none) to 1 (full)", "--trust %v is out of range", o.trust)
	}
	if o.jsonl {
		if len(args) > 0 {
			return usageErr("with --jsonl the requests come on standard input", "--jsonl takes no request")
		}
		return a.classifyStream(ctx, o)
	}
	text := strings.TrimSpace(strings.Join(args, " "))
	if text == "" {
		return usageErr(`actionguard classify "delete my old backups"`, "no request to classify")
	}
	if len(text) > guard.MaxTextBytes {
		return usageErr("classify one request at a time", "the request is longer than %d bytes", guard.MaxTextBytes)
	}
	g, err := a.newGuard(cwdOrEmpty())
	if err != nil {
		return err
	}
	sink, err := a.sink(ctx)
	if err != nil {
		fmt.Fprintf(a.env.Stderr, "actionguard: %v (the decision is not recorded)\n", err)
	}
	act := o.action(text)
	d, _, _ := (&frontdoor.Door{Guard: g, Writer: sink.writer()}).Decide(ctx, &act)
	if o.json {
		enc := json.NewEncoder(a.env.Stdout)
		enc.SetEscapeHTML(false)
		return enc.Encode(&d)
	}
	newPrinter(a.env.Stdout, a.env.IsTerminal(a.env.Stdout)).classification(text, &d)
	return nil
}

// classifyStream classifies one request per line.
func (a *app) classifyStream(ctx context.Context, o *classifyOptions) error {
	g, err := a.newGuard(cwdOrEmpty())
	if err != nil {
		return err
	}
	sink, err := a.sink(ctx)
	if err != nil {
		fmt.Fprintf(a.env.Stderr, "actionguard: %v (decisions are not recorded)\n", err)
	}
	in := bufio.NewReaderSize(a.env.Stdin, 64<<10)
	out := bufio.NewWriterSize(a.env.Stdout, 64<<10)
	defer out.Flush()
	enc := json.NewEncoder(out)
	enc.SetEscapeHTML(false)
	var buf []byte
	for line := 1; ; line++ {
		buf, err = readLine(in, buf[:0])
		if len(buf) == 0 && err != nil {
			switch {
			case errors.Is(err, io.EOF):
				return nil
			case errors.Is(err, errLineTooLong):
				d, _ := (&frontdoor.Door{Guard: g, Writer: sink.writer()}).FailInput(ctx, &guard.Action{Kind: guard.KindIntent}, nil, fmt.Sprintf("line %d: %v", line, err))
				if e := enc.Encode(&d); e != nil {
					return e
				}
				continue
			}
			return fmt.Errorf("reading requests: %w", err)
		}
		if data := bytes.TrimSpace(buf); len(data) > 0 {
			if e := enc.Encode(a.classifyLine(ctx, g, sink, o, line, data)); e != nil {
				return e
			}
		}
		if errors.Is(err, io.EOF) {
			return nil
		}
	}
}

// classifyLine classifies one line of classify --jsonl: a JSON object is an
// Action (its kind is intent), anything else is the request's text.
func (a *app) classifyLine(ctx context.Context, g *guard.Guard, sink *auditSink, o *classifyOptions, line int, data []byte) *guard.Decision {
	door := &frontdoor.Door{Guard: g, Writer: sink.writer()}
	var act guard.Action
	if data[0] == '{' {
		if err := json.Unmarshal(data, &act); err != nil {
			d, _ := door.FailInput(ctx, &guard.Action{ID: salvageID(data), Kind: guard.KindIntent}, data, fmt.Sprintf("line %d: invalid JSON: %s", line, jsonErrorText(err)))
			return &d
		}
		o.fill(&act)
	} else {
		act = o.action(string(data))
	}
	d, _, _ := door.Decide(ctx, &act)
	return &d
}
