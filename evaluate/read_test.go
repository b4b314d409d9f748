package evaluate

import (
	"bytes"
	"encoding/json"
	"errors"
	"flag"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"testing/iotest"
)

// The -update flag rewrites the golden files. Other tests of the package
// may declare the same flag, so it is looked up rather than declared here.
func init() {
	if flag.Lookup("update") == nil {
		flag.Bool("update", false, "rewrite the golden files in testdata")
	}
}

func readUpdateGolden() bool {
	f := flag.Lookup("update")
	return f != nil && f.Value.String() == "true"
}

// readGoldenMaxRecord bounds records in the golden tests, so that the
// too-long-line case stays small.
const readGoldenMaxRecord = 16 << 10

// readGolden is what a golden file holds: the trajectories read, with
// where and how, and the problems reported.
type readGolden struct {
	Trajectories []readGoldenTrajectory `json:"trajectories"`
	Problems     []Problem              `json:"problems"`
}

type readGoldenTrajectory struct {
	ID          string `json:"id"`
	Format      string `json:"format"`
	Source      string `json:"source"`
	Agent       string `json:"agent,omitempty"`
	Application string `json:"application,omitempty"`
	Cwd         string `json:"cwd,omitempty"`
	Steps       []Step `json:"steps"`
}

// readAllTrajectories reads every trajectory of in, checking the invariants every
// trajectory keeps.
func readAllTrajectories(t testing.TB, in io.Reader, name string, opts ReadOptions) readGolden {
	t.Helper()
	res := readGolden{Trajectories: []readGoldenTrajectory{}, Problems: []Problem{}}
	opts.OnProblem = func(p Problem) { res.Problems = append(res.Problems, p) }
	r := NewReader(in, name, opts)
	for {
		tr, err := r.Next()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			t.Fatalf("Next: %v", err)
		}
		checkReadTrajectory(t, tr)
		res.Trajectories = append(res.Trajectories, readGoldenTrajectory{
			ID: tr.ID, Format: tr.Format, Source: tr.Source,
			Agent: tr.Agent, Application: tr.Application, Cwd: tr.Cwd, Steps: tr.Steps,
		})
	}
	if _, err := r.Next(); !errors.Is(err, io.EOF) {
		t.Errorf("Next after io.EOF: %v, want io.EOF", err)
	}
	return res
}

func checkReadTrajectory(t testing.TB, tr *Trajectory) {
	t.Helper()
	if tr.ID == "" || tr.Source == "" || !slices.Contains(Formats, tr.Format) {
		t.Errorf("trajectory without an id, a source or a known format: id %q, source %q, format %q", tr.ID, tr.Source, tr.Format)
	}
	if tr.Steps == nil {
		t.Errorf("%s: nil steps", tr.ID)
	}
	for i, s := range tr.Steps {
		if len(s.Input) > 0 && !json.Valid(s.Input) {
			t.Errorf("%s: steps[%d].Input is not JSON: %q", tr.ID, i, s.Input)
		}
		var c bytes.Buffer
		if len(s.Input) > 0 && (json.Compact(&c, s.Input) != nil || !bytes.Equal(c.Bytes(), s.Input)) {
			t.Errorf("%s: steps[%d].Input is not compact: %s", tr.ID, i, s.Input)
		}
		switch s.Type {
		case StepUser, StepAssistant, StepToolCall, StepSystem:
		default:
			t.Errorf("%s: steps[%d] has type %q", tr.ID, i, s.Type)
		}
	}
}

func marshalReadResult(t testing.TB, res readGolden) []byte {
	t.Helper()
	b, err := json.MarshalIndent(res, "", "  ")
	if err != nil {
		t.Fatal(err)
	}
	return append(b, '\n')
}

// TestReadGolden reads every input in testdata/read with the format
// detected, and compares with its .golden.json.
func TestReadGolden(t *testing.T) {
	files, err := filepath.Glob("testdata/read/*")
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, file := range files {
		if strings.HasSuffix(file, ".golden.json") {
			continue
		}
		n++
		name := filepath.Base(file)
		t.Run(name, func(t *testing.T) {
			in, err := os.ReadFile(file)
			if err != nil {
				t.Fatal(err)
			}
			res := readAllTrajectories(t, bytes.NewReader(in), name, ReadOptions{MaxRecord: readGoldenMaxRecord})
			got := marshalReadResult(t, res)
			golden := strings.TrimSuffix(file, filepath.Ext(file)) + ".golden.json"
			if readUpdateGolden() {
				if err := os.WriteFile(golden, got, 0o644); err != nil {
					t.Fatal(err)
				}
				return
			}
			want, err := os.ReadFile(golden)
			if err != nil {
				t.Fatalf("%v (run go test -run TestReadGolden -update)", err)
			}
			if !bytes.Equal(got, want) {
				t.Errorf("read %s: got (-) / want (+):\n%s", name, readLineDiff(string(got), string(want)))
			}

			// The same input one byte at a time, and with its format
			// forced, reads the same.
			slow := readAllTrajectories(t, iotest.OneByteReader(bytes.NewReader(in)), name, ReadOptions{MaxRecord: readGoldenMaxRecord})
			if g := marshalReadResult(t, slow); !bytes.Equal(g, got) {
				t.Errorf("read one byte at a time: got (-) / want (+):\n%s", readLineDiff(string(g), string(got)))
			}
			if f := readSingleFormat(res); f != "" && len(res.Problems) == 0 {
				forced := readAllTrajectories(t, bytes.NewReader(in), name, ReadOptions{MaxRecord: readGoldenMaxRecord, Format: f})
				if g := marshalReadResult(t, forced); !bytes.Equal(g, got) {
					t.Errorf("read as %s: got (-) / want (+):\n%s", f, readLineDiff(string(g), string(got)))
				}
			}
		})
	}
	if n == 0 {
		t.Fatal("no inputs in testdata/read")
	}
}

// readSingleFormat is the format of all the trajectories read, if they share
// one.
func readSingleFormat(res readGolden) string {
	f := ""
	for _, tr := range res.Trajectories {
		if f != "" && tr.Format != f {
			return ""
		}
		f = tr.Format
	}
	return f
}

// readLineDiff shows the lines where got and want first differ, with some
// context: enough to see a golden change.
func readLineDiff(got, want string) string {
	g, w := strings.Split(got, "\n"), strings.Split(want, "\n")
	i := 0
	for i < len(g) && i < len(w) && g[i] == w[i] {
		i++
	}
	var b strings.Builder
	for k := max(0, i-3); k < i; k++ {
		b.WriteString("  " + g[k] + "\n")
	}
	for k := i; k < min(len(g), i+8); k++ {
		b.WriteString("- " + g[k] + "\n")
	}
	for k := i; k < min(len(w), i+8); k++ {
		b.WriteString("+ " + w[k] + "\n")
	}
	return b.String()
}
