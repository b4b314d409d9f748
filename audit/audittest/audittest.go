// Package audittest is the test suite every audit.Storage must pass, so the
// embedded SQLite store and a PostgreSQL store behave the same:
//
//	func TestAuditStorage(t *testing.T) { audittest.Run(t, harness) }
//
// It drives the storage through audit.Log: appends, reads, exports, verifies,
// and tampers with the records through raw SQL to check that Verify notices.
package audittest

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/actionguard/actionguard/audit"
)

// Harness connects the suite to one Storage implementation.
type Harness struct {
	// Open returns a Storage over a new, empty database and closes it when
	// the test ends.
	Open func(t *testing.T) audit.Storage
	// Reopen returns another handle on the database behind s, as another
	// process would open it, and closes it when the test ends. When nil,
	// the concurrency test shares s.
	Reopen func(t *testing.T, s audit.Storage) audit.Storage
	// Exec runs one SQL statement on the database behind s, as its owner
	// would, with any append-only guard lifted. The tamper tests use it with
	// plain SQL on the audit table and its columns (seq, verdict, hash, …).
	Exec func(t *testing.T, s audit.Storage, sql string)
}

// Run runs the suite.
func Run(t *testing.T, h Harness) {
	tests := []struct {
		name string
		fn   func(*testing.T, Harness)
	}{
		{"AppendChains", testAppendChains},
		{"AppendBatchChains", testAppendBatchChains},
		{"AppendKeepsCallerTime", testAppendKeepsCallerTime},
		{"AppendRedacts", testAppendRedacts},
		{"RoundTrip", testRoundTrip},
		{"Tail", testTail},
		{"Export", testExport},
		{"ExportStopsOnError", testExportStopsOnError},
		{"VerifyEmpty", testVerifyEmpty},
		{"VerifyIntact", testVerifyIntact},
		{"TamperAltered", testTamperAltered},
		{"TamperDeleted", testTamperDeleted},
		{"TamperDeletedFirst", testTamperDeletedFirst},
		{"TamperSwapped", testTamperSwapped},
		{"TamperRemovedAndRenumbered", testTamperRenumbered},
		{"TamperRehashed", testTamperRehashed},
		{"TamperForgedAppend", testTamperForgedAppend},
		{"TamperRehashedTail", testTamperRehashedTail},
		{"TamperTruncatedTail", testTamperTruncatedTail},
		{"TamperDeletedMiddle", testTamperDeletedMiddle},
		{"TamperDowngraded", testTamperDowngraded},
		{"VerifyTip", testVerifyTip},
		{"CheckpointsRemoved", testCheckpointsRemoved},
		{"VerifyRecord", testVerifyRecord},
		{"ConcurrentAppend", testConcurrentAppend},
		{"CancelledContext", testCancelled},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) { tt.fn(t, h) })
	}
}

// clock is a fake clock that moves a minute every time it is read.
type clock struct {
	mu sync.Mutex
	t  time.Time
}

var epoch = time.Date(2026, 3, 1, 12, 0, 0, 0, time.UTC)

func (c *clock) now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.t.IsZero() {
		c.t = epoch
	}
	c.t = c.t.Add(time.Minute)
	return c.t
}

// record returns the i-th test record of a session.
func record(session string, i int) *audit.Record {
	r := &audit.Record{
		SessionID:      session,
		Agent:          "claude-code",
		Tool:           "Bash",
		Kind:           "shell",
		Action:         json.RawMessage(fmt.Sprintf(`{"tool":"Bash","input":{"command":"echo %d"}}`, i)),
		Verdict:        "allow",
		Level:          "safe",
		Score:          i % 100,
		Risk:           i % 10,
		Rules:          []string{"shell.echo"},
		Reason:         fmt.Sprintf("record %d", i),
		DurationMicros: int64(i),
	}
	if i%3 == 0 {
		// A decision on a request in words: hashed with encoding v2.
		r.Kind, r.Confidence, r.Anomalies = "intent", 55, []string{"low confidence: 55% < 60%"}
	}
	return r
}

