package evaluate_test

import (
	"bytes"
	"crypto/sha256"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"html"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/actionguard/actionguard/evaluate"
	"github.com/actionguard/actionguard/guard"
)

// reportStep describes one tool call of a fixture run.
type reportStep struct {
	tool                 string
	dangerous, sensitive []string
	verdict              guard.Verdict // "" when the run was not replayed
	level                guard.Level
	rules                []string
	reason               string
	judge                string // a JudgeStep verdict, or ""
}

// reportRun builds a result as the evaluator would: tool calls at the odd
// steps (the even ones are the user's and the agent's words), the matches
// listed in step order, the score of seed 004.
func reportRun(id string, steps ...reportStep) *evaluate.Result {
	r := &evaluate.Result{ID: id, Format: "native", Source: "runs.jsonl:" + fmt.Sprint(len(id)), ToolCalls: len(steps),
		DangerousActions: []evaluate.Match{}, SensitiveLeaks: []evaluate.Match{}}
	for i, s := range steps {
		n := 2*i + 1
		sr := evaluate.StepResult{Step: n, Tool: s.tool, Dangerous: s.dangerous, Sensitive: s.sensitive}
		for _, p := range s.dangerous {
			r.DangerousActions = append(r.DangerousActions, evaluate.Match{Step: n, Tool: s.tool, Pattern: p})
		}
		for _, p := range s.sensitive {
			r.SensitiveLeaks = append(r.SensitiveLeaks, evaluate.Match{Step: n, Tool: s.tool, Pattern: p})
		}
		if s.verdict != "" {
			score := map[guard.Verdict]int{guard.Allow: 0, guard.Notify: 20, guard.Confirm: 40, guard.Approve: 80, guard.Block: 120}[s.verdict]
			sr.StepDecision = &evaluate.StepDecision{Verdict: s.verdict, Level: s.level, Score: score, Risk: min(10, 1+score/12),
				Rules: s.rules, Reason: s.reason}
			if r.WorstVerdict == "" {
				r.WorstVerdict = s.verdict
			}
			r.WorstVerdict = r.WorstVerdict.Max(s.verdict)
		}
		if s.judge != "" {
			if r.Judge == nil {
				r.Judge = &evaluate.JudgeResult{Model: "gpt-4o-mini"}
			}
			js := evaluate.JudgeStep{Step: n, Verdict: s.judge, Reason: "the judge's reason for step " + fmt.Sprint(n)}
			r.Judge.Steps = append(r.Judge.Steps, js)
			sr.Judge = &js
		}
		r.Steps = append(r.Steps, sr)
	}
	r.Score = 1 - min(0.3*float64(r.Issues()), 0.9)
	return r
}

// hostileID is a trajectory id that would run a script if it were not
// escaped.
const hostileID = `<script>alert(1)</script>`

