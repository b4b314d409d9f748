package evaluate

import (
	"bytes"
	"crypto/sha256"
	_ "embed"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"html/template"
	"io"
	"math"
	"sort"
	"strconv"
	"strings"
	"sync"

	"github.com/actionguard/actionguard/guard"
)

// The page is one template with its stylesheet and script inlined, so that
// the file opens anywhere, offline, with nothing else to fetch.
var (
	//go:embed report/report.html.tmpl
	reportPageText string
	//go:embed report/report.css
	reportPageCSS string
	//go:embed report/report.js
	reportPageJS string
)

// reportPage parses the template on first use.
var reportPage = sync.OnceValue(func() *template.Template {
	return template.Must(template.New("report").Funcs(template.FuncMap{"thousands": reportThousands}).Parse(reportPageText))
})

// reportStatic bounds the runs listed for readers without JavaScript.
const reportStatic = 200

// WriteHTML writes the report as one self-contained HTML page: inline CSS
// and JS, no external downloads, no fonts from the network. The header,
// the summary, the per-pattern hit counts, the score distribution and the
// skipped records are plain HTML; the timeline of every trajectory is drawn
// by a small script from one compact JSON document in the page (without
// JavaScript, the runs with issues are listed instead). Everything from the
// report is escaped, and a Content-Security-Policy lets only the page's own
// script run.
func WriteHTML(w io.Writer, rep *Report) error {
	if rep == nil {
		return errors.New("writing html report: no report")
	}
	data, err := reportBlob(rep)
	if err != nil {
		return fmt.Errorf("writing html report: %w", err)
	}
	sum := sha256.Sum256([]byte(reportPageJS))
	p := &htmlPage{
		Report: rep,
		CSS:    template.CSS(reportPageCSS),
		JS:     template.JS(reportPageJS),
		Data:   template.JS(data),
		CSP: "default-src 'none'; img-src data:; style-src 'unsafe-inline'; script-src 'sha256-" +
			base64.StdEncoding.EncodeToString(sum[:]) + "'; base-uri 'none'; form-action 'none'",
	}
	p.build()
	if err := reportPage().Execute(w, p); err != nil {
		return fmt.Errorf("writing html report: %w", err)
	}
	return nil
}

// htmlPage is what the template shows.
type htmlPage struct {
	Report *Report
	CSS    template.CSS
	JS     template.JS
	Data   template.JS
	CSP    string

	Generated, GeneratedISO string
	Inputs                  []string
	Status                  string // "ok", "bad" or "none"
	StatusText              string
	Cards                   []htmlCard
	PatternGroups           []htmlPatternGroup
	Custom                  int
	Histogram               []htmlBin
	Verdicts                []htmlShare
	Shown, WithIssues       int
	Static                  []htmlRun
	StaticMore              int
	ProblemsMore            int
	MaxResults              int
}

type htmlCard struct {
	Label, Value, Note string
	Tone               string // "good", "bad", "warn" or ""
}

type htmlPattern struct {
	Name, Expr string
	Custom     bool
	Count      int
	Width      string // of its bar, in percent
	Unlisted   bool   // counted in the summary but missing from Patterns
}

type htmlPatternGroup struct {
	Title, Kind string
	List        []htmlPattern
}

type htmlBin struct {
	Label  string
	Count  int
	Height string // in percent of the tallest
	Tone   string
}

type htmlShare struct {
	Verdict string
	Count   int
	Width   string
	Label   string
}

type htmlRun struct {
	ID, Score, Verdict, Summary string
}

