package shell

import "testing"

// cd resolves a relative target through CDPATH as bash does: the
// deletion after it is judged in each directory it may reach.

func TestCdpathResolves(t *testing.T) {
	sets := []string{"CDPATH=/ cd %s && ", "export CDPATH=/; cd %s; ", "CDPATH=/; cd %s && ", "CDPATH=/tmp:/ cd %s && ", "CDPATH=:/ cd %s && ", "export CDPATH=/\ncd %s\n"}
	dels := []string{"rm -rf *", "rm -rf ./*", "rm -fr .", "rm -rf -- *"}
	n := 0
	for _, s := range sets {
		for _, dir := range []string{"etc", "usr", "bin"} {
			for _, d := range dels {
				src := replaceVerb(s, dir) + d
				n++
				if p, id := maxPoints(src, scopeOptions); p < atLeastBlock {
					t.Errorf("%q: %d points (%s), want a block", src, p, id)
				}
			}
		}
	}
	if n < 60 {
		t.Errorf("only %d cases", n)
	}
	for _, src := range []string{"CDPATH=$X cd etc && rm -rf *", "CDPATH=\"$(pwd)\" cd etc && rm -rf *"} {
		if p, id := maxPoints(src, scopeOptions); p < atLeastConfirm {
			t.Errorf("%q: %d points (%s), want it held", src, p, id)
		}
	}
	for _, src := range []string{"CDPATH=/home/dev/project cd src && rm -rf node_modules", "export CDPATH=/home/dev/project; cd build && ls", "CDPATH=/ cd /home/dev/project && rm -rf dist"} {
		if p, id := maxPoints(src, scopeOptions); p >= atLeastConfirm {
			t.Errorf("%q: %d points (%s), want it to run", src, p, id)
		}
	}
}

func replaceVerb(form, dir string) string {
	out := []byte{}
	for i := 0; i < len(form); i++ {
		if form[i] == '%' && i+1 < len(form) && form[i+1] == 's' {
			out = append(out, dir...)
			i++
			continue
		}
		out = append(out, form[i])
	}
	return string(out)
}
