package cli

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"text/tabwriter"
	"time"

	"github.com/actionguard/actionguard/approval"
	"github.com/spf13/cobra"
)

type approvalsOptions struct {
	all  bool
	json bool
	note string
}

func (a *app) approvalsCommand() *cobra.Command {
	o := &approvalsOptions{}
	cmd := &cobra.Command{
		Use:   "approvals",
		Short: "List, show, approve and reject actions waiting for a person",
	}
	list := &cobra.Command{
		Use:   "list",
		Short: "List the pending approval requests (newest first)",
		Args:  cobra.NoArgs,
		RunE:  func(cmd *cobra.Command, args []string) error { return a.runApprovalsList(cmd.Context(), o) },
	}
	list.Flags().BoolVar(&o.all, "all", false, "include decided and timed-out requests")
	list.Flags().BoolVar(&o.json, "json", false, "print JSON lines")
	show := &cobra.Command{
		Use:   "show ID",
		Short: "Show an approval request",
		Args:  cobra.ExactArgs(1),
		RunE:  func(cmd *cobra.Command, args []string) error { return a.runApprovalsShow(cmd.Context(), o, args[0]) },
	}
	show.Flags().BoolVar(&o.json, "json", false, "print JSON")
	decide := func(use, short string, status approval.Status) *cobra.Command {
		c := &cobra.Command{
			Use:   use + " ID",
			Short: short,
			Args:  cobra.ExactArgs(1),
			RunE: func(cmd *cobra.Command, args []string) error {
				return a.runApprovalsDecide(cmd.Context(), o, args[0], status)
			},
		}
		c.Flags().StringVar(&o.note, "note", "", "why (kept with the decision)")
		c.Flags().BoolVar(&o.json, "json", false, "print the decided request as JSON")
		return c
	}
	cmd.AddCommand(list, show,
		decide("approve", "Approve a pending request: the action may run", approval.StatusApproved),
		decide("reject", "Reject a pending request: the action does not run", approval.StatusRejected))
	return cmd
}

func (a *app) runApprovalsList(ctx context.Context, o *approvalsOptions) error {
	st, err := a.openStore(ctx)
	if err != nil {
		return err
	}
	defer st.Close()
	rs, err := st.Approvals(ctx, o.all)
	if err != nil {
		return err
	}
	if o.json {
		enc := json.NewEncoder(a.env.Stdout)
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
	tw := tabwriter.NewWriter(a.env.Stdout, 0, 4, 2, ' ', 0)
	fmt.Fprintln(tw, "ID\tSTATUS\tCREATED\tTOOL\tREASON")
	for _, r := range rs {
		fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t%s\n", r.ID, r.Status, r.Created.Local().Format(time.DateTime), r.Decision.Tool, oneLineCut(r.Decision.Reason, 80))
	}
	return tw.Flush()
}

func (a *app) runApprovalsShow(ctx context.Context, o *approvalsOptions, id string) error {
	st, err := a.openStore(ctx)
	if err != nil {
		return err
	}
	defer st.Close()
	r, err := st.Approval(ctx, id)
	if err != nil {
		return approvalErr(err)
	}
	if o.json {
		return json.NewEncoder(a.env.Stdout).Encode(&r)
	}
	fmt.Fprint(a.env.Stdout, approval.Markdown(&r))
	return nil
}

func (a *app) runApprovalsDecide(ctx context.Context, o *approvalsOptions, id string, status approval.Status) error {
	st, err := a.openStore(ctx)
	if err != nil {
		return err
	}
	defer st.Close()
	by := a.env.Getenv("USER")
	if by == "" {
		by = "cli"
	}
	r, err := st.DecideApproval(ctx, id, approval.Decision{Status: status, By: by, Note: o.note})
	if err != nil {
		return approvalErr(err)
	}
	if o.json {
		return json.NewEncoder(a.env.Stdout).Encode(&r)
	}
	fmt.Fprintf(a.env.Stdout, "%s %s: %s\n", r.ID, r.Status, r.Decision.Tool)
	return nil
}

// approvalErr turns the store's expected outcomes into usage errors with a
// hint.
func approvalErr(err error) error {
	switch {
	case errors.Is(err, approval.ErrNotFound):
		return usageErr("list the pending ones with 'actionguard approvals list' (--all for decided ones)", "%v", err)
	case errors.Is(err, approval.ErrExpired):
		return usageErr("approval requests time out after 24 h; let the agent try again to open a new one", "%v", err)
	case errors.Is(err, approval.ErrDecided):
		return usageErr("see it with 'actionguard approvals show ID'", "%v", err)
	}
	return err
}
