// Package guard is actionguard's library API: an Action goes in, a Decision
// comes out.
//
//	g := guard.New(guard.WithPolicy(p))
//	d, err := g.Check(ctx, guard.Action{Tool: "Bash", Input: map[string]any{"command": "rm -rf build"}})
//
// Check runs the analyzer for the action's kind (shell, sql, file, …), scores
// the findings with seed 000's points table and seed 002's context modifiers,
// and applies the policy (mode, security level, allow and deny lists, custom
// rules) to reach a Verdict. It never fails open: input it cannot parse, an
// internal error or a cancelled context give the policy's fallback verdict
// (confirm by default) and say so in the Decision.
//
// A Guard is safe for concurrent use.
package guard

import (
	"context"
	"errors"
	"fmt"
	"os"
	"runtime/debug"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/actionguard/actionguard/analyze/shell"
	"github.com/actionguard/actionguard/policy"
)

// Limits on what one action may carry; larger input gets the fallback verdict.
const (
	MaxCommandBytes = 1 << 20 // a shell command or SQL text
	MaxTextBytes    = 1 << 20 // any other text field
)

// Guard checks actions. Build it with New.
type Guard struct {
	policy *policy.Policy
	// wrappers are the policy's wrappers in the shell analysis's form.
	wrappers []shell.Wrapper
	home     string
	now      func() time.Time
	// learned are per-rule point adjustments learned from the user's
	// feedback (see WithLearned).
	learned map[string]int
	// fpKey is the key of the fingerprints in Context and History.
	fpKey []byte
	// contacts counts earlier interactions with recipients and payees
	// (WithContactBook); nil: unknown.
	contacts ContactBook
	// workTree tells whether a directory's working tree has uncommitted
	// changes (WithWorkTree); nil: only Context.GitDirty says.
	workTree func(cwd string) bool
	// control are actionguard's own places beyond the defaults
	// (WithControlPlane); nil: named from the environment.
	control []string
	// readFile reads a script of this machine for the shell analysis
	// (WithLocalFiles); nil: files on disk are not read.
	readFile func(abs string) ([]byte, error)
	// protected indexes the protected files by identity, per home and
	// working directory, for the hard links of WithLocalFiles (built on
	// first use; see localfile_links.go).
	protected sync.Map
	// envControl is the control plane last named from the environment,
	// with the variables it was named from.
	envControl atomic.Pointer[envControl]
	// serverPort is the approval server's port (WithServerPort); 0: read
	// from $ACTIONGUARD_SERVER_URL, else the default (see self_port.go).
	serverPort int
	// envPort is the port last read from $ACTIONGUARD_SERVER_URL.
	envPort atomic.Pointer[envPort]
}

// ContactBook tells how many earlier interactions the user had with each
// contact, by key (contact.Key(kind, address)); unknown keys are
// absent. store.Store is one.
type ContactBook interface {
	ContactCounts(ctx context.Context, keys []string) (map[string]int, error)
}

// WithContactBook lets the guard tell a frequent contact from a new one
// and a known payee from a new one (seed 003). Without a book, or when it
// fails, nothing is known: a message to anyone is graded as to a new
// contact.
func WithContactBook(b ContactBook) Option { return func(g *Guard) { g.contacts = b } }

// WithFingerprintKey sets the key under which Context.UserFingerprints and
// Step.Fingerprints were made (privacy.Fingerprint): where prompts and
// tool outputs are kept redacted, their values are still recognised.
func WithFingerprintKey(key []byte) Option { return func(g *Guard) { g.fpKey = key } }

// WithWorkTree gives the guard a probe of the working tree: dirty(cwd)
// reports whether the repository at cwd has uncommitted changes (true
// when it cannot tell in time: missing information never makes an action
// look safer). The guard calls it at most once a check, and only when a
// finding that could lose work makes seed 002's dirty-tree modifier
// matter, so a hook pays for reading the index only then.
func WithWorkTree(dirty func(cwd string) bool) Option { return func(g *Guard) { g.workTree = dirty } }

// Option configures a Guard.
type Option func(*Guard)

// WithPolicy sets the policy; the default is policy.Default().
func WithPolicy(p *policy.Policy) Option { return func(g *Guard) { g.policy = p } }

// WithHome sets the home directory used to resolve "~" when the action's
// context names none.
func WithHome(dir string) Option { return func(g *Guard) { g.home = dir } }

// WithClock sets the clock (tests).
func WithClock(now func() time.Time) Option { return func(g *Guard) { g.now = now } }

// MaxLearnedDrop and MaxLearnedRise bound what feedback can do to one
// rule's points: a rule that keeps annoying the user can lose at most two
// steps of seed 000's table; one that missed something can gain three.
const (
	MaxLearnedDrop = 20
	MaxLearnedRise = 30
)

// WithLearned sets per-rule point adjustments learned from feedback
// (`actionguard feedback`): rule id → points to add to the rule's findings.
// Adjustments are clamped to [-MaxLearnedDrop, MaxLearnedRise], never take
// a finding below zero points, and never lower a finding in a DANGEROUS
// category (seed 000: never reduce the score for false negatives; better
// ten unnecessary approvals than one false negative).
func WithLearned(adj map[string]int) Option { return func(g *Guard) { g.learned = adj } }

