package audit_test

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/actionguard/actionguard/audit"
	"github.com/actionguard/actionguard/store"
)

func TestSpoolDrainKeepsOrderAndChains(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	db := filepath.Join(dir, "actionguard.db")
	sp := audit.NewSpool(audit.SpoolPath(db))
	var wg sync.WaitGroup
	for w := 0; w < 8; w++ {
		wg.Add(1)
		go func(w int) {
			defer wg.Done()
			for i := 0; i < 100; i++ {
				r := &audit.Record{SessionID: fmt.Sprintf("w%d", w), Tool: "Bash", Verdict: "allow", Level: "safe", Risk: 1,
					Action: []byte(fmt.Sprintf(`{"input":{"command":"echo %d","token":"ghp_abcdefghijklmnopqrstuvwxyz0123456789"}}`, i))}
				if err := sp.Append(r); err != nil {
					t.Error(err)
					return
				}
			}
		}(w)
	}
	wg.Wait()
	st, err := store.Open(ctx, db)
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	l := audit.New(st)
	n, err := sp.Drain(ctx, l)
	if err != nil || n != 800 {
		t.Fatalf("Drain = %d, %v; want 800", n, err)
	}
	if sp.Size() != 0 {
		t.Errorf("the spool is not empty after a drain: %d bytes", sp.Size())
	}
	res, err := l.Verify(ctx, nil)
	if err != nil || !res.OK() || res.Checked != 800 {
		t.Fatalf("Verify = %+v, %v", res, err)
	}
	seen := map[string]int{}
	l.Export(ctx, audit.ExportOptions{}, func(r audit.Record) error {
		if strings.Contains(string(r.Action), "ghp_") {
			t.Errorf("record %d keeps a token: %s", r.Seq, r.Action)
		}
		// Each writer's records keep their order.
		var i int
		fmt.Sscanf(string(r.Action)[strings.Index(string(r.Action), "echo ")+5:], "%d", &i)
		if i < seen[r.SessionID] {
			t.Errorf("%s: record %d after %d", r.SessionID, i, seen[r.SessionID])
		}
		seen[r.SessionID] = i
		return nil
	})
	if n, err := sp.Drain(ctx, l); n != 0 || err != nil {
		t.Errorf("a second drain moved %d (%v)", n, err)
	}
}

// A line cut off by a killed writer is not lost: it becomes a record that says so.
func TestSpoolCutOffLine(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	db := filepath.Join(dir, "actionguard.db")
	sp := audit.NewSpool(audit.SpoolPath(db))
	if err := sp.Append(&audit.Record{Tool: "Bash", Verdict: "block"}); err != nil {
		t.Fatal(err)
	}
	f, err := os.OpenFile(audit.SpoolPath(db), os.O_WRONLY|os.O_APPEND, 0)
	if err != nil {
		t.Fatal(err)
	}
	f.WriteString(`{"tool":"Bash","verdict":"al`)
	f.Close()
	st, err := store.Open(ctx, db)
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	l := audit.New(st)
	if n, err := sp.Drain(ctx, l); n != 2 || err != nil {
		t.Fatalf("Drain = %d, %v; want 2", n, err)
	}
	recs, _ := l.Tail(ctx, 2)
	if recs[0].Verdict != "block" || !strings.Contains(recs[1].Error, "cut off") || recs[1].Verdict == "allow" {
		t.Errorf("records %+v", recs)
	}
}

// A spooled record reads back exactly as it was written.
func TestSpoolRoundTrip(t *testing.T) {
	ctx := context.Background()
	db := filepath.Join(t.TempDir(), "actionguard.db")
	sp := audit.NewSpool(audit.SpoolPath(db))
	in := &audit.Record{SessionID: `s"action":null`, Agent: "claude-code", Tool: "Bash", Kind: "shell", Verdict: "approve", Level: "privileged",
		Score: 90, Risk: 9, Rules: []string{"shell.git.push-force-protected"}, Reason: "why", DurationMicros: 42,
		Action: []byte(`{ "tool": "Bash", "input": {"command": "git push --force origin main"} }`)}
	if err := sp.Append(in); err != nil {
		t.Fatal(err)
	}
	st, err := store.Open(ctx, db)
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	l := audit.New(st)
	if _, err := sp.Drain(ctx, l); err != nil {
		t.Fatal(err)
	}
	recs, _ := l.Tail(ctx, 1)
	got := recs[0]
	if got.SessionID != in.SessionID || got.Score != 90 || got.Rules[0] != in.Rules[0] || string(got.Action) != `{"tool":"Bash","input":{"command":"git push --force origin main"}}` || !got.Time.Equal(in.Time) {
		t.Errorf("read back %+v (action %s)", got, got.Action)
	}
}

// The case: a record cut off, then a blocked `rm -rf ~` appended
// after it. The blocked record reads back whole, not merged into the stump.
func TestSpoolCutOffThenBlocked(t *testing.T) {
	path := filepath.Join(t.TempDir(), "actionguard.db.spool")
	sp := audit.NewSpool(path)
	if err := sp.Append(&audit.Record{Tool: "Bash", Verdict: "allow", Reason: "first"}); err != nil {
		t.Fatal(err)
	}
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	// A second record whose writer was killed halfway through.
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_APPEND, 0)
	if err != nil {
		t.Fatal(err)
	}
	f.Write(data[:len(data)/2])
	f.Close()
	blocked := &audit.Record{Tool: "Bash", Verdict: "block", Level: "dangerous", Rules: []string{"shell.fs.rm-home"},
		Action: []byte(`{"tool":"Bash","input":{"command":"rm -rf ~"}}`), Reason: "deletes your home directory"}
	if err := sp.Append(blocked); err != nil {
		t.Fatal(err)
	}
	recs, err := sp.Records()
	if err != nil {
		t.Fatal(err)
	}
	if len(recs) != 3 || recs[0].Reason != "first" || recs[1].Kind != audit.SpoolDamageKind || !strings.Contains(recs[1].Error, "cut off") ||
		recs[2].Verdict != "block" || string(recs[2].Action) != `{"tool":"Bash","input":{"command":"rm -rf ~"}}` {
		t.Fatalf("records %+v", recs)
	}
}
