package guard

import (
	"cmp"
	"fmt"
	"slices"
	"strings"

	"github.com/actionguard/actionguard/policy"
	"github.com/actionguard/actionguard/rule"
)

// The verdict is reached by an ordered list of named stages. Each stage
// is a small method of the evaluation that reads and changes the verdict
// so far (verdictState); it reports whether it ran — whether its
// condition held for this action — and a stage that ran has its own line
// in explain's trace, under its name. A stage that did not run leaves no
// line. The order is the decision: later stages see what earlier ones did.
//
//	score          the findings' points (heaviest, or added up) and the context modifiers
//	threshold      the score against the policy's thresholds: a level and its verdict
//	always-review  an always-review command needs at least an explicit approval
//	mode           the policy's mode turns confirmations into notices or approvals
//	trust          a pattern the user approved often enough runs with a notice
//	paranoid       paranoid mode holds any interpreter for an explicit approval
//	custom-rules   the policy's own rules, which see the decision so far
//	category-floor a composite analyzer's class (an always-review tool, a grade)
//	transmission   a send that is part of the user's task runs and is told
//	floor          deny entries, custom rules and paranoid mode raise the verdict
//	fallback       what could not be read or evaluated gets the policy's fallback
//	verdict        the level, risk, reason and notice that go with the verdict
var decideStages = [...]struct {
	name string
	run  func(*evaluation) bool
}{
	{stageScore, (*evaluation).scoreStage},
	{stageThreshold, (*evaluation).thresholdStage},
	{stageAlwaysReview, (*evaluation).alwaysReviewStage},
	{stageMode, (*evaluation).modeStage},
	{stageTrust, (*evaluation).trustStage},
	{stageParanoid, (*evaluation).paranoidStage},
	{stageCustomRules, (*evaluation).customRulesStage},
	{stageCategoryFloor, (*evaluation).categoryFloorStage},
	{stageTransmission, (*evaluation).transmissionStage},
	{stageFloor, (*evaluation).floorStage},
	{stageFallback, (*evaluation).fallbackStage},
	{stageVerdict, (*evaluation).verdictStage},
}

// The stages' names, as explain shows them.
const (
	stageScore         = "score"
	stageThreshold     = "threshold"
	stageAlwaysReview  = "always-review"
	stageMode          = "mode"
	stageTrust         = "trust"
	stageParanoid      = "paranoid"
	stageCustomRules   = "custom-rules"
	stageCategoryFloor = "category-floor"
	stageTransmission  = "transmission"
	stageFloor         = "floor"
	stageFallback      = "fallback"
	stageVerdict       = "verdict"
)

// DecisionStages names the stages that reach a verdict, in the order they
// run (explain's trace shows those that ran under these names).
func DecisionStages() []string {
	out := make([]string, len(decideStages))
	for i, s := range decideStages {
		out[i] = s.name
	}
	return out
}

// verdictState is what the stages pass along.
type verdictState struct {
	fs           []Finding
	base, score  int
	dangerous    bool // a finding is in a DANGEROUS category
	alwaysReview bool // a finding is an always-review command
	t            policy.Thresholds
	level        Level
	v            Verdict
	transmitOnly bool // the action only transmits what the user's task asked for
}

// decide runs the stages in order and reaches the verdict.
func (e *evaluation) decide() {
	e.vs = verdictState{fs: e.findings}
	for _, s := range decideStages {
		n := len(e.d.Trace)
		if !s.run(e) || !e.trace {
			continue
		}
		// A stage that ran has its line, even when it had nothing to add.
		if !hasStage(e.d.Trace[n:], s.name) {
			e.step(s.name, "the verdict stays "+string(e.vs.v), 0)
		}
	}
}

func hasStage(steps []TraceStep, name string) bool {
	for _, s := range steps {
		if s.Stage == name {
			return true
		}
	}
	return false
}

// scoreStage weighs the findings: the heaviest one, or seed 000's sum for
// the analyzers that add points up, then the context modifiers.
func (e *evaluation) scoreStage() bool {
	s := &e.vs
	fs := s.fs
	e.learn(fs)
	slices.SortStableFunc(fs, func(a, b Finding) int { return cmp.Compare(b.Points, a.Points) })
	base := 0
	for _, f := range fs {
		if e.trace {
			e.step("rule", fmt.Sprintf("%s: %s", f.Rule, f.Message), f.Points)
		}
		base = max(base, f.Points)
		s.dangerous = s.dangerous || f.Category.Dangerous()
		s.alwaysReview = s.alwaysReview || f.AlwaysReview
	}
	if len(fs) == 0 {
		e.step("rule", "no rule matched", 0)
	}
	how := "the heaviest finding"
	if e.sum != nil {
		// Points add up (seed 000's scoring): the verb, the target, the
		// money; a negative finding (the user asked, an undoable edit) lowers them.
		sum := *e.sum + e.learnedDelta
		if !s.dangerous || sum > base {
			base = sum
			how = "the findings added up"
			for _, f := range fs {
				if strings.HasPrefix(f.Rule, "policy.") || strings.HasPrefix(f.Rule, "profile.") {
					base = max(base, f.Points) // the policy's own weights stand
				}
			}
		}
		if e.trace {
			e.step(stageScore, fmt.Sprintf("the findings add up to %d points", sum), sum)
		}
	}
	score := base
	e.anomalies = sessionAnomalies(e.a)
	e.mods = e.modifiers(fs, base)
	for _, m := range e.mods {
		score += m.points
		if e.trace {
			e.step("modifier", m.name+": "+m.why, m.points)
		}
	}
	score = max(score, 0)
	s.base, s.score = base, score
	if e.trace {
		e.step(stageScore, fmt.Sprintf("%d points from %s, %d with the context: score %d", base, how, score-base, score), score)
	}
	return true
}

