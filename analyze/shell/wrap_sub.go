package shell

import (
	"strings"
	"sync"

	"mvdan.cc/sh/v3/syntax"
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
	for _, a := range specs().tab.aliases {
		if m[a.to] && !strings.Contains(a.from, " ") {
			m[a.from] = true // prog lxc,incus: incus exec is lxc exec
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
	line := strings.Join(words, " ")
	if name == "sudo" && len(words) > 0 && !strings.ContainsAny(words[0], " \t\n;&|<>()`") {
		// sudo escapes each word, so a quoted script stays one word. A
		// first word that is a whole command line is read joined: older
		// sudo releases, and other ports, hand the words over as they are.
		line = sudoShellLine(words)
	}
	w.r.script(line, c, name+" runs")
}

// sudoShellLine is the line sudo -s and sudo -i hand the shell: each word
// with every character but letters, digits, '_', '-' and '$' escaped by a
// backslash, so the words stay words and only variables expand.
func sudoShellLine(words []string) string {
	var b strings.Builder
	for i, w := range words {
		if i > 0 {
			b.WriteByte(' ')
		}
		for j := 0; j < len(w); j++ {
			ch := w[j]
			if !(ch >= 'a' && ch <= 'z' || ch >= 'A' && ch <= 'Z' || ch >= '0' && ch <= '9' || ch == '_' || ch == '-' || ch == '$' || ch >= 0x80) {
				b.WriteByte('\\')
			}
			b.WriteByte(ch)
		}
	}
	return b.String()
}

// goRunsGuard returns the index in argv of the package go run builds when
// it is actionguard's own program (./cmd/actionguard,
// github.com/…/cmd/actionguard-hook@latest), or 0.
func goRunsGuard(argv []string, dyn []bool) int {
	av := parseArgv(SpecFor("go"), argv[1:], dyn[1:])
	if len(av.Operands) < 2 || av.Operands[0] != "run" {
		return 0
	}
	at := av.OperandArg[1] + 1
	if dyn[at] {
		return 0
	}
	switch progName(guardPackageName(argv[at])) {
	case "actionguard", "actionguard-hook":
		return at
	}
	return 0
}

// guardPackageName is a package path without its version (@latest).
func guardPackageName(p string) string {
	p = strings.TrimRight(p, "/")
	if i := strings.LastIndexByte(p, '@'); i > strings.LastIndexByte(p, '/') {
		return p[:i]
	}
	return p
}

// optionProcSubst reports whether a word is an option written out with a
// process substitution attached as its value (--arg-file=<(…), -a<(…)).
func optionProcSubst(word *syntax.Word) bool {
	if len(word.Parts) != 2 {
		return false
	}
	l, ok := word.Parts[0].(*syntax.Lit)
	if !ok || len(l.Value) < 2 || l.Value[0] != '-' || strings.ContainsAny(l.Value, "$`\\*?[") {
		return false
	}
	_, ok = word.Parts[1].(*syntax.ProcSubst)
	return ok
}

// percentDecoded returns s with each %XX escape replaced by its byte, as
// a server decodes a request's path; a % not followed by two hex digits
// stays.
func percentDecoded(s string) string {
	if strings.IndexByte(s, '%') < 0 {
		return s
	}
	b := make([]byte, 0, len(s))
	for i := 0; i < len(s); i++ {
		if s[i] == '%' && i+2 < len(s) && isHex(s[i+1]) && isHex(s[i+2]) {
			b = append(b, unhex(s[i+1])<<4|unhex(s[i+2]))
			i += 2
			continue
		}
		b = append(b, s[i])
	}
	return string(b)
}

func unhex(c byte) byte {
	switch {
	case c >= '0' && c <= '9':
		return c - '0'
	case c >= 'a' && c <= 'f':
		return c - 'a' + 10
	}
	return c - 'A' + 10
}

// fileOrStdin is fl.file, except that standard input (/dev/stdin) holds
// what the command is fed when the analysis knows it: make -f /dev/stdin
// <<< "$makefile", go run /dev/stdin <<< "$program".
func (w *walker) fileOrStdin(fl *flowState, abs string) (fileContent, bool) {
	if isStdinPath(abs) {
		if w.stdin.kind == streamLiteral || w.stdin.kind == streamDecoded {
			return fileContent{text: w.stdin.text, kind: w.stdin.kind}, true
		}
		return fileContent{}, false
	}
	return fl.file(abs)
}

// stdinKnown reports whether the analysis knows what the command being
// judged reads on standard input.
func (w *walker) stdinKnown() bool {
	return w.stdin.kind == streamLiteral || w.stdin.kind == streamDecoded
}
