package main

import (
	"bytes"
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"time"
)

// Runner runs the programs a spec is read from, in a scratch directory
// that is an empty git repository, with a scratch HOME, no user or system
// git configuration (no aliases, no pager), the C locale and a fixed width,
// so that what they print depends on the program only.
type Runner struct {
	Dir     string
	Env     []string
	Timeout time.Duration
}

// NewRunner makes the scratch directory; Close removes it.
func NewRunner() (*Runner, error) {
	dir, err := os.MkdirTemp("", "progspec-")
	if err != nil {
		return nil, err
	}
	r := &Runner{Dir: dir, Timeout: 10 * time.Second}
	r.Env = []string{
		"PATH=" + os.Getenv("PATH"),
		"HOME=" + dir,
		"LC_ALL=C", "LANG=C", "LANGUAGE=C",
		"COLUMNS=80", "MANWIDTH=1000", "TERM=dumb",
		"PAGER=cat", "GIT_PAGER=cat", "MANPAGER=cat",
		"GIT_CONFIG_NOSYSTEM=1", "GIT_CONFIG_GLOBAL=" + os.DevNull,
		"GIT_CEILING_DIRECTORIES=" + filepath.Dir(dir),
		// git filter-branch waits ten seconds on a warning before it reads
		// its arguments.
		"FILTER_BRANCH_SQUELCH_WARNING=1",
	}
	if _, err := r.Run("git", "init", "-q", "."); err != nil {
		// Without git the rest still works; git's specs are skipped.
		_ = err
	}
	return r, nil
}

func (r *Runner) Close() error { return os.RemoveAll(r.Dir) }

// Run runs name with args and returns what it printed on stdout and
// stderr together (help texts go to either). A non-zero exit is not an
// error: "-h" exits 129 in git and 2 in many programs. An error means the
// program could not be started or did not finish in time.
func (r *Runner) Run(name string, args ...string) (string, error) {
	ctx, cancel := context.WithTimeout(context.Background(), r.Timeout)
	defer cancel()
	cmd := exec.CommandContext(ctx, name, args...)
	cmd.Dir = r.Dir
	cmd.Env = r.Env
	var out bytes.Buffer
	cmd.Stdout = &out
	cmd.Stderr = &out
	err := cmd.Run()
	if ctx.Err() != nil {
		return "", ctx.Err()
	}
	if _, ok := err.(*exec.ExitError); ok {
		err = nil
	}
	return stripOverstrike(out.String()), err
}

// stripOverstrike removes man's bold and underline ("x\bx", "_\bx").
func stripOverstrike(s string) string {
	if !strings.Contains(s, "\b") {
		return s
	}
	b := []byte(s)
	out := b[:0]
	for i := 0; i < len(b); i++ {
		if b[i] == '\b' {
			if len(out) > 0 {
				out = out[:len(out)-1]
			}
			continue
		}
		out = append(out, b[i])
	}
	return string(out)
}

// Installed returns where name runs from, or "" when it is not installed.
func Installed(name string) string {
	p, err := exec.LookPath(name)
	if err != nil {
		return ""
	}
	return p
}

// firstLine returns the first non-blank line of s, trimmed.
func firstLine(s string) string {
	for _, l := range strings.Split(s, "\n") {
		if t := strings.TrimSpace(l); t != "" {
			return t
		}
	}
	return ""
}
