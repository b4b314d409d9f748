package undo

import (
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"time"
	"unicode"
	"unicode/utf8"
)

// Exit codes of the trash commands: rm's (0, 1) and our usage code.
const (
	exitOK    = 0
	exitFail  = 1 // as rm: something was not removed
	exitUsage = 2 // bad arguments
)

// TrashUsage is the usage of the commands RunTrash serves.
const TrashUsage = `usage: actionguard trash put [--cwd DIR] [--workspace DIR] [--state-dir DIR] [--command TEXT] [-f] [-r] [-d] [-v] -- PATHS…
       actionguard trash git-clean [--cwd DIR] [--state-dir DIR] -- GIT-CLEAN-FLAGS PATHS…
       actionguard trash git-safety-ref [--cwd DIR]
`

// RunTrash runs `trash put|git-clean|git-safety-ref ARGS` (args start with
// the subcommand) with the state directory dir, and returns the exit code.
// It is what the commands rewritten by Rewrite call, in either binary.
func RunTrash(args []string, stdout, stderr io.Writer, dir string) int {
	if len(args) == 0 {
		fmt.Fprint(stderr, TrashUsage)
		return exitUsage
	}
	switch args[0] {
	case "put":
		return RunPut(args[1:], stdout, stderr, dir)
	case "git-clean":
		return RunGitClean(args[1:], stdout, stderr, dir)
	case "git-safety-ref":
		return RunGitSafetyRef(args[1:], stdout, stderr)
	}
	fmt.Fprintf(stderr, "actionguard trash: unknown command %q\n%s", args[0], TrashUsage)
	return exitUsage
}

// trashFlags are the options every trash command takes before its own.
type trashFlags struct {
	cwd, workspace, stateDir, command, retention string
}

func (f *trashFlags) valued() map[string]*string {
	return map[string]*string{"cwd": &f.cwd, "workspace": &f.workspace, "state-dir": &f.stateDir, "command": &f.command, "retention": &f.retention}
}

// open resolves the working directory and opens the trash.
func (f *trashFlags) open(dir string) (*Trash, string, error) {
	cwd := f.cwd
	if cwd == "" {
		wd, err := os.Getwd()
		if err != nil {
			return nil, "", fmt.Errorf("the working directory: %w", err)
		}
		cwd = wd
	}
	cwd, err := filepath.Abs(cwd)
	if err != nil {
		return nil, "", err
	}
	if f.stateDir != "" {
		dir = f.stateDir
	}
	var opts Options
	if f.retention != "" {
		d, err := time.ParseDuration(f.retention)
		if err != nil || d <= 0 {
			return nil, cwd, fmt.Errorf("--retention %q is not a positive duration such as 168h", f.retention)
		}
		opts.Retention = d
	}
	t, err := Open(dir, opts)
	return t, cwd, err
}

func usage(stderr io.Writer, cmd string, err error, hint string) int {
	fmt.Fprintf(stderr, "actionguard trash %s: %v\nhint: %s\n", cmd, err, hint)
	return exitUsage
}

