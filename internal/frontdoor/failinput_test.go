package frontdoor_test

import (
	"context"
	"encoding/json"
	"errors"
	"strings"
	"testing"

	"github.com/actionguard/actionguard/guard"
	"github.com/actionguard/actionguard/internal/frontdoor"
	"github.com/actionguard/actionguard/policy"
)

// TestFailInput: input that did not read as an Action gets the policy's
// fallback (never an allow, whatever on_error says), named, flagged with a
// broken policy's notice, and recorded with the start of what was read
// and its length in place of the action; a record that cannot be written
// is an error, and the hold stands.
func TestFailInput(t *testing.T) {
	sizes := []int{0, 1, frontdoor.MaxUnreadable - 1, frontdoor.MaxUnreadable, frontdoor.MaxUnreadable + 1, 3 * frontdoor.MaxUnreadable}
	for _, onError := range []string{"notify", "confirm", "approve", "block", "allow"} {
		p := policy.Default()
		p.OnError = onError
		g := guard.New(guard.WithPolicy(p))
		for _, n := range sizes {
			for _, notice := range []string{"", "the policy does not load"} {
				w := &memWriter{}
				door := &frontdoor.Door{Guard: g, Writer: w, PolicyNotice: notice}
				input := []byte(strings.Repeat("\x00{", n/2+1)[:n])
				d, err := door.FailInput(context.Background(), &guard.Action{}, input, "line 7: not JSON")
				if err != nil {
					t.Fatal(err)
				}
				where := onError + "/" + notice
				if d.Verdict == guard.Allow || !d.Verdict.Valid() || d.Error != "line 7: not JSON" || d.ID == "" {
					t.Errorf("%s/%d: %+v", where, n, d)
				}
				if len(w.recs) != 1 {
					t.Fatalf("%s/%d: %d records", where, n, len(w.recs))
				}
				r := w.recs[0]
				var kept struct {
					ID         string `json:"id"`
					Unreadable string `json:"unreadable"`
					Bytes      int    `json:"bytes"`
				}
				if err := json.Unmarshal(r.Action, &kept); err != nil {
					t.Fatalf("%s/%d: the record's action %s: %v", where, n, r.Action, err)
				}
				if kept.ID != d.ID || kept.Bytes != n || kept.Unreadable != string(input[:min(n, frontdoor.MaxUnreadable)]) {
					t.Errorf("%s/%d: the record keeps id %q, %d bytes, %d read", where, n, kept.ID, kept.Bytes, len(kept.Unreadable))
				}
				flagged := strings.Contains(strings.Join(r.Anomalies, "|"), frontdoor.AnomalyPolicyFallback)
				if r.Verdict != d.Verdict || r.Error != d.Error || flagged != (notice != "") {
					t.Errorf("%s/%d: recorded %s %q %q for %s", where, n, r.Verdict, r.Error, r.Anomalies, d.Verdict)
				}
			}
		}
	}
	w := &memWriter{err: errors.New("disk full")}
	d, err := (&frontdoor.Door{Guard: guard.New(), Writer: w}).FailInput(context.Background(), &guard.Action{ID: "a"}, []byte("x"), "unreadable")
	if !errors.Is(err, frontdoor.ErrNotRecorded) || d.Verdict.Allowed() || d.ID != "a" {
		t.Errorf("an unwritable record: %+v, %v", d, err)
	}
}
