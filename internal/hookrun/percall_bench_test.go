package hookrun

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/actionguard/actionguard/adapter"
)

// BenchmarkHookCallInputs is the lean hook's call (TryRun, no database
// driver) on every input of bench/hook.sh, each in its own state
// directory: what a hook process spends after its start, by verdict
// (allowed, blocked, held, a file written).
func BenchmarkHookCallInputs(b *testing.B) {
	files, err := filepath.Glob("../../bench/hookinputs/*.json")
	if err != nil || len(files) < 5 {
		b.Fatalf("bench/hookinputs: %d inputs, %v", len(files), err)
	}
	for _, file := range files {
		in, err := os.ReadFile(file)
		if err != nil {
			b.Fatal(err)
		}
		b.Run(strings.TrimSuffix(filepath.Base(file), ".json"), func(b *testing.B) {
			dir := b.TempDir()
			cfg := Config{DBPath: filepath.Join(dir, "state", "audit.db"), Getenv: func(k string) string {
				if k == "HOME" {
					return dir
				}
				return ""
			}}
			b.ReportAllocs()
			for i := 0; i < b.N; i++ {
				resp, err := TryRun(context.Background(), adapter.Claude{}, cfg, bytes.NewReader(in))
				if err == nil && len(resp.Stdout) == 0 {
					b.Fatal("no answer")
				}
			}
		})
	}
}