// RunPut is `trash put`: rm's arguments, the paths going to the trash
// instead. It prints what rm would print and exits as rm would (0, or 1 when
// something was not removed, e.g. a missing path without -f); 2 for
// arguments it does not take. A path the trash may not take (outside the
// workspace, too large to copy) is left to rm, with a note on stderr;
// /, the home directory and the directories that hold it are refused.
func RunPut(args []string, stdout, stderr io.Writer, dir string) int {
	if helpAsked(args) {
		fmt.Fprint(stdout, TrashUsage)
		return exitOK
	}
	var tf trashFlags
	flags, ops, err := parseRm(args, tf.valued())
	if err != nil {
		return usage(stderr, "put", err, "trash put takes rm's -f, -r, -d and -v; run rm itself for anything else")
	}
	paths := make([]string, len(ops))
	for i, k := range ops {
		paths[i] = args[k]
	}
	if len(paths) == 0 {
		if flags.Force {
			return exitOK
		}
		fmt.Fprintln(stderr, "rm: missing operand")
		return exitFail
	}
	t, cwd, err := tf.open(dir)
	if err != nil {
		if strings.HasPrefix(err.Error(), "--retention") {
			return usage(stderr, "put", err, "give a Go duration: 90m, 24h, 168h")
		}
		fmt.Fprintf(stderr, "actionguard: the trash is not available (%v): rm removes the paths, and nothing can undo it\n", err)
		return runRm(flags, paths, stdout, stderr)
	}
	c := putConfig{source: SourceRm, command: tf.command, workspace: tf.workspace}
	if c.command == "" {
		c.command = "rm " + shellJoin(args)
	}
	results, err := t.putRm(context.Background(), cwd, paths, flags, &c)
	if err != nil {
		fmt.Fprintf(stderr, "actionguard: the trash is not available (%v): rm removes the paths, and nothing can undo it\n", err)
		return runRm(flags, paths, stdout, stderr)
	}
	code := exitOK
	var fallback []string
	for _, r := range results {
		switch {
		case r.msg != "":
			fmt.Fprintln(stderr, r.msg)
			code = exitFail
		case r.fallback != "":
			fmt.Fprintln(stderr, r.fallback)
			fallback = append(fallback, r.arg)
		case r.moved && flags.Verbose:
			if r.kind == KindDir {
				fmt.Fprintf(stdout, "removed directory %s\n", rmQuote(r.arg))
			} else {
				fmt.Fprintf(stdout, "removed %s\n", rmQuote(r.arg))
			}
		}
	}
	if len(fallback) > 0 {
		if rc := runRm(flags, fallback, stdout, stderr); rc != exitOK {
			code = rc
		}
	}
	return code
}

// rmResult is what became of one rm operand.
type rmResult struct {
	arg      string
	kind     Kind
	moved    bool
	msg      string // rm's (or actionguard's) error message
	fallback string // the note saying rm removes it
}

// putRm is rm's behaviour on the trash: rm's own refusals first, then the
// paths the trash takes in one batch; the others are marked for rm.
func (t *Trash) putRm(ctx context.Context, cwd string, paths []string, flags RmFlags, c *putConfig) ([]rmResult, error) {
	unlock, err := t.lock(ctx, true)
	if err != nil {
		return nil, err
	}
	defer unlock()
	results := make([]rmResult, len(paths))
	var eligible []string
	var index []int
	for i, p := range paths {
		r := &results[i]
		r.arg = p
		if isDotName(p) {
			r.msg = "rm: refusing to remove '.' or '..' directory: skipping " + rmQuote(p)
			continue
		}
		abs := p
		if !filepath.IsAbs(abs) {
			abs = filepath.Join(cwd, p)
		}
		fi, err := os.Lstat(abs)
		if p == "" || err != nil {
			if p == "" {
				err = fs.ErrNotExist
			}
			if !flags.Force || !(errors.Is(err, fs.ErrNotExist) || errors.Is(err, syscall.ENOTDIR)) {
				r.msg = "rm: cannot remove " + rmQuote(p) + ": " + errnoText(err)
			}
			continue
		}
		if fi.IsDir() && !flags.Recursive {
			if !flags.Dir {
				r.msg = "rm: cannot remove " + rmQuote(p) + ": Is a directory"
				continue
			}
			if !emptyDir(abs) {
				r.msg = "rm: cannot remove " + rmQuote(p) + ": Directory not empty"
				continue
			}
		}
		r.kind = kindOf(fi.Mode())
		eligible = append(eligible, p)
		index = append(index, i)
	}
	plan, err := t.plan(cwd, eligible, c)
	if err != nil {
		return nil, err
	}
	for k, p := range plan {
		r := &results[index[k]]
		switch {
		case p.refused != nil && p.refused.Protected:
			r.msg = "actionguard: refusing to remove " + rmQuote(p.arg) + ": it " + p.refused.Reason + "; nothing was removed for it"
		case p.refused != nil:
			r.fallback = "actionguard: " + p.arg + " " + p.refused.Reason + ": rm removes it, and the trash does not keep it"
		case p.missing != nil && !flags.Force:
			r.msg = "rm: cannot remove " + rmQuote(p.arg) + ": " + errnoText(p.missing)
		}
	}
	_, perr := t.putPlanned(ctx, cwd, plan, c)
	failed := map[string]error{}
	for _, e := range joined(perr) {
		var pe *fs.PathError
		if errors.As(e, &pe) {
			failed[pe.Path] = pe.Err
		}
	}
	for k, p := range plan {
		r := &results[index[k]]
		if p.refused != nil || p.missing != nil {
			continue
		}
		if err, bad := failed[p.arg]; bad {
			delete(failed, p.arg) // a repeated operand: the first is moved, the next is missing
			if flags.Force && errors.Is(err, fs.ErrNotExist) {
				continue
			}
			r.msg = "rm: cannot remove " + rmQuote(p.arg) + ": " + errnoText(err)
			continue
		}
		r.moved = true
	}
	return results, nil
}

