package audit

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"testing"
)

// drainsTo is what the drain into the log makes of an action a stream
// redacted for the spool alone: the log's redactor over the spool's
// answer, as Log.appendBatch runs it on a drained record.
func drainsTo(raw []byte) []byte {
	line := redactActionWith(raw, drainMemories.spool.redact)
	return drainMemories.log.redactValidAction(line)
}

// drainMemories are drainsTo's memories of the two redactors (each held
// to its redactor by TestCleanSetIsRedact and FuzzCleanSet).
var drainMemories = struct{ spool, log cleanSet }{spool: cleanSet{full: redactForSpool}}

// checkLogRedaction: the one pass a SpoolBatch makes over an action gives
// the bytes the two passes gave (the stream's for the spool, the drain's
// for the log), or, when it says it did not redact for the log, the
// spool's answer, which the drain then redacts as before. It reports
// whether the one pass was taken.
func checkLogRedaction(t *testing.T, enc *spoolEncoder, raw []byte) bool {
	t.Helper()
	got, forLog := enc.redactAction(bytes.Clone(raw))
	want := redactActionWith(raw, redactForSpool)
	if forLog {
		want = drainsTo(raw)
	}
	if !bytes.Equal(got, want) {
		t.Fatalf("action %q (for the log: %v):\n got  %q\n want %q", raw, forLog, got, want)
	}
	return forLog
}

// newLogEncoder is the encoder a SpoolBatch uses, with fresh memories.
func newLogEncoder() *spoolEncoder {
	spool, log := &cleanSet{full: redactForSpool}, &cleanSet{full: logRedactor(redactForSpool, Redact)}
	return &spoolEncoder{redact: spool.redact, forLog: log.redact, crc: castagnoliFast()}
}

// logRedactionTexts are the texts the generated actions carry: secrets,
// personal data, command-line passwords and near misses of each, and the
// strings a JSON reader can get wrong (escapes, invalid UTF-8).
func logRedactionTexts() []string {
	texts := append([]string{}, cleanSetTexts...)
	texts = append(texts, hostileStrings...)
	return append(texts,
		"ana.lopez@example.org \xff", "mysql -phunter2 \xc3", "token: \xed\xa0\x80 ghp_abcdefghijklmnopqrstuvwxyz0123456789",
		"Zhang San 13812345678", "ssn 123-45-6789", "Set-Cookie: sid=abcdef0123456789abcdef; Path=/",
		"-----BEGIN RSA PRIVATE KEY-----\nMIIEowIBAAKCAQEA\n-----END RSA PRIVATE KEY-----")
}

// randomAction is an action of a random shape over texts: objects under
// ordinary keys and under keys that name secrets, arrays, numbers, spaced
// or compact, or a text that is not JSON at all.
func randomAction(rng *rand.Rand, texts []string) []byte {
	pick := func() string { return texts[rng.IntN(len(texts))] }
	keys := []string{"command", "input", "password", "api_key", "clientSecret", "Authorization", "to", "body", "x", ""}
	var value func(depth int) any
	value = func(depth int) any {
		switch n := rng.IntN(6); {
		case depth > 2 || n < 2:
			return pick()
		case n == 2:
			return rng.IntN(2000) - 1000
		case n == 3:
			return []any{value(depth + 1), value(depth + 1)}
		default:
			m := map[string]any{}
			for range 1 + rng.IntN(3) {
				m[keys[rng.IntN(len(keys))]] = value(depth + 1)
			}
			return m
		}
	}
	switch rng.IntN(8) {
	case 0:
		return []byte(pick()) // not JSON, or JSON by chance
	case 1:
		b, _ := json.MarshalIndent(value(0), "", " ")
		return b
	}
	b, _ := json.Marshal(value(0))
	return b
}

// TestSpoolLogRedactionIsDrain: over 5,000 generated actions, the one
// pass gives the two passes' bytes, and is taken for most of them; the
// actions carry secrets under every kind of key and in the text.
func TestSpoolLogRedactionIsDrain(t *testing.T) {
	rng := rand.New(rand.NewPCG(15, 23))
	texts := logRedactionTexts()
	enc := newLogEncoder()
	const n = 5000
	oneP, redacted := 0, 0
	for range n {
		raw := randomAction(rng, texts)
		if checkLogRedaction(t, enc, raw) {
			oneP++
		}
		if !bytes.Equal(drainsTo(raw), raw) {
			redacted++
		}
	}
	if oneP < n*3/4 {
		t.Errorf("the one pass was taken for %d of %d actions", oneP, n)
	}
	if redacted < n/4 {
		t.Errorf("only %d of %d actions had something to redact", redacted, n)
	}
}

