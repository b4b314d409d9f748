package mcpproxy

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/actionguard/actionguard/approval"
	"github.com/actionguard/actionguard/guard"
	"github.com/actionguard/actionguard/internal/frontdoor"
	"github.com/actionguard/actionguard/internal/gate"
	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
)

// toolCall checks one tools/call request and forwards it, answers it with an
// error result, or (waiting for a person) hands it to a goroutine. Only a
// failure to write to either side is returned.
func (s *session) toolCall(ctx context.Context, req *jsonrpc.Request) error {
	var params struct {
		Name      string         `json:"name"`
		Arguments map[string]any `json:"arguments"`
	}
	if err := json.Unmarshal(req.Params, &params); err != nil || params.Name == "" {
		// Never forward what could not be checked: the door's fallback,
		// recorded, and an error to the client.
		a := &guard.Action{ID: frontdoor.NewID(), Tool: s.toolName(params.Name), Context: s.ctx}
		if _, err := s.p.door.Fail(ctx, a, "unreadable tools/call params"); err != nil {
			fmt.Fprintf(s.p.log, "actionguard: %v\n", err)
		}
		return s.reply(ctx, req.ID, nil, &jsonrpc.Error{Code: jsonrpc.CodeInvalidParams, Message: "actionguard: invalid tools/call params"})
	}
	// Every recorded decision has an id, for `actionguard feedback`; the
	// records of a call held for approval share it.
	a := &guard.Action{ID: frontdoor.NewID(), Tool: s.toolName(params.Name), Input: params.Arguments, Context: s.ctx, Schema: s.schema(params.Name)}
	d, res, err := s.p.door.Decide(ctx, a)
	if res.CheckErr != nil {
		fmt.Fprintf(s.p.log, "actionguard: checking %s: %v\n", a.Tool, res.CheckErr)
	}
	if err != nil {
		// The door never lets an unrecorded call run: d holds it.
		fmt.Fprintf(s.p.log, "actionguard: %s: %v\n", a.Tool, err)
	}
	switch {
	case d.Verdict.Allowed():
		if d.Verdict == guard.Notify {
			fmt.Fprintf(s.p.log, "actionguard: notify: %s: %s\n", a.Tool, firstNonEmpty(d.Notice, d.Reason))
		}
		return s.forwardCall(ctx, req, a, &d)
	case d.Verdict == guard.Confirm || d.Verdict == guard.Approve:
		return s.held(ctx, req, a, &d, res)
	default:
		return s.errorResult(ctx, req.ID, blockedText(a.Tool, &d))
	}
}

// held answers a call the door held for a person: without a queue, or
// when no request could be opened, an error result says so; otherwise the
// request opened for it (or already open) is named, or, with WithWait,
// the call waits for the decision in the background.
func (s *session) held(ctx context.Context, req *jsonrpc.Request, a *guard.Action, d *guard.Decision, res frontdoor.Result) error {
	if s.p.queue == nil {
		return s.errorResult(ctx, req.ID, fmt.Sprintf("actionguard held this call to %s for a person's approval, and no approval store is configured: %s Do not try to work around this; ask the user.", a.Tool, d.Reason))
	}
	if res.ApprovalErr != nil || res.Approval.Request.ID == "" {
		why := res.ApprovalErr
		if why == nil {
			why = errors.New("the queue named no request")
		}
		fmt.Fprintf(s.p.log, "actionguard: opening an approval request: %v\n", why)
		return s.errorResult(ctx, req.ID, fmt.Sprintf("actionguard held this call to %s for a person's approval but could not open an approval request (%v): %s", a.Tool, why, d.Reason))
	}
	o := res.Approval
	id := o.Request.ID
	if s.p.wait <= 0 || o.Granted() {
		return s.errorResult(ctx, req.ID, fmt.Sprintf("actionguard is holding this call to %s for a person's approval: %s Approval request %s is open; approve with: actionguard approvals approve %s (or reject with: actionguard approvals reject %s), then call the tool again with the same arguments: it runs once. Do not try to work around this.",
			a.Tool, d.Reason, id, id, id))
	}
	fmt.Fprintf(s.p.log, "actionguard: %s waits for approval %s (up to %s): actionguard approvals approve %s\n", a.Tool, id, s.p.wait, id)
	s.calls.Add(1)
	go func() {
		defer s.calls.Done()
		if err := s.await(ctx, req, a, d, id); err != nil && ctx.Err() == nil {
			fmt.Fprintf(s.p.log, "actionguard: %v\n", err)
		}
	}()
	return nil
}

