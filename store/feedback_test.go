package store_test

import (
	"context"
	"fmt"
	"path/filepath"
	"testing"
	"time"

	"github.com/actionguard/actionguard/audit"
	"github.com/actionguard/actionguard/feedback"
	"github.com/actionguard/actionguard/guard"
	"github.com/google/go-cmp/cmp"
)

// record is an audit record of a decision with the given id ("" for none).
func record(id string, verdict guard.Verdict, rules ...string) *audit.Record {
	action := `{"tool":"Bash","input":{"command":"npm install"}}`
	if id != "" {
		action = fmt.Sprintf(`{"id":%q,"tool":"Bash","input":{"command":"npm install"}}`, id)
	}
	return &audit.Record{Tool: "Bash", Kind: "shell", Action: []byte(action), Verdict: verdict, Level: "cautious", Rules: rules, Reason: "r"}
}

// AuditRecord's lookups (ids, #seq, numbers, the misses) are in
// store/storetest, which runs on this store too (TestStore).

func TestFeedback(t *testing.T) {
	ctx := context.Background()
	s := open(t, filepath.Join(t.TempDir(), "actionguard.db"))
	log := audit.New(s)
	for _, r := range []*audit.Record{record("d-aaaaaaaaaaaa", "confirm", "shell.pkg.install"), record("d-bbbbbbbbbbbb", "allow")} {
		if err := log.Append(ctx, r); err != nil {
			t.Fatal(err)
		}
	}
	r, _, err := s.AuditRecord(ctx, "d-aaaaaaaaaaaa")
	if err != nil {
		t.Fatal(err)
	}
	old := time.Now().Add(-48 * time.Hour)
	e1 := feedback.New(&r, guard.Allow, "it is just npm", "ann")
	e1.Time = old
	if err := s.AddFeedback(ctx, &e1); err != nil {
		t.Fatal(err)
	}
	r2, _, _ := s.AuditRecord(ctx, "d-bbbbbbbbbbbb")
	e2 := feedback.New(&r2, guard.Approve, "", "bob")
	if err := s.AddFeedback(ctx, &e2); err != nil {
		t.Fatal(err)
	}
	if e1.ID == 0 || e2.ID <= e1.ID || e2.Time.IsZero() {
		t.Errorf("ids and times not filled: %+v %+v", e1, e2)
	}
	all, err := s.Feedback(ctx, time.Time{})
	if err != nil {
		t.Fatal(err)
	}
	want := []feedback.Entry{e1, e2}
	want[1].Rules = []string{}
	if diff := cmp.Diff(want, all); diff != "" {
		t.Errorf("Feedback (-want +got):\n%s", diff)
	}
	if all[0].Outcome() != feedback.FalsePositive || all[1].Outcome() != feedback.FalseNegative {
		t.Errorf("outcomes %s, %s", all[0].Outcome(), all[1].Outcome())
	}
	recent, err := s.Feedback(ctx, time.Now().Add(-time.Hour))
	if err != nil || len(recent) != 1 || recent[0].ID != e2.ID {
		t.Errorf("Feedback since an hour ago = %+v, %v", recent, err)
	}

	// Feedback is linked to a record that exists, and is append-only.
	orphan := feedback.Entry{AuditSeq: 99, Verdict: guard.Allow, ShouldBe: guard.Block}
	if err := s.AddFeedback(ctx, &orphan); err == nil {
		t.Errorf("feedback on a record that does not exist was stored")
	}
	db := rawDB(t, s.Path())
	for _, q := range []string{`UPDATE feedback SET should_be = 'allow'`, `DELETE FROM feedback`} {
		if _, err := db.Exec(q); err == nil {
			t.Errorf("%s succeeded", q)
		}
	}
}

func TestRuleCounts(t *testing.T) {
	ctx := context.Background()
	s := open(t, filepath.Join(t.TempDir(), "actionguard.db"))
	log := audit.New(s)
	old := record("", "confirm", "a.b.c")
	old.Time = time.Now().Add(-72 * time.Hour)
	for _, r := range []*audit.Record{old, record("", "confirm", "a.b.c", "x.y.z", "a.b.c"), record("", "allow"), record("", "block", "x.y.z")} {
		if err := log.Append(ctx, r); err != nil {
			t.Fatal(err)
		}
	}
	got, err := s.RuleCounts(ctx, time.Time{})
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(map[string]int64{"a.b.c": 2, "x.y.z": 2}, got); diff != "" {
		t.Errorf("RuleCounts (-want +got):\n%s", diff)
	}
	got, _ = s.RuleCounts(ctx, time.Now().Add(-time.Hour))
	if diff := cmp.Diff(map[string]int64{"a.b.c": 1, "x.y.z": 2}, got); diff != "" {
		t.Errorf("RuleCounts since an hour ago (-want +got):\n%s", diff)
	}
}

// BenchmarkAuditRecord finds a decision by id in a log of 100,000 records.
func BenchmarkAuditRecord(b *testing.B) {
	ctx := context.Background()
	s := open(b, filepath.Join(b.TempDir(), "actionguard.db"))
	log := audit.New(s)
	const n = 100_000
	batch := make([]*audit.Record, 0, 1000)
	for i := range n {
		batch = append(batch, record(fmt.Sprintf("d-%012d", i), "allow", "shell.x.y"))
		if len(batch) == cap(batch) {
			if err := log.AppendBatch(ctx, batch); err != nil {
				b.Fatal(err)
			}
			batch = batch[:0]
		}
	}
	b.ReportAllocs()
	for i := 0; b.Loop(); i++ {
		id := fmt.Sprintf("d-%012d", (i*7919)%n)
		if r, _, err := s.AuditRecord(ctx, id); err != nil || r.Seq == 0 {
			b.Fatal(id, err)
		}
	}
}
