package cli_test

import (
	"bufio"
	"encoding/json"
	"io"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/actionguard/actionguard/store/postgres/pgtest"
)

// TestTwoServeProcesses runs two `actionguard serve` processes on one
// PostgreSQL database: a check through the first opens an approval, a
// person approves it through the second, the first sees the decision, and
// the approved call passes once — through either process — and only once.
func TestTwoServeProcesses(t *testing.T) {
	dbURL := pgtest.FreshSchema(t)
	bin := actionguardBinary(t)
	home := t.TempDir()
	env := append(personEnviron(), "HOME="+home, "XDG_CONFIG_HOME="+home, "ACTIONGUARD_STORE="+dbURL)

	create := exec.Command(bin, "tokens", "create", "alice", "--scope", "approver")
	create.Env = env
	out, err := create.Output()
	if err != nil {
		t.Fatalf("tokens create: %v", err)
	}
	token := regexp.MustCompile(`agt_[A-Za-z0-9_-]+`).FindString(string(out))
	if token == "" {
		t.Fatalf("tokens create printed no secret: %s", out)
	}

	a, b := startServe(t, bin, env), startServe(t, bin, env)
	call := func(base, method, path, body string) map[string]any {
		t.Helper()
		req, _ := http.NewRequest(method, base+path, strings.NewReader(body))
		req.Header.Set("Authorization", "Bearer "+token)
		req.Header.Set("Content-Type", "application/json")
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatalf("%s %s: %v", method, path, err)
		}
		defer resp.Body.Close()
		raw, _ := io.ReadAll(resp.Body)
		var m map[string]any
		if resp.StatusCode != 200 || json.Unmarshal(raw, &m) != nil {
			t.Fatalf("%s %s%s: %d %s", method, base, path, resp.StatusCode, raw)
		}
		return m
	}
	const push = `{"tool":"Bash","input":{"command":"git push --force origin main"},"context":{"session_id":"replicas","agent":"codex"}}`
	d := call(a, "POST", "/v1/check", push)
	id, _ := d["approval_id"].(string)
	if d["verdict"] != "approve" || id == "" || d["requires_approval"] != true {
		t.Fatalf("first check through A: %v", d)
	}
	call(b, "POST", "/v1/approvals/"+id+"/approve", `{"note":"release day"}`)
	if r := call(a, "GET", "/v1/approvals/"+id, ""); !strings.Contains(jsonString(r), `"status":"approved"`) {
		t.Fatalf("A does not see B's approval: %v", r)
	}
	// A learns of B's decision from its poll of the store (every 500 ms):
	// until then the call waits on the same request, never runs.
	for deadline := time.Now().Add(5 * time.Second); ; time.Sleep(100 * time.Millisecond) {
		d := call(a, "POST", "/v1/check", push)
		if d["verdict"] == "allow" {
			break
		}
		if d["verdict"] != "approve" || d["approval_id"] != id || time.Now().After(deadline) {
			t.Fatalf("the approved call through A: %v", d)
		}
	}
	if d := call(b, "POST", "/v1/check", push); d["verdict"] != "approve" || d["approval_id"] == id {
		t.Fatalf("the same call again, through B: %v (the approval is used up)", d)
	}
}

func jsonString(v any) string { b, _ := json.Marshal(v); return string(b) }

var servingRE = regexp.MustCompile(`serving on (http://[^ ]+)`)

// startServe starts `actionguard serve` on a free port and returns its
// URL; the process is stopped with SIGTERM at the end and must exit 0.
func startServe(t *testing.T, bin string, env []string) string {
	t.Helper()
	cmd := exec.Command(bin, "serve", "--listen", "127.0.0.1:0")
	cmd.Env = env
	stderr, _ := cmd.StderrPipe()
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	found := make(chan string, 1)
	go func() {
		sc := bufio.NewScanner(stderr)
		sent := false
		for sc.Scan() {
			if m := servingRE.FindStringSubmatch(sc.Text()); m != nil && !sent {
				found <- m[1]
				sent = true
			}
		}
	}()
	t.Cleanup(func() {
		cmd.Process.Signal(syscall.SIGTERM)
		done := make(chan error, 1)
		go func() { done <- cmd.Wait() }()
		select {
		case err := <-done:
			if err != nil {
				t.Errorf("serve exited with %v after SIGTERM", err)
			}
		case <-time.After(15 * time.Second):
			cmd.Process.Kill()
			t.Error("serve did not stop within 15 s of SIGTERM")
		}
	})
	select {
	case u := <-found:
		return u
	case <-time.After(30 * time.Second):
		t.Fatal("serve did not say where it listens within 30 s")
	}
	return ""
}

// actionguardBinary is this test binary under the name actionguard
// (TestMain runs cli.Main when it is called so).
func actionguardBinary(t *testing.T) string {
	t.Helper()
	self, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	bin := filepath.Join(t.TempDir(), "actionguard")
	if err := os.Symlink(self, bin); err != nil {
		t.Fatal(err)
	}
	return bin
}
