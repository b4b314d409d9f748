package audit

import (
	"bytes"
	"encoding/json"
	"flag"
	"os"
	"strings"
	"testing"
	"time"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata")

// goldenRecord is a record with every field set.
func goldenRecord() Record {
	return Record{
		Seq:            42,
		Time:           time.Date(2026, 3, 1, 12, 30, 45, 123456000, time.UTC),
		SessionID:      "sess-1",
		Agent:          "claude-code",
		Tool:           "Bash",
		Kind:           "shell",
		Action:         json.RawMessage(`{"tool":"Bash","input":{"command":"git push --force origin main"}}`),
		Verdict:        "approve",
		Level:          "privileged",
		Score:          82,
		Risk:           8,
		Rules:          []string{"shell.git.push-force", "shell.git.main"},
		Reason:         "force-pushes main",
		Error:          "",
		DurationMicros: 37,
		PrevHash:       "3b1f8e5c0b6c6d39a5a0f7f9e0c3d1b2a4f6e8d0c2b4a6f8e0d2c4b6a8f0e2d4",
	}
}

// The canonical encoding is a stored format: a change to it makes every
// existing log fail Verify. This pins it.
func TestComputeHashIsStable(t *testing.T) {
	r := goldenRecord()
	const want = "99009c9777313030d6756733c93f6ab3cbe835f2fdd04e00697c868be86d6b79"
	if got := r.ComputeHash(); got != want {
		t.Errorf("ComputeHash() = %s, want %s: the canonical encoding changed", got, want)
	}
}

// Every field is covered by the hash, and so is the boundary between fields.
func TestComputeHashCoversEveryField(t *testing.T) {
	base := goldenRecord()
	seen := map[string]string{base.ComputeHash(): "unchanged"}
	for name, change := range map[string]func(*Record){
		"Seq":                func(r *Record) { r.Seq++ },
		"Time":               func(r *Record) { r.Time = r.Time.Add(time.Microsecond) },
		"SessionID":          func(r *Record) { r.SessionID += "x" },
		"Agent":              func(r *Record) { r.Agent += "x" },
		"Tool":               func(r *Record) { r.Tool += "x" },
		"Kind":               func(r *Record) { r.Kind += "x" },
		"Action":             func(r *Record) { r.Action = json.RawMessage(`{}`) },
		"Verdict":            func(r *Record) { r.Verdict = "allow" },
		"Level":              func(r *Record) { r.Level = "safe" },
		"Score":              func(r *Record) { r.Score++ },
		"Risk":               func(r *Record) { r.Risk++ },
		"Rules":              func(r *Record) { r.Rules = r.Rules[:1] },
		"Rules joined":       func(r *Record) { r.Rules = []string{"shell.git.push-forceshell.git.main"} },
		"Reason":             func(r *Record) { r.Reason += "x" },
		"Error":              func(r *Record) { r.Error = "x" },
		"DurationMicros":     func(r *Record) { r.DurationMicros++ },
		"PrevHash":           func(r *Record) { r.PrevHash = Genesis },
		"Hash is not hashed": func(r *Record) { r.Hash = "anything" },
		"field boundary":     func(r *Record) { r.Agent, r.Tool = r.Agent+r.Tool[:1], r.Tool[1:] },
	} {
		r := goldenRecord()
		r.Rules = append([]string(nil), base.Rules...)
		change(&r)
		h := r.ComputeHash()
		if name == "Hash is not hashed" {
			if h != base.ComputeHash() {
				t.Errorf("changing Hash changed ComputeHash")
			}
			continue
		}
		if other, ok := seen[h]; ok {
			t.Errorf("changing %s gives the same hash as %s", name, other)
		}
		seen[h] = name
	}
}

func TestRecordJSON(t *testing.T) {
	r := goldenRecord()
	r.Hash = r.ComputeHash()
	got, err := json.MarshalIndent(r, "", "  ")
	if err != nil {
		t.Fatal(err)
	}
	got = append(got, '\n')
	const file = "testdata/record.golden.json"
	if *update {
		if err := os.WriteFile(file, got, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	if string(got) != string(want) {
		t.Errorf("Record JSON differs from %s (run with -update if the change is intended):\n%s", file, got)
	}
}

// A record exported as JSON, compact and without HTML escaping (as `audit
// export` writes it), reads back to the same bytes, so it can be verified
// away from the database.
func TestRecordJSONRoundTrip(t *testing.T) {
	r := goldenRecord()
	r.Action = json.RawMessage(`{"command":"echo '<b>' && cat a > b","é":"\u00e9\n"}`)
	r.Hash = r.ComputeHash()
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(r); err != nil {
		t.Fatal(err)
	}
	var back Record
	if err := json.Unmarshal(buf.Bytes(), &back); err != nil {
		t.Fatal(err)
	}
	if back.ComputeHash() != r.Hash {
		t.Errorf("a record read back from its JSON no longer matches its hash:\n%s", buf.Bytes())
	}
}

func TestVerifyResultString(t *testing.T) {
	for _, tc := range []struct {
		res  VerifyResult
		want string
	}{
		{VerifyResult{Checked: 3}, "3 records verified, chain intact"},
		{VerifyResult{Checked: 5, Broken: &Break{Seq: 5, Problem: SeqGap, Detail: "record 5 is missing: deleted"}},
			"chain broken at seq 5 (seq_gap): record 5 is missing: deleted"},
	} {
		if got := tc.res.String(); got != tc.want {
			t.Errorf("String() = %q, want %q", got, tc.want)
		}
	}
}

func TestNewID(t *testing.T) {
	seen := map[string]bool{}
	for range 1000 {
		id := NewID()
		if len(id) != 18 || !strings.HasPrefix(id, "d-") || strings.Trim(id[2:], "abcdefghijklmnopqrstuvwxyz234567") != "" {
			t.Fatalf("NewID() = %q, want d- and 16 lower-case base32 characters", id)
		}
		if seen[id] {
			t.Fatalf("NewID() repeated %q", id)
		}
		seen[id] = true
	}
}

// TestNewIDSurvivesRedaction: a decision id is not mistaken for a secret,
// or feedback could not find its record.
func TestNewIDSurvivesRedaction(t *testing.T) {
	for range 1000 {
		id := NewID()
		raw := []byte(`{"id":"` + id + `","tool":"Bash","input":{"command":"ls"}}`)
		if got := RedactJSON(raw); !bytes.Contains(got, []byte(id)) {
			t.Fatalf("RedactJSON removed the id %s: %s", id, got)
		}
	}
}
