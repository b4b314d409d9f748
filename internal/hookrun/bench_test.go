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
	for _, name := range []string{"routine", "heredoc-200", "git-destructive"} {
		in, err := os.ReadFile(filepath.Join("../../bench/hookinputs", name+".json"))
		if err != nil {
			b.Fatal(err)
		}
		b.Run(name, func(b *testing.B) {
			dir := b.TempDir()
			cfg := Config{DBPath: filepath.Join(dir, "audit.db"), Open: testOpen, Getenv: func(k string) string {
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

// BenchmarkHookCallHeld is a held call from an agent that cannot ask
// (Codex): the approval queue is opened, and the request already open for
// the call is found again. BenchmarkHookCallAsk is one from an agent that
// asks (Claude Code), which only looks for an approval already granted.
func BenchmarkHookCallHeld(b *testing.B) {
	in := []byte(`{"session_id":"cx-1","turn_id":"t-1","cwd":"/home/dev/project","hook_event_name":"PreToolUse","tool_name":"Bash","tool_input":{"command":"npm publish"},"tool_use_id":"call_1"}`)
	for _, ad := range []adapter.Adapter{adapter.Codex{}, adapter.Claude{}} {
		b.Run(ad.Name(), func(b *testing.B) {
			dir := b.TempDir()
			cfg := Config{DBPath: filepath.Join(dir, "audit.db"), Open: testOpen, Getenv: func(k string) string {
				if k == "HOME" {
					return dir
				}
				return ""
			}}
			// The database exists, as it does after the first held call.
			Run(context.Background(), adapter.Codex{}, cfg, bytes.NewReader(in))
			b.ReportAllocs()
			for i := 0; i < b.N; i++ {
				resp := Run(context.Background(), ad, cfg, bytes.NewReader(in))
				if len(resp.Stdout) == 0 {
					b.Fatal("no answer")
				}
			}
		})
	}
}