// fill appends n records to a new log and returns it.
func fill(t *testing.T, h Harness, n int) (*audit.Log, audit.Storage) {
	t.Helper()
	st := h.Open(t)
	var c clock
	l := audit.New(st, audit.WithClock(c.now))
	for i := 1; i <= n; i++ {
		if err := l.Append(context.Background(), record(fmt.Sprintf("s%d", i%3), i)); err != nil {
			t.Fatalf("append %d: %v", i, err)
		}
	}
	return l, st
}

func all(t *testing.T, l *audit.Log) []audit.Record {
	t.Helper()
	var rs []audit.Record
	if err := l.Export(context.Background(), audit.ExportOptions{}, func(r audit.Record) error {
		rs = append(rs, r)
		return nil
	}); err != nil {
		t.Fatal(err)
	}
	return rs
}

func testAppendChains(t *testing.T, h Harness) {
	l, st := fill(t, h, 5)
	rs := all(t, l)
	if len(rs) != 5 {
		t.Fatalf("got %d records, want 5", len(rs))
	}
	prev := audit.Genesis
	for i, r := range rs {
		if r.Seq != int64(i+1) {
			t.Errorf("record %d: Seq = %d", i, r.Seq)
		}
		if r.PrevHash != prev {
			t.Errorf("record %d: PrevHash = %s, want %s", r.Seq, r.PrevHash, prev)
		}
		if !r.HashOK(keyOf(t, st)) {
			t.Errorf("record %d: Hash = %s does not match the record", r.Seq, r.Hash)
		}
		if want := epoch.Add(time.Duration(i+1) * time.Minute); !r.Time.Equal(want) || r.Time.Location() != time.UTC {
			t.Errorf("record %d: Time = %v, want %v", r.Seq, r.Time, want)
		}
		prev = r.Hash
	}
	n, err := l.Count(context.Background())
	if err != nil || n != 5 {
		t.Errorf("Count = %d, %v; want 5", n, err)
	}
	tip, err := l.Tip(context.Background())
	if err != nil || tip != (audit.Tip{Seq: 5, Hash: rs[4].Hash}) {
		t.Errorf("Tip = %+v, %v; want seq 5 and the last hash", tip, err)
	}
}

func testAppendKeepsCallerTime(t *testing.T, h Harness) {
	l := audit.New(h.Open(t))
	at := time.Date(2025, 1, 2, 3, 4, 5, 123456789, time.FixedZone("CET", 3600))
	r := record("s", 1)
	r.Time = at
	if err := l.Append(context.Background(), r); err != nil {
		t.Fatal(err)
	}
	want := at.UTC().Truncate(time.Microsecond)
	if !r.Time.Equal(want) || r.Time.Location() != time.UTC {
		t.Errorf("Append set Time to %v, want %v", r.Time, want)
	}
	got := all(t, l)[0]
	if !got.Time.Equal(want) {
		t.Errorf("stored Time = %v, want %v", got.Time, want)
	}
}

func testAppendRedacts(t *testing.T, h Harness) {
	l := audit.New(h.Open(t))
	r := record("s", 1)
	r.Action = json.RawMessage(`{"tool": "Bash",
		"input": {"command": "PGPASSWORD=hunter2 psql", "password": "hunter2"}}`)
	r.Reason = "uses AKIAIOSFODNN7EXAMPLE"
	r.Error = "token=abc123 rejected"
	if err := l.Append(context.Background(), r); err != nil {
		t.Fatal(err)
	}
	got := all(t, l)[0]
	want := `{"tool":"Bash","input":{"command":"PGPASSWORD=[REDACTED:password] psql","password":"[REDACTED:password]"}}`
	if string(got.Action) != want {
		t.Errorf("Action = %s\nwant %s", got.Action, want)
	}
	if got.Reason != "uses [REDACTED:aws_access_key]" || got.Error != "token=[REDACTED:token] rejected" {
		t.Errorf("Reason, Error = %q, %q; want them redacted", got.Reason, got.Error)
	}
}

