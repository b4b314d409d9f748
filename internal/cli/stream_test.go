package cli

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"slices"
	"strings"
	"testing"

	"github.com/actionguard/actionguard/guard"
)

func runStreamString(t testing.TB, in string) []guard.Decision {
	t.Helper()
	var out bytes.Buffer
	if err := streamActions(context.Background(), guard.New(), nil, strings.NewReader(in), &out, streamDefaults{cwd: "/home/dev/project"}); err != nil {
		t.Fatalf("stream: %v", err)
	}
	var ds []guard.Decision
	sc := bufio.NewScanner(&out)
	sc.Buffer(make([]byte, 1<<20), 64<<20)
	for sc.Scan() {
		var d guard.Decision
		if err := json.Unmarshal(sc.Bytes(), &d); err != nil {
			t.Fatalf("output line %q is not a Decision: %v", sc.Text(), err)
		}
		ds = append(ds, d)
	}
	return ds
}

func TestStreamKeepsOrderAndIDs(t *testing.T) {
	in := `{"id":"a","tool":"Bash","input":{"command":"ls"}}
{"id":"b","tool":"Bash","input":{"command":"rm -rf /"}}

this is not json
{"id":"c","tool":"Bash","input":"not an object"}
{"id":"d","tool":"run_sql","input":{"query":"select 1"}}
` + "\x00\xff\xfe junk\n" + `{"id":"e","tool":"Bash","input":{"command":"git status"}}`
	ds := runStreamString(t, in)
	// A line with no id that could be read gets a fresh one (""
	// here): the front door names every decision it fails.
	wantIDs := []string{"a", "b", "", "c", "d", "", "e"}
	if len(ds) != len(wantIDs) {
		t.Fatalf("%d decisions for %d non-empty lines", len(ds), len(wantIDs))
	}
	for i, d := range ds {
		if want := wantIDs[i]; d.ID != want && (want != "" || d.ID == "" || slices.Contains(wantIDs, d.ID)) {
			t.Errorf("decision %d has id %q, want %q", i, d.ID, want)
		}
	}
	if ds[0].Verdict != guard.Allow || ds[1].Verdict != guard.Block {
		t.Errorf("verdicts %s, %s", ds[0].Verdict, ds[1].Verdict)
	}
	for _, i := range []int{2, 3, 5} {
		if ds[i].Error == "" || ds[i].Verdict.Allowed() {
			t.Errorf("line %d: bad input must give an error and no allow: %+v", i, ds[i])
		}
		if !strings.HasPrefix(ds[i].Error, "line ") {
			t.Errorf("error %q does not name the line", ds[i].Error)
		}
	}
}

func TestStreamHugeLine(t *testing.T) {
	huge := `{"id":"big","tool":"Bash","input":{"command":"` + strings.Repeat("a", MaxLineBytes) + `"}}`
	ds := runStreamString(t, huge+"\n"+`{"id":"next","tool":"Bash","input":{"command":"ls"}}`+"\n")
	if len(ds) != 2 {
		t.Fatalf("%d decisions, want 2", len(ds))
	}
	if ds[0].Error == "" || ds[0].Verdict.Allowed() {
		t.Errorf("a too-long line must give an error: %+v", ds[0])
	}
	if ds[1].ID != "next" || ds[1].Verdict != guard.Allow {
		t.Errorf("the stream must go on after a too-long line: %+v", ds[1])
	}
}

// FuzzStream: every non-empty input line gets exactly one Decision line,
// and a line that could not be read never comes back allowed.
func FuzzStream(f *testing.F) {
	f.Add(`{"id":"a","tool":"Bash","input":{"command":"ls"}}`)
	f.Add(`{"tool":"Bash","input":{"command":"rm -rf /"}}` + "\n" + `{`)
	f.Add("\x00\x01\n\n\n{}\n[]\nnull\n\"x\"\n")
	f.Add(`{"id":1}` + "\n" + `{"input":{"command":["a"]}}`)
	f.Add(`{"kind":"sql","input":{"query":"DROP TABLE x; --"}}`)
	f.Fuzz(func(t *testing.T, in string) {
		lines := 0
		for _, l := range strings.Split(in, "\n") {
			if len(bytes.TrimSpace([]byte(l))) > 0 {
				lines++
			}
		}
		ds := runStreamString(t, in)
		if len(ds) != lines {
			t.Fatalf("%d decisions for %d non-empty lines", len(ds), lines)
		}
		for _, d := range ds {
			if d.Error != "" && d.Verdict == guard.Allow {
				t.Fatalf("an unreadable action was allowed: %+v", d)
			}
			if !d.Verdict.Valid() {
				t.Fatalf("invalid verdict %q", d.Verdict)
			}
		}
	})
}
