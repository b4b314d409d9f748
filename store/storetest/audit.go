package storetest

import (
	"context"
	"errors"
	"fmt"
	"testing"
	"time"

	"github.com/actionguard/actionguard/audit"
	"github.com/actionguard/actionguard/feedback"
	"github.com/actionguard/actionguard/guard"
	"github.com/actionguard/actionguard/store"
)

// decision is an audit record of a decision with the given id ("" for
// none).
func decision(id, verdict string, rules ...string) *audit.Record {
	action := `{"tool":"Bash","input":{"command":"npm install"}}`
	if id != "" {
		action = fmt.Sprintf(`{"id":%q,"tool":"Bash","input":{"command":"npm install"}}`, id)
	}
	return &audit.Record{Tool: "Bash", Kind: "shell", Action: []byte(action), Verdict: guard.Verdict(verdict), Level: "cautious", Rules: rules, Reason: "r"}
}

func testAuditRecord(t *testing.T, open func(*testing.T) store.Store) {
	ctx := context.Background()
	st := open(t)
	appendAll(t, st,
		decision("d-aaaaaaaaaaaa", "confirm", "shell.pkg.install"), // #1
		decision("", "allow"),                             // #2
		decision("toolu_01", "block", "shell.fs.rm-root"), // #3
		decision("toolu_01", "allow"),                     // #4: the same id again
		decision("123", "allow"),                          // #5: an id that looks like a seq
		&audit.Record{Tool: "Bash", Action: []byte(`"not an object"`), Verdict: "confirm"}, // #6
		&audit.Record{Tool: "Bash", Action: []byte(`{"id":42}`), Verdict: "confirm"},       // #7: a number id
		&audit.Record{Tool: "Bash", Action: []byte(`{"id":null,"x":1}`), Verdict: "confirm"},
	)
	for _, tc := range []struct {
		ref  string
		seq  int64
		n    int
		fail bool
	}{
		{ref: "d-aaaaaaaaaaaa", seq: 1, n: 1},
		{ref: " d-aaaaaaaaaaaa ", seq: 1, n: 1},
		{ref: "#2", seq: 2, n: 1},
		{ref: "2", seq: 2, n: 1},
		{ref: "toolu_01", seq: 3, n: 2},
		{ref: "7", seq: 7, n: 1},   // a number is a seq first…
		{ref: "123", seq: 5, n: 1}, // …and an id when no record has that seq
		{ref: "42", seq: 7, n: 1},  // a number id reads as text
		{ref: "#99", fail: true},
		{ref: "99", fail: true},
		{ref: "d-nope", fail: true},
		{ref: "#x", fail: true},
		{ref: "null", fail: true},
		{ref: "", fail: true},
	} {
		r, n, err := st.AuditRecord(ctx, tc.ref)
		if tc.fail {
			if !errors.Is(err, store.ErrNoRecord) {
				t.Errorf("AuditRecord(%q) = #%d, %v; want ErrNoRecord", tc.ref, r.Seq, err)
			}
			continue
		}
		if err != nil || r.Seq != tc.seq || n != tc.n {
			t.Errorf("AuditRecord(%q) = #%d (%d), %v; want #%d (%d)", tc.ref, r.Seq, n, err, tc.seq, tc.n)
		}
	}
	r, _, err := st.AuditRecord(ctx, "d-aaaaaaaaaaaa")
	if err != nil || !r.HashOK(auditKey(t, st)) || len(r.Rules) != 1 || r.Rules[0] != "shell.pkg.install" {
		t.Errorf("the record does not come back whole: %+v, %v", r, err)
	}
}

func testRuleCounts(t *testing.T, open func(*testing.T) store.Store) {
	ctx := context.Background()
	st := open(t)
	old := decision("", "confirm", "a.b.c")
	old.Time = time.Now().Add(-72 * time.Hour)
	appendAll(t, st, old, decision("", "confirm", "a.b.c", "x.y.z", "a.b.c"), decision("", "allow"), decision("", "block", "x.y.z"))
	got, err := st.RuleCounts(ctx, time.Time{})
	if err != nil {
		t.Fatal(err)
	}
	if d := diff(map[string]int64{"a.b.c": 2, "x.y.z": 2}, got); d != "" {
		t.Errorf("RuleCounts (-want +got):\n%s", d)
	}
	got, err = st.RuleCounts(ctx, time.Now().Add(-time.Hour))
	if err != nil {
		t.Fatal(err)
	}
	if d := diff(map[string]int64{"a.b.c": 1, "x.y.z": 2}, got); d != "" {
		t.Errorf("RuleCounts since an hour ago (-want +got):\n%s", d)
	}
}

