package server

import (
	"bytes"
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"strconv"
	"sync"
	"time"

	"github.com/actionguard/actionguard/guard"
)

// bufPool holds the buffers request bodies are read into.
var bufPool = sync.Pool{New: func() any { return new(bytes.Buffer) }}

// handleCheck is POST /v1/check: Action in, Decision out. The decision
// goes through the approval queue (internal/gate) and into the audit log
// before it is answered; a decision that cannot be recorded is not
// answered (503), so an agent never runs an action the log does not know.
func (s *Server) handleCheck(w http.ResponseWriter, r *http.Request) {
	start := time.Now()
	buf := bufPool.Get().(*bytes.Buffer)
	buf.Reset()
	defer func() {
		if buf.Cap() <= 64<<10 {
			bufPool.Put(buf)
		}
	}()
	if _, err := io.Copy(buf, r.Body); err != nil {
		bodyError(w, err, s.cfg.maxBody, "")
		return
	}
	var a guard.Action
	if err := json.Unmarshal(buf.Bytes(), &a); err != nil {
		writeError(w, http.StatusBadRequest, "the body is not an Action: "+jsonErrorText(err),
			`send one Action as JSON, e.g. {"tool":"Bash","input":{"command":"ls"},"context":{"session_id":"s1"}}`)
		return
	}
	// The front door names the action (time-ordered, so the store's
	// decision_id index grows at one end), checks it, applies the approval
	// queue and records the decision through the group-committed writer; a
	// pass used here lets the client run the call now, so what it reaches
	// is recorded as run (RunsOnPass).
	d, res, err := s.door.Decide(r.Context(), &a)
	if res.CheckErr != nil {
		s.log.Warn("check fell back", "id", a.ID, "err", res.CheckErr)
	}
	if res.ApprovalErr != nil {
		// The verdict stays as it was: the action waits, never runs.
		s.log.Error("applying the approval queue", "id", a.ID, "err", res.ApprovalErr)
	} else if res.Approval.Request.ID != "" && !res.Approval.Reused {
		s.events.Kick()
	}
	if err != nil {
		if errors.Is(err, errWriterClosed) {
			writeError(w, http.StatusServiceUnavailable, "the server is shutting down", "retry on another replica or after the restart")
			return
		}
		writeError(w, http.StatusServiceUnavailable, err.Error(),
			"the action must not run unrecorded; retry, and check the server's store (/healthz)")
		return
	}
	s.metrics.decision(&d, time.Since(start))
	writeJSON(w, http.StatusOK, &d)
}

// jsonErrorText says where a JSON document went wrong.
func jsonErrorText(err error) string {
	var se *json.SyntaxError
	if errors.As(err, &se) {
		return se.Error() + " (at byte " + strconv.FormatInt(se.Offset, 10) + ")"
	}
	var te *json.UnmarshalTypeError
	if errors.As(err, &te) {
		field := te.Field
		if field == "" {
			field = "the action"
		}
		return field + " cannot be " + te.Value + " (at byte " + strconv.FormatInt(te.Offset, 10) + ")"
	}
	return err.Error()
}
