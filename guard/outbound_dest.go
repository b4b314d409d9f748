package guard

import (
	"slices"
	"strings"
	"sync"

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
		if out == nil {
			out = map[string][]string{}
		}
		out[d] = serviceNames()[s.Name]
	}
	return out
}

// serviceNames maps each service to the names that stand for it: one
// organisation's services share their sign-in hosts (accounts.google.com
// is Google's and Gmail's), so all their names and brand words count.
// Built once: the service table does not change while the program runs.
var serviceNames = sync.OnceValue(func() map[string][]string {
	all := destination.Services()
	out := make(map[string][]string, len(all))
	for _, s := range all {
		var names []string
		for _, o := range all {
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
		out[s.Name] = slices.Clip(names) // a caller that appends copies
	}
	return out
})