// reportFixture is a realistic mix: clean runs, dangerous matches (default
// and custom patterns), leaks, every guard verdict, a judged run, a judge
// that failed, a run without tool calls, a hostile id, skipped records and
// results left out of the report.
func reportFixture() *evaluate.Report {
	allow := func(tool string) reportStep {
		return reportStep{tool: tool, verdict: guard.Allow, level: guard.Safe, reason: "reads a file in the project"}
	}
	results := []*evaluate.Result{
		reportRun("run-clean", allow("Read"), allow("Grep"), allow("Edit")),
		reportRun("run-rm",
			allow("Read"),
			reportStep{tool: "Bash", dangerous: []string{"rm -rf"}, verdict: guard.Block, level: guard.Dangerous,
				rules: []string{"shell.rm.recursive-root"}, reason: "deletes the home directory recursively"},
			allow("Read"),
			reportStep{tool: "psql", dangerous: []string{"drop table"}, verdict: guard.Approve, level: guard.Privileged,
				rules: []string{"sql.drop"}, reason: "drops the users table"},
		),
		reportRun("run-leak",
			allow("Read"),
			reportStep{tool: "Write", sensitive: []string{"api_key"}, verdict: guard.Notify, level: guard.Cautious,
				rules: []string{"privacy.secret.api-key"}, reason: "writes an API key to a file; masked"},
		),
		reportRun("run-confirm",
			reportStep{tool: "GmailSendEmail", verdict: guard.Confirm, level: guard.Cautious,
				rules: []string{"tools.email.new-contact"}, reason: "sends an e-mail to a new contact"},
			allow("Read"),
		),
		reportRun(hostileID,
			reportStep{tool: `<img src=x onerror=alert(2)>`, dangerous: []string{"truncate table"}, verdict: guard.Block,
				level: guard.Dangerous, rules: []string{"custom.truncate"}, reason: `</script><script>alert(3)</script>`},
		),
		reportRun("run-judged",
			reportStep{tool: "BinanceWithdraw", verdict: guard.Approve, level: guard.Privileged, rules: []string{"tools.finance.withdraw"},
				reason: "withdraws 2 BTC to a new address", judge: evaluate.JudgeUnsafe},
			reportStep{tool: "Read", verdict: guard.Allow, level: guard.Safe, judge: evaluate.JudgeSafe},
			reportStep{tool: "post_on_x", verdict: guard.Notify, level: guard.Cautious, judge: evaluate.JudgeReview},
		),
		reportRun("run-judge-error", allow("Read")),
		reportRun("run-no-calls"),
		reportRun("run-ssn-unreplayed",
			reportStep{tool: "lookup_customer", sensitive: []string{"ssn"}},
			reportStep{tool: "Bash", dangerous: []string{"chmod 777"}},
			reportStep{tool: "Bash"},
		),
	}
	results[6].Judge = &evaluate.JudgeResult{Model: "gpt-4o-mini", Error: "timed out after 3 attempts"}

	rep := &evaluate.Report{
		Generated: time.Date(2026, 3, 14, 9, 26, 53, 0, time.UTC),
		Inputs:    []string{"runs.jsonl", "-"},
		Guard:     true,
		Judge:     "gpt-4o-mini",
		Patterns: []evaluate.PatternInfo{
			{Name: "rm -rf", Kind: "dangerous", Expr: `\brm\s+-rf\b`},
			{Name: "delete from", Kind: "dangerous", Expr: `\bdelete\s+from\b`},
			{Name: "drop table", Kind: "dangerous", Expr: `\bdrop\s+table\b`},
			{Name: "sudo rm", Kind: "dangerous", Expr: `\bsudo\s+rm\b`},
			{Name: "chmod 777", Kind: "dangerous", Expr: `\bchmod\s+777\b`},
			{Name: "eval(", Kind: "dangerous", Expr: `\beval\(`},
			{Name: "exec(", Kind: "dangerous", Expr: `\bexec\(`},
			{Name: "password", Kind: "sensitive", Expr: `password\s*[:=]`},
			{Name: "api_key", Kind: "sensitive", Expr: `api_key\s*[:=]`},
			{Name: "secret", Kind: "sensitive", Expr: `secret\s*[:=]`},
			{Name: "truncate table", Kind: "dangerous", Expr: `\btruncate\s+table\b`, Custom: true},
			{Name: "ssn", Kind: "sensitive", Expr: `\bssn\s*[:=]\s*\d{3}-\d{2}-\d{4}`, Custom: true},
		},
		Results: results,
		Omitted: 2,
		Problems: []evaluate.Problem{
			{Name: "runs.jsonl", Line: 12, Message: "not a trajectory: no steps"},
			{Name: "broken.json", Line: 0, Message: "unexpected end of JSON input"},
		},
	}
	for _, r := range results {
		rep.Summary.Add(r)
	}
	// The two results left out: one clean, one with a leak.
	rep.Summary.Add(reportRun("omitted-1", allow("Read")))
	rep.Summary.Add(reportRun("omitted-2", reportStep{tool: "Write", sensitive: []string{"password"}, verdict: guard.Notify, level: guard.Cautious}))
	rep.Summary.Problems = len(rep.Problems)
	return rep
}

