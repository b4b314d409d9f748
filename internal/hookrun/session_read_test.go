package hookrun

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"testing"
	"time"
)

// readTailByWindows is how the end of a session file was read before
// readTail: the last firstHistoryRead bytes, and when they held too few
// lines, the last maxHistoryRead bytes read again whole.
func readTailByWindows(f *os.File, size int64) ([]byte, int64, error) {
	var data []byte
	start := size
	for _, window := range []int64{firstHistoryRead, maxHistoryRead} {
		start = max(size-window, 0)
		data = make([]byte, size-start)
		if _, err := io.ReadFull(io.NewSectionReader(f, start, size-start), data); err != nil {
			return nil, 0, err
		}
		if start == 0 || bytes.Count(data, []byte("\n")) >= wantHistoryLines {
			break
		}
	}
	return data, start, nil
}

// TestReadTailSameAsWindows: on generated session files — short and long
// lines, a few and many, files below, across and far beyond both windows,
// with and without a line cut off at the end — readTail returns the bytes
// the two whole windows did, and readSessionLines the steps they give.
func TestReadTailSameAsWindows(t *testing.T) {
	rng := rand.New(rand.NewPCG(23, 2026))
	dir := t.TempDir()
	lengths := []int{0, 1, 40, 600, firstHistoryRead / wantHistoryLines, firstHistoryRead / 8, 9000, maxHistoryRead / 20, maxHistoryRead / 3}
	// Observations are slices of one run of random letters at random
	// offsets: drawing each byte anew cost most of the test's time (a
	// minute under the race detector) and reads no differently.
	letters := make([]byte, 2*slices.Max(lengths))
	for j := range letters {
		letters[j] = 'a' + byte(rng.IntN(26))
	}
	var file bytes.Buffer // one buffer for every file: growing each anew cost a third of the time
	for n := 0; n < 120; n++ {
		file.Reset()
		lines := rng.IntN(300)
		typical := lengths[rng.IntN(len(lengths))]
		for i := 0; i < lines; i++ {
			size := typical
			if rng.IntN(4) == 0 {
				size = lengths[rng.IntN(len(lengths))]
			}
			at := rng.IntN(len(letters) - size + 1)
			st := sessionStep{Time: time.Unix(int64(i), 0).UTC(), Tool: "Bash", Observation: string(letters[at : at+size]),
				Input: map[string]any{"command": fmt.Sprintf("echo %d", i)}}
			if rng.IntN(3) == 0 {
				st.Phase, st.Verdict, st.Observation = phasePre, "allow", ""
			}
			b, _ := json.Marshal(st)
			file.Write(b)
			file.WriteByte('\n')
		}
		if rng.IntN(5) == 0 {
			file.WriteString(`{"time":"2026-11-28T21:00:00Z","tool":"Ba`) // a writer killed mid-line
		}
		path := filepath.Join(dir, fmt.Sprintf("s%d.jsonl", n))
		if err := os.WriteFile(path, file.Bytes(), 0o600); err != nil {
			t.Fatal(err)
		}
		f, err := os.Open(path)
		if err != nil {
			t.Fatal(err)
		}
		size := int64(file.Len())
		got, gotStart, err1 := readTail(f, size)
		want, wantStart, err2 := readTailByWindows(f, size)
		f.Close()
		if err1 != nil || err2 != nil {
			t.Fatalf("file %d (%d bytes): %v, %v", n, size, err1, err2)
		}
		if gotStart != wantStart || !bytes.Equal(got, want) {
			t.Fatalf("file %d (%d bytes, %d lines of ≈%d): read from %d (%d bytes), want from %d (%d bytes)",
				n, size, lines, typical, gotStart, len(got), wantStart, len(want))
		}
		steps, err := readSessionLines(path)
		if err != nil {
			t.Fatal(err)
		}
		if len(steps) > wantHistoryLines || (lines > 0 && len(steps) == 0 && size <= maxHistoryRead) {
			t.Fatalf("file %d: %d steps", n, len(steps))
		}
		for i := 1; i < len(steps); i++ {
			if !steps[i].Time.After(steps[i-1].Time) {
				t.Fatalf("file %d: steps out of order at %d", n, i)
			}
		}
		if lines > 0 && size <= firstHistoryRead && !reflect.DeepEqual(steps[len(steps)-1].Input["command"], fmt.Sprintf("echo %d", lines-1)) {
			t.Fatalf("file %d: the last step is %v", n, steps[len(steps)-1].Input)
		}
	}
}

// TestReadTailShrunk: a file cut shorter after it was measured is an
// error, not a short history read as whole.
func TestReadTailShrunk(t *testing.T) {
	path := filepath.Join(t.TempDir(), "s.jsonl")
	os.WriteFile(path, bytes.Repeat([]byte("{}\n"), 100), 0o600)
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if _, _, err := readTail(f, 1000); err == nil {
		t.Error("a file shorter than its size read without an error")
	}
}