func testRoundTrip(t *testing.T, h Harness) {
	l := audit.New(h.Open(t))
	in := []*audit.Record{
		record("s", 1),
		{Verdict: "confirm", Error: "guard: internal error", Rules: []string{}},
		{
			SessionID: "sess-ü", Agent: "codex", Tool: "mcp__github__create_issue", Kind: "tool",
			Action:  json.RawMessage(`{"title":"x\u0000y","n":[1,2.5,null,true],"s":"<tag> & é"}`),
			Verdict: "block", Level: "dangerous", Score: -3, Risk: 10,
			Rules:  []string{"a.b", "c.d", ""},
			Reason: "multi\nline", DurationMicros: 1 << 40,
		},
		{Kind: "intent", Verdict: "approve", Rules: []string{"intent.action.write"}, Confidence: 35, Anomalies: []string{"low confidence: 35% < 60%", "ü\n"}},
	}
	for _, r := range in {
		if err := l.Append(context.Background(), r); err != nil {
			t.Fatal(err)
		}
	}
	got, err := l.Tail(context.Background(), len(in))
	if err != nil {
		t.Fatal(err)
	}
	want := make([]audit.Record, len(in))
	for i, r := range in {
		want[i] = *r
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("records read back differ from those appended (-appended +read):\n%s", diff)
	}
}

func testTail(t *testing.T, h Harness) {
	l, _ := fill(t, h, 10)
	ctx := context.Background()
	for _, tc := range []struct{ n, first, len int }{{0, 0, 0}, {-1, 0, 0}, {1, 10, 1}, {3, 8, 3}, {10, 1, 10}, {50, 1, 10}} {
		rs, err := l.Tail(ctx, tc.n)
		if err != nil {
			t.Fatal(err)
		}
		if len(rs) != tc.len {
			t.Errorf("Tail(%d) returned %d records, want %d", tc.n, len(rs), tc.len)
			continue
		}
		for i, r := range rs {
			if r.Seq != int64(tc.first+i) {
				t.Errorf("Tail(%d)[%d].Seq = %d, want %d", tc.n, i, r.Seq, tc.first+i)
			}
		}
	}
}

func testExport(t *testing.T, h Harness) {
	// More records than a page of any reasonable implementation.
	const n = 700
	l, _ := fill(t, h, n)
	ctx := context.Background()
	at := func(i int) time.Time { return epoch.Add(time.Duration(i) * time.Minute) } // record i's Time
	for _, tc := range []struct {
		name string
		opts audit.ExportOptions
		want func(i int) bool
	}{
		{"all", audit.ExportOptions{}, func(int) bool { return true }},
		{"session", audit.ExportOptions{Session: "s1"}, func(i int) bool { return i%3 == 1 }},
		{"since", audit.ExportOptions{Since: at(650)}, func(i int) bool { return i >= 650 }},
		{"until", audit.ExportOptions{Until: at(11)}, func(i int) bool { return i < 11 }},
		{"window and session", audit.ExportOptions{Since: at(100), Until: at(400), Session: "s2"},
			func(i int) bool { return i >= 100 && i < 400 && i%3 == 2 }},
		{"no such session", audit.ExportOptions{Session: "nope"}, func(int) bool { return false }},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var got, want []int64
			for i := 1; i <= n; i++ {
				if tc.want(i) {
					want = append(want, int64(i))
				}
			}
			if err := l.Export(ctx, tc.opts, func(r audit.Record) error {
				got = append(got, r.Seq)
				return nil
			}); err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(want, got); diff != "" {
				t.Errorf("exported Seqs (-want +got):\n%s", diff)
			}
		})
	}
}

