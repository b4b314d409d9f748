package cli

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strings"
	"time"

	"github.com/actionguard/actionguard/approval"
)

// Batch review: `approvals list --grouped` shows the pending requests of
// the same kind together; `approvals approve|reject ID ID… | --group KEY`
// decides several at once (approval.Queue.DecideAll), each with a decision
// of its own in the audit log.

// printGroups is `approvals list --grouped`.
func (a *app) printGroups(rs []approval.Request, o *approvalsOptions) error {
	groups := approval.Groups(rs)
	if o.json {
		enc := json.NewEncoder(a.env.Stdout)
		enc.SetEscapeHTML(false)
		for i := range groups {
			if err := enc.Encode(&groups[i]); err != nil {
				return err
			}
		}
		return nil
	}
	if len(groups) == 0 {
		fmt.Fprintln(a.env.Stdout, "No pending approval requests.")
		return nil
	}
	p := newPrinter(a.env.Stdout, a.env.IsTerminal(a.env.Stdout))
	now := time.Now()
	for i := range groups {
		g := &groups[i]
		if i > 0 {
			fmt.Fprintln(a.env.Stdout)
		}
		fmt.Fprintf(a.env.Stdout, "%s  %s%s\n", p.paint(ansiBold, g.Key), p.paint(ansiBold, g.Title), dangerousMark(p, g))
		for j := range g.Requests {
			r := &g.Requests[j]
			level := p.paint(levelColor(r.Decision.Verdict), fmt.Sprintf("%-6s", approval.RiskLevel(r.Decision.Verdict)))
			fmt.Fprintf(a.env.Stdout, "  %s  %s  %s  %6s  %s\n", r.ID, p.riskBar(r.Decision.Risk), level, age(now.Sub(r.Created)), what(p, r))
		}
	}
	fmt.Fprintln(a.env.Stdout, "\nDecide a group with 'actionguard approvals approve --group KEY' or 'reject --group KEY'; several requests with 'approve ID ID…'.")
	return nil
}

// dangerousMark marks a group that holds a DANGEROUS request.
func dangerousMark(p *printer, g *approval.Group) string {
	if !g.Dangerous {
		return ""
	}
	return "  " + p.paint(ansiRed, "DANGEROUS: reject together, approve only one by one")
}

// batchResult is one line of a batch's --json output.
type batchResult struct {
	ID      string            `json:"id"`
	Decided bool              `json:"decided"`
	Status  approval.Status   `json:"status,omitempty"`
	Error   string            `json:"error,omitempty"`
	Request *approval.Request `json:"request,omitempty"`
}

// runApprovalsBatch is `approvals approve|reject` with several ids or
// --group: every request gets the same decision, each its own record.
func (a *app) runApprovalsBatch(ctx context.Context, o *approvalsOptions, ids []string, status approval.Status) error {
	verb := "approve"
	if status == approval.StatusRejected {
		verb = "reject"
	}
	switch {
	case len(ids) == 0 && o.group == "":
		return usageErr("name a request's id, several ids, or --group KEY ('actionguard approvals list --grouped' shows the keys)", "which requests should be %sd?", verb)
	case len(ids) > 0 && o.group != "":
		return usageErr("decide either the requests you name or a --group, not both", "ids and --group given together")
	}
	if err := a.requirePerson(verb + " these requests"); err != nil {
		return err
	}
	q, st, err := a.approvalQueue(ctx)
	if err != nil {
		return err
	}
	defer st.Close()

	// What the person decides on: the group's requests as they stand, or
	// the named ones (one that cannot be read is still tried, and its
	// failure reported).
	var batch []approval.Request
	if o.group != "" {
		a.sweep(ctx, q)
		pending, err := st.Approvals(ctx, false)
		if err != nil {
			return err
		}
		for _, g := range approval.Groups(pending) {
			if g.Key == o.group {
				batch = g.Requests
			}
		}
		if len(batch) == 0 {
			return usageErr("list the groups with 'actionguard approvals list --grouped'; a group's requests may all have been decided or expired",
				"no pending requests of kind %s", o.group)
		}
	} else {
		for _, id := range ids {
			r, err := st.Approval(ctx, id)
			if err != nil {
				r = approval.Request{ID: id}
			}
			batch = append(batch, r)
		}
	}
	if status == approval.StatusApproved {
		if err := refuseDangerous(batch); err != nil {
			return err
		}
	}
	if !o.yes {
		ok, err := a.confirmBatch(batch, verb, o)
		if err != nil || !ok {
			return err
		}
	}
	decide := make([]string, len(batch))
	for i := range batch {
		decide[i] = batch[i].ID
	}
	res, err := q.DecideAll(ctx, decide, approval.Decision{Status: status, By: a.decider(), Note: o.note})
	var de *approval.DangerousError
	if errors.As(err, &de) {
		return dangerousErr(de.IDs)
	}
	if err != nil {
		return usageErr("name at most 500 pending requests", "%v", err)
	}
	return a.printBatch(res, verb, o)
}