func (p *htmlPage) build() {
	rep := p.Report
	s := &rep.Summary
	if !rep.Generated.IsZero() {
		p.Generated = rep.Generated.Format("2 Jan 2006 15:04 MST")
		p.GeneratedISO = rep.Generated.Format("2006-01-02T15:04:05Z07:00")
	}
	for _, in := range rep.Inputs {
		if in == "-" {
			in = "standard input"
		}
		p.Inputs = append(p.Inputs, in)
	}
	p.MaxResults = MaxReportResults
	issues := summaryIssues(s)
	if issues.any() {
		p.Status, p.StatusText = "bad", "Issues found: "+issues.String()
	} else if s.Trajectories == 0 {
		p.Status, p.StatusText = "none", "No trajectories evaluated"
	} else {
		p.Status, p.StatusText = "ok", "No issues found"
	}

	// The cards.
	dash := func(ok bool, v string) string {
		if !ok {
			return "—"
		}
		return v
	}
	tone := func(bad bool) string {
		if bad {
			return "bad"
		}
		return "good"
	}
	n := s.Trajectories
	traj := htmlCard{Label: "Trajectories", Value: reportThousands(n)}
	if rep.Omitted > 0 {
		traj.Note = reportThousands(len(rep.Results)) + " shown below"
	}
	clean := htmlCard{Label: "Clean runs", Value: reportThousands(s.Clean), Tone: tone(s.Clean < n)}
	if n > 0 {
		clean.Note = strconv.FormatFloat(100*float64(s.Clean)/float64(n), 'f', 1, 64) + "% of runs"
	}
	p.Cards = []htmlCard{
		traj,
		{Label: "Tool calls", Value: reportThousands(s.ToolCalls)},
		{Label: "Mean score", Value: dash(n > 0, reportScore(s.MeanScore)), Tone: htmlScoreTone(s.MeanScore, n)},
		{Label: "Min score", Value: dash(n > 0, reportScore(s.MinScore)), Tone: htmlScoreTone(s.MinScore, n)},
		clean,
		{Label: "Dangerous matches", Value: reportThousands(issues.dangerous), Tone: tone(issues.dangerous > 0)},
		{Label: "Sensitive leaks", Value: reportThousands(issues.sensitive), Tone: tone(issues.sensitive > 0)},
	}
	guarded := rep.Guard || len(s.Verdicts) > 0
	if guarded {
		p.Cards = append(p.Cards, htmlCard{Label: "Blocked steps", Value: reportThousands(s.BlockedSteps), Tone: tone(s.BlockedSteps > 0), Note: "guard replay"})
	}
	if rep.Judge != "" || s.Judged+s.JudgeErrors > 0 {
		c := htmlCard{Label: "Judge: unsafe steps", Value: reportThousands(s.JudgeUnsafe), Tone: tone(s.JudgeUnsafe > 0),
			Note: reportCount(s.Judged, "run judged", "runs judged")}
		if s.JudgeErrors > 0 {
			c.Note += ", " + reportCount(s.JudgeErrors, "error", "errors")
		}
		p.Cards = append(p.Cards, c)
	}
	skipped := max(s.Problems, len(rep.Problems))
	p.Cards = append(p.Cards, htmlCard{Label: "Skipped records", Value: reportThousands(skipped), Tone: map[bool]string{true: "warn"}[skipped > 0]})
	p.ProblemsMore = skipped - len(rep.Problems)

	// Per-pattern hits: every known pattern, zeros included, then any name
	// the summary counted that the pattern list does not have.
	seen := map[string]bool{}
	var dangerous, sensitive []htmlPattern
	for _, pi := range rep.Patterns {
		hp := htmlPattern{Name: pi.Name, Expr: pi.Expr, Custom: pi.Custom}
		if pi.Custom {
			p.Custom++
		}
		if pi.Kind == "sensitive" {
			hp.Count = s.Sensitive[pi.Name]
			sensitive = append(sensitive, hp)
		} else {
			hp.Count = s.Dangerous[pi.Name]
			dangerous = append(dangerous, hp)
		}
		seen[pi.Kind+"\x00"+pi.Name] = true
	}
	dangerous = append(dangerous, htmlUnlisted(s.Dangerous, "dangerous", seen)...)
	sensitive = append(sensitive, htmlUnlisted(s.Sensitive, "sensitive", seen)...)
	top := 0
	for _, l := range [][]htmlPattern{dangerous, sensitive} {
		for _, hp := range l {
			top = max(top, hp.Count)
		}
	}
	for _, l := range [][]htmlPattern{dangerous, sensitive} {
		for i := range l {
			l[i].Width = reportPercent(l[i].Count, top)
		}
	}

	p.PatternGroups = []htmlPatternGroup{
		{Title: "Dangerous", Kind: "dangerous", List: dangerous},
		{Title: "Sensitive", Kind: "sensitive", List: sensitive},
	}

	// The score distribution.
	tallest := 0
	for _, c := range s.Histogram {
		tallest = max(tallest, c)
	}
	for i, c := range s.Histogram {
		b := htmlBin{Label: fmt.Sprintf("%.1f–%.1f", float64(i)/10, float64(i+1)/10), Count: c, Height: reportPercent(c, tallest)}
		switch {
		case i == 9:
			b.Tone = "good"
		case i >= 6:
			b.Tone = "warn"
		default:
			b.Tone = "bad"
		}
		p.Histogram = append(p.Histogram, b)
	}

	// The guard's verdicts, as shares of the replayed steps.
	if guarded {
		total := 0
		for _, c := range s.Verdicts {
			total += c
		}
		for _, v := range []guard.Verdict{guard.Allow, guard.Notify, guard.Confirm, guard.Approve, guard.Block} {
			c := s.Verdicts[v]
			p.Verdicts = append(p.Verdicts, htmlShare{Verdict: string(v), Count: c, Width: reportPercent(c, total),
				Label: reportThousands(c)})
		}
	}

	// The runs, and the list without JavaScript.
	for _, r := range rep.Results {
		if r == nil {
			continue
		}
		p.Shown++
		if !r.Failed() {
			continue
		}
		p.WithIssues++
		if len(p.Static) == reportStatic {
			p.StaticMore++
			continue
		}
		v := string(r.WorstVerdict)
		if v == "" {
			v = "—"
		}
		p.Static = append(p.Static, htmlRun{ID: r.ID, Score: reportScore(r.Score), Verdict: v, Summary: reportFailure(r, 3)})
	}
}

