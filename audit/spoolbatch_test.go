package audit

import (
	"bytes"
	"encoding/json"
	"fmt"
	"hash/crc32"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
)

// spoolLineRecords are records whose every field the encoding must carry:
// empty and nil slices, the optional fields set and not, strings that
// need escaping and that are not UTF-8.
func spoolLineRecords() []*Record {
	at := time.Date(2026, 11, 29, 12, 0, 0, 123456000, time.UTC)
	return []*Record{
		{},
		{Time: at, Rules: []string{}, Action: json.RawMessage(`{"tool":"Bash"}`)},
		{Seq: 7, Time: at, SessionID: "s\"1\\", Agent: "claude-code", Tool: "Bash", Kind: "shell",
			Action: json.RawMessage(`{"input":{"command":"rm -rf /"}}`), Verdict: "block", Level: "dangerous",
			Score: 100, Risk: 10, Rules: []string{"shell.rm.root", "a<b>&c"}, Reason: "Deletes\neverything \u2028 <b>",
			Error: "bad \x00 byte \xff", DurationMicros: 1234, Confidence: 55, Anomalies: []string{"low confidence"},
			PrevHash: Genesis, Hash: "hmac:00"},
		{Time: at.In(time.FixedZone("x", 3600)), Action: json.RawMessage(`"a string"`), Rules: nil, Anomalies: []string{}},
		{Time: at, Kind: RanKind, Contacts: []Contact{{Kind: "email", Key: "k", Display: "a***@b.c"}}},
	}
}

// decodedRecord is what json.Unmarshal reads from b.
func decodedRecord(t *testing.T, b []byte) Record {
	t.Helper()
	var r Record
	if err := json.Unmarshal(b, &r); err != nil {
		t.Fatalf("%s: %v", b, err)
	}
	return r
}

// TestSpoolLineIsMarshal: the hand encoding reads back as the record
// encoding/json writes reads back.
func TestSpoolLineIsMarshal(t *testing.T) {
	for i, r := range spoolLineRecords() {
		checkSpoolLine(t, fmt.Sprint(i), r)
	}
}

func checkSpoolLine(t *testing.T, name string, r *Record) {
	t.Helper()
	got, err := spoolLine(r)
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	want, err := json.Marshal(r)
	if err != nil {
		return // encoding/json refuses it too (a time it cannot hold)
	}
	if !json.Valid(got) || bytes.IndexByte(got, '\n') >= 0 {
		t.Fatalf("%s: not one line of JSON: %q", name, got)
	}
	if diff := cmp.Diff(decodedRecord(t, want), decodedRecord(t, got)); diff != "" {
		t.Errorf("%s: spoolLine reads back otherwise than json.Marshal (-want +got):\n%s", name, diff)
	}
}

// FuzzSpoolLine is the differential test of the hand encoding against
// encoding/json, over any strings and numbers.
func FuzzSpoolLine(f *testing.F) {
	f.Add("s1", "Bash", "rm -rf /", "Deletes.", "", "shell.rm", int64(3), int64(1700000000000000), 10)
	f.Add("\xff\"\\", "<>&", "\u2028\n\t", "x\x00y", "err", "", int64(-1), int64(-62135596800000000), 0)
	f.Fuzz(func(t *testing.T, session, tool, command, reason, errText, ruleID string, seq, micros int64, risk int) {
		action, _ := json.Marshal(map[string]string{"command": command})
		r := &Record{Seq: seq, Time: time.UnixMicro(micros).UTC(), SessionID: session, Tool: tool, Kind: tool,
			Action: compact(RedactJSON(action)), Verdict: "allow", Level: "safe", Score: risk * 10, Risk: risk,
			Rules: []string{ruleID}, Reason: reason, Error: errText, DurationMicros: micros, Confidence: risk,
			Anomalies: []string{errText}, PrevHash: session, Hash: tool}
		if risk%2 == 0 {
			r.Anomalies, r.Rules = nil, nil
		}
		checkSpoolLine(t, "fuzz", r)
	})
}

// TestCastagnoliFast: the two tables give the same checksums.
func TestCastagnoliFast(t *testing.T) {
	for _, s := range []string{"", "a", strings.Repeat("actionguard ", 100), "\xff\x00"} {
		if a, b := crc32.Checksum([]byte(s), castagnoli()), crc32.Checksum([]byte(s), castagnoliFast()); a != b {
			t.Errorf("%q: %08x against %08x", s, a, b)
		}
	}
}