// joined splits an errors.Join error.
func joined(err error) []error {
	if err == nil {
		return nil
	}
	if j, ok := err.(interface{ Unwrap() []error }); ok {
		return j.Unwrap()
	}
	return []error{err}
}

func emptyDir(p string) bool {
	f, err := os.Open(p)
	if err != nil {
		return false
	}
	defer f.Close()
	names, _ := f.Readdirnames(1)
	return len(names) == 0
}

// errnoText is an error's cause as rm says it: "No such file or directory".
func errnoText(err error) string {
	var errno syscall.Errno
	if errors.As(err, &errno) {
		s := errno.Error()
		r, n := utf8.DecodeRuneInString(s)
		return string(unicode.ToUpper(r)) + s[n:]
	}
	if errors.Is(err, fs.ErrNotExist) {
		return "No such file or directory"
	}
	return unwrapPathErr(err).Error()
}

// rmQuote quotes a name as rm's messages do: 'name', or shell quoting when
// the name has a quote or a control character.
func rmQuote(s string) string {
	if !strings.ContainsAny(s, "'\\") && strings.IndexFunc(s, func(r rune) bool { return !unicode.IsPrint(r) }) < 0 {
		return "'" + s + "'"
	}
	if q, ok := quote(s); ok {
		return q
	}
	return fmt.Sprintf("%q", s)
}

// runRm runs the system's rm on paths with the same flags: what the command
// would have done without the trash.
func runRm(flags RmFlags, paths []string, stdout, stderr io.Writer) int {
	args := []string{}
	if fl := flags.args(); fl != "" {
		args = append(args, fl)
	}
	args = append(append(args, "--"), paths...)
	return runTool("rm", args, stdout, stderr)
}

// runTool runs a program with the process's standard input and returns its
// exit code.
func runTool(name string, args []string, stdout, stderr io.Writer) int {
	cmd := exec.Command(name, args...)
	cmd.Stdin = os.Stdin
	cmd.Stdout, cmd.Stderr = stdout, stderr
	err := cmd.Run()
	var ee *exec.ExitError
	switch {
	case err == nil:
		return exitOK
	case errors.As(err, &ee) && ee.ExitCode() > 0:
		return ee.ExitCode()
	}
	fmt.Fprintf(stderr, "actionguard: running %s: %v\n", name, err)
	return exitFail
}

func helpAsked(args []string) bool {
	for _, a := range args {
		if a == "--" {
			return false
		}
		if a == "--help" || a == "-h" {
			return true
		}
	}
	return false
}

// splitTrashFlags reads the trash's own options up to "--"; the rest is
// the tool's arguments.
func splitTrashFlags(args []string, tf *trashFlags) ([]string, error) {
	valued := tf.valued()
	for i := 0; i < len(args); i++ {
		a := args[i]
		if a == "--" {
			return args[i+1:], nil
		}
		name, value, hasValue := strings.Cut(strings.TrimPrefix(a, "--"), "=")
		dst, ok := valued[name]
		if !strings.HasPrefix(a, "--") || !ok {
			return args[i:], nil
		}
		if !hasValue {
			if i+1 >= len(args) {
				return nil, fmt.Errorf("option '--%s' requires a value", name)
			}
			i++
			value = args[i]
		}
		*dst = value
	}
	return nil, nil
}

