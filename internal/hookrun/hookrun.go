// Package hookrun wires one hook call: the policy, the adjustments learned
// from feedback, the guard, the audit log and the session history around
// adapter.Run. Both `actionguard hook` and
// the lean `actionguard-hook` binary use it; it links only what a hook
// needs, because every linked package's initialisation runs on every call.
package hookrun

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"time"

	"github.com/actionguard/actionguard/adapter"
	"github.com/actionguard/actionguard/audit"
	"github.com/actionguard/actionguard/feedback"
	"github.com/actionguard/actionguard/guard"
	"github.com/actionguard/actionguard/internal/frontdoor"
	"github.com/actionguard/actionguard/policy"
	"github.com/actionguard/actionguard/store/dbpath"
)

// HistorySteps is how many earlier tool calls of a session a check sees.
const HistorySteps = 20

// Config is where a hook call finds its policy and audit log.
type Config struct {
	PolicyPath, ProjectPath string // empty: the defaults (see policy.Load)
	DBPath                  string // empty: $ACTIONGUARD_DB, $ACTIONGUARD_STATE_DIR, or dbpath.Default
	NoAudit                 bool
	Getenv                  func(string) string
	// Open opens the audit database for the calls that need it (see
	// Store); nil in the lean hook binary, which links no driver.
	Open Opener
	// StartDrain starts the drain of the spool beside the database at db
	// in a process of its own, not waiting for it (package bgdrain); a
	// call that finds the spool past DrainAt starts it instead of draining
	// the spool itself. nil, or an error, is the older way: the call
	// drains it (the lean binary hands such a call to one that can).
	StartDrain func(db string) error

	// Checker, when set, is what decides in place of the guard the call
	// builds (a test's failing or slow checker, a tracing one); it is
	// given that guard. nil is the guard itself.
	Checker func(g *guard.Guard) frontdoor.Checker

	// openApprovals opens the approval queue's store (tests); nil is the
	// SQLite file at DBPath.
	openApprovals approvalStore
}

// Run handles one hook call for the adapter and returns the response. A
// policy that does not load does not let everything through: the built-in
// policy decides, and the problem is said on stderr.
//
// With a nil Config.Open, a call that needs the audit database goes on
// without it, on each use's fail-safe path: no approval passes or is
// opened, every contact is new, the spool is not drained.
//
// A policy with custom rules in a process that supplied no compiler
// (policy.UseCompiler) is evaluated on the fail-safe path too: every rule
// fails, and the policy's on_error verdict holds the call.
func Run(ctx context.Context, ad adapter.Adapter, cfg Config, stdin io.Reader) adapter.Response {
	resp, _ := run(ctx, ad, cfg, stdin, &database{open: cfg.Open}, false)
	return resp
}

// TryRun is Run for a process that cannot open the audit database
// (Config.Open nil) or compile custom rules (no policy.UseCompiler): a
// call that needs the database returns ErrNeedsDatabase, and one whose
// policy files hold custom rules returns ErrNeedsCompiler, having recorded
// nothing, for the caller to hand the same input to one that can (the
// lean hook binary runs `actionguard hook`). Every other call is answered
// and recorded as Run does.
func TryRun(ctx context.Context, ad adapter.Adapter, cfg Config, stdin io.Reader) (adapter.Response, error) {
	db := &database{open: cfg.Open, deferring: cfg.Open == nil}
	if db.deferring && !cfg.NoAudit {
		if path, err := DBPath(cfg); err == nil && audit.NewSpool(audit.SpoolPath(path)).Size() >= DrainAt {
			if !drainElsewhere(cfg, path) {
				// This call drains the spool (Recorder.Close): all of it elsewhere.
				return adapter.Response{}, ErrNeedsDatabase
			}
			db.drainStarted = true
		}
	}
	return run(ctx, ad, cfg, stdin, db, true)
}

// ErrNeedsCompiler is TryRun's answer for a call whose policy holds custom
// rules in a process with no compiler for them: nothing was recorded, and
// the call is to be answered by a process that has one.
var ErrNeedsCompiler = errors.New("this hook call's policy has custom rules, which need the expression compiler")

