// Package browsertest opens the project's pages in a real headless Chromium
// for tests. Chromium finds the browser, Start opens a tab that collects
// what the page logs and throws (Console), NewTab another in the same
// browser, and Artifacts says where to leave
// what a person may want to look at, such as screenshots.
//
// Without a browser the tests that use it are skipped, except under
// CI=true, where a missing browser fails them.
package browsertest

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/cdproto/cdp"
	cdplog "github.com/chromedp/cdproto/log"
	"github.com/chromedp/cdproto/runtime"
	"github.com/chromedp/chromedp"

	"github.com/actionguard/actionguard/internal/testwait"
)

// Chromium finds the browser: $ACTIONGUARD_CHROMIUM, else chromium on PATH
// (Debian's package; scripts/ci-chromium.sh installs it). Without one the
// test is skipped, except under CI=true, where a missing browser fails.
func Chromium(t testing.TB) string {
	t.Helper()
	if p := os.Getenv("ACTIONGUARD_CHROMIUM"); p != "" {
		return p
	}
	for _, name := range []string{"chromium", "chromium-browser", "/usr/bin/chromium"} {
		if p, err := exec.LookPath(name); err == nil {
			return p
		}
	}
	if os.Getenv("CI") == "true" {
		t.Fatal("chromium is not installed: run scripts/ci-chromium.sh (apt-get install -y chromium), or set ACTIONGUARD_CHROMIUM")
	}
	t.Skip("chromium is not installed (scripts/ci-chromium.sh installs it)")
	return ""
}

// Artifacts is where the test leaves what a person may want to look at:
// $ACTIONGUARD_ARTIFACTS, else a temporary directory removed after the test.
func Artifacts(t testing.TB) string {
	if d := os.Getenv("ACTIONGUARD_ARTIFACTS"); d != "" {
		if err := os.MkdirAll(d, 0o755); err == nil {
			return d
		}
	}
	return t.TempDir()
}

// Console collects what a page says on its console (errors, warnings,
// failed assertions), the browser's own error and warning log entries
// (failed loads, CSP violations) and the exceptions the page throws. It is
// safe for concurrent use.
type Console struct {
	mu   sync.Mutex
	errs []string
}

func (c *Console) add(format string, args ...any) {
	c.mu.Lock()
	c.errs = append(c.errs, fmt.Sprintf(format, args...))
	c.mu.Unlock()
}

// Errors returns what was collected so far, oldest first.
func (c *Console) Errors() []string {
	c.mu.Lock()
	defer c.mu.Unlock()
	return append([]string(nil), c.errs...)
}

// listen is the event handler that fills the console.
func (c *Console) listen(ev any) {
	switch ev := ev.(type) {
	case *runtime.EventConsoleAPICalled:
		if ev.Type == runtime.ConsoleAPICalledTypeError || ev.Type == runtime.ConsoleAPICalledTypeWarning || ev.Type == runtime.ConsoleAPICalledTypeAssert {
			var parts []string
			for _, a := range ev.Args {
				parts = append(parts, string(a.Value)+a.Description)
			}
			c.add("console.%s: %s", ev.Type, strings.Join(parts, " "))
		}
	case *runtime.EventExceptionThrown:
		d := ev.ExceptionDetails
		msg := d.Text
		if d.Exception != nil {
			msg += " " + d.Exception.Description
		}
		c.add("exception at %s:%d: %s", d.URL, d.LineNumber, msg)
	case *cdplog.EventEntryAdded:
		if ev.Entry.Level == cdplog.EntryLevelError || ev.Entry.Level == cdplog.EntryLevelWarning {
			c.add("log %s (%s): %s %s", ev.Entry.Level, ev.Entry.Source, ev.Entry.Text, ev.Entry.URL)
		}
	}
}

// Option changes how Start opens the browser.
type Option func(*options)

type options struct {
	width, height int
	timeout       time.Duration
}

// WindowSize sets the window's size in pixels (default 1440×960).
func WindowSize(width, height int) Option {
	return func(o *options) { o.width, o.height = width, height }
}

// Timeout is the least time everything done with the tab may take
// (default 90 s). The tab's deadline is the later of it and testwait's,
// near the test binary's own: on a loaded machine, or beside other
// browsers, a page that is merely slow is not a failure.
func Timeout(d time.Duration) Option {
	return func(o *options) { o.timeout = d }
}

// Start opens headless Chromium (see Chromium: without a browser the test
// is skipped) and returns a tab's context, whose actions are bounded by
// the deadline (see Timeout), and the Console that collects what its pages
// log and throw.
//
// The browser closes when the test ends, through t.Cleanup. Cleanups run
// last in, first out: start the browser after the servers it visits, so
// that it closes before they shut down.
func Start(t testing.TB, opts ...Option) (context.Context, *Console) {
	t.Helper()
	o := options{width: 1440, height: 960, timeout: 90 * time.Second}
	for _, opt := range opts {
		opt(&o)
	}
	exe := Chromium(t)

	alloc, cancelAlloc := chromedp.NewExecAllocator(context.Background(),
		chromedp.ExecPath(exe),
		chromedp.Headless, chromedp.NoSandbox, chromedp.DisableGPU, chromedp.NoFirstRun, chromedp.NoDefaultBrowserCheck,
		chromedp.Flag("disable-quic", true),
		chromedp.Flag("disable-background-networking", true),
		chromedp.Flag("disable-component-update", true),
		chromedp.Flag("disable-sync", true),
		chromedp.Flag("disable-dev-shm-usage", true),
		chromedp.UserDataDir(t.TempDir()),
		chromedp.WindowSize(o.width, o.height),
	)
	t.Cleanup(cancelAlloc)
	ctx, cancel := chromedp.NewContext(alloc)
	t.Cleanup(cancel)
	deadline := testwait.Deadline(t)
	if least := time.Now().Add(o.timeout); least.After(deadline) {
		deadline = least
	}
	ctx, cancelTimeout := context.WithDeadline(ctx, deadline)
	t.Cleanup(cancelTimeout)
	return ctx, watch(t, ctx, "starting chromium")
}

// NewTab opens another tab in the browser that the tab tab (from Start)
// belongs to, with the same deadline, and returns its context and the
// Console of its pages. It closes when t ends; the browser, when the test
// that started it ends. A browser started once serves several pages at a
// fraction of a start each.
func NewTab(t testing.TB, tab context.Context) (context.Context, *Console) {
	t.Helper()
	ctx, cancel := chromedp.NewContext(tab)
	t.Cleanup(cancel)
	return ctx, watch(t, ctx, "opening a tab")
}

// watch starts the tab of ctx (what is being done is what) and collects
// what its pages log and throw.
func watch(t testing.TB, ctx context.Context, what string) *Console {
	t.Helper()
	console := new(Console)
	if err := chromedp.Listen(ctx, console.listen); err != nil {
		t.Fatalf("%s: %v", what, err)
	}
	if _, err := chromedp.Call(ctx, cdplog.Enable, cdp.Empty{}); err != nil {
		t.Fatal(err)
	}
	if _, err := chromedp.Call(ctx, runtime.Enable, cdp.Empty{}); err != nil {
		t.Fatal(err)
	}
	return console
}
