package feedback

import (
	"sort"
	"strconv"
	"time"

	"github.com/actionguard/actionguard/guard"
)

// NoRule is the report's name for decisions on which no rule fired.
const NoRule = "(no rule)"

// Report is `actionguard feedback report`: false positives and false
// negatives by rule. Its JSON form is what --json prints.
type Report struct {
	// Since is where the window starts; zero for all the feedback.
	Since time.Time `json:"since,omitzero"`
	// Decisions is how many decisions got feedback in the window (the
	// latest feedback on each counts), and how it splits.
	Decisions      int `json:"decisions"`
	FalsePositives int `json:"false_positives"`
	FalseNegatives int `json:"false_negatives"`
	Agreed         int `json:"agreed"`
	// Rules are the rules with feedback in the window or a learned
	// adjustment in force, most missed first.
	Rules []RuleReport `json:"rules"`
	// NoRule are the false negatives on which no rule fired, by tool and
	// kind: what no rule knows about yet.
	NoRule []Miss `json:"no_rule"`
	// Review lists what needs a security review: every rule with a false
	// negative, and "(no rule) tool/kind" for the misses no rule saw.
	Review []string `json:"review"`
	// OtherRules is how many other rules fired in the window, without
	// feedback, and OtherFired how many times.
	OtherRules int   `json:"other_rules"`
	OtherFired int64 `json:"other_fired"`
}

// RuleReport is one rule's line of the report.
type RuleReport struct {
	Rule     string `json:"rule"`
	Category string `json:"category,omitempty"`
	// Fired is how many decisions in the window the rule fired on.
	Fired          int64 `json:"fired"`
	FalsePositives int   `json:"false_positives"`
	FalseNegatives int   `json:"false_negatives"`
	Agreed         int   `json:"agreed"`
	// Learned is the adjustment in force (learned from all the feedback,
	// whatever the window), and Why says how it came about.
	Learned int    `json:"learned"`
	Why     string `json:"why"`
	Review  bool   `json:"review,omitempty"`
}

// Miss is a group of false negatives on which no rule fired.
type Miss struct {
	Tool  string `json:"tool"`
	Kind  string `json:"kind"`
	Count int    `json:"count"`
	// Decisions are the decisions' ids ("#seq" for one without an id).
	Decisions []string `json:"decisions"`
	// ShouldBe is the strictest verdict the people asked for.
	ShouldBe guard.Verdict `json:"should_be"`
}

// Summarize builds the report from the feedback given in the window (es),
// the adjustments in force (Learn over all the feedback) and how many times
// each rule fired in the window (from the audit log).
func Summarize(since time.Time, es []Entry, learned []Adjustment, fired map[string]int64) Report {
	r := Report{Since: since, Rules: []RuleReport{}, NoRule: []Miss{}, Review: []string{}}
	es = Latest(es)
	in := map[string]Adjustment{}
	for _, a := range Learn(es, nil) {
		in[a.Rule] = a
	}
	rows := map[string]*RuleReport{}
	row := func(id string) *RuleReport {
		if rows[id] == nil {
			rows[id] = &RuleReport{Rule: id, Fired: fired[id], Why: "no change"}
		}
		return rows[id]
	}
	for _, a := range learned {
		if a.Points == 0 && in[a.Rule].Rule == "" {
			continue
		}
		rr := row(a.Rule)
		rr.Category, rr.Learned, rr.Why = string(a.Category), a.Points, a.Why
	}
	for id, a := range in {
		rr := row(id)
		rr.FalsePositives, rr.FalseNegatives, rr.Agreed, rr.Review = a.FalsePositives, a.FalseNegatives, a.Agreed, a.FalseNegatives > 0
	}
	for _, rr := range rows {
		r.Rules = append(r.Rules, *rr)
	}
	sort.Slice(r.Rules, func(i, j int) bool {
		a, b := &r.Rules[i], &r.Rules[j]
		if a.FalseNegatives != b.FalseNegatives {
			return a.FalseNegatives > b.FalseNegatives
		}
		if a.FalsePositives != b.FalsePositives {
			return a.FalsePositives > b.FalsePositives
		}
		return a.Rule < b.Rule
	})
	for _, rr := range r.Rules {
		if rr.Review {
			r.Review = append(r.Review, rr.Rule)
		}
	}
	for id, n := range fired {
		if rows[id] == nil && n > 0 {
			r.OtherRules++
			r.OtherFired += n
		}
	}

	misses := map[[2]string]*Miss{}
	for _, e := range es {
		r.Decisions++
		switch e.Outcome() {
		case FalsePositive:
			r.FalsePositives++
		case FalseNegative:
			r.FalseNegatives++
			if len(e.Rules) == 0 {
				k := [2]string{e.Tool, e.Kind}
				m := misses[k]
				if m == nil {
					m = &Miss{Tool: e.Tool, Kind: e.Kind, ShouldBe: e.ShouldBe}
					misses[k] = m
				}
				m.Count++
				m.Decisions = append(m.Decisions, ref(&e))
				m.ShouldBe = m.ShouldBe.Max(e.ShouldBe)
			}
		default:
			r.Agreed++
		}
	}
	for _, m := range misses {
		r.NoRule = append(r.NoRule, *m)
	}
	sort.Slice(r.NoRule, func(i, j int) bool {
		a, b := &r.NoRule[i], &r.NoRule[j]
		if a.Count != b.Count {
			return a.Count > b.Count
		}
		if a.Tool != b.Tool {
			return a.Tool < b.Tool
		}
		return a.Kind < b.Kind
	})
	for _, m := range r.NoRule {
		r.Review = append(r.Review, NoRule+" "+m.Tool+"/"+m.Kind)
	}
	return r
}

// ref names an entry's decision: its id, or "#seq".
func ref(e *Entry) string {
	if e.DecisionID != "" {
		return e.DecisionID
	}
	return "#" + strconv.FormatInt(e.AuditSeq, 10)
}
