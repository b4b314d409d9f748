package server_test

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/chromedp"

	"github.com/actionguard/actionguard/approval"
	"github.com/actionguard/actionguard/internal/browsertest"
	"github.com/actionguard/actionguard/internal/testwait"
	"github.com/actionguard/actionguard/store"
)

// The approval page as a person meets it: on a phone, a tablet and a
// desktop; with the window hidden or out of focus; with a tool call whose
// arguments are what matters.

// page is a signed-in (or not yet) tab of the approval page.
type page struct {
	t       *testing.T
	e       *env
	ctx     context.Context
	console *browsertest.Console
}

func openPage(t *testing.T, e *env, width, height int) *page {
	t.Helper()
	ctx, console := browsertest.Start(t, browsertest.WindowSize(width, height), browsertest.Timeout(120*time.Second))
	return showPage(t, e, ctx, console, width, height)
}

// openTab opens a page in another tab of the browser of the tab browser,
// emulating a screen of the size given.
func openTab(t *testing.T, e *env, browser context.Context, width, height int) *page {
	t.Helper()
	ctx, console := browsertest.NewTab(t, browser)
	return showPage(t, e, ctx, console, width, height)
}

// showPage makes the tab ctx a focused screen of the size given.
func showPage(t *testing.T, e *env, ctx context.Context, console *browsertest.Console, width, height int) *page {
	t.Helper()
	// Headless Chromium has no window that holds the focus: emulate one, as
	// a person's browser in front has.
	if _, err := chromedp.Call(ctx, emulation.SetFocusEmulationEnabled, emulation.SetFocusEmulationEnabledParams{Enabled: true}); err != nil {
		t.Fatalf("emulating focus: %v", err)
	}
	// A window is at least 500 px wide: narrower screens are emulated.
	if err := chromedp.Do(ctx, chromedp.EmulateViewport(int64(width), int64(height))); err != nil {
		t.Fatalf("emulating a %d px screen: %v", width, err)
	}
	return &page{t: t, e: e, ctx: ctx, console: console}
}

func (p *page) step(what string, actions ...chromedp.Action[chromedp.Void]) {
	p.t.Helper()
	if err := chromedp.Do(p.ctx, actions...); err != nil {
		p.t.Fatalf("%s: %v\nconsole: %q", what, err, p.console.Errors())
	}
}

// until waits, polling, for a JavaScript expression to be true.
func (p *page) until(what, expr string) {
	p.t.Helper()
	deadline := testwait.Deadline(p.t)
	for {
		ok, err := chromedp.Run(p.ctx, chromedp.Evaluate[bool](expr))
		if err == nil && ok {
			return
		}
		if time.Now().After(deadline) {
			p.t.Fatalf("%s: %s is not true (%v)\nconsole: %q", what, expr, err, p.console.Errors())
		}
		time.Sleep(50 * time.Millisecond)
	}
}

func (p *page) eval(expr string) string {
	p.t.Helper()
	s, err := chromedp.Run(p.ctx, chromedp.Evaluate[string](expr))
	if err != nil {
		p.t.Fatalf("%s: %v", expr, err)
	}
	return s
}

func (p *page) text(sel string) string {
	p.t.Helper()
	return p.eval(`(document.querySelector(` + jsString(sel) + `) || {}).innerText || ''`)
}

func (p *page) signIn() {
	p.t.Helper()
	p.step("opening the page", chromedp.Navigate(p.e.ts.URL), chromedp.WaitVisible(chromedp.ID("login-form")))
	p.step("signing in", chromedp.SendKeys(chromedp.ID("token"), p.e.token), chromedp.Click(chromedp.ID("login-submit")),
		chromedp.WaitVisible(chromedp.ID("app")), chromedp.WaitVisible(chromedp.CSS("#live.on")))
}

