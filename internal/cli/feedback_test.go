package cli_test

import (
	"bytes"
	"path/filepath"
	"strings"
	"testing"

	"github.com/actionguard/actionguard/internal/cli"
)

// TestFeedbackExitCodes: mistakes in feedback are usage errors (exit 2),
// like an unknown approval request.
func TestFeedbackExitCodes(t *testing.T) {
	dir := t.TempDir()
	run := func(args ...string) (int, string) {
		var out, errb bytes.Buffer
		env := cli.Env{Args: append([]string{"--db", filepath.Join(dir, "a.db")}, args...), Stdout: &out, Stderr: &errb,
			Getenv: func(k string) string {
				if k == "HOME" {
					return dir
				}
				return ""
			}}
		return cli.Run(env), errb.String()
	}
	if code, _ := run("check", "--", "chmod", "777", "notes.txt"); code != cli.ExitConfirm {
		t.Fatalf("check: exit %d", code)
	}
	for _, tc := range []struct {
		args []string
		code int
		err  string
	}{
		{[]string{"feedback", "d-nope", "--should-be", "allow"}, cli.ExitUsage, "actionguard audit tail"},
		{[]string{"feedback", "#1", "--should-be", "maybe"}, cli.ExitUsage, "allow, notify, confirm, approve or block"},
		{[]string{"feedback", "#1"}, cli.ExitUsage, "--should-be is required"},
		{[]string{"feedback", "report", "--since", "soon"}, cli.ExitUsage, "--since"},
		{[]string{"feedback", "#1", "--should-be", "allow"}, cli.ExitOK, ""},
	} {
		code, stderr := run(tc.args...)
		if code != tc.code || !strings.Contains(stderr, tc.err) {
			t.Errorf("%q: exit %d, stderr %q; want exit %d and %q", tc.args, code, stderr, tc.code, tc.err)
		}
	}
}
