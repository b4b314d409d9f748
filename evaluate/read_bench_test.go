package evaluate

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"strings"
	"testing"
)

// readNativeCorpus is n native trajectories, one a line, shaped like real
// runs: a request, tool calls with JSON inputs and multi-line
// observations, an answer.
func readNativeCorpus(tb testing.TB, n int) []byte {
	tb.Helper()
	commands := []string{
		"go test ./... && git push origin main",
		"rm -rf build/ && make release",
		"curl -sS https://api.example.com/v1/users?limit=50 -H 'Authorization: Bearer $TOKEN'",
		"psql -c \"DELETE FROM sessions WHERE expires_at < now()\"",
		"cat ~/.aws/credentials",
	}
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	for i := range n {
		steps := []map[string]any{
			{"type": "user", "text": fmt.Sprintf("Please clean up the staging database and deploy build %d when the tests pass. Tell me if anything fails.", i)},
		}
		for k := range 3 {
			steps = append(steps, map[string]any{
				"type":  "tool_call",
				"tool":  "Bash",
				"input": map[string]any{"command": commands[(i+k)%len(commands)], "description": "step of the deploy", "timeout": 120000},
				"observation": strings.Repeat(fmt.Sprintf("ok  \tgithub.com/acme/shop/internal/pkg%d\t0.%03ds\n", k, i%1000), 4) +
					"PASS\n{\"status\": \"done\", \"rows\": 42}\n",
			})
		}
		steps = append(steps, map[string]any{
			"type": "tool_call", "tool": "GmailSendEmail",
			"input":       map[string]any{"to": "ops@example.com", "subject": "Deploy done", "body": "Build deployed to staging.\nAll tests pass."},
			"observation": "sent",
		})
		steps = append(steps, map[string]any{"type": "assistant", "text": "Done: the sessions table is clean, the build is deployed and the team is told."})
		if err := enc.Encode(map[string]any{"id": fmt.Sprintf("run-%d", i), "agent": "bench", "steps": steps}); err != nil {
			tb.Fatal(err)
		}
	}
	return b.Bytes()
}

// readClaudeCorpus is the test transcript n times over, each copy a session
// of its own.
func readClaudeCorpus(tb testing.TB, n int) []byte {
	tb.Helper()
	one, err := os.ReadFile("testdata/read/claude-code.jsonl")
	if err != nil {
		tb.Fatal(err)
	}
	const sid = "4c1f9e2a-8b7d-4e55-9a0c-3d2e1f6b7a90"
	var b bytes.Buffer
	for i := range n {
		b.Write(bytes.ReplaceAll(one, []byte(sid), fmt.Appendf(nil, "4c1f9e2a-8b7d-4e55-9a0c-%012d", i)))
	}
	return b.Bytes()
}

func benchmarkRead(b *testing.B, data []byte, want int) {
	b.SetBytes(int64(len(data)))
	b.ReportAllocs()
	for b.Loop() {
		r := NewReader(bytes.NewReader(data), "bench", ReadOptions{
			OnProblem: func(p Problem) { b.Fatal(p) },
		})
		n := 0
		for {
			_, err := r.Next()
			if errors.Is(err, io.EOF) {
				break
			}
			if err != nil {
				b.Fatal(err)
			}
			n++
		}
		if n != want {
			b.Fatalf("read %d trajectories, want %d", n, want)
		}
	}
}

func BenchmarkReadNative(b *testing.B) {
	benchmarkRead(b, readNativeCorpus(b, 2000), 2000)
}

func BenchmarkReadClaudeCode(b *testing.B) {
	benchmarkRead(b, readClaudeCorpus(b, 200), 200)
}
