package shell

import (
	"strings"
	"testing"
)

// Stopping actionguard's server and listening on its port, generated
// over spellings and wrappers; the same commands aimed at other programs
// and other ports are benign twins.

var serverStops = []string{
	"pkill {name}", "pkill -f {name}", "pkill -9 -f {name}", "pkill --full {name}", "pkill -KILL {name}", "pkill -f '{name} serve'", "pkill -f \"{name}\"", "pkill -i -f {name}",
	"killall {name}", "killall -9 {name}", "killall -KILL {name}", "killall -q {name}", "killall -r '{name}.*'",
	"kill $(pgrep {name})", "kill -9 $(pgrep -f {name})", "kill `pgrep {name}`", "kill $(pidof {name})", "kill -TERM $(pgrep -f '{name} serve')",
	"pgrep {name} | xargs kill", "pgrep -f {name} | xargs -r kill -9", "pidof {name} | xargs kill", "ps aux | grep {name} | awk '{print $2}' | xargs kill",
	"ps -ef | grep '[{name}]' | awk '{print $2}' | xargs kill -9", "for p in $(pgrep {name}); do kill $p; done",
}

var portStops = []string{"fuser -k {port}/tcp", "fuser -k -n tcp {port}", "fuser -km {port}/tcp", "kill $(lsof -t -i :{port})", "kill -9 $(lsof -ti:{port})",
	"lsof -ti:{port} | xargs kill", "lsof -t -i tcp:{port} | xargs kill -9", "npx kill-port {port}"}

var unitStops = []string{"systemctl --user stop {unit}", "systemctl stop {unit}", "systemctl --user disable --now {unit}", "systemctl --user mask {unit}",
	"systemctl --user kill {unit}", "sudo systemctl stop {unit}", "service {unit} stop", "launchctl unload ~/Library/LaunchAgents/com.{unit}.serve.plist",
	"launchctl bootout gui/501/com.{unit}.serve", "launchctl remove com.{unit}.serve", "launchctl stop com.{unit}.serve"}

var serverWrappers = []string{"C", "sudo C", "bash -c 'C'", "sh -c \"C\"", "eval \"C\"", "timeout 5 C", "env C", "nohup C &", "true; C", "C || true"}

// wrapAll spells cmd under each wrapper whose quotes it does not break.
func wrapAll(cmd string) []string {
	var out []string
	for _, w := range serverWrappers {
		if strings.Contains(w, "'") && strings.Contains(cmd, "'") || strings.Contains(w, "\"") && strings.Contains(cmd, "\"") ||
			strings.Contains(w, "\"") && strings.ContainsAny(cmd, "$`") {
			continue
		}
		prefixed := w == "sudo C" || w == "timeout 5 C" || w == "env C" || w == "nohup C &"
		if prefixed && (strings.HasPrefix(cmd, "for ") || strings.HasPrefix(cmd, "export ") || strings.Contains(cmd, "; ")) {
			continue // not a command a wrapper can run
		}
		if (w == "timeout 5 C" || w == "nohup C &" || w == "sudo C") && strings.Contains(strings.Fields(cmd)[0], "=") {
			continue // timeout and nohup take no assignment; sudo VAR=value is not unwrapped (a known gap)
		}
		out = append(out, strings.ReplaceAll(w, "C", cmd))
	}
	return out
}

func TestSelfServerStopped(t *testing.T) {
	n := 0
	check := func(cmd string) {
		t.Helper()
		for _, c := range wrapAll(cmd) {
			n++
			if !hasSelfRule(c, "shell.self.server-stop") {
				t.Errorf("%s: no shell.self.server-stop (found %v)", c, ruleIDs(Analyze(c, selfOptions)))
			}
		}
	}
	for _, tpl := range serverStops {
		for _, name := range []string{"actionguard", "actionguard-hook", "actionguard-mcp"} {
			check(strings.ReplaceAll(tpl, "{name}", name))
		}
	}
	for _, tpl := range portStops {
		check(strings.ReplaceAll(tpl, "{port}", "8750"))
	}
	for _, tpl := range unitStops {
		for _, u := range []string{"actionguard", "actionguard.service", "actionguard-serve"} {
			check(strings.ReplaceAll(tpl, "{unit}", u))
		}
	}
	t.Logf("%d commands", n)
}

func TestSelfServerStopTwins(t *testing.T) {
	var cmds []string
	for _, tpl := range serverStops {
		for _, name := range []string{"node", "python3", "'node server.js'", "vite"} {
			cmds = append(cmds, strings.ReplaceAll(tpl, "{name}", strings.Trim(name, "'")))
		}
	}
	for _, tpl := range portStops {
		cmds = append(cmds, strings.ReplaceAll(tpl, "{port}", "3000"), strings.ReplaceAll(tpl, "{port}", "18750"))
	}
	for _, tpl := range unitStops {
		cmds = append(cmds, strings.ReplaceAll(tpl, "{unit}", "nginx"))
	}
	cmds = append(cmds, "pkill -f serve", "pkill -f 'node server.js'", "pgrep -a actionguard", "ps aux | grep actionguard", "systemctl --user status actionguard",
		"systemctl --user start actionguard", "launchctl list | grep actionguard", "fuser 8750/tcp", "lsof -i :8750", "kill 4242", "actionguard serve")
	for _, c := range cmds {
		if hasSelfRule(c, "shell.self.server-stop") || hasSelfRule(c, "shell.self.server-impersonate") {
			t.Errorf("%s: %v, want no server rule", c, ruleIDs(Analyze(c, selfOptions)))
		}
	}
}