func testExportStopsOnError(t *testing.T, h Harness) {
	l, _ := fill(t, h, 300)
	stop := errors.New("stop here")
	calls := 0
	err := l.Export(context.Background(), audit.ExportOptions{}, func(r audit.Record) error {
		calls++
		if r.Seq == 200 {
			return stop
		}
		return nil
	})
	if err != stop || calls != 200 {
		t.Errorf("Export = %v after %d calls, want the callback's error after 200", err, calls)
	}
}

func testVerifyEmpty(t *testing.T, h Harness) {
	l := audit.New(h.Open(t))
	res, err := l.Verify(context.Background(), nil)
	if err != nil || !res.OK() || res.Checked != 0 {
		t.Errorf("Verify on an empty log = %+v, %v", res, err)
	}
}

func testVerifyIntact(t *testing.T, h Harness) {
	const n = 1500
	l, _ := fill(t, h, n)
	var last [2]int64
	calls := 0
	res, err := l.Verify(context.Background(), func(done, total int64) {
		calls++
		if done < last[0] || total != n {
			t.Errorf("progress(%d, %d) after (%d, %d)", done, total, last[0], last[1])
		}
		last = [2]int64{done, total}
	})
	if err != nil {
		t.Fatal(err)
	}
	if !res.OK() || res.Checked != n || res.Last.Seq != n {
		t.Errorf("Verify = %+v, want %d records intact", res, n)
	}
	if calls < 2 || last != [2]int64{n, n} {
		t.Errorf("progress called %d times, last with %v; want several, the last with (%d, %d)", calls, last, n, n)
	}
}

// wantBreak verifies l and checks where and why the chain breaks.
func wantBreak(t *testing.T, l *audit.Log, seq int64, problem audit.Problem) {
	t.Helper()
	res, err := l.Verify(context.Background(), nil)
	if err != nil {
		t.Fatal(err)
	}
	if res.Broken == nil {
		t.Fatalf("Verify = %v, want the chain broken at seq %d (%s)", res, seq, problem)
	}
	if res.Broken.Seq != seq || res.Broken.Problem != problem {
		t.Errorf("Verify = %v, want the chain broken at seq %d (%s)", res, seq, problem)
	}
	if res.Broken.Detail == "" {
		t.Errorf("Verify gave no detail")
	}
}

func testTamperAltered(t *testing.T, h Harness) {
	for _, stmt := range []string{
		`UPDATE audit SET verdict = 'block' WHERE seq = 3`,
		`UPDATE audit SET action = '{"tool":"Bash","input":{"command":"ls"}}' WHERE seq = 3`,
		`UPDATE audit SET rules = '[]' WHERE seq = 3`,
		`UPDATE audit SET rules = 'not json' WHERE seq = 3`,
		`UPDATE audit SET time_us = time_us + 1 WHERE seq = 3`,
		`UPDATE audit SET score = 0 WHERE seq = 3`,
		`UPDATE audit SET session_id = 'other' WHERE seq = 3`,
		`UPDATE audit SET confidence = 0 WHERE seq = 3`,
		`UPDATE audit SET confidence = 90 WHERE seq = 3`,
		`UPDATE audit SET anomalies = '[]' WHERE seq = 3`,
		`UPDATE audit SET confidence = 0, anomalies = '[]' WHERE seq = 3`,
	} {
		t.Run(stmt, func(t *testing.T) {
			l, st := fill(t, h, 6)
			h.Exec(t, st, stmt)
			wantBreak(t, l, 3, audit.HashMismatch)
		})
	}
}

func testTamperDeleted(t *testing.T, h Harness) {
	l, st := fill(t, h, 6)
	h.Exec(t, st, `DELETE FROM audit WHERE seq = 3`)
	wantBreak(t, l, 3, audit.SeqGap)
}

func testTamperDeletedFirst(t *testing.T, h Harness) {
	l, st := fill(t, h, 6)
	h.Exec(t, st, `DELETE FROM audit WHERE seq <= 2`)
	wantBreak(t, l, 1, audit.SeqGap)
}

