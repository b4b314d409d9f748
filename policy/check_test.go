package policy

import (
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata")

// golden compares got with the golden file path, or rewrites it with -update.
func golden(t *testing.T, path, got string) {
	t.Helper()
	if *update {
		if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run go test -update to create it)", err)
	}
	if diff := cmp.Diff(string(want), got); diff != "" {
		t.Errorf("%s mismatch (-want +got):\n%s", path, diff)
	}
}

// TestCheckFile checks every file of testdata/check against its golden
// diagnostics; a good-*.yaml file must have no error, a bad-*.yaml at least one.
func TestCheckFile(t *testing.T) {
	files, err := filepath.Glob("testdata/check/*.yaml")
	if err != nil || len(files) == 0 {
		t.Fatalf("no test files: %v", err)
	}
	for _, file := range files {
		name := strings.TrimSuffix(filepath.Base(file), ".yaml")
		t.Run(name, func(t *testing.T) {
			p, diags := CheckFile(file)
			var b strings.Builder
			for _, d := range diags {
				b.WriteString(d.String())
				b.WriteString("\n")
				if d.Line < 1 || d.Col < 1 {
					t.Errorf("diagnostic without a position: %s", d)
				}
				if d.Hint == "" {
					t.Errorf("diagnostic without a hint: %s", d)
				}
			}
			switch {
			case strings.HasPrefix(name, "good-") && p == nil:
				t.Errorf("a good file has errors:\n%s", b.String())
			case strings.HasPrefix(name, "bad-") && p != nil:
				t.Errorf("a bad file has no error")
			}
			if p != nil {
				b.WriteString("---\n")
				b.WriteString(p.Describe())
			}
			golden(t, strings.TrimSuffix(file, ".yaml")+".golden", b.String())
		})
	}
}

func TestCheckFileMissing(t *testing.T) {
	p, diags := CheckFile(filepath.Join(t.TempDir(), "nope.yaml"))
	if p != nil || len(diags) != 1 || diags[0].Severity != SeverityError {
		t.Fatalf("CheckFile(missing) = %v, %v; want nil and one error", p, diags)
	}
}