// thresholdStage turns the score into a level and the level into a verdict.
func (e *evaluation) thresholdStage() bool {
	s := &e.vs
	p := e.g.policy
	s.t = p.Thresholds()
	if s.dangerous {
		s.level = Dangerous
		e.step(stageThreshold, "a finding is in one of the DANGEROUS categories: dangerous whatever the score", 0)
	} else {
		s.level = levelOfScore(s.score, s.t)
		if e.trace {
			e.step(stageThreshold, fmt.Sprintf("score %d with thresholds safe ≤ %d, cautious ≤ %d, privileged ≤ %d (%s) → %s", s.score, s.t.Safe, s.t.Cautious, s.t.Privileged, p, s.level), s.score)
		}
	}
	switch s.level {
	case Safe:
		s.v = Allow
		if s.base >= NotifyPoints {
			s.v = Notify
		}
	case Cautious:
		s.v = Confirm
	case Privileged:
		s.v = Approve
	default:
		s.v = Block
	}
	return true
}

// alwaysReviewStage: seed 002's always-review commands need at least an
// explicit approval.
func (e *evaluation) alwaysReviewStage() bool {
	s := &e.vs
	if !s.alwaysReview {
		return false
	}
	if Approve.Stricter(s.v) {
		s.v = Approve
		e.step(stageAlwaysReview, "an always-review command needs an explicit approval", 0)
	}
	return true
}

// modeStage lets the policy's mode adjust the verdict (learning and flow
// turn confirmations into notices, paranoid into explicit approvals).
func (e *evaluation) modeStage() bool {
	s := &e.vs
	p := e.g.policy
	adj := p.AdjustVerdict(s.v, policy.Facts{AlwaysReview: s.alwaysReview, Reversible: e.reversible(s.fs)})
	if adj == s.v || !adj.Valid() {
		return false
	}
	if e.trace {
		e.step(stageMode, fmt.Sprintf("mode %s turns %s into %s", p.Mode, s.v, adj), 0)
	}
	if p.Mode == policy.Learning {
		e.wouldBe = s.v
	}
	s.v = adj
	return true
}

// trustStage: a held shell command whose pattern the user approved often
// enough in this project runs with a notice (see trust).
func (e *evaluation) trustStage() bool {
	s := &e.vs
	n := len(e.d.Trace)
	s.v = e.trust(s.v, s.dangerous, s.alwaysReview)
	// trust writes its line only when it looked at the pattern.
	return e.trusted || (e.trace && len(e.d.Trace) > n)
}

// paranoidStage: in paranoid mode a shell command that runs an interpreter
// needs an explicit approval, whatever the code is (seed 002).
func (e *evaluation) paranoidStage() bool {
	if e.g.policy.Mode != policy.Paranoid || e.kind != KindShell {
		return false
	}
	if ip := e.interpreter(); ip != "" {
		e.raise(Approve, "paranoid mode: it runs an interpreter ("+truncate(ip, 80)+")")
		if e.trace {
			e.step(stageParanoid, "it runs an interpreter ("+truncate(ip, 80)+") → at least approve", 0)
		}
	} else if e.trace {
		e.step(stageParanoid, "no interpreter runs", 0)
	}
	return true
}

// customRulesStage evaluates the policy's custom rules, which see the
// decision so far; each hit is a finding and raises the floor.
func (e *evaluation) customRulesStage() bool {
	s := &e.vs
	p := e.g.policy
	if len(p.Rules) == 0 {
		return false
	}
	hits, err := p.EvalRules(e.policyEnv(s.score, s.level))
	if err != nil {
		e.unparseable = ""
		e.d.Error = "custom rule failed: " + err.Error()
		fb, _ := ParseVerdict(p.OnError)
		if fb == Allow || fb == "" {
			fb = Confirm
		}
		e.raise(fb, "a custom rule could not be evaluated")
		if e.trace {
			e.step(stageCustomRules, "a custom rule could not be evaluated ("+err.Error()+") → at least "+string(fb), 0)
		}
	}
	for _, h := range hits {
		hv, err := ParseVerdict(h.Verdict)
		if err != nil {
			continue
		}
		pts := map[Verdict]int{Notify: 15, Confirm: 50, Approve: 85, Block: 110}[hv]
		s.fs = append(s.fs, Finding{Rule: h.ID, Category: rule.Configuration, Points: pts, Message: h.Message + " (" + h.Source + ")"})
		e.raise(hv, "the custom rule "+h.ID)
		if e.trace {
			e.step(stageCustomRules, "custom rule "+h.ID+" ("+h.Source+") → at least "+string(hv), pts)
		}
	}
	if e.trace && err == nil && len(hits) == 0 {
		e.step(stageCustomRules, fmt.Sprintf("none of the policy's %d custom rules matched", len(p.Rules)), 0)
	}
	return true
}