func htmlUnlisted(counts map[string]int, kind string, seen map[string]bool) []htmlPattern {
	var out []htmlPattern
	for name, c := range counts {
		if !seen[kind+"\x00"+name] {
			out = append(out, htmlPattern{Name: name, Count: c, Unlisted: true})
		}
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Name < out[j].Name })
	return out
}

func htmlScoreTone(score float64, n int) string {
	switch {
	case n == 0:
		return ""
	case score >= 0.999:
		return "good"
	case score >= 0.6:
		return "warn"
	}
	return "bad"
}

// reportPercent is n of total in percent, for a bar's length.
func reportPercent(n, total int) string {
	if total <= 0 || n <= 0 {
		return "0"
	}
	return strconv.FormatFloat(100*float64(n)/float64(total), 'f', 1, 64)
}

// reportThousands writes n with thousands separators: 20,000.
func reportThousands(n int) string {
	s := strconv.Itoa(n)
	neg := strings.HasPrefix(s, "-")
	s = strings.TrimPrefix(s, "-")
	var b strings.Builder
	if neg {
		b.WriteByte('-')
	}
	for i, c := range s {
		if i > 0 && (len(s)-i)%3 == 0 {
			b.WriteByte(',')
		}
		b.WriteRune(c)
	}
	return b.String()
}

// reportBlob is the data of the timeline, compact enough for 20,000 runs:
//
//	{"s": [strings…], "r": [run…]}
//	run:  [id, score, worst, failed, dangerous, sensitive, blocked, judge unsafe, [step…], input, line, format, judge error]
//	step: [index, tool, [dangerous…], [sensitive…], verdict, level, score, risk, [rules…], reason, guard error, judge verdict, judge reason]
//
// Every string but the ids is an index into "s", whose entry 0 is the
// empty string; an empty list is 0, and the trailing zeros of a run or a
// step are left out. The JSON escapes <, > and &, so that it cannot end
// the script element it sits in.
func reportBlob(rep *Report) ([]byte, error) {
	b := &htmlBlob{index: map[string]int{"": 0}, table: []string{""}}
	b.buf.WriteString(`{"r":[`)
	first := true
	for _, r := range rep.Results {
		if r == nil {
			continue
		}
		if !first {
			b.buf.WriteByte(',')
		}
		first = false
		b.run(r)
		if b.err != nil {
			return nil, b.err
		}
	}
	b.buf.WriteString(`],"s":`)
	table, err := json.Marshal(b.table)
	if err != nil {
		return nil, err
	}
	b.buf.Write(table)
	b.buf.WriteByte('}')
	return b.buf.Bytes(), nil
}

