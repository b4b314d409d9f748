package shell

import (
	"strings"
	"testing"
)

// A deletion of a place followed only by expansions that may be empty
// deletes the place: blocked like the place written alone. An expansion
// that cannot be empty, or a place of no weight, is not.

func TestRmEmptyTail(t *testing.T) {
	rms := []string{"rm -rf ", "rm -fr ", "rm -Rf ", "rm --recursive --force ", "rm -r -f "}
	places := []string{"~", "~/", "/", "$HOME/", "${HOME}/", "$HOME", "/usr/", "/etc", "/home/dev/"}
	tails := []string{"${x}", "$x", "$UNSET", "${x}${y}", "${x%/}", "${x:-}", "${x:+y}"}
	n := 0
	for _, rm := range rms {
		for _, pl := range places {
			for _, tl := range tails {
				for _, q := range []string{"", `"`} {
					src := rm + q + pl + tl + q
					n++
					if p, id := maxPoints(src, scopeOptions); p < atLeastBlock {
						t.Errorf("%q: %d points (%s), want a block", src, p, id)
					}
				}
			}
		}
	}
	if n < 400 {
		t.Errorf("only %d cases", n)
	}
	for _, rm := range rms {
		for _, twin := range []string{"/tmp/${x}", "~/${x:?}", "/opt/app/${x:+cache}", "$HOME/${x?}", "~/$x/cache", "./${x}"} {
			src := rm + twin
			if p, id := maxPoints(src, scopeOptions); p >= atLeastBlock {
				t.Errorf("%q names something else: %d points (%s)", src, p, id)
			}
		}
	}
}

func TestEmptyTailSplit(t *testing.T) {
	for _, c := range []struct{ in, place string }{
		{"~${x}", "~"}, {"/$x", "/"}, {"$HOME/$UNSET", "$HOME/"}, {"/usr/${a}${b}", "/usr/"}, {"~/${x:-}", "~/"},
	} {
		place, vars, ok := emptyTail(c.in)
		if !ok || place != c.place || len(vars) == 0 {
			t.Errorf("emptyTail(%q) = %q, %v, %v; want %q", c.in, place, vars, ok, c.place)
		}
	}
	for _, in := range []string{"~/${x}build", "~/${x:?}", "/${x:-opt}", "$x/", "~", "$(cmd)", "~/$x/y", "/${x=}${", "${x}"} {
		if place, _, ok := emptyTail(in); ok && strings.Trim(place, "/") != "" {
			t.Errorf("emptyTail(%q) = %q, want no place", in, place)
		}
	}
}
