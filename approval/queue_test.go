package approval_test

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/actionguard/actionguard/approval"
	"github.com/actionguard/actionguard/approval/approvaltest"
	"github.com/actionguard/actionguard/audit"
	"github.com/google/go-cmp/cmp"
)

// clock is a settable time shared by a queue and its store.
type clock struct {
	mu sync.Mutex
	t  time.Time
}

func (c *clock) Now() time.Time { c.mu.Lock(); defer c.mu.Unlock(); return c.t }
func (c *clock) Add(d time.Duration) {
	c.mu.Lock()
	c.t = c.t.Add(d)
	c.mu.Unlock()
}

// testQueue is a queue over an in-memory store, writing files into a
// temporary folder and audit records into a slice.
type testQueue struct {
	*approval.Queue
	clock   *clock
	store   *approvaltest.Memory
	mu      sync.Mutex
	records []audit.Record
	warned  []error
}

func newTestQueue(t *testing.T) *testQueue {
	c := &clock{t: time.Date(2026, 3, 2, 9, 0, 0, 0, time.UTC)}
	st := &approvaltest.Memory{Now: c.Now}
	tq := &testQueue{clock: c, store: st}
	tq.Queue = &approval.Queue{Store: st, Dir: filepath.Join(t.TempDir(), "state", "approvals"), Now: c.Now,
		Audit: func(ctx context.Context, r *audit.Record) error {
			if err := st.Append(ctx, r); err != nil {
				return err
			}
			tq.mu.Lock()
			defer tq.mu.Unlock()
			tq.records = append(tq.records, *r)
			return nil
		},
		Warn: func(err error) { tq.warned = append(tq.warned, err) }}
	t.Cleanup(func() {
		for _, err := range tq.warned {
			t.Errorf("warning: %v", err)
		}
	})
	return tq
}

// reasons returns the verdicts and reasons recorded so far, and forgets them.
func (tq *testQueue) reasons() []string {
	tq.mu.Lock()
	defer tq.mu.Unlock()
	var out []string
	for _, r := range tq.records {
		out = append(out, string(r.Verdict)+": "+r.Reason)
	}
	tq.records = nil
	return out
}

var (
	rmAction = []byte(`{"tool":"Bash","input":{"command":"rm -rf build/"},"context":{"agent":"codex","session_id":"s1"}}`)
	rmHash   = approval.InputHash("Bash", map[string]any{"command": "rm -rf build/"})
	rmSum    = approval.Summary{Tool: "Bash", Agent: "codex", Verdict: "approve", Level: "privileged", Risk: 7, Reason: "Deletes build/.",
		Rules: []string{"shell.fs.rm-recursive"}, Findings: []approval.Finding{{Rule: "shell.fs.rm-recursive", Category: "destructive", Message: "Deletes build/."}}}
)