// TestSpoolBatch: records added are in the spool only after Flush, in
// order, redacted as Spool.Append redacts them, and read back whole.
func TestSpoolBatch(t *testing.T) {
	path := filepath.Join(t.TempDir(), "db.spool")
	sp := NewSpool(path)
	b := sp.Batch()
	secret := "export GITHUB_TOKEN=ghp_abcdefghijklmnopqrstuvwxyz0123456789"
	for i := range 10 {
		action, _ := json.Marshal(map[string]any{"id": fmt.Sprint(i), "input": map[string]string{"command": secret}})
		r := &Record{Tool: "Bash", Kind: "shell", Action: action, Verdict: "allow", Level: "safe", Reason: secret}
		if err := b.Add(r, false); err != nil {
			t.Fatal(err)
		}
	}
	if b.Added() != 10 || b.Written() != 0 || sp.Size() != 0 {
		t.Fatalf("before Flush: added %d, written %d, spool %d bytes", b.Added(), b.Written(), sp.Size())
	}
	if err := b.Flush(); err != nil {
		t.Fatal(err)
	}
	if b.Written() != 10 {
		t.Fatalf("written %d after Flush", b.Written())
	}
	if err := b.Close(); err != nil {
		t.Fatal(err)
	}
	rs, err := sp.Records()
	if err != nil {
		t.Fatal(err)
	}
	if len(rs) != 10 {
		t.Fatalf("%d records in the spool, want 10", len(rs))
	}
	for i, r := range rs {
		if r.Kind == SpoolDamageKind {
			t.Fatalf("record %d is damaged: %s", i, r.Action)
		}
		if !strings.Contains(string(r.Action), fmt.Sprintf(`"id":"%d"`, i)) {
			t.Errorf("record %d is %s: out of order", i, r.Action)
		}
		if strings.Contains(string(r.Action), "ghp_") || strings.Contains(r.Reason, "ghp_") {
			t.Errorf("record %d keeps the token: %s %q", i, r.Action, r.Reason)
		}
		want := redactForSpool(secret)
		if r.Reason != want {
			t.Errorf("record %d: reason %q, Spool.Append would keep %q", i, r.Reason, want)
		}
	}
	info, err := os.Stat(path)
	if err != nil {
		t.Fatal(err)
	}
	if perm := info.Mode().Perm(); perm&0o077 != 0 && os.PathSeparator == '/' {
		t.Errorf("the spool is readable by others: %v", perm)
	}
}

// TestSpoolBatchFailureSticks: once a write fails, nothing more counts as
// written.
func TestSpoolBatchFailureSticks(t *testing.T) {
	dir := t.TempDir()
	// The spool's path is a directory: it cannot be opened for writing.
	path := filepath.Join(dir, "db.spool")
	if err := os.Mkdir(path, 0o700); err != nil {
		t.Fatal(err)
	}
	b := NewSpool(path).Batch()
	if err := b.Add(&Record{Tool: "Bash", Verdict: "allow"}, true); err != nil {
		t.Fatal(err)
	}
	if err := b.Flush(); err == nil {
		t.Fatal("Flush into a directory succeeded")
	}
	if err := b.Add(&Record{Tool: "Bash", Verdict: "allow"}, false); err == nil {
		t.Error("Add after a failed Flush succeeded")
	}
	if err := b.Flush(); err == nil || b.Written() != 0 {
		t.Errorf("after a failure: Flush %v, written %d", err, b.Written())
	}
}

// TestCleanSetKeepsWhatRepeats: values that never repeat (ids) do not
// push out those a stream repeats.
func TestCleanSetKeepsWhatRepeats(t *testing.T) {
	var c cleanSet
	misses := 0
	full := func(s string) string {
		misses++
		return Redact(s)
	}
	c.full = full
	for i := range 5 * cleanSetSize {
		c.redact(fmt.Sprintf("id-%d", i))
		if i%100 == 0 {
			c.redact("git status")
		}
	}
	if misses != 5*cleanSetSize+1 {
		t.Errorf("%d texts went through the redactor, want %d (every id, and the command once)", misses, 5*cleanSetSize+1)
	}
	if n := c.size(); n > 2*cleanSetSize {
		t.Errorf("the memory holds %d texts, more than %d", n, 2*cleanSetSize)
	}
}
