package policy_test

import (
	"os"
	"testing"

	"github.com/actionguard/actionguard/policy"
	"github.com/actionguard/actionguard/policy/rulexpr"
)

// The tests read rules as the actionguard binary does, with expr-lang's
// compiler; the ones about a process without one remove it for a while.
func TestMain(m *testing.M) {
	policy.UseCompiler(rulexpr.Compiler{})
	os.Exit(m.Run())
}