func (p *page) screenshot(name string) {
	p.t.Helper()
	shot, err := chromedp.Run(p.ctx, chromedp.FullScreenshot(100))
	if err != nil {
		p.t.Errorf("screenshot %s: %v", name, err)
		return
	}
	path := filepath.Join(browsertest.Artifacts(p.t), name)
	if err := os.WriteFile(path, shot, 0o644); err != nil {
		p.t.Error(err)
		return
	}
	p.t.Logf("screenshot: %s", path)
}

// layoutProblems is run in the page: it lists every visible element of
// the page's text and controls that sticks out of the window, the page that
// scrolls sideways, and every two such elements that overlap (neither
// holding the other). An element in a box that scrolls sideways (the audit
// table) is measured against that box.
const layoutProblems = `(() => {
  const out = [];
  const W = document.documentElement.clientWidth;
  if (document.documentElement.scrollWidth > W + 1) out.push('the page scrolls sideways: ' + document.documentElement.scrollWidth + ' px in ' + W);
  const name = (el) => el.tagName.toLowerCase() + (el.id ? '#' + el.id : '') + (el.className && typeof el.className === 'string' ? '.' + el.className.trim().split(/\s+/).join('.') : '') +
    ' "' + (el.innerText || el.value || '').trim().slice(0, 40) + '"';
  const sel = 'button, input, select, textarea, label, h1, h2, h3, p, dt, dd, code, kbd, .pill, .status, .qi-tool, .qi-time, .qi-what, .gi-title, .gi-count, .who, .live, .brand, .tab, .riskbar, .chip, th, td';
  const els = [...document.querySelectorAll(sel)].filter((el) => {
    if (el.closest('#toasts') || el.closest('[hidden]') || el.closest('details:not([open]) > :not(summary)')) return false;
    const r = el.getBoundingClientRect();
    return r.width > 0 && r.height > 0 && getComputedStyle(el).visibility !== 'hidden';
  });
  const scroller = (el) => {
    for (let a = el.parentElement; a; a = a.parentElement) {
      const o = getComputedStyle(a).overflowX;
      if (o === 'auto' || o === 'scroll' || o === 'hidden') return a;
    }
    return null;
  };
  for (const el of els) {
    const r = el.getBoundingClientRect();
    const box = scroller(el);
    const left = box ? box.getBoundingClientRect().left : 0;
    const right = box ? box.getBoundingClientRect().right : W;
    if (box && box.scrollWidth > box.clientWidth + 1) continue; // it scrolls, on purpose
    if (r.left < left - 1 || r.right > right + 1) out.push('sticks out (' + Math.round(r.left) + '..' + Math.round(r.right) + ' in ' + Math.round(left) + '..' + Math.round(right) + '): ' + name(el));
  }
  for (let i = 0; i < els.length; i++) {
    const a = els[i], ra = a.getBoundingClientRect();
    for (let j = i + 1; j < els.length; j++) {
      const b = els[j];
      if (a.contains(b) || b.contains(a)) continue;
      if (!!a.closest('.topbar') !== !!b.closest('.topbar')) continue; // the top bar stays on top of what scrolls under it, on purpose
      const rb = b.getBoundingClientRect();
      const w = Math.min(ra.right, rb.right) - Math.max(ra.left, rb.left);
      const h = Math.min(ra.bottom, rb.bottom) - Math.max(ra.top, rb.top);
      if (w > 2 && h > 2) out.push('overlap: ' + name(a) + ' and ' + name(b));
    }
  }
  return JSON.stringify(out.slice(0, 20));
})()`

func (p *page) checkLayout(view string) {
	p.t.Helper()
	var problems []string
	if err := json.Unmarshal([]byte(p.eval(layoutProblems)), &problems); err != nil {
		p.t.Fatal(err)
	}
	for _, x := range problems {
		p.t.Errorf("%s: %s", view, x)
	}
}

// openRequest opens an approval request in the store, as a check that
// waits for a person does.
func openRequest(t *testing.T, st store.Store, action string, s approval.Summary) string {
	t.Helper()
	if !json.Valid([]byte(action)) {
		t.Fatalf("the action is not JSON: %s", action)
	}
	r := approval.New([]byte(action), s, time.Now())
	if err := approval.Open(context.Background(), st, r); err != nil {
		t.Fatal(err)
	}
	return r.ID
}

