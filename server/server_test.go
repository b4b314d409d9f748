package server_test

import (
	"context"
	"encoding/json"
	"net"
	"net/http"
	"net/http/httptest"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/actionguard/actionguard/audit"
	"github.com/actionguard/actionguard/guard"
	"github.com/actionguard/actionguard/internal/testwait"
	"github.com/actionguard/actionguard/server"
)

func TestCheckRecordsBeforeAnswering(t *testing.T) {
	e := newEnv(t)
	d := e.check(routine)
	if d.Verdict != guard.Allow || d.RiskLevel != "low" || d.Action != "proceed" || d.RequiresApproval {
		t.Fatalf("git status: %+v", d)
	}
	if !strings.HasPrefix(d.ID, audit.IDPrefix) {
		t.Fatalf("decision id %q, want one made by the server", d.ID)
	}
	// Answered means recorded: the record is there as soon as the answer.
	rec, n, err := e.st.AuditRecord(context.Background(), d.ID)
	if err != nil || n != 1 {
		t.Fatalf("AuditRecord(%s) = %d, %v", d.ID, n, err)
	}
	if rec.Verdict != "allow" || rec.Tool != "Bash" {
		t.Errorf("record %+v", rec)
	}

	// The agent's own id is kept.
	a := routine
	a.ID = "toolu_42"
	if d := e.check(a); d.ID != "toolu_42" {
		t.Errorf("id %q, want the action's", d.ID)
	}
}

func TestCheckConcurrentGroupCommit(t *testing.T) {
	e := newEnv(t)
	const n = 200
	var wg sync.WaitGroup
	ids := make(chan string, n)
	for i := range n {
		wg.Add(1)
		go func() {
			defer wg.Done()
			a := routine
			a.Context.SessionID = "s" + string(rune('a'+i%26))
			code, body := e.do("POST", "/v1/check", a)
			if code != 200 {
				t.Errorf("%d %s", code, body)
				return
			}
			ids <- decode[guard.Decision](t, body).ID
		}()
	}
	wg.Wait()
	close(ids)
	log := audit.New(e.st)
	// One record a check, and the grant of alice's approver token.
	if c, _ := log.Count(context.Background()); c != n+1 {
		t.Errorf("%d records, want %d", c, n+1)
	}
	for id := range ids {
		if _, _, err := e.st.AuditRecord(context.Background(), id); err != nil {
			t.Errorf("%s: %v", id, err)
		}
	}
	res, err := log.Verify(context.Background(), nil)
	if err != nil || !res.OK() {
		t.Fatalf("Verify: %v %v", res, err)
	}
	_, metrics := e.do("GET", "/metrics", nil)
	batches := regexp.MustCompile(`actionguard_audit_batches_total (\d+)`).FindSubmatch(metrics)
	if batches == nil {
		t.Fatalf("no batches metric:\n%s", metrics)
	}
	t.Logf("%d checks in %s audit transactions", n, batches[1])
}

func TestErrorsAreJSON(t *testing.T) {
	e := newEnv(t, server.WithMaxBody(2048))
	auth := map[string]string{"Authorization": "Bearer " + e.token}
	for _, tc := range []struct {
		name, method, path string
		body               any
		header             map[string]string
		code               int
		want               string
	}{
		{"not JSON", "POST", "/v1/check", "{", auth, 400, "not an Action"},
		{"wrong type", "POST", "/v1/check", `{"tool": 3}`, auth, 400, "not an Action"},
		{"too large", "POST", "/v1/check", `{"tool":"Bash","input":{"command":"` + strings.Repeat("x", 4096) + `"}}`, auth, 413, "larger than 2048 bytes"},
		{"method", "GET", "/v1/check", nil, auth, 405, "not allowed"},
		{"unknown path", "GET", "/v1/nope", nil, auth, 404, "no such endpoint"},
		{"no token", "GET", "/v1/approvals", nil, nil, 401, "missing or invalid API token"},
		{"bad token", "GET", "/v1/approvals", nil, map[string]string{"Authorization": "Bearer agt_nope"}, 401, "actionguard tokens create"},
		{"basic auth", "GET", "/v1/approvals", nil, map[string]string{"Authorization": "Basic eDp5"}, 401, "invalid API token"},
		{"metrics need a token", "GET", "/metrics", nil, nil, 401, "API token"},
		{"unknown approval", "GET", "/v1/approvals/ap-nope", nil, auth, 404, "no such approval"},
		{"decide unknown", "POST", "/v1/approvals/ap-nope/approve", `{"note":"x"}`, auth, 404, "no such approval"},
		{"decide bad body", "POST", "/v1/approvals/ap-nope/approve", `{"note":`, auth, 400, "not a decision"},
		{"bad filter", "GET", "/v1/audit?verdict=maybe", nil, auth, 400, "unknown verdict"},
		{"bad since", "GET", "/v1/audit?since=yesterday", nil, auth, 400, "not a time"},
		{"bad bucket", "GET", "/v1/rules/hits?bucket=1s", nil, auth, 400, "at least a minute"},
		{"too many buckets", "GET", "/v1/rules/hits?since=30d&bucket=1m", nil, auth, 400, "too many buckets"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			code, body := e.doWith(tc.method, tc.path, tc.body, tc.header)
			if code != tc.code {
				t.Errorf("status %d, want %d: %s", code, tc.code, body)
			}
			msg := decode[struct{ Error, Hint string }](t, body)
			if !strings.Contains(msg.Error+" "+msg.Hint, tc.want) {
				t.Errorf("error %q (hint %q), want it to say %q", msg.Error, msg.Hint, tc.want)
			}
		})
	}
}

