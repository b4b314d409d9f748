package destination

import (
	"bufio"
	"os"
	"strings"
	"testing"
)

// TestDataFile checks the data file: every line parses, at least 300
// services, and each main domain's registrable label is a brand token of
// the service or of its org (so the look-alike checks can find it).
func TestDataFile(t *testing.T) {
	x := load().matching()
	for _, e := range x.errs {
		t.Error(e)
	}
	if n := len(x.services); n < 300 {
		t.Errorf("%d services, want at least 300", n)
	}
	names := map[string]bool{}
	for _, s := range x.services {
		if names[s.Name] {
			t.Errorf("service %s listed twice", s.Name)
		}
		names[s.Name] = true
		p := splitMain(t, s.Main())
		ti, ok := x.byRaw[p.label]
		if !ok {
			t.Errorf("%s: main domain %s: label %q is no brand token", s.Name, s.Main(), p.label)
			continue
		}
		org := false
		for _, id := range x.tokens[ti].svcs {
			org = org || x.services[id].Org == s.Org
		}
		if !org {
			t.Errorf("%s: the token %q belongs to another org", s.Name, p.label)
		}
	}
}

// TestLegitimateNotFlagged requires that no domain or sign-in host in the
// data file is flagged, bare or as an https:// URL, and that each belongs
// to a service of the org that lists it.
func TestLegitimateNotFlagged(t *testing.T) {
	n := 0
	for _, s := range Services() {
		for _, d := range s.Domains {
			for _, in := range []string{d, "https://" + d + "/login", "user@" + d} {
				n++
				r := Check(in, Options{})
				if r.Suspicious {
					t.Errorf("%s (%s) flagged: %v: %s", in, s.Name, r.Kinds, r.Reason)
				}
			}
			got, ok := Lookup(d)
			if !ok || got.Org != s.Org {
				t.Errorf("Lookup(%s) = %q, %v; want a service of %s", d, got.Name, ok, s.Org)
			}
		}
	}
	t.Logf("%d legitimate destinations, none flagged", n)
}

// TestOrdinaryNotFlagged requires that ordinary sites (testdata/ordinary.txt)
// are not flagged.
func TestOrdinaryNotFlagged(t *testing.T) {
	f, err := os.Open("testdata/ordinary.txt")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	n := 0
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		n++
		if r := Check(line, Options{}); r.Suspicious {
			t.Errorf("%s flagged: %v: %s", line, r.Kinds, r.Reason)
		}
	}
	if n < 100 {
		t.Errorf("%d ordinary sites, want about 100 or more", n)
	}
	t.Logf("%d ordinary destinations, none flagged", n)
}
