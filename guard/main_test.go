package guard_test

import (
	"os"
	"testing"

	"github.com/actionguard/actionguard/policy"
	"github.com/actionguard/actionguard/policy/rulexpr"
)

// The guard evaluates custom rules with the compiler the binary supplies:
// the tests supply expr-lang's, as the actionguard binary does.
func TestMain(m *testing.M) {
	policy.UseCompiler(rulexpr.Compiler{})
	os.Exit(m.Run())
}
