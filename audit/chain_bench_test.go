package audit

import (
	"crypto/hmac"
	"crypto/sha256"
	"encoding/json"
	"testing"
	"time"
)

// benchChainRecord is a record of the size check --jsonl writes (its
// spool line ≈ 560 bytes).
func benchChainRecord() *Record {
	return &Record{Seq: 41237, Time: time.Date(2026, 11, 30, 4, 0, 21, 205921000, time.UTC), SessionID: "bench",
		Tool: "Bash", Kind: "shell",
		Action:  json.RawMessage(`{"id":"41236","tool":"Bash","input":{"command":"git diff --stat -- src/ internal/ | tail -n 20"},"context":{"application":"coding-agent","cwd":"/home/dev/project","session_id":"bench"}}`),
		Verdict: "allow", Level: "safe", Risk: 1, Rules: []string{}, Reason: "Nothing risky found: it only reads.",
		DurationMicros: 7734, PrevHash: KeyedPrefix + "5f0c3c1e9a7d4b2f8e6a1c3b5d7f9e0a2c4b6d8f0e1a3c5b7d9f1e3a5c7b9d0f"}
}

// BenchmarkChainStep measures the parts of sealing a record: its
// canonical encoding, the HMAC over it (what Append does), and an HMAC
// over the record's spool line instead (a hash version that hashed the
// line's bytes would do that): the docs/benchmarks.md figures for the
// chain step (`go test ./audit/ -run '^$' -bench ChainStep`).
func BenchmarkChainStep(b *testing.B) {
	r := benchChainRecord()
	key := make([]byte, KeySize)
	m := hmac.New(sha256.New, key)
	b.Run("canonical", func(b *testing.B) {
		var stack [1024]byte
		for b.Loop() {
			_ = r.canonical(stack[:0], true)
		}
		b.ReportMetric(float64(len(r.canonical(nil, true))), "canonical-bytes")
	})
	b.Run("hmac-canonical", func(b *testing.B) {
		for b.Loop() {
			_ = r.computeMAC(m)
		}
	})
	line, err := spoolLine(r)
	if err != nil {
		b.Fatal(err)
	}
	b.Run("hmac-spool-line", func(b *testing.B) {
		var sum [sha256.Size]byte
		for b.Loop() {
			m.Reset()
			m.Write(line)
			_ = m.Sum(sum[:0])
		}
		b.ReportMetric(float64(len(line)), "line-bytes")
	})
}