func testFeedback(t *testing.T, open func(*testing.T) store.Store) {
	ctx := context.Background()
	st := open(t)
	appendAll(t, st, decision("d-aaaaaaaaaaaa", "confirm", "shell.pkg.install"), decision("d-bbbbbbbbbbbb", "allow"))
	r1, _, err := st.AuditRecord(ctx, "d-aaaaaaaaaaaa")
	if err != nil {
		t.Fatal(err)
	}
	r2, _, err := st.AuditRecord(ctx, "d-bbbbbbbbbbbb")
	if err != nil {
		t.Fatal(err)
	}
	e1 := feedback.New(&r1, guard.Allow, "it is just npm", "ann")
	e1.Time = time.Now().Add(-48 * time.Hour)
	if err := st.AddFeedback(ctx, &e1); err != nil {
		t.Fatal(err)
	}
	e2 := feedback.New(&r2, guard.Approve, "", "bob")
	if err := st.AddFeedback(ctx, &e2); err != nil {
		t.Fatal(err)
	}
	if e1.ID == 0 || e2.ID <= e1.ID || e2.Time.IsZero() || e1.Time.Nanosecond()%1000 != 0 {
		t.Errorf("ids and times not filled: %+v %+v", e1, e2)
	}
	all, err := st.Feedback(ctx, time.Time{})
	if err != nil {
		t.Fatal(err)
	}
	if d := diff([]feedback.Entry{e1, e2}, all); d != "" {
		t.Errorf("Feedback (-want +got):\n%s", d)
	}
	if len(all) == 2 && (all[0].Outcome() != feedback.FalsePositive || all[1].Outcome() != feedback.FalseNegative) {
		t.Errorf("outcomes %s, %s", all[0].Outcome(), all[1].Outcome())
	}
	recent, err := st.Feedback(ctx, time.Now().Add(-time.Hour))
	if err != nil || len(recent) != 1 || recent[0].ID != e2.ID {
		t.Errorf("Feedback since an hour ago = %+v, %v", recent, err)
	}
	orphan := feedback.Entry{AuditSeq: 99, Verdict: guard.Allow, ShouldBe: guard.Block}
	if err := st.AddFeedback(ctx, &orphan); err == nil {
		t.Errorf("feedback on a record that does not exist was stored")
	}
	if all, _ := st.Feedback(ctx, time.Time{}); len(all) != 2 {
		t.Errorf("%d feedback entries after a refused one, want 2", len(all))
	}
}

// queryRecords are the records of the QueryAudit test, #1 to #6.
func queryRecords() []*audit.Record {
	rec := func(min int, tool, agent, session, verdict, reason, action string, rules ...string) *audit.Record {
		return &audit.Record{Time: base.Add(time.Duration(min) * time.Minute), Tool: tool, Agent: agent, SessionID: session,
			Kind: "tool", Verdict: guard.Verdict(verdict), Level: "safe", Reason: reason, Action: []byte(action), Rules: rules}
	}
	return []*audit.Record{
		rec(1, "Bash", "claude-code", "s1", "allow", "Lists files.", `{"tool":"Bash","input":{"command":"ls"}}`, "shell.ls"),
		rec(2, "GmailSendEmail", "assistant", "s2", "approve", "Sends an e-mail to a new contact.",
			`{"tool":"GmailSendEmail","input":{"to":"bob@example.com"}}`, "comm.email.new-contact", "comm.email.external"),
		rec(3, "Bash", "claude-code", "s1", "block", "Deletes the root.", `{"tool":"Bash","input":{"command":"rm -rf /"}}`, "shell.fs.rm-root"),
		rec(4, "Write", "codex", "s3", "confirm", "Edits a CONFIG file.", `{"tool":"Write","input":{"path":"app.yaml"}}`, "file.write.config", "shell.ls.x"),
		rec(5, "Bash", "claude-code", "s2", "allow", "Prints.", `{"tool":"Bash","input":{"command":"echo Hello"}}`),
		rec(6, "mcp__db__query", "claude-code", "s1", "approve", "Reads a table.", `{"tool":"mcp__db__query","input":{"sql":"select 1"}}`, "sql.read"),
	}
}

