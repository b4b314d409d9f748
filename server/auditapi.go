package server

import (
	"context"
	"net/http"
	"strconv"
	"time"

	"github.com/actionguard/actionguard/audit"
	"github.com/actionguard/actionguard/guard"
	"github.com/actionguard/actionguard/store"
)

// auditPage is the answer of GET /v1/audit.
type auditPage struct {
	Records []audit.Record `json:"records"`
	// NextBefore pages on: pass it as ?before= for the older records; 0
	// when there are none.
	NextBefore int64 `json:"next_before,omitempty"`
}

// handleAudit is GET /v1/audit: the records that match the filters, newest
// first. Filters: since, until (RFC 3339, a date, or a span back from now
// such as 24h or 7d), verdict, tool, agent, session, rule, q (text),
// before (a seq, for paging) and limit (default 100, at most 1,000).
func (s *Server) handleAudit(w http.ResponseWriter, r *http.Request) {
	q := r.URL.Query()
	now := s.cfg.now()
	var f store.AuditFilter
	var err error
	if f.Since, err = parseWhen(q.Get("since"), now); err != nil {
		writeError(w, http.StatusBadRequest, "since: "+err.Error(), "")
		return
	}
	if f.Until, err = parseWhen(q.Get("until"), now); err != nil {
		writeError(w, http.StatusBadRequest, "until: "+err.Error(), "")
		return
	}
	if v := q.Get("verdict"); v != "" {
		vv, err := guard.ParseVerdict(v)
		if err != nil {
			writeError(w, http.StatusBadRequest, "verdict: "+err.Error(), "")
			return
		}
		f.Verdict = string(vv)
	}
	f.Tool, f.Agent, f.Session, f.Rule, f.Text = q.Get("tool"), q.Get("agent"), q.Get("session"), q.Get("rule"), q.Get("q")
	if len(f.Text) > 200 {
		writeError(w, http.StatusBadRequest, "q is longer than 200 bytes", "search for a shorter text")
		return
	}
	if v := q.Get("before"); v != "" {
		if f.BeforeSeq, err = strconv.ParseInt(v, 10, 64); err != nil || f.BeforeSeq < 1 {
			writeError(w, http.StatusBadRequest, "before: want a record's seq (a positive number)", "use next_before of the previous page")
			return
		}
	}
	f.Limit = 100
	if v := q.Get("limit"); v != "" {
		if f.Limit, err = strconv.Atoi(v); err != nil || f.Limit < 1 || f.Limit > 1000 {
			writeError(w, http.StatusBadRequest, "limit: want a number from 1 to 1000", "")
			return
		}
	}
	rs, err := s.st.QueryAudit(r.Context(), f)
	if err != nil {
		s.storeError(w, "reading the audit log", err)
		return
	}
	page := auditPage{Records: rs}
	if page.Records == nil {
		page.Records = []audit.Record{}
	}
	if n := len(rs); n == f.Limit && rs[n-1].Seq > 1 {
		page.NextBefore = rs[n-1].Seq
	}
	writeJSON(w, http.StatusOK, &page)
}

// ruleHitsPage is the answer of GET /v1/rules/hits.
type ruleHitsPage struct {
	Since         time.Time       `json:"since"`
	Until         time.Time       `json:"until"`
	BucketSeconds int64           `json:"bucket_seconds"`
	Hits          []store.RuleHit `json:"hits"`
}

// maxBuckets bounds the buckets one dashboard query asks for.
const maxBuckets = 2000

// handleRuleHits is GET /v1/rules/hits?since=24h&bucket=1h: how often each
// rule fired per time bucket (seed 004's hit-rate dashboard). since
// defaults to 24 h back, bucket to one hour (at least a minute).
func (s *Server) handleRuleHits(w http.ResponseWriter, r *http.Request) {
	q := r.URL.Query()
	now := s.cfg.now()
	since, err := parseWhen(q.Get("since"), now)
	if err != nil {
		writeError(w, http.StatusBadRequest, "since: "+err.Error(), "")
		return
	}
	if since.IsZero() {
		since = now.Add(-24 * time.Hour)
	}
	bucket := time.Hour
	if v := q.Get("bucket"); v != "" {
		if bucket, err = parseSpan(v); err != nil || bucket < time.Minute {
			writeError(w, http.StatusBadRequest, "bucket: want a span of at least a minute (1h, 1d)", "")
			return
		}
	}
	if now.Sub(since)/bucket > maxBuckets {
		writeError(w, http.StatusBadRequest, "too many buckets: at most 2000 from since to now", "ask for a larger bucket or a later since")
		return
	}
	hits, err := s.st.RuleHits(r.Context(), since, bucket)
	if err != nil {
		s.storeError(w, "counting rule hits", err)
		return
	}
	if hits == nil {
		hits = []store.RuleHit{}
	}
	writeJSON(w, http.StatusOK, &ruleHitsPage{Since: since.UTC(), Until: now.UTC(), BucketSeconds: int64(bucket / time.Second), Hits: hits})
}

// handleHealth is /healthz: 200 when the store answers, 503 when not.
func (s *Server) handleHealth(w http.ResponseWriter, r *http.Request) {
	ctx, cancel := context.WithTimeout(r.Context(), 2*time.Second)
	defer cancel()
	type health struct {
		Status string `json:"status"`
		Store  string `json:"store"`
		Schema int    `json:"schema,omitempty"`
		Error  string `json:"error,omitempty"`
	}
	v, err := s.st.SchemaVersion(ctx)
	if err != nil {
		writeJSON(w, http.StatusServiceUnavailable, health{Status: "unavailable", Store: s.st.Kind(), Error: err.Error()})
		return
	}
	writeJSON(w, http.StatusOK, health{Status: "ok", Store: s.st.Kind(), Schema: v})
}
