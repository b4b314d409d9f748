package cli

import (
	"context"
	"encoding/json"
	"io"
	"strconv"
	"testing"

	"github.com/actionguard/actionguard/guard"
	"github.com/actionguard/actionguard/internal/corpus"
)

// corpusReader yields n actions as JSON lines, the labelled commands in turn,
// as bench/genactions writes them; each line is made when it is read, so
// the input costs neither memory nor time before the benchmark's timer.
type corpusReader struct {
	cmds [][]byte // each command as a JSON string
	i, n int
	buf  []byte
}

func (r *corpusReader) Read(p []byte) (int, error) {
	for len(r.buf) == 0 {
		if r.i == r.n {
			return 0, io.EOF
		}
		r.buf = append(r.buf, `{"context":{"application":"coding-agent","cwd":"/home/dev/project","session_id":"bench"},"id":"`...)
		r.buf = strconv.AppendInt(r.buf, int64(r.i), 10)
		r.buf = append(r.buf, `","input":{"command":`...)
		r.buf = append(r.buf, r.cmds[r.i%len(r.cmds)]...)
		r.buf = append(r.buf, "},\"tool\":\"Bash\"}\n"...)
		r.i++
	}
	n := copy(p, r.buf)
	r.buf = r.buf[n:]
	return n, nil
}

// BenchmarkStreamCorpus is check --jsonl without the audit log over the
// labelled corpus, the input of the throughput measure (bench/run.sh); ns/op
// and allocs/op are per action.
func BenchmarkStreamCorpus(b *testing.B) {
	r := &corpusReader{n: b.N}
	for _, row := range corpus.Shell(b, "shell/labelled-commands.jsonl") {
		if row.Command == "" {
			continue
		}
		q, err := json.Marshal(row.Command)
		if err != nil {
			b.Fatal(err)
		}
		r.cmds = append(r.cmds, q)
	}
	g := guard.New(guard.WithHome("/home/dev"))
	b.ReportAllocs()
	b.ResetTimer()
	if err := streamActions(context.Background(), g, nil, r, io.Discard, streamDefaults{}); err != nil {
		b.Fatal(err)
	}
}
