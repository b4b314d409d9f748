package guard_test

import (
	"bufio"
	"context"
	"encoding/json"
	"os"
	"testing"

	"github.com/actionguard/actionguard/guard"
)

// BenchmarkCheckStream is guard.Check over the actions of a JSON-lines
// file ($ACTIONGUARD_BENCH_ACTIONS, as bench/genactions writes it): the
// mix `check --jsonl` sees, without the decoding and the encoding, for
// CPU and allocation profiles of the analysis itself. One op is one action.
func BenchmarkCheckStream(b *testing.B) {
	name := os.Getenv("ACTIONGUARD_BENCH_ACTIONS")
	if name == "" {
		b.Skip("set ACTIONGUARD_BENCH_ACTIONS to a JSON-lines file of actions (go run ./bench/genactions)")
	}
	acts := readActions(b, name)
	g := guard.New(guard.WithHome("/home/dev"))
	ctx := context.Background()
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		g.Check(ctx, acts[i%len(acts)])
	}
}

// readActions reads one action per line of the file name.
func readActions(b *testing.B, name string) []guard.Action {
	b.Helper()
	f, err := os.Open(name)
	if err != nil {
		b.Fatalf("open the actions: %v", err)
	}
	defer f.Close()
	var acts []guard.Action
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 0, 1<<20), 1<<24)
	for sc.Scan() {
		var a guard.Action
		if err := json.Unmarshal(sc.Bytes(), &a); err != nil {
			b.Fatalf("line %d of %s: %v", len(acts)+1, name, err)
		}
		acts = append(acts, a)
	}
	if err := sc.Err(); err != nil {
		b.Fatalf("read %s: %v", name, err)
	}
	if len(acts) == 0 {
		b.Fatalf("%s holds no action", name)
	}
	return acts
}
