package evaluate_test

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/chromedp"

	"github.com/actionguard/actionguard/evaluate"
	"github.com/actionguard/actionguard/internal/browsertest"
)

// writeReportFile writes the report's page to a temporary file and returns
// its file:// URL.
func writeReportFile(t *testing.T, rep *evaluate.Report) string {
	t.Helper()
	var b bytes.Buffer
	if err := evaluate.WriteHTML(&b, rep); err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), "report.html")
	if err := os.WriteFile(path, b.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	return "file://" + path
}

func TestReportInChromium(t *testing.T) {
	rep := reportFixture()
	url := writeReportFile(t, rep)
	ctx, console := browsertest.Start(t, browsertest.WindowSize(1440, 1000), browsertest.Timeout(60*time.Second))

	step := func(what string, actions ...chromedp.Action[chromedp.Void]) {
		t.Helper()
		if err := chromedp.Do(ctx, actions...); err != nil {
			t.Fatalf("%s: %v\nconsole: %q", what, err, console.Errors())
		}
	}
	eval := func(js string) int {
		t.Helper()
		n, err := chromedp.Run(ctx, chromedp.Evaluate[int](js))
		if err != nil {
			t.Fatalf("%s: %v", js, err)
		}
		return n
	}
	text := func(sel string) string {
		t.Helper()
		s, err := chromedp.Run(ctx, chromedp.Text(chromedp.CSS(sel)))
		if err != nil {
			t.Fatalf("reading %s: %v", sel, err)
		}
		return s
	}

	step("opening the report", chromedp.Navigate(url), chromedp.WaitVisible(chromedp.CSS("#runs .run")))

	// The summary shows every trajectory the evaluator read, the omitted
	// ones included.
	cards := text(".cards")
	if !strings.Contains(strings.ToLower(cards), "trajectories\n11") {
		t.Errorf("the cards read %q, want 11 trajectories", cards)
	}
	if got := text("#tl-count"); !strings.Contains(got, "9 runs") {
		t.Errorf("the timeline's count reads %q", got)
	}
	if got := text("#omitted"); !strings.Contains(got, "2 more trajectories") {
		t.Errorf("the omitted note reads %q", got)
	}
	if got := text("#problems"); !strings.Contains(got, "runs.jsonl:12") || !strings.Contains(got, "broken.json") {
		t.Errorf("the skipped records read %q", got)
	}

	// One row per run, one block per tool call.
	steps := 0
	for _, r := range rep.Results {
		steps += len(r.Steps)
	}
	if n := eval(`document.querySelectorAll('#runs .run').length`); n != len(rep.Results) {
		t.Errorf("%d rows, want %d", n, len(rep.Results))
	}
	if n := eval(`document.querySelectorAll('#runs .blk').length`); n != steps {
		t.Errorf("%d blocks, want one per tool call: %d", n, steps)
	}
	// Coloured by verdict, or by match without a decision.
	for sel, want := range map[string]int{
		".blk.v-allow": 0, ".blk.v-notify": 2, ".blk.v-confirm": 1, ".blk.v-approve": 2, ".blk.v-block": 2,
		".blk.p-sensitive": 1, ".blk.p-dangerous.m-d": 1, ".blk.p-none": 1, ".blk.j-unsafe": 1,
	} {
		if want == 0 {
			continue
		}
		if n := eval(`document.querySelectorAll('#runs ` + sel + `').length`); n != want {
			t.Errorf("%d blocks %s, want %d", n, sel, want)
		}
	}
	// The hostile id shows as text.
	if n := eval(`[...document.querySelectorAll('#runs .run-id .id')].filter(e => e.textContent === '<script>alert(1)</script>').length`); n != 1 {
		t.Errorf("the hostile id shows %d times as text", n)
	}

	// Hovering over a block shows the step; clicking it shows its details.
	block := chromedp.CSS(`#runs .run[data-r="1"] .blk[data-s="1"]`)
	// The tooltip hides when the page scrolls, and on a busy machine the
	// scroll event can arrive after the pointer moved: hover again (off
	// the block, then on it) until the tooltip shows, a bounded number of
	// times, rather than wait for a tooltip a late scroll event hid.
	step("scrolling to the block", chromedp.ScrollIntoView(block))
	type point struct{ X, Y float64 }
	tipShown := `(() => { const e = document.getElementById('tip'); if (!e) return 0;
		const r = e.getBoundingClientRect();
		return r.width > 0 && r.height > 0 && getComputedStyle(e).visibility !== 'hidden' && getComputedStyle(e).display !== 'none' ? 1 : 0; })()`
	shown := false
	for try := 0; try < 40 && !shown; try++ {
		at, err := chromedp.Run(ctx, chromedp.Evaluate[point](`(() => {
		const r = document.querySelector('#runs .run[data-r="1"] .blk[data-s="1"]').getBoundingClientRect();
		return {X: r.left + r.width / 2, Y: r.top + r.height / 2};
	})()`))
		if err != nil {
			t.Fatal(err)
		}
		step("hovering", chromedp.MouseEvent("mouseMoved", 1, 1), chromedp.MouseEvent("mouseMoved", at.X, at.Y))
		for poll := 0; poll < 10 && !shown; poll++ {
			shown = eval(tipShown) == 1
			if !shown {
				time.Sleep(50 * time.Millisecond)
			}
		}
	}
	if !shown {
		t.Fatalf("hovering over a block never showed its tooltip\nconsole: %q", console.Errors())
	}
	if got := text("#tip"); !strings.Contains(got, "Bash") || !strings.Contains(got, "rm -rf") {
		t.Errorf("the tooltip reads %q", got)
	}
	step("clicking a block", chromedp.Click(block), chromedp.WaitVisible(chromedp.CSS("#detail .kv")))
	detail := text("#detail")
	for _, want := range []string{"run-rm", "step 3", "Bash", "block", "dangerous", "shell.rm.recursive-root", "deletes the home directory recursively", "rm -rf", "score 0.40"} {
		if !strings.Contains(detail, want) {
			t.Errorf("the details lack %q:\n%s", want, detail)
		}
	}
	step("clicking the judged step", chromedp.Click(chromedp.CSS(`#runs .run[data-r="5"] .blk[data-s="0"]`)))
	if detail := text("#detail"); !strings.Contains(detail, "unsafe: the judge's reason for step 1") {
		t.Errorf("the judged step's details:\n%s", detail)
	}

	dir := browsertest.Artifacts(t)
	shot := func(name string) {
		t.Helper()
		png, err := chromedp.Run(ctx, chromedp.FullScreenshot(100))
		if err != nil {
			t.Fatal(err)
		}
		path := filepath.Join(dir, name)
		if err := os.WriteFile(path, png, 0o644); err != nil {
			t.Fatal(err)
		}
		t.Logf("screenshot: %s", path)
	}
	shot("eval-report.png")

	// The filter: by pattern, by tool, by id; and the runs with issues.
	rows := func() int { return eval(`document.querySelectorAll('#runs .run').length`) }
	waitRows := func(what string, want int) {
		t.Helper()
		deadline := time.Now().Add(30 * time.Second) // a bound on a busy machine, not a speed check
		for rows() != want {
			if time.Now().After(deadline) {
				t.Fatalf("%s: %d rows, want %d (%s)", what, rows(), want, text("#tl-count"))
			}
			time.Sleep(20 * time.Millisecond)
		}
	}
	// filter types into the box, as a person would, after emptying it.
	filter := func(what string) {
		t.Helper()
		step("filtering by "+what,
			chromedp.Evaluate[chromedp.Void](`(f => { f.value = ''; f.dispatchEvent(new Event('input')); })(document.getElementById('filter'))`))
		if what != "" {
			step("filtering by "+what, chromedp.SendKeys(chromedp.ID("filter"), what))
		}
	}
	filter("drop table")
	waitRows("drop table", 1)
	if got := text("#runs .run .id"); got != "run-rm" {
		t.Errorf("the filter kept %q", got)
	}
	filter("binancewithdraw")
	waitRows("BinanceWithdraw", 1)
	filter("no-such-run")
	waitRows("no-such-run", 0)
	if got := text("#tl-count"); got != "No run matches." {
		t.Errorf("with no match the count reads %q", got)
	}
	filter("")
	waitRows("no filter", len(rep.Results))
	failing := 0
	for _, r := range rep.Results {
		if r.Failed() {
			failing++
		}
	}
	step("only runs with issues", chromedp.Click(chromedp.ID("only-issues")))
	waitRows("only runs with issues", failing)
	step("a pattern's name", chromedp.Click(chromedp.CSS(`.pat-name[data-filter="ssn"]`)))
	waitRows("pattern ssn", 1)

	// Dark mode draws too.
	if _, err := chromedp.Call(ctx, emulation.SetEmulatedMedia, emulation.SetEmulatedMediaParams{
		Features: []*emulation.MediaFeature{{Name: "prefers-color-scheme", Value: "dark"}},
	}); err != nil {
		t.Fatal(err)
	}
	step("all runs again", chromedp.Click(chromedp.ID("only-issues")))
	filter("")
	waitRows("all runs", len(rep.Results))
	shot("eval-report-dark.png")

	time.Sleep(200 * time.Millisecond) // late errors
	if errs := console.Errors(); len(errs) > 0 {
		t.Errorf("the page logged errors:\n%s", strings.Join(errs, "\n"))
	}
}

