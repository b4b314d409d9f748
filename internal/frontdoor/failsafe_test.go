package frontdoor_test

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/actionguard/actionguard/approval"
	"github.com/actionguard/actionguard/audit"
	"github.com/actionguard/actionguard/guard"
	"github.com/actionguard/actionguard/internal/frontdoor"
)

// verdictOf is a checker that answers one verdict whatever it is asked,
// with the guard's fallback behind it.
type verdictOf struct {
	*guard.Guard
	v guard.Verdict
}

func (c verdictOf) Check(_ context.Context, a guard.Action) (guard.Decision, error) {
	return guard.Decision{ID: a.ID, Verdict: c.v, Level: guard.Safe, Findings: []guard.Finding{}, Reason: "decided"}, nil
}

// panicWriter breaks while appending.
type panicWriter struct{}

func (panicWriter) Append(context.Context, *audit.Record) error { panic("the disk went away") }

// TestDecideFailsSafe: whatever breaks on the way — the checker, its
// verdict, the gate, the rewrite, the record, what the caller keeps after
// it — the door never answers with a decision that lets the call run, and
// when the record can be written the fallback is recorded with why.
// Every fault is tried on every verdict the checker could have reached.
func TestDecideFailsSafe(t *testing.T) {
	g := guard.New()
	type fault struct {
		name   string
		build  func(door *frontdoor.Door, w *memWriter)
		record bool // the fallback's record can be written
		why    string
		// fires says whether the fault is met for a verdict (a gate is
		// asked only about a held call, a rewrite only about one that
		// is not blocked); nil: always.
		fires func(v guard.Verdict) bool
	}
	held := func(v guard.Verdict) bool { return v == guard.Confirm || v == guard.Approve }
	notBlocked := func(v guard.Verdict) bool { return v != guard.Block }
	faults := []fault{
		{"checker panics", func(d *frontdoor.Door, _ *memWriter) { d.Guard = panicking{g} }, true, "internal error", nil},
		{"no verdict", func(d *frontdoor.Door, _ *memWriter) { d.Guard = verdictOf{g, ""} }, true, "no verdict", nil},
		{"unknown verdict", func(d *frontdoor.Door, _ *memWriter) { d.Guard = verdictOf{g, "ALLOW"} }, true, "no verdict", nil},
		{"gate panics", func(d *frontdoor.Door, _ *memWriter) {
			d.Gate = func(context.Context, *guard.Action, *guard.Decision) (approval.Outcome, error) { panic("queue") }
		}, true, "internal error", held},
		{"rewrite panics", func(d *frontdoor.Door, _ *memWriter) {
			d.Rewrite = func(context.Context, *guard.Action, *guard.Decision) { panic("trash") }
		}, true, "internal error", notBlocked},
		{"writer fails", func(_ *frontdoor.Door, w *memWriter) { w.err = errors.New("disk full") }, false, "", nil},
		{"writer panics", func(d *frontdoor.Door, _ *memWriter) { d.Writer = panicWriter{} }, false, "", nil},
		{"decided fails", func(d *frontdoor.Door, _ *memWriter) {
			d.Decided = func(context.Context, *guard.Action, *guard.Decision, frontdoor.Result) error {
				return errors.New("session file")
			}
		}, false, "", nil},
	}
	for _, f := range faults {
		for _, v := range []guard.Verdict{guard.Allow, guard.Notify, guard.Confirm, guard.Approve, guard.Block} {
			w := &memWriter{}
			door := &frontdoor.Door{Guard: verdictOf{g, v}, Writer: w}
			f.build(door, w)
			a := guard.Action{Tool: "Bash", Input: map[string]any{"command": "ls"}, Context: guard.Context{SessionID: "s"}}
			d, _, err := door.Decide(context.Background(), &a)
			where := f.name + " / " + string(v)
			if f.fires != nil && !f.fires(v) {
				// Not met: the checker's decision stands, recorded.
				if err != nil || d.Verdict != v || len(w.recs) != 1 || w.recs[0].Verdict != v || w.recs[0].Error != "" {
					t.Errorf("%s (not met): %q, %v, %d records", where, d.Verdict, err, len(w.recs))
				}
				continue
			}
			if d.Verdict.Allowed() {
				t.Errorf("%s: answered %q", where, d.Verdict)
			}
			if !d.Verdict.Valid() {
				t.Errorf("%s: answered no verdict (%q)", where, d.Verdict)
			}
			if f.record {
				if err != nil {
					t.Errorf("%s: %v", where, err)
				}
				if len(w.recs) != 1 || w.recs[0].Verdict != d.Verdict || !strings.Contains(w.recs[0].Error, f.why) {
					t.Errorf("%s: records %+v, want one %q with %q", where, w.recs, d.Verdict, f.why)
				}
			} else if err == nil || !errors.Is(err, frontdoor.ErrNotRecorded) {
				t.Errorf("%s: err %v, want ErrNotRecorded", where, err)
			}
		}
	}
}

// TestFailRecordsTheFallback: input that could not be read at all is the
// fallback, named, flagged like any decision and recorded.
func TestFailRecordsTheFallback(t *testing.T) {
	w := &memWriter{}
	door := &frontdoor.Door{Guard: guard.New(), Writer: w, PolicyNotice: "The policy did not load."}
	var a guard.Action
	d, err := door.Fail(context.Background(), &a, "the hook input is empty")
	if err != nil {
		t.Fatal(err)
	}
	if d.Verdict.Allowed() || !orderedID.MatchString(a.ID) || d.ID != a.ID {
		t.Fatalf("fallback %q id %q/%q", d.Verdict, a.ID, d.ID)
	}
	if len(w.recs) != 1 || w.recs[0].Error != "the hook input is empty" || !strings.Contains(strings.Join(w.recs[0].Anomalies, "|"), frontdoor.AnomalyPolicyFallback) {
		t.Fatalf("records %+v", w.recs)
	}
}
