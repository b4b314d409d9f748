package cli

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"strconv"
	"text/tabwriter"
	"time"

	"github.com/actionguard/actionguard/approval"
	"github.com/actionguard/actionguard/audit"
	"github.com/actionguard/actionguard/internal/hookrun"
	"github.com/actionguard/actionguard/policy"
	"github.com/actionguard/actionguard/store"
	"github.com/spf13/cobra"
)

type approvalsOptions struct {
	all     bool
	json    bool
	note    string
	grouped bool
	// approve, reject: a batch
	group string
	yes   bool
	// watch
	autoConfirm time.Duration
	poll        time.Duration
}

func (a *app) approvalsCommand() *cobra.Command {
	o := &approvalsOptions{}
	cmd := &cobra.Command{
		Use:   "approvals",
		Short: "List, show, approve and reject actions waiting for a person",
		Long: `Actions that wait for a person (verdict confirm or approve) open an approval request:
stored with the audit log, and written as a Markdown file beside it (approvals/<id>.md).
Approving one lets the agent's next call of exactly that action, in the same session,
run once. A request nobody answers is rejected automatically after 24 h.

'actionguard approvals watch' shows requests as they arrive and takes single-key answers.

Several pending requests of the same kind (ten file deletions in one project, the
e-mails to one outside domain) can be decided together: 'approvals list --grouped'
shows the groups and their keys, 'approvals approve --group KEY' (or several ids)
decides them all. Each request gets a decision of its own in the audit log. A
DANGEROUS request is never approved in a batch: approve it on its own.`,
		Example: `  actionguard approvals list
  actionguard approvals show ap-7f3k2q
  actionguard approvals approve ap-7f3k2q --note "build/ is generated"
  actionguard approvals reject ap-7f3k2q --note "not on main"
  actionguard approvals list --grouped
  actionguard approvals approve --group g-3vzg3t --note "generated files"
  actionguard approvals reject ap-7f3k2q ap-9hw2mc --yes
  actionguard approvals watch`,
	}
	list := &cobra.Command{
		Use:   "list",
		Short: "List the pending approval requests (newest first)",
		Args:  cobra.NoArgs,
		RunE:  func(cmd *cobra.Command, args []string) error { return a.runApprovalsList(cmd.Context(), o) },
	}
	list.Flags().BoolVar(&o.all, "all", false, "include decided and expired requests")
	list.Flags().BoolVar(&o.json, "json", false, "print JSON lines")
	list.Flags().BoolVar(&o.grouped, "grouped", false, "group the pending requests of the same kind (with --json: one group a line)")
	show := &cobra.Command{
		Use:   "show ID",
		Short: "Show an approval request (its Markdown)",
		Args:  cobra.ExactArgs(1),
		RunE:  func(cmd *cobra.Command, args []string) error { return a.runApprovalsShow(cmd.Context(), o, args[0]) },
	}
	show.Flags().BoolVar(&o.json, "json", false, "print JSON")
	decide := func(use, short string, status approval.Status, aliases ...string) *cobra.Command {
		c := &cobra.Command{
			Use:     use + " ID... | --group KEY",
			Short:   short,
			Aliases: aliases,
			RunE: func(cmd *cobra.Command, args []string) error {
				if len(args) == 1 && o.group == "" {
					return a.runApprovalsDecide(cmd.Context(), o, args[0], status)
				}
				return a.runApprovalsBatch(cmd.Context(), o, args, status)
			},
		}
		c.Flags().StringVar(&o.note, "note", "", "why (kept with the decision and in the audit log)")
		c.Flags().BoolVar(&o.json, "json", false, "print the decided request as JSON (a batch: one result a line)")
		c.Flags().StringVar(&o.group, "group", "", "decide every pending request of this kind (the key 'approvals list --grouped' shows)")
		c.Flags().BoolVar(&o.yes, "yes", false, "decide a batch without a question")
		return c
	}
	expire := &cobra.Command{
		Use:   "expire",
		Short: "Reject the requests nobody answered in time (24 h), and record it",
		Args:  cobra.NoArgs,
		RunE:  func(cmd *cobra.Command, args []string) error { return a.runApprovalsExpire(cmd.Context(), o) },
	}
	expire.Flags().BoolVar(&o.json, "json", false, `print {"expired": N}`)
	cmd.AddCommand(list, show,
		decide("approve", "Approve pending requests: the same calls may run, once each", approval.StatusApproved),
		decide("reject", "Reject pending requests: the actions do not run", approval.StatusRejected, "deny"),
		expire, a.approvalsWatchCommand(o))
	return cmd
}

