package server

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"strings"

	"github.com/actionguard/actionguard/approval"
)

// handleApprovals is GET /v1/approvals: the pending requests, newest
// first, or every request with ?all=1; and the pending ones grouped by
// kind (approval.Groups), for batch review.
func (s *Server) handleApprovals(w http.ResponseWriter, r *http.Request) {
	all := truthy(r.URL.Query().Get("all"))
	rs, err := s.st.Approvals(r.Context(), all)
	if err != nil {
		s.storeError(w, "listing approval requests", err)
		return
	}
	views := make([]approvalView, len(rs))
	for i := range rs {
		views[i] = viewOf(&rs[i])
	}
	gs := approval.Groups(rs)
	groups := make([]groupView, len(gs))
	for i := range gs {
		groups[i] = groupView{Key: gs[i].Key, Title: gs[i].Title, Dangerous: gs[i].Dangerous, IDs: gs[i].IDs()}
	}
	writeJSON(w, http.StatusOK, struct {
		Approvals []approvalView `json:"approvals"`
		Groups    []groupView    `json:"groups"`
	}{views, groups})
}

// groupView is a group of pending requests of the same kind.
type groupView struct {
	Key       string   `json:"key"`
	Title     string   `json:"title"`
	Dangerous bool     `json:"dangerous,omitempty"`
	IDs       []string `json:"ids"`
}

// handleApproval is GET /v1/approvals/{id}: one request, as JSON, or as
// the Markdown a person reads with ?format=markdown.
func (s *Server) handleApproval(w http.ResponseWriter, r *http.Request) {
	req, err := s.st.Approval(r.Context(), r.PathValue("id"))
	if err != nil {
		s.approvalError(w, err)
		return
	}
	if f := r.URL.Query().Get("format"); f == "markdown" || f == "md" {
		w.Header().Set("Content-Type", "text/markdown; charset=utf-8")
		w.Header().Set("Cache-Control", "no-store")
		io.WriteString(w, approval.Markdown(&req))
		return
	}
	writeJSON(w, http.StatusOK, viewOf(&req))
}

// decideBody is the body of POST /v1/approvals/{id}/approve|reject.
type decideBody struct {
	Note string `json:"note"`
	// Auto: confirmed by the page's 5-second countdown, not a click
	// (CAUTIOUS requests only).
	Auto bool `json:"auto"`
}

// handleDecide is POST /v1/approvals/{id}/approve and …/reject.
func (s *Server) handleDecide(w http.ResponseWriter, r *http.Request) {
	var body decideBody
	data, err := io.ReadAll(r.Body)
	if err != nil {
		bodyError(w, err, s.cfg.maxBody, "")
		return
	}
	if len(strings.TrimSpace(string(data))) > 0 {
		if err := json.Unmarshal(data, &body); err != nil {
			writeError(w, http.StatusBadRequest, "the body is not a decision: "+jsonErrorText(err), `send {"note": "why", "auto": false}, or nothing`)
			return
		}
	}
	if len(body.Note) > 4<<10 {
		writeError(w, http.StatusBadRequest, "the note is longer than 4 KiB", "keep the note short")
		return
	}
	status := approval.StatusApproved
	if strings.HasSuffix(r.URL.Path, "/reject") {
		status = approval.StatusRejected
		if body.Auto {
			writeError(w, http.StatusBadRequest, "a rejection cannot be automatic", "send auto only with approve")
			return
		}
	}
	id := r.PathValue("id")
	p := principalOf(r)
	req, err := s.q.Decide(r.Context(), id, approval.Decision{Status: status, By: p.by(), Note: body.Note, Auto: body.Auto})
	if err == nil || errors.Is(err, approval.ErrExpired) {
		s.gate.forget(req.Key())
	}
	if errors.Is(err, approval.ErrExpired) {
		s.events.Kick() // closed as expired just now
	}
	if err != nil {
		s.approvalError(w, err)
		return
	}
	s.events.Kick()
	writeJSON(w, http.StatusOK, viewOf(&req))
}

