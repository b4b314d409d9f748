package hookrun

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"testing"

	"github.com/actionguard/actionguard/adapter"
)

// BenchmarkHookCall is one hook call's work inside the process (what is
// left after process start): decode, check, spool the record, answer.
func BenchmarkHookCall(b *testing.B) {
	for _, name := range []string{"routine", "heredoc-200"} {
		in, err := os.ReadFile(filepath.Join("../../bench/hookinputs", name+".json"))
		if err != nil {
			b.Fatal(err)
		}
		b.Run(name, func(b *testing.B) {
			dir := b.TempDir()
			cfg := Config{DBPath: filepath.Join(dir, "audit.db"), Getenv: func(k string) string {
				if k == "HOME" {
					return dir
				}
				return ""
			}}
			b.ReportAllocs()
			for i := 0; i < b.N; i++ {
				resp := Run(context.Background(), adapter.Claude{}, cfg, bytes.NewReader(in))
				if len(resp.Stdout) == 0 {
					b.Fatal("no answer")
				}
			}
		})
	}
}