// The whole life of a request: opened (file 0600 in a 0700 folder), reused
// while pending, approved (audited), used once by the same call (audited),
// then a new request for the next call.
func TestGateLifecycle(t *testing.T) {
	ctx := context.Background()
	q := newTestQueue(t)
	o, err := q.Gate(ctx, rmAction, rmSum, approval.Key{Session: "s1", InputHash: rmHash})
	if err != nil || o.Passed || o.Reused {
		t.Fatalf("first gate: %+v, %v", o, err)
	}
	r := o.Request
	if r.Status != approval.StatusPending || r.SessionID != "s1" || r.InputHash != rmHash || !r.Expires.Equal(r.Created.Add(24*time.Hour)) {
		t.Errorf("opened %+v", r)
	}
	if want := filepath.Join(q.Dir, r.ID+".md"); r.File != want {
		t.Errorf("file %q, want %q", r.File, want)
	}
	checkFile(t, r.File, "# Approval request "+r.ID, "pending", "actionguard approvals approve "+r.ID)
	if fi, err := os.Stat(q.Dir); err != nil || fi.Mode().Perm() != 0o700 {
		t.Errorf("folder: %v, %v", fi.Mode(), err)
	}
	if stored, _ := q.store.Approval(ctx, r.ID); stored.File != r.File {
		t.Errorf("the store keeps file %q", stored.File)
	}

	o, err = q.Gate(ctx, rmAction, rmSum, approval.Key{Session: "s1", InputHash: rmHash})
	if err != nil || !o.Reused || o.Request.ID != r.ID {
		t.Fatalf("second gate: %+v, %v", o, err)
	}
	// Another session, or another input, is another request.
	if o, _ := q.Gate(ctx, rmAction, rmSum, approval.Key{Session: "s2", InputHash: rmHash}); o.Request.ID == r.ID || o.Reused {
		t.Errorf("another session reused %s", r.ID)
	}

	q.clock.Add(time.Minute)
	dec, err := q.Decide(ctx, r.ID, approval.Decision{Status: approval.StatusApproved, By: "alice", Note: "generated"})
	if err != nil || dec.Status != approval.StatusApproved || dec.DecidedBy != "alice" {
		t.Fatalf("approve: %+v, %v", dec, err)
	}
	checkFile(t, r.File, "approved by alice", "not used yet", "> generated")

	o, err = q.Gate(ctx, rmAction, rmSum, approval.Key{Session: "s1", InputHash: rmHash})
	if err != nil || !o.Passed || o.Request.ID != r.ID || o.Request.UsedAt.IsZero() {
		t.Fatalf("gate after approval: %+v, %v", o, err)
	}
	checkFile(t, r.File, "used at")

	o, err = q.Gate(ctx, rmAction, rmSum, approval.Key{Session: "s1", InputHash: rmHash})
	if err != nil || o.Passed || o.Reused || o.Request.ID == r.ID {
		t.Fatalf("gate after use: %+v, %v", o, err)
	}
	want := []string{
		"allow: approval " + r.ID + " approved by alice (pass " + approval.PassTag(r.ID, r.Key()) + "): generated",
		"allow: approval " + r.ID + " (approved by alice) let this action through once; it is now used",
	}
	if diff := cmp.Diff(want, q.reasons()); diff != "" {
		t.Errorf("audit (-want +got):\n%s", diff)
	}
}

func checkFile(t *testing.T, path string, want ...string) {
	t.Helper()
	fi, err := os.Stat(path)
	if err != nil {
		t.Fatal(err)
	}
	if fi.Mode().Perm() != 0o600 {
		t.Errorf("%s: mode %v, want 0600", path, fi.Mode().Perm())
	}
	data, _ := os.ReadFile(path)
	for _, w := range want {
		if !strings.Contains(string(data), w) {
			t.Errorf("%s lacks %q:\n%s", path, w, data)
		}
	}
	if tmp, _ := filepath.Glob(filepath.Join(filepath.Dir(path), ".ap-*")); len(tmp) > 0 {
		t.Errorf("temporary files left: %v", tmp)
	}
}

// A rejected request lets nothing through; the next call opens a new one.
func TestGateRejected(t *testing.T) {
	ctx := context.Background()
	q := newTestQueue(t)
	o, _ := q.Gate(ctx, rmAction, rmSum, approval.Key{Session: "s1", InputHash: rmHash})
	if _, err := q.Decide(ctx, o.Request.ID, approval.Decision{Status: approval.StatusRejected, By: "bob", Note: "no"}); err != nil {
		t.Fatal(err)
	}
	checkFile(t, o.Request.File, "rejected by bob", "> no")
	n, err := q.Gate(ctx, rmAction, rmSum, approval.Key{Session: "s1", InputHash: rmHash})
	if err != nil || n.Passed || n.Request.ID == o.Request.ID {
		t.Errorf("after a rejection: %+v, %v", n, err)
	}
	if _, err := q.Decide(ctx, o.Request.ID, approval.Decision{Status: approval.StatusApproved, By: "eve"}); !errors.Is(err, approval.ErrDecided) {
		t.Errorf("deciding twice: %v", err)
	}
	if diff := cmp.Diff([]string{"block: approval " + o.Request.ID + " rejected by bob: no"}, q.reasons()); diff != "" {
		t.Errorf("audit (-want +got):\n%s", diff)
	}
}

