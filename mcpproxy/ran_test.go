package mcpproxy_test

import (
	"context"
	"encoding/json"
	"sync"
	"testing"
	"time"

	"github.com/actionguard/actionguard/guard"
	"github.com/actionguard/actionguard/mcpproxy"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// serveMail is an upstream with two sending tools: send_email sends,
// send_email_down answers every call with an error result (the send failed).
func serveMail(callsFile string) error {
	s := mcp.NewServer(&mcp.Implementation{Name: "mail", Version: "1.0.0"}, nil)
	schema := json.RawMessage(`{"type":"object","properties":{"to":{"type":"string"},"subject":{"type":"string"},"body":{"type":"string"}}}`)
	s.AddTool(&mcp.Tool{Name: "send_email", Description: "Send an e-mail.", InputSchema: schema}, recordCall(callsFile, "send_email"))
	s.AddTool(&mcp.Tool{Name: "send_email_down", Description: "Send an e-mail.", InputSchema: schema},
		func(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
			return &mcp.CallToolResult{IsError: true, Content: []mcp.Content{&mcp.TextContent{Text: "the mail server is down"}}}, nil
		})
	return s.Run(context.Background(), &mcp.StdioTransport{})
}

type ranLog struct {
	mu    sync.Mutex
	calls []string // "tool verdict contact…"
}

func (l *ranLog) record(a *guard.Action, d *guard.Decision, _ time.Duration) {
	l.mu.Lock()
	defer l.mu.Unlock()
	s := a.Tool + " " + string(d.Verdict)
	for _, c := range d.Contacts {
		s += " " + c.Address
	}
	l.calls = append(l.calls, s)
}

func (l *ranLog) get() []string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return append([]string(nil), l.calls...)
}

// TestSendsThatRanTeachContacts: a send the proxy forwarded and whose
// result came back is recorded as run, with its recipient, once; a held
// send, a send the server failed and a call that reaches nobody are not.
func TestSendsThatRanTeachContacts(t *testing.T) {
	asked := guard.Context{UserMessages: []string{"send the weekly report to bob@acme.com"}}
	msg := map[string]any{"to": "bob@acme.com", "subject": "report", "body": "the weekly report"}

	t.Run("ran", func(t *testing.T) {
		var ran ranLog
		h := startServer(t, "MCPPROXY_TEST_MAIL_SERVER", mcpproxy.WithContext(asked), mcpproxy.WithRan(ran.record))
		if r := h.call(t, "send_email", msg); r.IsError {
			t.Fatalf("the asked-for send was refused: %s", text(r))
		}
		want := []string{"mcp__mail__send_email notify bob@acme.com"}
		if got := ran.get(); len(got) != 1 || got[0] != want[0] {
			t.Errorf("ran = %q, want %q", got, want)
		}
		// A second identical send is a second interaction.
		h.call(t, "send_email", msg)
		if got := ran.get(); len(got) != 2 {
			t.Errorf("after a second send, ran = %q", got)
		}
	})
	t.Run("failed upstream", func(t *testing.T) {
		var ran ranLog
		h := startServer(t, "MCPPROXY_TEST_MAIL_SERVER", mcpproxy.WithContext(asked), mcpproxy.WithRan(ran.record))
		if r := h.call(t, "send_email_down", msg); !r.IsError {
			t.Fatalf("the failing tool succeeded: %s", text(r))
		}
		if got := ran.get(); len(got) != 0 {
			t.Errorf("a send the server failed was recorded as run: %q", got)
		}
	})
	t.Run("held", func(t *testing.T) {
		var ran ranLog
		// Nobody asked for it: a new recipient waits for a person.
		h := startServer(t, "MCPPROXY_TEST_MAIL_SERVER", mcpproxy.WithRan(ran.record))
		if r := h.call(t, "send_email", msg); !r.IsError {
			t.Fatalf("an unasked send to a new recipient ran: %s", text(r))
		}
		if got := ran.get(); len(got) != 0 {
			t.Errorf("a held send was recorded as run: %q", got)
		}
		if seen := h.seen(t); len(seen) != 0 {
			t.Errorf("the held send reached the server: %q", seen)
		}
	})
}
