package shell

import (
	"strings"
	"testing"
)

// FuzzDataFlow feeds a script, then runs rm -rf / through one of the
// data-flow spellings. The analysis must not panic, and must still report
// something (or a parse error, which the guard treats as a reason to ask).
// The fuzzed script runs in a subshell, so that what it sets (a function
// named rm, another IFS) does not change what the last line means.
func FuzzDataFlow(f *testing.F) {
	for _, s := range []string{"", "a=(x y)", "set -- a b; shift", "read -ra a <<< 'q w'", "printf -v x %s y", "IFS=,", "alias rm=ls",
		"f(){ f; }; f", "cd /; cd -", "pushd /tmp; popd; popd", "declare -n r=x", "x=$'\\x72'", "a[5]=z; a+=(q)", "local x=1", "unset -f f",
		"echo hi > x.sh; bash x.sh", "echo '* * * * * ls' | crontab -", "eval 'cd /'", "${x:=y}", "case $x in a) ;; esac", "trap 'cd /' EXIT"} {
		for i := range flowSpellings {
			f.Add(s, uint8(i))
		}
	}
	f.Fuzz(func(t *testing.T, script string, choice uint8) {
		sp := flowSpellings[int(choice)%len(flowSpellings)]
		last := sp.spell([]string{"rm", "-rf", "/"})
		src := "(\n" + script + "\n)\n" + last
		res := Analyze(src, flowOptions)
		for _, fd := range res.Findings {
			if fd.Cmd < 0 || fd.Cmd > len(res.Commands) {
				t.Fatalf("finding %s points at command %d of %d", fd.Rule, fd.Cmd, len(res.Commands))
			}
		}
		if len(positive(res)) > 0 || res.ParseError != "" {
			return
		}
		// A here-document, a comment or a line continuation left open by
		// the script can swallow the last line: the shell would not run it
		// either.
		if strings.Contains(script, "<<") || strings.ContainsAny(script, "#\\") {
			return
		}
		t.Fatalf("%q: rm -rf / through %s reported nothing", src, sp.name)
	})
}
