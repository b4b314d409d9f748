package shell

import (
	"strings"

	"github.com/actionguard/actionguard/rule"
)

// Cmd is one simple command after unwrapping: the program that will run and
// its arguments, with quotes removed. Words the analyzer could not resolve
// to a literal (a variable, a substitution) are kept as written in Args and
// marked in Dynamic.
type Cmd struct {
	Name    string   // the program's base name: "git" for "/usr/bin/git" or "\git"
	Path    string   // the program as written
	Args    []string // the arguments, literal where known
	Dynamic []bool   // Dynamic[i]: Args[i] is not a known literal
	Text    string   // the command as it reads in the source, on one line
	Sudo    bool     // runs under sudo, doas, pkexec or su -c
	Depth   int      // how many layers of bash -c, eval, $(…)… it sits under
	// Stdin is the text fed to the command's standard input when it is known
	// (a here-document, a here-string, echo … |), else "".
	Stdin string
	// Cwd is the working directory in effect, absolute, or empty when
	// unknown.
	Cwd     string
	index   int // position in Result.Commands, 1-based
	env     *analysis
	proc    []stream // per argument: what a process substitution (or a substitution that read a secret) yields
	viaSudo bool     // this very command line used sudo (not only an enclosing script)
	argv    *Argv    // Args read through the program's spec, computed on first use
	cwdSet  string   // the working directory a wrapper set (env -C), or ""
	// wrapEnv holds the NAME=VALUE operands of an env-like wrapper that
	// name actionguard's or an agent's settings (self_wrapenv.go).
	wrapEnv []string
	// nameNet describes the network data the program's name was read
	// from ($line as the command word), else "".
	nameNet string
}

// isCluster reports whether a looks like a cluster of single-letter flags.
func isCluster(a string) bool {
	if len(a) < 2 || a[0] != '-' || a[1] == '-' {
		return false
	}
	for i := 1; i < len(a); i++ {
		ch := a[i]
		if !(ch >= 'a' && ch <= 'z' || ch >= 'A' && ch <= 'Z') {
			return false
		}
	}
	return true
}

// Sub returns the n-th positional argument (0-based), or "": the
// program's spec says which options take a value.
func (c *Cmd) Sub(n int) string {
	p := c.Positional()
	if n < len(p) {
		return p[n]
	}
	return ""
}

// ArgIs reports whether the positional arguments start with the given words.
func (c *Cmd) ArgIs(words ...string) bool {
	p := c.Positional()
	if len(p) < len(words) {
		return false
	}
	for i, w := range words {
		if p[i] != w {
			return false
		}
	}
	return true
}

// Contains reports whether any argument equals one of the words.
func (c *Cmd) Contains(words ...string) bool {
	for _, a := range c.Args {
		for _, w := range words {
			if a == w {
				return true
			}
		}
	}
	return false
}

// find reports a finding of r about this command.
func (c *Cmd) find(r *rule.Rule, message string, targets ...string) rule.Finding {
	f := r.Find(c.Text, message, targets...)
	f.Cmd = c.index
	return f
}

// Resolve turns a path argument into a clean absolute path where it can,
// using the working directory and the home directory of the analysis. The
// second result is false when the path depends on something unknown.
func (c *Cmd) Resolve(p string) (string, bool) {
	return c.env.in(c.Cwd).resolve(p)
}

// Class classifies a path argument (see PathClass).
func (c *Cmd) Class(p string) PathClass {
	return c.env.in(c.Cwd).classify(p)
}

func baseName(p string) string {
	p = strings.TrimLeft(p, "\\")
	// A Windows path ("C:\Program Files\Git\bin\git.exe", "..\tools\rm.exe")
	// names its program after the last backslash as well.
	// A byte loop: strings.LastIndexAny builds its set of bytes on every
	// call, for every command.
	for i := len(p) - 1; i >= 0; i-- {
		if p[i] == '/' || p[i] == '\\' {
			return p[i+1:]
		}
	}
	return p
}
