package cli_test

import (
	"bytes"
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"net/http/cookiejar"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/actionguard/actionguard/approval"
	"github.com/actionguard/actionguard/audit"
	"github.com/actionguard/actionguard/guard"
	"github.com/actionguard/actionguard/internal/hookrun"
	"github.com/actionguard/actionguard/server"
	"github.com/actionguard/actionguard/store"
	"net/http/httptest"
)

// selfApproval is the end-to-end setting of the tests below: the real
// binary as a Codex session's hook and as the command line, the approval
// server on the same database, and a person's browser.
type selfApproval struct {
	t        *testing.T
	bin, dir string
	db       string
	project  string
	ts       *httptest.Server
}

// agentEnv is the environment of a command a coding agent runs: a clean
// one, with the markers Codex sets. Standard input is never a terminal.
func (s *selfApproval) agentEnv() []string {
	return append(hookEnv(s.dir), "CODEX_SANDBOX=seatbelt", "CODEX_THREAD_ID=th-1")
}

// run runs the binary with env and stdin (not a terminal).
func (s *selfApproval) run(env []string, stdin string, args ...string) hookResult {
	s.t.Helper()
	cmd := exec.Command(s.bin, args...)
	cmd.Dir, cmd.Env, cmd.Stdin = s.project, env, strings.NewReader(stdin)
	var out, errb bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errb
	err := cmd.Run()
	r := hookResult{stdout: out.Bytes(), stderr: errb.Bytes()}
	var ee *exec.ExitError
	switch {
	case errors.As(err, &ee):
		r.exit = ee.ExitCode()
	case err != nil:
		s.t.Fatalf("running %v: %v", args, err)
	}
	return r
}

var openRequestRe = regexp.MustCompile(`Approval request (ap-[a-z0-9]{6}) is open`)

// hook sends one call of command to the hook of agent (codex or gemini)
// and returns its decision, its reason and the request it names.
func (s *selfApproval) hook(agent, session, cwd, command string) (decision, reason, id string) {
	s.t.Helper()
	in := map[string]any{"session_id": session, "cwd": cwd, "tool_input": map[string]any{"command": command}}
	switch agent {
	case "codex":
		in["hook_event_name"], in["tool_name"], in["turn_id"], in["model"] = "PreToolUse", "Bash", "turn-1", "gpt-5-codex"
	case "gemini":
		in["hook_event_name"], in["tool_name"] = "BeforeTool", "run_shell_command"
	}
	raw, _ := json.Marshal(in)
	cmd := exec.Command(s.bin, "hook", agent)
	cmd.Dir, cmd.Env, cmd.Stdin = s.project, hookEnv(s.dir), bytes.NewReader(raw)
	out, err := cmd.Output()
	if err != nil {
		s.t.Fatalf("hook %s: %v: %s", agent, err, out)
	}
	var ans struct {
		Specific struct {
			Decision string `json:"permissionDecision"`
			Reason   string `json:"permissionDecisionReason"`
		} `json:"hookSpecificOutput"`
		Decision string `json:"decision"`
		Reason   string `json:"reason"`
	}
	if err := json.Unmarshal(out, &ans); err != nil {
		s.t.Fatalf("hook %s: %v: %s", agent, err, out)
	}
	decision, reason = ans.Specific.Decision, ans.Specific.Reason
	if agent == "gemini" {
		decision, reason = ans.Decision, ans.Reason
	}
	if m := openRequestRe.FindStringSubmatch(reason); m != nil {
		id = m[1]
	}
	return decision, reason, id
}

// request reads a request from the database.
func (s *selfApproval) request(id string) approval.Request {
	s.t.Helper()
	st, err := store.Open(context.Background(), s.db)
	if err != nil {
		s.t.Fatal(err)
	}
	defer st.Close()
	r, err := st.Approval(context.Background(), id)
	if err != nil {
		s.t.Fatal(err)
	}
	return r
}