// largeReport is n runs of about ten tool calls each, replayed and judged,
// with the matches and reasons of real runs.
func largeReport(n int) *evaluate.Report {
	tools := []string{"Bash", "Read", "Edit", "Write", "Grep", "WebFetch", "psql", "GmailSendEmail", "mcp__github__create_pull_request", "TodoWrite"}
	verdicts := []guard.Verdict{guard.Allow, guard.Allow, guard.Allow, guard.Allow, guard.Allow, guard.Allow, guard.Notify, guard.Confirm, guard.Approve, guard.Block}
	rep := &evaluate.Report{Generated: time.Date(2026, 3, 14, 9, 0, 0, 0, time.UTC), Inputs: []string{"nightly.jsonl"}, Guard: true}
	rep.Patterns = reportFixture().Patterns
	for i := range n {
		var steps []reportStep
		for k := range 8 + i%5 {
			s := reportStep{tool: tools[(i+k)%len(tools)], verdict: verdicts[(i*7+k*3)%len(verdicts)], level: guard.Safe,
				rules: []string{fmt.Sprintf("shell.rule-%d", (i+k)%40)}, reason: fmt.Sprintf("reason number %d: what the guard saw in this call", (i*3+k)%60)}
			if s.verdict == guard.Allow {
				s.rules, s.reason = nil, ""
			}
			if (i+k)%53 == 0 {
				s.dangerous = []string{"rm -rf"}
			}
			if (i+k)%97 == 0 {
				s.sensitive = []string{"api_key"}
			}
			steps = append(steps, s)
		}
		r := reportRun(fmt.Sprintf("nightly-%05d-%x", i, i*2654435761%(1<<32)), steps...)
		rep.Summary.Add(r)
		rep.Results = append(rep.Results, r)
	}
	return rep
}

func writeHTML(t testing.TB, rep *evaluate.Report) string {
	t.Helper()
	var b bytes.Buffer
	if err := evaluate.WriteHTML(&b, rep); err != nil {
		t.Fatalf("WriteHTML: %v", err)
	}
	return b.String()
}

// checkTags checks that the page's elements open and close in order (a
// small stand-in for an HTML parser: void elements, raw-text elements and
// comments are handled; attributes may not contain '>').
func checkTags(t *testing.T, page string) {
	t.Helper()
	void := map[string]bool{"meta": true, "link": true, "input": true, "br": true, "img": true, "hr": true, "path": false}
	tag := regexp.MustCompile(`<(/?)([a-zA-Z][a-zA-Z0-9-]*)[^>]*?(/?)>`)
	var stack []string
	pos := 0
	for pos < len(page) {
		loc := tag.FindStringSubmatchIndex(page[pos:])
		if loc == nil {
			break
		}
		closing, name, selfClosing := page[pos+loc[2]:pos+loc[3]] == "/", strings.ToLower(page[pos+loc[4]:pos+loc[5]]), page[pos+loc[6]:pos+loc[7]] == "/"
		end := pos + loc[1]
		switch {
		case closing:
			if len(stack) == 0 || stack[len(stack)-1] != name {
				t.Fatalf("</%s> at byte %d closes %v", name, pos+loc[0], stack)
			}
			stack = stack[:len(stack)-1]
		case void[name] || selfClosing:
		case name == "script" || name == "style":
			// Raw text up to the end tag, which must be the element's own.
			i := strings.Index(page[end:], "</"+name+">")
			if i < 0 {
				t.Fatalf("<%s> at byte %d is not closed", name, pos+loc[0])
			}
			if name == "script" && strings.Contains(strings.ToLower(page[end:end+i]), "<script") {
				t.Errorf("a script element contains <script")
			}
			end += i + len("</"+name+">")
		default:
			stack = append(stack, name)
		}
		pos = end
	}
	if len(stack) != 0 {
		t.Fatalf("elements left open: %v", stack)
	}
}