// TestLogRedactorReadsBack: where the spool's redactor leaves a text that
// is not valid UTF-8, the one pass answers what the drain reads back and
// then makes of it: the spool's bytes when the log's redactor changes
// nothing, the log's answer otherwise.
func TestLogRedactorReadsBack(t *testing.T) {
	spool := func(s string) string {
		if s == "x" || s == "y" {
			return s + "\xff"
		}
		return s
	}
	log := func(s string) string {
		if s == "y\ufffd" {
			return "[y]"
		}
		return s
	}
	g := logRedactor(spool, log)
	for s, want := range map[string]string{"x": "x\xff", "y": "[y]", "z": "z"} {
		if got := g(s); got != want {
			t.Errorf("logRedactor(%q) = %q, want %q", s, got, want)
		}
	}
	// Through the walk, as the drain would make it of the spool's line.
	enc := &spoolEncoder{redact: spool, forLog: g}
	for _, raw := range []string{`{"a":"x","b":"y","c":"z"}`, `x`, `y`} {
		got, forLog := enc.redactAction([]byte(raw))
		line := redactActionWith([]byte(raw), spool)
		want := (&cleanSet{full: log}).redactValidAction(line)
		if !forLog || !bytes.Equal(got, want) {
			t.Errorf("redactAction(%s) = %q (for the log %v), the drain makes %q", raw, got, forLog, want)
		}
	}
}

// FuzzSpoolLogRedaction is the differential test of the one pass against
// the two, on any bytes.
func FuzzSpoolLogRedaction(f *testing.F) {
	rng := rand.New(rand.NewPCG(1, 2))
	texts := logRedactionTexts()
	for range 40 {
		f.Add(randomAction(rng, texts))
	}
	for _, a := range hostileActions {
		f.Add([]byte(a))
	}
	enc := newLogEncoder()
	f.Fuzz(func(t *testing.T, raw []byte) {
		checkLogRedaction(t, enc, raw)
	})
}

// TestSpoolBatchLineSaysLogRedacted: a batch's line carries the field
// that tells the drain its action is redacted, the reader finds it, and a
// line without it, or read by encoding/json, does not say so.
func TestSpoolBatchLineSaysLogRedacted(t *testing.T) {
	enc := newLogEncoder()
	r := &Record{Tool: "Bash", Action: []byte(`{"command":"mysql -u root -phunter2 app"}`), Verdict: "allow", Level: "safe"}
	frame, err := enc.appendFrame(nil, r)
	if err != nil {
		t.Fatal(err)
	}
	got, logRedacted := spooled(bytes.Trim(frame, "\n"), false)
	if !logRedacted || got.Kind == SpoolDamageKind || !bytes.Equal(got.Action, r.Action) {
		t.Fatalf("frame %q read as %+v, log-redacted %v", frame, got, logRedacted)
	}
	if bytes.Contains(got.Action, []byte("hunter2")) {
		t.Errorf("the password is in the spool: %s", got.Action)
	}
	var viaJSON Record
	line := bytes.TrimSpace(frame[bytes.IndexByte(frame[1:], '{')+1:])
	if err := json.Unmarshal(line, &viaJSON); err != nil || !bytes.Equal(viaJSON.Action, got.Action) {
		t.Errorf("encoding/json reads %q as %s, %v", line, viaJSON.Action, err)
	}
	plain := &spoolEncoder{redact: redactForSpool, crc: castagnoliFast()}
	frame, _ = plain.appendFrame(nil, &Record{Tool: "Bash", Action: []byte(`{"a":1}`)})
	if _, logRedacted := spooled(bytes.Trim(frame, "\n"), false); logRedacted || bytes.Contains(frame, []byte(logRedactedField)) {
		t.Errorf("a hook's frame %q says it is redacted for the log", frame)
	}
	// The field anywhere but last is a line the hand reader leaves to
	// encoding/json, which does not say so.
	moved := fmt.Appendf(nil, `{"seq":0%s,"time":"2026-11-30T00:00:00Z"}`, logRedactedField)
	if red, err := readSpoolLine(moved, &Record{}); err != nil || red {
		t.Errorf("readSpoolLine(%s) = %v, %v", moved, red, err)
	}
}
