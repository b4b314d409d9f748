package mcpproxy_test

import (
	"bytes"
	"context"
	"io"
	"strings"
	"sync"
	"testing"

	"github.com/actionguard/actionguard/guard"
	"github.com/actionguard/actionguard/internal/testwait"
	"github.com/actionguard/actionguard/mcpproxy"
	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// fakeUpstream is an upstream connection in memory: what the proxy writes
// to it is kept, and it sends what the test pushes.
type fakeUpstream struct {
	push   chan jsonrpc.Message
	closed chan struct{}
	once   sync.Once

	mu  sync.Mutex
	got []jsonrpc.Message
}

func newFakeUpstream() *fakeUpstream {
	return &fakeUpstream{push: make(chan jsonrpc.Message), closed: make(chan struct{})}
}

func (f *fakeUpstream) Read(ctx context.Context) (jsonrpc.Message, error) {
	select {
	case m := <-f.push:
		return m, nil
	case <-ctx.Done():
		return nil, ctx.Err()
	case <-f.closed:
		return nil, io.EOF
	}
}

func (f *fakeUpstream) Write(_ context.Context, m jsonrpc.Message) error {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.got = append(f.got, m)
	return nil
}

func (f *fakeUpstream) Close() error      { f.once.Do(func() { close(f.closed) }); return nil }
func (f *fakeUpstream) SessionID() string { return "" }

func (f *fakeUpstream) received() []jsonrpc.Message {
	f.mu.Lock()
	defer f.mu.Unlock()
	return append([]jsonrpc.Message(nil), f.got...)
}

// blockAll decides every action is blocked.
type blockAll struct{}

func (blockAll) Check(_ context.Context, a guard.Action) (guard.Decision, error) {
	return guard.Decision{Verdict: guard.Block, Reason: "every call is blocked in this test"}, nil
}

// FuzzFraming feeds arbitrary bytes to the proxy as its client's stream,
// with a guard that blocks every call: whatever the framing (batches,
// split or huge lines, notifications, odd ids, duplicate keys), no
// tools/call and no request without an id other than a notification may
// reach the upstream server.
func FuzzFraming(f *testing.F) {
	for _, s := range []string{
		`{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"x","arguments":{}}}`,
		`[{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"x"}},{"jsonrpc":"2.0","id":2,"method":"tools/list"}]`,
		`{"jsonrpc":"2.0","method":"tools/call","params":{"name":"x"}}`,
		`{"jsonrpc":"2.0","id":null,"method":"tools/call","params":{"name":"x"}}`,
		`{"jsonrpc":"2.0","id":1,"method":"tools/call","method":"tools/list","params":{"name":"x"}}`,
		`{"jsonrpc":"2.0","id":1,"method":"tools/list","method":"tools/call","params":{"name":"x"}}`,
		`{"jsonrpc":"2.0","id":1,"Method":"tools/call","params":{"name":"x"}}`,
		`{"jsonrpc":"2.0","id":1,"method":"tools\/call","params":{"name":"x"}}`,
		`{"jsonrpc":"2.0","id":{"a":1},"method":"tools/call","params":{"name":"x"}}`,
		"{\"jsonrpc\":\"2.0\",\"id\":1,\n\"method\":\"tools/call\",\"params\":{\"name\":\"x\"}}\n[]\n",
		`{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"clientInfo":{"name":"c"}}}` + "\n" + `{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"x"}}`,
		`{"jsonrpc":"2.0","id":1,"result":{}}{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"x"}}`,
		"\xef\xbb\xbf" + `{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"x"}}`,
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		up := newFakeUpstream()
		var out bytes.Buffer
		down, err := (&mcp.IOTransport{Reader: io.NopCloser(bytes.NewReader(data)), Writer: nopWriteCloser{&out}}).Connect(context.Background())
		if err != nil {
			t.Fatal(err)
		}
		p := mcpproxy.New(blockAll{}, mcpproxy.WithName("fz"))
		done := make(chan error, 1)
		go func() { done <- p.Relay(context.Background(), down, up) }()
		select {
		case <-done:
		case <-testwait.After(t):
			t.Fatal("the proxy did not stop at the end of its input")
		}
		for _, m := range up.received() {
			req, ok := m.(*jsonrpc.Request)
			if !ok {
				continue
			}
			if req.Method == "tools/call" {
				t.Errorf("a tools/call reached the upstream: %+v", req)
			}
			if !req.IsCall() && !strings.HasPrefix(req.Method, "notifications/") {
				t.Errorf("a %q request without an id reached the upstream", req.Method)
			}
		}
	})
}

type nopWriteCloser struct{ io.Writer }

func (nopWriteCloser) Close() error { return nil }

// The server's requests to the client pass through, except a tools/call:
// the client runs no tools for its server, so the proxy answers it.
func TestServerRequests(t *testing.T) {
	up := newFakeUpstream()
	clientIn, proxyIn := io.Pipe()
	var out syncBuf
	down, err := (&mcp.IOTransport{Reader: clientIn, Writer: nopWriteCloser{&out}}).Connect(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	p := mcpproxy.New(blockAll{}, mcpproxy.WithName("srv"))
	done := make(chan error, 1)
	go func() { done <- p.Relay(context.Background(), down, up) }()
	for _, m := range []jsonrpc.Message{
		&jsonrpc.Request{ID: mustID(t, float64(1)), Method: "tools/call", Params: []byte(`{"name":"run_shell","arguments":{"command":"rm -rf ~"}}`)},
		&jsonrpc.Request{ID: mustID(t, float64(2)), Method: "sampling/createMessage", Params: []byte(`{"messages":[],"maxTokens":5}`)},
		&jsonrpc.Request{ID: mustID(t, float64(3)), Method: "roots/list"},
	} {
		up.push <- m
	}
	testwait.Until(t, "the server's requests", func() bool { return strings.Count(out.String(), "\n") >= 2 })
	got := out.String()
	if strings.Contains(got, "tools/call") || !strings.Contains(got, "sampling/createMessage") || !strings.Contains(got, "roots/list") {
		t.Errorf("the client was sent:\n%s", got)
	}
	var refused *jsonrpc.Response
	for _, m := range up.received() {
		if r, ok := m.(*jsonrpc.Response); ok && r.ID == mustID(t, float64(1)) {
			refused = r
		}
	}
	if refused == nil || refused.Error == nil {
		t.Errorf("the server's tools/call was not refused: %+v", up.received())
	}
	proxyIn.Close()
	<-done
}

func mustID(t *testing.T, v any) jsonrpc.ID {
	id, err := jsonrpc.MakeID(v)
	if err != nil {
		t.Fatal(err)
	}
	return id
}
