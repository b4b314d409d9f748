package cli

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"path/filepath"
	"testing"

	"github.com/actionguard/actionguard/guard"
)

func benchInput(n int) []byte {
	cmds := []string{"git status", "go test ./...", "rm -rf node_modules dist", "git push --force origin main", "ls -la src", "cat package.json | jq .scripts"}
	var b bytes.Buffer
	for i := 0; i < n; i++ {
		fmt.Fprintf(&b, `{"id":"%d","tool":"Bash","input":{"command":%q},"context":{"application":"coding-agent","cwd":"/home/dev/project","session_id":"bench"}}`+"\n", i, cmds[i%len(cmds)])
	}
	return b.Bytes()
}

// BenchmarkStream is check --jsonl without the audit log; ns/op is per action.
func BenchmarkStream(b *testing.B) {
	in := benchInput(b.N)
	g := guard.New()
	b.ResetTimer()
	if err := streamActions(context.Background(), g, nil, bytes.NewReader(in), io.Discard, streamDefaults{}); err != nil {
		b.Fatal(err)
	}
}

// BenchmarkStreamAudited is check --jsonl recording every decision.
func BenchmarkStreamAudited(b *testing.B) {
	in := benchInput(b.N)
	a := &app{env: Env{Getenv: func(string) string { return "" }}, dbPath: filepath.Join(b.TempDir(), "a.db")}
	sink, err := a.sink(context.Background())
	if err != nil {
		b.Fatal(err)
	}
	g := guard.New()
	b.ResetTimer()
	if err := streamActions(context.Background(), g, sink, bytes.NewReader(in), io.Discard, streamDefaults{}); err != nil {
		b.Fatal(err)
	}
	if err := sink.Close(); err != nil {
		b.Fatal(err)
	}
}