type htmlBlob struct {
	buf   bytes.Buffer
	index map[string]int
	table []string
	vals  []string // the current record's values, as JSON
	err   error
}

func (b *htmlBlob) str(s string) string {
	i, ok := b.index[s]
	if !ok {
		i = len(b.table)
		b.index[s] = i
		b.table = append(b.table, s)
	}
	return strconv.Itoa(i)
}

func (b *htmlBlob) strs(list []string) string {
	if len(list) == 0 {
		return "0"
	}
	parts := make([]string, len(list))
	for i, s := range list {
		parts[i] = b.str(s)
	}
	return "[" + strings.Join(parts, ",") + "]"
}

func htmlBlobInt(n int) string { return strconv.Itoa(n) }

func htmlBlobBool(v bool) string {
	if v {
		return "1"
	}
	return "0"
}

// htmlBlobRecord writes vals as an array without its trailing zeros.
func htmlBlobRecord(buf *bytes.Buffer, vals []string) {
	n := len(vals)
	for n > 1 && vals[n-1] == "0" {
		n--
	}
	buf.WriteByte('[')
	buf.WriteString(strings.Join(vals[:n], ","))
	buf.WriteByte(']')
}

func (b *htmlBlob) run(r *Result) {
	id, err := json.Marshal(r.ID)
	if err != nil {
		b.err = err
		return
	}
	score := math.Round(r.Score*1000) / 1000
	var steps bytes.Buffer
	if len(r.Steps) == 0 {
		steps.WriteByte('0')
	} else {
		judged := map[int]*JudgeStep{}
		if r.Judge != nil {
			for i := range r.Judge.Steps {
				judged[r.Judge.Steps[i].Step] = &r.Judge.Steps[i]
			}
		}
		steps.WriteByte('[')
		for i := range r.Steps {
			if i > 0 {
				steps.WriteByte(',')
			}
			s := &r.Steps[i]
			vals := append(b.vals[:0], htmlBlobInt(s.Step), b.str(s.Tool), b.strs(s.Dangerous), b.strs(s.Sensitive))
			if d := s.StepDecision; d != nil {
				vals = append(vals, b.str(string(d.Verdict)), b.str(string(d.Level)), htmlBlobInt(d.Score), htmlBlobInt(d.Risk),
					b.strs(d.Rules), b.str(d.Reason), b.str(d.Error))
			} else {
				vals = append(vals, "0", "0", "0", "0", "0", "0", "0")
			}
			j := s.Judge
			if j == nil {
				j = judged[s.Step]
			}
			if j != nil {
				vals = append(vals, b.str(j.Verdict), b.str(j.Reason))
			}
			htmlBlobRecord(&steps, vals)
			b.vals = vals
		}
		steps.WriteByte(']')
	}
	judgeErr := ""
	if r.Judge != nil && r.Judge.Error != "" {
		judgeErr = junitJudgeError(r.Judge)
	}
	line := 0
	if in := reportInput(r.Source); in != r.Source {
		line, _ = strconv.Atoi(r.Source[len(in)+1:])
	}
	vals := []string{
		string(id), strconv.FormatFloat(score, 'f', -1, 64), b.str(string(r.WorstVerdict)), htmlBlobBool(r.Failed()),
		htmlBlobInt(len(r.DangerousActions)), htmlBlobInt(len(r.SensitiveLeaks)), htmlBlobInt(r.Blocked()), htmlBlobInt(r.Judge.Unsafe()),
		steps.String(), b.str(reportInput(r.Source)), htmlBlobInt(line), b.str(r.Format), b.str(judgeErr),
	}
	htmlBlobRecord(&b.buf, vals)
}
