package undo

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"time"
)

// SafetyRefPrefix is where GitSafetyRef keeps its refs.
const SafetyRefPrefix = "refs/actionguard/safety/"

// gitTimeout bounds each git command actionguard runs.
const gitTimeout = 60 * time.Second

// maxGitOutput bounds what is read from a git command.
const maxGitOutput = 64 << 20

// git's empty trees: what write-tree gives for an index with nothing staged.
const (
	emptyTreeSHA1   = "4b825dc642cb6eb9a060e54bf8d69288fbee4904"
	emptyTreeSHA256 = "6ef19b41225c5369f1c104d45d8d85efa9b057b53b14b4b9b939dd74decc5321"
)

// GitSafetyRef records the work `git reset --hard` would discard in the
// repository that holds repoDir: the commit `git stash create` makes of the
// tracked changes (staged and not) or, when there are none, HEAD; in a
// repository without a commit, the staged files. It returns the ref
// (refs/actionguard/safety/<time>), or "" when there is nothing to record.
//
// To get the work back: `git stash apply --index <ref>` (changes recorded by
// stash create), or `git reset --hard <ref>` / `git checkout <ref> -- .`.
func GitSafetyRef(ctx context.Context, repoDir string) (ref string, err error) {
	ref, _, err = gitSafetyRef(ctx, repoDir)
	return ref, err
}

// safetyKind is what a safety ref holds.
type safetyKind int

const (
	safetyNone    safetyKind = iota // nothing to record
	safetyChanges                   // a stash-like commit of the tracked changes
	safetyHead                      // HEAD: nothing was uncommitted
	safetyStaged                    // the staged files of a repository without a commit
)

func gitSafetyRef(ctx context.Context, repoDir string) (string, safetyKind, error) {
	ctx, cancel := context.WithTimeout(ctx, gitTimeout)
	defer cancel()
	const msg = "actionguard: the work before git reset --hard"
	kind := safetyChanges
	commit, err := runGit(ctx, repoDir, nil, "stash", "create", msg)
	switch {
	case err != nil:
		// stash create fails in a repository without a commit; anywhere
		// else its failure is the answer (the reset must not run).
		if _, herr := runGit(ctx, repoDir, nil, "rev-parse", "--verify", "--quiet", "HEAD^{commit}"); herr == nil {
			return "", safetyNone, fmt.Errorf("recording the work: %w", err)
		}
		if _, gerr := runGit(ctx, repoDir, nil, "rev-parse", "--git-dir"); gerr != nil {
			return "", safetyNone, gerr
		}
		// No commit yet: keep the staged files, which reset --hard drops.
		tree, terr := runGit(ctx, repoDir, nil, "write-tree")
		if terr != nil {
			return "", safetyNone, fmt.Errorf("recording the staged files: %w", terr)
		}
		if tree == "" || tree == emptyTreeSHA1 || tree == emptyTreeSHA256 {
			return "", safetyNone, nil
		}
		kind = safetyStaged
		if commit, err = runGit(ctx, repoDir, nil, "commit-tree", "-m", msg, tree); err != nil {
			return "", safetyNone, fmt.Errorf("recording the staged files: %w", err)
		}
	case commit == "":
		// Nothing uncommitted: HEAD is what a reset to elsewhere leaves.
		kind = safetyHead
		if commit, err = runGit(ctx, repoDir, nil, "rev-parse", "--verify", "HEAD^{commit}"); err != nil {
			return "", safetyNone, fmt.Errorf("recording HEAD: %w", err)
		}
	}
	now := time.Now().UTC()
	var lastErr error
	for i := range 10 {
		ref := SafetyRefPrefix + now.Format("20060102-150405.000000")
		if i > 0 {
			ref += "-" + strconv.Itoa(i)
		}
		// The empty old value: create the ref only if it does not exist.
		_, lastErr = runGit(ctx, repoDir, nil, "update-ref", "--create-reflog", "-m", msg, ref, commit, "")
		if lastErr == nil {
			return ref, kind, nil
		}
		if ctx.Err() != nil {
			break
		}
	}
	return "", safetyNone, fmt.Errorf("creating a ref under %s: %w", SafetyRefPrefix, lastErr)
}

// GitError is a git command that failed, with what it said.
type GitError struct {
	Args   []string
	Stderr string
	Err    error
}