// await waits for a person's decision on a held call, then forwards it
// (using the approval up) or answers with an error result.
func (s *session) await(ctx context.Context, req *jsonrpc.Request, a *guard.Action, d *guard.Decision, id string) error {
	q := s.p.queue
	wctx, cancel := context.WithTimeout(ctx, s.p.wait)
	defer cancel()
	r, err := approval.Wait(wctx, q.Store, id, s.p.poll)
	if ctx.Err() != nil {
		return ctx.Err()
	}
	if err != nil && errors.Is(err, context.DeadlineExceeded) {
		// Nobody decided in time: close the request, so a late approval
		// cannot look as if it let the call through.
		r, err = q.Decide(ctx, id, approval.Decision{Status: approval.StatusExpired, By: "mcp-proxy", Note: fmt.Sprintf("nobody decided within %s", s.p.wait)})
		if errors.Is(err, approval.ErrDecided) || errors.Is(err, approval.ErrExpired) {
			r, err = q.Store.Approval(ctx, id)
		}
	}
	if err == nil && r.Status == approval.StatusApproved {
		// The decision's audit record is linked a moment after the
		// decision: wait for it (within the wait) before judging.
		for r.DecisionSeq == 0 && wctx.Err() == nil {
			select {
			case <-wctx.Done():
			case <-time.After(s.p.poll):
			}
			if r, err = q.Store.Approval(ctx, id); err != nil {
				break
			}
		}
		// The approval lets this call through, once, when it is a
		// person's decision in the audit log for exactly this call: a
		// later identical call needs its own.
		if err == nil {
			r, err = q.UseVerified(ctx, &r, gate.KeyOf(a))
		}
		if errors.Is(err, approval.ErrUnverified) {
			out := *d
			out.Anomalies = append(out.Anomalies, err.Error())
			out.Reason += fmt.Sprintf(" (approval %s not honoured: not in the audit log)", id)
			s.record(ctx, a, &out)
			return s.errorResult(ctx, req.ID, fmt.Sprintf("actionguard held this call to %s: approval %s reads as approved in the database, but no person's decision for it is in the audit log, so it was not run. Ask the user to approve it on the approval page or in their own terminal.", a.Tool, id))
		}
		if errors.Is(err, approval.ErrUsed) {
			return s.errorResult(ctx, req.ID, fmt.Sprintf("actionguard: approval %s for this call to %s was already used by another call; it was not run again. Ask the user for a new approval.", id, a.Tool))
		}
	}
	if err != nil {
		return s.errorResult(ctx, req.ID, fmt.Sprintf("actionguard held this call to %s for approval %s and could not read the decision (%v); it was not run.", a.Tool, id, err))
	}
	out := *d
	switch r.Status {
	case approval.StatusApproved:
		out.Verdict, out.Reason = guard.Allow, fmt.Sprintf("Approved by %s (approval %s); this approval is now used.", r.DecidedBy, id)
		s.record(ctx, a, &out)
		return s.forwardCall(ctx, req, a, &out)
	case approval.StatusRejected:
		out.Verdict, out.Reason = guard.Block, fmt.Sprintf("approval %s rejected by %s", id, r.DecidedBy)
		s.record(ctx, a, &out)
		return s.errorResult(ctx, req.ID, fmt.Sprintf("actionguard: a person rejected this call to %s (approval %s)%s. Do not try to work around this; ask the user.", a.Tool, id, note(r.Note)))
	default:
		out.Verdict, out.Reason = guard.Block, fmt.Sprintf("approval %s timed out", id)
		s.record(ctx, a, &out)
		return s.errorResult(ctx, req.ID, fmt.Sprintf("actionguard held this call to %s for approval %s, and nobody approved it in time; it was not run.", a.Tool, id))
	}
}

func note(n string) string {
	if n == "" {
		return ""
	}
	return ": " + n
}

func (s *session) forward(ctx context.Context, req *jsonrpc.Request) error {
	if err := s.upstream.Write(ctx, req); err != nil {
		return fmt.Errorf("writing to the upstream server: %w", err)
	}
	return nil
}

// forwardCall forwards a tool call the decision d lets run; when it reaches
// recipients or payees, the call is remembered until its result comes back
// (WithRan).
func (s *session) forwardCall(ctx context.Context, req *jsonrpc.Request, a *guard.Action, d *guard.Decision) error {
	if s.p.ran != nil && len(d.Contacts) > 0 && d.Verdict.Allowed() && req.ID.IsValid() {
		s.mu.Lock()
		if len(s.running) < maxPending {
			s.running[req.ID.Raw()] = ranCall{a, d}
		}
		s.mu.Unlock()
	}
	return s.forward(ctx, req)
}

// isErrorResult reports a tools/call result the server marked as an error
// (isError): the call did not do what it was asked.
func isErrorResult(result json.RawMessage) bool {
	var r struct {
		IsError bool `json:"isError"`
	}
	return json.Unmarshal(result, &r) != nil || r.IsError
}

// record appends a person's answer to a call that waited (await) through
// the door, as every decision is recorded.
func (s *session) record(ctx context.Context, a *guard.Action, d *guard.Decision) {
	if err := s.p.door.Record(ctx, a, d, 0); err != nil {
		fmt.Fprintf(s.p.log, "actionguard: %s: %v\n", a.Tool, err)
	}
}

// errorResult answers a call with a tool result that has isError set: the
// model reads its text, where a JSON-RPC error would mean a broken server.
func (s *session) errorResult(ctx context.Context, id jsonrpc.ID, text string) error {
	result := map[string]any{"content": []map[string]string{{"type": "text", "text": text}}, "isError": true}
	return s.reply(ctx, id, result, nil)
}

func (s *session) reply(ctx context.Context, id jsonrpc.ID, result any, rerr error) error {
	var raw json.RawMessage
	if rerr == nil {
		b, err := json.Marshal(result)
		if err != nil {
			return err
		}
		raw = b
	}
	if err := s.client.Write(ctx, &jsonrpc.Response{ID: id, Result: raw, Error: rerr}); err != nil {
		return fmt.Errorf("writing to the client: %w", err)
	}
	return nil
}

// blockedText tells the model what was refused, why, the safer alternative,
// and not to work around it.
func blockedText(tool string, d *guard.Decision) string {
	var b strings.Builder
	fmt.Fprintf(&b, "actionguard blocked this call to %s: %s", tool, d.Reason)
	if alt := alternative(d); alt != "" {
		fmt.Fprintf(&b, " Safer alternative: %s.", alt)
	}
	b.WriteString(" It was not run. Do not try to work around this; ask the user.")
	return b.String()
}

func alternative(d *guard.Decision) string {
	for _, f := range d.Findings {
		if f.Alternative != "" {
			return f.Alternative
		}
	}
	return ""
}

func firstNonEmpty(s ...string) string {
	for _, v := range s {
		if v != "" {
			return v
		}
	}
	return ""
}