func TestHealthAndHeaders(t *testing.T) {
	e := newEnv(t)
	code, body := e.doWith("GET", "/healthz", nil, nil)
	if code != 200 || !strings.Contains(string(body), `"status":"ok"`) {
		t.Errorf("/healthz: %d %s", code, body)
	}
	res, err := http.Get(e.ts.URL + "/")
	if err != nil {
		t.Fatal(err)
	}
	res.Body.Close()
	csp := res.Header.Get("Content-Security-Policy")
	if !strings.Contains(csp, "script-src 'self'") || strings.Contains(csp, "unsafe-inline") || !strings.Contains(csp, "frame-ancestors 'none'") {
		t.Errorf("CSP %q", csp)
	}
	if res.Header.Get("X-Frame-Options") != "DENY" || res.Header.Get("X-Content-Type-Options") != "nosniff" {
		t.Errorf("headers %v", res.Header)
	}
	for path, typ := range map[string]string{"/": "text/html", "/approvals/ap-x": "text/html", "/assets/app.js": "javascript", "/assets/app.css": "text/css"} {
		res, err := http.Get(e.ts.URL + path)
		if err != nil {
			t.Fatal(err)
		}
		res.Body.Close()
		if res.StatusCode != 200 || !strings.Contains(res.Header.Get("Content-Type"), typ) {
			t.Errorf("%s: %d %s", path, res.StatusCode, res.Header.Get("Content-Type"))
		}
	}
	if code, _ := e.doWith("GET", "/assets/index.html", nil, nil); code != 404 {
		t.Errorf("/assets/index.html: %d, want 404", code)
	}
}

func TestPublicMetricsAndFormat(t *testing.T) {
	e := newEnv(t, server.WithPublicMetrics())
	e.check(routine)
	e.check(forcePush("s1"))
	code, body := e.doWith("GET", "/metrics", nil, nil)
	if code != 200 {
		t.Fatalf("/metrics: %d %s", code, body)
	}
	text := string(body)
	for _, want := range []string{
		`actionguard_decisions_total{verdict="allow"} 1`,
		`actionguard_decisions_total{verdict="approve"} 1`,
		`actionguard_rule_hits_total{rule="shell.git.`,
		`actionguard_check_duration_seconds_bucket{le="+Inf"} 2`,
		`actionguard_check_duration_seconds_count 2`,
		`actionguard_approvals_pending 1`,
		`actionguard_http_requests_total{route="POST /v1/check",code="200"} 2`,
		`# TYPE actionguard_check_duration_seconds histogram`,
	} {
		if !strings.Contains(text, want) {
			t.Errorf("metrics lack %q", want)
		}
	}
	// Every sample line is name{labels} value.
	sample := regexp.MustCompile(`^[a-z_]+(\{[a-z_]+="[^"\\]*"(,[a-z_]+="[^"\\]*")*\})? -?[0-9.e+-]+$`)
	for _, line := range strings.Split(strings.TrimSpace(text), "\n") {
		if !strings.HasPrefix(line, "#") && !sample.MatchString(line) {
			t.Errorf("bad sample line %q", line)
		}
	}
}

// panicky panics on one tool.
type panicky struct{ g *guard.Guard }

func (p panicky) Check(ctx context.Context, a guard.Action) (guard.Decision, error) {
	if a.Tool == "Boom" {
		panic("boom")
	}
	return p.g.Check(ctx, a)
}

// TestPanicIsTheFallback: a check that panics gets the front door's
// fallback, as at every other caller: the policy's on_error verdict
// (never allow), with why, recorded; the server goes on serving.
func TestPanicIsTheFallback(t *testing.T) {
	st := openStore(t)
	secret, tok := server.NewToken("bob", time.Now())
	st.CreateToken(context.Background(), tok)
	srv := server.New(st, panicky{guard.New()})
	defer srv.Close()
	ts := httptest.NewServer(srv)
	defer ts.Close()
	e := &env{t: t, st: st, srv: srv, ts: ts, token: secret}
	code, body := e.do("POST", "/v1/check", guard.Action{Tool: "Boom"})
	var d guard.Decision
	if err := json.Unmarshal(body, &d); code != 200 || err != nil || d.Verdict.Allowed() || !strings.Contains(d.Error, "internal error") {
		t.Errorf("panic: %d %s", code, body)
	}
	var recorded []string
	audit.New(st).Export(context.Background(), audit.ExportOptions{}, func(r audit.Record) error {
		recorded = append(recorded, string(r.Verdict)+": "+r.Error)
		return nil
	})
	if len(recorded) != 1 || recorded[0] != string(d.Verdict)+": "+d.Error {
		t.Errorf("recorded %q, answered %s", recorded, body)
	}
	if d := e.check(routine); d.Verdict != guard.Allow {
		t.Errorf("after the panic: %+v", d)
	}
}

