package server

import (
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"strings"

	"github.com/actionguard/actionguard/approval"
)

// handleApprovals is GET /v1/approvals: the pending requests, newest
// first, or every request with ?all=1.
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
	writeJSON(w, http.StatusOK, struct {
		Approvals []approvalView `json:"approvals"`
	}{views})
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
		s.gate.forget(req.SessionID, req.InputHash)
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

// approvalError answers the queue's expected outcomes with their status.
func (s *Server) approvalError(w http.ResponseWriter, err error) {
	switch {
	case errors.Is(err, approval.ErrNotFound):
		writeError(w, http.StatusNotFound, err.Error(), "list the requests with GET /v1/approvals?all=1")
	case errors.Is(err, approval.ErrDecided), errors.Is(err, approval.ErrUsed):
		writeError(w, http.StatusConflict, err.Error(), "see it with GET /v1/approvals/{id}")
	case errors.Is(err, approval.ErrNotCautious):
		writeError(w, http.StatusConflict, err.Error(), "only a CAUTIOUS (confirm) request can be confirmed by the countdown; approve it without auto")
	case errors.Is(err, approval.ErrExpired):
		writeError(w, http.StatusGone, err.Error(), "requests time out; let the agent try again to open a new one")
	default:
		s.storeError(w, "deciding the approval request", err)
	}
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
}

type description struct {
	// Headline says what will be done, in one sentence.
	Headline string `json:"headline"`
	// Params are what a person decides on: recipient, amount, content…
	Params []param `json:"params"`
	// Impacts say what could go wrong.
	Impacts []string `json:"impacts"`
}

type param struct {
	Name  string `json:"name"`
	Value string `json:"value"`
	Code  bool   `json:"code,omitempty"`
}

func viewOf(r *approval.Request) approvalView {
	d := approval.Describe(r)
	v := approvalView{Request: *r, Description: description{Headline: d.Headline, Params: make([]param, len(d.Params)), Impacts: d.Impacts}}
	for i, p := range d.Params {
		v.Description.Params[i] = param{p.Name, p.Value, p.Code}
	}
	if v.Description.Impacts == nil {
		v.Description.Impacts = []string{}
	}
	return v
}
