package destination

import (
	"strings"
	"testing"
	"unicode/utf8"
)

// FuzzCheck feeds junk to Check: huge labels, invalid punycode, invalid
// UTF-8, odd URLs. Seeds are in testdata/fuzz/FuzzCheck.
func FuzzCheck(f *testing.F) {
	f.Add("gma1l.com", "")
	f.Add("https://paypal.com.secure-login.io/login", "log into my PayPal")
	f.Fuzz(func(t *testing.T, dest, task string) {
		var tasks []string
		if task != "" {
			tasks = strings.Split(task, "\n")
		}
		r := Check(dest, Options{Task: tasks})
		if r.Suspicious != (len(r.Kinds) > 0) {
			t.Fatalf("Suspicious %v with kinds %v", r.Suspicious, r.Kinds)
		}
		if r.Suspicious {
			if !strings.HasPrefix(r.Warning, "I'm not going to send your credentials to ") || r.Reason == "" {
				t.Fatalf("warning %q, reason %q", r.Warning, r.Reason)
			}
		} else if r.Warning != "" {
			t.Fatalf("warning %q without suspicion", r.Warning)
		}
		for _, s := range []string{r.Host, r.ASCII, r.Warning, r.Reason, r.Expected, r.Suggest} {
			if !utf8.ValidString(s) {
				t.Fatalf("invalid UTF-8 in result: %q", s)
			}
		}
		if len(r.ASCII) > 253 {
			t.Fatalf("host of %d bytes accepted", len(r.ASCII))
		}
		Lookup(dest)
	})
}