func (e *GitError) Error() string {
	msg := strings.TrimSpace(e.Stderr)
	if msg == "" {
		msg = e.Err.Error()
	}
	return "git " + strings.Join(e.Args, " ") + ": " + msg
}

func (e *GitError) Unwrap() error { return e.Err }

// runGit runs git in dir with a C locale (its messages are parsed) and no
// prompts, and returns its trimmed standard output.
func runGit(ctx context.Context, dir string, stdout *bytes.Buffer, args ...string) (string, error) {
	cmd := exec.CommandContext(ctx, "git", args...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "LC_ALL=C", "LANGUAGE=", "GIT_TERMINAL_PROMPT=0", "GIT_OPTIONAL_LOCKS=0")
	if stdout == nil {
		stdout = &bytes.Buffer{}
	}
	var stderr bytes.Buffer
	cmd.Stdout = &limitedBuffer{buf: stdout, max: maxGitOutput}
	cmd.Stderr = &limitedBuffer{buf: &stderr, max: 64 << 10}
	cmd.WaitDelay = time.Second
	if err := cmd.Run(); err != nil {
		if ctx.Err() != nil {
			err = fmt.Errorf("%w (after %s)", ctx.Err(), gitTimeout)
		}
		return "", &GitError{Args: args, Stderr: stderr.String(), Err: err}
	}
	return strings.TrimSpace(stdout.String()), nil
}

// limitedBuffer keeps at most max bytes and then fails the write, which
// stops the command.
type limitedBuffer struct {
	buf *bytes.Buffer
	max int
}

var errTooMuchOutput = errors.New("output larger than the limit")

func (l *limitedBuffer) Write(p []byte) (int, error) {
	if l.buf.Len()+len(p) > l.max {
		return 0, errTooMuchOutput
	}
	return l.buf.Write(p)
}

// CleanArgs are git clean's options and paths, as actionguard understands
// them.
type CleanArgs struct {
	Force       int  // -f given this many times
	Dirs        bool // -d
	Ignored     bool // -x: ignored files too
	OnlyIgnored bool // -X
	Quiet       bool // -q
	DryRun      bool // -n
	Interactive bool // -i
	Excludes    []string
	Paths       []string
}

// ParseCleanArgs reads git clean's arguments (after "clean"). Options may
// follow paths, as git allows, until "--". An option it does not know is
// an error: the caller then leaves the command alone.
func ParseCleanArgs(args []string) (CleanArgs, error) {
	var c CleanArgs
	for i := 0; i < len(args); i++ {
		a := args[i]
		switch {
		case a == "--":
			c.Paths = append(c.Paths, args[i+1:]...)
			return c, nil
		case a == "--force":
			c.Force++
		case a == "--quiet":
			c.Quiet = true
		case a == "--dry-run":
			c.DryRun = true
		case a == "--interactive":
			c.Interactive = true
		case a == "--exclude":
			if i+1 >= len(args) {
				return c, errors.New("option '--exclude' requires a value")
			}
			i++
			c.Excludes = append(c.Excludes, args[i])
		case strings.HasPrefix(a, "--exclude="):
			c.Excludes = append(c.Excludes, a[len("--exclude="):])
		case strings.HasPrefix(a, "--"):
			return c, fmt.Errorf("unknown option '%s'", a)
		case len(a) > 1 && a[0] == '-':
			for j := 1; j < len(a); j++ {
				switch a[j] {
				case 'f':
					c.Force++
				case 'd':
					c.Dirs = true
				case 'x':
					c.Ignored = true
				case 'X':
					c.OnlyIgnored = true
				case 'q':
					c.Quiet = true
				case 'n':
					c.DryRun = true
				case 'i':
					c.Interactive = true
				case 'e':
					v := a[j+1:]
					if v == "" {
						if i+1 >= len(args) {
							return c, errors.New("switch 'e' requires a value")
						}
						i++
						v = args[i]
					}
					c.Excludes = append(c.Excludes, v)
					j = len(a)
				default:
					return c, fmt.Errorf("unknown switch '%c'", a[j])
				}
			}
		default:
			c.Paths = append(c.Paths, a)
		}
	}
	return c, nil
}

