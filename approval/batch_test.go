package approval_test

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/actionguard/actionguard/approval"
	"github.com/google/go-cmp/cmp"
)

// openRm opens a pending request for `rm <file>` in session s1 at level.
func openRm(t *testing.T, q *testQueue, file, level string) approval.Request {
	t.Helper()
	cmd := "rm " + file
	sum := approval.Summary{Tool: "Bash", Agent: "codex", Verdict: "approve", Level: level, Risk: 7, Reason: "Deletes " + file + ".",
		Rules: []string{"shell.fs.rm"}}
	o, err := q.Gate(context.Background(), []byte(`{"tool":"Bash","input":{"command":"`+cmd+`"},"context":{"cwd":"/home/x/proj"}}`), sum, approval.Key{Session: "s1", InputHash: approval.InputHash("Bash", map[string]any{"command": cmd})})
	if err != nil {
		t.Fatal(err)
	}
	q.clock.Add(time.Second)
	return o.Request
}

// Every request of a batch gets its own decision, file and audit record;
// one decided meanwhile is reported, not skipped.
func TestDecideAll(t *testing.T) {
	ctx := context.Background()
	q := newTestQueue(t)
	a, b, c := openRm(t, q, "a.txt", "privileged"), openRm(t, q, "b.txt", "privileged"), openRm(t, q, "c.txt", "privileged")
	q.reasons()
	if _, err := q.Decide(ctx, b.ID, approval.Decision{Status: approval.StatusRejected, By: "bob"}); err != nil {
		t.Fatal(err)
	}
	q.reasons()
	res, err := q.DecideAll(ctx, []string{a.ID, b.ID, c.ID, a.ID, "ap-nope22"}, approval.Decision{Status: approval.StatusApproved, By: "alice", Note: "generated"})
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, r := range res {
		s := r.ID + " " + string(r.Request.Status)
		if r.Err != nil {
			s += ": " + r.Err.Error()
		}
		got = append(got, s)
	}
	want := []string{a.ID + " approved", b.ID + " rejected: approval request already decided: " + b.ID + " is rejected", c.ID + " approved",
		"ap-nope22 : no such approval request: ap-nope22"}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("results (-want +got):\n%s", diff)
	}
	if !errors.Is(res[1].Err, approval.ErrDecided) || !errors.Is(res[3].Err, approval.ErrNotFound) {
		t.Errorf("errors %v, %v", res[1].Err, res[3].Err)
	}
	wantLog := []string{
		"allow: approval " + a.ID + " approved by alice, reviewed together with 3 other requests (pass " + approval.PassTag(a.ID, a.Key()) + "): generated",
		"allow: approval " + c.ID + " approved by alice, reviewed together with 3 other requests (pass " + approval.PassTag(c.ID, c.Key()) + "): generated",
	}
	if diff := cmp.Diff(wantLog, q.reasons()); diff != "" {
		t.Errorf("audit log (-want +got):\n%s", diff)
	}
	checkFile(t, c.File, "approved by alice", "> generated")
	if res[0].Request.DecidedAt != res[2].Request.DecidedAt {
		t.Errorf("decided at %v and %v: one batch, one time", res[0].Request.DecidedAt, res[2].Request.DecidedAt)
	}
}

// A batch approval that holds a pending DANGEROUS request decides nothing;
// a batch rejection of it is fine, and so is approving it on its own.
func TestDecideAllDangerous(t *testing.T) {
	ctx := context.Background()
	q := newTestQueue(t)
	a := openRm(t, q, "a.txt", "privileged")
	d := openRm(t, q, "/etc/passwd", "dangerous")
	_, err := q.DecideAll(ctx, []string{a.ID, d.ID}, approval.Decision{Status: approval.StatusApproved, By: "alice"})
	var de *approval.DangerousError
	if !errors.As(err, &de) || len(de.IDs) != 1 || de.IDs[0] != d.ID || !strings.Contains(err.Error(), "DANGEROUS") {
		t.Fatalf("approving a batch with a DANGEROUS request: %v", err)
	}
	for _, id := range []string{a.ID, d.ID} {
		if r, _ := q.store.Approval(ctx, id); r.Status != approval.StatusPending {
			t.Errorf("%s is %s after a refused batch", id, r.Status)
		}
	}
	res, err := q.DecideAll(ctx, []string{a.ID, d.ID}, approval.Decision{Status: approval.StatusRejected, By: "alice"})
	if err != nil || len(res) != 2 || res[0].Err != nil || res[1].Err != nil || res[1].Request.Status != approval.StatusRejected {
		t.Fatalf("rejecting the batch: %+v, %v", res, err)
	}
	d2 := openRm(t, q, "/etc/shadow", "dangerous")
	if r, err := q.Decide(ctx, d2.ID, approval.Decision{Status: approval.StatusApproved, By: "alice"}); err != nil || r.Status != approval.StatusApproved {
		t.Errorf("approving a DANGEROUS request on its own: %+v, %v", r, err)
	}
}

func TestDecideAllRefuses(t *testing.T) {
	ctx := context.Background()
	q := newTestQueue(t)
	a := openRm(t, q, "a.txt", "privileged")
	many := make([]string, approval.MaxBatch+1)
	for i := range many {
		many[i] = "ap-" + strings.Repeat("x", 5) + string(rune('a'+i%26)) + string(rune('a'+i/26%26))
	}
	for _, tc := range []struct {
		ids  []string
		d    approval.Decision
		want string
	}{
		{nil, approval.Decision{Status: approval.StatusApproved}, "no requests"},
		{[]string{" ", ""}, approval.Decision{Status: approval.StatusApproved}, "no requests"},
		{[]string{a.ID}, approval.Decision{Status: approval.StatusExpired}, `"expired" is not a decision`},
		{[]string{a.ID}, approval.Decision{Status: approval.StatusApproved, Auto: true}, "a countdown confirms one request"},
		{many, approval.Decision{Status: approval.StatusRejected}, "more than 500 at once"},
	} {
		if _, err := q.DecideAll(ctx, tc.ids, tc.d); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("DecideAll(%d ids, %+v) = %v, want %q", len(tc.ids), tc.d, err, tc.want)
		}
	}
	if r, _ := q.store.Approval(ctx, a.ID); r.Status != approval.StatusPending {
		t.Errorf("%s is %s", a.ID, r.Status)
	}
}
