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
	params, err := readCallParams(req.Params)
	tool := params.Name
	if err == nil {
		tool, err = s.resolveTool(params.Name)
	}
	if err != nil {
		// Never forward what could not be checked: the door's fallback,
		// recorded, and an error to the client.
		s.unchecked(ctx, params.Name, "unreadable tools/call params: "+err.Error())
		return s.reply(ctx, req.ID, nil, &jsonrpc.Error{Code: jsonrpc.CodeInvalidParams, Message: "actionguard: invalid tools/call params: " + err.Error()})
	}
	// Every recorded decision has an id, for `actionguard feedback`; the
	// records of a call held for approval share it.
	if s.clientName == "" {
		s.clientName = clientName(req.Params)
	}
	s.sessionID() // once the server's name is known: it is part of the client's identity
	a := &guard.Action{ID: frontdoor.NewID(), Tool: s.toolName(tool), Input: params.Arguments, Context: s.ctx, Schema: s.schema(tool)}
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
		return s.held(ctx, req, a, &d, res, progressToken(params.ProgressToken))
	default:
		return s.errorResult(ctx, req.ID, blockedText(a.Tool, &d))
	}
}

// unchecked records the door's fallback for a tool call that is not
// forwarded because it could not be checked (unreadable params, or a call
// sent where no answer can go).
func (s *session) unchecked(ctx context.Context, name, why string) {
	s.sessionID()
	a := &guard.Action{ID: frontdoor.NewID(), Tool: s.toolName(name), Context: s.ctx}
	if _, err := s.p.door.Fail(ctx, a, why); err != nil {
		fmt.Fprintf(s.p.log, "actionguard: %v\n", err)
	}
}

// progressToken is the client's progress token, when it sent one: a string
// or a number.
func progressToken(raw json.RawMessage) any {
	var tok any
	if len(raw) == 0 || json.Unmarshal(raw, &tok) != nil {
		return nil
	}
	switch tok.(type) {
	case string, float64:
		return tok
	}
	return nil
}

// held answers a call the door held for a person: without a queue, or
// when no request could be opened, an error result says so; otherwise the
// request opened for it (or already open) is named, or, with WithWait,
// the call waits for the decision in the background (see WithWait).
func (s *session) held(ctx context.Context, req *jsonrpc.Request, a *guard.Action, d *guard.Decision, res frontdoor.Result, token any) error {
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
	wait := s.p.wait
	if token == nil {
		wait = min(wait, s.p.answerWithin)
	}
	fmt.Fprintf(s.p.log, "actionguard: %s waits for approval %s (up to %s): actionguard approvals approve %s\n", a.Tool, id, wait, id)
	// The wait ends with the session, when the client cancels the request
	// (notifications/cancelled), or after wait.
	cctx, cancel := context.WithCancel(ctx)
	key := idKey(mustJSON(req.ID.Raw()))
	s.mu.Lock()
	if old := s.waiting[key]; old != nil {
		old()
	}
	s.waiting[key] = cancel
	s.mu.Unlock()
	s.calls.Add(1)
	go func() {
		defer s.calls.Done()
		defer func() {
			cancel()
			s.mu.Lock()
			delete(s.waiting, key)
			s.mu.Unlock()
		}()
		if err := s.await(ctx, cctx, req, a, d, id, wait, token); err != nil && ctx.Err() == nil {
			fmt.Fprintf(s.p.log, "actionguard: %v\n", err)
		}
	}()
	return nil
}

func mustJSON(v any) json.RawMessage {
	b, _ := json.Marshal(v)
	return b
}

// await waits up to wait for a person's decision on a held call, then
// forwards it (using the approval up) or answers with an error result.
// With a progress token, the client is sent a progress notification every
// WithProgressInterval meanwhile. A wait that ends without a decision
// leaves the request open and says so; a wait the client cancelled is not
// answered (the protocol wants no answer to a cancelled request).
func (s *session) await(ctx, cctx context.Context, req *jsonrpc.Request, a *guard.Action, d *guard.Decision, id string, wait time.Duration, token any) error {
	q := s.p.queue
	wctx, cancel := context.WithTimeout(cctx, wait)
	defer cancel()
	if token != nil {
		go s.progress(wctx, token, a.Tool, id)
	}
	r, err := approval.Wait(wctx, q.Store, id, s.p.poll)
	if ctx.Err() != nil {
		return ctx.Err()
	}
	if cctx.Err() != nil {
		fmt.Fprintf(s.p.log, "actionguard: the client cancelled its call to %s; approval %s stays open\n", a.Tool, id)
		return nil
	}
	if err != nil && errors.Is(err, context.DeadlineExceeded) {
		// Nobody decided in time: the request stays open, and the same
		// call made again once a person approved it runs.
		return s.errorResult(ctx, req.ID, fmt.Sprintf("actionguard is still waiting for a person to approve this call to %s (approval %s; waited %s): %s It was not run. Once it is approved (actionguard approvals approve %s), call the tool again with the same arguments: it runs once. Do not try to work around this.",
			a.Tool, id, wait, d.Reason, id))
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
		out.Verdict, out.Reason = guard.Block, fmt.Sprintf("approval %s %s", id, r.Status)
		s.record(ctx, a, &out)
		return s.errorResult(ctx, req.ID, fmt.Sprintf("actionguard held this call to %s for approval %s, which is %s; it was not run. Ask the user for a new approval.", a.Tool, id, r.Status))
	}
}

// progress sends the client a progress notification for its waiting call
// every WithProgressInterval until ctx ends.
func (s *session) progress(ctx context.Context, token any, tool, id string) {
	t := time.NewTicker(s.p.progressEvery)
	defer t.Stop()
	for n := 1; ; n++ {
		select {
		case <-ctx.Done():
			return
		case <-t.C:
		}
		params, _ := json.Marshal(map[string]any{"progressToken": token, "progress": n,
			"message": fmt.Sprintf("waiting for a person to approve this call to %s: actionguard approvals approve %s", tool, id)})
		if err := s.client.Write(ctx, &jsonrpc.Request{Method: "notifications/progress", Params: params}); err != nil {
			return
		}
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
