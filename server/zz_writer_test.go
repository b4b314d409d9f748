package server_test

import (
	"context"
	"fmt"
	"testing"

	"github.com/actionguard/actionguard/audit"
	"github.com/actionguard/actionguard/guard"
	"github.com/actionguard/actionguard/internal/hookrun"
)

func BenchmarkZZWriter(b *testing.B) {
	for _, n := range []int{1, 8, 32, 128} {
		b.Run(fmt.Sprint(n), func(b *testing.B) {
			st := openStore(b)
			log := audit.New(st)
			g := guard.New()
			recs := make([]*audit.Record, n)
			b.ResetTimer()
			for i := 0; i < b.N; i += n {
				for k := range recs {
					a := guard.Action{ID: audit.NewID(), Tool: "Bash", Input: map[string]any{"command": "git status"}, Context: guard.Context{SessionID: fmt.Sprint("s", k%50)}}
					d, _ := g.Check(context.Background(), a)
					recs[k] = hookrun.RecordOf(&a, &d, 0)
				}
				if err := log.AppendBatch(context.Background(), recs); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
