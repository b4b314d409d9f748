package evaluate

import (
	"bytes"
	"encoding/json"
	"errors"
	"io"
	"slices"
	"testing"
	"testing/iotest"
)

// FuzzRead reads any input in any format: Next must neither panic nor
// loop, every trajectory must have an id, a known format and inputs that
// are JSON, the whole input must be consumed, and reading it one byte at
// a time must read the same. opts picks the format (its low bits: 0
// detects it) and a small MaxRecord (bit 3).
func FuzzRead(f *testing.F) {
	f.Add([]byte(`{"id":"a","steps":[{"type":"tool_call","tool":"Bash","input":{"command":"ls"}}]}`), uint8(0))
	f.Fuzz(func(t *testing.T, data []byte, opts uint8) {
		o := ReadOptions{}
		if k := int(opts & 7); k > 0 && k <= len(Formats) {
			o.Format = Formats[k-1]
		}
		if opts&8 != 0 {
			o.MaxRecord = 64
		}
		whole := fuzzRead(t, bytes.NewReader(data), len(data), o)
		slow := fuzzRead(t, iotest.OneByteReader(bytes.NewReader(data)), len(data), o)
		if !bytes.Equal(whole, slow) {
			t.Fatalf("read whole and one byte at a time differ:\n%s\n%s", whole, slow)
		}
	})
}

func fuzzRead(t *testing.T, in io.Reader, size int, opts ReadOptions) []byte {
	var problems []Problem
	opts.OnProblem = func(p Problem) {
		if p.Line < 0 || p.Message == "" {
			t.Fatalf("bad problem: %+v", p)
		}
		problems = append(problems, p)
	}
	r := NewReader(in, "fuzz", opts)
	var got []*Trajectory
	last := int64(0)
	for {
		tr, err := r.Next()
		if off := r.Offset(); off < last || off > int64(size) {
			t.Fatalf("Offset %d after %d, input of %d bytes", off, last, size)
		} else {
			last = off
		}
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			t.Fatalf("Next: %v", err)
		}
		if tr.ID == "" || !slices.Contains(Formats, tr.Format) || tr.Source == "" {
			t.Fatalf("trajectory with id %q, format %q, source %q", tr.ID, tr.Format, tr.Source)
		}
		for i, s := range tr.Steps {
			if len(s.Input) > 0 && !json.Valid(s.Input) {
				t.Fatalf("steps[%d].Input is not JSON: %q", i, s.Input)
			}
		}
		got = append(got, tr)
		if len(got) > size+1 {
			t.Fatalf("more trajectories (%d) than bytes (%d)", len(got), size)
		}
	}
	if last != int64(size) {
		t.Fatalf("consumed %d bytes of %d", last, size)
	}
	type result struct {
		Trajectories []*Trajectory
		Formats      []string
		Problems     []Problem
	}
	res := result{Trajectories: got, Problems: problems}
	for _, tr := range got {
		res.Formats = append(res.Formats, tr.Format+" "+tr.Source)
	}
	b, err := json.Marshal(res)
	if err != nil {
		t.Fatalf("marshal: %v", err)
	}
	return b
}