// Seed 000's countdown confirms only a CAUTIOUS request.
func TestDecideAuto(t *testing.T) {
	ctx := context.Background()
	q := newTestQueue(t)
	held, _ := q.Gate(ctx, rmAction, rmSum, approval.Key{Session: "s1", InputHash: rmHash})
	if _, err := q.Decide(ctx, held.Request.ID, approval.Decision{Status: approval.StatusApproved, By: "alice", Auto: true}); !errors.Is(err, approval.ErrNotCautious) {
		t.Errorf("auto-confirming a PRIVILEGED request: %v", err)
	}
	soft := rmSum
	soft.Verdict = "confirm"
	c, _ := q.Gate(ctx, []byte(`{"tool":"Bash","input":{"command":"npm install left-pad"}}`), soft, approval.Key{Session: "s1", InputHash: "h-npm"})
	r, err := q.Decide(ctx, c.Request.ID, approval.Decision{Status: approval.StatusApproved, By: "alice", Auto: true})
	if err != nil || r.Status != approval.StatusApproved {
		t.Fatalf("auto-confirm: %+v, %v", r, err)
	}
	if _, err := q.Decide(ctx, held.Request.ID, approval.Decision{Status: approval.StatusRejected, Auto: true}); err == nil {
		t.Error("a countdown rejected a request")
	}
	if diff := cmp.Diff([]string{"allow: approval " + c.Request.ID + " auto-confirmed after 5 s while alice watched (pass " + approval.PassTag(c.Request.ID, c.Request.Key()) + ")"}, q.reasons()); diff != "" {
		t.Errorf("audit (-want +got):\n%s", diff)
	}
}

// Without a session id nothing passes: the approved request is returned,
// not used.
func TestGateWithoutSession(t *testing.T) {
	ctx := context.Background()
	q := newTestQueue(t)
	o, _ := q.Gate(ctx, rmAction, rmSum, approval.Key{Session: "", InputHash: rmHash})
	checkFile(t, o.Request.File, "without a session id")
	q.Decide(ctx, o.Request.ID, approval.Decision{Status: approval.StatusApproved, By: "alice"})
	for range 2 {
		n, err := q.Gate(ctx, rmAction, rmSum, approval.Key{Session: "", InputHash: rmHash})
		if err != nil || n.Passed || !n.Granted() || n.Request.ID != o.Request.ID {
			t.Errorf("gate without a session: %+v, %v", n, err)
		}
	}
	if p, err := q.Pass(ctx, approval.Key{Session: "", InputHash: rmHash}); err != nil || p.Passed {
		t.Errorf("pass without a session: %+v, %v", p, err)
	}
}

// Pass uses an approval but never opens a request.
func TestPass(t *testing.T) {
	ctx := context.Background()
	q := newTestQueue(t)
	if o, err := q.Pass(ctx, approval.Key{Session: "s1", InputHash: rmHash}); err != nil || o.Passed || o.Request.ID != "" {
		t.Errorf("pass on an empty queue: %+v, %v", o, err)
	}
	if rs, _ := q.store.Approvals(ctx, true); len(rs) != 0 {
		t.Errorf("pass opened %d requests", len(rs))
	}
	o, _ := q.Gate(ctx, rmAction, rmSum, approval.Key{Session: "s1", InputHash: rmHash})
	q.Decide(ctx, o.Request.ID, approval.Decision{Status: approval.StatusApproved, By: "alice"})
	if p, err := q.Pass(ctx, approval.Key{Session: "s1", InputHash: rmHash}); err != nil || !p.Passed {
		t.Errorf("pass after approval: %+v, %v", p, err)
	}
	if p, _ := q.Pass(ctx, approval.Key{Session: "s1", InputHash: rmHash}); p.Passed {
		t.Error("an approval passed twice")
	}
}