func testTamperSwapped(t *testing.T, h Harness) {
	l, st := fill(t, h, 6)
	h.Exec(t, st, `UPDATE audit SET seq = -1 WHERE seq = 3`)
	h.Exec(t, st, `UPDATE audit SET seq = 3 WHERE seq = 4`)
	h.Exec(t, st, `UPDATE audit SET seq = 4 WHERE seq = -1`)
	wantBreak(t, l, 3, audit.PrevHashMismatch)
}

func testTamperRenumbered(t *testing.T, h Harness) {
	l, st := fill(t, h, 6)
	h.Exec(t, st, `DELETE FROM audit WHERE seq = 3`)
	for seq := 4; seq <= 6; seq++ {
		h.Exec(t, st, fmt.Sprintf(`UPDATE audit SET seq = %d WHERE seq = %d`, seq-1, seq))
	}
	wantBreak(t, l, 3, audit.PrevHashMismatch)
}

// A record altered and re-hashed: without the key, its hash can only be a
// plain one, which a keyed log refuses at once; in a log without a key the
// next record's link shows it.
func testTamperRehashed(t *testing.T, h Harness) {
	l, st := fill(t, h, 6)
	r := all(t, l)[2]
	r.Verdict = "block"
	h.Exec(t, st, fmt.Sprintf(`UPDATE audit SET verdict = 'block', hash = '%s' WHERE seq = 3`, r.ComputeHash()))
	if keyed(r) {
		wantBreak(t, l, 3, audit.Downgraded)
		return
	}
	wantBreak(t, l, 4, audit.PrevHashMismatch)
}

func testConcurrentAppend(t *testing.T, h Harness) {
	const handles, goroutines, each = 3, 4, 25
	st := h.Open(t)
	logs := []*audit.Log{audit.New(st)}
	for len(logs) < handles {
		other := st
		if h.Reopen != nil {
			other = h.Reopen(t, st)
		}
		logs = append(logs, audit.New(other))
	}
	var wg sync.WaitGroup
	errs := make(chan error, handles*goroutines*each)
	for i := range handles * goroutines {
		l := logs[i%handles]
		wg.Go(func() {
			for j := range each {
				if err := l.Append(context.Background(), record(fmt.Sprintf("g%d", i), j)); err != nil {
					errs <- err
				}
			}
		})
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Error(err)
	}
	l := logs[0]
	rs := all(t, l)
	if len(rs) != handles*goroutines*each {
		t.Fatalf("got %d records, want %d", len(rs), handles*goroutines*each)
	}
	for i, r := range rs {
		if r.Seq != int64(i+1) {
			t.Fatalf("record %d has Seq %d: not gap-free", i, r.Seq)
		}
	}
	res, err := l.Verify(context.Background(), nil)
	if err != nil || !res.OK() {
		t.Errorf("Verify after concurrent appends = %v, %v", res, err)
	}
}

func testCancelled(t *testing.T, h Harness) {
	l := audit.New(h.Open(t))
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if err := l.Append(ctx, record("s", 1)); err == nil {
		t.Errorf("Append with a cancelled context succeeded")
	}
	n, err := l.Count(context.Background())
	if err != nil || n != 0 {
		t.Errorf("Count = %d, %v after a cancelled append; want 0", n, err)
	}
}