func run(ctx context.Context, ad adapter.Adapter, cfg Config, stdin io.Reader, db *database, try bool) (adapter.Response, error) {
	if cfg.Getenv == nil {
		cfg.Getenv = os.Getenv
	}
	var warn []byte
	wd, _ := os.Getwd()
	lo := policy.LoadOptions{UserPath: cfg.PolicyPath, ProjectPath: cfg.ProjectPath, Cwd: wd, Getenv: cfg.Getenv}
	if path, err := DBPath(cfg); err == nil {
		lo.InstalledAt = InstalledAt(path)
		if !cfg.NoAudit {
			replayLate(path) // late.go: a late answer's record not yet in the spool
		}
	}
	p, notice := loadPolicy(cfg, lo)
	if try && p.NeedsCompiler() {
		return adapter.Response{}, ErrNeedsCompiler
	}
	if notice != "" {
		warn = []byte("actionguard: " + notice + "\n")
	}
	opts := []guard.Option{guard.WithPolicy(p), guard.WithControlPlane(ControlPlane(cfg)...)}
	defer withContacts(&opts, cfg, db)()
	if h := cfg.Getenv("HOME"); h != "" {
		opts = append(opts, guard.WithHome(h))
	}
	if adj := Learned(cfg); len(adj) > 0 {
		opts = append(opts, guard.WithLearned(adj))
	}
	rec := &Recorder{cfg: cfg, data: db, policy: p, asks: adapter.Asks(ad, &adapter.Event{Phase: adapter.PreTool}), rewrites: adapter.RewritesInput(ad)}
	defer rec.Close()
	if path, err := DBPath(cfg); err == nil {
		if key := fingerprintKey(path, false); key != nil {
			opts = append(opts, guard.WithFingerprintKey(key))
		}
	}
	opts = append(opts, guard.WithWorkTree(workTreeDirty), guard.WithLocalFiles())
	// The hook decides through the front door every caller uses: the
	// approval step is the hook's own (a pass only where the agent asks,
	// the database opened only for a held call), the records go to the
	// spool, and a pass used now counts as run (RunsOnPass).
	var check frontdoor.Checker = guard.New(opts...)
	if cfg.Checker != nil {
		check = cfg.Checker(check.(*guard.Guard))
	}
	door := &frontdoor.Door{Guard: check, Gate: gateFor(cfg, db, p.Approvals.PassTTL, rec.asks), Rewrite: rec.rewrite,
		PolicyNotice: notice, OmitHistory: true, Decided: rec.decided, RunsOnPass: true}
	if !cfg.NoAudit {
		door.Writer = spoolWriter{rec}
	}
	resp := adapter.Run(ctx, ad, door, rec, stdin, adapter.Options{History: HistorySteps, Enrich: rec.enrich})
	// A blocked or held call's record was being synced while the session
	// line and the answer were made: the answer waits for it.
	if err := rec.synced(); err != nil {
		warn = append(warn, "actionguard: the record of this call may not have reached the disk: "+err.Error()+"\n"...)
	}
	if db.deferred() {
		return adapter.Response{}, ErrNeedsDatabase
	}
	resp.Stderr = append(warn, resp.Stderr...)
	return resp, nil
}

// Learned returns the adjustments learned from feedback (see package
// feedback), read from the file next to the audit database. A hook must
// answer whatever happens, so a file that is missing, unreadable or
// corrupt is no adjustments, silently: `actionguard check` and `doctor`
// report a corrupt one.
func Learned(cfg Config) map[string]int {
	path, err := DBPath(cfg)
	if err != nil {
		return nil
	}
	adj, _ := feedback.LoadLearned(feedback.LearnedPath(path))
	return adj
}

// DBPath returns the audit database's path for cfg.
func DBPath(cfg Config) (string, error) { return dbpath.Find(cfg.DBPath, cfg.Getenv) }

// Recorder keeps a hook's session history (adapter.Recorder) and what a
// decision teaches beside its audit record (decided). The decisions reach
// the audit log through the front door's Writer, the spool (spoolWriter:
// one locked append; see audit.Spool), which the next command that reads
// the log — or a hook call, once the spool has grown past DrainAt — moves
// into the hash-chained database.
type Recorder struct {
	cfg  Config
	data *database // the audit database, opened only when needed
	path string    // the audit database
	err  error
	// asks reports that the agent puts held calls to the person itself;
	// pattern and project are the checked call's trust pattern and
	// project (see enrich), kept with its decision in the session file.
	asks             bool
	rewrites         bool // the agent runs a rewritten input (undo)
	pattern, project string
	policy           *policy.Policy
	// afterCheck are what enrich learned to keep (the hour's activity, a
	// trusted pattern's use), written by decided.
	afterCheck []func()
	// syncing waits for the sync of a blocked or held call's record
	// (audit.Spool.AppendSyncing); nil when none is under way.
	syncing func() error
}

