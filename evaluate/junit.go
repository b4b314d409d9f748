package evaluate

import (
	"encoding/xml"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/actionguard/actionguard/guard"
)

// WriteJUnit writes the report as JUnit XML for CI systems: one test suite,
// "actionguard eval", with one test case per trajectory, named by its id and
// classed by its input (or its format). A trajectory fails when
// Result.Failed says so; the failure's message sums up why ("score 0.40: 2
// dangerous actions (rm -rf at step 3 in Bash; …), 1 blocked step") and its
// body lists every match and guard or judge verdict that is not a plain yes.
// A judge that could not answer shows as the case's system-err. Skipped
// records make one erroring case, "skipped records"; results left out of the
// report (Report.Omitted) make one case that fails when the summary says
// they hold issues.
//
// Characters that XML 1.0 cannot carry are removed.
func WriteJUnit(w io.Writer, rep *Report) error {
	if rep == nil {
		return errors.New("writing junit: no report")
	}
	suite := junitSuite{
		Name: "actionguard eval",
		Time: "0",
		Properties: []junitProperty{
			{Name: "guard", Value: strconv.FormatBool(rep.Guard)},
			{Name: "judge", Value: junitClean(rep.Judge)},
			{Name: "inputs", Value: junitClean(strings.Join(rep.Inputs, " "))},
			{Name: "trajectories", Value: strconv.Itoa(rep.Summary.Trajectories)},
			{Name: "mean_score", Value: reportScore(rep.Summary.MeanScore)},
			{Name: "min_score", Value: reportScore(rep.Summary.MinScore)},
		},
	}
	if !rep.Generated.IsZero() {
		suite.Timestamp = rep.Generated.UTC().Format("2006-01-02T15:04:05")
	}

	var shown reportIssues
	for i, r := range rep.Results {
		if r == nil {
			continue
		}
		shown.add(r)
		c := junitCase{Classname: junitClean(junitClass(r)), Name: junitClean(r.ID), Time: "0"}
		if c.Name == "" {
			c.Name = "trajectory " + strconv.Itoa(i+1)
		}
		if r.Failed() {
			c.Failure = &junitMessage{
				Message: junitClean(reportFailure(r, 3)),
				Type:    "actionguard.unsafe",
				Body:    junitClean(reportFailureDetails(r)),
			}
			suite.Failures++
		}
		if r.Judge != nil && r.Judge.Error != "" {
			c.SystemErr = &junitText{junitClean(junitJudgeError(r.Judge))}
		}
		suite.Cases = append(suite.Cases, c)
	}

	if rep.Omitted > 0 {
		c := junitCase{Classname: "actionguard", Name: "omitted results", Time: "0"}
		left := summaryIssues(&rep.Summary).minus(shown)
		what := reportCount(rep.Omitted, "more trajectory was", "more trajectories were") +
			" evaluated but left out of this report (it keeps at most " + strconv.Itoa(MaxReportResults) + ")"
		if left.any() {
			c.Failure = &junitMessage{
				Message: junitClean(what + "; they hold " + left.String()),
				Type:    "actionguard.unsafe",
				Body:    "The report keeps the first " + strconv.Itoa(MaxReportResults) + " results; the summary counts them all. The evaluator's per-run output lists every run.",
			}
			suite.Failures++
		} else {
			c.SystemOut = &junitText{what + "; none of them has an issue."}
		}
		suite.Cases = append(suite.Cases, c)
	}

	if n := max(rep.Summary.Problems, len(rep.Problems)); n > 0 {
		msg := reportCount(n, "record was skipped", "records were skipped")
		if len(rep.Problems) < n {
			msg += " (the first " + strconv.Itoa(len(rep.Problems)) + " are listed)"
		}
		var b strings.Builder
		for _, p := range rep.Problems {
			b.WriteString(p.String())
			b.WriteByte('\n')
		}
		suite.Cases = append(suite.Cases, junitCase{
			Classname: "actionguard", Name: "skipped records", Time: "0",
			Error: &junitMessage{Message: msg, Type: "actionguard.skipped", Body: junitClean(b.String())},
		})
		suite.Errors++
	}

	suite.Tests = len(suite.Cases)
	doc := junitSuites{
		Name: "actionguard", Tests: suite.Tests, Failures: suite.Failures, Errors: suite.Errors, Time: suite.Time,
		Suites: []junitSuite{suite},
	}
	if _, err := io.WriteString(w, xml.Header); err != nil {
		return fmt.Errorf("writing junit: %w", err)
	}
	enc := xml.NewEncoder(w)
	enc.Indent("", "  ")
	if err := enc.Encode(doc); err != nil {
		return fmt.Errorf("writing junit: %w", err)
	}
	if _, err := io.WriteString(w, "\n"); err != nil {
		return fmt.Errorf("writing junit: %w", err)
	}
	return nil
}

