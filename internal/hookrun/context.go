package hookrun

import (
	"context"
	"os"
	"path/filepath"
	"slices"
	"time"

	"github.com/actionguard/actionguard/adapter"
	"github.com/actionguard/actionguard/guard"
	"github.com/actionguard/actionguard/internal/workctx"
	"github.com/actionguard/actionguard/learn"
	"github.com/actionguard/actionguard/policy"
)

// DirtyBudget bounds the time a hook call spends reading the index to
// tell whether the working tree has uncommitted changes.
const DirtyBudget = 3 * time.Millisecond

// enrich adds to the action what the agent does not send (seed 002's
// context): the repository's branch, production indicators, the user's
// latest words from the transcript, the trust its command's pattern has
// earned in this project, and whether this is an unusual hour.
func (r *Recorder) enrich(ctx context.Context, a *guard.Action, ev *adapter.Event) {
	c := &a.Context
	cwd := c.Cwd
	if cwd == "" {
		cwd, _ = os.Getwd()
	}
	if repo := workctx.FindRepo(cwd); repo != nil && c.GitBranch == "" {
		c.GitBranch, _ = repo.Branch()
	}
	if c.Environment == "" {
		if why := workctx.Production(cwd, r.cfg.Getenv, r.cfg.Getenv("HOME")); why != "" {
			c.Environment = "production"
		}
	}
	// The person's words come only from the runtime's own transcript: a
	// file inside the project could be one the agent wrote.
	if tp, _ := ev.Raw["transcript_path"].(string); tp != "" && workctx.TranscriptOutside(tp, policy.ProjectRoot(cwd)) {
		if msg, err := workctx.LastUserMessage(tp); err == nil && msg != "" && !slices.Contains(c.UserMessages, msg) {
			c.UserMessages = append(c.UserMessages, msg)
		}
	}
	path, err := r.db()
	if err != nil {
		return
	}
	dir := filepath.Dir(path)
	if pat, ok := learn.Pattern(a.Tool, a.Input); ok && a.InferKind() == guard.KindShell {
		r.pattern, r.project = pat, policy.ProjectRoot(cwd)
		if r.policy == nil || !r.policy.Trust.Off {
			if e, trusted, err := r.trust(dir).Lookup(r.project, pat); err == nil && e.Count > 0 {
				// Approvals count toward trust only: seed 002's "previously
				// approved" −3 after a single approval would make a one-time
				// pass a standing one and the fourth-approval rule moot.
				c.Approvals = &guard.Approvals{Pattern: pat, Count: e.Count, Trusted: trusted}
				if trusted {
					project := r.project
					r.afterCheck = append(r.afterCheck, func() { r.trust(dir).MarkUsed(project, pat) })
				}
			}
		}
	}
	now := time.Now()
	if why := r.unusualHour(dir, now); why != "" {
		c.Anomalies = append(c.Anomalies, why)
	}
	// Written with the decision (Recorder.Record), not now: a call handed
	// to another process (TryRun) must leave the state as it found it,
	// or that one would not see this hour as unusual.
	r.afterCheck = append(r.afterCheck, func() { learn.OpenHours(dir, nil).Record(now) })
}

// trust is the trust store beside the audit database, with the policy's
// settings.
func (r *Recorder) trust(dir string) *learn.Trust {
	opt := learn.TrustOptions{}
	if r.policy != nil {
		opt.After, opt.Expiry = r.policy.Trust.After, r.policy.Trust.Expires
	}
	return learn.OpenTrust(dir, opt)
}

// unusualHour says why now is outside the user's working hours: the
// policy's working_hours when set, else the hours learned from activity.
func (r *Recorder) unusualHour(dir string, now time.Time) string {
	if r.policy != nil && r.policy.WorkingHours != "" {
		if w, err := policy.ParseWindow(r.policy.WorkingHours); err == nil && !w.Contains(now) {
			return "it is " + now.Format("15:04 on Monday") + ", outside your working hours (" + r.policy.WorkingHours + ")"
		}
		return ""
	}
	if u, why, err := learn.OpenHours(dir, nil).Unusual(now); err == nil && u {
		return why
	}
	return ""
}

// approved counts a person's approval of the call a session line decided
// toward the trust of its pattern.
func (r *Recorder) approved(pre sessionStep) {
	if pre.Pattern == "" || pre.Project == "" || (r.policy != nil && r.policy.Trust.Off) {
		return
	}
	path, err := r.db()
	if err != nil {
		return
	}
	example, _ := pre.Input["command"].(string)
	r.trust(filepath.Dir(path)).RecordApproval(pre.Project, pre.Pattern, example, pre.Level == string(guard.Dangerous))
}

// workTreeDirty is the guard's probe of the working tree: dirty, or not
// known within DirtyBudget (which counts as dirty).
func workTreeDirty(cwd string) bool {
	if cwd == "" {
		cwd, _ = os.Getwd()
	}
	repo := workctx.FindRepo(cwd)
	if repo == nil {
		return false
	}
	dirty, known := repo.Dirty(context.Background(), DirtyBudget)
	return dirty || !known
}

// findRun returns the session's latest decision line for the call whose output
// step is (or nil), and whether the call's result was
// already seen after that decision (an event delivered twice).
func findRun(sessionFile string, step guard.Step) (pre *sessionStep, seen bool) {
	lines, err := readSessionLines(sessionFile)
	if err != nil {
		return nil, false
	}
	for i := len(lines) - 1; i >= 0; i-- {
		l := &lines[i]
		if l.Phase != phasePre {
			if l.Tool == step.Tool && (step.ID != "" && l.ID == step.ID || step.ID == "" && sameJSON(redactInput(l.Input), redactInput(step.Input))) {
				seen = true
			}
			continue
		}
		if step.ID != "" && l.ID != "" {
			if l.ID == step.ID {
				return l, seen
			}
			continue
		}
		if l.Tool == step.Tool && sameJSON(l.Input, redactInput(step.Input)) {
			return l, seen
		}
	}
	return nil, false
}
