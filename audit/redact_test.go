package audit

import (
	"encoding/json"
	"github.com/actionguard/actionguard/analyze/privacy"
	"os"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// redactCase is one case of testdata/redact.json; Want is In when absent.
type redactCase struct {
	Name string  `json:"name"`
	In   string  `json:"in"`
	Want *string `json:"want"`
}

func loadJSON(t testing.TB, file string, v any) {
	t.Helper()
	data, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(data, v); err != nil {
		t.Fatalf("%s: %v", file, err)
	}
}

func TestRedact(t *testing.T) {
	var cases []redactCase
	loadJSON(t, "testdata/redact.json", &cases)
	for _, c := range cases {
		t.Run(c.Name, func(t *testing.T) {
			want := c.In
			if c.Want != nil {
				want = *c.Want
			}
			got := Redact(c.In)
			if got != want {
				t.Errorf("Redact(%q)\n got %q\nwant %q", c.In, got, want)
			}
			if again := Redact(got); again != got {
				t.Errorf("Redact is not idempotent:\n once  %q\n twice %q", got, again)
			}
		})
	}
}

// redactJSONCase is one case of testdata/redact_json.json; Want is In when
// absent. Documents are compared compacted.
type redactJSONCase struct {
	Name string          `json:"name"`
	In   json.RawMessage `json:"in"`
	Text *string         `json:"text"` // input that is not JSON, instead of In
	Want json.RawMessage `json:"want"`
}

func TestRedactJSON(t *testing.T) {
	var cases []redactJSONCase
	loadJSON(t, "testdata/redact_json.json", &cases)
	for _, c := range cases {
		t.Run(c.Name, func(t *testing.T) {
			in := []byte(c.In)
			if c.Text != nil {
				in = []byte(*c.Text)
			}
			want := c.Want
			if want == nil {
				want = c.In
			}
			got := RedactJSON(in)
			if !json.Valid(got) {
				t.Fatalf("RedactJSON(%s) = %s, not valid JSON", in, got)
			}
			if string(compact(got)) != string(compact(want)) {
				t.Errorf("RedactJSON(%s)\n got %s\nwant %s", in, compact(got), compact(want))
			}
			if again := RedactJSON(got); string(again) != string(got) {
				t.Errorf("RedactJSON is not idempotent:\n once  %s\n twice %s", got, again)
			}
		})
	}
}

func TestRedactJSONKeepsUnchangedInput(t *testing.T) {
	in := []byte(`{"command": "ls -la",  "n": [1, 2.5e3, true, null], "s": "caf\u00e9 <b>"}`)
	got := RedactJSON(in)
	if &got[0] != &in[0] {
		t.Errorf("RedactJSON copied input it did not change")
	}
}

// BenchmarkRedactDense measures inputs dense with anchors at two sizes:
// MB/s that stays flat from 32 KiB to 256 KiB shows the cost is linear in
// the length (a benchmark, not a test: a timed assertion fails on a busy
// machine).
func BenchmarkRedactDense(b *testing.B) {
	data, err := os.ReadFile("testdata/redact_dense.txt")
	if err != nil {
		b.Fatal(err)
	}
	for i, line := range strings.Split(string(data), "\n") {
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		unit, err := strconv.Unquote(line)
		if err != nil {
			b.Fatalf("%s: %v", line, err)
		}
		for _, size := range []int{32 << 10, 256 << 10} {
			in := strings.Repeat(unit, size/len(unit))
			b.Run(strconv.Itoa(i)+"/"+strconv.Itoa(size>>10)+"KiB", func(b *testing.B) {
				b.SetBytes(int64(len(in)))
				for b.Loop() {
					Redact(in)
				}
			})
		}
	}
}

// Each rule's unanchored pattern, which takes over when anchors get too
// expensive, finds what the anchored search finds.
func TestRuleFallbackAgrees(t *testing.T) {
	var cases []redactCase
	loadJSON(t, "testdata/redact.json", &cases)
	for _, c := range cases {
		lower := asciiLower(c.In)
		for i := range secretRules {
			r := &secretRules[i]
			anchored := r.find(c.In, lower, i, nil)
			all := r.findAll(c.In, 0, i, nil)
			if len(anchored) != len(all) {
				t.Errorf("%s: rule %d (%s) finds %v anchored, %v unanchored", c.Name, i, r.typ, anchored, all)
				continue
			}
			for k := range anchored {
				if anchored[k] != all[k] {
					t.Errorf("%s: rule %d (%s) finds %v anchored, %v unanchored", c.Name, i, r.typ, anchored, all)
				}
			}
		}
	}
}

// TestRedactDetected: with the findings already known, nothing that
// Redact would hide is left (a mark may name another type, or cover a
// little more: whichever detector ran first decides).
func TestRedactDetected(t *testing.T) {
	var cases []redactCase
	loadJSON(t, "testdata/redact.json", &cases)
	personal := "call 138****5678 or a****@example.com, token [REDACTED:github_token]"
	cases = append(cases, redactCase{Name: "personal", In: "call 13812345678 or alice@example.com, token ghp_R2d2C3po4Bb8Lk9Mn0Pq1Rs2Tu3Vw4Xy5Za6", Want: &personal})
	mark := regexp.MustCompile(`\[REDACTED:[a-z_]+\]`)
	for _, c := range cases {
		got := RedactDetected(c.In, privacy.Detect(c.In))
		if again := Redact(got); mark.ReplaceAllString(again, "[REDACTED]") != mark.ReplaceAllString(got, "[REDACTED]") {
			t.Errorf("%s: RedactDetected left something to hide:\n got   %q\n again %q", c.Name, got, again)
		}
		if (c.Want == nil || *c.Want == c.In) && got != c.In {
			t.Errorf("%s: nothing to hide, but RedactDetected changed it: %q", c.Name, got)
		}
	}
}