func testQueryAudit(t *testing.T, open func(*testing.T) store.Store) {
	ctx := context.Background()
	st := open(t)
	in := queryRecords()
	appendAll(t, st, in...)
	at := func(min int) time.Time { return base.Add(time.Duration(min) * time.Minute) }
	for _, tc := range []struct {
		name string
		f    store.AuditFilter
		want []int64
	}{
		{"everything", store.AuditFilter{}, []int64{6, 5, 4, 3, 2, 1}},
		{"verdict", store.AuditFilter{Verdict: "allow"}, []int64{5, 1}},
		{"tool", store.AuditFilter{Tool: "Bash"}, []int64{5, 3, 1}},
		{"tool is exact", store.AuditFilter{Tool: "bash"}, nil},
		{"agent", store.AuditFilter{Agent: "codex"}, []int64{4}},
		{"session", store.AuditFilter{Session: "s1"}, []int64{6, 3, 1}},
		{"rule", store.AuditFilter{Rule: "shell.ls"}, []int64{1}},
		{"rule among several", store.AuditFilter{Rule: "comm.email.external"}, []int64{2}},
		{"rule is exact", store.AuditFilter{Rule: "shell"}, nil},
		{"text in the tool, any case", store.AuditFilter{Text: "SENDEMAIL"}, []int64{2}},
		{"text in the reason", store.AuditFilter{Text: "new contact"}, []int64{2}},
		{"text in the reason, any case", store.AuditFilter{Text: "config"}, []int64{4}},
		{"text in the action", store.AuditFilter{Text: "hello"}, []int64{5}},
		{"text in the action, any case", store.AuditFilter{Text: "@EXAMPLE.com"}, []int64{2}},
		{"text is literal", store.AuditFilter{Text: "_"}, []int64{6}},
		{"text is literal: percent", store.AuditFilter{Text: "%"}, nil},
		{"since", store.AuditFilter{Since: at(3)}, []int64{6, 5, 4, 3}},
		{"until", store.AuditFilter{Until: at(3)}, []int64{2, 1}},
		{"window", store.AuditFilter{Since: at(2), Until: at(5)}, []int64{4, 3, 2}},
		{"before seq", store.AuditFilter{BeforeSeq: 3}, []int64{2, 1}},
		{"limit", store.AuditFilter{Limit: 2}, []int64{6, 5}},
		{"together", store.AuditFilter{Tool: "Bash", Session: "s1", Verdict: "block", Text: "root", Rule: "shell.fs.rm-root", Since: at(1), Until: at(4)}, []int64{3}},
		{"nothing", store.AuditFilter{Agent: "nobody"}, nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			rs, err := st.QueryAudit(ctx, tc.f)
			if err != nil {
				t.Fatal(err)
			}
			if d := diff(tc.want, seqs(rs)); d != "" {
				t.Errorf("QueryAudit(%+v) Seqs (-want +got):\n%s", tc.f, d)
			}
		})
	}
	// Paging backwards visits every record once.
	var got []int64
	f := store.AuditFilter{Limit: 4}
	for range 5 {
		rs, err := st.QueryAudit(ctx, f)
		if err != nil {
			t.Fatal(err)
		}
		if len(rs) == 0 {
			break
		}
		got = append(got, seqs(rs)...)
		f.BeforeSeq = rs[len(rs)-1].Seq
	}
	if d := diff([]int64{6, 5, 4, 3, 2, 1}, got); d != "" {
		t.Errorf("paging with BeforeSeq (-want +got):\n%s", d)
	}
	// Records come back whole.
	rs, err := st.QueryAudit(ctx, store.AuditFilter{Agent: "assistant"})
	if err != nil || len(rs) != 1 {
		t.Fatalf("QueryAudit = %d records, %v", len(rs), err)
	}
	if d := diff(*in[1], rs[0]); d != "" {
		t.Errorf("the record read back differs (-appended +read):\n%s", d)
	}
}