// mcpWrite is an MCP tool call whose arguments are what a person must
// read: the path it writes, where it sends, to whom, how much. The proxy's
// own directory is not one of them.
const mcpWrite = `{"tool":"mcp__filesystem_and_payments_server__write_file_then_notify_the_finance_team_by_email",
  "input":{"path":"/etc/cron.d/backup","url":"https://hooks.example.net/finance/notify","to":"ap@acme-ltd.example",
    "amount":820,"currency":"USD","options":{"mode":"0644","overwrite":true},"tags":["nightly","finance"]},
  "context":{"cwd":"/opt/mcp-proxy"}}`

var mcpSummary = approval.Summary{Tool: "mcp__filesystem_and_payments_server__write_file_then_notify_the_finance_team_by_email",
	Verdict: "approve", Level: "privileged", Risk: 7, Reason: "Writes a system file and pays an outside party.", Rules: []string{"tools.payment"}}

// TestPageLayoutInChromium draws the main views at a phone's, a tablet's
// and a desktop's width: nothing sticks out of the window or sits on top of
// its neighbour, "Sign out" is on screen, long names wrap.
func TestPageLayoutInChromium(t *testing.T) {
	// The browser tests run at once: each has its own server and store,
	// and most of their time waits on Chromium or on a page's countdown.
	t.Parallel()
	// One browser, a tab for each width in turn (the width is emulated,
	// and checked below): a browser's start each was a third of the
	// test's CPU. The tabs are not opened at once: a tab in the
	// background is not drawn, and its page waits for nothing.
	browser, _ := browsertest.Start(t, browsertest.Timeout(120*time.Second))
	for _, w := range []int{360, 420, 768, 1280} {
		t.Run(fmt.Sprint(w), func(t *testing.T) {
			e := newEnv(t)
			p := openTab(t, e, browser, w, 900)
			p.step("opening the page", chromedp.Navigate(e.ts.URL), chromedp.WaitVisible(chromedp.ID("login-form")))
			if got := p.eval(`String(document.documentElement.clientWidth)`); got != fmt.Sprint(w) {
				t.Fatalf("the page is %s px wide, want %d", got, w)
			}
			p.checkLayout("sign-in")
			p.screenshot(fmt.Sprintf("layout-%d-sign-in.png", w))

			id := openRequest(t, e.st, mcpWrite, mcpSummary)
			for _, f := range []string{"a.txt", "b.txt"} {
				if d := e.check(deleteFile("layout-1", f)); d.ApprovalID == "" {
					t.Fatalf("rm %s: %+v", f, d)
				}
			}
			p.signIn()
			p.step("the list", chromedp.WaitVisible(chromedp.CSS(`.queue-item[data-id="`+id+`"]`)), chromedp.WaitVisible(chromedp.CSS(".group-item")))
			p.until("Sign out on screen", `(() => { const r = document.getElementById('logout').getBoundingClientRect();
				return r.width > 0 && r.left >= 0 && r.right <= document.documentElement.clientWidth; })()`)
			p.checkLayout("list")
			p.screenshot(fmt.Sprintf("layout-%d-list.png", w))

			p.step("the detail", chromedp.Click(chromedp.CSS(`.queue-item[data-id="`+id+`"]`)), chromedp.WaitVisible(chromedp.ID("detail-body")))
			p.step("scrolled to the top", chromedp.Evaluate[chromedp.Void](`window.scrollTo(0, 0)`))
			if got := p.text(".queue-item[data-id=\"" + id + "\"] .qi-tool"); got != mcpSummary.Tool {
				t.Errorf("the tool's name is cut: %q", got)
			}
			p.checkLayout("detail")
			p.screenshot(fmt.Sprintf("layout-%d-detail.png", w))

			p.step("the group", chromedp.Click(chromedp.CSS(".group-item")), chromedp.WaitVisible(chromedp.ID("group-body")))
			p.checkLayout("group")

			p.step("the audit log", chromedp.ScrollIntoView(chromedp.CSS(`.tab[data-view="audit"]`)), chromedp.Click(chromedp.CSS(`.tab[data-view="audit"]`)),
				chromedp.WaitVisible(chromedp.ID("audit-filters")), chromedp.WaitVisible(chromedp.CSS("#audit-rows tr.row")))
			p.checkLayout("audit filter")
			p.screenshot(fmt.Sprintf("layout-%d-audit.png", w))
			if errs := p.console.Errors(); len(errs) > 0 {
				t.Errorf("the page logged errors:\n%s", strings.Join(errs, "\n"))
			}
		})
	}
}

