package policy

import (
	"fmt"
	"strings"
	"testing"
)

// TestMatch runs the cases of every archive of testdata/match against the
// archive's policy.yaml (the format is described in anchoring.txtar).
func TestMatch(t *testing.T) {
	eachPolicyCase(t, "testdata/match/*.txtar", func(t *testing.T, p *Policy, n int, input, want string) {
		lookup, rest, _ := strings.Cut(input, " ")
		words, err := splitArgv(strings.TrimSpace(rest))
		if err != nil {
			t.Fatalf("cases line %d: %v", n, err)
		}
		var e *Entry
		switch lookup {
		case "allow":
			e = p.AllowsCommand(words)
		case "deny":
			e = p.DeniesCommand(words)
		case "allow-tool":
			e = p.AllowsTool(strings.Join(words, " "))
		case "deny-tool":
			e = p.DeniesTool(strings.Join(words, " "))
		default:
			t.Fatalf("cases line %d: unknown lookup %q", n, lookup)
		}
		got := "-"
		if e != nil {
			got = fmt.Sprintf("%s%s (%s)", e.Command, e.Tool, e.Verdict)
		}
		if got != want {
			t.Errorf("line %d: %s %q => %s, want %s", n, lookup, words, got, want)
		}
	})
}

// splitArgv splits a test input as the shell would, with the pattern
// splitter: every word must be literal (quote glob characters).
func splitArgv(s string) ([]string, error) {
	words, err := splitPattern(s)
	if err != nil {
		return nil, fmt.Errorf("%s at %d", err.msg, err.off)
	}
	argv := make([]string, len(words))
	for i, w := range words {
		if !w.glob.lit {
			return nil, fmt.Errorf("word %d is a glob: quote it", i+1)
		}
		argv[i] = w.glob.pat
	}
	return argv, nil
}

// TestHandBuiltEntries checks that entries not built by Load still match,
// and that an invalid one never does.
func TestHandBuiltEntries(t *testing.T) {
	p := &Policy{
		Allow: []Entry{{Command: "git status", Verdict: "allow"}, {Command: "ls '", Verdict: "allow"}},
		Deny:  []Entry{{Tool: "mcp__stripe__*", Verdict: "block"}},
	}
	if e := p.AllowsCommand([]string{"git", "status"}); e == nil || e.Command != "git status" {
		t.Errorf("AllowsCommand(git status) = %v", e)
	}
	if e := p.AllowsCommand([]string{"ls", "'"}); e != nil {
		t.Errorf("an invalid pattern matched: %v", e)
	}
	if e := p.DeniesTool("mcp__stripe__refund"); e == nil {
		t.Errorf("DeniesTool(mcp__stripe__refund) = nil")
	}
}

func TestGlobMatch(t *testing.T) {
	for _, c := range []struct {
		pat, s string
		want   bool
	}{
		{"*", "", true},
		{"*", "a/b/c", true},
		{"a*b*c", "axxbyyc", true},
		{"a*b*c", "axxbyy", false},
		{"*.go", "main.go", true},
		{"*.go", "main.go.bak", false},
		{`\*`, "*", true},
		{`\*`, "x", false},
		{"[!a]", "b", true},
		{"[!a]", "a", false},
		{"[^a-c]x", "dx", true},
		{"[]]", "]", true},
		{"[a-]", "-", true}, // a dash before ] is a member
		{"[a-]", "b", false},
		{"?", "é", true},
		{"??", "é", false},
		{"*?", "é", true},
		{"a*", "a\xffb", true},
		{"\xff", "\xff", true},
		{"\xff", "\xfe", false},
		{strings.Repeat("*a", 20) + "b", strings.Repeat("a", 200), false},
	} {
		if got := globMatch(c.pat, c.s); got != c.want {
			t.Errorf("globMatch(%q, %q) = %v, want %v", c.pat, c.s, got, c.want)
		}
	}
}