// testAppendBatchChains: records appended in batches, interleaved with
// single appends from another log on the same storage, form one chain.
func testAppendBatchChains(t *testing.T, h Harness) {
	st := h.Open(t)
	l := audit.New(st)
	ctx := context.Background()
	var wg sync.WaitGroup
	errs := make(chan error, 8)
	for w := 0; w < 4; w++ {
		wg.Add(1)
		go func(w int) {
			defer wg.Done()
			for b := 0; b < 10; b++ {
				batch := make([]*audit.Record, 25)
				for i := range batch {
					batch[i] = record(fmt.Sprintf("w%d", w), b*25+i)
				}
				if err := l.AppendBatch(ctx, batch); err != nil {
					errs <- err
					return
				}
				for i := 1; i < len(batch); i++ {
					if batch[i].Seq != batch[i-1].Seq+1 || batch[i].PrevHash != batch[i-1].Hash {
						errs <- fmt.Errorf("batch not contiguous at %d", batch[i].Seq)
						return
					}
				}
			}
		}(w)
	}
	if err := l.Append(ctx, record("single", 0)); err != nil {
		t.Fatal(err)
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Fatal(err)
	}
	if n, err := l.Count(ctx); err != nil || n != 1001 {
		t.Fatalf("Count = %d, %v; want 1001", n, err)
	}
	res, err := l.Verify(ctx, nil)
	if err != nil || !res.OK() || res.Checked != 1001 {
		t.Fatalf("Verify = %+v, %v", res, err)
	}
	if err := l.AppendBatch(ctx, nil); err != nil {
		t.Errorf("an empty batch: %v", err)
	}
}

// keyed reports whether r was sealed with a key.
func keyed(r audit.Record) bool { return strings.HasPrefix(r.Hash, audit.KeyedPrefix) }

