package evaluate

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"strings"
	"testing"
	"testing/iotest"
)

// readSummary reads in and says what came out: "format id source" for each
// trajectory, "line: message" for each problem.
func readSummary(t *testing.T, in string, opts ReadOptions) (trajectories, problems []string) {
	t.Helper()
	res := readAllTrajectories(t, strings.NewReader(in), "in", opts)
	for _, tr := range res.Trajectories {
		trajectories = append(trajectories, tr.Format+" "+tr.ID+" "+tr.Source)
	}
	for _, p := range res.Problems {
		problems = append(problems, fmt.Sprintf("%d: %s", p.Line, p.Message))
	}
	return trajectories, problems
}

func TestReadDetect(t *testing.T) {
	const claudeLine = `{"type":"user","sessionId":"s1","uuid":"u1","message":{"role":"user","content":"hi"}}`
	const otlpLine = `{"resourceSpans":[{"scopeSpans":[{"spans":[{"traceId":"t1","spanId":"s","attributes":[{"key":"gen_ai.tool.name","value":{"stringValue":"Bash"}}]}]}]}]}`
	tests := []struct {
		name   string
		in     string
		format string
		want   []string // "format id source"
		// problems are the start of each problem's "line: message".
		problems []string
	}{
		{name: "empty", in: ""},
		{name: "blank lines", in: "\n  \n\t\r\n"},
		{name: "native object", in: `{"id":"a","steps":[]}`, want: []string{"native a in:1"}},
		{name: "native pretty", in: "\n\n{\n  \"steps\": []\n}\n", want: []string{"native in:3 in:3"}},
		{name: "native jsonl", in: "{\"id\":\"a\",\"steps\":[]}\n{\"id\":\"b\",\"steps\":[]}\n", want: []string{"native a in:1", "native b in:2"}},
		{name: "native concatenated on a line", in: `{"id":"a","steps":[]} {"id":"b","steps":[]}`, want: []string{"native a in:1", "native b in:1"}},
		{name: "native array", in: "[\n {\"id\":\"a\",\"steps\":[]},\n {\"id\":\"b\",\"steps\":[]}\n]", want: []string{"native a in:2", "native b in:3"}},
		{name: "openai array", in: `[{"role":"user","content":"hi"},{"role":"assistant","content":"hello"}]`, want: []string{"openai in:1 in:1"}},
		{name: "openai pretty array", in: "[\n  {\"role\": \"user\", \"content\": \"hi\"}\n]\n", want: []string{"openai in:1 in:1"}},
		{name: "openai messages", in: `{"id":"c","messages":[]}`, want: []string{"openai c in:1"}},
		{name: "openai response only", in: `{"choices":[{"message":{"role":"assistant","content":"x"}}]}`, want: []string{"openai in:1 in:1"}},
		{name: "openai messages one a line", in: "{\"role\":\"user\",\"content\":\"a\"}\n{\"role\":\"assistant\",\"content\":\"b\"}\n", want: []string{"openai in:1 in:1"}},
		{name: "openai arrays one a line", in: "[{\"role\":\"user\",\"content\":\"a\"}]\n[{\"role\":\"user\",\"content\":\"b\"}]\n", want: []string{"openai in:1 in:1", "openai in:2 in:2"}},
		{name: "array of conversations", in: `[[{"role":"user","content":"a"}],[{"role":"user","content":"b"}]]`, want: []string{"openai in:1 in:1", "openai in:1 in:1"}},
		{name: "claude-code", in: claudeLine + "\n", want: []string{"claude-code s1 in:1"}},
		{name: "claude-code summary only", in: `{"type":"summary","summary":"x","leafUuid":"u"}`},
		{name: "otlp", in: otlpLine, want: []string{"otlp t1 in:1"}},
		{name: "otlp without agent spans", in: `{"resourceSpans":[{"scopeSpans":[{"spans":[{"traceId":"t","name":"GET /"}]}]}]}`},
		{name: "bom", in: "\xef\xbb\xbf{\"id\":\"a\",\"steps\":[]}", want: []string{"native a in:1"}},
		{name: "unknown object", in: `{"foo":1}`, problems: []string{"1: not a trajectory: expected native"}},
		{name: "scalar", in: "42\n", problems: []string{"1: not a trajectory"}},
		{name: "scalar in a stream", in: "[\n1\n]", problems: []string{"2: element 1 of the array that starts on line 1 is not a trajectory"}},
		{name: "not json", in: "hello\n", problems: []string{"1: malformed JSON: invalid character 'h'"}},
		{name: "broken first line of JSONL", in: "{\"id\":\"a\",\n{\"id\":\"b\",\"steps\":[]}\n", want: []string{"native b in:2"}, problems: []string{"1: malformed JSON"}},
		{name: "truncated pretty value", in: "{\n  \"id\": \"a\",\n  \"steps\": [\n", problems: []string{"1: malformed JSON: unexpected end of input"}},
		{name: "unclosed array", in: "[\n{\"id\":\"a\",\"steps\":[]}\n", want: []string{"native a in:2"}, problems: []string{"1: malformed JSON: unexpected end of input, the array"}},
		{name: "missing comma in array", in: "[\n{\"id\":\"a\",\"steps\":[]}\n{\"id\":\"b\",\"steps\":[]}\n]\n", want: []string{"native a in:2"}, problems: []string{"3: malformed JSON: '{' in the array", "4: not JSON: ']'"}},

		// A forced format reads only its records.
		{name: "forced native", in: `{"id":"a","steps":[]}`, format: FormatNative, want: []string{"native a in:1"}},
		{name: "forced native, openai record", in: `{"messages":[]}`, format: FormatNative, problems: []string{"1: not a native trajectory"}},
		{name: "forced openai, native record", in: `{"steps":[]}`, format: FormatOpenAI, problems: []string{"1: not OpenAI chat messages"}},
		{name: "forced claude-code, no session keys", in: `{"type":"user","message":{"role":"user","content":"hi"}}`, format: FormatClaudeCode, want: []string{"claude-code in:1 in:1"}},
		{name: "claude-code event without session keys", in: `{"type":"user","message":{"role":"user","content":"hi"}}`, problems: []string{"1: not a trajectory"}},
		{name: "forced otlp, claude record", in: claudeLine, format: FormatOTLP, problems: []string{"1: not an OTLP trace export"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, problems := readSummary(t, tt.in, ReadOptions{Format: tt.format})
			if strings.Join(got, "\n") != strings.Join(tt.want, "\n") {
				t.Errorf("trajectories:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(tt.want, "\n"))
			}
			if len(problems) != len(tt.problems) {
				t.Fatalf("problems:\n%s\nwant:\n%s", strings.Join(problems, "\n"), strings.Join(tt.problems, "\n"))
			}
			for i := range problems {
				if !strings.HasPrefix(problems[i], tt.problems[i]) {
					t.Errorf("problem %d: %s, want %s…", i, problems[i], tt.problems[i])
				}
			}
		})
	}
}

func TestReadProblems(t *testing.T) {
	tests := []struct {
		name     string
		in       string
		max      int
		want     int // trajectories
		problems []string
	}{
		{
			name:     "malformed line",
			in:       "{\"steps\":[]}\n\n{\"steps\":[}\n{\"steps\":[]}\n",
			want:     2,
			problems: []string{"3: malformed JSON: invalid character '}', expected a value (column 11)"},
		},
		{
			name:     "too long line",
			in:       "{\"steps\":[]}\n{\"steps\":[],\"pad\":\"" + strings.Repeat("x", 100) + "\"}\n{\"steps\":[]}\n",
			max:      64,
			want:     2,
			problems: []string{"2: line longer than 64 bytes (the bound on one record); skipped"},
		},
		{
			name:     "too long value",
			in:       "{\n\"steps\": [],\n\"pad\": \"" + strings.Repeat("x", 100) + "\"\n}\n{\n\"steps\": []\n}\n",
			max:      64,
			want:     1,
			problems: []string{"1: record longer than 64 bytes (the bound on one record); skipped"},
		},
		{
			name:     "binary",
			in:       "\x1f\x8b\x08\x00\x00\x00\x00\x00\x00\x03\xed\x9d",
			problems: []string{"0: not text: binary data (a compressed file?); input skipped"},
		},
		{
			name:     "invalid UTF-8",
			in:       "{\"steps\":[{\"type\":\"user\",\"text\":\"\xe9t\xe9\"}]}\n{\"steps\":[]}\n",
			want:     1,
			problems: []string{"1: not text: invalid UTF-8 (binary data?); skipped"},
		},
		{
			name:     "truncated final line",
			in:       "{\"steps\":[]}\n{\"steps\":[{\"type\":\"user\"",
			want:     1,
			problems: []string{"2: malformed JSON: unexpected end of input, expected ',' or '}' (column 25)"},
		},
		{
			name:     "string broken by a line end",
			in:       "{\n\"steps\": [],\n\"x\": \"abc\n\"}\n{\n\"steps\": []\n}\n",
			want:     1,
			problems: []string{"1: malformed JSON: string not closed at the end of line 3; record skipped"},
		},
		{
			name:     "step problems",
			in:       `{"steps":[{"type":"note"},{"type":"note","tool":"X"},{"type":"note","text":"t"},[]]}`,
			want:     1,
			problems: []string{`1: steps[0]: unknown type "note" and neither a tool nor text; step skipped`, "1: steps[3] is not an object; step skipped"},
		},
		{
			name:     "nested too deeply",
			in:       `{"steps":[{"type":"tool_call","tool":"x","input":` + strings.Repeat("[", 2000) + strings.Repeat("]", 2000) + "}]}\n",
			problems: []string{"1: malformed JSON: nested too deeply"},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, problems := readSummary(t, tt.in, ReadOptions{MaxRecord: tt.max})
			if len(got) != tt.want {
				t.Errorf("read %d trajectories, want %d: %q", len(got), tt.want, got)
			}
			if len(problems) != len(tt.problems) {
				t.Fatalf("problems:\n%s\nwant:\n%s", strings.Join(problems, "\n"), strings.Join(tt.problems, "\n"))
			}
			for i := range problems {
				if !strings.HasPrefix(problems[i], tt.problems[i]) {
					t.Errorf("problem %d: %s\nwant %s", i, problems[i], tt.problems[i])
				}
			}
		})
	}
}