func TestCheckListen(t *testing.T) {
	for _, tc := range []struct {
		addr   string
		remote bool
		ok     bool
	}{
		{"127.0.0.1:8750", false, true},
		{"localhost:8750", false, true},
		{"[::1]:8750", false, true},
		{"127.0.0.2:0", false, true},
		{":8750", false, false},
		{"0.0.0.0:8750", false, false},
		{"[::]:8750", false, false},
		{"192.168.1.4:8750", false, false},
		{"0.0.0.0:8750", true, true},
		{"127.0.0.1", false, false},
	} {
		err := server.CheckListen(tc.addr, tc.remote)
		if (err == nil) != tc.ok {
			t.Errorf("CheckListen(%q, %v) = %v", tc.addr, tc.remote, err)
		}
		if err != nil && tc.addr == "0.0.0.0:8750" && !strings.Contains(err.Error(), "--allow-remote") {
			t.Errorf("the error should name --allow-remote: %v", err)
		}
	}
}

func TestNoAuthStaysLocal(t *testing.T) {
	e := newEnv(t, server.WithoutAuth())
	if code, body := e.doWith("GET", "/v1/approvals", nil, nil); code != 200 {
		t.Errorf("no auth: %d %s", code, body)
	}
	// DNS rebinding: a page of evil.example resolved to 127.0.0.1.
	if code, _ := e.doWith("GET", "/v1/approvals", nil, map[string]string{"Host": "evil.example:8750"}); code != http.StatusMisdirectedRequest {
		t.Errorf("foreign Host: %d, want 421", code)
	}
	if code, _ := e.doWith("POST", "/v1/check", routine, map[string]string{"Origin": "https://evil.example"}); code != http.StatusForbidden {
		t.Errorf("cross-origin check: %d, want 403", code)
	}
	if code, body := e.doWith("POST", "/v1/check", routine, nil); code != 200 {
		t.Errorf("agent check: %d %s", code, body)
	}
}

func TestGracefulShutdownAnswersInFlight(t *testing.T) {
	st := openStore(t)
	release := make(chan struct{})
	started := make(chan struct{}, 1)
	g := slowChecker{g: guard.New(), started: started, release: release}
	// The drain outlasts any wait below: the test releases the check itself.
	srv := server.New(st, g, server.WithoutAuth(), server.WithDrainTimeout(10*time.Minute))
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	served := make(chan error, 1)
	go func() { served <- srv.Serve(ctx, ln) }()

	type result struct {
		code int
		err  error
	}
	done := make(chan result, 1)
	go func() {
		res, err := http.Post("http://"+ln.Addr().String()+"/v1/check", "application/json", strings.NewReader(`{"tool":"Slow","input":{"command":"ls"}}`))
		if err != nil {
			done <- result{0, err}
			return
		}
		res.Body.Close()
		done <- result{res.StatusCode, nil}
	}()
	<-started
	cancel() // SIGTERM
	// The listener closes while the check is held (release is still open):
	// a connection is refused before the in-flight check is answered.
	testwait.Until(t, "the listener to refuse connections while draining", func() bool {
		c, err := net.Dial("tcp", ln.Addr().String())
		if err != nil {
			return true
		}
		c.Close()
		return false
	})
	close(release)
	r := <-done
	if r.err != nil || r.code != 200 {
		t.Fatalf("in-flight check: %d %v", r.code, r.err)
	}
	if err := <-served; err != nil {
		t.Fatalf("Serve: %v", err)
	}
	if err := srv.Close(); err != nil {
		t.Fatal(err)
	}
	if n, _ := audit.New(st).Count(context.Background()); n != 1 {
		t.Errorf("%d records after shutdown, want 1", n)
	}
	if err := srv.Close(); err != nil {
		t.Errorf("a second Close: %v", err)
	}
}

type slowChecker struct {
	g       *guard.Guard
	started chan struct{}
	release chan struct{}
}

func (s slowChecker) Check(ctx context.Context, a guard.Action) (guard.Decision, error) {
	if a.Tool == "Slow" {
		s.started <- struct{}{}
		<-s.release
		a.Tool = "Bash"
	}
	return s.g.Check(ctx, a)
}

func TestChecksAfterCloseAre503(t *testing.T) {
	e := newEnv(t)
	e.srv.Close()
	code, body := e.do("POST", "/v1/check", routine)
	if code != http.StatusServiceUnavailable || !strings.Contains(string(body), "shutting down") {
		t.Errorf("after Close: %d %s", code, body)
	}
}

func TestParseWhenErrors(t *testing.T) {
	e := newEnv(t)
	for _, q := range []string{"since=24h", "since=7d", "since=2026-01-02", "since=2026-01-02T10:00:00Z&until=2030-01-01T00:00:00Z"} {
		if code, body := e.do("GET", "/v1/audit?"+q, nil); code != 200 {
			t.Errorf("%s: %d %s", q, code, body)
		}
	}
}
