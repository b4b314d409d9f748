package guard

import (
	"strings"

	"github.com/actionguard/actionguard/analyze/destination"
)

// phishing checks a destination a credential is going to: a look-alike of
// a known service, plain http://, or another service than the user named
// (analyze/destination). The warning is seed 001's one warning.
func phishing(dest string, task []string) (warning, why string, ok bool) {
	r := destination.Check(dest, destination.Options{Task: task})
	if !r.Suspicious {
		return "", "", false
	}
	return r.Warning, r.Reason, true
}

// aliases are the other names of each destination: the service a host
// belongs to and its brand words ("Gmail", "google" for accounts.google.com).
func aliases(dests []string) map[string][]string {
	var out map[string][]string
	for _, d := range dests {
		s, ok := destination.Lookup(d)
		if !ok {
			continue
		}
		// One organisation's services share their sign-in hosts
		// (accounts.google.com is Google's and Gmail's): all their names count.
		var names []string
		for _, o := range destination.Services() {
			if o.Name != s.Name && (s.Org == "" || o.Org != s.Org) {
				continue
			}
			names = append(names, o.Name)
			for _, b := range o.Brands {
				if b = strings.Trim(b, "~="); len(b) >= 3 {
					names = append(names, b)
				}
			}
		}
		if out == nil {
			out = map[string][]string{}
		}
		out[d] = names
	}
	return out
}