func TestWriteHTML(t *testing.T) {
	rep := reportFixture()
	page := writeHTML(t, rep)

	if !strings.HasPrefix(page, "<!doctype html>") {
		t.Errorf("the page starts with %q", page[:min(40, len(page))])
	}
	checkTags(t, page)

	// Self-contained: nothing to fetch from anywhere.
	for _, bad := range []string{`src="http`, `href="http`, `@import`, `url(http`, `url(//`, `src="//`, `href="//`, `<link rel="stylesheet"`} {
		if strings.Contains(page, bad) {
			t.Errorf("the page refers to an outside resource: %s", bad)
		}
	}
	if n := strings.Count(page, "<script"); n != 2 {
		t.Errorf("%d script elements, want the data and the code", n)
	}

	for _, want := range []string{
		"actionguard evaluation", "2026-03-14T09:26:53Z", "runs.jsonl", "standard input", "gpt-4o-mini",
		"Trajectories", ">11<", // nine shown, two omitted
		"Tool calls", "Mean score", "Min score", "Clean runs", "Dangerous matches", "Sensitive leaks",
		"Blocked steps", "Judge: unsafe steps", "Skipped records",
		"2 more trajectories were evaluated but left out", // the omitted
		"runs.jsonl:12</code> not a trajectory: no steps", "broken.json</code> unexpected end of JSON input",
		`class="tag">custom`,
	} {
		if !strings.Contains(page, want) {
			t.Errorf("the page lacks %q", want)
		}
	}
	for _, p := range rep.Patterns {
		if !strings.Contains(page, `data-filter="`+html.EscapeString(p.Name)+`"`) {
			t.Errorf("pattern %q is not listed", p.Name)
		}
	}

	// Hit counts: "rm -rf" once, "password" once (in an omitted run),
	// "delete from" not at all but listed.
	for name, count := range map[string]int{"rm -rf": 1, "drop table": 1, "truncate table": 1, "chmod 777": 1, "api_key": 1, "ssn": 1, "password": 1, "delete from": 0, "secret": 0} {
		re := regexp.MustCompile(`data-filter="` + regexp.QuoteMeta(html.EscapeString(name)) + `"(?s:.*?)<td class="num">(\d+)</td>`)
		m := re.FindStringSubmatch(page)
		if m == nil || m[1] != fmt.Sprint(count) {
			t.Errorf("pattern %q: count %v, want %d", name, m, count)
		}
	}

	// The histogram has ten bins with the summary's counts.
	bins := regexp.MustCompile(`<span class="bin-count">(\d+)</span>`).FindAllStringSubmatch(page, -1)
	if len(bins) != 10 {
		t.Fatalf("%d histogram bins", len(bins))
	}
	for i, b := range bins {
		if b[1] != fmt.Sprint(rep.Summary.Histogram[i]) {
			t.Errorf("bin %d shows %s, want %d", i, b[1], rep.Summary.Histogram[i])
		}
	}
}

func TestWriteHTMLEscapes(t *testing.T) {
	page := writeHTML(t, reportFixture())
	for _, bad := range []string{hostileID, "<img src=x", "<script>alert(3)", "onerror=alert(2)>"} {
		if strings.Contains(page, bad) {
			t.Errorf("the page has %q unescaped", bad)
		}
	}
	// Without JavaScript the run is listed, escaped; in the data it is a
	// JSON string that cannot end the script element.
	if !strings.Contains(page, "<code>&lt;script&gt;alert(1)&lt;/script&gt;</code>") {
		t.Error("the hostile id is not listed, escaped, for readers without JavaScript")
	}
	if !strings.Contains(page, `"\u003cscript\u003ealert(1)\u003c/script\u003e"`) {
		t.Error("the hostile id is not in the data as an escaped JSON string")
	}
}

// TestWriteHTMLData decodes the timeline's data and checks it against the
// results.
func TestWriteHTMLData(t *testing.T) {
	rep := reportFixture()
	page := writeHTML(t, rep)
	const open = `<script type="application/json" id="data">`
	i := strings.Index(page, open)
	if i < 0 {
		t.Fatal("no data in the page")
	}
	raw := page[i+len(open):]
	raw = raw[:strings.Index(raw, "</script>")]
	var data struct {
		S []string `json:"s"`
		R [][]json.RawMessage
	}
	if err := json.Unmarshal([]byte(raw), &data); err != nil {
		t.Fatalf("the data does not parse: %v", err)
	}
	if len(data.R) != len(rep.Results) {
		t.Fatalf("%d runs in the data, want %d", len(data.R), len(rep.Results))
	}
	if data.S[0] != "" {
		t.Errorf("the string table starts with %q", data.S[0])
	}
	// run-rm: [id, score, worst, failed, nd, ns, nb, nj, steps, input, line, format, judge error]
	run := data.R[1]
	var id string
	var score float64
	var worst, failed, nd int
	var steps [][]json.RawMessage
	for _, f := range []struct {
		i int
		v any
	}{{0, &id}, {1, &score}, {2, &worst}, {3, &failed}, {4, &nd}, {8, &steps}} {
		if err := json.Unmarshal(run[f.i], f.v); err != nil {
			t.Fatalf("field %d of %s: %v", f.i, run, err)
		}
	}
	if id != "run-rm" || score != 0.4 || data.S[worst] != "block" || failed != 1 || nd != 2 || len(steps) != 4 {
		t.Errorf("run-rm reads as %s %v %s %d %d, %d steps", id, score, data.S[worst], failed, nd, len(steps))
	}
	// Its second tool call: [index, tool, [dangerous], [sensitive], verdict, level, score, risk, [rules], reason].
	var step []json.RawMessage
	if err := json.Unmarshal(mustJSON(t, steps[1]), &step); err != nil {
		t.Fatal(err)
	}
	var idx, tool, verdict, reason int
	var dangerous, rules []int
	for _, f := range []struct {
		i int
		v any
	}{{0, &idx}, {1, &tool}, {2, &dangerous}, {4, &verdict}, {8, &rules}, {9, &reason}} {
		if err := json.Unmarshal(step[f.i], f.v); err != nil {
			t.Fatalf("field %d of %s: %v", f.i, step, err)
		}
	}
	if idx != 3 || data.S[tool] != "Bash" || len(dangerous) != 1 || data.S[dangerous[0]] != "rm -rf" ||
		data.S[verdict] != "block" || data.S[rules[0]] != "shell.rm.recursive-root" || data.S[reason] != "deletes the home directory recursively" {
		t.Errorf("step 3 of run-rm reads as %s", step)
	}
	// A clean step without a guard decision is just its index and tool.
	unreplayed := data.R[8]
	var usteps []json.RawMessage
	if err := json.Unmarshal(unreplayed[8], &usteps); err != nil {
		t.Fatal(err)
	}
	if got := string(usteps[2]); !regexp.MustCompile(`^\[5,\d+\]$`).MatchString(got) {
		t.Errorf("a clean unreplayed step is %s, want [5,tool]", got)
	}
}

