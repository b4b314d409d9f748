package cli

import (
	"bytes"
	"io"
	"os"
	"testing"
)

// BenchmarkRedactStream is redact --jsonl over ordinary lines (set
// ACTIONGUARD_REDACT_BENCH to a JSONL file; bench/redact.sh measures the
// whole command).
func BenchmarkRedactStream(b *testing.B) {
	path := os.Getenv("ACTIONGUARD_REDACT_BENCH")
	if path == "" {
		b.Skip("ACTIONGUARD_REDACT_BENCH is not set")
	}
	data, err := os.ReadFile(path)
	if err != nil {
		b.Fatal(err)
	}
	b.SetBytes(int64(len(data)))
	for b.Loop() {
		if err := (&redactOptions{}).stream(bytes.NewReader(data), io.Discard, io.Discard); err != nil {
			b.Fatal(err)
		}
	}
}
