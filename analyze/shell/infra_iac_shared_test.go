package shell

import (
	"slices"
	"strings"
	"testing"
)

// TestTerragruntAllKeepsTheRecord: reading terragrunt's old destroy-all
// spelling leaves the command's positional words as they were, so every
// later reader of the same command sees what was written.
func TestTerragruntAllKeepsTheRecord(t *testing.T) {
	for _, line := range []string{"terragrunt destroy-all", "terragrunt apply-all --terragrunt-non-interactive", "terragrunt run-all destroy-all"} {
		res := Analyze(line, exampleOptions)
		if verdictClass(res.Findings) == "allow" {
			t.Errorf("%s is allowed", line)
		}
		c := testCmd(strings.Fields(line)...)
		c.env = &analysis{cwd: "/home/dev/project", home: "/home/dev"}
		before := slices.Clone(c.Positional())
		terraformHandler(c, &report{res: &Result{}, env: c.env, max: DefaultMaxDepth})
		if got := c.Positional(); !slices.Equal(got, before) {
			t.Errorf("%s: positional words changed from %q to %q", line, before, got)
		}
	}
}
