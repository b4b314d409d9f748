package feedback

import (
	"fmt"
	"slices"
	"sort"

	"github.com/actionguard/actionguard/guard"
	"github.com/actionguard/actionguard/rule"
)

// How feedback moves a rule's points (seed 000: better ten unnecessary
// approvals than one false negative, so a miss weighs twice an annoyance
// and one is enough).
const (
	// MinFalsePositives is how many false positives a rule needs before it
	// is lowered: one annoyance is an anecdote.
	MinFalsePositives = 3
	// DropPerFalsePositive is what each false positive takes off a rule,
	// down to -guard.MaxLearnedDrop.
	DropPerFalsePositive = 5
	// RisePerFalseNegative is what each false negative adds to a rule, up to
	// guard.MaxLearnedRise.
	RisePerFalseNegative = 10
)

// Lookup tells Learn what it knows of a rule: its category, and whether
// it is a built-in rule at all (a policy's own rules are not). Learn never
// lowers a rule it does not know, since it cannot tell whether the rule is
// in a DANGEROUS category.
type Lookup func(ruleID string) (cat rule.Category, known bool)

// Adjustment is what feedback says about one rule.
type Adjustment struct {
	Rule           string        `json:"rule"`
	Category       rule.Category `json:"category,omitempty"`
	FalsePositives int           `json:"false_positives"`
	FalseNegatives int           `json:"false_negatives"`
	Agreed         int           `json:"agreed"`
	// Points is the learned adjustment, within [-guard.MaxLearnedDrop,
	// guard.MaxLearnedRise]; 0 when feedback changes nothing.
	Points int `json:"points"`
	// Why says how Points came about, for a person.
	Why string `json:"why"`
	// Review flags the rule for a security review: it let something
	// through that should not have gone through.
	Review bool `json:"review,omitempty"`
}

// Latest keeps, of several entries on the same audit record, the one given
// last (the highest ID, then the latest Time): a person who changes their
// mind replaces their feedback, and one who repeats it does not count
// twice. The result is in the order of the entries kept.
func Latest(es []Entry) []Entry {
	last := make(map[int64]int, len(es))
	for i := range es {
		j, ok := last[es[i].AuditSeq]
		if !ok || later(&es[i], &es[j]) {
			last[es[i].AuditSeq] = i
		}
	}
	out := make([]Entry, 0, len(last))
	for i := range es {
		if last[es[i].AuditSeq] == i {
			out = append(out, es[i])
		}
	}
	return out
}

func later(a, b *Entry) bool {
	if a.ID != b.ID {
		return a.ID > b.ID
	}
	return a.Time.After(b.Time)
}

// Learn counts, for every rule that fired on a decision with feedback, its
// false positives, false negatives and agreements (the latest feedback per
// decision, see Latest), and derives its adjustment:
//
//   - a rule with a false negative gains RisePerFalseNegative points per
//     false negative, up to guard.MaxLearnedRise, whatever its false
//     positives (seed 000: never reduce the score for false negatives), and
//     is flagged for review;
//   - otherwise a rule with at least MinFalsePositives false positives loses
//     DropPerFalsePositive points per false positive, down to
//     -guard.MaxLearnedDrop, unless it is in a DANGEROUS category or not a
//     known rule: those are never lowered.
//
// The result is sorted by rule id. Learn is pure.
func Learn(es []Entry, lookup Lookup) []Adjustment {
	by := map[string]*Adjustment{}
	for _, e := range Latest(es) {
		o := e.Outcome()
		for _, id := range unique(e.Rules) {
			a := by[id]
			if a == nil {
				a = &Adjustment{Rule: id}
				by[id] = a
			}
			switch o {
			case FalsePositive:
				a.FalsePositives++
			case FalseNegative:
				a.FalseNegatives++
			default:
				a.Agreed++
			}
		}
	}
	out := make([]Adjustment, 0, len(by))
	for _, a := range by {
		cat, known := rule.Category(""), false
		if lookup != nil {
			cat, known = lookup(a.Rule)
		}
		if known {
			a.Category = cat
		}
		a.Points, a.Why = adjust(a.FalsePositives, a.FalseNegatives, cat, known)
		a.Review = a.FalseNegatives > 0
		out = append(out, *a)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Rule < out[j].Rule })
	return out
}

// adjust is one rule's adjustment and why.
func adjust(fp, fn int, cat rule.Category, known bool) (int, string) {
	if fn > 0 {
		p := fn * RisePerFalseNegative
		why := fmt.Sprintf("%+d per false negative", RisePerFalseNegative)
		if p > guard.MaxLearnedRise {
			p, why = guard.MaxLearnedRise, why+fmt.Sprintf(", at most %+d", guard.MaxLearnedRise)
		}
		return p, why
	}
	switch {
	case fp == 0:
		return 0, "no change"
	case cat.Dangerous():
		return 0, "never lowered (dangerous)"
	case !known:
		return 0, "never lowered (not a built-in rule: change the policy instead)"
	case fp < MinFalsePositives:
		return 0, fmt.Sprintf("lowered only from %d false positives", MinFalsePositives)
	}
	p := -fp * DropPerFalsePositive
	why := fmt.Sprintf("%+d per false positive", -DropPerFalsePositive)
	if p < -guard.MaxLearnedDrop {
		p, why = -guard.MaxLearnedDrop, why+fmt.Sprintf(", at most %+d", -guard.MaxLearnedDrop)
	}
	return p, why
}

// Learned returns the adjustments that change something, as
// guard.WithLearned takes them.
func Learned(as []Adjustment) map[string]int {
	m := map[string]int{}
	for _, a := range as {
		if a.Points != 0 {
			m[a.Rule] = a.Points
		}
	}
	return m
}

func unique(ids []string) []string {
	if len(ids) < 2 {
		return ids
	}
	out := slices.Clone(ids)
	slices.Sort(out)
	return slices.Compact(out)
}