type junitSuites struct {
	XMLName  xml.Name     `xml:"testsuites"`
	Name     string       `xml:"name,attr"`
	Tests    int          `xml:"tests,attr"`
	Failures int          `xml:"failures,attr"`
	Errors   int          `xml:"errors,attr"`
	Time     string       `xml:"time,attr"`
	Suites   []junitSuite `xml:"testsuite"`
}

type junitSuite struct {
	Name       string          `xml:"name,attr"`
	Tests      int             `xml:"tests,attr"`
	Failures   int             `xml:"failures,attr"`
	Errors     int             `xml:"errors,attr"`
	Skipped    int             `xml:"skipped,attr"`
	Time       string          `xml:"time,attr"`
	Timestamp  string          `xml:"timestamp,attr,omitempty"`
	Properties []junitProperty `xml:"properties>property,omitempty"`
	Cases      []junitCase     `xml:"testcase"`
}

type junitProperty struct {
	Name  string `xml:"name,attr"`
	Value string `xml:"value,attr"`
}

type junitCase struct {
	Classname string        `xml:"classname,attr"`
	Name      string        `xml:"name,attr"`
	Time      string        `xml:"time,attr"`
	Failure   *junitMessage `xml:"failure,omitempty"`
	Error     *junitMessage `xml:"error,omitempty"`
	SystemOut *junitText    `xml:"system-out,omitempty"`
	SystemErr *junitText    `xml:"system-err,omitempty"`
}

type junitMessage struct {
	Message string `xml:"message,attr"`
	Type    string `xml:"type,attr"`
	Body    string `xml:",cdata"`
}

// junitText is a block of text kept as written, newlines included.
type junitText struct {
	Text string `xml:",cdata"`
}

// junitClass is a result's test class: the input it was read from (its
// Source without the line), else its format.
func junitClass(r *Result) string {
	if name := reportInput(r.Source); name != "" {
		return name
	}
	if r.Format != "" {
		return r.Format
	}
	return "actionguard"
}

// reportInput drops the ":line" a Source ends with.
func reportInput(src string) string {
	if i := strings.LastIndexByte(src, ':'); i > 0 {
		if _, err := strconv.Atoi(src[i+1:]); err == nil {
			return src[:i]
		}
	}
	return src
}

// reportFailure says in one line why a result fails: its score, its matches
// (the first few of each kind by pattern, step and tool), its blocked steps
// and the steps the judge called unsafe. It is "score 1.00: no issues" for
// a clean run.
func reportFailure(r *Result, list int) string {
	var parts []string
	matches := func(ms []Match, one, many string) {
		if len(ms) == 0 {
			return
		}
		var at []string
		for i, m := range ms {
			if i == list {
				at = append(at, "…")
				break
			}
			at = append(at, m.Pattern+" at step "+strconv.Itoa(m.Step)+" in "+reportDash(m.Tool))
		}
		parts = append(parts, reportCount(len(ms), one, many)+" ("+strings.Join(at, "; ")+")")
	}
	matches(r.DangerousActions, "dangerous action", "dangerous actions")
	matches(r.SensitiveLeaks, "sensitive leak", "sensitive leaks")
	if n := r.Blocked(); n > 0 {
		parts = append(parts, reportCount(n, "blocked step", "blocked steps"))
	}
	if n := r.Judge.Unsafe(); n > 0 {
		parts = append(parts, reportCount(n, "step", "steps")+" judged unsafe")
	}
	if len(parts) == 0 {
		parts = append(parts, "no issues")
	}
	return "score " + reportScore(r.Score) + ": " + strings.Join(parts, ", ")
}

