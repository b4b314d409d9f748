package server_test

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/actionguard/actionguard/approval"
	"github.com/actionguard/actionguard/guard"
	"github.com/actionguard/actionguard/internal/browsertest"
)

func TestApprovalPageInChromium(t *testing.T) {
	browsertest.Chromium(t) // skip before starting the server
	e := newEnv(t)
	// Started after the server, the browser closes before it shuts down.
	ctx, console := browsertest.Start(t, browsertest.WindowSize(1440, 960), browsertest.Timeout(90*time.Second))

	// Sign in with the token.
	step := func(what string, actions ...chromedp.Action[chromedp.Void]) {
		t.Helper()
		if err := chromedp.Do(ctx, actions...); err != nil {
			t.Fatalf("%s: %v\nconsole: %q", what, err, console.Errors())
		}
	}
	step("opening the page", chromedp.Navigate(e.ts.URL), chromedp.WaitVisible(chromedp.ID("login-form")))
	step("signing in",
		chromedp.SendKeys(chromedp.ID("token"), e.token),
		chromedp.Click(chromedp.ID("login-submit")),
		chromedp.WaitVisible(chromedp.ID("app")),
		chromedp.WaitVisible(chromedp.CSS("#live.on")),
		chromedp.WaitVisible(chromedp.ID("queue-empty")),
	)
	// The page must not reload: this marker would be gone.
	step("marking the page", chromedp.Evaluate[chromedp.Void](`window.__noReload = 42`))
	stored, err := chromedp.Run(ctx, chromedp.Evaluate[string](`JSON.stringify(localStorage) + JSON.stringify(sessionStorage) + document.cookie`))
	if err != nil {
		t.Fatal(err)
	}
	if strings.Contains(stored, e.token) || strings.Contains(stored, "actionguard_session") {
		t.Errorf("the page keeps the token or reads the session cookie: %s", stored)
	}

	// An agent's action that needs an explicit approval shows up live.
	act := forcePush("browser-1")
	d := e.check(act)
	if d.Verdict != guard.Approve || d.ApprovalID == "" {
		t.Fatalf("force push: %+v", d)
	}
	item := chromedp.CSS(`.queue-item[data-id="` + d.ApprovalID + `"]`)
	step("waiting for the request to show", chromedp.WaitVisible(item), chromedp.Click(item), chromedp.WaitVisible(chromedp.ID("detail-body")))
	title, err := chromedp.Run(ctx, chromedp.Text(chromedp.ID("d-title")))
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(title, "git push --force origin main") {
		t.Errorf("the request's title is %q", title)
	}
	if marker, err := chromedp.Run(ctx, chromedp.Evaluate[int](`window.__noReload || 0`)); err != nil || marker != 42 {
		t.Errorf("the page reloaded (marker %d, %v)", marker, err)
	}
	if hidden, _ := chromedp.Run(ctx, chromedp.Evaluate[bool](`document.getElementById('countdown').hidden`)); !hidden {
		t.Error("a PRIVILEGED request shows the auto-confirm countdown")
	}
	dir := browsertest.Artifacts(t)
	shot, err := chromedp.Run(ctx, chromedp.FullScreenshot(100))
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(dir, "approval-page.png")
	if err := os.WriteFile(path, shot, 0o644); err != nil {
		t.Fatal(err)
	}
	t.Logf("screenshot: %s", path)

	// Approve with a click; the same call then runs once, and only once.
	step("approving", chromedp.SendKeys(chromedp.ID("note"), "ok for the release"), chromedp.Click(chromedp.ID("approve")))
	deadline := time.Now().Add(10 * time.Second)
	for {
		r, err := e.st.Approval(context.Background(), d.ApprovalID)
		if err == nil && r.Status == approval.StatusApproved {
			if r.Note != "ok for the release" || !strings.Contains(r.DecidedBy, "alice") {
				t.Errorf("decided by %q with note %q", r.DecidedBy, r.Note)
			}
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("the click did not approve %s: %+v %v\nconsole: %q", d.ApprovalID, r, err, console.Errors())
		}
		time.Sleep(50 * time.Millisecond)
	}
	if pass := e.check(act); pass.Verdict != guard.Allow {
		t.Fatalf("the approved call: %+v", pass)
	}
	if third := e.check(act); third.Verdict != guard.Approve || third.ApprovalID == d.ApprovalID {
		t.Fatalf("the call after: %s %s, want a new wait", third.Verdict, third.ApprovalID)
	}
	// The new request arrives live too.
	step("the next request", chromedp.WaitVisible(chromedp.CSS(`.queue-item[aria-selected="true"]`)))

	// The other views draw without errors.
	step("the audit log", chromedp.Click(chromedp.CSS(`.tab[data-view="audit"]`)), chromedp.WaitVisible(chromedp.CSS("#audit-rows tr.row")))
	step("the dashboard", chromedp.Click(chromedp.CSS(`.tab[data-view="dashboard"]`)), chromedp.WaitVisible(chromedp.CSS("#dash-rules .rule-row")))
	if shot, err := chromedp.Run(ctx, chromedp.FullScreenshot(100)); err == nil {
		p := filepath.Join(dir, "rule-hits.png")
		if os.WriteFile(p, shot, 0o644) == nil {
			t.Logf("screenshot: %s", p)
		}
	}
	time.Sleep(200 * time.Millisecond) // late errors
	if errs := console.Errors(); len(errs) > 0 {
		t.Errorf("the page logged errors:\n%s", strings.Join(errs, "\n"))
	}
}
