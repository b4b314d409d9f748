package guard

import (
	"bytes"
	"context"
	"errors"
	"os"
	"os/exec"
	"path"
	"path/filepath"
	"strings"
	"time"

	"github.com/actionguard/actionguard/analyze/shell"
	"github.com/actionguard/actionguard/internal/workctx"
)

// What a git operation brings into the working tree (a merge, a
// checkout, a cherry-pick, a stash applied): the names that differ
// between two revisions, asked of git with its read-only plumbing
// (merge-base, diff-tree, ls-tree), which reads objects and
// never the working tree, runs no hook and no filter. Each call has a
// short time limit and a bounded output; any failure is an error, and the
// shell analysis then judges the operation as one it could not read.

const (
	// gitTimeout bounds one git call.
	gitTimeout = 2 * time.Second
	// maxGitOutput bounds what one git call prints.
	maxGitOutput = 4 << 20
)

var errGitOutput = errors.New("git printed more than is read")

// gitIncoming lists, as absolute paths, the files that differ between
// q.From (or their merge base, with q.MergeBase) and q.To; every file of
// q.To when q.From is empty.
func gitIncoming(q shell.Incoming) ([]shell.IncomingFile, error) {
	if !strings.HasPrefix(q.Repo, "/") || underDeviceOrProc(q.Repo) || !gitRev(q.To) || q.From != "" && !gitRev(q.From) {
		return nil, errors.New("not a revision git is asked about")
	}
	root, err := gitTop(q.Repo)
	if err != nil {
		return nil, err
	}
	var out []byte
	switch {
	case q.From == "":
		out, err = runGit(q.Repo, "ls-tree", "-r", "-z", "--name-only", "--end-of-options", q.To)
	default:
		from := q.From
		if q.MergeBase {
			base, err := runGit(q.Repo, "merge-base", "--end-of-options", q.From, q.To)
			if err != nil {
				return nil, err
			}
			from = strings.TrimSpace(string(base))
		}
		out, err = runGit(q.Repo, "diff-tree", "-r", "-z", "--name-only", "--no-renames", "--no-commit-id", "--end-of-options", from, q.To)
	}
	if err != nil {
		return nil, err
	}
	var files []shell.IncomingFile
	for _, n := range bytes.Split(out, []byte{0}) {
		if len(n) == 0 {
			continue
		}
		if len(files) >= maxArchiveMembers {
			return nil, errArchiveBound
		}
		files = append(files, shell.IncomingFile{Name: path.Join(root, string(n))})
	}
	return files, nil
}

// gitTop is the top of the working tree that holds dir, found on disk as
// git finds it (a .git directory or file up from dir): no repository is
// an answer without starting git. With GIT_DIR or GIT_WORK_TREE set git
// decides other ways, and is asked.
func gitTop(dir string) (string, error) {
	if os.Getenv("GIT_DIR") == "" && os.Getenv("GIT_WORK_TREE") == "" {
		repo := workctx.FindRepo(filepath.FromSlash(dir))
		if repo == nil {
			return "", errors.New("not in a git repository")
		}
		return filepath.ToSlash(repo.Root), nil
	}
	top, err := runGit(dir, "rev-parse", "--show-toplevel")
	if err != nil {
		return "", err
	}
	root := filepath.ToSlash(strings.TrimRight(string(top), "\r\n"))
	if root == "" {
		return "", errors.New("no working tree")
	}
	return root, nil
}

// gitRev reports a word handed to git as a revision: never an option.
func gitRev(r string) bool {
	return r != "" && len(r) <= 256 && r[0] != '-' && !strings.ContainsAny(r, " \t\r\n\x00")
}

// runGit runs a read-only git command in dir with a time limit, and
// returns what it printed.
func runGit(dir string, args ...string) ([]byte, error) {
	ctx, cancel := context.WithTimeout(context.Background(), gitTimeout)
	defer cancel()
	// No fsmonitor, no pager, no hooks, no optional locks: plumbing that
	// reads objects only.
	full := append([]string{"-c", "core.fsmonitor=false", "-c", "core.hooksPath=" + os.DevNull, "--no-pager", "--no-optional-locks", "-C", filepath.FromSlash(dir)}, args...)
	cmd := exec.CommandContext(ctx, "git", full...)
	cmd.Env = append(os.Environ(), "GIT_TERMINAL_PROMPT=0", "GIT_OPTIONAL_LOCKS=0")
	var stdout limitedBuffer
	stdout.max = maxGitOutput
	cmd.Stdout = &stdout
	cmd.Stdin = nil
	cmd.WaitDelay = time.Second
	if err := cmd.Run(); err != nil {
		return nil, err
	}
	if stdout.over {
		return nil, errGitOutput
	}
	return stdout.buf.Bytes(), nil
}

// limitedBuffer keeps at most max bytes and notes that more came.
type limitedBuffer struct {
	buf  bytes.Buffer
	max  int
	over bool
}

func (b *limitedBuffer) Write(p []byte) (int, error) {
	if b.buf.Len()+len(p) > b.max {
		b.over = true
		return 0, errGitOutput
	}
	return b.buf.Write(p)
}
