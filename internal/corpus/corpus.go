// Package corpus finds the shared labelled data that tests and benchmarks
// read: $ACTIONGUARD_CORPUS, or shared/corpus beside the repository.
package corpus

import (
	"bufio"
	"encoding/json"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
)

// Dir returns the corpus directory. When it cannot be found the test is
// skipped, except under CI=true, where it fails: CI always has the corpus.
func Dir(t testing.TB) string {
	t.Helper()
	if d := os.Getenv("ACTIONGUARD_CORPUS"); d != "" {
		return d
	}
	_, file, _, _ := runtime.Caller(0)
	// internal/corpus/corpus.go → the repository → its parent → shared/corpus.
	d := filepath.Join(filepath.Dir(file), "..", "..", "..", "shared", "corpus")
	if st, err := os.Stat(d); err == nil && st.IsDir() {
		return d
	}
	if os.Getenv("CI") == "true" {
		t.Fatalf("the shared corpus is missing (looked in %s; set ACTIONGUARD_CORPUS)", d)
	}
	t.Skipf("the shared corpus is not beside the repository (%s); set ACTIONGUARD_CORPUS", d)
	return ""
}

// Row is one line of a shell corpus file.
type Row struct {
	Command     string `json:"command"`
	Expected    string `json:"expected"` // labelled-commands: "deny" or "allow"
	Pack        string `json:"pack"`
	Note        string `json:"note"`
	Description string `json:"description"` // benign-nl2bash
}

// Shell reads a JSONL file of the shell corpus, such as
// "shell/labelled-commands.jsonl".
func Shell(t testing.TB, name string) []Row {
	t.Helper()
	f, err := os.Open(filepath.Join(Dir(t), name))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var rows []Row
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	for sc.Scan() {
		var r Row
		if err := json.Unmarshal(sc.Bytes(), &r); err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		rows = append(rows, r)
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return rows
}

// JSONL decodes a file of JSON lines into T's; blank lines and comment
// lines (starting with '#' or '//') are skipped. A line that does not decode fails the test.
func JSONL[T any](t testing.TB, path string) []T {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var out []T
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 1<<20)
	for line := 1; sc.Scan(); line++ {
		text := strings.TrimSpace(sc.Text())
		if text == "" || strings.HasPrefix(text, "#") || strings.HasPrefix(text, "//") {
			continue
		}
		var v T
		if err := json.Unmarshal([]byte(text), &v); err != nil {
			t.Fatalf("%s:%d: %v", path, line, err)
		}
		out = append(out, v)
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return out
}