// RunGitClean is `trash git-clean -- ARGS`: git clean ARGS, with what it
// removes moved into the trash. It prints what git clean prints
// ("Removing x"). A dry run (-n) or -i runs git clean itself; so does a
// clean the trash cannot take (too large to copy), with a note.
func RunGitClean(args []string, stdout, stderr io.Writer, dir string) int {
	if helpAsked(args) {
		fmt.Fprint(stdout, TrashUsage)
		return exitOK
	}
	var tf trashFlags
	gitArgs, err := splitTrashFlags(args, &tf)
	if err != nil {
		return usage(stderr, "git-clean", err, "actionguard trash git-clean [--cwd DIR] -- -fd [PATHS]")
	}
	ca, err := ParseCleanArgs(gitArgs)
	if err != nil {
		return usage(stderr, "git-clean", err, "trash git-clean takes git clean's -f, -d, -x, -X, -q, -e and paths; run git clean itself for anything else")
	}
	gitClean := func() int {
		return runTool("git", append([]string{"clean"}, gitArgs...), stdout, stderr)
	}
	if ca.DryRun || ca.Interactive {
		return gitClean()
	}
	t, cwd, err := tf.open(dir)
	if err != nil {
		fmt.Fprintf(stderr, "actionguard: the trash is not available (%v): git clean removes the files, and nothing can undo it\n", err)
		return gitClean()
	}
	res, err := t.GitClean(context.Background(), cwd, gitArgs)
	var refused *RefusedError
	var gerr *GitError
	switch {
	case errors.As(err, &refused):
		fmt.Fprintf(stderr, "actionguard: %v: git clean removes the files, and the trash does not keep them\n", err)
		return gitClean()
	case errors.As(err, &gerr):
		fmt.Fprint(stderr, gerr.Stderr)
		var ee *exec.ExitError
		if errors.As(gerr.Err, &ee) && ee.ExitCode() > 0 {
			return ee.ExitCode()
		}
		fmt.Fprintf(stderr, "actionguard: %v\n", err)
		return exitFail
	case res == nil:
		fmt.Fprintf(stderr, "actionguard: git clean through the trash: %v\nhint: nothing was removed; run git clean itself if you mean it\n", err)
		return exitFail
	}
	failed := map[string]error{}
	for _, e := range joined(err) {
		var pe *fs.PathError
		if errors.As(e, &pe) {
			failed[pe.Path] = pe.Err
		}
	}
	code := exitOK
	for _, s := range res.Skipped {
		if !ca.Quiet {
			fmt.Fprintf(stdout, "Skipping repository %s\n", s.Shown)
		}
	}
	for _, e := range res.Removed {
		if ferr, bad := failed[e.Path]; bad {
			if !errors.Is(ferr, fs.ErrNotExist) {
				fmt.Fprintf(stderr, "warning: failed to remove %s: %s\n", e.Shown, errnoText(ferr))
				code = exitFail
			}
			continue
		}
		if !ca.Quiet {
			fmt.Fprintf(stdout, "Removing %s\n", e.Shown)
		}
	}
	return code
}

// RunGitSafetyRef is `trash git-safety-ref`: it records the work before
// `git reset --hard` (GitSafetyRef) and says how to get it back. It fails
// (exit 1) when the work could not be recorded, so that `… && git reset
// --hard` does not run.
func RunGitSafetyRef(args []string, stdout, stderr io.Writer) int {
	if helpAsked(args) {
		fmt.Fprint(stdout, TrashUsage)
		return exitOK
	}
	var tf trashFlags
	rest, err := splitTrashFlags(args, &tf)
	if err == nil && len(rest) > 0 {
		err = fmt.Errorf("unexpected argument %q", rest[0])
	}
	if err != nil {
		return usage(stderr, "git-safety-ref", err, "actionguard trash git-safety-ref [--cwd DIR]")
	}
	cwd := tf.cwd
	if cwd == "" {
		cwd = "."
	}
	ref, kind, err := gitSafetyRef(context.Background(), cwd)
	if err != nil {
		fmt.Fprintf(stderr, "actionguard: could not record the work before git reset --hard: %v\n", err)
		fmt.Fprintln(stderr, "hint: the reset did not run; commit or stash the work first (git stash), or run 'command git reset --hard …' to reset without a safety ref")
		return exitFail
	}
	switch kind {
	case safetyChanges:
		fmt.Fprintf(stderr, "actionguard: saved the uncommitted changes as %s; get them back with: git stash apply --index %s\n", ref, ref)
	case safetyHead:
		fmt.Fprintf(stderr, "actionguard: saved HEAD as %s; go back with: git reset --hard %s\n", ref, ref)
	case safetyStaged:
		fmt.Fprintf(stderr, "actionguard: saved the staged files as %s; get them back with: git checkout %s -- .\n", ref, ref)
	}
	return exitOK
}