func testQueryAuditLimits(t *testing.T, open func(*testing.T) store.Store) {
	ctx := context.Background()
	st := open(t)
	const n = 1005
	rs := make([]*audit.Record, n)
	for i := range rs {
		rs[i] = decision("", "allow", "shell.ls")
	}
	appendAll(t, st, rs...)
	for _, tc := range []struct {
		limit, want int
	}{{0, 100}, {-5, 100}, {7, 7}, {1000, 1000}, {5000, 1000}} {
		got, err := st.QueryAudit(ctx, store.AuditFilter{Limit: tc.limit})
		if err != nil {
			t.Fatal(err)
		}
		if len(got) != tc.want || got[0].Seq != n || got[len(got)-1].Seq != int64(n-tc.want+1) {
			t.Errorf("QueryAudit with Limit %d = %d records (#%d…#%d), want the newest %d", tc.limit, len(got), got[0].Seq, got[len(got)-1].Seq, tc.want)
		}
	}
}

func testRuleHits(t *testing.T, open func(*testing.T) store.Store) {
	ctx := context.Background()
	st := open(t)
	rec := func(min int, rules ...string) *audit.Record {
		r := decision("", "allow", rules...)
		r.Time = base.Add(time.Duration(min) * time.Minute)
		return r
	}
	appendAll(t, st, rec(-10, "a"), rec(5, "a", "b"), rec(10, "a", "a"), rec(65, "b"), rec(130, "c", "a"), rec(140))
	hour := func(h int) time.Time { return base.Add(time.Duration(h) * time.Hour) }
	for _, tc := range []struct {
		name   string
		since  time.Time
		bucket time.Duration
		want   []store.RuleHit
	}{
		{"hours", base, time.Hour, []store.RuleHit{
			{Rule: "a", Bucket: hour(0), Count: 2}, {Rule: "b", Bucket: hour(0), Count: 1},
			{Rule: "b", Bucket: hour(1), Count: 1},
			{Rule: "a", Bucket: hour(2), Count: 1}, {Rule: "c", Bucket: hour(2), Count: 1},
		}},
		{"half hours", base, 30 * time.Minute, []store.RuleHit{
			{Rule: "a", Bucket: hour(0), Count: 2}, {Rule: "b", Bucket: hour(0), Count: 1},
			{Rule: "b", Bucket: hour(1), Count: 1},
			{Rule: "a", Bucket: hour(2), Count: 1}, {Rule: "c", Bucket: hour(2), Count: 1},
		}},
		{"a day from an odd start", base.Add(-15 * time.Minute), 24 * time.Hour, []store.RuleHit{
			{Rule: "a", Bucket: base.Add(-15 * time.Minute), Count: 4}, {Rule: "b", Bucket: base.Add(-15 * time.Minute), Count: 2},
			{Rule: "c", Bucket: base.Add(-15 * time.Minute), Count: 1},
		}},
		{"since the beginning of time", time.Time{}, time.Hour, []store.RuleHit{
			{Rule: "a", Bucket: hour(-1), Count: 1},
			{Rule: "a", Bucket: hour(0), Count: 2}, {Rule: "b", Bucket: hour(0), Count: 1},
			{Rule: "b", Bucket: hour(1), Count: 1},
			{Rule: "a", Bucket: hour(2), Count: 1}, {Rule: "c", Bucket: hour(2), Count: 1},
		}},
		{"nothing yet", hour(3), time.Hour, nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got, err := st.RuleHits(ctx, tc.since, tc.bucket)
			if err != nil {
				t.Fatal(err)
			}
			if d := diff(tc.want, got); d != "" {
				t.Errorf("RuleHits(%v, %v) (-want +got):\n%s", tc.since, tc.bucket, d)
			}
		})
	}
	for _, bucket := range []time.Duration{0, -time.Hour, time.Nanosecond} {
		if _, err := st.RuleHits(ctx, base, bucket); err == nil {
			t.Errorf("RuleHits with a bucket of %v succeeded", bucket)
		}
	}
}

// auditKey is the key that seals st's records, nil when it keeps none.
func auditKey(t *testing.T, st any) []byte {
	t.Helper()
	ks, ok := st.(audit.KeySource)
	if !ok {
		return nil
	}
	key, err := ks.AuditKey(false)
	if err != nil {
		t.Fatalf("reading the audit key: %v", err)
	}
	return key
}