var listeners = []string{
	"python3 -m http.server {port}", "python -m http.server --bind 127.0.0.1 {port}", "python3 -m SimpleHTTPServer {port}", "python3 app.py --port {port}", "python3 app.py --port={port}",
	"node server.js --port {port}", "node server.js --port={port}", "node server.js -p {port}", "PORT={port} node server.js", "PORT={port} npm start", "export PORT={port}; node server.js",
	"php -S localhost:{port}", "php -S 0.0.0.0:{port} -t public", "ruby -run -e httpd . -p {port}", "busybox httpd -f -p {port}", "npx http-server -p {port}", "npx serve -l {port}",
	"uvicorn app:app --port {port}", "flask run --port {port}", "gunicorn -b 127.0.0.1:{port} app:app", "nc -l {port}", "nc -lk {port}", "nc -l -p {port}", "nc -lvnp {port}",
	"ncat -l {port}", "ncat --listen 127.0.0.1 {port}", "netcat -l -p {port}", "socat TCP-LISTEN:{port},fork -", "socat tcp-listen:{port},reuseaddr EXEC:./fake",
	"socat TCP4-LISTEN:{port},bind=127.0.0.1 STDOUT", "ssh -N -L {port}:localhost:80 host", "ssh -L 127.0.0.1:{port}:example.com:443 host",
	"docker run -p {port}:80 nginx", "docker run -d -p 127.0.0.1:{port}:8080 img", "podman run --publish {port}:80 img", "kubectl port-forward svc/web {port}:80",
}

func TestSelfPortImpersonated(t *testing.T) {
	n := 0
	for _, tpl := range listeners {
		for _, c := range wrapAll(strings.ReplaceAll(tpl, "{port}", "8750")) {
			n++
			if !hasSelfRule(c, "shell.self.server-impersonate") {
				t.Errorf("%s: no shell.self.server-impersonate (found %v)", c, ruleIDs(Analyze(c, selfOptions)))
			}
		}
	}
	// A server configured on another port: that one is protected, 8750
	// is free.
	opt := selfOptions
	opt.ServerPort = 9443
	for _, tpl := range listeners[:8] {
		if c := strings.ReplaceAll(tpl, "{port}", "9443"); !hasRuleWith(c, "shell.self.server-impersonate", opt) {
			t.Errorf("%s on the configured port: not judged", c)
		}
		if c := strings.ReplaceAll(tpl, "{port}", "8750"); hasRuleWith(c, "shell.self.server-impersonate", opt) {
			t.Errorf("%s with the server on 9443: judged", c)
		}
	}
	t.Logf("%d commands", n)
}

func TestSelfPortTwins(t *testing.T) {
	var cmds []string
	for _, tpl := range listeners {
		cmds = append(cmds, strings.ReplaceAll(tpl, "{port}", "8000"), strings.ReplaceAll(tpl, "{port}", "87500"), strings.ReplaceAll(tpl, "{port}", "18750"))
	}
	cmds = append(cmds, "nc localhost 8750", "nc -z 127.0.0.1 8750", "curl localhost:8750/healthz", "curl http://127.0.0.1:8750/v1/approvals", "seq 8750",
		"head -n 8750 log.txt", "sleep 8750", "echo 8750", "grep 8750 notes.txt", "ssh -p 8750 host", "docker run -p 8080:8750 img", "python3 -c 'print(8750)'")
	for _, c := range cmds {
		if hasSelfRule(c, "shell.self.server-impersonate") || hasSelfRule(c, "shell.self.server-stop") {
			t.Errorf("%s: %v, want no server rule", c, ruleIDs(Analyze(c, selfOptions)))
		}
	}
}

func hasSelfRule(cmd, id string) bool { return hasRuleWith(cmd, id, selfOptions) }

func hasRuleWith(cmd, id string, opt Options) bool {
	for _, f := range Analyze(cmd, opt).Findings {
		if f.Rule == id {
			return true
		}
	}
	return false
}

// FuzzKillPattern: any pattern, any flags: an answer, never a panic; a
// pattern that names actionguard literally is always caught.
func FuzzKillPattern(f *testing.F) {
	f.Add("actionguard", true, false)
	f.Add("act.*guard", false, false)
	f.Add("[[:alpha:]]+guard", true, false)
	f.Add("(", true, true)
	f.Fuzz(func(t *testing.T, pat string, full, exact bool) {
		got := killPattern(pat, full, exact, "8750")
		if !exact && strings.Contains(pat, "actionguard") && !strings.ContainsAny(pat, `\[](){}|^$*+?.`) && !got {
			t.Fatalf("killPattern(%q, %v) = false", pat, full)
		}
	})
}
