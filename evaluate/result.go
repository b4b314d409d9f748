package evaluate

import (
	"strconv"
	"time"

	"github.com/actionguard/actionguard/guard"
)

// Match is one pattern found in one tool call: seed 004's
// {step, tool, pattern}. Step is the index of the tool call's step in the
// trajectory's steps, from 0.
type Match struct {
	Step    int    `json:"step"`
	Tool    string `json:"tool"`
	Pattern string `json:"pattern"`
}

// StepResult is what the evaluation says of one tool call.
type StepResult struct {
	Step int    `json:"step"`
	Tool string `json:"tool"`
	// Dangerous and Sensitive are the patterns its text matched.
	Dangerous []string `json:"dangerous,omitempty"`
	Sensitive []string `json:"sensitive,omitempty"`
	// The runtime guard's decision, with --guard.
	*StepDecision
	// Judge is the LLM judge's word on this step, when the run was judged.
	Judge *JudgeStep `json:"judge,omitempty"`
}

// StepDecision is the part of a guard.Decision a report shows.
type StepDecision struct {
	Verdict guard.Verdict `json:"verdict"`
	Level   guard.Level   `json:"level"`
	Score   int           `json:"score"`
	Risk    int           `json:"risk"`
	Rules   []string      `json:"rules"`
	Reason  string        `json:"reason"`
	// Error is set when the guard could not check the call (its verdict is
	// then the configured fallback).
	Error string `json:"error,omitempty"`
}

// JudgeStep is the judge's verdict on one step.
type JudgeStep struct {
	Step    int    `json:"step"`
	Verdict string `json:"verdict"` // JudgeSafe, JudgeUnsafe or JudgeReview
	Reason  string `json:"reason"`
}

// The judge's verdicts.
const (
	JudgeSafe   = "safe"
	JudgeUnsafe = "unsafe"
	JudgeReview = "needs_review"
)

// JudgeResult is the judge's answer for one trajectory.
type JudgeResult struct {
	Model string      `json:"model"`
	Steps []JudgeStep `json:"steps"`
	// Error says why the judge gave no answer (timeouts and retries spent,
	// an answer that did not parse); Steps is then empty.
	Error string `json:"error,omitempty"`
}

// Unsafe counts the steps the judge called unsafe.
func (j *JudgeResult) Unsafe() int {
	if j == nil {
		return 0
	}
	n := 0
	for _, s := range j.Steps {
		if s.Verdict == JudgeUnsafe {
			n++
		}
	}
	return n
}

// Result is the evaluation of one trajectory: the ActionSafety metric
// (score, dangerous_actions, sensitive_leaks), one entry per tool call
// under steps, and, with --guard, the worst verdict of the replay.
type Result struct {
	ID               string       `json:"id"`
	Score            float64      `json:"score"`
	DangerousActions []Match      `json:"dangerous_actions"`
	SensitiveLeaks   []Match      `json:"sensitive_leaks"`
	Steps            []StepResult `json:"steps"`
	ToolCalls        int          `json:"tool_calls"`
	// WorstVerdict is the strictest verdict of the replay (--guard).
	WorstVerdict guard.Verdict `json:"worst_verdict,omitempty"`
	// Profile is the guard's profile the replay used (coding-agent,
	// assistant…) and ProfileFrom how it was chosen: "record" (the run
	// names it), "default" (eval --application) or "tools" (ProfileOf).
	Profile     string       `json:"profile,omitempty"`
	ProfileFrom string       `json:"profile_from,omitempty"`
	Judge       *JudgeResult `json:"judge,omitempty"`
	// Format and Source say which reader read the trajectory, and where.
	Format string `json:"format,omitempty"`
	Source string `json:"source,omitempty"`
}

// Issues counts the matches: the metric's issues_count.
func (r *Result) Issues() int { return len(r.DangerousActions) + len(r.SensitiveLeaks) }

// Blocked counts the steps the replay blocked.
func (r *Result) Blocked() int {
	n := 0
	for i := range r.Steps {
		if d := r.Steps[i].StepDecision; d != nil && d.Verdict == guard.Block {
			n++
		}
	}
	return n
}

// Failed reports whether a regression gate should fail on this run: any
// match, any blocked step, or a step the judge called unsafe.
func (r *Result) Failed() bool {
	return r.Issues() > 0 || r.Blocked() > 0 || r.Judge.Unsafe() > 0
}

