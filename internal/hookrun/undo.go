package hookrun

import (
	"context"
	"os"
	"path/filepath"

	"github.com/actionguard/actionguard/guard"
	"github.com/actionguard/actionguard/policy"
	"github.com/actionguard/actionguard/undo"
)

// rewrite makes a recoverable shell command recoverable when the policy
// enables undo (seed 002): rm of workspace files becomes a move into the
// trash beside the audit database, git clean moves what it would remove
// there, and git reset --hard first records a safety ref. The agent gets
// the rewritten command as the hook's updated input (the person approves
// that one when the call is held); a command that is not plainly one of
// these, a decision that already rewrites the input (masked secrets) and
// an agent that cannot take an updated input are left as they are.
func (r *Recorder) rewrite(ctx context.Context, a *guard.Action, d *guard.Decision) {
	if r.policy == nil || !r.policy.Undo.Enabled || d.RewrittenInput != nil || !r.rewrites || a.InferKind() != guard.KindShell {
		return
	}
	command, _ := a.Input["command"].(string)
	if command == "" {
		return
	}
	path, err := r.db()
	if err != nil {
		return
	}
	self, err := os.Executable()
	if err != nil {
		return
	}
	cwd := a.Context.Cwd
	if cwd == "" {
		cwd, _ = os.Getwd()
	}
	workspace := r.project // enrich found it for the command's trust pattern
	if workspace == "" {
		workspace = policy.ProjectRoot(cwd)
	}
	opts := undo.RewriteOptions{
		Cwd:       cwd,
		Workspace: workspace,
		Home:      r.cfg.Getenv("HOME"),
		StateDir:  filepath.Dir(path),
		Buffer:    r.policy.Undo.Buffer,
		Retention: r.policy.Undo.Retention,
	}
	rewritten, what, ok := undo.Rewrite(command, self, opts)
	if !ok {
		return
	}
	in := make(map[string]any, len(a.Input))
	for k, v := range a.Input {
		in[k] = v
	}
	in["command"] = rewritten
	d.RewrittenInput = in
	d.Reason += " With undo on, " + what + "."
	if d.Notice != "" {
		d.Notice += " " + what + "."
	}
}