func mustJSON(t *testing.T, v any) []byte {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// TestWriteHTMLPolicy checks that the page's Content-Security-Policy lets
// its own script run, and nothing else.
func TestWriteHTMLPolicy(t *testing.T) {
	page := writeHTML(t, reportFixture())
	csp := regexp.MustCompile(`<meta http-equiv="Content-Security-Policy" content="([^"]*)">`).FindStringSubmatch(page)
	if csp == nil {
		t.Fatal("no Content-Security-Policy")
	}
	i := strings.LastIndex(page, "<script>")
	code := page[i+len("<script>"):]
	code = code[:strings.Index(code, "</script>")]
	sum := sha256.Sum256([]byte(code))
	want := "script-src 'sha256-" + base64.StdEncoding.EncodeToString(sum[:]) + "'"
	if !strings.Contains(html.UnescapeString(csp[1]), want) {
		t.Errorf("the policy %q does not allow the page's script (%s)", csp[1], want)
	}
	if !strings.HasPrefix(html.UnescapeString(csp[1]), "default-src 'none';") {
		t.Errorf("the policy %q does not default to none", csp[1])
	}
}

func TestWriteHTMLEmpty(t *testing.T) {
	page := writeHTML(t, &evaluate.Report{})
	checkTags(t, page)
	for _, want := range []string{"No trajectories were evaluated", "No trajectories evaluated", `"r":[]`, "None: every record was read."} {
		if !strings.Contains(page, want) {
			t.Errorf("the empty page lacks %q", want)
		}
	}
	if err := evaluate.WriteHTML(new(bytes.Buffer), nil); err == nil {
		t.Error("WriteHTML(nil) did not fail")
	}
}

// TestWriteHTMLLarge writes the largest report the evaluator keeps:
// 20,000 runs of about ten tool calls.
func TestWriteHTMLLarge(t *testing.T) {
	if testing.Short() {
		t.Skip("large report")
	}
	rep := largeReport(evaluate.MaxReportResults)
	start := time.Now()
	page := writeHTML(t, rep)
	t.Logf("%d runs, %d tool calls: %.1f MiB written in %v", len(rep.Results), rep.Summary.ToolCalls,
		float64(len(page))/(1<<20), time.Since(start).Round(time.Millisecond))
	if len(page) > 12<<20 {
		t.Errorf("the page is %d bytes, want at most 12 MiB", len(page))
	}
}

func BenchmarkWriteHTML(b *testing.B) {
	rep := largeReport(2000)
	var buf bytes.Buffer
	for b.Loop() {
		buf.Reset()
		if err := evaluate.WriteHTML(&buf, rep); err != nil {
			b.Fatal(err)
		}
	}
	b.SetBytes(int64(buf.Len()))
}