// refuseDangerous refuses to approve a batch that holds a pending DANGEROUS
// request, before anyone is asked.
func refuseDangerous(batch []approval.Request) error {
	var ids []string
	now := time.Now()
	for i := range batch {
		if r := &batch[i]; r.Effective(now) == approval.StatusPending && r.Dangerous() {
			ids = append(ids, r.ID)
		}
	}
	if len(ids) == 0 {
		return nil
	}
	return dangerousErr(ids)
}

func dangerousErr(ids []string) error {
	e := &approval.DangerousError{IDs: ids}
	return usageErr(fmt.Sprintf("read it with 'actionguard approvals show %s' and approve it on its own with 'actionguard approvals approve %s'; "+
		"rejecting a batch with it is fine", ids[0], ids[0]), "%v", e)
}

// confirmBatch lists the batch and asks the person on the terminal; it
// reports whether they said yes.
func (a *app) confirmBatch(batch []approval.Request, verb string, o *approvalsOptions) (bool, error) {
	if !a.env.IsTerminal(a.env.Stdin) {
		return false, usageErr(fmt.Sprintf("add --yes to %s them without a question", verb),
			"not deciding %s: nobody to ask (standard input is not a terminal)", requestCount(len(batch)))
	}
	// With --json, stdout is for the results only.
	out := a.env.Stdout
	if o.json {
		out = a.env.Stderr
	}
	p := newPrinter(out, a.env.IsTerminal(out))
	for i := range batch {
		r := &batch[i]
		if r.Action == nil {
			fmt.Fprintf(out, "  %s  (cannot be read: it will be reported)\n", r.ID)
			continue
		}
		d := approval.Describe(r)
		fmt.Fprintf(out, "  %s  %s  %s\n", r.ID, p.riskBar(r.Decision.Risk), oneLineCut(d.Headline, 100))
		for _, x := range d.Anomalies {
			fmt.Fprintf(out, "           %s\n", p.paint(ansiYellow, "⚠ unusual: "+oneLineCut(x, 100)))
		}
	}
	note := ""
	if o.note != "" {
		note = fmt.Sprintf(" with the note %q", o.note)
	}
	fmt.Fprintf(out, "%s these %s%s? [y/N] ", strings.ToUpper(verb[:1])+verb[1:], requestCount(len(batch)), note)
	var answer string
	fmt.Fscanln(a.env.Stdin, &answer)
	if answer = strings.ToLower(strings.TrimSpace(answer)); answer != "y" && answer != "yes" {
		fmt.Fprintln(out, "Nothing decided.")
		return false, nil
	}
	return true, nil
}

// printBatch says what became of each request; a request that could not
// be decided makes the command fail, after every result is printed.
func (a *app) printBatch(res []approval.Result, verb string, o *approvalsOptions) error {
	failed := 0
	var first error
	for i := range res {
		if res[i].Err != nil {
			failed++
			if first == nil {
				first = res[i].Err
			}
		}
	}
	if o.json {
		enc := json.NewEncoder(a.env.Stdout)
		enc.SetEscapeHTML(false)
		for i := range res {
			r := &res[i]
			line := batchResult{ID: r.ID, Decided: r.Err == nil, Status: r.Request.Status}
			if r.Request.ID != "" {
				line.Request = &r.Request
			}
			if r.Err != nil {
				line.Error = r.Err.Error()
			}
			if err := enc.Encode(&line); err != nil {
				return err
			}
		}
	} else {
		a.printBatchText(a.env.Stdout, res, verb)
	}
	if failed == 0 {
		return nil
	}
	return batchErr(failed, len(res), first)
}

func (a *app) printBatchText(w io.Writer, res []approval.Result, verb string) {
	decided, blind := 0, 0
	for i := range res {
		r := &res[i]
		if r.Err != nil {
			fmt.Fprintf(w, "%s not decided: %v\n", r.ID, r.Err)
			continue
		}
		decided++
		fmt.Fprintf(w, "%s %s by %s: %s\n", r.ID, r.Request.Status, r.Request.DecidedBy, approval.Describe(&r.Request).Headline)
		if r.Request.Status == approval.StatusApproved && r.Request.SessionID == "" && r.Request.Decision.SessionID == "" {
			blind++
		}
	}
	past := "Approved"
	if verb == "reject" {
		past = "Rejected"
	}
	switch {
	case decided == len(res):
		fmt.Fprintf(w, "%s %s.\n", past, requestCount(decided))
	default:
		fmt.Fprintf(w, "%s %d of %s; the others could not be decided (see above).\n", past, decided, requestCount(len(res)))
	}
	if verb == "approve" && decided > blind {
		fmt.Fprintln(w, "The agent's next call of exactly each approved action runs, once.")
	}
	if blind > 0 {
		fmt.Fprintf(w, "%s came without a session id: actionguard cannot let them through by themselves; run them yourself.\n", requestCount(blind))
	}
}

// batchErr is a batch in which some requests could not be decided.
func batchErr(failed, total int, first error) error {
	hint := "see where each stands with 'actionguard approvals list --all'"
	if errors.Is(first, approval.ErrExpired) {
		hint = "approval requests are rejected automatically after 24 h; let the agent try again to open a new one"
	}
	return usageErr(hint, "%d of %s could not be decided", failed, requestCount(total))
}

func requestCount(n int) string {
	if n == 1 {
		return "1 request"
	}
	return fmt.Sprintf("%d requests", n)
}
