package mcpproxy_test

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"strings"
	"testing"

	"github.com/actionguard/actionguard/audit"
	"github.com/actionguard/actionguard/internal/testwait"
	"github.com/google/go-cmp/cmp"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// rawClient speaks newline-delimited JSON-RPC to a proxy as an agent that
// ignores the protocol's rules would: the proxy reads its bytes through the
// same stdio transport as `actionguard mcp-proxy`.
type rawClient struct {
	h    *harness
	in   *io.PipeWriter
	out  chan string
	done chan error
}

// startRaw runs a proxy between a raw client and the upstream test server,
// and initializes the session and lists the tools as a client would.
func startRaw(t *testing.T) *rawClient {
	t.Helper()
	h := newHarness(t, "MCPPROXY_TEST_SERVER")
	clientIn, proxyIn := io.Pipe()
	proxyOut, clientOut := io.Pipe()
	c := &rawClient{h: h, in: proxyIn, out: make(chan string, 16), done: make(chan error, 1)}
	down, err := (&mcp.IOTransport{Reader: clientIn, Writer: clientOut}).Connect(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	up, err := upstreamServer(t, h.env, h.calls).Connect(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	p := h.proxy(t)
	go func() { c.done <- p.Relay(context.Background(), down, up) }()
	go func() {
		r := bufio.NewReader(proxyOut)
		for {
			line, err := r.ReadString('\n')
			if err != nil {
				close(c.out)
				return
			}
			c.out <- strings.TrimSpace(line)
		}
	}()
	t.Cleanup(func() {
		proxyIn.Close()
		proxyOut.Close()
		select {
		case <-c.done:
		case <-testwait.After(t):
			t.Error("proxy did not stop")
		}
	})
	c.send(t, `{"jsonrpc":"2.0","id":"init","method":"initialize","params":{"protocolVersion":"2025-03-26","capabilities":{},"clientInfo":{"name":"raw","version":"1"}}}`)
	c.recv(t)
	c.send(t, `{"jsonrpc":"2.0","method":"notifications/initialized"}`)
	c.send(t, `{"jsonrpc":"2.0","id":"list","method":"tools/list"}`)
	c.recv(t)
	return c
}

func (c *rawClient) send(t *testing.T, lines ...string) {
	t.Helper()
	for _, l := range lines {
		if _, err := io.WriteString(c.in, l+"\n"); err != nil {
			t.Fatalf("sending %s: %v", l, err)
		}
	}
}

// recv returns the proxy's next line to the client.
func (c *rawClient) recv(t *testing.T) string {
	t.Helper()
	select {
	case l, ok := <-c.out:
		if !ok {
			t.Fatal("the proxy closed the client's stream")
		}
		return l
	case <-testwait.After(t):
		t.Fatal("no answer from the proxy")
	}
	return ""
}

// answer reads one response line and tells what it says of a call: "error
// CODE", "isError" (a tool result the guard wrote) or "ok".
func answer(t *testing.T, line string) (id string, outcome string) {
	t.Helper()
	var r struct {
		ID     json.RawMessage `json:"id"`
		Result struct {
			IsError bool `json:"isError"`
		} `json:"result"`
		Error *struct {
			Code int `json:"code"`
		} `json:"error"`
	}
	if err := json.Unmarshal([]byte(line), &r); err != nil {
		t.Fatalf("answer %s: %v", line, err)
	}
	switch {
	case r.Error != nil:
		return string(r.ID), fmt.Sprintf("error %d", r.Error.Code)
	case r.Result.IsError:
		return string(r.ID), "isError"
	}
	return string(r.ID), "ok"
}

// records returns "tool verdict" of every record in the audit log, after
// checking its chain.
func (h *harness) records(t *testing.T) []audit.Record {
	t.Helper()
	var out []audit.Record
	err := h.log.Export(context.Background(), audit.ExportOptions{}, func(r audit.Record) error {
		out = append(out, r)
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return out
}

func call(id, name, args string) string {
	return `{"jsonrpc":"2.0","id":` + id + `,"method":"tools/call","params":{"name":"` + name + `","arguments":` + args + `}}`
}

// A JSON-RPC batch is split into its messages, and each tools/call in it is
// judged, held or blocked, and recorded like a call sent alone — also when
// the batch arrives in pieces.
func TestBatchCallsAreEachJudged(t *testing.T) {
	c := startRaw(t)
	batch := "[" + strings.Join([]string{
		call("1", "read_file", `{"path":"README.md"}`),
		call("2", "run_shell", `{"command":"rm -rf /"}`),
		call("3", "delete_database", `{"name":"customers"}`),
		`{"jsonrpc":"2.0","id":4,"method":"tools/list"}`,
	}, ",") + "]\n"
	for i := 0; i < len(batch); i += 7 {
		if _, err := io.WriteString(c.in, batch[i:min(i+7, len(batch))]); err != nil {
			t.Fatal(err)
		}
	}
	var answers []json.RawMessage
	if line := c.recv(t); json.Unmarshal([]byte(line), &answers) != nil {
		t.Fatalf("the batch's answer is not an array: %s", line)
	}
	var got []string
	for _, a := range answers {
		id, outcome := answer(t, string(a))
		got = append(got, id+" "+outcome)
	}
	want := []string{"1 ok", "2 isError", "3 isError", "4 ok"}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("answers (-want +got):\n%s", diff)
	}
	if diff := cmp.Diff([]string{`read_file {"path":"README.md"}`}, c.h.seen(t)); diff != "" {
		t.Errorf("upstream calls (-want +got):\n%s", diff)
	}
	want = []string{"mcp__testsrv__read_file allow", "mcp__testsrv__run_shell block", "mcp__testsrv__delete_database approve"}
	if diff := cmp.Diff(want, c.h.verdicts(t)); diff != "" {
		t.Errorf("audit (-want +got):\n%s", diff)
	}
}

// A tools/call without an id, or with a null one, asks for no answer: it
// is never forwarded (a server might run it anyway), and the attempt is
// recorded as a call that could not be checked.
func TestCallWithoutIDIsNotForwarded(t *testing.T) {
	c := startRaw(t)
	c.send(t,
		`{"jsonrpc":"2.0","method":"tools/call","params":{"name":"run_shell","arguments":{"command":"rm -rf /"}}}`,
		`{"jsonrpc":"2.0","id":null,"method":"tools/call","params":{"name":"delete_database","arguments":{"name":"customers"}}}`,
		`{"jsonrpc":"2.0","method":"tools/list"}`,
		call(`"after"`, "read_file", `{"path":"a"}`))
	if id, outcome := answer(t, c.recv(t)); id != `"after"` || outcome != "ok" {
		t.Errorf("the next call's answer: %s %s", id, outcome)
	}
	if diff := cmp.Diff([]string{`read_file {"path":"a"}`}, c.h.seen(t)); diff != "" {
		t.Errorf("upstream calls (-want +got):\n%s", diff)
	}
	rs := c.h.records(t)
	var got []string
	for _, r := range rs {
		got = append(got, fmt.Sprintf("%s %v %t", r.Tool, r.Verdict.Allowed(), strings.Contains(r.Error, "without an id")))
	}
	want := []string{"mcp__testsrv__run_shell false true", "mcp__testsrv__delete_database false true", "mcp__testsrv__read_file true false"}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("audit (-want +got):\n%s", diff)
	}
}

// Params that two JSON parsers could read two ways are refused, never
// judged one way and forwarded to be read the other.
func TestParamsReadTwoWaysAreRefused(t *testing.T) {
	cases := map[string]string{
		"name twice":          `{"name":"run_shell","name":"read_file","arguments":{"command":"rm -rf /"}}`,
		"name in upper case":  `{"name":"read_file","NAME":"run_shell","arguments":{"path":"a","command":"rm -rf /"}}`,
		"Arguments":           `{"name":"run_shell","arguments":{"command":"ls"},"Arguments":{"command":"rm -rf /"}}`,
		"key twice in args":   `{"name":"run_shell","arguments":{"command":"rm -rf /","command":"ls"}}`,
		"key twice deeper":    `{"name":"run_shell","arguments":{"command":"ls","env":[{"a":1,"a":2}]}}`,
		"_META":               `{"name":"read_file","arguments":{"path":"a"},"_meta":{},"_META":{"progressToken":1}}`,
		"arguments as string": `{"name":"run_shell","arguments":"{\"command\":\"rm -rf /\"}"}`,
		"arguments as array":  `{"name":"run_shell","arguments":[{"command":"rm -rf /"}]}`,
		"name as number":      `{"name":7,"arguments":{}}`,
		"no name":             `{"arguments":{"command":"rm -rf /"}}`,
		"invalid UTF-8":       "{\"name\":\"run_shell\",\"arguments\":{\"command\":\"rm -rf /\xff\"}}",
		"nested too deeply":   `{"name":"run_shell","arguments":{"a":` + strings.Repeat("[", 200) + strings.Repeat("]", 200) + `}}`,
	}
	c := startRaw(t)
	n := 0
	for name, params := range cases {
		n++
		c.send(t, fmt.Sprintf(`{"jsonrpc":"2.0","id":%d,"method":"tools/call","params":%s}`, n, params))
		if id, outcome := answer(t, c.recv(t)); id != fmt.Sprint(n) || outcome != "error -32602" {
			t.Errorf("%s: answered %s %s, want invalid params", name, id, outcome)
		}
	}
	if seen := c.h.seen(t); len(seen) != 0 {
		t.Errorf("the upstream ran %v", seen)
	}
	for _, r := range c.h.records(t) {
		if r.Verdict.Allowed() || !strings.Contains(r.Error, "unreadable tools/call params") {
			t.Errorf("record %s %s %q, want the fallback for unreadable params", r.Tool, r.Verdict, r.Error)
		}
	}
	if got := len(c.h.records(t)); got != len(cases) {
		t.Errorf("%d records, want one per refused call (%d)", got, len(cases))
	}
}

// A tool named in another case than the server listed it is judged as the
// listed tool; a name with look-alike or invisible characters that the
// server did not list is refused.
func TestLookalikeToolNames(t *testing.T) {
	c := startRaw(t)
	c.send(t, call("1", "Delete_DATABASE", `{"name":"customers"}`))
	if _, outcome := answer(t, c.recv(t)); outcome != "isError" {
		t.Errorf("a case change of delete_database: %s, want held", outcome)
	}
	for i, name := range []string{"delete_d\u0430tabase", "delete_database\u200b", "read_file\u202e", "r\u0435ad_file", "read file"} {
		c.send(t, call(fmt.Sprint(i+2), name, `{"name":"customers","path":"a"}`))
		if _, outcome := answer(t, c.recv(t)); outcome != "error -32602" {
			t.Errorf("%q: %s, want refused", name, outcome)
		}
	}
	if seen := c.h.seen(t); len(seen) != 0 {
		t.Errorf("the upstream ran %v", seen)
	}
	rs := c.h.records(t)
	if len(rs) != 6 || rs[0].Tool != "mcp__testsrv__delete_database" || rs[0].Verdict != "approve" {
		t.Fatalf("records: %+v", rs)
	}
}

// Calls with ids of every type JSON-RPC allows are judged; two calls that
// share an id are each judged; an id JSON-RPC does not allow ends the
// session without forwarding anything.
func TestCallIDs(t *testing.T) {
	c := startRaw(t)
	c.send(t, call(`"s"`, "run_shell", `{"command":"rm -rf /"}`), call(`-3`, "run_shell", `{"command":"rm -rf /"}`),
		call(`7`, "run_shell", `{"command":"rm -rf /"}`), call(`7`, "read_file", `{"path":"a"}`))
	var got []string
	for range 4 {
		id, outcome := answer(t, c.recv(t))
		got = append(got, id+" "+outcome)
	}
	want := []string{`"s" isError`, "-3 isError", "7 isError", "7 ok"}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("answers (-want +got):\n%s", diff)
	}
	c.send(t, call(`{"x":1}`, "run_shell", `{"command":"rm -rf /"}`))
	select {
	case err := <-c.done:
		if err == nil {
			t.Error("the proxy ended without an error on an object id")
		}
	case <-testwait.After(t):
		t.Fatal("the proxy went on after an object id")
	}
	if diff := cmp.Diff([]string{`read_file {"path":"a"}`}, c.h.seen(t)); diff != "" {
		t.Errorf("upstream calls (-want +got):\n%s", diff)
	}
	c.done <- nil // for the cleanup
}

// An initialize sent again under another client name does not change the
// session a client's calls are judged in.
func TestReinitializeKeepsSession(t *testing.T) {
	c := startRaw(t)
	c.send(t, call("1", "read_file", `{"path":"a"}`))
	c.recv(t)
	c.send(t, `{"jsonrpc":"2.0","id":"again","method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"someone-else","version":"1"}}}`)
	c.recv(t)
	c.send(t, call("2", "read_file", `{"path":"b"}`))
	c.recv(t)
	rs := c.h.records(t)
	if len(rs) != 2 || rs[0].SessionID == "" || rs[0].SessionID != rs[1].SessionID {
		t.Errorf("sessions: %+v", rs)
	}
}

// A line past the transport's bound (16 MiB) ends the session: nothing of
// it is forwarded.
func TestHugeLineEndsSession(t *testing.T) {
	c := startRaw(t)
	huge := call("1", "run_shell", `{"command":"rm -rf / #`+strings.Repeat("x", mcp.DefaultMaxLineLength)+`"}`)
	go io.WriteString(c.in, huge+"\n")
	select {
	case err := <-c.done:
		if err == nil {
			t.Error("the proxy ended without an error on a line past its bound")
		}
	case <-testwait.After(t):
		t.Fatal("the proxy went on after a line past its bound")
	}
	if seen := c.h.seen(t); len(seen) != 0 {
		t.Errorf("the upstream ran %v", seen)
	}
	c.done <- nil // for the cleanup
}
