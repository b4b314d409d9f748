package shell

import (
	"strings"
	"testing"
)

// TestServeSecretsEveryServer: every static file server, serving the
// home directory, the root or a credential directory in every spelling
// and on every interface, exposes secrets; the same server on a project
// directory, or bound to the loopback interface, runs.
func TestServeSecretsEveryServer(t *testing.T) {
	// D is the served directory; A is an address that listens on every
	// interface, L the loopback twin of the same spelling.
	servers := []string{
		"ruby -run -e httpd D -p 8000", "ruby -run -ehttpd D", "ruby -r un -e httpd -- --port=8000 D", "ruby -run -e httpd --bind-address=A D",
		"ruby -run -e httpd -b A -p 8000 D", "ruby -w -run -e httpd D",
		"miniserve D", "miniserve -i A D", "darkhttpd D --port 8080", "live-server D", "npx live-server --port=8080 D",
		"simple-http-server D", "npx http-server D -a A", "npx serve D", "http-server -p 8080 D", "busybox httpd -f -p A:8080 -h D",
		"jwebserver -b A -d D", "updog -d D", "static-web-server -d D", "static-web-server --root D --host A", "caddy file-server --root D --listen A:80",
		"python3 -m http.server -b A -d D", "php -S A:8000 -t D", "cd D && ruby -run -e httpd", "cd D && darkhttpd .",
	}
	secret := []string{"~", "$HOME", "${HOME}", "/home/dev", "/", "~/", "~/.ssh", "~/.aws", "..", "/home/dev/.gnupg"}
	plain := []string{"build", "./dist", "public", "site", "/home/dev/project/docs"}
	n := 0
	for _, s := range servers {
		for _, d := range secret {
			src := strings.NewReplacer("D", d, "A", "0.0.0.0").Replace(s)
			n++
			if res := Analyze(src, producerOptions); !hasRule(res, "shell.net.serve-secrets") {
				t.Errorf("%q: want shell.net.serve-secrets, got %v", src, ruleIDs(res))
			}
		}
		for _, d := range plain {
			src := strings.NewReplacer("D", d, "A", "0.0.0.0").Replace(s)
			if res := Analyze(src, producerOptions); hasRule(res, "shell.net.serve-secrets") {
				t.Errorf("%q should run: got %v", src, ruleIDs(res))
			}
		}
		if strings.Contains(s, "A") {
			for _, l := range []string{"127.0.0.1", "localhost"} {
				src := strings.NewReplacer("D", "~", "A", l).Replace(s)
				if res := Analyze(src, producerOptions); hasRule(res, "shell.net.serve-secrets") {
					t.Errorf("%q listens on the loopback interface only and should run: got %v", src, ruleIDs(res))
				}
			}
		}
	}
	if n < 200 {
		t.Errorf("only %d cases", n)
	}
	// Ruby code that is not un's httpd, and jwebserver on its default
	// loopback address, are not file servers for the network.
	for _, src := range []string{"ruby -e httpd ~", "ruby -run -e cp ~/a ~/b", "ruby -run -e 'puts 1' ~", "jwebserver -d ~", "caddy run", "caddy reverse-proxy --to :8080"} {
		if res := Analyze(src, producerOptions); hasRule(res, "shell.net.serve-secrets") {
			t.Errorf("%q should not be a network file server: got %v", src, ruleIDs(res))
		}
	}
}

// TestExposureNeedsApproval: serving secrets and reverse tunnels score in
// the approval band, above a confirmation.
func TestExposureNeedsApproval(t *testing.T) {
	for _, r := range []*struct {
		id  string
		pts int
	}{{"shell.net.serve-secrets", ruleServeSecrets.Points}, {"shell.net.remote-forward", ruleRemoteForward.Points}} {
		if r.pts <= 70 || r.pts > 100 {
			t.Errorf("%s scores %d: want the approval band (71-100)", r.id, r.pts)
		}
	}
}
