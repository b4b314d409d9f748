package policy

import (
	"os"
	"strconv"
	"strings"
	"testing"
)

// TestDocsExamples checks that every YAML example of docs/policy.md is a
// policy file without an error or a warning.
func TestDocsExamples(t *testing.T) {
	doc, err := os.ReadFile("../docs/policy.md")
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for rest := string(doc); ; {
		_, after, ok := strings.Cut(rest, "```yaml\n")
		if !ok {
			break
		}
		block, after, _ := strings.Cut(after, "```")
		rest = after
		n++
		name := "docs/policy.md example " + strconv.Itoa(n)
		if _, diags := CheckBytes(name, []byte(block)); len(diags) > 0 {
			for _, d := range diags {
				t.Errorf("%s", d)
			}
		}
	}
	if n == 0 {
		t.Fatal("no YAML example in docs/policy.md")
	}
}