// Summary adds up the results of a run of the evaluator.
type Summary struct {
	Trajectories int     `json:"trajectories"`
	ToolCalls    int     `json:"tool_calls"`
	MeanScore    float64 `json:"mean_score"`
	MinScore     float64 `json:"min_score"`
	// Clean counts trajectories with no issue (score 1.0).
	Clean int `json:"clean"`
	// Dangerous and Sensitive count matches per pattern.
	Dangerous map[string]int `json:"dangerous"`
	Sensitive map[string]int `json:"sensitive"`
	// Verdicts counts replayed steps per verdict (--guard).
	Verdicts     map[guard.Verdict]int `json:"verdicts,omitempty"`
	BlockedSteps int                   `json:"blocked_steps"`
	// Histogram counts scores in tenths: [0, 0.1), [0.1, 0.2), …, [0.9, 1.0].
	Histogram [10]int `json:"score_histogram"`
	// Judged counts trajectories the judge answered for, JudgeUnsafe the
	// steps it called unsafe, JudgeErrors the runs it could not judge.
	Judged      int `json:"judged,omitempty"`
	JudgeUnsafe int `json:"judge_unsafe,omitempty"`
	JudgeErrors int `json:"judge_errors,omitempty"`
	// Problems counts the records that were skipped.
	Problems int `json:"problems"`

	sum float64
}

// Add counts one result.
func (s *Summary) Add(r *Result) {
	if s.Dangerous == nil {
		s.Dangerous, s.Sensitive = map[string]int{}, map[string]int{}
	}
	if s.Trajectories == 0 || r.Score < s.MinScore {
		s.MinScore = r.Score
	}
	s.Trajectories++
	s.ToolCalls += r.ToolCalls
	s.sum += r.Score
	s.MeanScore = s.sum / float64(s.Trajectories)
	if r.Issues() == 0 {
		s.Clean++
	}
	for _, m := range r.DangerousActions {
		s.Dangerous[m.Pattern]++
	}
	for _, m := range r.SensitiveLeaks {
		s.Sensitive[m.Pattern]++
	}
	for i := range r.Steps {
		if d := r.Steps[i].StepDecision; d != nil {
			if s.Verdicts == nil {
				s.Verdicts = map[guard.Verdict]int{}
			}
			s.Verdicts[d.Verdict]++
			if d.Verdict == guard.Block {
				s.BlockedSteps++
			}
		}
	}
	s.Histogram[min(int(r.Score*10+1e-9), 9)]++
	if r.Judge != nil {
		if r.Judge.Error != "" {
			s.JudgeErrors++
		} else {
			s.Judged++
			s.JudgeUnsafe += r.Judge.Unsafe()
		}
	}
}

// PatternInfo describes one pattern of the metric.
type PatternInfo struct {
	Name string `json:"name"`
	// Kind is "dangerous" (a default dangerous pattern or a forbidden one)
	// or "sensitive".
	Kind string `json:"kind"`
	// Expr is the regular expression, matched against the lower-cased text.
	Expr string `json:"expr"`
	// Custom marks the user's patterns (flags or the policy file).
	Custom bool `json:"custom,omitempty"`
}

// Report is what the whole-run reports (HTML, JUnit) are written from.
type Report struct {
	Generated time.Time
	// Inputs are the files read ("-" for standard input).
	Inputs []string
	// Guard is set when the steps were replayed through the guard; Judge
	// names the judge's model when one was asked.
	Guard bool
	Judge string
	// Patterns are every pattern the metric used, defaults first.
	Patterns []PatternInfo
	Summary  Summary
	// Results are the trajectories' results in input order. A report keeps
	// at most a bounded number (see MaxReportResults); Omitted counts the
	// ones left out, which the Summary still counts.
	Results []*Result
	Omitted int
	// Problems are the records that were skipped (the first ones, bounded).
	Problems []Problem
}

// MaxReportResults bounds the results a Report keeps.
const MaxReportResults = 20000

// Problem is a record a reader skipped, and why.
type Problem struct {
	Name    string `json:"name"` // the input: a file name, or "-"
	Line    int    `json:"line"` // 1-based; 0 when the input as a whole is at fault
	Message string `json:"message"`
}

func (p Problem) String() string {
	if p.Line == 0 {
		return p.Name + ": " + p.Message
	}
	return p.Name + ":" + strconv.Itoa(p.Line) + ": " + p.Message
}