// TestCountdownWaitsForAPersonInChromium: signing in opens nothing; a
// CAUTIOUS request confirms itself only while it is open in a visible,
// focused window, and after a moment to read it; hidden or out of focus,
// the countdown pauses, and goes on where it stopped once the person is
// back.
func TestCountdownWaitsForAPersonInChromium(t *testing.T) {
	// The browser tests run at once: each has its own server and store,
	// and most of their time waits on Chromium or on a page's countdown.
	t.Parallel()
	browsertest.Chromium(t)
	e := newEnv(t)
	caution := approval.Summary{Tool: "Bash", Verdict: "confirm", Level: "cautious", Risk: 3, Reason: "Installs a package."}
	id := openRequest(t, e.st, `{"tool":"Bash","input":{"command":"npm install left-pad"},"context":{"cwd":"/home/u/app"}}`, caution)
	p := openPage(t, e, 1280, 900)
	p.signIn()
	p.step("the request is listed", chromedp.WaitVisible(chromedp.CSS(`.queue-item[data-id="`+id+`"]`)))

	// Signing in selects nothing: no request is open, no countdown runs.
	if got := p.eval(`String(document.querySelectorAll('.queue-item[aria-selected="true"]').length) + (document.getElementById('detail-body').hidden ? ' closed' : ' open') + (document.getElementById('countdown').hidden ? '' : ' counting')`); got != "0 closed" {
		t.Errorf("after signing in: %s, want nothing selected", got)
	}
	// Longer than the read time and the countdown together.
	waitPending := func(what string) {
		t.Helper()
		deadline := time.Now().Add(8 * time.Second)
		for time.Now().Before(deadline) {
			r, err := e.st.Approval(context.Background(), id)
			if err != nil || r.Status != approval.StatusPending {
				t.Fatalf("%s: the request is %s (%v)", what, r.Status, err)
			}
			time.Sleep(200 * time.Millisecond)
		}
	}
	waitPending("with nothing open")

	// Hidden: open the request in a page the person does not see.
	p.step("hiding the page", chromedp.Evaluate[chromedp.Void](`
		Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => 'hidden' });
		Object.defineProperty(document, 'hidden', { configurable: true, get: () => true });
		document.dispatchEvent(new Event('visibilitychange'))`))
	p.step("opening the request", chromedp.Click(chromedp.CSS(`.queue-item[data-id="`+id+`"]`)), chromedp.WaitVisible(chromedp.ID("countdown")))
	p.until("paused", `document.getElementById('countdown').classList.contains('paused')`)
	waitPending("while the page is hidden")
	if got := p.text("#countdown-secs"); got != "5" {
		t.Errorf("the countdown moved while hidden: %s s left", got)
	}

	// Visible, but another window has the focus.
	p.step("showing the page without focus", chromedp.Evaluate[chromedp.Void](`
		delete document.visibilityState; delete document.hidden;
		document.hasFocus = () => false;
		document.dispatchEvent(new Event('visibilitychange'))`))
	waitPending("while the window has no focus")
	if got := p.text("#countdown-secs"); got != "5" {
		t.Errorf("the countdown moved without focus: %s s left", got)
	}
	p.screenshot("countdown-paused.png")

	// The person is back: it confirms after the countdown.
	p.step("focusing the page", chromedp.Evaluate[chromedp.Void](`delete document.hasFocus; window.dispatchEvent(new Event('focus'))`))
	deadline := testwait.Deadline(t)
	for {
		r, err := e.st.Approval(context.Background(), id)
		if err == nil && r.Status == approval.StatusApproved {
			break
		}
		if err == nil && r.Status != approval.StatusPending {
			t.Fatalf("the request is %s", r.Status)
		}
		if time.Now().After(deadline) {
			t.Fatalf("not confirmed once watched: %+v %v\ncountdown: %q\nconsole: %q", r, err, p.text("#countdown"), p.console.Errors())
		}
		time.Sleep(100 * time.Millisecond)
	}
	if errs := p.console.Errors(); len(errs) > 0 {
		t.Errorf("the page logged errors:\n%s", strings.Join(errs, "\n"))
	}
}

