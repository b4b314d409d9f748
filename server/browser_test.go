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
	"github.com/actionguard/actionguard/internal/testwait"
	"github.com/actionguard/actionguard/store"
)

func TestApprovalPageInChromium(t *testing.T) {
	// The browser tests run at once: each has its own server and store,
	// and most of their time waits on Chromium or on a page's countdown.
	t.Parallel()
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
	deadline := testwait.Deadline(t)
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
	third := e.check(act)
	if third.Verdict != guard.Approve || third.ApprovalID == d.ApprovalID {
		t.Fatalf("the call after: %s %s, want a new wait", third.Verdict, third.ApprovalID)
	}
	// The new request arrives live too, and is not opened for the person.
	step("the next request", chromedp.WaitVisible(chromedp.CSS(`.queue-item[data-id="`+third.ApprovalID+`"][aria-selected="false"]`)),
		chromedp.WaitVisible(chromedp.ID("detail-empty")))

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

// Batch review on the page: the pending deletions of one project are
// grouped, reviewed together (each with its anomalies; one unticked and
// ticked again) and approved with one click, each with its own decision; a
// group with DANGEROUS requests cannot be approved, only rejected.
func TestBatchReviewInChromium(t *testing.T) {
	// The browser tests run at once: each has its own server and store,
	// and most of their time waits on Chromium or on a page's countdown.
	t.Parallel()
	browsertest.Chromium(t) // skip before starting the server
	e := newEnv(t)
	ctx, console := browsertest.Start(t, browsertest.WindowSize(1440, 1100), browsertest.Timeout(90*time.Second))
	step := func(what string, actions ...chromedp.Action[chromedp.Void]) {
		t.Helper()
		if err := chromedp.Do(ctx, actions...); err != nil {
			t.Fatalf("%s: %v\nconsole: %q", what, err, console.Errors())
		}
	}
	// until waits for a JavaScript expression to be true.
	until := func(what, expr string) {
		t.Helper()
		deadline := testwait.Deadline(t)
		for {
			ok, err := chromedp.Run(ctx, chromedp.Evaluate[bool](expr))
			if err == nil && ok {
				return
			}
			if time.Now().After(deadline) {
				t.Fatalf("%s: %s is not true (%v)\nconsole: %q", what, expr, err, console.Errors())
			}
			time.Sleep(50 * time.Millisecond)
		}
	}
	text := func(sel string) string {
		t.Helper()
		s, err := chromedp.Run(ctx, chromedp.Text(chromedp.CSS(sel)))
		if err != nil {
			t.Fatalf("reading %s: %v", sel, err)
		}
		return s
	}
	step("signing in", chromedp.Navigate(e.ts.URL), chromedp.WaitVisible(chromedp.ID("login-form")),
		chromedp.SendKeys(chromedp.ID("token"), e.token), chromedp.Click(chromedp.ID("login-submit")),
		chromedp.WaitVisible(chromedp.CSS("#live.on")), chromedp.WaitVisible(chromedp.ID("queue-empty")))

	// Four deletions arrive (the last one at an unusual hour), and a force
	// push, which is of another kind.
	var ids []string
	for _, f := range []string{"a.txt", "b.txt", "c.txt", "d.txt"} {
		a := deleteFile("web-1", f)
		if f == "d.txt" {
			a.Context.Anomalies = []string{"23:40 is outside your usual working hours"}
		}
		d := e.check(a)
		if d.Verdict != guard.Approve || d.ApprovalID == "" {
			t.Fatalf("rm %s: %+v", f, d)
		}
		ids = append(ids, d.ApprovalID)
	}
	push := e.check(forcePush("web-1"))
	group := chromedp.CSS(`.group-item`)
	// The page learns of the requests one event at a time and rebuilds its
	// lists on each (and every 30 s): it is read, and clicked, once all
	// five are there, not when the group first shows with two or three.
	until("all five requests listed", `document.querySelector('.group-item .gi-count')?.textContent === '4' && `+
		`document.querySelector('.queue-item[data-id="`+ids[3]+`"]') !== null && document.querySelector('.queue-item[data-id="`+push.ApprovalID+`"]') !== null`)
	if got := text(".group-item"); !strings.Contains(got, "4") || !strings.Contains(got, "file deletions in /home/u/proj") {
		t.Errorf("the group reads %q", got)
	}

	// The unusual one says so on its own page.
	step("opening the unusual request", chromedp.Click(chromedp.CSS(`.queue-item[data-id="`+ids[3]+`"]`)), chromedp.WaitVisible(chromedp.ID("d-anomalies")))
	if got := text("#d-anomalies"); !strings.Contains(got, "23:40 is outside your usual working hours") {
		t.Errorf("the request's warning reads %q", got)
	}

	// Review them together: every request with its summary, all ticked.
	step("opening the group", chromedp.Click(group), chromedp.WaitVisible(chromedp.ID("group-body")))
	until("four requests listed", `document.querySelectorAll('#g-list .batch-item').length === 4`)
	if got := text("#g-title"); got != "4 file deletions in /home/u/proj" {
		t.Errorf("the group's title is %q", got)
	}
	list := text("#g-list")
	for _, want := range []string{"Run rm a.txt in /home/u/proj.", ids[0], "⚠ Unusual: 23:40 is outside your usual working hours"} {
		if !strings.Contains(list, want) {
			t.Errorf("the group's list lacks %q:\n%s", want, list)
		}
	}
	if got := text("#g-approve"); got != "Approve all 4" {
		t.Errorf("the approve button reads %q", got)
	}
	// Untick one, and tick it again.
	box := chromedp.CSS(`#g-list input[data-id="` + ids[2] + `"]`)
	step("unticking one", chromedp.Click(box))
	until("three ticked", `document.getElementById('g-approve').textContent === 'Approve 3'`)
	step("ticking it again", chromedp.Click(box))
	until("four ticked", `document.getElementById('g-approve').textContent === 'Approve all 4'`)
	if shot, err := chromedp.Run(ctx, chromedp.FullScreenshot(100)); err == nil {
		p := filepath.Join(browsertest.Artifacts(t), "batch-review.png")
		if os.WriteFile(p, shot, 0o644) == nil {
			t.Logf("screenshot: %s", p)
		}
	}

	step("approving all", chromedp.SendKeys(chromedp.ID("g-note"), "generated files"), chromedp.Click(chromedp.ID("g-approve")))
	deadline := testwait.Deadline(t)
	for _, id := range ids {
		for {
			r, err := e.st.Approval(context.Background(), id)
			if err == nil && r.Status == approval.StatusApproved {
				if r.Note != "generated files" || r.DecidedBy != "alice (approval page)" {
					t.Errorf("%s decided by %q with note %q", id, r.DecidedBy, r.Note)
				}
				break
			}
			if time.Now().After(deadline) {
				t.Fatalf("the click did not approve %s: %+v %v\nconsole: %q", id, r, err, console.Errors())
			}
			time.Sleep(50 * time.Millisecond)
		}
	}
	until("the group is gone", `document.getElementById('groups').hidden && document.getElementById('group-body').hidden`)
	rs, err := e.st.QueryAudit(context.Background(), store.AuditFilter{Session: "web-1"})
	if err != nil {
		t.Fatal(err)
	}
	together := 0
	for _, r := range rs {
		// The decision names its pass: "… 3 other requests (pass <tag>): generated files".
		if strings.Contains(r.Reason, "approved by alice (approval page), reviewed together with 3 other requests (pass ") && strings.HasSuffix(r.Reason, "): generated files") {
			together++
		}
	}
	if together != 4 {
		for _, r := range rs {
			t.Logf("record: %s", r.Reason)
		}
		t.Errorf("%d audit records of the batch, want 4", together)
	}

	// Two DANGEROUS requests: rejected together, never approved so.
	danger := []string{openDangerous(t, e.st, "rm -rf /usr/lib"), openDangerous(t, e.st, "rm -rf /usr/share")}
	step("the DANGEROUS group", chromedp.WaitVisible(group), chromedp.Click(group), chromedp.WaitVisible(chromedp.ID("g-dangerous")))
	until("approve disabled", `document.getElementById('g-approve').disabled && !document.getElementById('g-reject').disabled`)
	step("rejecting them", chromedp.Click(chromedp.ID("g-reject")))
	until("the DANGEROUS group is gone", `document.getElementById('groups').hidden`)
	for _, id := range danger {
		for {
			r, err := e.st.Approval(context.Background(), id)
			if err == nil && r.Status == approval.StatusRejected {
				break
			}
			if time.Now().After(deadline) {
				toasts, _ := chromedp.Run(ctx, chromedp.Evaluate[string](`document.getElementById('toasts').innerText`))
				t.Fatalf("%s is %s (%v)\ntoasts: %q\nconsole: %q", id, r.Status, err, toasts, console.Errors())
			}
			time.Sleep(50 * time.Millisecond)
		}
	}
	time.Sleep(200 * time.Millisecond) // late errors
	if errs := console.Errors(); len(errs) > 0 {
		t.Errorf("the page logged errors:\n%s", strings.Join(errs, "\n"))
	}
}
