package shell

import (
	"strings"
	"sync"
)

// Wrappers below a subcommand (perf record CMD, toolbox run CMD,
// distrobox enter NAME -- CMD, machinectl shell HOST CMD), and wrappers
// that hand their command to a shell as one line (entr -s, sudo -s).

// wrapperAt returns the wrapper spec that reads argv and the index in argv
// of the word it reads as its own name: 0 for a wrapper program, the
// subcommand word for a wrapper subcommand. It returns nil when argv is
// no wrapper's.
func (w *walker) wrapperAt(name string, argv []string, dyn []bool) (*Spec, int) {
	if s := w.wrapperSpec(name); s != nil {
		return s, 0
	}
	if len(argv) < 2 || !wrapperSubPrograms()[name] {
		return nil, 0
	}
	s := SpecFor(name)
	if s == nil {
		return nil, 0
	}
	av := parseArgv(s, argv[1:], dyn[1:])
	if len(av.Sub) == 0 || len(av.wordArg) < len(av.Sub) {
		return nil, 0
	}
	sub := av.Spec()
	if _, ok := sub.Wrapper(); !ok {
		return nil, 0
	}
	return sub, av.wordArg[len(av.Sub)-1] + 1
}

// wrapperSubPrograms are the programs with a subcommand the specs mark as
// a wrapper: read from the index once, so that other programs with
// subcommands (git, docker) are not parsed twice.
var wrapperSubPrograms = sync.OnceValue(func() map[string]bool {
	m := map[string]bool{}
	for _, e := range specs().tab.entries {
		prog, _, sub := strings.Cut(e.key, " ")
		if sub && isWrapAttrs(e.attrs) {
			m[prog] = true
		}
	}
	return m
})

// isWrapAttrs reports whether a header's attribute words make a wrapper.
func isWrapAttrs(attrs string) bool {
	for _, a := range strings.Fields(attrs) {
		if a == "wrap" || strings.HasPrefix(a, "wrap=") {
			return true
		}
	}
	return false
}

// wrapperScript judges words a wrapper hands to a shell as one command
// line (entr -s 'make test', sudo -s -- rm -rf x): the shell reads them
// joined by blanks.
func (w *walker) wrapperScript(c *Cmd, name string, words []string, dyn []bool) {
	w.r.mutates()
	if anyTrue(dyn) {
		w.r.add(c.find(ruleDynamicCommand, "Runs a command line given to "+name+" that is only known when it runs, so what it does cannot be checked."))
	}
	w.r.script(strings.Join(words, " "), c, name+" runs")
}
