package policy

import (
	"math/rand/v2"
	"strings"
	"testing"
)

// TestDenyHoldsEveryCase: a deny entry for a tool holds the tool under
// every spelling in another case (a server that looks names up without
// case runs it), for literal, glob and re: patterns; an allow entry
// matches only as written; a different name is not denied.
func TestDenyHoldsEveryCase(t *testing.T) {
	rng := rand.New(rand.NewPCG(15, 18))
	p := &Policy{
		Deny: []Entry{
			{Tool: "mcp__fs__delete_file", Verdict: "block"},
			{Tool: "mcp__db__drop_*", Verdict: "approve"},
			{Tool: "re:mcp__pay__(refund|transfer)_[a-z]+", Verdict: "block"},
		},
		Allow: []Entry{{Tool: "mcp__fs__read_file", Verdict: "allow"}},
	}
	denied := []string{"mcp__fs__delete_file", "mcp__db__drop_table", "mcp__pay__refund_charge", "mcp__pay__transfer_funds"}
	for _, name := range denied {
		for range 50 {
			v := randomCase(rng, name)
			if p.DeniesTool(v) == nil {
				t.Errorf("DeniesTool(%q) = nil, want the entry for %q", v, name)
			}
		}
	}
	for _, other := range []string{"mcp__fs__delete_files", "mcp__fs__read_file", "MCP__DB__CREATE_TABLE", "mcp__pay__refund_", "mcp__fs__delete_filE_x"} {
		if e := p.DeniesTool(other); e != nil {
			t.Errorf("DeniesTool(%q) = %v, want nil", other, e.Tool)
		}
	}
	for range 50 {
		v := randomCase(rng, "mcp__fs__read_file")
		if got := p.AllowsTool(v) != nil; got != (v == "mcp__fs__read_file") {
			t.Errorf("AllowsTool(%q) = %v: an allow entry matches as written only", v, got)
		}
	}
}

// randomCase is s with each letter in a random case, at least one of them
// changed when s has a letter.
func randomCase(rng *rand.Rand, s string) string {
	b := []byte(s)
	changed := false
	for i, c := range b {
		if c >= 'a' && c <= 'z' && rng.IntN(2) == 0 {
			b[i] = c - 'a' + 'A'
			changed = true
		}
	}
	if !changed {
		return strings.ToUpper(s)
	}
	return string(b)
}