// reportFailureDetails lists, one line each, a result's matches, the guard's
// verdicts other than allow and the judge's other than safe.
func reportFailureDetails(r *Result) string {
	var b strings.Builder
	b.WriteString(reportDash(r.ID))
	if r.Source != "" || r.Format != "" {
		b.WriteString(" (" + strings.Trim(r.Source+", "+r.Format, ", ") + ")")
	}
	fmt.Fprintf(&b, "\nscore %s, %s\n\n", reportScore(r.Score), reportCount(r.ToolCalls, "tool call", "tool calls"))
	for _, m := range r.DangerousActions {
		fmt.Fprintf(&b, "dangerous  step %-4d %-20s %s\n", m.Step, reportDash(m.Tool), m.Pattern)
	}
	for _, m := range r.SensitiveLeaks {
		fmt.Fprintf(&b, "sensitive  step %-4d %-20s %s\n", m.Step, reportDash(m.Tool), m.Pattern)
	}
	for _, s := range r.Steps {
		if d := s.StepDecision; d != nil && (d.Verdict != guard.Allow || d.Error != "") {
			fmt.Fprintf(&b, "guard      step %-4d %-20s %s (%s, score %d, risk %d/10)", s.Step, reportDash(s.Tool), d.Verdict, d.Level, d.Score, d.Risk)
			if len(d.Rules) > 0 {
				b.WriteString(" [" + strings.Join(d.Rules, ", ") + "]")
			}
			if d.Reason != "" {
				b.WriteString(": " + d.Reason)
			}
			if d.Error != "" {
				b.WriteString(" (guard error: " + d.Error + ")")
			}
			b.WriteByte('\n')
		}
	}
	if r.Judge != nil {
		tools := map[int]string{}
		for _, s := range r.Steps {
			tools[s.Step] = s.Tool
		}
		for _, j := range r.Judge.Steps {
			if j.Verdict != JudgeSafe {
				fmt.Fprintf(&b, "judge      step %-4d %-20s %s: %s\n", j.Step, reportDash(tools[j.Step]), j.Verdict, j.Reason)
			}
		}
	}
	return b.String()
}

func junitJudgeError(j *JudgeResult) string {
	if j.Model != "" {
		return "judge " + j.Model + ": " + j.Error
	}
	return "judge: " + j.Error
}

// reportIssues adds up what makes runs fail.
type reportIssues struct{ dangerous, sensitive, blocked, judgeUnsafe int }

func (t *reportIssues) add(r *Result) {
	t.dangerous += len(r.DangerousActions)
	t.sensitive += len(r.SensitiveLeaks)
	t.blocked += r.Blocked()
	t.judgeUnsafe += r.Judge.Unsafe()
}

func summaryIssues(s *Summary) reportIssues {
	t := reportIssues{blocked: s.BlockedSteps, judgeUnsafe: s.JudgeUnsafe}
	for _, n := range s.Dangerous {
		t.dangerous += n
	}
	for _, n := range s.Sensitive {
		t.sensitive += n
	}
	return t
}

func (t reportIssues) minus(u reportIssues) reportIssues {
	return reportIssues{
		max(t.dangerous-u.dangerous, 0), max(t.sensitive-u.sensitive, 0),
		max(t.blocked-u.blocked, 0), max(t.judgeUnsafe-u.judgeUnsafe, 0),
	}
}

func (t reportIssues) any() bool {
	return t.dangerous+t.sensitive+t.blocked+t.judgeUnsafe > 0
}

func (t reportIssues) String() string {
	var parts []string
	if t.dangerous > 0 {
		parts = append(parts, reportCount(t.dangerous, "dangerous action", "dangerous actions"))
	}
	if t.sensitive > 0 {
		parts = append(parts, reportCount(t.sensitive, "sensitive leak", "sensitive leaks"))
	}
	if t.blocked > 0 {
		parts = append(parts, reportCount(t.blocked, "blocked step", "blocked steps"))
	}
	if t.judgeUnsafe > 0 {
		parts = append(parts, reportCount(t.judgeUnsafe, "step", "steps")+" judged unsafe")
	}
	if len(parts) == 0 {
		return "no issues"
	}
	return strings.Join(parts, ", ")
}

// junitClean removes the characters XML 1.0 cannot carry (most C0 controls,
// surrogates, U+FFFE and U+FFFF); encoding/xml escapes the rest.
func junitClean(s string) string {
	legal := func(r rune) bool {
		return r == '\t' || r == '\n' || r == '\r' ||
			r >= 0x20 && r <= 0xD7FF || r >= 0xE000 && r <= 0xFFFD || r >= 0x10000 && r <= 0x10FFFF
	}
	clean := true
	for _, r := range s {
		if !legal(r) {
			clean = false
			break
		}
	}
	if clean {
		return s
	}
	return strings.Map(func(r rune) rune {
		if legal(r) {
			return r
		}
		return -1
	}, s)
}

func reportScore(f float64) string { return strconv.FormatFloat(f, 'f', 2, 64) }

func reportCount(n int, one, many string) string {
	if n == 1 {
		return "1 " + one
	}
	return reportThousands(n) + " " + many
}

func reportDash(s string) string {
	if s == "" {
		return "-"
	}
	return s
}
