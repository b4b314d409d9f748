package cli

import (
	"bytes"
	"context"
	"io"
	"strings"
	"testing"
	"time"

	"github.com/actionguard/actionguard/approval"
	"github.com/actionguard/actionguard/approval/approvaltest"
	"github.com/actionguard/actionguard/audit"
)

// watchFixture is a watcher over an in-memory queue with a settable clock,
// and two requests: a PRIVILEGED one, then (newer) a CAUTIOUS one.
type watchFixture struct {
	w       *watcher
	now     time.Time
	held    string // approve
	soft    string // confirm
	records []string
}

func newWatchFixture(t *testing.T) *watchFixture {
	f := &watchFixture{now: time.Date(2026, 3, 2, 9, 0, 0, 0, time.UTC)}
	clock := func() time.Time { return f.now }
	q := &approval.Queue{Store: &approvaltest.Memory{Now: clock}, Now: clock,
		Audit: func(ctx context.Context, r *audit.Record) error { f.records = append(f.records, r.Reason); return nil }}
	ctx := context.Background()
	open := func(cmd, verdict string) string {
		sum := approval.Summary{Tool: "Bash", Agent: "codex", Verdict: verdict, Risk: 8, Reason: "Because " + cmd + ".",
			Findings: []approval.Finding{{Rule: "shell.x", Category: "destructive", Message: cmd + " deletes.", Alternative: "do less"}}}
		o, err := q.Gate(ctx, []byte(`{"tool":"Bash","input":{"command":"`+cmd+`"}}`), sum, approval.Key{Session: "s1", InputHash: approval.InputHash("Bash", map[string]any{"command": cmd})})
		if err != nil {
			t.Fatal(err)
		}
		f.now = f.now.Add(time.Second)
		return o.Request.ID
	}
	f.held = open("rm -rf build", "approve")
	f.soft = open("chmod 777 notes.txt", "confirm")
	f.w = &watcher{q: q, by: "alice", auto: 5 * time.Second, poll: time.Second, out: io.Discard, errOut: io.Discard,
		known: map[string]approval.Request{}, deadline: map[string]time.Time{}, now: clock}
	if _, _, err := f.w.refresh(ctx); err != nil {
		t.Fatal(err)
	}
	return f
}

func (f *watchFixture) screen(v *termView) string { return strings.Join(f.w.screen(v, 120, 40), "\n") }

// Nothing is selected until the person picks a request (the first key
// picks the newest); a CAUTIOUS one counts down while it is looked at,
// after a moment to read it, and is confirmed when the countdown runs out.
func TestWatchCountdown(t *testing.T) {
	ctx := context.Background()
	f := newWatchFixture(t)
	v := &termView{}
	f.w.keepSelection(v)
	f.w.countdown(ctx, v)
	if v.selected != "" || len(f.w.deadline) != 0 {
		t.Fatalf("selected %q (countdowns %v) before the person picked one", v.selected, f.w.deadline)
	}
	f.w.key(ctx, v, "j")
	if v.selected != f.soft {
		t.Fatalf("selected %s, want the newest %s", v.selected, f.soft)
	}
	f.w.countdown(ctx, v)
	s := f.screen(v)
	for _, want := range []string{"2 pending", f.held, f.soft, "Run `chmod 777 notes.txt`.", "████████", "medium", "CAUTIOUS",
		"Confirmed automatically in 5 s unless you press N.", "[Y]es approve  [N]o reject  [E]xplain  [A]lternatives"} {
		if !strings.Contains(s, want) {
			t.Errorf("screen lacks %q:\n%s", want, s)
		}
	}
	// Looking at the PRIVILEGED one stops the countdown; it has none.
	f.w.key(ctx, v, keyDown)
	f.w.countdown(ctx, v)
	f.now = f.now.Add(10 * time.Second)
	f.w.countdown(ctx, v)
	if len(f.w.deadline) != 0 || strings.Contains(f.screen(v), "Confirmed automatically") {
		t.Errorf("a PRIVILEGED request counts down: %v", f.w.deadline)
	}
	// Back on the CAUTIOUS one: it starts again, and runs out.
	f.w.key(ctx, v, "k")
	f.w.countdown(ctx, v)
	f.now = f.now.Add(watchReadTime + 4*time.Second)
	f.w.countdown(ctx, v)
	if r, _ := f.w.q.Store.Approval(ctx, f.soft); r.Status != approval.StatusPending {
		t.Fatalf("confirmed after 4 s: %s", r.Status)
	}
	f.now = f.now.Add(time.Second)
	f.w.countdown(ctx, v)
	if r, _ := f.w.q.Store.Approval(ctx, f.soft); r.Status != approval.StatusApproved || r.DecidedBy != "alice" {
		t.Fatalf("after 5 s: %+v", r)
	}
	if !strings.Contains(v.status, "auto-confirmed after 5 s") {
		t.Errorf("status %q", v.status)
	}
	f.w.keepSelection(v)
	if v.selected != "" {
		t.Errorf("selected %s after the confirmation, want nothing", v.selected)
	}
	if len(f.records) != 1 || !strings.HasPrefix(f.records[0], "approval "+f.soft+" auto-confirmed after 5 s while alice watched (pass ") {
		t.Errorf("audit %q", f.records)
	}
}

