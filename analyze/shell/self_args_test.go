package shell

import (
	"strings"
	"testing"
)

// TestSelfJudgeTogether: an address split over two arguments, the
// approval page opened by a browser, and a configured database under a
// name without .db are judged as the control plane; their twins are not.
func TestSelfJudgeTogether(t *testing.T) {
	opt := Options{Cwd: "/home/dev/project", Home: "/home/dev", ControlPlane: []string{"/srv/ag/db", "/srv/ag/sessions", "/etc/ag/policy.yaml"}}
	j := NewSelfJudge(opt)
	for _, c := range []struct {
		base, rel string
		want      bool
	}{
		{"http://127.0.0.1:8750/v1", "approvals/ap-1/approve", true},
		{"http://localhost:8750/", "/v1/tokens", true},
		{"http://127.0.0.1:8750", "v1//approvals/ap-1/approve", true},
		{"https://api.example.com/v1", "approvals/ap-1/approve", false},
		{"http://127.0.0.1:8750/v1", "check", false},
		{"http://127.0.0.1:8750/v1", "approvals ap-1 approve", false},
	} {
		if got := len(j.Request(c.base, c.rel, true)) > 0; got != c.want {
			t.Errorf("Request(%q, %q) found %v, want %v", c.base, c.rel, got, c.want)
		}
	}
	for _, c := range []struct {
		url  string
		want bool
	}{
		{"http://127.0.0.1:8750/approvals/ap-1", true},
		{"localhost:8750", true},
		{"http://[::1]:8750/", true},
		{"http://127.1:8750/login", true},
		{"http://localhost:3000/", false},
		{"https://example.com:8750/", false},
		{"not a url", false},
	} {
		if got := len(j.PageVisit(c.url)) > 0; got != c.want {
			t.Errorf("PageVisit(%q) found %v, want %v", c.url, got, c.want)
		}
	}
	for _, c := range []struct {
		path string
		key  bool
	}{
		{"/srv/ag/db", true},
		{"/srv/ag/db-wal", true},
		{"/srv/ag/db.spool", true},
		{"/srv/ag/sessions/s.json", false},
		{"/etc/ag/policy.yaml", false},
	} {
		fs := j.Argument(c.path, false)
		got := len(fs) > 0 && fs[0].Rule == ruleSelfRead.ID
		if got != c.key {
			t.Errorf("reading %s: read-key %v, want %v (%v)", c.path, got, c.key, fs)
		}
	}
	if f := j.TooMany("it has 5000 arguments"); f.Rule != ruleTooComplex.ID || !strings.Contains(f.Message, "5000") {
		t.Errorf("TooMany: %+v", f)
	}
}

// TestCanonicalEndpoints: the spellings a router cleans reach the deciding
// endpoints; other paths stay other paths.
func TestCanonicalEndpoints(t *testing.T) {
	for _, s := range []string{
		"curl -X POST http://127.0.0.1:8750/v1//approvals/ap-1/approve",
		"curl -X POST http://127.0.0.1:8750/v1/./approvals/ap-1/approve",
		"curl -X POST http://127.0.0.1:8750/v1/approvals/x/../ap-1/approve",
		"curl -X POST http://127.0.0.1:8750/V1/APPROVALS/ap-1/APPROVE",
		"curl -X POST http://127.0.0.1:8750//v1/tokens",
	} {
		if controlEndpoint(s, nil) == "" {
			t.Errorf("%q: no endpoint found", s)
		}
	}
	for _, s := range []string{
		"curl http://127.0.0.1:8750/healthz",
		"curl -X POST http://127.0.0.1:8750/v1/check",
		"curl -X POST https://example.com/v1/approvalsx/../check",
	} {
		if u := controlEndpoint(s, nil); u != "" {
			t.Errorf("%q: found %s", s, u)
		}
	}
}

// FuzzCanonicalEndpoints: cleaning never panics, never grows the text, and
// is idempotent.
func FuzzCanonicalEndpoints(f *testing.F) {
	for _, s := range []string{"http://127.0.0.1:8750/v1//approvals/a/../b/approve", "/./", "//", "/../..", "a://b//c", "", "\x00", "/V1/./X/../"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		c := canonicalEndpoints(s)
		if len(c) > len(s) {
			t.Fatalf("%q grew to %q", s, c)
		}
		if again := canonicalEndpoints(c); again != c {
			t.Fatalf("%q: %q, then %q", s, c, again)
		}
	})
}