// sql runs statements against the database as any program can: what a
// prompt-injected agent does with python3 -c "import sqlite3 …".
func (s *selfApproval) sql(stmts ...string) {
	s.t.Helper()
	db, err := sql.Open("sqlite", s.db)
	if err != nil {
		s.t.Fatal(err)
	}
	defer db.Close()
	for _, q := range stmts {
		if _, err := db.Exec(q); err != nil {
			s.t.Fatalf("%s: %v", q, err)
		}
	}
}

// post sends a request to the server with header and returns the status
// and the body.
func (s *selfApproval) post(c *http.Client, method, path, body string, header map[string]string) (int, string) {
	s.t.Helper()
	req, _ := http.NewRequest(method, s.ts.URL+path, strings.NewReader(body))
	req.Header.Set("Content-Type", "application/json")
	for k, v := range header {
		req.Header.Set(k, v)
	}
	res, err := c.Do(req)
	if err != nil {
		s.t.Fatal(err)
	}
	defer res.Body.Close()
	data, _ := io.ReadAll(res.Body)
	return res.StatusCode, string(data)
}

// pageLogin signs a browser in on the approval page with secret and
// returns its client and the session's CSRF token.
func (s *selfApproval) pageLogin(secret string) (*http.Client, string, int) {
	s.t.Helper()
	jar, _ := cookiejar.New(nil)
	c := &http.Client{Jar: jar}
	code, body := s.post(c, "POST", "/v1/session", `{"token":"`+secret+`"}`, s.pageHeaders(""))
	var info struct{ CSRF string }
	json.Unmarshal([]byte(body), &info)
	return c, info.CSRF, code
}

// pageHeaders are what the page's own requests carry.
func (s *selfApproval) pageHeaders(csrf string) map[string]string {
	h := map[string]string{"Origin": s.ts.URL, "Sec-Fetch-Site": "same-origin"}
	if csrf != "" {
		h["X-CSRF-Token"] = csrf
	}
	return h
}

