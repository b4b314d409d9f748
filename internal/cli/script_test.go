package cli_test

import (
	"os"
	"testing"

	"github.com/actionguard/actionguard/internal/cli"
	"github.com/rogpeppe/go-internal/testscript"
)

func TestMain(m *testing.M) {
	testscript.Main(cleanupAfter{m}, map[string]func(){"actionguard": func() { os.Exit(cli.Main()) }})
}

// cleanupAfter runs the tests, then removes the binaries they built.
type cleanupAfter struct{ m *testing.M }

func (c cleanupAfter) Run() int {
	defer removeBuilt()
	return c.m.Run()
}

// TestScripts runs the command line end to end: testdata/script/*.txtar.
func TestScripts(t *testing.T) {
	testscript.Run(t, testscript.Params{
		Dir: "testdata/script",
		Setup: func(e *testscript.Env) error {
			e.Setenv("HOME", e.WorkDir+"/home")
			e.Setenv("ACTIONGUARD_DB", e.WorkDir+"/audit.db")
			e.Setenv("XDG_CONFIG_HOME", e.WorkDir+"/config")
			return nil
		},
	})
}
