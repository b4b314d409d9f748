package policy

import (
	"fmt"

	"github.com/actionguard/actionguard/rule"
)

// Mode is seed 002's operating mode.
type Mode string

// modes lists the modes from the loosest to the strictest: a project file may
// move the mode right, never left. Learning and flow are both looser than
// adaptive; flow, which also raises the thresholds, is the loosest.
var modes = []Mode{Flow, Learning, Adaptive, Paranoid}

// strictness ranks the mode in modes; an unknown mode ranks as adaptive.
func (m Mode) strictness() int {
	for i, x := range modes {
		if x == m {
			return i
		}
	}
	return 2
}

// verdicts lists the verdicts from the loosest to the strictest.
var verdicts = []rule.Verdict{rule.Allow, rule.Notify, rule.Confirm, rule.Approve, rule.Block}

// verdictRank ranks a verdict in verdicts; an unknown verdict ranks as
// block, the safe reading of a value nobody understands.
func verdictRank(v string) int {
	for i, x := range verdicts {
		if string(x) == v {
			return i
		}
	}
	return len(verdicts) - 1
}

// Modes.
const (
	Learning Mode = "learning" // observe: only DANGEROUS is enforced, the rest is logged as it would be
	Adaptive Mode = "adaptive" // the default: the seeds' thresholds, adjusted by learned trust
	Flow     Mode = "flow"     // focused work: fewer interruptions
	Paranoid Mode = "paranoid" // sensitive work: lower thresholds, no soft approvals
)

// DefaultLevel is seed 002's default security level (balanced).
const DefaultLevel = 5

// Thresholds are the upper bounds of the SAFE, CAUTIOUS and PRIVILEGED
// scores (seed 000: 25, 70, 100); a score above Privileged is DANGEROUS.
type Thresholds struct {
	Safe       int `json:"safe"`
	Cautious   int `json:"cautious"`
	Privileged int `json:"privileged"`
}

// SeedThresholds are seed 000's thresholds, in force at level 5 in adaptive mode.
var SeedThresholds = Thresholds{Safe: 25, Cautious: 70, Privileged: 100}

// Policy is a validated, merged policy. The zero value is not useful: use
// Default or Load. A Policy is safe for concurrent use once built.
type Policy struct {
	Mode  Mode
	Level int // security level 1 (relaxed) … 9 (strict)
	// OnUnparseable is the verdict for input that cannot be parsed;
	// OnError the verdict for an internal error or a timeout. Never "allow".
	OnUnparseable string
	OnError       string
	// Allow and Deny are the anchored lists, in file order (user file
	// first). A deny entry wins over an allow entry.
	Allow []Entry
	Deny  []Entry
	// Rules are the custom rules, in file order (user file first).
	Rules []*CustomRule
	// Disabled are rule ids the user turned off (user level only).
	Disabled map[string]bool
	// ForbiddenPatterns and SensitivePatterns are the evaluator's own
	// patterns (seed 004), user file first, then the project's. Each is a
	// valid RE2 expression, meant to be matched against lower-cased text;
	// an expression appears once in each list.
	ForbiddenPatterns []EvalPattern
	SensitivePatterns []EvalPattern
	// ModeSet reports that a file or the user's choice set the mode: a new
	// installation's learning period then does not apply.
	ModeSet bool
	// ModeSource and LevelSource say where the mode and the level came
	// from ("file:line", the file of chosen modes, the learning period);
	// "" is the default.
	ModeSource, LevelSource string
	// Learning is where a new installation is in its learning period,
	// when the mode is learning because of it.
	Learning *LearningState
	// LearningDays is a new installation's learning period (seed 002's
	// learningPeriodDays), in days; 0 turns it off.
	LearningDays int
	// WorkingHours are the user's working hours as written (see
	// ParseWindow), or "" when they are learned.
	WorkingHours string
	// Trust and Undo are seed 002's progressive trust and undo.
	Trust TrustPolicy
	Undo  UndoPolicy
	// Approvals says how long an approved call may wait to run.
	Approvals ApprovalPolicy
	// Wrappers are the programs the files declare to run the command
	// after them, user file first (see Wrapper).
	Wrappers []Wrapper
	// StrictDurability makes every audit record reach the disk before the
	// answer; without it only blocked and held decisions' records are
	// synced (strict_durability).
	StrictDurability bool
	// Sources are the files the policy was read from, in order.
	Sources []string
	// Warnings are what was dropped or adjusted while merging, and what in
	// the files is risky or has no effect, each rendered as
	// "file:line:col: warning: message (hint: …)"; Diagnostics holds the
	// same warnings with their fields.
	Warnings    []string
	Diagnostics []Diagnostic

	// uncompiled: see NeedsCompiler.
	uncompiled bool
}

// Default returns the built-in policy: adaptive mode, level 5, confirm on
// unparseable input and on internal errors.
func Default() *Policy {
	return &Policy{Mode: Adaptive, Level: DefaultLevel, OnUnparseable: "confirm", OnError: "confirm",
		LearningDays: DefaultLearningDays, Trust: DefaultTrust, Undo: DefaultUndo, Approvals: DefaultApprovals}
}

// Thresholds returns the score thresholds after the security level and the
// mode: each level away from 5 moves every threshold by 5 points (stricter
// levels lower them); paranoid lowers them by a further 15, flow raises them by 15.
func (p *Policy) Thresholds() Thresholds {
	shift := (DefaultLevel - p.level()) * 5
	switch p.Mode {
	case Paranoid:
		shift -= 15
	case Flow:
		shift += 15
	}
	t := SeedThresholds
	t.Safe += shift
	t.Cautious += shift
	t.Privileged += shift
	if t.Safe < 0 {
		t.Safe = 0
	}
	return t
}

func (p *Policy) level() int {
	if p.Level < 1 || p.Level > 9 {
		return DefaultLevel
	}
	return p.Level
}

// Facts are what the mode needs to know about an action besides its verdict.
type Facts struct {
	// AlwaysReview marks seed 002's always-review commands, which no mode relaxes.
	AlwaysReview bool
	// Reversible reports that what the action changes can be undone (it
	// deletes, overwrites, sends or pays nothing beyond recall).
	Reversible bool
}

// AdjustVerdict applies the mode to a verdict reached from the thresholds:
//   - learning: only DANGEROUS is enforced: a held action (confirm,
//     approve) runs and the user is told what would have happened;
//   - flow: a reversible CAUTIOUS action (confirm) runs with a notice;
//   - paranoid: a soft approval becomes an explicit one (no auto-confirm).
//
// Always-review commands keep their verdict in every mode.
func (p *Policy) AdjustVerdict(verdict rule.Verdict, f Facts) rule.Verdict {
	if f.AlwaysReview && p.Mode != Paranoid {
		return verdict
	}
	switch p.Mode {
	case Learning:
		if verdict == rule.Confirm || verdict == rule.Approve {
			return rule.Notify
		}
	case Flow:
		if verdict == rule.Confirm && f.Reversible {
			return rule.Notify
		}
	case Paranoid:
		if verdict == rule.Confirm {
			return rule.Approve
		}
	}
	return verdict
}

// RuleDisabled reports whether the user turned the rule off.
func (p *Policy) RuleDisabled(id string) bool { return p.Disabled[id] }

// String names the policy's mode and level, for traces.
func (p *Policy) String() string {
	return fmt.Sprintf("mode %s, security level %d", p.Mode, p.level())
}
