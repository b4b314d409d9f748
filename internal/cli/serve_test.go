package cli

import (
	"bytes"
	"context"
	"io"
	"net/http"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/actionguard/actionguard/audit"
	"github.com/actionguard/actionguard/store"
)

// lockedBuffer is a buffer the server writes to while the test reads it.
type lockedBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (l *lockedBuffer) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.Write(p)
}

func (l *lockedBuffer) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.String()
}

func testEnv(vars map[string]string, args ...string) (Env, *lockedBuffer, *lockedBuffer) {
	out, errb := &lockedBuffer{}, &lockedBuffer{}
	return Env{Args: args, Stdout: out, Stderr: errb, Getenv: func(k string) string { return vars[k] }}, out, errb
}

// TestServe runs `actionguard serve` on a free port: a token made with
// `tokens create` works, a check is answered and recorded, and the
// server stops cleanly when its context ends (SIGINT, SIGTERM).
func TestServe(t *testing.T) {
	dir := t.TempDir()
	vars := map[string]string{"HOME": dir, "XDG_CONFIG_HOME": dir, "ACTIONGUARD_STORE": filepath.Join(dir, "ag.db")}

	env, out, _ := testEnv(vars, "tokens", "create", "alice")
	if code := Run(env); code != ExitOK {
		t.Fatalf("tokens create: exit %d", code)
	}
	secret := strings.TrimSpace(out.String())

	env, _, stderr := testEnv(vars)
	a := &app{env: env}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() {
		done <- a.runServe(ctx, &serveOptions{listen: "127.0.0.1:0", maxBody: 1 << 20, drain: 2 * time.Second, approvalDir: "-"})
	}()
	var base string
	serving := regexp.MustCompile(`serving on (http://127\.0\.0\.1:\d+) \(store: sqlite `)
	for deadline := time.Now().Add(10 * time.Second); base == ""; {
		if m := serving.FindStringSubmatch(stderr.String()); m != nil {
			base = m[1]
		} else if time.Now().After(deadline) {
			t.Fatalf("the server did not start: %s", stderr)
		}
		time.Sleep(10 * time.Millisecond)
	}

	res, err := http.Get(base + "/healthz")
	if err != nil || res.StatusCode != 200 {
		t.Fatalf("/healthz: %v %v", res, err)
	}
	res.Body.Close()
	req, _ := http.NewRequest("POST", base+"/v1/check", strings.NewReader(`{"id":"t-1","tool":"Bash","input":{"command":"git status"}}`))
	req.Header.Set("Authorization", "Bearer "+secret)
	res, err = http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	body, _ := io.ReadAll(res.Body)
	res.Body.Close()
	if res.StatusCode != 200 || !strings.Contains(string(body), `"verdict":"allow"`) {
		t.Fatalf("check: %d %s", res.StatusCode, body)
	}

	cancel()
	select {
	case err := <-done:
		if err != nil {
			t.Fatalf("serve: %v", err)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("serve did not stop")
	}
	if !strings.Contains(stderr.String(), "actionguard: stopped") {
		t.Errorf("stderr: %s", stderr)
	}
	st, err := store.Open(context.Background(), vars["ACTIONGUARD_STORE"])
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	if _, n, err := st.AuditRecord(context.Background(), "t-1"); err != nil || n != 1 {
		t.Errorf("the check is not in the audit log: %d %v", n, err)
	}
	if v, err := audit.New(st).Verify(context.Background(), nil); err != nil || !v.OK() {
		t.Errorf("Verify: %v %v", v, err)
	}
}

func TestServeRefusesRemoteByDefault(t *testing.T) {
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"serve", "--listen", "0.0.0.0:0"}, "--allow-remote"},
		{[]string{"serve", "--listen", ":8750"}, "every interface"},
		{[]string{"serve", "--listen", "127.0.0.1:0", "--no-auth", "--allow-remote"}, "--no-auth serves loopback only"},
		{[]string{"serve", "--tls-cert", "x.pem"}, "--tls-cert and --tls-key go together"},
	} {
		env, _, stderr := testEnv(map[string]string{"HOME": t.TempDir()}, tc.args...)
		if code := Run(env); code != ExitUsage || !strings.Contains(stderr.String(), tc.want) {
			t.Errorf("%v: exit %d, stderr %q; want exit 2 saying %q", tc.args, code, stderr, tc.want)
		}
	}
}