// dryRunArgs is the `git clean -n` that lists what these arguments remove.
func (c CleanArgs) dryRunArgs() []string {
	args := []string{"-c", "core.quotePath=true", "clean", "--dry-run"}
	if c.Force >= 2 {
		args = append(args, "-f", "-f") // nested repositories too
	}
	if c.Dirs {
		args = append(args, "-d")
	}
	if c.Ignored {
		args = append(args, "-x")
	}
	if c.OnlyIgnored {
		args = append(args, "-X")
	}
	for _, e := range c.Excludes {
		args = append(args, "--exclude="+e)
	}
	return append(append(args, "--"), c.Paths...)
}

// CleanEntry is one line of `git clean -n`.
type CleanEntry struct {
	Path    string // relative to where git ran, unquoted
	Shown   string // as git prints it (quoted when unusual)
	Skipped bool   // "Would skip repository": a nested repository kept
}

// ParseCleanOutput reads `git clean -n` output (C locale, core.quotePath):
// "Would remove <path>" and "Would skip repository <path>" lines; a quoted
// path is unquoted. Another line is an error.
func ParseCleanOutput(out string) ([]CleanEntry, error) {
	var entries []CleanEntry
	for n, line := range strings.Split(out, "\n") {
		if line == "" {
			continue
		}
		var e CleanEntry
		rest, ok := strings.CutPrefix(line, "Would remove ")
		if !ok {
			rest, ok = strings.CutPrefix(line, "Would skip repository ")
			e.Skipped = true
		}
		if !ok || rest == "" {
			return nil, fmt.Errorf("git clean -n, line %d: unexpected %q", n+1, truncate(line, 80))
		}
		e.Shown = rest
		p := rest
		if rest[0] == '"' {
			u, err := strconv.Unquote(rest)
			if err != nil {
				return nil, fmt.Errorf("git clean -n, line %d: bad quoting in %q", n+1, truncate(line, 80))
			}
			p = u
		}
		p = strings.TrimSuffix(p, "/")
		if p == "" || strings.ContainsRune(p, 0) {
			return nil, fmt.Errorf("git clean -n, line %d: empty path", n+1)
		}
		e.Path = p
		entries = append(entries, e)
	}
	return entries, nil
}

func truncate(s string, n int) string {
	if len(s) <= n {
		return s
	}
	return s[:n] + "…"
}

// CleanResult is what GitClean did.
type CleanResult struct {
	Batch   *Batch       // nil when nothing was removed
	Removed []CleanEntry // in git's order, as git would print them
	Skipped []CleanEntry // nested repositories git keeps
}

// GitClean moves what `git clean <args>` would remove in dir into a new
// batch (source git-clean). args must not ask for a dry run or questions.
// Nothing is moved when a path may not go to the trash (*RefusedError: the
// caller runs git clean itself).
func (t *Trash) GitClean(ctx context.Context, dir string, args []string) (*CleanResult, error) {
	c, err := ParseCleanArgs(args)
	if err != nil {
		return nil, err
	}
	if c.DryRun || c.Interactive {
		return nil, errors.New("git clean -n and -i remove nothing: run git clean itself")
	}
	var out bytes.Buffer
	gctx, cancel := context.WithTimeout(ctx, gitTimeout)
	defer cancel()
	if _, err := runGit(gctx, dir, &out, c.dryRunArgs()...); err != nil {
		return nil, err
	}
	entries, err := ParseCleanOutput(out.String())
	if err != nil {
		return nil, err
	}
	top, err := runGit(gctx, dir, nil, "rev-parse", "--show-toplevel")
	if err != nil {
		return nil, err
	}
	res := &CleanResult{}
	var paths []string
	for _, e := range entries {
		if e.Skipped {
			res.Skipped = append(res.Skipped, e)
			continue
		}
		res.Removed = append(res.Removed, e)
		paths = append(paths, e.Path)
	}
	if len(paths) == 0 {
		return res, nil
	}
	unlock, err := t.lock(ctx, true)
	if err != nil {
		return nil, err
	}
	defer unlock()
	cfg := putConfig{source: SourceGitClean, command: "git clean " + shellJoin(args), workspace: filepath.Clean(top)}
	plan, err := t.plan(dir, paths, &cfg)
	if err != nil {
		return nil, err
	}
	if err := refusals(plan); err != nil {
		return nil, err
	}
	res.Batch, err = t.putPlanned(ctx, dir, plan, &cfg)
	return res, err
}
