package shell

import (
	"path"
	"sort"
	"strings"
	"sync"
)

// A command word with glob characters (/bin/r[m], /usr/bin/r?) runs the
// program the shell's expansion finds: it is judged as every known program
// it can match.

// knownPrograms are the names the analysis knows: programs with a handler,
// shells, interpreters and programs with a spec.
var (
	knownOnce sync.Once
	knownList []string
)

func knownPrograms() []string {
	knownOnce.Do(func() { knownList = buildKnownPrograms() })
	return knownList
}

func buildKnownPrograms() []string {
	set := map[string]bool{}
	for k := range handlers() {
		set[k] = true
	}
	for k := range shells {
		set[k] = true
	}
	for k, ok := range interpreters {
		if ok {
			set[k] = true
		}
	}
	ix := specs()
	for _, e := range ix.tab.entries {
		if !strings.Contains(e.key, " ") {
			set[e.key] = true
		}
	}
	for _, a := range ix.tab.aliases {
		if !strings.Contains(a.from, " ") {
			set[a.from] = true
		}
	}
	out := make([]string, 0, len(set))
	for k := range set {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

// maxGlobPrograms bounds the programs one glob is judged as.
const maxGlobPrograms = 8

// globProgram judges a command whose name is a glob. It reports whether it
// judged the command (as several programs, or as an unknown one); when the
// glob can name one known program only, c becomes that program and the
// caller goes on.
func (w *walker) globProgram(c *Cmd) bool {
	base := baseName(c.Path)
	if !strings.ContainsAny(base, "*?[") {
		return false
	}
	pat := strings.ToLower(base)
	if _, err := path.Match(pat, ""); err != nil {
		return false // not a pattern the shell expands ([, [[)
	}
	var names []string
	for _, n := range knownPrograms() {
		if ok, err := path.Match(pat, n); err == nil && ok {
			names = append(names, n)
		}
	}
	switch {
	case len(names) == 1:
		w.r.trace("the command word " + c.Path + " can only name " + names[0])
		c.Name = names[0]
		c.argv = nil
		return false
	case len(names) == 0:
		w.r.add(c.find(ruleDynamicCommand, "Runs a command whose name is a pattern ("+truncateText(c.Path, 60)+"), so which program runs is only known when it runs."))
		w.r.mutates()
		return true
	}
	w.r.mutates()
	if len(names) > maxGlobPrograms {
		w.r.add(c.find(ruleDynamicCommand, "Runs a command whose name is a pattern ("+truncateText(c.Path, 60)+") that fits "+itoa(len(names))+" programs, so which one runs is only known when it runs."))
		names = names[:maxGlobPrograms]
	}
	for _, n := range names {
		argv := append([]string{n}, c.Args...)
		dyn := append([]bool{false}, c.Dynamic...)
		w.r.commandWords(argv, dyn, c, "the command word "+c.Path+" can name "+n)
	}
	return true
}