// categoryFloorStage: a composite analyzer's class (an always-review
// rule, seed 003's grade, an ambiguous request) is the least verdict and
// level, unless the action only transmits what the user asked for.
func (e *evaluation) categoryFloorStage() bool {
	s := &e.vs
	s.transmitOnly = e.aligned && !s.dangerous && onlyTransmit(s.fs)
	if e.classFloor == "" || s.transmitOnly {
		return false
	}
	if e.classFloor.Stricter(s.v) {
		if e.trace {
			e.step(stageCategoryFloor, fmt.Sprintf("%s requires at least %s", e.classFloorWhy, e.classFloor), 0)
		}
		s.v = e.classFloor
	}
	// The analyzer's class is the action's level when it is stricter
	// than the score's (an always-review rule, seed 003's grade).
	if l := levelOfVerdict(e.classFloor); levelRank(l) > levelRank(s.level) && s.level != Dangerous {
		s.level = l
	}
	return true
}

// transmissionStage: a transmission that is part of the user's stated
// task executes and the user is told (seed 001).
func (e *evaluation) transmissionStage() bool {
	s := &e.vs
	if !e.aligned {
		return false
	}
	if s.transmitOnly && (s.v == Confirm || s.v == Approve) {
		e.step(stageTransmission, "the user asked for this transmission (part of the user's stated task) → notify", 0)
		s.v = Notify
	}
	if s.v == Allow {
		e.step(stageTransmission, "a transmission the user asked for runs and the user is told → notify", 0)
		s.v = Notify
	}
	return true
}

// floorStage applies the least verdict deny entries, custom rules and
// paranoid mode demand.
func (e *evaluation) floorStage() bool {
	s := &e.vs
	if e.floor == "" {
		return false
	}
	if e.floor.Stricter(s.v) {
		if e.trace {
			e.step(stageFloor, fmt.Sprintf("%s requires at least %s", e.floorWhy, e.floor), 0)
		}
		s.v = e.floor
	}
	return true
}

// fallbackStage: input that could not be read, or a check that lacked
// information, gets the policy's fallback — never a silent allow.
func (e *evaluation) fallbackStage() bool {
	s := &e.vs
	if e.unparseable == "" && e.missing == "" {
		return false
	}
	p := e.g.policy
	why := e.unparseable
	if why == "" {
		why = e.missing
	}
	fb, err := ParseVerdict(p.OnUnparseable)
	if e.missing != "" {
		fb, err = ParseVerdict(p.OnError)
	}
	if err != nil || fb == Allow {
		fb = Confirm
	}
	if p.Mode == policy.Paranoid && Approve.Stricter(fb) {
		fb = Approve // seed 002: in paranoid mode what cannot be read needs an explicit approval
	}
	if fb.Stricter(s.v) || s.v == Allow {
		if e.trace {
			e.step(stageFallback, why+" → "+string(fb.Max(s.v))+" (policy fallback)", 0)
		}
		s.v = fb.Max(s.v)
	}
	if e.d.Error == "" {
		e.d.Error = why
	}
	if fb.Stricter(Allow) && s.level == Safe {
		s.level = levelOfVerdict(fb)
	}
	return true
}

// verdictStage fills the decision: a block is dangerous, the risk, what
// the session's escalation held, what learning mode relaxed, the reason.
func (e *evaluation) verdictStage() bool {
	s := &e.vs
	v := s.v
	if v == Block && s.level != Dangerous {
		s.level = Dangerous
	}
	fs := s.fs
	if fs == nil {
		fs = []Finding{}
	}
	e.d.Findings = fs
	e.d.Score = s.score
	e.d.Level = s.level
	e.d.Risk = riskOf(s.score)
	if s.level == Dangerous {
		e.d.Risk = 10
	}
	e.d.Verdict = v
	if v == Block && !s.dangerous && e.unparseable == "" && e.missing == "" {
		e.d.HeldBeforeSession = e.heldBeforeSession(s.score, s.t, s.alwaysReview)
	}
	if e.wouldBe != "" && e.wouldBe.Stricter(v) {
		e.d.WouldBe = e.wouldBe
	}
	e.d.Anomalies = append(e.d.Anomalies, e.anomalies...)
	e.d.approvalView()
	e.reason()
	e.sessionReason()
	e.scrub()
	if e.trace {
		e.step(stageVerdict, fmt.Sprintf("%s (%s, %s)", v, s.level, RiskBar(e.d.Risk)), s.score)
	}
	return true
}
