package mcpproxy_test

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/actionguard/actionguard/approval"
	"github.com/actionguard/actionguard/audit"
	"github.com/actionguard/actionguard/guard"
	"github.com/actionguard/actionguard/internal/testwait"
	"github.com/actionguard/actionguard/mcpproxy"
	"github.com/actionguard/actionguard/store"
	"github.com/google/go-cmp/cmp"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// TestMain doubles as the upstream MCP server: with MCPPROXY_TEST_SERVER
// set, the test binary serves three tools over stdio and appends every call
// it receives to the file that variable names.
func TestMain(m *testing.M) {
	if calls := os.Getenv("MCPPROXY_TEST_FS_SERVER"); calls != "" {
		if err := serveFilesystem(calls); err != nil {
			fmt.Fprintln(os.Stderr, "test server:", err)
			os.Exit(1)
		}
		os.Exit(0)
	}
	if calls := os.Getenv("MCPPROXY_TEST_MAIL_SERVER"); calls != "" {
		if err := serveMail(calls); err != nil {
			fmt.Fprintln(os.Stderr, "test server:", err)
			os.Exit(1)
		}
		os.Exit(0)
	}
	if calls := os.Getenv("MCPPROXY_TEST_SERVER"); calls != "" {
		if err := serveUpstream(calls); err != nil {
			fmt.Fprintln(os.Stderr, "test server:", err)
			os.Exit(1)
		}
		os.Exit(0)
	}
	os.Exit(m.Run())
}

func serveUpstream(callsFile string) error {
	s := mcp.NewServer(&mcp.Implementation{Name: "testsrv", Version: "1.0.0"}, nil)
	echo := func(name string) mcp.ToolHandler { return recordCall(callsFile, name) }
	obj := func(props string) json.RawMessage {
		return json.RawMessage(`{"type":"object","properties":` + props + `}`)
	}
	s.AddTool(&mcp.Tool{Name: "read_file", Description: "Read a file.", InputSchema: obj(`{"path":{"type":"string"}}`)}, echo("read_file"))
	s.AddTool(&mcp.Tool{Name: "delete_database", Description: "Drop a database.", InputSchema: obj(`{"name":{"type":"string"}}`)}, echo("delete_database"))
	s.AddTool(&mcp.Tool{Name: "run_shell", Description: "Run a shell command.", InputSchema: obj(`{"command":{"type":"string"}}`)}, echo("run_shell"))
	s.AddResource(&mcp.Resource{URI: "file:///notes.txt", Name: "notes", MIMEType: "text/plain"},
		func(ctx context.Context, req *mcp.ReadResourceRequest) (*mcp.ReadResourceResult, error) {
			return &mcp.ReadResourceResult{Contents: []*mcp.ResourceContents{{URI: req.Params.URI, Text: "hello"}}}, nil
		})
	return s.Run(context.Background(), &mcp.StdioTransport{})
}

// upstreamServer returns a transport that starts the test server that env
// selects (MCPPROXY_TEST_SERVER, MCPPROXY_TEST_FS_SERVER) as a process.
func upstreamServer(t *testing.T, env, callsFile string) mcp.Transport {
	cmd := exec.Command(os.Args[0])
	cmd.Env = append(os.Environ(), env+"="+callsFile)
	cmd.Stderr = os.Stderr
	return &mcp.CommandTransport{Command: cmd, TerminateDuration: time.Second}
}

type harness struct {
	client *mcp.ClientSession
	st     *store.SQLite
	log    *audit.Log
	calls  string
	done   chan error
	stderr *syncBuf

	dir, env   string
	opts       []mcpproxy.Option
	clientOpts *mcp.ClientOptions
	cleanup    bool
}

type syncBuf struct {
	mu sync.Mutex
	b  strings.Builder
}

func (s *syncBuf) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuf) String() string { s.mu.Lock(); defer s.mu.Unlock(); return s.b.String() }

