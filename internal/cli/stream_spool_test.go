package cli

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/actionguard/actionguard/audit"
	"github.com/actionguard/actionguard/guard"
)

// spooledCheck is stdout for a stream that spools: every decision line
// written must have its record in the spool already.
type spooledCheck struct {
	t       *testing.T
	spool   *audit.Spool
	lines   int
	partial []byte
}

func (w *spooledCheck) Write(p []byte) (int, error) {
	w.t.Helper()
	rs, err := w.spool.Records()
	if err != nil {
		w.t.Fatal(err)
	}
	spooled := map[string]bool{}
	for _, r := range rs {
		var a struct {
			ID string `json:"id"`
		}
		json.Unmarshal(r.Action, &a)
		spooled[a.ID] = true
	}
	data := append(w.partial, p...)
	for {
		line, rest, ok := bytes.Cut(data, []byte("\n"))
		if !ok {
			w.partial = append([]byte(nil), data...)
			break
		}
		data = rest
		var d struct {
			ID string `json:"id"`
		}
		if err := json.Unmarshal(line, &d); err != nil {
			w.t.Fatalf("a decision line that is not JSON: %q", line)
		}
		if !spooled[d.ID] {
			w.t.Fatalf("decision %s is given before its record is in the spool (%d records there)", d.ID, len(rs))
		}
		w.lines++
	}
	return len(p), nil
}

// TestStreamSpoolsBeforeAnswering: with the spool as its log, the stream
// writes no decision line before the line's record is in the spool, and
// every record is there at the end.
func TestStreamSpoolsBeforeAnswering(t *testing.T) {
	db := filepath.Join(t.TempDir(), "audit.db")
	log := newSpoolLog(db, false)
	spool := audit.NewSpool(audit.SpoolPath(db))
	out := &spooledCheck{t: t, spool: spool}
	const n = 1500
	if err := streamActions(context.Background(), guard.New(), log, bytes.NewReader(benchInput(n)), out, streamDefaults{}); err != nil {
		t.Fatal(err)
	}
	if err := log.Close(); err != nil {
		t.Fatal(err)
	}
	if out.lines != n {
		t.Fatalf("%d decision lines, want %d", out.lines, n)
	}
	rs, err := spool.Records()
	if err != nil {
		t.Fatal(err)
	}
	if len(rs) != n {
		t.Fatalf("%d records spooled, want %d", len(rs), n)
	}
}

// TestStreamSpoolFailureGivesNothing: a spool that cannot be written stops
// the stream with its error, and no decision line is given.
func TestStreamSpoolFailureGivesNothing(t *testing.T) {
	db := filepath.Join(t.TempDir(), "audit.db")
	if err := os.Mkdir(audit.SpoolPath(db), 0o700); err != nil {
		t.Fatal(err)
	}
	log := newSpoolLog(db, true)
	var out bytes.Buffer
	err := streamActions(context.Background(), guard.New(), log, bytes.NewReader(benchInput(600)), &out, streamDefaults{})
	if err == nil || !strings.Contains(err.Error(), "recording decisions") {
		t.Errorf("the stream ended with %v, want the spool's error", err)
	}
	if out.Len() != 0 {
		t.Errorf("%d decision lines given without their records", strings.Count(out.String(), "\n"))
	}
	if log.Close() == nil {
		t.Error("Close after a failed write reports nothing")
	}
}