// TestReportInChromiumWithoutJavaScript checks the static parts: with
// scripts off the summary, the hit counts and the runs with issues show.
func TestReportInChromiumWithoutJavaScript(t *testing.T) {
	rep := reportFixture()
	url := writeReportFile(t, rep)
	ctx, console := browsertest.Start(t)
	if _, err := chromedp.Call(ctx, emulation.SetScriptExecutionDisabled, emulation.SetScriptExecutionDisabledParams{Value: true}); err != nil {
		t.Fatal(err)
	}
	if err := chromedp.Do(ctx, chromedp.Navigate(url), chromedp.WaitVisible(chromedp.CSS("table.static"))); err != nil {
		t.Fatalf("opening the report: %v\nconsole: %q", err, console.Errors())
	}
	page, err := chromedp.Run(ctx, chromedp.Text(chromedp.CSS("body")))
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"actionguard evaluation", "Dangerous matches", "rm -rf", "Score distribution",
		"score 0.40: 2 dangerous actions (rm -rf at step 3 in Bash; drop table at step 7 in psql), 1 blocked step", "broken.json"} {
		if !strings.Contains(strings.ToLower(page), strings.ToLower(want)) {
			t.Errorf("without JavaScript the page lacks %q", want)
		}
	}
	if visible, _ := chromedp.Run(ctx, chromedp.Evaluate[bool](`!document.getElementById('controls').hidden`)); visible {
		t.Error("the filter shows without JavaScript")
	}
	if png, err := chromedp.Run(ctx, chromedp.FullScreenshot(100)); err == nil {
		path := filepath.Join(browsertest.Artifacts(t), "eval-report-nojs.png")
		if os.WriteFile(path, png, 0o644) == nil {
			t.Logf("screenshot: %s", path)
		}
	}
	if errs := console.Errors(); len(errs) > 0 {
		t.Errorf("the page logged errors:\n%s", strings.Join(errs, "\n"))
	}
}

