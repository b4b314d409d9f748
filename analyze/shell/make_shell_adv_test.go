package shell

import (
	"strings"
	"testing"
)

// make runs the command of a $(shell …) call (and of "VAR != command")
// while it reads Makefile text, whichever way the text reaches it: --eval
// in each spelling, a variable on its command line, MAKEFLAGS, a Makefile
// the line wrote. The twins call programs that only read.
func TestMakeShellCallsRun(t *testing.T) {
	forms := []string{`make --eval='@T'`, `make --eval '@T' all`, `make -E '@T'`, `make --ev='@T'`, `gmake --eval='@T' build`,
		`make X='@T' all`, `MAKEFLAGS='--eval=@T' make`, `export MAKEFLAGS='--eval=@T'; make all`,
		`printf '%s\n' '@T' 'all: ; @true' > Makefile && make`}
	n := 0
	for _, f := range forms {
		for _, text := range []string{`$(shell rm -rf ~)`, `X := $(shell rm -rf /home/dev)`, `${shell rm -rf ~/.ssh}`, `$(info $(shell rm -rf ~))`} {
			wantAtLeast(t, strings.ReplaceAll(f, "@T", text), scopeOptions, atLeastApprove)
			n++
		}
		for _, text := range []string{`V := $(shell git describe --tags)`, `$(info $(shell date))`, `N := $(shell nproc)`} {
			if strings.HasPrefix(f, "make X=") && strings.HasPrefix(text, "$(") {
				continue // a value that is a whole $(…) is read as a command line (makeOverrides)
			}
			src := strings.ReplaceAll(f, "@T", text)
			if p, id := maxPoints(src, scopeOptions); p > runsUnattended {
				t.Errorf("%q: %d points (%s), want it to run", src, p, id)
			}
		}
	}
	wantAtLeast(t, `make --eval='FILES != rm -rf ~/Documents'`, scopeOptions, atLeastApprove)
	if n < 30 {
		t.Errorf("only %d cases", n)
	}
}
