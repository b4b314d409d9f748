package server

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"math"
	"net/http"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/actionguard/actionguard/guard"
)

// latencyBuckets are the upper bounds (seconds) of the check latency
// histogram: the budget is a p99 of 10 ms.
var latencyBuckets = []float64{0.0001, 0.00025, 0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5}

// verdicts are the verdicts counted, in order.
var verdicts = []guard.Verdict{guard.Allow, guard.Notify, guard.Confirm, guard.Approve, guard.Block}

// metrics are the server's counters, kept with atomics so that counting
// costs a check almost nothing; /metrics writes them in Prometheus's text
// exposition format.
type metrics struct {
	decisions [5]atomic.Int64 // by verdicts' index
	rules     sync.Map        // rule id → *atomic.Int64
	requests  sync.Map        // requestKey → *atomic.Int64

	latency    [15]atomic.Int64 // per bucket (non-cumulative), the last is +Inf
	latencySum atomic.Int64     // nanoseconds
	latencyN   atomic.Int64

	auditRecords atomic.Int64
	auditBatches atomic.Int64
	auditErrors  atomic.Int64
	panics       atomic.Int64
}

type requestKey struct {
	route string
	code  int
}

func newMetrics() *metrics { return &metrics{} }

func (m *metrics) decision(d *guard.Decision, took time.Duration) {
	if i := slices.Index(verdicts, d.Verdict); i >= 0 {
		m.decisions[i].Add(1)
	}
	for i := range d.Findings {
		counter(&m.rules, d.Findings[i].Rule).Add(1)
	}
	sec := took.Seconds()
	i, _ := slices.BinarySearch(latencyBuckets, sec)
	m.latency[i].Add(1)
	m.latencySum.Add(int64(took))
	m.latencyN.Add(1)
}

func (m *metrics) request(route string, code int) {
	counter(&m.requests, requestKey{route, code}).Add(1)
}

func (m *metrics) auditBatch(n int, err error) {
	m.auditBatches.Add(1)
	if err != nil {
		m.auditErrors.Add(int64(n))
		return
	}
	m.auditRecords.Add(int64(n))
}

func counter[K comparable](m *sync.Map, k K) *atomic.Int64 {
	if c, ok := m.Load(k); ok {
		return c.(*atomic.Int64)
	}
	c, _ := m.LoadOrStore(k, new(atomic.Int64))
	return c.(*atomic.Int64)
}

// handleMetrics is GET /metrics.
func (s *Server) handleMetrics(w http.ResponseWriter, r *http.Request) {
	ctx, cancel := context.WithTimeout(r.Context(), 5*time.Second)
	defer cancel()
	pending := -1
	if rs, err := s.st.Approvals(ctx, false); err == nil {
		pending = len(rs)
	}
	w.Header().Set("Content-Type", "text/plain; version=0.0.4; charset=utf-8")
	w.Header().Set("Cache-Control", "no-store")
	bw := bufio.NewWriter(w)
	s.metrics.write(bw, pending, s.events.subscribers())
	bw.Flush()
}

// write writes the text exposition format. pending < 0: the store did not
// answer, and the gauge is left out.
func (m *metrics) write(w io.Writer, pending, subscribers int) {
	head := func(name, typ, help string) {
		fmt.Fprintf(w, "# HELP %s %s\n# TYPE %s %s\n", name, help, name, typ)
	}
	head("actionguard_decisions_total", "counter", "Decisions of POST /v1/check, by verdict.")
	for i, v := range verdicts {
		fmt.Fprintf(w, "actionguard_decisions_total{verdict=%q} %d\n", string(v), m.decisions[i].Load())
	}

	head("actionguard_rule_hits_total", "counter", "Findings of POST /v1/check, by rule id.")
	type kv struct {
		k string
		v int64
	}
	var rules []kv
	m.rules.Range(func(k, v any) bool {
		rules = append(rules, kv{k.(string), v.(*atomic.Int64).Load()})
		return true
	})
	slices.SortFunc(rules, func(a, b kv) int { return strings.Compare(a.k, b.k) })
	for _, r := range rules {
		fmt.Fprintf(w, "actionguard_rule_hits_total{rule=\"%s\"} %d\n", labelValue(r.k), r.v)
	}

	head("actionguard_check_duration_seconds", "histogram", "Time to answer POST /v1/check: decoding, checking, the approval queue and the audit write.")
	var cum int64
	for i, le := range latencyBuckets {
		cum += m.latency[i].Load()
		fmt.Fprintf(w, "actionguard_check_duration_seconds_bucket{le=\"%s\"} %d\n", strconv.FormatFloat(le, 'g', -1, 64), cum)
	}
	cum += m.latency[len(latencyBuckets)].Load()
	fmt.Fprintf(w, "actionguard_check_duration_seconds_bucket{le=\"+Inf\"} %d\n", cum)
	fmt.Fprintf(w, "actionguard_check_duration_seconds_sum %s\n", formatFloat(float64(m.latencySum.Load())/1e9))
	fmt.Fprintf(w, "actionguard_check_duration_seconds_count %d\n", m.latencyN.Load())

	if pending >= 0 {
		head("actionguard_approvals_pending", "gauge", "Approval requests waiting for a person (in the store: every replica's).")
		fmt.Fprintf(w, "actionguard_approvals_pending %d\n", pending)
	}
	head("actionguard_event_subscribers", "gauge", "Clients following GET /v1/events on this replica.")
	fmt.Fprintf(w, "actionguard_event_subscribers %d\n", subscribers)

	head("actionguard_http_requests_total", "counter", "HTTP requests answered, by route and status code.")
	type req struct {
		k requestKey
		v int64
	}
	var reqs []req
	m.requests.Range(func(k, v any) bool {
		reqs = append(reqs, req{k.(requestKey), v.(*atomic.Int64).Load()})
		return true
	})
	slices.SortFunc(reqs, func(a, b req) int {
		if c := strings.Compare(a.k.route, b.k.route); c != 0 {
			return c
		}
		return a.k.code - b.k.code
	})
	for _, r := range reqs {
		fmt.Fprintf(w, "actionguard_http_requests_total{route=\"%s\",code=\"%d\"} %d\n", labelValue(r.k.route), r.k.code, r.v)
	}

	head("actionguard_audit_records_total", "counter", "Audit records written.")
	fmt.Fprintf(w, "actionguard_audit_records_total %d\n", m.auditRecords.Load())
	head("actionguard_audit_batches_total", "counter", "Audit transactions (group commits).")
	fmt.Fprintf(w, "actionguard_audit_batches_total %d\n", m.auditBatches.Load())
	head("actionguard_audit_errors_total", "counter", "Audit records that could not be written (their checks were answered 503).")
	fmt.Fprintf(w, "actionguard_audit_errors_total %d\n", m.auditErrors.Load())
	head("actionguard_panics_total", "counter", "Handler panics recovered (answered 500).")
	fmt.Fprintf(w, "actionguard_panics_total %d\n", m.panics.Load())
}

// labelValue escapes a label value: backslash, double quote and newline.
func labelValue(s string) string {
	if !strings.ContainsAny(s, "\\\"\n") {
		return s
	}
	return strings.NewReplacer(`\`, `\\`, `"`, `\"`, "\n", `\n`).Replace(s)
}

func formatFloat(f float64) string {
	if math.IsInf(f, 0) || math.IsNaN(f) {
		return "0"
	}
	return strconv.FormatFloat(f, 'g', -1, 64)
}