// TestToolCallArgumentsInChromium: the detail of an MCP call shows every
// argument (the path, the URL, the recipient, the amount, nested options
// and lists), names the proxy's directory for what it is, and shows the
// headline's code as code, without backticks.
func TestToolCallArgumentsInChromium(t *testing.T) {
	// The browser tests run at once: each has its own server and store,
	// and most of their time waits on Chromium or on a page's countdown.
	t.Parallel()
	browsertest.Chromium(t)
	e := newEnv(t)
	id := openRequest(t, e.st, mcpWrite, mcpSummary)
	p := openPage(t, e, 1280, 900)
	p.signIn()
	p.step("opening the call", chromedp.WaitVisible(chromedp.CSS(`.queue-item[data-id="`+id+`"]`)),
		chromedp.Click(chromedp.CSS(`.queue-item[data-id="`+id+`"]`)), chromedp.WaitVisible(chromedp.ID("d-preview")))
	preview := p.text("#d-preview")
	// The recipient is shown as the server masks it in every view.
	for _, want := range []string{"/etc/cron.d/backup", "https://hooks.example.net/finance/notify", "@acme-ltd.example", "820", "USD",
		"options.mode", "0644", "options.overwrite", "true", "nightly, finance"} {
		if !strings.Contains(preview, want) {
			t.Errorf("the detail lacks %q:\n%s", want, preview)
		}
	}
	if !strings.Contains(preview, "/opt/mcp-proxy") || strings.Contains(strings.ToLower(preview), "path\t/opt/mcp-proxy") {
		t.Errorf("the proxy's directory is not named as where the agent runs:\n%s", preview)
	}
	if meta := p.text("#d-meta"); !strings.Contains(meta, mcpSummary.Tool) {
		t.Errorf("the tool's name is cut: %q", meta)
	}
	p.screenshot("tool-call-arguments.png")

	// A call of no known kind: its headline names the tool as code.
	const tool = "mcp__build_server__run_the_nightly_pipeline_for_every_service_in_the_monorepo"
	other := openRequest(t, e.st, `{"tool":"`+tool+`","input":{"target":"prod","services":["api","web"]},"context":{"cwd":"/opt/mcp-proxy"}}`,
		approval.Summary{Tool: tool, Verdict: "approve", Level: "privileged", Risk: 5, Reason: "Runs a pipeline."})
	p.step("opening the other call", chromedp.WaitVisible(chromedp.CSS(`.queue-item[data-id="`+other+`"]`)),
		chromedp.Click(chromedp.CSS(`.queue-item[data-id="`+other+`"]`)), chromedp.WaitVisible(chromedp.ID("d-title")))
	p.until("its headline", `document.getElementById('d-id').textContent === `+jsString(other))
	title := p.text("#d-title")
	if strings.Contains(title, "`") {
		t.Errorf("the headline shows Markdown backticks: %q", title)
	}
	if got := p.text("#d-title code"); got != tool {
		t.Errorf("the headline's code is %q, want the tool's whole name (headline %q)", got, title)
	}
	if preview := p.text("#d-preview"); !strings.Contains(preview, "prod") || !strings.Contains(preview, "api, web") {
		t.Errorf("the detail lacks the call's arguments:\n%s", preview)
	}
}

func jsString(s string) string {
	b, _ := json.Marshal(s)
	return string(b)
}