// Of many calls racing for one approval, exactly one passes.
func TestGateRace(t *testing.T) {
	ctx := context.Background()
	q := newTestQueue(t)
	o, _ := q.Gate(ctx, rmAction, rmSum, approval.Key{Session: "s1", InputHash: rmHash})
	q.Decide(ctx, o.Request.ID, approval.Decision{Status: approval.StatusApproved, By: "alice"})
	var wg sync.WaitGroup
	var mu sync.Mutex
	passed := 0
	for range 20 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			n, err := q.Gate(ctx, rmAction, rmSum, approval.Key{Session: "s1", InputHash: rmHash})
			if err != nil {
				t.Error(err)
			}
			if n.Passed {
				mu.Lock()
				passed++
				mu.Unlock()
			}
		}()
	}
	wg.Wait()
	if passed != 1 {
		t.Errorf("%d calls passed on one approval", passed)
	}
}

// Seed 003: nobody decides within 24 h, the request is rejected
// automatically — said in its file and in the audit log, once.
func TestExpire(t *testing.T) {
	ctx := context.Background()
	q := newTestQueue(t)
	o, _ := q.Gate(ctx, rmAction, rmSum, approval.Key{Session: "s1", InputHash: rmHash})
	late, _ := q.Gate(ctx, rmAction, rmSum, approval.Key{Session: "s2", InputHash: rmHash})
	q.clock.Add(23 * time.Hour)
	if n, err := q.Expire(ctx); err != nil || n != 0 {
		t.Errorf("expire before 24 h: %d, %v", n, err)
	}
	q.clock.Add(time.Hour)
	if n, err := q.Expire(ctx); err != nil || n != 2 {
		t.Fatalf("expire after 24 h: %d, %v", n, err)
	}
	checkFile(t, o.Request.File, "expired at", "rejected automatically")
	if n, err := q.Expire(ctx); err != nil || n != 0 {
		t.Errorf("second sweep: %d, %v", n, err)
	}
	want := []string{
		"block: approval " + o.Request.ID + " expired after 24 h without a decision: rejected automatically",
		"block: approval " + late.Request.ID + " expired after 24 h without a decision: rejected automatically",
	}
	got := q.reasons()
	if len(got) == 2 && got[0] != want[0] {
		got[0], got[1] = got[1], got[0]
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("audit (-want +got):\n%s", diff)
	}
	if n, err := q.Gate(ctx, rmAction, rmSum, approval.Key{Session: "s1", InputHash: rmHash}); err != nil || n.Reused || n.Request.ID == o.Request.ID {
		t.Errorf("after expiry: %+v, %v", n, err)
	}
}

// Deciding a request that has expired closes it, and says so once.
func TestDecideExpired(t *testing.T) {
	ctx := context.Background()
	q := newTestQueue(t)
	q.TTL = time.Hour
	o, _ := q.Gate(ctx, rmAction, rmSum, approval.Key{Session: "s1", InputHash: rmHash})
	q.clock.Add(2 * time.Hour)
	if _, err := q.Decide(ctx, o.Request.ID, approval.Decision{Status: approval.StatusApproved, By: "alice"}); !errors.Is(err, approval.ErrExpired) {
		t.Fatalf("approving late: %v", err)
	}
	checkFile(t, o.Request.File, "rejected automatically")
	if n, _ := q.Expire(ctx); n != 0 {
		t.Errorf("the sweep closed %d requests again", n)
	}
	if diff := cmp.Diff([]string{"block: approval " + o.Request.ID + " expired after 1 h without a decision: rejected automatically"}, q.reasons()); diff != "" {
		t.Errorf("audit (-want +got):\n%s", diff)
	}
}

