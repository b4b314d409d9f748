package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestCheck: -check passes on the current index and fails, writing
// nothing, on a stale one; a run without it writes the current index.
func TestCheck(t *testing.T) {
	out := filepath.Join(t.TempDir(), "spec_index.go")
	if err := os.WriteFile(out, []byte("package shell\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := run(out, true); err == nil || !strings.Contains(err.Error(), "go generate ./analyze/shell/") {
		t.Fatalf("a stale index passes the check: %v", err)
	}
	if b, _ := os.ReadFile(out); string(b) != "package shell\n" {
		t.Fatal("the check wrote the file")
	}
	if err := run(out, false); err != nil {
		t.Fatal(err)
	}
	if err := run(out, true); err != nil {
		t.Fatalf("the written index fails the check: %v", err)
	}
	committed, err := os.ReadFile("../../../analyze/shell/spec_index.go")
	if err != nil {
		t.Fatal(err)
	}
	if written, _ := os.ReadFile(out); string(written) != string(committed) {
		t.Fatal("analyze/shell/spec_index.go is stale: run go generate ./analyze/shell/")
	}
}