// New returns a Guard.
func New(opts ...Option) *Guard {
	g := &Guard{policy: policy.Default(), now: time.Now}
	for _, o := range opts {
		o(g)
	}
	if g.home == "" {
		g.home, _ = os.UserHomeDir()
	}
	if g.policy == nil {
		g.policy = policy.Default()
	}
	g.wrappers = g.policy.ShellWrappers()
	return g
}

// Policy returns the guard's policy.
func (g *Guard) Policy() *policy.Policy { return g.policy }

// ErrFallback marks a Decision reached by the fallback verdict rather than by
// analysis; Check returns it wrapped, together with the fallback Decision.
var ErrFallback = errors.New("action could not be checked")

// Check decides on one action. The returned Decision is always usable: when
// err is non-nil (internal error, cancelled context) it carries the policy's
// fallback verdict, never a silent allow.
func (g *Guard) Check(ctx context.Context, a Action) (Decision, error) {
	return g.check(ctx, &a, false)
}

// Explain is Check with the step-by-step trace filled in.
func (g *Guard) Explain(ctx context.Context, a Action) (Decision, error) {
	return g.check(ctx, &a, true)
}

func (g *Guard) check(ctx context.Context, a *Action, trace bool) (d Decision, err error) {
	// The evaluation holds its own copy of the action: Check's argument
	// then stays on the caller's stack. Evaluations are reused (a check
	// allocated a kilobyte and a half for one before): nothing the check
	// returns points into it, and it is emptied before it goes back.
	e := evaluations.Get().(*evaluation)
	e.g, e.ctx, e.act, e.trace = g, ctx, *a, trace
	e.a = &e.act
	a = e.a
	defer func() {
		if r := recover(); r != nil {
			d = g.fallback(a, g.policy.OnError, fmt.Sprintf("internal error: %v", r), trace)
			if trace {
				d.Trace = append(d.Trace, TraceStep{Stage: "error", Detail: string(debug.Stack())})
			}
			err = fmt.Errorf("%w: internal error: %v", ErrFallback, r)
		}
	}()
	if err := ctx.Err(); err != nil {
		return g.fallback(a, g.policy.OnError, "the check was cancelled: "+err.Error(), trace), fmt.Errorf("%w: %v", ErrFallback, err)
	}
	e.kind = a.InferKind()
	if e.kind == KindShell {
		// The command runs where the tool says, if it says.
		a.Context.Cwd = shellWorkdir(a.Input, a.Context.Cwd, e.home())
	}
	e.run()
	if err := ctx.Err(); err != nil {
		return g.fallback(a, g.policy.OnError, "the check timed out: "+err.Error(), trace), fmt.Errorf("%w: %v", ErrFallback, err)
	}
	d = e.d
	// Only a check that ended normally gives its evaluation back; one that
	// panicked leaves it to the collector.
	// The program names' slice is kept, emptied (nothing returned points
	// to it): most checks name a program or two, an allocation each.
	programs := e.programs[:0]
	clear(e.programs)
	*e = evaluation{programs: programs}
	evaluations.Put(e)
	return d, nil
}

// evaluations are the evaluations no check is using, each empty but for
// the capacity of its programs.
var evaluations = sync.Pool{New: func() any { return new(evaluation) }}

// Fallback is the decision for an action that could not be checked at all
// (unreadable input, for one): the policy's on_error verdict, never allow,
// with why in Decision.Error.
func (g *Guard) Fallback(a *Action, why string) Decision {
	return g.fallback(a, g.policy.OnError, why, false)
}

// fallback is the decision for an action that could not be checked.
func (g *Guard) fallback(a *Action, verdict, why string, trace bool) Decision {
	v, err := ParseVerdict(verdict)
	if err != nil || v == Allow {
		v = Confirm
	}
	d := Decision{ID: a.ID, Verdict: v, Kind: a.InferKind(), Error: why, Findings: []Finding{}}
	d.Level = levelOfVerdict(v)
	d.Risk = riskOfLevel(d.Level)
	d.Score = d.Risk * 10
	d.Reason = "actionguard could not check this action (" + why + "), so it is held for a person to look at."
	if v == Notify {
		d.Reason = "actionguard could not check this action (" + why + "); it runs because the policy says so."
		d.Notice = d.Reason
	}
	if trace {
		d.Trace = append(d.Trace, TraceStep{Stage: "fallback", Detail: fmt.Sprintf("%s → %s (policy fallback)", why, v)})
	}
	d.approvalView()
	return d
}

func levelOfVerdict(v Verdict) Level {
	switch v {
	case Allow, Notify:
		return Safe
	case Confirm:
		return Cautious
	case Approve:
		return Privileged
	}
	return Dangerous
}

func riskOfLevel(l Level) int {
	switch l {
	case Safe:
		return 2
	case Cautious:
		return 5
	case Privileged:
		return 8
	}
	return 10
}

// truncate shortens s to n bytes on a rune boundary, marking the cut.
func truncate(s string, n int) string {
	if len(s) <= n {
		return s
	}
	cut := n
	for cut > 0 && cut < len(s) && (s[cut]&0xC0) == 0x80 {
		cut--
	}
	return s[:cut] + "…"
}

// oneLine collapses white space so that evidence fits on one line.
func oneLine(s string) string {
	if !strings.ContainsAny(s, "\n\r\t") {
		return s
	}
	return strings.Join(strings.Fields(s), " ")
}