// An agent-style process (no terminal, an agent's environment) tries to
// approve its own held request by every route; the held action stays
// held. A person's approval on the page still works, once, for exactly
// the call that was held.
func TestAgentCannotApproveItself(t *testing.T) {
	dir := t.TempDir()
	s := &selfApproval{t: t, bin: hookBuild(t), dir: dir, db: filepath.Join(dir, "audit.db"), project: filepath.Join(dir, "project")}
	if err := os.MkdirAll(s.project, 0o755); err != nil {
		t.Fatal(err)
	}
	// A force push: held for a person (CAUTIOUS, so that the session's
	// retries do not escalate it into a block).
	const push = "git push --force origin feature"
	const session = "cx-self-1"
	decision, reason, id := s.hook("codex", session, s.project, push)
	if decision != "deny" || id == "" {
		t.Fatalf("the held call: %s: %s", decision, reason)
	}
	// Each route is judged by the request it leaves pending; the hook is
	// asked again after the routes that leave something in the database.
	stillHeld := func(route string) {
		t.Helper()
		if r := s.request(id); r.Status != approval.StatusPending || r.DecisionSeq != 0 {
			t.Fatalf("after %s: %s is %s (record %d), want pending", route, id, r.Status, r.DecisionSeq)
		}
	}

	// The command line, with and without --yes, and the commands that
	// would loosen the guard: refused under the agent's environment.
	for _, args := range [][]string{
		{"approvals", "approve", id},
		{"approvals", "approve", id, "--yes"},
		{"approvals", "approve", id, "--yes", "--json"},
		{"approvals", "approve", "--group", "g-anything", "--yes"},
		{"approvals", "watch"},
		{"tokens", "create", "mallory", "--scope", "approver"},
		{"tokens", "create", "mallory"},
		{"mode", "learning", "--global"},
		{"trust", "revoke", "--all", "--yes"},
		{"uninstall", "codex"},
	} {
		r := s.run(s.agentEnv(), "y\n"+id+"\n", args...)
		if r.exit == 0 || !strings.Contains(string(r.stderr), "refusing to ") || !strings.Contains(string(r.stderr), "CODEX_SANDBOX is set") {
			t.Errorf("%v under the agent: exit %d, %s", args, r.exit, r.stderr)
		}
	}
	stillHeld("the command line")

	// A token the agent holds (one made before scopes, or an agent's
	// check token): it cannot decide, by bearer or through a page session.
	st, err := store.Open(context.Background(), s.db)
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	srv := server.New(st, guard.New(guard.WithHome(filepath.Join(dir, "home"))), server.WithApprovalDir(hookrun.ApprovalsDir(s.db)),
		server.WithTokenCacheTTL(time.Hour))
	s.ts = httptest.NewServer(srv)
	defer func() { srv.Close(); s.ts.Close() }()
	for _, scope := range []string{store.ScopeCheck, store.ScopeRead} {
		secret, tok := server.NewToken("agent-"+scope, time.Now())
		tok.Scope = scope
		if err := st.CreateToken(context.Background(), tok); err != nil {
			t.Fatal(err)
		}
		bearer := map[string]string{"Authorization": "Bearer " + secret}
		for _, path := range []string{"/v1/approvals/" + id + "/approve", "/v1/approvals/batch"} {
			body := `{}`
			if strings.HasSuffix(path, "batch") {
				body = `{"decision":"approve","ids":["` + id + `"]}`
			}
			if code, body := s.post(http.DefaultClient, "POST", path, body, bearer); code != http.StatusForbidden || !strings.Contains(body, "--scope approver") {
				t.Errorf("%s token, POST %s: %d %s", scope, path, code, body)
			}
		}
		c, csrf, code := s.pageLogin(secret)
		if code != 200 {
			t.Fatalf("page login with the %s token: %d", scope, code)
		}
		if code, body := s.post(c, "POST", "/v1/approvals/"+id+"/approve", `{}`, s.pageHeaders(csrf)); code != http.StatusForbidden {
			t.Errorf("%s token's page session approving: %d %s", scope, code, body)
		}
	}
	stillHeld("the HTTP API")

	// The approvals row written directly (in a session of its own):
	// approved "by alice", then also linked to a record of the audit log.
	// Not a pass, and reported.
	const tampered = "cx-self-2"
	_, _, forged := s.hook("codex", tampered, s.project, push)
	past := time.Now().Add(-2 * time.Minute).UnixMicro()
	s.sql(`UPDATE approvals SET status = 'approved', decided_by = 'alice', decided_us = ` + itoa(past) + ` WHERE id = '` + forged + `'`)
	decision, reason, again := s.hook("codex", tampered, s.project, push)
	if decision != "deny" || !strings.Contains(reason, "not in the audit log") || again == "" || again == forged {
		t.Fatalf("after the row was set to approved: %s (%s): %s", decision, again, reason)
	}
	s.sql(`UPDATE approvals SET decision_seq = 1, decision_hash = (SELECT hash FROM audit WHERE seq = 1) WHERE id = '`+forged+`'`,
		`UPDATE approvals SET status = 'approved', decided_by = 'alice', decided_us = `+itoa(past)+`, decision_seq = 2,
			decision_hash = (SELECT hash FROM audit WHERE seq = 2) WHERE id = '`+again+`'`)
	if decision, reason, _ := s.hook("codex", tampered, s.project, push); decision != "deny" {
		t.Fatalf("after the rows were linked to records: %s: %s", decision, reason)
	}
	if !auditHas(t, s.db, func(r audit.Record) bool {
		return slicesContainsSubstr(r.Anomalies, "approval "+forged+" was not honoured")
	}) {
		t.Error("the audit log does not report the approval that was not honoured")
	}
	stillHeld("writing the database")

	// A person: a token created in their own terminal, signed in on the
	// page, approving the held call's request.
	person := hookEnv(dir)
	r := s.run(person, "", "tokens", "create", "alice", "--scope", "approver")
	if r.exit != 0 {
		t.Fatalf("tokens create in a person's terminal: %d %s", r.exit, r.stderr)
	}
	page, csrf, code := s.pageLogin(strings.TrimSpace(string(r.stdout)))
	if code != 200 {
		t.Fatalf("the person's page login: %d", code)
	}
	id2 := id
	if code, body := s.post(page, "POST", "/v1/approvals/"+id2+"/approve", `{}`, s.pageHeaders(csrf)); code != 200 {
		t.Fatalf("the person's approval on the page: %d %s", code, body)
	}

	// The pass is for exactly the call held: another directory, session
	// or agent does not run on it.
	other := filepath.Join(dir, "other")
	os.MkdirAll(other, 0o755)
	for _, c := range []struct{ agent, session, cwd string }{
		{"codex", session, other},
		{"codex", "cx-self-2", s.project},
		{"gemini", session, s.project},
	} {
		if decision, reason, _ := s.hook(c.agent, c.session, c.cwd, push); decision != "deny" {
			t.Errorf("%+v ran on the approval of %s: %s", c, id2, reason)
		}
	}
	if r := s.request(id2); r.Status != approval.StatusApproved || !r.UsedAt.IsZero() {
		t.Fatalf("%s after the other calls: %s, used %v", id2, r.Status, r.UsedAt)
	}
	if decision, reason, _ := s.hook("codex", session, s.project, push); decision != "allow" || !strings.Contains(reason, "Approved by alice (approval page)") {
		t.Fatalf("the approved call: %s: %s", decision, reason)
	}
	// Once: a replay is held, and so is one after the row is set unused.
	if decision, _, _ := s.hook("codex", session, s.project, push); decision != "deny" {
		t.Error("the approval let a second call through")
	}
	s.sql(`UPDATE approvals SET used_us = 0 WHERE id = '` + id2 + `'`)
	if decision, reason, _ := s.hook("codex", session, s.project, push); decision != "deny" {
		t.Errorf("a used approval set unused let a call through: %s", reason)
	}

	// Signing out ends the session on the server: the cookie, kept, opens
	// nothing.
	u, _ := http.NewRequest("GET", s.ts.URL, nil)
	kept := page.Jar.Cookies(u.URL)
	if code, _ := s.post(page, "DELETE", "/v1/session", "", s.pageHeaders(csrf)); code != http.StatusNoContent {
		t.Fatalf("sign out: %d", code)
	}
	jar, _ := cookiejar.New(nil)
	jar.SetCookies(u.URL, kept)
	replay := &http.Client{Jar: jar}
	if code, body := s.post(replay, "GET", "/v1/approvals", "", nil); code != http.StatusUnauthorized {
		t.Errorf("the kept cookie after sign-out: %d %s", code, body)
	}
	if code, _ := s.post(replay, "POST", "/v1/approvals/"+id2+"/reject", `{}`, s.pageHeaders(csrf)); code != http.StatusUnauthorized {
		t.Errorf("the kept cookie deciding after sign-out: %d", code)
	}
}

// auditHas reports whether a record of the audit log (spooled ones moved
// in first) satisfies match.
func auditHas(t *testing.T, db string, match func(audit.Record) bool) bool {
	t.Helper()
	st, err := store.OpenDrained(context.Background(), db)
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	recs, err := audit.New(st).Tail(context.Background(), 1000)
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range recs {
		if match(r) {
			return true
		}
	}
	return false
}

func slicesContainsSubstr(xs []string, sub string) bool {
	for _, x := range xs {
		if strings.Contains(x, sub) {
			return true
		}
	}
	return false
}

func itoa(n int64) string {
	b, _ := json.Marshal(n)
	return string(b)
}
