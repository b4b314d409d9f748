package shell

import (
	"strings"
	"testing"
)

// FuzzParallelGroups: any parallel or rush command line is read without
// a panic, and parallel writes out at most maxParallelJobs commands.
func FuzzParallelGroups(f *testing.F) {
	for _, s := range []string{
		"parallel cp evil.json {1}/{2} ::: ~/.claude ::: settings.json",
		"parallel --link cp {1} {2} ::: a b ::: c",
		"parallel {1} {2} ::: actionguard ::: 'mode learning'",
		"parallel echo {} {#} {1/} {2//} {1.} {2/.} ::: a/b.c :::+ d/e.f :::: list",
		"rush -j 2 'cp x {}/y {1} {/} {.}'",
		"parallel ::: ::: :::+",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, line string) {
		argv := strings.Fields(line)
		if len(argv) == 0 || len(argv) > 256 {
			return
		}
		dyn := make([]bool, len(argv))
		if script, _, ok := parallelGroups(argv, dyn); ok && strings.Count(script, "\n") > maxParallelJobs {
			t.Errorf("%q: %d commands, want at most %d", line, strings.Count(script, "\n"), maxParallelJobs)
		}
		rushScript(argv, dyn, stream{})
	})
}