// start runs the proxy between the test's client (in memory) and the
// upstream process, recording decisions in a real SQLite audit log.
func start(t *testing.T, opts ...mcpproxy.Option) *harness {
	t.Helper()
	return startServer(t, "MCPPROXY_TEST_SERVER", opts...)
}

// startServer is start with the upstream server env selects.
func startServer(t *testing.T, env string, opts ...mcpproxy.Option) *harness {
	t.Helper()
	h := newHarness(t, env, opts...)
	h.connect(t, "testclient")
	return h
}

// newHarness is a harness over a new store, connected to nothing yet.
func newHarness(t *testing.T, env string, opts ...mcpproxy.Option) *harness {
	t.Helper()
	dir := t.TempDir()
	ctx := context.Background()
	st, err := store.Open(ctx, filepath.Join(dir, "actionguard.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() })
	return &harness{st: st, log: audit.New(st), calls: filepath.Join(dir, "calls.txt"), stderr: &syncBuf{}, dir: dir, env: env, opts: opts}
}

// connect starts a new proxy (as a new process would: nothing shared but
// the store) between a new client named name and a new upstream process,
// closing the harness's previous client first.
func (h *harness) connect(t *testing.T, name string) {
	t.Helper()
	ctx := context.Background()
	if h.client != nil {
		h.disconnect(t)
	}
	p := h.proxy(t)
	clientSide, proxySide := mcp.NewInMemoryTransports()
	h.done = make(chan error, 1)
	go func(done chan error) { done <- p.Serve(ctx, proxySide, upstreamServer(t, h.env, h.calls)) }(h.done)
	c := mcp.NewClient(&mcp.Implementation{Name: name, Version: "1"}, h.clientOpts)
	cs, err := c.Connect(ctx, clientSide, nil)
	if err != nil {
		t.Fatal(err)
	}
	h.client = cs
	if !h.cleanup {
		h.cleanup = true
		t.Cleanup(func() { h.disconnect(t) })
	}
}

// proxy builds a proxy over the harness's store and audit log, as a new
// process would: nothing shared but the store.
func (h *harness) proxy(t *testing.T) *mcpproxy.Proxy {
	var recMu sync.Mutex
	record := writerFunc(func(ctx context.Context, r *audit.Record) error {
		recMu.Lock()
		defer recMu.Unlock()
		err := h.log.Append(ctx, r)
		if err != nil {
			t.Errorf("audit: %v", err)
		}
		return err
	})
	opts := append([]mcpproxy.Option{mcpproxy.WithApprovals(h.st), mcpproxy.WithRecorder(record), mcpproxy.WithLog(h.stderr),
		mcpproxy.WithPollInterval(10 * time.Millisecond), mcpproxy.WithContext(guard.Context{Cwd: h.dir})}, h.opts...)
	return mcpproxy.New(guard.New(guard.WithHome(h.dir)), opts...)
}

// disconnect closes the client and waits for its proxy to stop.
func (h *harness) disconnect(t *testing.T) {
	if h.client == nil {
		return
	}
	h.client.Close()
	h.client = nil
	select {
	case err := <-h.done:
		if err != nil {
			t.Errorf("proxy: %v", err)
		}
	case <-testwait.After(t):
		t.Error("proxy did not stop")
	}
}

func (h *harness) call(t *testing.T, tool string, args map[string]any) *mcp.CallToolResult {
	t.Helper()
	res, err := h.client.CallTool(context.Background(), &mcp.CallToolParams{Name: tool, Arguments: args})
	if err != nil {
		t.Fatalf("calling %s: %v", tool, err)
	}
	return res
}

func text(r *mcp.CallToolResult) string {
	var b strings.Builder
	for _, c := range r.Content {
		if tc, ok := c.(*mcp.TextContent); ok {
			b.WriteString(tc.Text)
		}
	}
	return b.String()
}

// seen returns the calls the upstream server received.
func (h *harness) seen(t *testing.T) []string {
	t.Helper()
	f, err := os.Open(h.calls)
	if os.IsNotExist(err) {
		return nil
	}
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var out []string
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		out = append(out, sc.Text())
	}
	return out
}

// verdicts returns tool → verdicts recorded in the audit log, in order.
func (h *harness) verdicts(t *testing.T) []string {
	t.Helper()
	var out []string
	err := h.log.Export(context.Background(), audit.ExportOptions{}, func(r audit.Record) error {
		out = append(out, r.Tool+" "+string(r.Verdict))
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	res, err := h.log.Verify(context.Background(), nil)
	if err != nil || !res.OK() {
		t.Fatalf("audit chain: %v %v", res, err)
	}
	return out
}

func TestPassThrough(t *testing.T) {
	h := start(t)
	ctx := context.Background()
	if got := h.client.InitializeResult().ServerInfo.Name; got != "testsrv" {
		t.Errorf("server name = %q, want the upstream's", got)
	}
	tools, err := h.client.ListTools(ctx, nil)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, tl := range tools.Tools {
		schema, _ := json.Marshal(tl.InputSchema)
		got = append(got, tl.Name+" "+tl.Description+" "+string(schema))
	}
	slices.Sort(got)
	want := []string{
		`delete_database Drop a database. {"properties":{"name":{"type":"string"}},"type":"object"}`,
		`read_file Read a file. {"properties":{"path":{"type":"string"}},"type":"object"}`,
		`run_shell Run a shell command. {"properties":{"command":{"type":"string"}},"type":"object"}`,
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("tools/list (-want +got):\n%s", diff)
	}
	res, err := h.client.ReadResource(ctx, &mcp.ReadResourceParams{URI: "file:///notes.txt"})
	if err != nil || len(res.Contents) != 1 || res.Contents[0].Text != "hello" {
		t.Errorf("resources/read = %+v, %v", res, err)
	}
}

func TestRoutineCallIsForwarded(t *testing.T) {
	h := start(t)
	r := h.call(t, "read_file", map[string]any{"path": "README.md"})
	if r.IsError || text(r) != `read_file {"path":"README.md"}` {
		t.Errorf("result = %v %q", r.IsError, text(r))
	}
	if diff := cmp.Diff([]string{`read_file {"path":"README.md"}`}, h.seen(t)); diff != "" {
		t.Errorf("upstream calls (-want +got):\n%s", diff)
	}
	if diff := cmp.Diff([]string{"mcp__testsrv__read_file allow"}, h.verdicts(t)); diff != "" {
		t.Errorf("audit (-want +got):\n%s", diff)
	}
}

func TestDangerousCallIsBlocked(t *testing.T) {
	h := start(t, mcpproxy.WithName("box"))
	r := h.call(t, "run_shell", map[string]any{"command": "rm -rf /"})
	if !r.IsError || !strings.Contains(text(r), "actionguard blocked this call to mcp__box__run_shell") || !strings.Contains(text(r), "Deletes everything") {
		t.Errorf("result = %v %q", r.IsError, text(r))
	}
	// A later routine call goes through: the session is intact.
	h.call(t, "run_shell", map[string]any{"command": "ls"})
	if diff := cmp.Diff([]string{`run_shell {"command":"ls"}`}, h.seen(t)); diff != "" {
		t.Errorf("upstream calls (-want +got):\n%s", diff)
	}
	if diff := cmp.Diff([]string{"mcp__box__run_shell block", "mcp__box__run_shell allow"}, h.verdicts(t)); diff != "" {
		t.Errorf("audit (-want +got):\n%s", diff)
	}
}

func TestApprovalWithoutWait(t *testing.T) {
	h := start(t)
	r := h.call(t, "delete_database", map[string]any{"name": "customers"})
	msg := text(r)
	if !r.IsError || !strings.Contains(msg, "approve with: actionguard approvals approve ap-") {
		t.Fatalf("result = %v %q", r.IsError, msg)
	}
	id := msg[strings.Index(msg, "approve with: actionguard approvals approve ")+len("approve with: actionguard approvals approve "):][:9]
	req, err := h.st.Approval(context.Background(), id)
	if err != nil {
		t.Fatal(err)
	}
	if req.Status != approval.StatusPending || req.Decision.Tool != "mcp__testsrv__delete_database" || req.Decision.Verdict != "approve" {
		t.Errorf("request = %+v", req)
	}
	if len(h.seen(t)) != 0 {
		t.Errorf("the upstream saw %v", h.seen(t))
	}
	if diff := cmp.Diff([]string{"mcp__testsrv__delete_database approve"}, h.verdicts(t)); diff != "" {
		t.Errorf("audit (-want +got):\n%s", diff)
	}
}

// waitForPending returns the id of the one pending request once it exists.
func (h *harness) waitForPending(t *testing.T) string {
	id := ""
	testwait.Until(t, "an approval request", func() bool {
		rs, err := h.st.Approvals(context.Background(), false)
		if err != nil {
			t.Error(err)
			return true
		}
		if len(rs) == 1 {
			id = rs[0].ID
		}
		return id != ""
	})
	return id
}

func TestWaitApproved(t *testing.T) {
	h := start(t, mcpproxy.WithWait(time.Minute))
	go func() {
		id := h.waitForPending(t)
		// A person answers after the held call is in the log (a person
		// reads the request first): wait for its record.
		testwait.Until(t, "the held call's record", func() bool {
			n := 0
			h.log.Export(context.Background(), audit.ExportOptions{}, func(audit.Record) error { n++; return nil })
			return n > 0
		})
		// As a person does: through the queue, recorded in the audit log.
		q := &approval.Queue{Store: h.st, Audit: audit.New(h.st).Append}
		if _, err := q.Decide(context.Background(), id, approval.Decision{Status: approval.StatusApproved, By: "alice"}); err != nil {
			t.Error(err)
		}
	}()
	r := h.call(t, "delete_database", map[string]any{"name": "customers"})
	if r.IsError || text(r) != `delete_database {"name":"customers"}` {
		t.Errorf("result = %v %q", r.IsError, text(r))
	}
	if diff := cmp.Diff([]string{`delete_database {"name":"customers"}`}, h.seen(t)); diff != "" {
		t.Errorf("upstream calls (-want +got):\n%s", diff)
	}
	// The held call, the person's decision (in the same log: what lets
	// the call through), the call let through.
	if diff := cmp.Diff([]string{"mcp__testsrv__delete_database approve", "mcp__testsrv__delete_database allow", "mcp__testsrv__delete_database allow"}, h.verdicts(t)); diff != "" {
		t.Errorf("audit (-want +got):\n%s", diff)
	}
	// Every record carries the call's decision id; feedback on it is about
	// actionguard's own decision, the first.
	ids := h.decisionIDs(t)
	if len(ids) != 3 || ids[0] != ids[1] || ids[0] != ids[2] || !regexp.MustCompile(`^d-[a-z2-7]{16}$`).MatchString(ids[0]) {
		t.Fatalf("decision ids %q, want one new id on every record", ids)
	}
	if r, n, err := h.st.AuditRecord(context.Background(), ids[0]); err != nil || n != 3 || r.Verdict != "approve" {
		t.Errorf("AuditRecord(%s) = %s (%d), %v; want the approve record of 3", ids[0], r.Verdict, n, err)
	}
}

// decisionIDs returns the decision ids of the audit records, in order.
func (h *harness) decisionIDs(t *testing.T) []string {
	t.Helper()
	var out []string
	err := h.log.Export(context.Background(), audit.ExportOptions{}, func(r audit.Record) error {
		var a struct {
			ID string `json:"id"`
		}
		json.Unmarshal(r.Action, &a)
		out = append(out, a.ID)
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return out
}

func TestWaitRejectedAndTimeout(t *testing.T) {
	h := start(t, mcpproxy.WithWait(time.Minute), mcpproxy.WithAnswerWithin(300*time.Millisecond))
	go func() {
		id := h.waitForPending(t)
		h.st.DecideApproval(context.Background(), id, approval.Decision{Status: approval.StatusRejected, By: "bob", Note: "not today"})
	}()
	r := h.call(t, "delete_database", map[string]any{"name": "customers"})
	if !r.IsError || !strings.Contains(text(r), "a person rejected this call") || !strings.Contains(text(r), "not today") {
		t.Errorf("rejected: result = %v %q", r.IsError, text(r))
	}
	// Nobody decides: the client (no progress token) is answered within
	// the answer time, and the request stays open.
	r = h.call(t, "delete_database", map[string]any{"name": "orders"})
	m := regexp.MustCompile(`still waiting for a person to approve this call .*\(approval (ap-\w{6}); waited 300ms\)`).FindStringSubmatch(text(r))
	if !r.IsError || m == nil || !strings.Contains(text(r), "call the tool again with the same arguments") {
		t.Fatalf("unanswered: result = %v %q", r.IsError, text(r))
	}
	all, _ := h.st.Approvals(context.Background(), true)
	statuses := map[string]approval.Status{}
	for _, a := range all {
		statuses[a.ID] = a.Status
	}
	if len(statuses) != 2 || statuses[m[1]] != approval.StatusPending {
		t.Errorf("requests = %v, want %s still pending beside the rejected one", statuses, m[1])
	}
	if len(h.seen(t)) != 0 {
		t.Errorf("the upstream saw %v", h.seen(t))
	}
	want := []string{"mcp__testsrv__delete_database approve", "mcp__testsrv__delete_database block", "mcp__testsrv__delete_database approve"}
	if diff := cmp.Diff(want, h.verdicts(t)); diff != "" {
		t.Errorf("audit (-want +got):\n%s", diff)
	}
	// A person approves later; the same call again runs, once.
	approveAsPerson(t, h, m[1])
	if r := h.call(t, "delete_database", map[string]any{"name": "orders"}); r.IsError {
		t.Fatalf("approved retry: %q", text(r))
	}
	if diff := cmp.Diff([]string{`delete_database {"name":"orders"}`}, h.seen(t)); diff != "" {
		t.Errorf("upstream calls (-want +got):\n%s", diff)
	}
}

// approveAsPerson approves id as a person does: through the queue, with
// the decision recorded in the audit log.
func approveAsPerson(t *testing.T, h *harness, id string) {
	t.Helper()
	q := &approval.Queue{Store: h.st, Audit: audit.New(h.st).Append}
	if _, err := q.Decide(context.Background(), id, approval.Decision{Status: approval.StatusApproved, By: "alice"}); err != nil {
		t.Fatal(err)
	}
}

// heldID returns the approval request a held call's result names.
func heldID(t *testing.T, r *mcp.CallToolResult) string {
	t.Helper()
	m := regexp.MustCompile(`(?:Approval request|approval) (ap-\w{6})`).FindStringSubmatch(text(r))
	if !r.IsError || m == nil {
		t.Fatalf("want a held call, got %v %q", r.IsError, text(r))
	}
	return m[1]
}

// A client that is held, disconnects, and comes back through a new proxy
// (a restart: only the store is shared) gets the call a person approved
// meanwhile, once. Another client, or the same client in another project,
// does not.
func TestPassSurvivesReconnect(t *testing.T) {
	h := start(t)
	args := map[string]any{"name": "customers"}
	id := heldID(t, h.call(t, "delete_database", args))

	// Another client of the same server and project: not its pass.
	h.connect(t, "otherclient")
	if other := heldID(t, h.call(t, "delete_database", args)); other == id {
		t.Errorf("another client reused request %s", id)
	}
	approveAsPerson(t, h, id)
	if other := heldID(t, h.call(t, "delete_database", args)); other == id {
		t.Errorf("another client got the pass of request %s", id)
	}

	h.connect(t, "testclient")
	if r := h.call(t, "delete_database", args); r.IsError {
		t.Fatalf("the approved call after a reconnect: %q", text(r))
	}
	h.connect(t, "testclient")
	if again := heldID(t, h.call(t, "delete_database", args)); again == id {
		t.Errorf("the approval let two calls through")
	}
	if diff := cmp.Diff([]string{`delete_database {"name":"customers"}`}, h.seen(t)); diff != "" {
		t.Errorf("upstream calls (-want +got):\n%s", diff)
	}
}

// Identity is stable for the same client, server and project, and differs
// when any of them does.
func TestIdentity(t *testing.T) {
	base := mcpproxy.Identity("claude-code", "npx server-filesystem /w", "/w")
	if !regexp.MustCompile(`^mcp-[a-z2-7]{16}$`).MatchString(base) {
		t.Errorf("Identity = %q", base)
	}
	if again := mcpproxy.Identity("claude-code", "npx server-filesystem /w", "/w"); again != base {
		t.Errorf("not stable: %q, %q", base, again)
	}
	for _, c := range [][3]string{{"cursor", "npx server-filesystem /w", "/w"}, {"claude-code", "npx server-filesystem /x", "/w"}, {"claude-code", "npx server-filesystem /w", "/x"},
		{"claude-code\x00npx", "server-filesystem /w", "/w"}} {
		if got := mcpproxy.Identity(c[0], c[1], c[2]); got == base {
			t.Errorf("Identity%q = the same as another client's", c)
		}
	}
}

// A client that sends a progress token is kept informed while its call
// waits, beyond the time a client without one is answered in, and gets
// the result once a person approves.
func TestWaitProgress(t *testing.T) {
	var mu sync.Mutex
	var notes []string
	h := startWithClient(t, &mcp.ClientOptions{ProgressNotificationHandler: func(ctx context.Context, req *mcp.ProgressNotificationClientRequest) {
		mu.Lock()
		notes = append(notes, req.Params.Message)
		mu.Unlock()
	}}, mcpproxy.WithWait(time.Minute), mcpproxy.WithAnswerWithin(50*time.Millisecond), mcpproxy.WithProgressInterval(20*time.Millisecond))
	go func() {
		id := h.waitForPending(t)
		// A person decides after several notifications went out.
		testwait.Until(t, "five progress notifications", func() bool {
			mu.Lock()
			defer mu.Unlock()
			return len(notes) >= 5
		})
		approveAsPerson(t, h, id)
	}()
	params := &mcp.CallToolParams{Name: "delete_database", Arguments: map[string]any{"name": "customers"}}
	params.SetProgressToken("tok-1")
	r, err := h.client.CallTool(context.Background(), params)
	if err != nil || r.IsError {
		t.Fatalf("result = %v %v", r, err)
	}
	mu.Lock()
	defer mu.Unlock()
	if len(notes) < 5 || !strings.Contains(notes[0], "waiting for a person to approve this call to mcp__testsrv__delete_database: actionguard approvals approve ap-") {
		t.Errorf("progress notifications = %q", notes)
	}
}

// startWithClient is start with the client's options.
func startWithClient(t *testing.T, co *mcp.ClientOptions, opts ...mcpproxy.Option) *harness {
	t.Helper()
	h := startServer(t, "MCPPROXY_TEST_SERVER", opts...)
	h.clientOpts = co
	h.connect(t, "testclient")
	return h
}

// A client that cancels its waiting call is not answered; the request
// stays open, and the call made again after the approval runs.
func TestWaitCancelled(t *testing.T) {
	h := start(t, mcpproxy.WithWait(time.Minute), mcpproxy.WithAnswerWithin(time.Minute))
	ctx, cancel := context.WithCancel(context.Background())
	go func() {
		h.waitForPending(t)
		cancel()
	}()
	if _, err := h.client.CallTool(ctx, &mcp.CallToolParams{Name: "delete_database", Arguments: map[string]any{"name": "customers"}}); err == nil {
		t.Fatal("the cancelled call returned a result")
	}
	id := h.waitForPending(t)
	testwait.Until(t, "the log of the cancelled call", func() bool { return strings.Contains(h.stderr.String(), "cancelled its call") })
	if !strings.Contains(h.stderr.String(), "the client cancelled its call to mcp__testsrv__delete_database; approval "+id+" stays open") {
		t.Errorf("log = %q", h.stderr.String())
	}
	approveAsPerson(t, h, id)
	if r := h.call(t, "delete_database", map[string]any{"name": "customers"}); r.IsError {
		t.Fatalf("approved retry: %q", text(r))
	}
}

// With a queue, a held call's request has a file; once a person approves
// it, the same call (same session, same arguments) is forwarded, once; the
// next identical call opens a new request. The person's decision and the
// pass are in the audit log.
func TestApprovedCallRunsOnce(t *testing.T) {
	dir := t.TempDir()
	var qmu sync.Mutex
	var decided []string
	var log *audit.Log
	q := &approval.Queue{Dir: filepath.Join(dir, "approvals"), Audit: func(ctx context.Context, r *audit.Record) error {
		// A person's decision counts once it is in the audit log.
		if err := log.Append(ctx, r); err != nil {
			return err
		}
		qmu.Lock()
		defer qmu.Unlock()
		decided = append(decided, string(r.Verdict)+": "+r.Reason)
		return nil
	}}
	h := start(t, mcpproxy.WithQueue(q))
	q.Store = h.st // the harness's store, known once it started; no call has been made yet
	log = audit.New(h.st)
	held := func() string {
		r := h.call(t, "delete_database", map[string]any{"name": "customers"})
		m := regexp.MustCompile(`Approval request (ap-\w{6}) is open`).FindStringSubmatch(text(r))
		if !r.IsError || m == nil {
			t.Fatalf("held call: %v %q", r.IsError, text(r))
		}
		return m[1]
	}
	id := held()
	if _, err := os.Stat(filepath.Join(dir, "approvals", id+".md")); err != nil {
		t.Errorf("request file: %v", err)
	}
	if again := held(); again != id {
		t.Errorf("the retry opened %s, want %s again", again, id)
	}
	if _, err := q.Decide(context.Background(), id, approval.Decision{Status: approval.StatusApproved, By: "alice"}); err != nil {
		t.Fatal(err)
	}
	if r := h.call(t, "delete_database", map[string]any{"name": "customers"}); r.IsError {
		t.Fatalf("approved call: %q", text(r))
	}
	if next := held(); next == id {
		t.Errorf("the approval let two calls through")
	}
	if diff := cmp.Diff([]string{`delete_database {"name":"customers"}`}, h.seen(t)); diff != "" {
		t.Errorf("upstream calls (-want +got):\n%s", diff)
	}
	r, err := h.st.Approval(context.Background(), id)
	if err != nil {
		t.Fatal(err)
	}
	want := []string{"allow: approval " + id + " approved by alice (pass " + approval.PassTag(id, r.Key()) + ")", "allow: approval " + id + " (approved by alice) let this action through once; it is now used"}
	qmu.Lock()
	defer qmu.Unlock()
	if diff := cmp.Diff(want, decided); diff != "" {
		t.Errorf("queue audit (-want +got):\n%s", diff)
	}
}

// writerFunc is a frontdoor.Writer of a function.
type writerFunc func(ctx context.Context, r *audit.Record) error

func (f writerFunc) Append(ctx context.Context, r *audit.Record) error { return f(ctx, r) }
