package server_test

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/actionguard/actionguard/audit"
	"github.com/actionguard/actionguard/guard"
	"github.com/actionguard/actionguard/internal/testwait"
	"github.com/actionguard/actionguard/server"
	"github.com/actionguard/actionguard/store"
)

// env is a server on a temporary SQLite store, with one API token.
type env struct {
	t     *testing.T
	st    store.Store
	srv   *server.Server
	ts    *httptest.Server
	token string
}

// openStore opens a store in a temporary directory.
func openStore(t testing.TB, opts ...store.Option) store.Store {
	t.Helper()
	db, err := store.Open(context.Background(), filepath.Join(t.TempDir(), "actionguard.db"), opts...)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	return db
}

// newEnv starts a server (fast polling, no token cache) with a token.
func newEnv(t *testing.T, opts ...server.Option) *env {
	t.Helper()
	st := openStore(t)
	return newEnvOn(t, st, opts...)
}

func newEnvOn(t *testing.T, st store.Store, opts ...server.Option) *env {
	t.Helper()
	// alice is a person: her token approves.
	secret, tok := server.NewToken("alice", time.Now())
	tok.Scope = store.ScopeApprover
	if err := st.CreateToken(context.Background(), tok); err != nil {
		t.Fatal(err)
	}
	// As 'tokens create --scope approver' does: the grant in the audit log.
	if err := audit.New(st).Append(context.Background(), server.GrantRecord(tok)); err != nil {
		t.Fatal(err)
	}
	opts = append([]server.Option{server.WithPollInterval(25 * time.Millisecond), server.WithTokenCacheTTL(0),
		server.WithApprovalDir(filepath.Join(t.TempDir(), "approvals"))}, opts...)
	srv := server.New(st, guard.New(guard.WithHome("/home/u")), opts...)
	ts := httptest.NewServer(srv)
	t.Cleanup(func() {
		// Close first: it ends the event streams, which ts.Close waits for.
		if err := srv.Close(); err != nil {
			t.Errorf("Close: %v", err)
		}
		ts.Close()
	})
	return &env{t: t, st: st, srv: srv, ts: ts, token: secret}
}

// do sends a request with the token and returns the status and body.
func (e *env) do(method, path string, body any) (int, []byte) {
	e.t.Helper()
	return e.doWith(method, path, body, map[string]string{"Authorization": "Bearer " + e.token})
}

func (e *env) doWith(method, path string, body any, header map[string]string) (int, []byte) {
	e.t.Helper()
	var r io.Reader
	switch b := body.(type) {
	case nil:
	case string:
		r = strings.NewReader(b)
	case []byte:
		r = bytes.NewReader(b)
	default:
		data, err := json.Marshal(b)
		if err != nil {
			e.t.Fatal(err)
		}
		r = bytes.NewReader(data)
	}
	req, err := http.NewRequest(method, e.ts.URL+path, r)
	if err != nil {
		e.t.Fatal(err)
	}
	for k, v := range header {
		if k == "Host" {
			req.Host = v
			continue
		}
		req.Header.Set(k, v)
	}
	res, err := e.ts.Client().Do(req)
	if err != nil {
		e.t.Fatal(err)
	}
	defer res.Body.Close()
	data, err := io.ReadAll(res.Body)
	if err != nil {
		e.t.Fatal(err)
	}
	return res.StatusCode, data
}

// check posts an action and returns the decision.
func (e *env) check(a guard.Action) guard.Decision {
	e.t.Helper()
	code, body := e.do("POST", "/v1/check", a)
	if code != http.StatusOK {
		e.t.Fatalf("POST /v1/check: %d %s", code, body)
	}
	var d guard.Decision
	if err := json.Unmarshal(body, &d); err != nil {
		e.t.Fatalf("decision: %v\n%s", err, body)
	}
	return d
}

func decode[T any](t testing.TB, data []byte) T {
	t.Helper()
	var v T
	if err := json.Unmarshal(data, &v); err != nil {
		t.Fatalf("decoding %T: %v\n%s", v, err, data)
	}
	return v
}

// sseEvent is one server-sent event.
type sseEvent struct {
	name, data string
}

// subscribe follows /v1/events; events arrive on the channel until the
// test ends.
func (e *env) subscribe(header map[string]string) <-chan sseEvent {
	e.t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	e.t.Cleanup(cancel)
	req, _ := http.NewRequestWithContext(ctx, "GET", e.ts.URL+"/v1/events", nil)
	for k, v := range header {
		req.Header.Set(k, v)
	}
	if header == nil {
		req.Header.Set("Authorization", "Bearer "+e.token)
	}
	res, err := e.ts.Client().Do(req)
	if err != nil {
		e.t.Fatal(err)
	}
	if res.StatusCode != 200 || !strings.HasPrefix(res.Header.Get("Content-Type"), "text/event-stream") {
		e.t.Fatalf("GET /v1/events: %d %s", res.StatusCode, res.Header.Get("Content-Type"))
	}
	ch := make(chan sseEvent, 64)
	go func() {
		defer res.Body.Close()
		defer close(ch)
		sc := bufio.NewScanner(res.Body)
		var ev sseEvent
		for sc.Scan() {
			line := sc.Text()
			switch {
			case line == "":
				if ev.name != "" || ev.data != "" {
					ch <- ev
				}
				ev = sseEvent{}
			case strings.HasPrefix(line, "event: "):
				ev.name = strings.TrimPrefix(line, "event: ")
			case strings.HasPrefix(line, "data: "):
				ev.data += strings.TrimPrefix(line, "data: ")
			}
		}
	}()
	return ch
}

// nextEvent waits for an approval event of a type.
func nextEvent(t *testing.T, ch <-chan sseEvent, typ string) server.Event {
	t.Helper()
	timeout := testwait.After(t)
	for {
		select {
		case ev, ok := <-ch:
			if !ok {
				t.Fatalf("event stream ended before a %q event", typ)
			}
			if ev.name != "approval" {
				continue
			}
			var e server.Event
			if err := json.Unmarshal([]byte(ev.data), &e); err != nil {
				t.Fatalf("event data: %v\n%s", err, ev.data)
			}
			if e.Type == typ {
				return e
			}
		case <-timeout:
			t.Fatalf("no %q event before the test's deadline", typ)
		}
	}
}

// Actions of the tests.
var (
	routine   = guard.Action{Tool: "Bash", Input: map[string]any{"command": "git status"}}
	forcePush = func(session string) guard.Action {
		return guard.Action{Tool: "Bash", Input: map[string]any{"command": "git push --force origin main"},
			Context: guard.Context{SessionID: session, Agent: "claude-code"}}
	}
	deletePod = func(session string) guard.Action {
		return guard.Action{Tool: "Bash", Input: map[string]any{"command": "kubectl delete pod web-1"},
			Context: guard.Context{SessionID: session, Agent: "claude-code"}}
	}
)
