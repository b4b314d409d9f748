package shell

import (
	"math/rand/v2"
	"strings"
	"testing"
)

// TestPlacesLoweredSameAsStrings: the places lowered once for a stream of
// actions are what strings.ToLower made of them on every path judged, and
// the one-pass look for the control plane's base names answers as the
// strings.Contains of the lowered argument a name it replaces.
func TestPlacesLoweredSameAsStrings(t *testing.T) {
	for _, pl := range systemPlacesOnce() {
		if strings.ToLower(pl) != pl {
			t.Fatalf("system place %q is compared as if lowered", pl)
		}
	}
	r := rand.New(rand.NewPCG(5, 7))
	words := []string{"db", "DB", "Sessions", "trust", "St\u212aate", "caf\u00c9", "\u0130nstalled", "x", "audit.key", "Tr\u017fh"}
	pick := func() string { return words[r.IntN(len(words))] }
	hits, misses := 0, 0
	for range 300 {
		home := "/home/" + pick()
		var control []string
		for n := r.IntN(4); n > 0; n-- {
			control = append(control, "/var/"+pick()+"/"+pick())
		}
		e := newAnalysis(Options{Home: home, Cwd: home + "/p", ControlPlane: control})
		if e.lowerHome() != strings.ToLower(e.home) {
			t.Fatalf("home %q lowered as %q", e.home, e.lowerHome())
		}
		for i, p := range e.control {
			if e.lowerControl(i) != strings.ToLower(p) {
				t.Fatalf("control place %q lowered as %q", p, e.lowerControl(i))
			}
		}
		bare := &analysis{home: e.home, cwd: e.cwd, control: e.control, controlBases: e.controlBases}
		for range 20 {
			a := pick() + "/" + pick() + pick()
			want := false
			for _, b := range e.controlBases {
				want = want || strings.Contains(strings.ToLower(a), b)
			}
			if len(e.controlBases) > 0 {
				if got := e.controlBaseSet.containsAny(a); got != want {
					t.Fatalf("bases %q in %q: %v, strings says %v", e.controlBases, a, got, want)
				}
			}
			if got, bareGot := e.controlPlane("/"+a), bare.controlPlane("/"+a); got != bareGot {
				t.Fatalf("controlPlane(/%s) = %v, lowering each time gives %v", a, got, bareGot)
			}
			if want {
				hits++
			} else {
				misses++
			}
		}
	}
	if hits < 100 || misses < 100 {
		t.Fatalf("%d hits and %d misses: the generator does not test both sides", hits, misses)
	}
}