// approvalQueue opens the queue the commands share: the store, the request
// files beside it, people's decisions recorded in the audit log (unless
// --no-audit), problems on stderr.
func (a *app) approvalQueue(ctx context.Context) (*approval.Queue, store.Store, error) {
	st, err := a.openStore(ctx)
	if err != nil {
		return nil, nil, err
	}
	path, _ := a.dbFile()
	cwd, _ := os.Getwd()
	q := &approval.Queue{Store: st, Dir: hookrun.ApprovalsDir(path), ServerURL: a.env.Getenv(hookrun.ServerURLEnv), PassTTL: a.passTTL(cwd),
		Warn: func(err error) { fmt.Fprintf(a.env.Stderr, "actionguard: warning: %v\n", err) }}
	if !a.noAudit {
		log := audit.New(st)
		q.Audit = func(ctx context.Context, r *audit.Record) error { return log.Append(ctx, r) }
	}
	return q, st, nil
}

// passTTL is the policy's approvals.pass_ttl for cwd. A policy that does
// not load gives the shortest pass there is: the commands that report the
// policy's errors say what is wrong, and no pass outlives what the broken
// file may have meant.
func (a *app) passTTL(cwd string) time.Duration {
	p, err := policy.Load(a.loadOptions(cwd))
	if err != nil {
		return policy.MinPassTTL
	}
	return p.Approvals.PassTTL
}

// sweep closes the requests that expired, so that what a person reads is
// how things stand; a failure is said and does not stop the command.
func (a *app) sweep(ctx context.Context, q *approval.Queue) {
	if _, err := q.Expire(ctx); err != nil {
		fmt.Fprintf(a.env.Stderr, "actionguard: closing expired approval requests: %v\n", err)
	}
}

func (a *app) runApprovalsList(ctx context.Context, o *approvalsOptions) error {
	if err := a.requireDatabase(); err != nil {
		return err
	}
	q, st, err := a.approvalQueue(ctx)
	if err != nil {
		return err
	}
	defer st.Close()
	a.sweep(ctx, q)
	rs, err := st.Approvals(ctx, o.all)
	if err != nil {
		return err
	}
	if o.grouped {
		return a.printGroups(rs, o)
	}
	if o.json {
		enc := json.NewEncoder(a.env.Stdout)
		enc.SetEscapeHTML(false)
		for i := range rs {
			if err := enc.Encode(&rs[i]); err != nil {
				return err
			}
		}
		return nil
	}
	if len(rs) == 0 {
		if o.all {
			fmt.Fprintln(a.env.Stdout, "No approval requests.")
		} else {
			fmt.Fprintln(a.env.Stdout, "No pending approval requests.")
		}
		return nil
	}
	p := newPrinter(a.env.Stdout, a.env.IsTerminal(a.env.Stdout))
	tw := tabwriter.NewWriter(a.env.Stdout, 0, 4, 2, ' ', 0)
	if o.all {
		fmt.Fprintln(tw, "ID\tSTATUS\tRISK\tLEVEL\tAGE\tAGENT\tWHAT")
	} else {
		fmt.Fprintln(tw, "ID\tRISK\tLEVEL\tAGE\tAGENT\tWHAT")
	}
	now := time.Now()
	for i := range rs {
		r := &rs[i]
		level := p.paint(levelColor(r.Decision.Verdict), fmt.Sprintf("%-6s", approval.RiskLevel(r.Decision.Verdict)))
		status := ""
		if o.all {
			status = statusText(r) + "\t"
		}
		fmt.Fprintf(tw, "%s\t%s%s\t%s\t%s\t%s\t%s\n", r.ID, status, p.riskBar(r.Decision.Risk), level, age(now.Sub(r.Created)),
			orDash(r.Decision.Agent), what(p, r))
	}
	if err := tw.Flush(); err != nil {
		return err
	}
	if o.all {
		return nil
	}
	fmt.Fprintln(a.env.Stdout, "\nRead one with 'actionguard approvals show ID'; answer with 'approve ID' or 'reject ID', or all of them with 'actionguard approvals watch'.")
	var together []approval.Group
	for _, g := range approval.Groups(rs) {
		if len(g.Requests) > 1 {
			together = append(together, g)
		}
	}
	if len(together) > 0 {
		fmt.Fprintln(a.env.Stdout, "\nOf the same kind, to review together ('approvals list --grouped' lists them):")
		for _, g := range together {
			fmt.Fprintf(a.env.Stdout, "  %s  %s%s\n", g.Key, g.Title, dangerousMark(p, &g))
		}
		fmt.Fprintln(a.env.Stdout, "Decide a group with 'actionguard approvals approve --group KEY' or 'reject --group KEY'.")
	}
	return nil
}

// what is a request's headline as a list shows it, with a warning when
// something was unusual.
func what(p *printer, r *approval.Request) string {
	d := approval.Describe(r)
	s := oneLineCut(d.Headline, 90)
	switch n := len(d.Anomalies); {
	case n == 1:
		s += "  " + p.paint(ansiYellow, "⚠ unusual: "+oneLineCut(d.Anomalies[0], 60))
	case n > 1:
		s += "  " + p.paint(ansiYellow, fmt.Sprintf("⚠ %d unusual things", n))
	}
	return s
}

