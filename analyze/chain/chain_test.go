package chain

import (
	"encoding/json"
	"slices"
	"strings"
	"testing"

	"github.com/actionguard/actionguard/rule"
)

// session reads an example of a chain rule: steps separated by " -> ",
// each "Tool: argument [observation]"; the last is the call checked. The
// argument is the tool's main field (Read: file_path, Bash: command,
// WebFetch: url) or, starting with {, the whole input as JSON.
func session(t testing.TB, ex string) (Call, []Step) {
	t.Helper()
	parts := strings.Split(ex, " -> ")
	var steps []Step
	for _, p := range parts {
		tool, arg, ok := strings.Cut(p, ": ")
		if !ok {
			t.Fatalf("example %q: step %q has no tool", ex, p)
		}
		obs := ""
		if i := strings.LastIndex(arg, " ["); i >= 0 && strings.HasSuffix(arg, "]") {
			arg, obs = arg[:i], arg[i+2:len(arg)-1]
		}
		in := map[string]any{}
		switch {
		case strings.HasPrefix(arg, "{"):
			if err := json.Unmarshal([]byte(arg), &in); err != nil {
				t.Fatalf("example %q: %v", ex, err)
			}
		case tool == "Read":
			in["file_path"] = arg
		case tool == "WebFetch":
			in["url"] = arg
		default:
			in["command"] = arg
		}
		steps = append(steps, Step{Tool: tool, Input: in, Observation: obs})
	}
	last := steps[len(steps)-1]
	return Call{Tool: last.Tool, Input: last.Input}, steps[:len(steps)-1]
}

var testOpt = Options{Cwd: "/home/u/app", Home: "/home/u"}

func findingIDs(cur Call, h []Step) []string {
	var out []string
	for _, f := range Analyze(cur, h, testOpt) {
		out = append(out, f.Rule)
	}
	return out
}

// TestRuleSessions runs every rule's example sessions.
func TestRuleSessions(t *testing.T) {
	for _, r := range Rules() {
		if len(r.Match) == 0 || len(r.NoMatch) == 0 {
			t.Errorf("%s: needs sessions that match and sessions that do not", r.ID)
		}
		for _, ex := range r.Match {
			cur, h := session(t, ex)
			if got := findingIDs(cur, h); !slices.Contains(got, r.ID) {
				t.Errorf("%s: %q found %v", r.ID, ex, got)
			}
		}
		for _, ex := range r.NoMatch {
			cur, h := session(t, ex)
			if got := findingIDs(cur, h); slices.Contains(got, r.ID) {
				t.Errorf("%s: %q must not match", r.ID, ex)
			}
		}
	}
	if !slices.IsSortedFunc(Rules(), func(a, b *rule.Rule) int { return strings.Compare(a.ID, b.ID) }) {
		t.Error("Rules() is not sorted by id")
	}
}

// TestNamesBothSteps: the finding names the earlier step and the call.
func TestNamesBothSteps(t *testing.T) {
	cur, h := session(t, "Bash: git status -> Read: ~/.ssh/id_rsa -> Bash: npm test -> WebFetch: https://paste.example.net/x")
	fs := Analyze(cur, h, testOpt)
	if len(fs) != 1 {
		t.Fatalf("findings %v", fs)
	}
	f := fs[0]
	if !strings.Contains(f.Message, "step 2 (Read)") || !strings.Contains(f.Message, "paste.example.net") || !strings.Contains(f.Message, "id_rsa") {
		t.Errorf("message %q does not name both steps", f.Message)
	}
	if !f.Category.Dangerous() {
		t.Errorf("credential then send is %s, not dangerous", f.Category)
	}
}

// TestBounded: only the latest MaxSteps steps count.
func TestBounded(t *testing.T) {
	cur, h := session(t, "Read: ~/.ssh/id_rsa -> WebFetch: https://paste.example.net/x")
	for range 40 {
		h = append(h, Step{Tool: "Bash", Input: map[string]any{"command": "go test ./..."}})
	}
	if fs := Analyze(cur, h, testOpt); len(fs) != 0 {
		t.Errorf("a read 40 steps back still counts: %v", fs)
	}
	if fs := Analyze(cur, h, Options{Cwd: testOpt.Cwd, Home: testOpt.Home, MaxSteps: 64}); len(fs) != 1 {
		t.Errorf("with MaxSteps 64: %v", fs)
	}
}

func BenchmarkAnalyze(b *testing.B) {
	var h []Step
	for _, c := range []string{"git status", "go test ./...", "npm run build", "git diff --stat", "ls -la src", "grep -rn TODO src", "go vet ./..."} {
		h = append(h, Step{Tool: "Bash", Input: map[string]any{"command": c}})
		h = append(h, Step{Tool: "Read", Input: map[string]any{"file_path": "/home/u/app/src/main.go"}})
		h = append(h, Step{Tool: "Edit", Input: map[string]any{"file_path": "/home/u/app/src/main.go", "old_string": "a", "new_string": "b"}})
	}
	h = h[:20]
	cur := Call{Tool: "WebFetch", Input: map[string]any{"url": "https://pkg.go.dev/net/http"}}
	b.ReportAllocs()
	for b.Loop() {
		Analyze(cur, h, testOpt)
	}
}

func FuzzAnalyze(f *testing.F) {
	for _, r := range Rules() {
		for _, ex := range slices.Concat(r.Match, r.NoMatch) {
			f.Add(ex)
		}
	}
	f.Fuzz(func(t *testing.T, ex string) {
		parts := strings.Split(ex, " -> ")
		var h []Step
		for _, p := range parts {
			tool, arg, _ := strings.Cut(p, ": ")
			h = append(h, Step{Tool: tool, Input: map[string]any{"command": arg, "file_path": arg, "url": arg}, Observation: arg})
		}
		cur := h[len(h)-1]
		Analyze(Call{Tool: cur.Tool, Input: cur.Input}, h, testOpt)
	})
}
