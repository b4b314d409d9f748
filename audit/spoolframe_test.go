package audit

import (
	"bytes"
	"encoding/json"
	"fmt"
	"testing"
)

// frameOfRecord is the frame Spool.Append writes for r.
func frameOfRecord(t testing.TB, r *Record) []byte {
	t.Helper()
	payload, err := spoolLine(r)
	if err != nil {
		t.Fatal(err)
	}
	return appendFrame(nil, payload)
}

// readSpool decodes a whole spool as Drain does, line by line.
func readSpool(data []byte) []*Record {
	var out []*Record
	for len(data) > 0 {
		i := bytes.IndexByte(data, '\n')
		last := i < 0
		line := data
		if !last {
			line, data = data[:i], data[i+1:]
		} else {
			data = nil
		}
		if len(bytes.TrimSpace(line)) > 0 {
			out = append(out, spooledRecord(line, last))
		}
	}
	return out
}

func spoolTestRecord(i int) *Record {
	return &Record{SessionID: fmt.Sprintf("s%d", i), Tool: "Bash", Kind: "shell", Verdict: "block", Level: "dangerous",
		Rules: []string{"shell.fs.rm-home"}, Reason: "deletes your home directory",
		Action: json.RawMessage(fmt.Sprintf(`{"tool":"Bash","input":{"command":"rm -rf ~ # %d"}}`, i))}
}

// A record cut off at any byte never swallows the record written after it:
// that one reads back whole, and the stump becomes a record saying so.
func TestSpoolFrameCutAtEveryByte(t *testing.T) {
	first, second := frameOfRecord(t, spoolTestRecord(1)), frameOfRecord(t, spoolTestRecord(2))
	for cut := 1; cut < len(first); cut++ {
		data := append(append([]byte{}, first[:cut]...), second...)
		recs := readSpool(data)
		last := recs[len(recs)-1]
		if last.Kind == SpoolDamageKind || last.SessionID != "s2" || last.Verdict != "block" {
			t.Fatalf("cut at %d: the next record did not survive: %+v", cut, last)
		}
		switch {
		case cut == len(first)-1:
			// Only the frame's final newline is missing: the record is whole.
			if len(recs) != 2 || recs[0].SessionID != "s1" {
				t.Fatalf("cut at %d (before the final newline): %+v", cut, recs)
			}
		case cut == 1:
			// Only the leading newline was written: nothing to report.
			if len(recs) != 1 {
				t.Fatalf("cut at %d: %d records", cut, len(recs))
			}
		default:
			if len(recs) != 2 || recs[0].Kind != SpoolDamageKind || recs[0].Verdict == "allow" {
				t.Fatalf("cut at %d: want a cut-off record then the next one, got %+v", cut, recs)
			}
			if !bytes.Contains([]byte(recs[0].Error), []byte("cut off")) {
				t.Fatalf("cut at %d: the stump is not said to be cut off: %q", cut, recs[0].Error)
			}
		}
	}
}

// A frame whose bytes changed is reported as damaged, not read as a record.
func TestSpoolFrameDamaged(t *testing.T) {
	frame := frameOfRecord(t, spoolTestRecord(1))
	for i := 1; i < len(frame)-1; i++ {
		if frame[i] == ' ' {
			continue
		}
		data := append([]byte{}, frame...)
		data[i] ^= 0x01
		if data[i] == '\n' {
			continue
		}
		recs := readSpool(data)
		if len(recs) != 1 {
			t.Fatalf("byte %d flipped: %d records", i, len(recs))
		}
		if recs[0].Kind != SpoolDamageKind && recs[0].Verdict != "block" {
			t.Fatalf("byte %d flipped: read as a record with verdict %q", i, recs[0].Verdict)
		}
	}
}

// Lines of the older format (one JSON record per line) still read, and a
// frame after a cut-off old line survives.
func TestSpoolOldFormat(t *testing.T) {
	old, err := json.Marshal(spoolTestRecord(1))
	if err != nil {
		t.Fatal(err)
	}
	data := append(append([]byte{}, old...), '\n')
	data = append(data, old[:len(old)/2]...)
	data = append(data, frameOfRecord(t, spoolTestRecord(3))...)
	recs := readSpool(data)
	if len(recs) != 3 || recs[0].SessionID != "s1" || recs[1].Kind != SpoolDamageKind || recs[2].SessionID != "s3" {
		t.Fatalf("records %+v", recs)
	}
	// An old line the file ends in the middle of was cut off.
	recs = readSpool(old[:len(old)/2])
	if len(recs) != 1 || recs[0].Kind != SpoolDamageKind || !bytes.Contains([]byte(recs[0].Error), []byte("cut off")) {
		t.Fatalf("records %+v", recs)
	}
}

// FuzzSpoolFrame checks the spool decoder on arbitrary bytes between two
// whole records: it does not panic, every line gives a record (read or
// reported), and the record written after the bytes always survives.
func FuzzSpoolFrame(f *testing.F) {
	whole := frameOfRecord(f, spoolTestRecord(1))
	f.Add([]byte{}, false)
	f.Add(whole[:len(whole)/2], false)
	f.Add(whole[:len(whole)/2], true)
	f.Add(whole[:5], false)
	f.Add([]byte("\nag1 999999999 00000000 {}"), false)
	f.Add([]byte(`{"tool":"Bash","verdict":"al`), true)
	f.Fuzz(func(t *testing.T, junk []byte, newline bool) {
		data := append([]byte{}, whole...)
		data = append(data, junk...)
		if newline {
			data = append(data, '\n')
		}
		data = append(data, frameOfRecord(t, spoolTestRecord(2))...)
		recs := readSpool(data)
		if len(recs) < 2 {
			t.Fatalf("%d records from %q", len(recs), data)
		}
		if recs[0].SessionID != "s1" || recs[0].Kind == SpoolDamageKind {
			t.Fatalf("the record before the bytes was lost: %+v", recs[0])
		}
		last := recs[len(recs)-1]
		if last.SessionID != "s2" || last.Kind == SpoolDamageKind || last.Verdict != "block" {
			t.Fatalf("the record after %q did not survive: %+v", junk, last)
		}
		for _, r := range recs {
			if r.Kind == SpoolDamageKind && (r.Verdict == "allow" || r.Error == "") {
				t.Fatalf("a damaged line became %+v", r)
			}
			// The drain redacts a drained action without validating it
			// again (redactValidAction): it must be valid JSON.
			if len(r.Action) > 0 && !json.Valid(r.Action) {
				t.Fatalf("a spool line gave an action that is not JSON: %q", r.Action)
			}
		}
	})
}
