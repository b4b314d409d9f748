package audit_test

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/actionguard/actionguard/audit"
	"github.com/actionguard/actionguard/rule"
)

// TestSpoolAppendDurableSameBytes: a synced append writes exactly what an
// unsynced one writes, into a new spool (whose directory it syncs too) and
// after earlier records.
func TestSpoolAppendDurableSameBytes(t *testing.T) {
	at := time.Date(2026, 11, 28, 21, 0, 0, 0, time.UTC)
	rec := func(verdict rule.Verdict) *audit.Record {
		return &audit.Record{SessionID: "s", Agent: "claude-code", Tool: "Bash", Kind: "shell", Verdict: verdict, Time: at,
			Action: []byte(`{"tool":"Bash","input":{"command":"rm -rf ~ --token=ghp_0123456789abcdefghijklmnopqrstuvwxyzAB"}}`)}
	}
	dir := t.TempDir()
	plain := audit.NewSpool(filepath.Join(dir, "a", "plain.spool"))
	durable := audit.NewSpool(filepath.Join(dir, "b", "durable.spool"))
	for _, v := range []rule.Verdict{rule.Block, rule.Allow, rule.Approve} {
		if err := plain.Append(rec(v)); err != nil {
			t.Fatal(err)
		}
		if err := durable.AppendDurable(rec(v)); err != nil {
			t.Fatal(err)
		}
		a, _ := os.ReadFile(filepath.Join(dir, "a", "plain.spool"))
		b, _ := os.ReadFile(filepath.Join(dir, "b", "durable.spool"))
		if len(a) == 0 || !bytes.Equal(a, b) {
			t.Fatalf("after %s: synced spool differs:\n%q\n%q", v, a, b)
		}
		if bytes.Contains(b, []byte("ghp_0123456789")) {
			t.Fatalf("the synced record keeps the token: %q", b)
		}
	}
}