// statusText is a request's status, "used" for an approval that let its
// action through.
func statusText(r *approval.Request) string {
	if r.Status == approval.StatusApproved && !r.UsedAt.IsZero() {
		return "used"
	}
	return string(r.Status)
}

// levelColor colours seed 003's risk level: medium yellow, high red.
func levelColor(verdict string) string {
	if verdict == "confirm" {
		return ansiYellow
	}
	return ansiRed
}

// age says how long ago something happened, coarsely.
func age(d time.Duration) string {
	switch {
	case d < time.Minute:
		return strconv.Itoa(max(int(d/time.Second), 0)) + " s"
	case d < time.Hour:
		return strconv.Itoa(int(d/time.Minute)) + " min"
	case d < 48*time.Hour:
		return strconv.Itoa(int(d/time.Hour)) + " h"
	}
	return strconv.Itoa(int(d/(24*time.Hour))) + " d"
}

func orDash(s string) string {
	if s == "" {
		return "-"
	}
	return s
}

func (a *app) runApprovalsShow(ctx context.Context, o *approvalsOptions, id string) error {
	if err := a.requireDatabase(); err != nil {
		return err
	}
	q, st, err := a.approvalQueue(ctx)
	if err != nil {
		return err
	}
	defer st.Close()
	a.sweep(ctx, q)
	r, err := st.Approval(ctx, id)
	if err != nil {
		return approvalErr(err)
	}
	if o.json {
		enc := json.NewEncoder(a.env.Stdout)
		enc.SetEscapeHTML(false)
		return enc.Encode(&r)
	}
	fmt.Fprint(a.env.Stdout, approval.MarkdownLinked(&r, q.ServerURL))
	return nil
}

// decider is who decides from this command line: the OS user.
func (a *app) decider() string {
	for _, k := range []string{"USER", "LOGNAME", "USERNAME"} {
		if u := a.env.Getenv(k); u != "" {
			return u
		}
	}
	return "cli"
}

func (a *app) runApprovalsDecide(ctx context.Context, o *approvalsOptions, id string, status approval.Status) error {
	if err := a.requirePerson(decideVerb(status) + " " + id); err != nil {
		return err
	}
	q, st, err := a.approvalQueue(ctx)
	if err != nil {
		return err
	}
	defer st.Close()
	r, err := q.Decide(ctx, id, approval.Decision{Status: status, By: a.decider(), Note: o.note})
	if err != nil {
		return approvalErr(err)
	}
	if o.json {
		enc := json.NewEncoder(a.env.Stdout)
		enc.SetEscapeHTML(false)
		return enc.Encode(&r)
	}
	fmt.Fprintf(a.env.Stdout, "%s %s by %s: %s\n", r.ID, r.Status, r.DecidedBy, approval.Describe(&r).Headline)
	switch {
	case r.Status == approval.StatusApproved && r.SessionID == "" && r.Decision.SessionID == "":
		fmt.Fprintln(a.env.Stdout, "The call came without a session id, so actionguard cannot let it through by itself: run the action yourself.")
	case r.Status == approval.StatusApproved:
		fmt.Fprintln(a.env.Stdout, "The agent's next call of exactly this action runs, once.")
	}
	return nil
}

func (a *app) runApprovalsExpire(ctx context.Context, o *approvalsOptions) error {
	q, st, err := a.approvalQueue(ctx)
	if err != nil {
		return err
	}
	defer st.Close()
	n, err := q.Expire(ctx)
	if err != nil {
		return fmt.Errorf("closing expired approval requests: %w", err)
	}
	if o.json {
		return json.NewEncoder(a.env.Stdout).Encode(map[string]int{"expired": n})
	}
	switch n {
	case 0:
		fmt.Fprintln(a.env.Stdout, "No request had expired.")
	case 1:
		fmt.Fprintln(a.env.Stdout, "1 request expired without a decision and is now rejected.")
	default:
		fmt.Fprintf(a.env.Stdout, "%d requests expired without a decision and are now rejected.\n", n)
	}
	return nil
}

// approvalErr turns the store's expected outcomes into usage errors with a
// hint.
func approvalErr(err error) error {
	switch {
	case errors.Is(err, approval.ErrNotFound):
		return usageErr("list the pending ones with 'actionguard approvals list' (--all for decided ones)", "%v", err)
	case errors.Is(err, approval.ErrExpired):
		return usageErr("approval requests are rejected automatically after 24 h; let the agent try again to open a new one", "%v", err)
	case errors.Is(err, approval.ErrDecided):
		return usageErr("see it with 'actionguard approvals show ID'", "%v", err)
	case errors.Is(err, approval.ErrNotCautious):
		return usageErr("approve it explicitly: 'actionguard approvals approve ID'", "%v", err)
	}
	return err
}

// decideVerb is what deciding with status does, in a sentence.
func decideVerb(status approval.Status) string {
	if status == approval.StatusApproved {
		return "approve"
	}
	return "reject"
}
