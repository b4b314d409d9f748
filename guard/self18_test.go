package guard_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/actionguard/actionguard/guard"
	"github.com/actionguard/actionguard/policy"
)

// self18Listeners are the spellings of listening on port P (every
// program the shell analysis knows as a server, every wrapper).
var self18Listeners = []string{
	"python3 -m http.server {P}", "python -m http.server --bind 127.0.0.1 {P}", "nc -l {P}", "nc -lk -p {P}", "ncat -l {P}", "socat TCP-LISTEN:{P},fork,reuseaddr -",
	"PORT={P} node server.js", "env PORT={P} node server.js", "sudo PORT={P} node server.js", "sudo -E PORT={P} npm start", "export PORT={P}; npm start",
	"node server.js --port {P}", "php -S 127.0.0.1:{P}", "docker run -p {P}:80 nginx", "docker run --publish 127.0.0.1:{P}:80 nginx",
	"ssh -N -L {P}:localhost:80 host", "uvicorn app:app --port {P}", "npx http-server -p {P}", "kubectl port-forward svc/web {P}:80",
	"ruby -run -e httpd . -p {P}", "busybox httpd -f -p {P}",
}

// self18Wrappers run a command another way.
var self18Wrappers = []string{"%s", "nohup %s &", "sh -c '%s'", "timeout 60 %s", "cd /tmp && %s"}

// TestSelf18ServerPort: listening on the approval server's port is blocked
// through guard.Check, on the port the guard is configured with (an
// option, or $ACTIONGUARD_SERVER_URL) or the default; the same servers on
// other ports run.
func TestSelf18ServerPort(t *testing.T) {
	p := policy.Default()
	for _, c := range []struct {
		name    string
		opts    []guard.Option
		env     string
		port    string
		another string
	}{
		{name: "default", port: "8750", another: "8000"},
		{name: "option", opts: []guard.Option{guard.WithServerPort(9123)}, port: "9123", another: "8750"},
		{name: "environment", env: "http://127.0.0.1:9444", port: "9444", another: "8750"},
		{name: "environment, localhost", env: "http://localhost:7001/", port: "7001", another: "8750"},
		{name: "environment, another machine", env: "https://approvals.example.com", port: "8750", another: "443"},
	} {
		t.Run(c.name, func(t *testing.T) {
			t.Setenv(guard.ServerURLVar, c.env)
			g := guard.New(append([]guard.Option{guard.WithHome("/home/dev"), guard.WithPolicy(p)}, c.opts...)...)
			for _, l := range self18Listeners {
				for _, w := range self18Wrappers {
					if strings.Contains(l, "'") && strings.Contains(w, "'") || (strings.Contains(l, ";") || strings.HasPrefix(l, "PORT=")) && (strings.HasPrefix(w, "nohup") || strings.HasPrefix(w, "timeout")) {
						// nohup and timeout run a program: PORT=… there is
						// a program's name, not an assignment.
						continue
					}
					run := func(port string) guard.Decision {
						cmd := fmt.Sprintf(w, strings.ReplaceAll(l, "{P}", port))
						return check(t, g, guard.Action{Tool: "Bash", Input: map[string]any{"command": cmd}, Context: guard.Context{Cwd: "/home/dev/project"}})
					}
					if d := run(c.port); d.Verdict != guard.Block {
						t.Errorf("%s on %s: %s (%s)", fmt.Sprintf(w, l), c.port, d.Verdict, d.Reason)
					}
					if d := run(c.another); d.Verdict == guard.Block && strings.Contains(d.Reason, "approval server") {
						t.Errorf("%s on %s: %s (%s), not actionguard's port", fmt.Sprintf(w, l), c.another, d.Verdict, d.Reason)
					}
				}
			}
		})
	}
}

// TestSelf18ServerPortOf: the port of this machine an address names.
func TestSelf18ServerPortOf(t *testing.T) {
	for in, want := range map[string]int{
		"http://127.0.0.1:8750": 8750, "127.0.0.1:9000": 9000, "http://localhost": 80, "https://localhost": 443, "http://[::1]:7000/x": 7000,
		"http://0.0.0.0:8080": 8080, "https://approvals.example.com": 0, "http://10.0.0.5:8750": 0, "": 0, "http://127.0.0.1:99999": 0,
		"http://127.0.0.1:-1": 0, "::::": 0, "http://%zz": 0, "ftp://localhost": 0,
	} {
		if got := guard.ServerPortOf(in); got != want {
			t.Errorf("ServerPortOf(%q) = %d, want %d", in, got, want)
		}
	}
}