// keyOf is the key that seals the records of the storage behind l, nil
// when it keeps none.
func keyOf(t *testing.T, st audit.Storage) []byte {
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

// insert writes r into the audit table directly, as someone with the
// database but not the key would.
func insert(t *testing.T, h Harness, st audit.Storage, r audit.Record) {
	t.Helper()
	rules, _ := json.Marshal(r.Rules)
	anomalies, _ := json.Marshal(r.Anomalies)
	if r.Anomalies == nil {
		anomalies = []byte("[]")
	}
	q := func(s string) string { return "'" + strings.ReplaceAll(s, "'", "''") + "'" }
	h.Exec(t, st, fmt.Sprintf(`INSERT INTO audit (seq, time_us, session_id, agent, tool, kind, action, verdict, level,
		score, risk, rules, reason, error, duration_us, prev_hash, hash, confidence, anomalies)
		VALUES (%d, %d, %s, %s, %s, %s, %s, %s, %s, %d, %d, %s, %s, %s, %d, %s, %s, %d, %s)`,
		r.Seq, r.Time.UnixMicro(), q(r.SessionID), q(r.Agent), q(r.Tool), q(r.Kind), q(string(r.Action)), q(string(r.Verdict)), q(string(r.Level)),
		r.Score, r.Risk, q(string(rules)), q(r.Reason), q(r.Error), r.DurationMicros, q(r.PrevHash), q(r.Hash), r.Confidence, q(string(anomalies))))
}

// requireKeyed skips a test of what only a keyed log detects.
func requireKeyed(t *testing.T, rs []audit.Record) {
	t.Helper()
	if len(rs) == 0 || !keyed(rs[len(rs)-1]) {
		t.Skip("the storage keeps no key: its log is not keyed")
	}
}

// A record appended with a correctly computed plain hash, or an HMAC under
// a guessed key, is refused: only the key seals a record.
func testTamperForgedAppend(t *testing.T, h Harness) {
	for _, scheme := range []string{"plain", "guessed key"} {
		t.Run(scheme, func(t *testing.T) {
			l, st := fill(t, h, 6)
			rs := all(t, l)
			requireKeyed(t, rs)
			forged := rs[5]
			forged.Seq, forged.PrevHash, forged.Time = 7, rs[5].Hash, rs[5].Time.Add(time.Second)
			forged.Verdict, forged.Reason = "allow", "approved by the user"
			if scheme == "plain" {
				forged.Hash = forged.ComputeHash()
			} else {
				forged.Hash = forged.ComputeMAC(make([]byte, audit.KeySize))
			}
			insert(t, h, st, forged)
			problem := audit.Downgraded
			if scheme != "plain" {
				problem = audit.HashMismatch
			}
			wantBreak(t, l, 7, problem)
		})
	}
}

// A verdict changed and every record from it on re-hashed, links and all:
// without the key the new hashes are plain ones, refused after the log
// became keyed.
func testTamperRehashedTail(t *testing.T, h Harness) {
	l, st := fill(t, h, 8)
	rs := all(t, l)
	requireKeyed(t, rs)
	prev := rs[2].PrevHash
	for i := 2; i < len(rs); i++ {
		r := rs[i]
		if i == 2 {
			r.Verdict = "allow"
		}
		r.PrevHash = prev
		r.Hash = r.ComputeHash()
		prev = r.Hash
		h.Exec(t, st, fmt.Sprintf(`UPDATE audit SET verdict = '%s', prev_hash = '%s', hash = '%s' WHERE seq = %d`,
			r.Verdict, r.PrevHash, r.Hash, r.Seq))
	}
	wantBreak(t, l, 3, audit.Downgraded)
}

// The newest records deleted: the chain that is left is whole, and the
// checkpoint the last append wrote shows what is missing.
func testTamperTruncatedTail(t *testing.T, h Harness) {
	l, st := fill(t, h, 20)
	if l.CheckpointsWhere() == "" {
		t.Skip("the storage keeps no checkpoints")
	}
	h.Exec(t, st, `DELETE FROM audit WHERE seq > 10`)
	wantBreak(t, l, 11, audit.Truncated)
	// Without the checkpoints the log looks whole: what they are for.
	res, err := l.VerifyWith(context.Background(), audit.VerifyOptions{NoCheckpoints: true})
	if err != nil || !res.OK() || res.Last.Seq != 10 {
		t.Errorf("VerifyWith(NoCheckpoints) = %v, %v; want the 10 records left intact", res, err)
	}
}

// A record deleted from the middle and the ones after renumbered and
// re-linked: refused at the first re-sealed record.
func testTamperDeletedMiddle(t *testing.T, h Harness) {
	l, st := fill(t, h, 8)
	rs := all(t, l)
	requireKeyed(t, rs)
	h.Exec(t, st, `DELETE FROM audit WHERE seq = 4`)
	prev := rs[2].Hash
	for i := 4; i < len(rs); i++ {
		r := rs[i]
		r.Seq--
		r.PrevHash = prev
		r.Hash = r.ComputeHash()
		prev = r.Hash
		h.Exec(t, st, fmt.Sprintf(`UPDATE audit SET seq = %d, prev_hash = '%s', hash = '%s' WHERE seq = %d`,
			r.Seq, r.PrevHash, r.Hash, r.Seq+1))
	}
	res, err := l.Verify(context.Background(), nil)
	if err != nil || res.OK() || res.Broken.Seq != 4 {
		t.Errorf("Verify = %v, %v; want the chain broken at seq 4", res, err)
	}
}

// The whole log re-hashed without the key, as if it had never been keyed:
// the chain alone is consistent, and the checkpoints show the rewrite.
func testTamperDowngraded(t *testing.T, h Harness) {
	l, st := fill(t, h, 6)
	rs := all(t, l)
	requireKeyed(t, rs)
	if l.CheckpointsWhere() == "" {
		t.Skip("the storage keeps no checkpoints")
	}
	prev := audit.Genesis
	for _, r := range rs {
		r.PrevHash = prev
		r.Hash = r.ComputeHash()
		prev = r.Hash
		h.Exec(t, st, fmt.Sprintf(`UPDATE audit SET prev_hash = '%s', hash = '%s' WHERE seq = %d`, r.PrevHash, r.Hash, r.Seq))
	}
	res, err := l.Verify(context.Background(), nil)
	if err != nil || res.OK() || res.Broken.Problem != audit.CheckpointMismatch {
		t.Errorf("Verify = %v, %v; want a record that is not the one checkpointed", res, err)
	}
}

// The tip a user kept: found in an intact log; a log cut before it or
// rewritten up to it is reported.
func testVerifyTip(t *testing.T, h Harness) {
	ctx := context.Background()
	l, st := fill(t, h, 8)
	rs := all(t, l)
	kept := audit.Tip{Seq: 6, Hash: rs[5].Hash}
	for _, tip := range []audit.Tip{kept, {Hash: kept.Hash}} {
		res, err := l.VerifyWith(ctx, audit.VerifyOptions{Tip: &tip, NoCheckpoints: true})
		if err != nil || !res.OK() {
			t.Errorf("VerifyWith(tip %+v) = %v, %v; want intact", tip, res, err)
		}
	}
	wrong := audit.Tip{Seq: 6, Hash: rs[4].Hash}
	res, err := l.VerifyWith(ctx, audit.VerifyOptions{Tip: &wrong, NoCheckpoints: true})
	if err != nil || res.OK() || res.Broken.Problem != audit.TipMismatch {
		t.Errorf("VerifyWith(a tip that is not the log's) = %v, %v; want tip_mismatch", res, err)
	}
	h.Exec(t, st, `DELETE FROM audit WHERE seq > 4`)
	for _, tip := range []audit.Tip{kept, {Hash: kept.Hash}} {
		res, err := l.VerifyWith(ctx, audit.VerifyOptions{Tip: &tip, NoCheckpoints: true})
		if err != nil || res.OK() {
			t.Errorf("VerifyWith(tip %+v) after the tail was cut = %v, %v; want broken", tip, res, err)
		}
	}
}

// VerifyRecord vouches for a record of the chain, and for no record
// written into the table directly.
func testVerifyRecord(t *testing.T, h Harness) {
	ctx := context.Background()
	l, st := fill(t, h, 6)
	rs := all(t, l)
	requireKeyed(t, rs)
	for _, seq := range []int64{1, 3, 6} {
		r, err := l.VerifyRecord(ctx, seq)
		if err != nil || r.Seq != seq || r.Hash != rs[seq-1].Hash {
			t.Errorf("VerifyRecord(%d) = #%d, %v; want the record", seq, r.Seq, err)
		}
	}
	if _, err := l.VerifyRecord(ctx, 7); !errors.Is(err, audit.ErrNotVerified) {
		t.Errorf("VerifyRecord(a record that does not exist) = %v; want ErrNotVerified", err)
	}
	forged := rs[5]
	forged.Seq, forged.PrevHash, forged.Verdict = 7, rs[5].Hash, "allow"
	forged.Hash = forged.ComputeHash()
	insert(t, h, st, forged)
	if _, err := l.VerifyRecord(ctx, 7); !errors.Is(err, audit.ErrNotVerified) {
		t.Errorf("VerifyRecord(a record written into the table) = %v; want ErrNotVerified", err)
	}
	h.Exec(t, st, `UPDATE audit SET verdict = 'block' WHERE seq = 3`)
	if _, err := l.VerifyRecord(ctx, 3); !errors.Is(err, audit.ErrNotVerified) {
		t.Errorf("VerifyRecord(an altered record) = %v; want ErrNotVerified", err)
	}
}

// Checkpoints that vanish from a keyed log are reported: its first keyed
// record was checkpointed.
func testCheckpointsRemoved(t *testing.T, h Harness) {
	st := h.Open(t)
	l := audit.New(st, audit.WithCheckpoints(nil))
	if err := l.Append(context.Background(), record("s", 1)); err != nil {
		t.Fatal(err)
	}
	requireKeyed(t, all(t, l))
	if audit.New(st).CheckpointsWhere() == "" {
		t.Skip("the storage keeps no checkpoints")
	}
	// The same log, read with its checkpoints' place, which holds none.
	wantBreak(t, audit.New(st), 1, audit.CheckpointsMissing)
}