// TestLargeReportInChromium opens the largest page the evaluator writes.
func TestLargeReportInChromium(t *testing.T) {
	if testing.Short() {
		t.Skip("large report")
	}
	rep := largeReport(evaluate.MaxReportResults)
	url := writeReportFile(t, rep)
	ctx, console := browsertest.Start(t)
	start := time.Now()
	if err := chromedp.Do(ctx, chromedp.Navigate(url), chromedp.WaitVisible(chromedp.CSS("#runs .run"))); err != nil {
		t.Fatalf("opening the report: %v\nconsole: %q", err, console.Errors())
	}
	t.Logf("20,000 runs: the timeline shows after %v", time.Since(start).Round(time.Millisecond))
	count, err := chromedp.Run(ctx, chromedp.Text(chromedp.ID("tl-count")))
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(count, "20,000 runs") {
		t.Errorf("the count reads %q", count)
	}
	rows := func() int {
		n, err := chromedp.Run(ctx, chromedp.Evaluate[int](`document.querySelectorAll('#runs .run').length`))
		if err != nil {
			t.Fatal(err)
		}
		return n
	}
	first := rows()
	if first == 0 || first >= len(rep.Results) {
		t.Errorf("%d rows drawn at first", first)
	}
	if err := chromedp.Do(ctx, chromedp.Click(chromedp.ID("more"))); err != nil {
		t.Fatal(err)
	}
	if n := rows(); n != 2*first {
		t.Errorf("%d rows after showing more, want %d", n, 2*first)
	}
	start = time.Now()
	if err := chromedp.Do(ctx, chromedp.SendKeys(chromedp.ID("filter"), "nightly-19999")); err != nil {
		t.Fatal(err)
	}
	ctxWait, cancel := context.WithTimeout(ctx, 10*time.Second)
	defer cancel()
	if _, err := chromedp.Run(ctxWait, chromedp.Poll[bool](`document.querySelectorAll('#runs .run').length === 1`)); err != nil {
		t.Fatalf("filtering 20,000 runs: %v (%d rows)", err, rows())
	}
	t.Logf("filtering 20,000 runs took %v", time.Since(start).Round(time.Millisecond))
	if errs := console.Errors(); len(errs) > 0 {
		t.Errorf("the page logged errors:\n%s", strings.Join(errs, "\n"))
	}
}