// N declines (the countdown stops: the request is rejected); E and A show
// their panes; Y approves; q quits.
func TestWatchKeys(t *testing.T) {
	ctx := context.Background()
	f := newWatchFixture(t)
	v := &termView{}
	f.w.keepSelection(v)
	f.w.key(ctx, v, "j")
	f.w.countdown(ctx, v)
	if f.w.key(ctx, v, "N") {
		t.Fatal("N quit")
	}
	if r, _ := f.w.q.Store.Approval(ctx, f.soft); r.Status != approval.StatusRejected {
		t.Fatalf("after N: %s", r.Status)
	}
	f.now = f.now.Add(time.Minute)
	f.w.keepSelection(v)
	f.w.key(ctx, v, "j")
	f.w.countdown(ctx, v)
	if v.selected != f.held || len(f.w.deadline) != 0 {
		t.Errorf("after N: selected %s, countdowns %v", v.selected, f.w.deadline)
	}
	f.w.key(ctx, v, "e")
	if s := f.screen(v); !strings.Contains(s, "What could go wrong:") || !strings.Contains(s, "rm -rf build deletes. (shell.x)") {
		t.Errorf("explain pane:\n%s", s)
	}
	f.w.key(ctx, v, "a")
	if s := f.screen(v); !strings.Contains(s, "Safer:") || !strings.Contains(s, "do less") || strings.Contains(s, "What could go wrong:") {
		t.Errorf("alternatives pane:\n%s", s)
	}
	f.w.key(ctx, v, "y")
	if r, _ := f.w.q.Store.Approval(ctx, f.held); r.Status != approval.StatusApproved {
		t.Errorf("after Y: %s", r.Status)
	}
	f.w.keepSelection(v)
	if s := f.screen(v); !strings.Contains(s, "No pending approval requests") {
		t.Errorf("empty queue:\n%s", s)
	}
	for _, k := range []string{"q", "\x03"} {
		if !f.w.key(ctx, v, k) {
			t.Errorf("%q does not quit", k)
		}
	}
}

// The terminal's bytes become keys, arrows included.
func TestReadKeys(t *testing.T) {
	keys := make(chan string, 16)
	readKeys(bytes.NewReader([]byte("jy\x1b[A\x1b[Bq")), keys)
	var got []string
	for k := range keys {
		got = append(got, k)
	}
	if strings.Join(got, " ") != "j y up down q" {
		t.Errorf("keys %q", got)
	}
}

// fit cuts by visible columns and keeps colours whole.
func TestFit(t *testing.T) {
	s := "\x1b[1mabcdef\x1b[0m"
	if got := fit(s, 4); got != "\x1b[1mabc…"+ansiReset {
		t.Errorf("fit = %q", got)
	}
	if got := fit(s, 6); got != s {
		t.Errorf("fit of a line that fits = %q", got)
	}
}