func TestReadUnknownFormat(t *testing.T) {
	r := NewReader(strings.NewReader(`{"steps":[]}`), "in", ReadOptions{Format: "langsmith"})
	for range 2 {
		if _, err := r.Next(); err == nil || errors.Is(err, io.EOF) || !strings.Contains(err.Error(), `unknown trajectory format "langsmith"`) {
			t.Fatalf("Next: %v, want an unknown format error", err)
		}
	}
}

func TestReadIOError(t *testing.T) {
	boom := errors.New("disk on fire")
	in := io.MultiReader(strings.NewReader("{\"id\":\"a\",\"steps\":[]}\n"), iotest.ErrReader(boom))
	r := NewReader(in, "in", ReadOptions{})
	if tr, err := r.Next(); err != nil || tr.ID != "a" {
		t.Fatalf("Next: %v, %v; want trajectory a", tr, err)
	}
	for range 2 {
		if _, err := r.Next(); !errors.Is(err, boom) {
			t.Fatalf("Next: %v, want %v", err, boom)
		}
	}
}

// TestReadStreams checks that JSONL is read as it comes: the first
// trajectories of an readEndless input come out, and little is read.
func TestReadStreams(t *testing.T) {
	line := []byte(`{"id":"x","steps":[{"type":"user","text":"hello"}]}` + "\n")
	r := NewReader(&readEndless{line: line}, "in", ReadOptions{})
	for range 1000 {
		if _, err := r.Next(); err != nil {
			t.Fatal(err)
		}
	}
	if off := r.Offset(); off != int64(1000*len(line)) {
		t.Errorf("Offset = %d after 1000 lines of %d bytes", off, len(line))
	}
}

// readEndless repeats a line forever.
type readEndless struct {
	line []byte
	n    int
}

func (e *readEndless) Read(p []byte) (int, error) {
	n := 0
	for n < len(p) {
		c := copy(p[n:], e.line[e.n:])
		n += c
		e.n = (e.n + c) % len(e.line)
	}
	return n, nil
}

func TestReadOffset(t *testing.T) {
	in := []byte("\xef\xbb\xbf{\"id\":\"a\",\"steps\":[]}\n{\"id\":\"b\",\"steps\":[]}\n\n")
	r := NewReader(bytes.NewReader(in), "in", ReadOptions{})
	var offs []int64
	for {
		_, err := r.Next()
		offs = append(offs, r.Offset())
		if err != nil {
			break
		}
	}
	if want := []int64{25, 47, int64(len(in))}; fmt.Sprint(offs) != fmt.Sprint(want) {
		t.Errorf("offsets %v, want %v", offs, want)
	}
}
