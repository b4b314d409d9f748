package audit_test

import (
	"context"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/actionguard/actionguard/audit"
	"github.com/actionguard/actionguard/store"
)

// BenchmarkOpenAppendClose is what one hook process pays for its audit
// record: open the store (schema already current), append, close. It reports
// the median of each step.
//
// alone: no other connection to the file, so the append starts a new WAL
// (its header is synced) and Close, as the last connection, checkpoints the
// WAL into the database (two more fsyncs). shared: another process (here, a
// Log kept open) holds the file, as concurrent hooks or a server do; nothing
// is synced.
func BenchmarkOpenAppendClose(b *testing.B) {
	for _, shared := range []bool{false, true} {
		name := "alone"
		if shared {
			name = "shared"
		}
		b.Run(name, func(b *testing.B) {
			ctx := context.Background()
			path := filepath.Join(b.TempDir(), "actionguard.db")
			s, err := store.Open(ctx, path)
			if err != nil {
				b.Fatal(err)
			}
			if shared {
				defer s.Close()
				if _, err := audit.New(s).Count(ctx); err != nil {
					b.Fatal(err)
				}
			} else {
				s.Close()
			}
			var open, appendd, closee []time.Duration
			b.ReportAllocs()
			for i := 0; b.Loop(); i++ {
				t0 := time.Now()
				s, err := store.Open(ctx, path)
				if err != nil {
					b.Fatal(err)
				}
				t1 := time.Now()
				if err := audit.New(s).Append(ctx, hookRecord("bench", i)); err != nil {
					b.Fatal(err)
				}
				t2 := time.Now()
				if err := s.Close(); err != nil {
					b.Fatal(err)
				}
				t3 := time.Now()
				open, appendd, closee = append(open, t1.Sub(t0)), append(appendd, t2.Sub(t1)), append(closee, t3.Sub(t2))
			}
			b.ReportMetric(median(open), "open-µs")
			b.ReportMetric(median(appendd), "append-µs")
			b.ReportMetric(median(closee), "close-µs")
		})
	}
}

func median(ds []time.Duration) float64 {
	slices.Sort(ds)
	return float64(ds[len(ds)/2].Microseconds())
}

// BenchmarkAppend is a long-lived process (the server) appending.
func BenchmarkAppend(b *testing.B) {
	ctx := context.Background()
	s, err := store.Open(ctx, filepath.Join(b.TempDir(), "actionguard.db"))
	if err != nil {
		b.Fatal(err)
	}
	defer s.Close()
	l := audit.New(s)
	b.ReportAllocs()
	for i := 0; b.Loop(); i++ {
		if err := l.Append(ctx, hookRecord("bench", i)); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkVerify(b *testing.B) {
	ctx := context.Background()
	s, err := store.Open(ctx, filepath.Join(b.TempDir(), "actionguard.db"))
	if err != nil {
		b.Fatal(err)
	}
	defer s.Close()
	l := audit.New(s)
	const n = 10000
	for i := range n {
		if err := l.Append(ctx, hookRecord("bench", i)); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportAllocs()
	for b.Loop() {
		if res, err := l.Verify(ctx, nil); err != nil || !res.OK() {
			b.Fatal(res, err)
		}
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*n), "ns/record")
}

// typicalAction is a coding agent's shell command, as it is audited.
const typicalAction = `{"tool":"Bash","input":{"command":"cd /home/u/app && go test ./... 2>&1 | tail -20","description":"Run the tests"},"context":{"cwd":"/home/u/app","git_branch":"main"}}`

func BenchmarkRedact(b *testing.B) {
	for _, bc := range []struct{ name, text string }{
		{"command", "cd /home/u/app && go test ./... 2>&1 | tail -20"},
		{"command-with-secret", "curl -H 'Authorization: Bearer 4f9a8b7c6d5e4f3a2b1c0d9e' https://api.example.com/v1?token=abc123"},
		{"64KiB-prose", strings.Repeat("The deploy script reads the config, checks the key and token settings, then runs. ", 800)},
	} {
		b.Run(bc.name, func(b *testing.B) {
			b.SetBytes(int64(len(bc.text)))
			b.ReportAllocs()
			for b.Loop() {
				audit.Redact(bc.text)
			}
		})
	}
}

func BenchmarkRedactJSON(b *testing.B) {
	raw := []byte(typicalAction)
	b.SetBytes(int64(len(raw)))
	b.ReportAllocs()
	for b.Loop() {
		audit.RedactJSON(raw)
	}
}

// BenchmarkAppendBatch is what a long-lived process (check --jsonl, the
// server) pays per record when it appends 512 at a time.
func BenchmarkAppendBatch(b *testing.B) {
	ctx := context.Background()
	st, err := store.Open(ctx, filepath.Join(b.TempDir(), "actionguard.db"))
	if err != nil {
		b.Fatal(err)
	}
	defer st.Close()
	l := audit.New(st)
	batch := make([]*audit.Record, 0, 512)
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		batch = append(batch, hookRecord("bench", i))
		if len(batch) == cap(batch) || i == b.N-1 {
			if err := l.AppendBatch(ctx, batch); err != nil {
				b.Fatal(err)
			}
			batch = batch[:0]
		}
	}
}

// BenchmarkSpoolAppend is what a hook call pays to record its decision: one
// framed, locked append to the spool.
func BenchmarkSpoolAppend(b *testing.B) {
	sp := audit.NewSpool(filepath.Join(b.TempDir(), "actionguard.db.spool"))
	b.ReportAllocs()
	for i := 0; b.Loop(); i++ {
		if err := sp.Append(hookRecord("bench", i)); err != nil {
			b.Fatal(err)
		}
	}
}