// synced waits for the record's sync under way, if any.
func (r *Recorder) synced() error {
	if r.syncing == nil {
		return nil
	}
	err := r.syncing()
	r.syncing = nil
	return err
}

// DrainAt is the spool size from which a hook call drains it itself: a few
// hundred calls at least, so that the drain (one transaction, tens of
// milliseconds) stays out of the 99th percentile of hook calls.
const DrainAt = 4 << 20

func (r *Recorder) db() (string, error) {
	if r.path != "" || r.err != nil {
		return r.path, r.err
	}
	r.path, r.err = DBPath(r.cfg)
	if r.err != nil {
		r.err = fmt.Errorf("finding the audit database: %w", r.err)
	}
	return r.path, r.err
}

// drainElsewhere starts the drain of the spool beside db in a process of
// its own (Config.StartDrain) and reports whether it did, or found one
// running.
func drainElsewhere(cfg Config, db string) bool {
	return cfg.StartDrain != nil && cfg.StartDrain(db) == nil
}

// Close sees that the spool is drained when it has grown past DrainAt: in
// a process of its own (Config.StartDrain), or else here, holding up this
// call. A process that can do neither leaves it: the next call (TryRun)
// hands itself to one that can.
func (r *Recorder) Close() {
	if r.cfg.NoAudit || r.path == "" || r.data == nil || r.data.drainStarted {
		return
	}
	sp := audit.NewSpool(audit.SpoolPath(r.path))
	if sp.Size() < DrainAt || drainElsewhere(r.cfg, r.path) || r.data.open == nil {
		return
	}
	if st, err := r.data.openStore(context.Background(), r.path, 0); err == nil {
		sp.Drain(context.Background(), audit.New(st))
		st.Close()
	}
}

// spoolWriter is the hook's frontdoor.Writer: each record is one locked
// append to the spool beside the audit database, synced before the answer
// when the record must survive a power cut (durable). An allowed call's
// record under strict durability is synced before the door goes on, so
// that a failed sync makes no allow; a blocked or held call's is synced
// while the hook finishes the call (Run waits for it before answering),
// since no failure can loosen its answer.
type spoolWriter struct{ r *Recorder }

// Append implements frontdoor.Writer.
func (w spoolWriter) Append(_ context.Context, rec *audit.Record) error {
	if w.r.data.deferred() {
		// Another process answers and records this call; an error, so
		// that no allow could come of this answer even if it were used.
		return ErrNeedsDatabase
	}
	path, err := w.r.db()
	if err != nil {
		return err
	}
	spool := audit.NewSpool(audit.SpoolPath(path))
	switch {
	case !durable(w.r.policy, rec.Verdict):
		return spool.Append(rec)
	case rec.Verdict.Allowed() || w.r.syncing != nil:
		return spool.AppendDurable(rec)
	}
	wait, err := spool.AppendSyncing(rec)
	if err == nil {
		w.r.syncing = wait
	}
	return err
}

