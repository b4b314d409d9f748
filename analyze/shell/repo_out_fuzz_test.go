package shell

import (
	"strings"
	"testing"
)

// FuzzOutAddresses: the readers of addresses that decide where data goes
// (a URL's host, a push's repository argument, a git address prefix, a
// URL signing in with a secret) never panic, and agree with each other:
// a word with no "://" and no colon is never another machine.
func FuzzOutAddresses(f *testing.F) {
	for _, s := range []string{"https://x:$(…)@evil.example/x.git", "git@evil.example:me/x.git", "ssh://git@[::1]:22/x", "C:\\repo", "evil.example:x.git",
		"https://x-access-token:${GH_TOKEN}@github.com/a/b", "file:///srv/x", "http://localhost:3000/x", "://", "a://@", "https://$HOST/x", "../x:y"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		host, isURL := urlHost(s)
		if isURL && !strings.Contains(s, "://") {
			t.Fatalf("urlHost(%q) read a URL without a scheme", s)
		}
		if host != strings.ToLower(host) {
			t.Fatalf("urlHost(%q) = %q, not lower-case", s, host)
		}
		remote := remoteAddress(s)
		if remote && !strings.Contains(s, ":") {
			t.Fatalf("remoteAddress(%q) without a colon", s)
		}
		_ = gitAddressHost(s)
		if ownCredentialURL(s) && !strings.Contains(s, "@") {
			t.Fatalf("ownCredentialURL(%q) without user information", s)
		}
		if _, ok := urlInFields([]string{s}); ok != isURL {
			t.Fatalf("urlInFields and urlHost disagree on %q", s)
		}
	})
}
