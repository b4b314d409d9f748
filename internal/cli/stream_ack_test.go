package cli

import (
	"bytes"
	"context"
	"errors"
	"strings"
	"sync"
	"testing"

	"github.com/actionguard/actionguard/audit"
	"github.com/actionguard/actionguard/guard"
	"github.com/actionguard/actionguard/internal/frontdoor"
)

// failingLog commits the first ok records and fails every batch after.
type failingLog struct {
	mu  sync.Mutex
	ok  int
	ids []string
}

func (l *failingLog) AppendBatch(_ context.Context, rs []*audit.Record) error {
	l.mu.Lock()
	defer l.mu.Unlock()
	if len(l.ids)+len(rs) > l.ok {
		return errors.New("disk full")
	}
	for _, r := range rs {
		l.ids = append(l.ids, string(r.Action))
	}
	return nil
}

// TestStreamGivesNoUnrecordedAnswer: when the log stops committing, the
// stream stops with the error, and no line it wrote is of a decision whose
// record was not committed, whatever the point of failure.
func TestStreamGivesNoUnrecordedAnswer(t *testing.T) {
	g := guard.New()
	for _, ok := range []int{0, 1, 255, 256, 700, 5000} {
		const n = 3000
		l := &failingLog{ok: ok}
		sink := &auditSink{Batcher: frontdoor.NewBatcher(l)}
		var out bytes.Buffer
		err := streamActions(context.Background(), g, sink, bytes.NewReader(benchInput(n)), &out, streamDefaults{})
		sink.Batcher.Close()
		lines := strings.Count(out.String(), "\n")
		committed := len(l.ids)
		if lines > committed {
			t.Errorf("log failing after %d records: %d decision lines written, only %d records committed", ok, lines, committed)
		}
		if ok >= n {
			if err != nil || lines != n {
				t.Errorf("log that never fails: %d lines, error %v", lines, err)
			}
			continue
		}
		if err == nil || !strings.Contains(err.Error(), "disk full") {
			t.Errorf("log failing after %d records: the stream ended with %v, want the log's error", ok, err)
		}
	}
}

// TestStreamWithoutLogHoldsNothing: without an audit log every decision is
// written, none waits for a record.
func TestStreamWithoutLogHoldsNothing(t *testing.T) {
	var out bytes.Buffer
	if err := streamActions(context.Background(), guard.New(), nil, bytes.NewReader(benchInput(300)), &out, streamDefaults{}); err != nil {
		t.Fatal(err)
	}
	if n := strings.Count(out.String(), "\n"); n != 300 {
		t.Fatalf("%d lines, want 300", n)
	}
}
