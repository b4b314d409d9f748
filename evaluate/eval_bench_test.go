package evaluate_test

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"io"
	"testing"

	"github.com/actionguard/actionguard/evaluate"
	"github.com/actionguard/actionguard/evaluate/evaltest"
	"github.com/actionguard/actionguard/guard"
)

// BenchmarkEvalGuardJSONL is `actionguard eval --guard --jsonl` in
// process on one goroutine: read native JSONL, score every run, replay
// every tool call through the guard, encode each result as a line. The
// budget is ≥ 50 MB/s per core of trajectory text (run with -cpu 1).
func BenchmarkEvalGuardJSONL(b *testing.B) {
	benchEval(b, true)
}

// BenchmarkEvalJSONL is the same without the guard replay: the metric
// alone.
func BenchmarkEvalJSONL(b *testing.B) {
	benchEval(b, false)
}

func benchEval(b *testing.B, replay bool) {
	var in bytes.Buffer
	if _, err := evaltest.WriteRuns(&in, 400, 1); err != nil {
		b.Fatal(err)
	}
	m, err := evaluate.NewMetric(evaluate.MetricOptions{})
	if err != nil {
		b.Fatal(err)
	}
	ev := &evaluate.Evaluator{Metric: m, Workers: 1}
	if replay {
		ev.Replayer = &evaluate.Replayer{Guard: guard.New()}
	}
	b.SetBytes(int64(in.Len()))
	b.ReportAllocs()
	runs := 0
	for b.Loop() {
		rd := evaluate.NewReader(bytes.NewReader(in.Bytes()), "bench", evaluate.ReadOptions{OnProblem: func(p evaluate.Problem) { b.Fatal(p) }})
		out := bufio.NewWriter(io.Discard)
		enc := json.NewEncoder(out)
		runs = 0
		err := ev.Stream(context.Background(), rd.Next, func(r *evaluate.Result) error {
			runs++
			return enc.Encode(r)
		})
		if err != nil {
			b.Fatal(err)
		}
		out.Flush()
	}
	if runs != 400 {
		b.Fatalf("%d runs evaluated, want 400", runs)
	}
}
