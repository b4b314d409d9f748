package mcpcmd_test

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/actionguard/actionguard/approval"
	"github.com/actionguard/actionguard/internal/agentproc"
	"github.com/actionguard/actionguard/internal/cli"
	"github.com/actionguard/actionguard/internal/mcpcmd"
	"github.com/actionguard/actionguard/internal/testwait"
	"github.com/actionguard/actionguard/store"
)

// TestMain doubles as the actionguard command line (mcp-proxy included)
// when MCPCMD_TEST_ACTIONGUARD is set: the real MCP client starts it as a
// process, as a client configured with `actionguard mcp-proxy -- …` does.
func TestMain(m *testing.M) {
	if len(os.Args) == 3 && os.Args[1] == upstreamArg {
		os.Exit(serveUpstream(os.Args[2]))
	}
	if os.Getenv("MCPCMD_TEST_ACTIONGUARD") == "1" {
		os.Exit(cli.RunWith(cli.DefaultEnv(), mcpcmd.Command))
	}
	os.Exit(m.Run())
}

// npmRoundTrip is the reference filesystem server and the reference SDK
// client, installed from npm by scripts/test.sh.
type npmRoundTrip struct {
	node, server, client string
	home, project, db    string
}

func newRoundTrip(t *testing.T) *npmRoundTrip {
	t.Helper()
	dir, err := filepath.Abs("testdata/npm")
	if err != nil {
		t.Fatal(err)
	}
	server := filepath.Join(dir, "node_modules", "@modelcontextprotocol", "server-filesystem", "dist", "index.js")
	node, err := exec.LookPath("node")
	if err == nil {
		_, err = os.Stat(server)
	}
	if err != nil {
		if os.Getenv("CI") == "true" {
			t.Fatalf("the npm MCP packages are not installed (%v): scripts/test.sh installs them with npm ci in %s", err, dir)
		}
		t.Skipf("the npm MCP packages are not installed (%v): run npm ci in %s (scripts/test.sh does)", err, dir)
	}
	tmp := t.TempDir()
	rt := &npmRoundTrip{node: node, server: server, client: filepath.Join(dir, "client.mjs"),
		home: filepath.Join(tmp, "home"), db: filepath.Join(tmp, "actionguard.db")}
	rt.project = filepath.Join(rt.home, "proj")
	if err := os.MkdirAll(rt.project, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(rt.project, "notes.txt"), []byte("hello from the project\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	return rt
}

// result is what client.mjs prints.
type result struct {
	IsError  bool   `json:"isError"`
	Text     string `json:"text"`
	Progress int    `json:"progress"`
	Error    string `json:"error"`
}

// env is the environment of the client and the proxy it starts: a home
// and database of the test's own, and none of a coding agent's markers.
func (rt *npmRoundTrip) env() []string {
	env := []string{"HOME=" + rt.home, "ACTIONGUARD_DB=" + rt.db, "MCPCMD_TEST_ACTIONGUARD=1", "PATH=" + os.Getenv("PATH")}
	if v := os.Getenv("TMPDIR"); v != "" {
		env = append(env, "TMPDIR="+v)
	}
	return env
}

// call runs a new client process (so a new connection, and a new proxy
// process behind it) that calls tool with args through `actionguard
// mcp-proxy proxyFlags… -- node server home`.
func (rt *npmRoundTrip) call(t *testing.T, proxyFlags []string, tool string, args map[string]any, clientFlags ...string) result {
	t.Helper()
	cmd := rt.command(t, proxyFlags, tool, args, clientFlags...)
	var out, errb bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errb
	if err := cmd.Run(); err != nil {
		t.Fatalf("client: %v\n%s", err, errb.String())
	}
	return rt.parse(t, out.Bytes(), errb.String())
}

func (rt *npmRoundTrip) command(t *testing.T, proxyFlags []string, tool string, args map[string]any, clientFlags ...string) *exec.Cmd {
	t.Helper()
	self, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	proxy := append(append([]string{self, "mcp-proxy"}, proxyFlags...), "--", rt.node, rt.server, rt.home)
	pj, _ := json.Marshal(proxy)
	aj, _ := json.Marshal(args)
	cmd := exec.Command(rt.node, append([]string{rt.client, string(pj), tool, string(aj)}, clientFlags...)...)
	cmd.Dir, cmd.Env = rt.project, rt.env()
	return cmd
}

func (rt *npmRoundTrip) parse(t *testing.T, out []byte, stderr string) result {
	t.Helper()
	var r result
	if err := json.Unmarshal(bytes.TrimSpace(out), &r); err != nil {
		t.Fatalf("client output %q: %v\n%s", out, err, stderr)
	}
	if r.Error != "" {
		t.Fatalf("client error: %s\n%s", r.Error, stderr)
	}
	return r
}

// approve approves id as a person does in their own terminal: the CLI,
// outside any coding agent.
func (rt *npmRoundTrip) approve(t *testing.T, id string) {
	t.Helper()
	var out, errb bytes.Buffer
	env := map[string]string{"HOME": rt.home, "ACTIONGUARD_DB": rt.db}
	code := cli.Run(cli.Env{Args: []string{"approvals", "approve", id, "--yes"}, Stdin: strings.NewReader(""), Stdout: &out, Stderr: &errb,
		Getenv: func(k string) string { return env[k] }, IsTerminal: func(any) bool { return true },
		Ancestry: func() (agentproc.Agent, bool) { return agentproc.Agent{}, false }})
	if code != 0 {
		t.Fatalf("approvals approve %s: exit %d: %s%s", id, code, out.String(), errb.String())
	}
}

// pending returns the ids of the open approval requests.
func (rt *npmRoundTrip) pending(t *testing.T) []string {
	t.Helper()
	st, err := store.Open(context.Background(), rt.db)
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	rs, err := st.Approvals(context.Background(), false)
	if err != nil {
		t.Fatal(err)
	}
	var ids []string
	for _, r := range rs {
		if r.Status == approval.StatusPending {
			ids = append(ids, r.ID)
		}
	}
	return ids
}

var heldRE = regexp.MustCompile(`(?:Approval request|approval) (ap-\w{6})`)

func held(t *testing.T, what string, r result) string {
	t.Helper()
	m := heldRE.FindStringSubmatch(r.Text)
	if !r.IsError || m == nil {
		t.Fatalf("%s: want the call held for approval, got %+v", what, r)
	}
	return m[1]
}

// The round trip with the reference filesystem server and the reference
// SDK client from npm, each call from a new client process (a reconnect,
// and a restart of the proxy): a routine read runs; a change to the
// shell's startup file is held; once a person approved it, the same call
// runs, once, and the server really writes the file; a write over the
// agent's hook settings is blocked and never reaches the server.
func TestNPMRoundTrip(t *testing.T) {
	// Each round trip has its own home and database; the two overlap
	// their waits on node and on the person.
	t.Parallel()
	rt := newRoundTrip(t)
	notes := filepath.Join(rt.project, "notes.txt")
	if r := rt.call(t, nil, "read_text_file", map[string]any{"path": notes}); r.IsError || !strings.Contains(r.Text, "hello from the project") {
		t.Fatalf("routine read: %+v", r)
	}

	bashrc := filepath.Join(rt.home, ".bashrc")
	write := map[string]any{"path": bashrc, "content": "alias ll='ls -l'\n"}
	id := held(t, "the first call", rt.call(t, nil, "write_file", write))
	if !strings.Contains(rt.call(t, nil, "write_file", write).Text, id) {
		t.Errorf("the retry before any decision did not name request %s again", id)
	}
	if _, err := os.Stat(bashrc); !os.IsNotExist(err) {
		t.Fatalf("the held call reached the server: %v", err)
	}
	rt.approve(t, id)
	if r := rt.call(t, nil, "write_file", write); r.IsError {
		t.Fatalf("the approved call after a reconnect: %+v", r)
	}
	if b, err := os.ReadFile(bashrc); err != nil || string(b) != "alias ll='ls -l'\n" {
		t.Fatalf("the server did not write the approved file: %q %v", b, err)
	}
	if again := held(t, "the call after the approved one", rt.call(t, nil, "write_file", write)); again == id {
		t.Errorf("approval %s let two calls through", id)
	}

	settings := filepath.Join(rt.home, ".claude", "settings.json")
	r := rt.call(t, nil, "write_file", map[string]any{"path": settings, "content": "{}"})
	if !r.IsError || !strings.Contains(r.Text, "actionguard blocked this call") {
		t.Errorf("a write over the hook settings: %+v", r)
	}
	if _, err := os.Stat(settings); !os.IsNotExist(err) {
		t.Errorf("the blocked call reached the server: %v", err)
	}
}

// With --wait, a client that sent a progress token and resets its timeout
// on progress waits past its own request timeout for the person, and gets
// the server's result; a client that sent none is answered within
// --answer-within that the call still waits, the request stays open, and
// the same call made again after the approval runs.
func TestNPMRoundTripWait(t *testing.T) {
	t.Parallel()
	rt := newRoundTrip(t)
	wait := []string{"--wait=2m", "--progress-interval=200ms", "--answer-within=1s"}

	profile := filepath.Join(rt.home, ".profile")
	cmd := rt.command(t, wait, "write_file", map[string]any{"path": profile, "content": "export A=1\n"}, "--progress", "--timeout", "3000")
	var out, errb bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errb
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	var id string
	testwait.Until(t, "the approval request", func() bool {
		if ids := rt.pending(t); len(ids) == 1 {
			id = ids[0]
		}
		return id != ""
	})
	if id == "" {
		cmd.Process.Kill()
		t.Fatalf("no approval request opened\n%s", errb.String())
	}
	// Longer than the client's own 3 s request timeout: only the progress
	// notifications keep its call alive.
	time.Sleep(4 * time.Second)
	rt.approve(t, id)
	if err := cmd.Wait(); err != nil {
		t.Fatalf("client: %v\n%s", err, errb.String())
	}
	r := rt.parse(t, out.Bytes(), errb.String())
	if r.IsError || r.Progress < 2 {
		t.Fatalf("the waiting call: %+v\n%s", r, errb.String())
	}
	if b, err := os.ReadFile(profile); err != nil || string(b) != "export A=1\n" {
		t.Fatalf("the server did not write the approved file: %q %v", b, err)
	}

	bashrc := filepath.Join(rt.home, ".bashrc")
	write := map[string]any{"path": bashrc, "content": "export B=2\n"}
	r = rt.call(t, wait, "write_file", write)
	id = held(t, "a waiting call without a progress token", r)
	if !strings.Contains(r.Text, "still waiting for a person") || !strings.Contains(r.Text, "call the tool again with the same arguments") {
		t.Errorf("the answer to a call still waiting: %q", r.Text)
	}
	if ids := rt.pending(t); len(ids) != 1 || ids[0] != id {
		t.Errorf("open requests = %v, want %s still open", ids, id)
	}
	rt.approve(t, id)
	if r := rt.call(t, wait, "write_file", write); r.IsError {
		t.Fatalf("the approved call made again: %+v", r)
	}
	if b, err := os.ReadFile(bashrc); err != nil || string(b) != "export B=2\n" {
		t.Fatalf("the server did not write the approved file: %q %v", b, err)
	}
}
