package server

import (
	"bufio"
	"context"
	"net"
	"net/http"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/actionguard/actionguard/approval"
	"github.com/actionguard/actionguard/guard"
	"github.com/actionguard/actionguard/internal/testwait"
	"github.com/actionguard/actionguard/store"
)

// The event stream outlives the server's read and write timeouts, which
// would otherwise cut it (a passed read deadline cancels the request).
func TestEventStreamOutlivesTimeouts(t *testing.T) {
	st, err := store.Open(context.Background(), filepath.Join(t.TempDir(), "ag.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	srv := New(st, guard.New(), WithoutAuth(), WithPollInterval(20*time.Millisecond))
	srv.cfg.readTimeout, srv.cfg.writeTimeout = 200*time.Millisecond, 200*time.Millisecond
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	served := make(chan error, 1)
	go func() { served <- srv.Serve(ctx, ln) }()
	defer func() {
		cancel()
		<-served
		srv.Close()
	}()

	res, err := http.Get("http://" + ln.Addr().String() + "/v1/events")
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	lines := make(chan string, 16)
	go func() {
		sc := bufio.NewScanner(res.Body)
		for sc.Scan() {
			lines <- sc.Text()
		}
		close(lines)
	}()
	time.Sleep(time.Second) // five read and write timeouts
	r := approval.New([]byte(`{"tool":"Bash","input":{"command":"npm publish"}}`), approval.Summary{Tool: "Bash", Verdict: "approve"}, time.Now())
	if err := approval.Open(context.Background(), st, r); err != nil {
		t.Fatal(err)
	}
	deadline := testwait.After(t)
	for {
		select {
		case line, ok := <-lines:
			if !ok {
				t.Fatal("the stream ended")
			}
			if strings.HasPrefix(line, "data: ") && strings.Contains(line, r.ID) {
				return
			}
		case <-deadline:
			t.Fatal("no event after the timeouts passed")
		}
	}
}