// batchBody is the body of POST /v1/approvals/batch.
type batchBody struct {
	IDs      []string `json:"ids"`
	Decision string   `json:"decision"` // approve or reject
	Note     string   `json:"note"`
}

// batchResult is what became of one request of a batch.
type batchResult struct {
	ID      string `json:"id"`
	Decided bool   `json:"decided"`
	// Status is where the request stands now ("" when there is none).
	Status   approval.Status `json:"status,omitempty"`
	Error    string          `json:"error,omitempty"`
	Hint     string          `json:"hint,omitempty"`
	Approval *approvalView   `json:"approval,omitempty"`
}

// batchRefusal answers a batch approval that holds DANGEROUS requests.
type batchRefusal struct {
	apiError
	Dangerous []string `json:"dangerous"`
}

// handleBatch is POST /v1/approvals/batch: the same decision, by the same
// person with the same note, on several requests (approval.Queue.DecideAll);
// each gets its own decision and audit record. The answer is 200 with a
// result for each request, decided or not (expired, decided meanwhile,
// unknown); 409 decides nothing: a batch approval with a DANGEROUS request.
func (s *Server) handleBatch(w http.ResponseWriter, r *http.Request) {
	const shape = `send {"ids": ["ap-…", "ap-…"], "decision": "approve" or "reject", "note": "why"}`
	data, err := io.ReadAll(r.Body)
	if err != nil {
		bodyError(w, err, s.cfg.maxBody, shape)
		return
	}
	var body batchBody
	if err := json.Unmarshal(data, &body); err != nil {
		writeError(w, http.StatusBadRequest, "the body is not a batch decision: "+jsonErrorText(err), shape)
		return
	}
	var status approval.Status
	switch strings.ToLower(strings.TrimSpace(body.Decision)) {
	case "approve", "approved":
		status = approval.StatusApproved
	case "reject", "rejected", "deny":
		status = approval.StatusRejected
	default:
		writeError(w, http.StatusBadRequest, fmt.Sprintf("%q is not a decision", body.Decision), `send "decision": "approve" or "reject"`)
		return
	}
	switch {
	case len(body.IDs) == 0:
		writeError(w, http.StatusBadRequest, "the batch names no requests", shape)
		return
	case len(body.IDs) > approval.MaxBatch:
		writeError(w, http.StatusBadRequest, fmt.Sprintf("the batch names %d requests, more than %d", len(body.IDs), approval.MaxBatch), "send several smaller batches")
		return
	case len(body.Note) > 4<<10:
		writeError(w, http.StatusBadRequest, "the note is longer than 4 KiB", "keep the note short")
		return
	}
	p := principalOf(r)
	res, err := s.q.DecideAll(r.Context(), body.IDs, approval.Decision{Status: status, By: p.by(), Note: body.Note})
	var de *approval.DangerousError
	if errors.As(err, &de) {
		h := w.Header()
		h.Set("Content-Type", "application/json; charset=utf-8")
		h.Set("Cache-Control", "no-store")
		w.WriteHeader(http.StatusConflict)
		json.NewEncoder(w).Encode(batchRefusal{apiError{Error: de.Error(),
			Hint: "open each DANGEROUS request on its own page and approve it there after reading it; rejecting them in a batch is fine"}, de.IDs})
		return
	}
	if err != nil {
		writeError(w, http.StatusBadRequest, err.Error(), shape)
		return
	}
	out := struct {
		Decision string        `json:"decision"`
		Decided  int           `json:"decided"`
		Failed   int           `json:"failed"`
		Results  []batchResult `json:"results"`
	}{Decision: string(status), Results: make([]batchResult, len(res))}
	for i := range res {
		x := &res[i]
		br := batchResult{ID: x.ID, Decided: x.Err == nil, Status: x.Request.Status}
		if x.Err == nil || errors.Is(x.Err, approval.ErrExpired) {
			s.gate.forget(x.Request.Key())
		}
		if x.Request.ID != "" {
			v := viewOf(&x.Request)
			br.Approval = &v
		}
		if x.Err != nil {
			out.Failed++
			_, br.Hint = approvalProblem(x.Err)
			br.Error = x.Err.Error()
			if !expected(x.Err) {
				s.log.Error("deciding an approval request of a batch", "id", x.ID, "err", x.Err)
			}
		} else {
			out.Decided++
		}
		out.Results[i] = br
	}
	s.events.Kick()
	writeJSON(w, http.StatusOK, out)
}