// The same call in the same session gets the same id in a fresh queue;
// the next request for it another.
func TestStableIDs(t *testing.T) {
	ctx := context.Background()
	a, b := newTestQueue(t), newTestQueue(t)
	oa, _ := a.Gate(ctx, rmAction, rmSum, approval.Key{Session: "s1", InputHash: rmHash})
	ob, _ := b.Gate(ctx, rmAction, rmSum, approval.Key{Session: "s1", InputHash: rmHash})
	if oa.Request.ID != ob.Request.ID {
		t.Errorf("ids %s and %s", oa.Request.ID, ob.Request.ID)
	}
	a.Decide(ctx, oa.Request.ID, approval.Decision{Status: approval.StatusRejected})
	if n, _ := a.Gate(ctx, rmAction, rmSum, approval.Key{Session: "s1", InputHash: rmHash}); n.Request.ID == oa.Request.ID || !strings.HasPrefix(n.Request.ID, "ap-") || len(n.Request.ID) != 9 {
		t.Errorf("next id %q", n.Request.ID)
	}
}

// Without a folder, or with one that cannot be written, requests still
// open (without a file; the problem is warned about).
func TestGateFiles(t *testing.T) {
	ctx := context.Background()
	q := newTestQueue(t)
	q.Dir = ""
	if o, err := q.Gate(ctx, rmAction, rmSum, approval.Key{Session: "s1", InputHash: rmHash}); err != nil || o.Request.File != "" {
		t.Errorf("no folder: %+v, %v", o, err)
	}
	blocked := filepath.Join(t.TempDir(), "file")
	os.WriteFile(blocked, nil, 0o600)
	q = newTestQueue(t)
	q.Dir = filepath.Join(blocked, "approvals")
	var warned []error
	q.Warn = func(err error) { warned = append(warned, err) }
	if o, err := q.Gate(ctx, rmAction, rmSum, approval.Key{Session: "s1", InputHash: rmHash}); err != nil || o.Request.File != "" || o.Request.ID == "" {
		t.Errorf("unwritable folder: %+v, %v", o, err)
	}
	if len(warned) != 1 {
		t.Errorf("warnings %v", warned)
	}
}

// A store that fails makes Gate fail: the caller keeps its verdict.
func TestGateStoreError(t *testing.T) {
	q := &approval.Queue{Store: failing{&approvaltest.Memory{}}}
	if _, err := q.Gate(context.Background(), rmAction, rmSum, approval.Key{Session: "s1", InputHash: rmHash}); err == nil {
		t.Error("no error from a failing store")
	}
	if _, err := (*approval.Queue)(nil).Gate(context.Background(), rmAction, rmSum, approval.Key{Session: "s1", InputHash: rmHash}); err == nil {
		t.Error("no error from a nil queue")
	}
}

type failing struct{ *approvaltest.Memory }

func (failing) FindApproval(ctx context.Context, k approval.Key) (approval.Request, error) {
	return approval.Request{}, errors.New("disk on fire")
}

// New keeps the reason and the findings' messages as redacted as the
// action.
func TestNewRedacts(t *testing.T) {
	sum := approval.Summary{Reason: "Sends ghp_abcdefghijklmnopqrstuvwxyz0123456789 to bob@example.com.",
		Findings: []approval.Finding{{Rule: "x", Message: "to bob@example.com"}}}
	r := approval.New([]byte(`{"tool":"send","input":{"to":"bob@example.com"}}`), sum, time.Now())
	for _, s := range []string{string(r.Action), r.Decision.Reason, r.Decision.Findings[0].Message} {
		if strings.Contains(s, "bob@example.com") || strings.Contains(s, "ghp_") {
			t.Errorf("kept in the clear: %s", s)
		}
	}
}

func TestHuman(t *testing.T) {
	for d, want := range map[time.Duration]string{5 * time.Second: "5 s", 24 * time.Hour: "24 h", 10 * time.Minute: "10 min",
		90 * time.Minute: "1 h 30 min", 90 * time.Second: "1 min 30 s", 1500 * time.Millisecond: "1.5s"} {
		if got := approval.Human(d); got != want {
			t.Errorf("Human(%v) = %q, want %q", d, got, want)
		}
	}
}