// decided is the door's Decided: after a decision's record, what the
// hook keeps beside it (the hour's activity, trust, the session's
// history). An error leaves the record incomplete, so an allow becomes the
// fallback.
func (r *Recorder) decided(_ context.Context, a *guard.Action, d *guard.Decision, res frontdoor.Result) error {
	if r.data.deferred() {
		return ErrNeedsDatabase
	}
	for _, f := range r.afterCheck {
		f()
	}
	r.afterCheck = nil
	if r.cfg.NoAudit {
		return nil
	}
	path, err := r.db()
	if err != nil {
		return err
	}
	contacts := audit.ContactsOf(d)
	if res.Approval.Passed && d.Verdict.Allowed() {
		// An approval a person gave is used: the door recorded the call as
		// run (RunsOnPass), so its contacts count once, not again when its
		// result comes back.
		contacts = nil
	}
	if a.Context.SessionID != "" && a.Tool != "" {
		// The session remembers the decision: what was blocked, held or
		// let through feeds the next checks (recent mistakes, retries,
		// chains) and, once the call is seen running, trust.
		st := sessionStep{Time: time.Now().UTC(), Phase: phasePre, ID: a.ID, Tool: a.Tool, Input: redactInput(boundInput(a.Input)),
			Verdict: string(d.Verdict), Level: string(d.Level), Asked: r.asks && (d.Verdict == guard.Confirm || d.Verdict == guard.Approve),
			Pattern: r.pattern, Project: r.project, Anomalies: d.Anomalies, Contacts: contacts}
		if err := appendLine(sessionPath(path, a.Context.SessionID), st); err != nil {
			return fmt.Errorf("recording the decision in the session: %w", err)
		}
		if d.ApprovalID != "" && d.Verdict.Allowed() && d.Level != guard.Dangerous {
			// A person approved this very call in the queue.
			r.approved(st)
		}
	}
	return nil
}

// durable reports whether a record must reach the disk before the answer:
// a blocked or held call's always (the record of what was stopped is the
// one an investigation needs), an allowed one's when the policy asks for
// strict durability. An allowed call's record is otherwise left to the
// system's write-back: it survives the hook being killed, not a power cut
// in the seconds after (docs/security.md).
func durable(p *policy.Policy, v guard.Verdict) bool {
	return !v.Allowed() || p == nil || p.StrictDurability
}

// History implements adapter.Recorder.
func (r *Recorder) History(ctx context.Context, session string, n int) ([]guard.Step, error) {
	path, err := r.db()
	if err != nil {
		return nil, err
	}
	return readSession(sessionPath(path, session), n)
}

// Observe implements adapter.Recorder: the step is kept with its secrets
// redacted.
func (r *Recorder) Observe(ctx context.Context, session string, step guard.Step) error {
	path, err := r.db()
	if err != nil {
		return err
	}
	sp := sessionPath(path, session)
	if step.Tool != adapter.UserPrompt && step.Outcome != guard.OutcomeFailed {
		pre, seen := findRun(sp, step)
		if pre != nil && !seen && len(pre.Contacts) > 0 && (guard.Verdict(pre.Verdict).Allowed() || pre.Asked) {
			// The call ran and its result came back: the recipients and
			// payees it reached count as interactions.
			r.ran(session, *pre)
		}
		// A call the agent put to the person and that then ran: the
		// person approved it (seed 002's trust is earned so).
		switch {
		case pre == nil || !pre.Asked:
		case pre.Level != string(guard.Dangerous):
			r.approved(*pre)
		default:
			// A DANGEROUS call the agent put to the person ran: they
			// approved it. Never trust; an anomaly in the audit log.
			r.dangerousApproved(session, *pre)
		}
	}
	return appendSession(sp, fingerprintKey(path, true), step)
}

// dangerousApproved appends the audit record of a DANGEROUS call a person
// let run, flagged as seed 000's anomaly.
func (r *Recorder) dangerousApproved(session string, pre sessionStep) {
	if r.cfg.NoAudit {
		return
	}
	path, err := r.db()
	if err != nil {
		return
	}
	a := &guard.Action{ID: pre.ID, Tool: pre.Tool, Input: pre.Input}
	a.Context.SessionID = session
	d := &guard.Decision{Verdict: guard.Verdict(pre.Verdict), Level: guard.Dangerous, Risk: 10,
		Reason:    "A person approved this DANGEROUS action and it ran; the rest of the session is watched more closely.",
		Anomalies: []string{guard.AnomalyDangerousApproved}}
	// An anomaly's record is synced, as a held call's is.
	audit.NewSpool(audit.SpoolPath(path)).AppendDurable(audit.RecordOf(a, d, 0))
}

// ran appends the record of a call that ran, with the contacts it reached
// (audit.RanKind): the only records the contact book learns from.
func (r *Recorder) ran(session string, pre sessionStep) {
	if r.cfg.NoAudit {
		return
	}
	path, err := r.db()
	if err != nil {
		return
	}
	audit.NewSpool(audit.SpoolPath(path)).Append(audit.RanRecord(session, pre.ID, pre.Tool, guard.Verdict(pre.Verdict), guard.Level(pre.Level), pre.Contacts))
}