// expected reports whether err is one of the queue's expected outcomes.
func expected(err error) bool {
	return errors.Is(err, approval.ErrNotFound) || errors.Is(err, approval.ErrDecided) || errors.Is(err, approval.ErrUsed) ||
		errors.Is(err, approval.ErrNotCautious) || errors.Is(err, approval.ErrExpired)
}

// approvalProblem is the status and hint of the queue's expected outcomes
// (503 for anything else: the store failed).
func approvalProblem(err error) (int, string) {
	switch {
	case errors.Is(err, approval.ErrNotFound):
		return http.StatusNotFound, "list the requests with GET /v1/approvals?all=1"
	case errors.Is(err, approval.ErrDecided), errors.Is(err, approval.ErrUsed):
		return http.StatusConflict, "see it with GET /v1/approvals/{id}"
	case errors.Is(err, approval.ErrNotCautious):
		return http.StatusConflict, "only a CAUTIOUS (confirm) request can be confirmed by the countdown; approve it without auto"
	case errors.Is(err, approval.ErrExpired):
		return http.StatusGone, "requests time out; let the agent try again to open a new one"
	}
	return http.StatusServiceUnavailable, "check the store (/healthz) and try again"
}

// approvalError answers the queue's expected outcomes with their status.
func (s *Server) approvalError(w http.ResponseWriter, err error) {
	if expected(err) {
		code, hint := approvalProblem(err)
		writeError(w, code, err.Error(), hint)
		return
	}
	s.storeError(w, "deciding the approval request", err)
}

// storeError answers a failure of the store.
func (s *Server) storeError(w http.ResponseWriter, what string, err error) {
	s.log.Error(what, "err", err)
	writeError(w, http.StatusServiceUnavailable, what+": "+err.Error(), "check the store (/healthz) and try again")
}

func truthy(s string) bool {
	switch strings.ToLower(s) {
	case "1", "true", "yes", "on":
		return true
	}
	return false
}

// approvalView is a request as the API shows it: the request, and its
// action in a person's words (approval.Describe), what the page and the
// request files show.
type approvalView struct {
	approval.Request
	Description description `json:"description"`
	// Batch is the request's kind, for batch review: requests with the
	// same key can be decided together (POST /v1/approvals/batch).
	Batch approval.BatchKind `json:"batch"`
}

type description struct {
	// Headline says what will be done, in one sentence.
	Headline string `json:"headline"`
	// Params are what a person decides on: recipient, amount, content…
	Params []param `json:"params"`
	// Impacts say what could go wrong.
	Impacts []string `json:"impacts"`
	// Anomalies are what was unusual when the agent asked (seed 000's
	// alerts): a warning a person reads first.
	Anomalies []string `json:"anomalies"`
}

type param struct {
	Name  string `json:"name"`
	Value string `json:"value"`
	Code  bool   `json:"code,omitempty"`
}

func viewOf(r *approval.Request) approvalView {
	d := approval.Describe(r)
	v := approvalView{Request: *r, Description: description{Headline: d.Headline, Params: make([]param, len(d.Params)), Impacts: d.Impacts,
		Anomalies: d.Anomalies}, Batch: approval.BatchKindOf(r)}
	for i, p := range d.Params {
		v.Description.Params[i] = param{p.Name, p.Value, p.Code}
	}
	if v.Description.Impacts == nil {
		v.Description.Impacts = []string{}
	}
	if v.Description.Anomalies == nil {
		v.Description.Anomalies = []string{}
	}
	return v
}
