// Command testsum reads `go test -json` on its standard input and prints
// what a person wants from a whole run: one line a package as it finishes,
// the output of every failed test and build, and at the end a summary
// naming every skipped test with the reason it gave. It exits 1 when
// anything failed, so `go test -json ./... | go run ./scripts/testsum`
// fails as `go test ./...` would.
package main

import (
	"bufio"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"sort"
	"strings"
)

// event is one line of test2json's output.
type event struct {
	Action      string
	Package     string
	Test        string
	Elapsed     float64
	Output      string
	ImportPath  string
	FailedBuild string
}

type key struct{ pkg, test string }

type summary struct {
	out      io.Writer
	output   map[key][]string // output so far of tests (and packages, test "")
	builds   map[string][]string
	skipped  []skip
	failed   []key
	passed   int
	pkgFails int
	slow     []timed // the top-level tests, to name the slowest
}

// timed is a top-level test and how long it ran.
type timed struct {
	key
	elapsed float64
}

// slowest is how many of the slowest tests the summary names.
const slowest = 10

type skip struct {
	key
	reason string
}

func main() {
	s := &summary{out: os.Stdout, output: map[key][]string{}, builds: map[string][]string{}}
	if err := s.read(os.Stdin); err != nil {
		fmt.Fprintln(os.Stderr, "testsum:", err)
		os.Exit(2)
	}
	if !s.report() {
		os.Exit(1)
	}
}

func (s *summary) read(r io.Reader) error {
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 1<<20), 64<<20)
	for sc.Scan() {
		line := sc.Bytes()
		var e event
		if len(line) == 0 || line[0] != '{' || json.Unmarshal(line, &e) != nil {
			// Not an event (a build error printed by an older go tool):
			// show it as it is.
			fmt.Fprintln(s.out, string(line))
			continue
		}
		s.event(&e)
	}
	return sc.Err()
}

func (s *summary) event(e *event) {
	switch e.Action {
	case "build-output":
		s.builds[e.ImportPath] = append(s.builds[e.ImportPath], e.Output)
		return
	case "build-fail":
		fmt.Fprintf(s.out, "FAIL build %s\n%s", e.ImportPath, strings.Join(s.builds[e.ImportPath], ""))
		s.pkgFails++
		return
	}
	k := key{e.Package, e.Test}
	switch e.Action {
	case "output":
		s.output[k] = append(s.output[k], e.Output)
	case "pass":
		if e.Test == "" {
			fmt.Fprintf(s.out, "ok   %s %.1fs\n", e.Package, e.Elapsed)
		} else {
			s.passed++
			s.timed(k, e.Elapsed)
		}
		delete(s.output, k)
	case "skip":
		if e.Test == "" {
			fmt.Fprintf(s.out, "?    %s [no test files]\n", e.Package)
		} else {
			s.skipped = append(s.skipped, skip{k, skipReason(s.output[k])})
		}
		delete(s.output, k)
	case "fail":
		if e.Test == "" {
			fmt.Fprintf(s.out, "FAIL %s %.1fs\n", e.Package, e.Elapsed)
			if e.FailedBuild == "" {
				// Output outside any test: a panic, TestMain, a timeout.
				fmt.Fprint(s.out, indent(s.output[k]))
			}
			s.pkgFails++
		} else {
			s.timed(k, e.Elapsed)
			s.failed = append(s.failed, k)
			fmt.Fprintf(s.out, "--- FAIL %s %s\n%s", e.Package, e.Test, indent(s.output[k]))
		}
		delete(s.output, k)
	}
}

// timed notes how long a top-level test ran (a subtest's time is in its
// parent's).
func (s *summary) timed(k key, elapsed float64) {
	if !strings.Contains(k.test, "/") {
		s.slow = append(s.slow, timed{k, elapsed})
	}
}

// skipReason is what the test said when it skipped: the lines before the
// "--- SKIP" line, without the file:line prefix test output carries.
func skipReason(lines []string) string {
	var said []string
	for _, l := range lines {
		t := strings.TrimSpace(l)
		if t == "" || strings.HasPrefix(t, "=== ") || strings.HasPrefix(t, "--- SKIP") {
			continue
		}
		if i := strings.Index(t, ": "); i > 0 && strings.Contains(t[:i], "_test.go:") {
			t = t[i+2:]
		}
		said = append(said, t)
	}
	if len(said) == 0 {
		return "(no reason given)"
	}
	return strings.Join(said, " ")
}

func indent(lines []string) string {
	var b strings.Builder
	for _, l := range lines {
		b.WriteString("    ")
		b.WriteString(l)
	}
	return b.String()
}

// report prints the end summary and says whether everything passed: the
// slowest tests, every skipped test with its reason, what failed, and last
// the counts, as a line "tests: N passed, N failed, N skipped".
func (s *summary) report() bool {
	sort.Slice(s.skipped, func(i, j int) bool {
		a, b := s.skipped[i], s.skipped[j]
		if a.pkg != b.pkg {
			return a.pkg < b.pkg
		}
		return a.test < b.test
	})
	sort.SliceStable(s.slow, func(i, j int) bool { return s.slow[i].elapsed > s.slow[j].elapsed })
	if len(s.slow) > 0 {
		fmt.Fprintf(s.out, "\nthe slowest tests:\n")
		for _, t := range s.slow[:min(slowest, len(s.slow))] {
			fmt.Fprintf(s.out, "  %6.1fs %s %s\n", t.elapsed, shortPkg(t.pkg), t.test)
		}
	}
	if len(s.skipped) > 0 {
		fmt.Fprintln(s.out, "skipped:")
		for _, k := range s.skipped {
			fmt.Fprintf(s.out, "  %s %s: %s\n", shortPkg(k.pkg), k.test, k.reason)
		}
	}
	if len(s.failed) > 0 {
		fmt.Fprintln(s.out, "failed:")
		for _, k := range s.failed {
			fmt.Fprintf(s.out, "  %s %s\n", k.pkg, k.test)
		}
	}
	if s.pkgFails > 0 {
		fmt.Fprintf(s.out, "%d packages failed\n", s.pkgFails)
	}
	fmt.Fprintf(s.out, "tests: %d passed, %d failed, %d skipped\n", s.passed, len(s.failed), len(s.skipped))
	return len(s.failed) == 0 && s.pkgFails == 0
}

// shortPkg is a package's path within the module.
func shortPkg(pkg string) string {
	return strings.TrimPrefix(pkg, "github.com/actionguard/actionguard/")
}
